/* puzzle_check — the tests' plain check of a reported puzzle: the clue cells
 * of a solution grid form a unique puzzle from which no clue can be dropped
 * (solver_count on the puzzle and on each one-clue-less subset).
 */
#ifndef MC_TEST_PUZZLE_CHECK_H
#define MC_TEST_PUZZLE_CHECK_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "cellset.h"
#include "geometry.h"
#include "grid.h"
#include "solver.h"

/* Solutions (up to 2) of the puzzle with the grid's digits on clues. */
static inline int count_on(solver_ctx *s, const geometry *g, const uint8_t *sol, cs81 clues)
{
    uint8_t p[MAX_CELLS];
    memset(p, CELL_EMPTY, sizeof p);
    for (int c = 0; c < g->ncells; c++)
        if (cs81_has(clues, c)) p[c] = sol[c];
    return solver_count(s, p, 2, NULL);
}

static inline bool minimal_unique(solver_ctx *s, const geometry *g, const uint8_t *sol, cs81 clues)
{
    if (count_on(s, g, sol, clues) != 1) return false;
    int c;
    CS81_FOREACH(c, clues) {
        cs81 t = clues;
        cs81_del(&t, c);
        if (count_on(s, g, sol, t) == 1) return false;
    }
    return true;
}

#endif
