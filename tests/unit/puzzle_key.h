/* puzzle_key — one 9x9 puzzle compared across essentially equivalent grids,
 * for every test that matches reported puzzles against known ones found in
 * another copy of the grid (the checker's control, the band-pair scan
 * controls, the group-mode checks, the covering group of a 17).
 *
 * Representation: the key of a puzzle P of grid G is G's minlex form
 * (canon_minlex9) and P's clue cells carried there by the transform that
 * canon_minlex9 returns with it.
 * Invariant: when G has no automorphism that transform is the only one from
 * G to its minlex form, so two puzzles of equivalent grids are equivalent
 * exactly when their keys are equal. With automorphisms the key would depend
 * on the transform the minlexer picked; puzzle_key_of returns the number of
 * automorphisms so that its callers can refuse such grids.
 */
#ifndef MC_TEST_PUZZLE_KEY_H
#define MC_TEST_PUZZLE_KEY_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "canon.h"
#include "cellset.h"
#include "grid.h"
#include "transform.h"

typedef struct puzzle_key {
    uint8_t canon[81]; /* the grid's minlex form */
    cs81 cells;        /* the clue cells in it */
} puzzle_key;

/* The clue cells of a puzzle given as 81 cells (CELL_EMPTY or a digit). */
static inline cs81 puzzle_key_cells(const uint8_t *puzzle)
{
    cs81 s = cs81_empty();
    for (int c = 0; c < 81; c++)
        if (puzzle[c] != CELL_EMPTY) cs81_add(&s, c);
    return s;
}

/* The key of the puzzle with these clue cells in grid g; returns g's number
 * of automorphisms (1: the key is a class invariant). */
static inline int puzzle_key_of(const uint8_t *g, cs81 clues, puzzle_key *k)
{
    transform t;
    int autos = canon_minlex9(g, k->canon, &t);
    k->cells = transform_apply_cs81(&t, clues);
    return autos;
}

static inline bool puzzle_key_eq(const puzzle_key *a, const puzzle_key *b)
{
    return !memcmp(a->canon, b->canon, 81) && cs81_eq(a->cells, b->cells);
}

/* The cells of a puzzle of grid from, carried into grid to (equivalent to
 * from, both without automorphism) through their common minlex form.
 * Returns false when the grids are not equivalent or one has automorphisms. */
static inline bool puzzle_key_map(const uint8_t *from, const uint8_t *to, cs81 clues, cs81 *out)
{
    uint8_t cf[81], ct[81];
    transform tf, tt, tti, ft;
    if (canon_minlex9(from, cf, &tf) != 1 || canon_minlex9(to, ct, &tt) != 1 || memcmp(cf, ct, 81)) return false;
    transform_invert(&tt, &tti);
    transform_compose(&tf, &tti, &ft);
    *out = transform_apply_cs81(&ft, clues);
    return true;
}

#endif
