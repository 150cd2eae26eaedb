/* solve64 — solutions of puzzles of at most 64 cells (4x4, 6x6, 8x8), one
 * uint64_t per cell set.
 *
 * Representation (one search state, copied on a branch, 2N + 1 words):
 *
 *     pos[d]    bit x set <=> digit d is still possible in cell x (a solved
 *               cell keeps exactly its own digit's bit)
 *     placed[d] the cells solved with digit d
 *     open      the unsolved cells
 *
 * Invariants: placed[d] is a subset of pos[d]; no two cells of one unit are
 * in placed[d]; the cells outside open are exactly the union of placed[].
 * Propagation to a fixpoint: naked singles (bit-sliced candidate counts over
 * the pos masks), hidden singles (a digit with one possible cell in a unit
 * that does not hold it yet); a cell without candidates or a digit without
 * a cell in a unit is a dead end. Branching: an open cell with the fewest
 * candidates (the lowest such cell), its digits in increasing order.
 *
 * A solve64 context holds the shape's unit and peer masks; it is made once
 * per thread and reused; no call allocates.
 */
#ifndef MC_SOLVE64_H
#define MC_SOLVE64_H

#include <stdint.h>

#include "geometry.h"

#define SOLVE64_MAX_N 8

typedef struct solve64 solve64;

/* Called once per solution (ncells digits 0..N-1); nonzero stops. */
typedef int (*solve64_fn)(void *arg, const uint8_t *solution);

/* For shapes of at most 64 cells (N <= 8); NULL otherwise or out of memory. */
solve64 *solve64_new(const geometry *geo);
void solve64_free(solve64 *s);

/* Counts the solutions of puzzle (ncells cells, CELL_EMPTY or 0..N-1) up to
 * limit (>= 1); the first min(count, 2) solutions go to sol[0], sol[1]
 * (each may be NULL). Clues that clash give 0. *nodes (may be NULL) gets
 * the branch states visited added. */
int solve64_count(solve64 *s, const uint8_t *puzzle, int limit, uint8_t *sol0, uint8_t *sol1, uint64_t *nodes);

/* Calls fn for every solution of puzzle, in the search order, until fn
 * returns nonzero. Returns the number of solutions visited. */
uint64_t solve64_each(solve64 *s, const uint8_t *puzzle, solve64_fn fn, void *arg);

/* As solve64_each, but only the solutions that differ from the solution
 * grid ref in at most maxdiff cells: a state whose placed digits already
 * differ from ref in more cells is cut. */
uint64_t solve64_near(solve64 *s, const uint8_t *puzzle, const uint8_t *ref, int maxdiff, solve64_fn fn,
                      void *arg);

#endif
