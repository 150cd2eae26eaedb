/* random_grid — random valid solution grids of any shape, for tests and
 * benchmarks.
 *
 * A randomized backtracker independent of the solver module: the empty cell
 * with the fewest candidates is filled first, candidates in random order, and
 * a run that exceeds a node budget restarts with fresh randomness. The grids
 * are not uniform over all grids, only varied; everything is deterministic for
 * a given prng state.
 */
#ifndef MC_TEST_RANDOM_GRID_H
#define MC_TEST_RANDOM_GRID_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "geometry.h"
#include "grid.h"
#include "prng.h"

typedef struct random_grid_state {
    const geometry *geo;
    uint32_t used[3 * MAX_N]; /* digits used per unit (rows, columns, boxes) */
    uint8_t cell[MAX_CELLS];
    long nodes, budget;
    prng *rng;
} random_grid_state;

static inline uint32_t random_grid_cands(const random_grid_state *s, int c)
{
    const geometry *geo = s->geo;
    uint32_t all = (UINT32_C(1) << geo->N) - 1;
    return all & ~(s->used[geo->cell_units[c][0]] | s->used[geo->cell_units[c][1]] |
                   s->used[geo->cell_units[c][2]]);
}

static inline bool random_grid_fill(random_grid_state *s)
{
    const geometry *geo = s->geo;
    if (++s->nodes > s->budget) return false;
    int best = -1, bestn = 99;
    for (int c = 0; c < geo->ncells; c++) {
        if (s->cell[c] != CELL_EMPTY) continue;
        int n = __builtin_popcount(random_grid_cands(s, c));
        if (n < bestn) {
            bestn = n;
            best = c;
            if (n <= 1) break;
        }
    }
    if (best < 0) return true;
    if (bestn == 0) return false;
    uint8_t order[MAX_N];
    int k = 0;
    uint32_t m = random_grid_cands(s, best);
    while (m) {
        order[k++] = (uint8_t)__builtin_ctz(m);
        m &= m - 1;
    }
    prng_shuffle_u8(s->rng, order, k);
    const uint8_t *u = geo->cell_units[best];
    for (int i = 0; i < k; i++) {
        uint32_t bit = UINT32_C(1) << order[i];
        s->cell[best] = order[i];
        s->used[u[0]] |= bit;
        s->used[u[1]] |= bit;
        s->used[u[2]] |= bit;
        if (random_grid_fill(s)) return true;
        s->used[u[0]] &= ~bit;
        s->used[u[1]] &= ~bit;
        s->used[u[2]] &= ~bit;
        s->cell[best] = CELL_EMPTY;
        if (s->nodes > s->budget) return false;
    }
    return false;
}

/* A random completion of the consistent puzzle p (which must have one) into
 * g. Gives up after `tries` budgets and returns false. */
static inline bool random_grid_complete(const grid *p, prng *rng, grid *g, int tries)
{
    const geometry *geo = p->geo;
    random_grid_state s;
    for (int t = 0; t < tries; t++) {
        memset(&s, 0, sizeof s);
        s.geo = geo;
        s.rng = rng;
        s.budget = 20000;
        memcpy(s.cell, p->cell, sizeof s.cell);
        for (int c = 0; c < geo->ncells; c++) {
            if (s.cell[c] == CELL_EMPTY) continue;
            for (int u = 0; u < 3; u++) s.used[geo->cell_units[c][u]] |= UINT32_C(1) << s.cell[c];
        }
        if (random_grid_fill(&s)) {
            grid_clear(g, geo);
            memcpy(g->cell, s.cell, (size_t)geo->ncells);
            return true;
        }
    }
    return false;
}

/* A random valid solution grid of the shape into g. */
static inline void random_grid_make(const geometry *geo, prng *rng, grid *g)
{
    grid empty;
    grid_clear(&empty, geo);
    while (!random_grid_complete(&empty, rng, g, 1000)) {
    }
}

#endif
