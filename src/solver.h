/* solver — counts the solutions of a puzzle up to a limit.
 *
 * solver_count answers as INFER in Schoenhage's SUDOC2 (2007) does: 0 = no solution; 1 = unique,
 * with the solution; 2 (or more, up to the limit) = ambiguous, with the first
 * two solutions found and a witness: a cell where they differ and the two
 * digits there, each of which completes to a solution.
 *
 * A solver_ctx is made once per thread for one geometry and reused for every
 * call; solver_count allocates nothing. The 9x9 shape runs a bit-parallel
 * fast path (solver9.h); every shape can run the generic path, and the tests
 * cross-check the two on 9x9.
 *
 * Generic path representation: per cell a candidate mask (bit d = digit d
 * still possible) of uint16_t; a search state is these masks plus the count
 * of unsolved cells, copied onto an explicit stack at each branch (no
 * recursion). Clues load in one pass (digits used per unit). Propagation to a
 * fixpoint: naked singles through the peer lists, hidden singles in the units
 * whose cells changed since they were last scanned, and from 16x16 up the
 * box-line rule (pointing and claiming). Branching: a two-candidate cell with
 * the most unsolved peers sharing a candidate (among the first N such cells),
 * else a cell with the fewest candidates, or a digit with two places in a
 * unit when no cell has two candidates.
 */
#ifndef MC_SOLVER_H
#define MC_SOLVER_H

#include <stdint.h>

#include "geometry.h"
#include "grid.h"
#include "mc_error.h"
#include "solver_result.h"


typedef struct solver_ctx solver_ctx;

/* A context for one geometry; NULL when out of memory. */
solver_ctx *solver_new(const geometry *geo);
void solver_free(solver_ctx *ctx);

/* Number of solutions of puzzle (ncells cells, CELL_EMPTY or 0..N-1), capped
 * at limit (>= 1). res may be NULL. A puzzle whose clues clash has 0. */
int solver_count(solver_ctx *ctx, const uint8_t *puzzle, int limit, solver_result *res);

/* The generic path on any shape (the 9x9 fast path is bypassed). */
int solver_count_generic(solver_ctx *ctx, const uint8_t *puzzle, int limit, solver_result *res);

#endif
