/* found_list — the tests' collector of the puzzles an engine reports on a
 * 9x9 grid (shared by band_control.h, checker_control.h and the band
 * engine's cross-checks).
 *
 * found_list_add is an engine callback (checker_found_fn / band engine):
 * each reported puzzle becomes a cell set; it counts as bad when a clue is
 * not the grid's digit, when its clue count is not the one reported, or
 * when it is not a unique minimal puzzle of the grid (puzzle_check.h, the
 * plain solver: independent of both engines); it counts as a duplicate
 * when the same cell set was reported before. The first FOUND_MAX sets are
 * kept; n counts them all.
 */
#ifndef MC_TEST_FOUND_LIST_H
#define MC_TEST_FOUND_LIST_H

#include <stdbool.h>
#include <stdint.h>

#include "cellset.h"
#include "geometry.h"
#include "grid.h"
#include "puzzle_check.h"
#include "solver.h"

#ifndef FOUND_MAX
#define FOUND_MAX 64 /* a test may define more before including this header */
#endif

typedef struct found_list {
    cs81 set[FOUND_MAX];
    int n, bad, dup;
    const uint8_t *grid; /* the searched grid (81 digits 0..8) */
    solver_ctx *solver;  /* a 9x9 solver for the checks */
} found_list;

static inline void found_list_add(void *arg, const uint8_t *pz, int n)
{
    found_list *f = arg;
    cs81 s = cs81_empty();
    for (int c = 0; c < 81; c++)
        if (pz[c] != CELL_EMPTY) {
            cs81_add(&s, c);
            if (pz[c] != f->grid[c]) f->bad++;
        }
    if (cs81_count(s) != n || !minimal_unique(f->solver, geometry_9x9(), f->grid, s)) f->bad++;
    for (int i = 0; i < f->n && i < FOUND_MAX; i++) f->dup += cs81_eq(f->set[i], s);
    if (f->n < FOUND_MAX) f->set[f->n] = s;
    f->n++;
}

/* a and b hold the same sets (each list free of duplicates) */
static inline bool same_sets(const cs81 *a, int na, const cs81 *b, int nb)
{
    if (na != nb) return false;
    for (int i = 0; i < na; i++) {
        bool hit = false;
        for (int j = 0; j < nb && !hit; j++) hit = cs81_eq(a[i], b[j]);
        if (!hit) return false;
    }
    return true;
}

#endif
