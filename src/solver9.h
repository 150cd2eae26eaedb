/* solver9 — the 9x9 fast path of the solver: bitboards, singles, explicit stack.
 *
 * Representation. The grid is three bands of 27 cells (band b = rows 3b..3b+2);
 * a cell is (band, bit) with bit = 9 * (row % 3) + column. The state holds,
 * for every band and digit, a 27-bit word of the cells where the digit may
 * still stand:
 *
 *     F[9 * b + d]   bit  0.. 8: row 3b   columns 0..8
 *                    bit  9..17: row 3b+1 columns 0..8
 *                    bit 18..26: row 3b+2 columns 0..8
 *                    (the three 3-bit groups of a row are its three boxes)
 *
 * plus the unsolved cells of each band (27 bits) and a 27-bit "dirty" word
 * (bit 3 * digit + band) marking the words changed since they were last
 * examined. 124 bytes in all: a branch copies the whole state (cheaper than
 * undo).
 *
 * Invariants: a solved cell keeps its digit's bit and has no other digit's
 * bit; when a cell is solved with digit d, its row, box and column are
 * cleared from d (at once, or through the rules below before the next
 * fixpoint). Every full assignment reached this way is a valid solution grid.
 *
 * Propagation, to a fixpoint, per digit whose words are dirty:
 *  - row rule, in a band: the digit fills one cell in each of the band's
 *    rows and one in each of its boxes, so the row->box choice is a
 *    permutation of three. The nine (row, box) triads that are not empty
 *    give, through a 512-entry table, the triads that lie on some
 *    permutation; the others are removed (pointing and claiming). No
 *    permutation left = contradiction.
 *  - stack rule: the same in each stack on the (band, column) triads, read
 *    from the folded columns of the three band words.
 *  - row singles: a row of a word left with one unsolved cell is solved; the
 *    two rules have already cleared its row, box and column from the digit,
 *    so only the other digits lose the cells (in bulk). Hidden singles in
 *    boxes and columns become row singles through the rules.
 *  - naked singles: "seen once / twice / three times" accumulators over the
 *    nine digit words of a band; an unsolved cell seen by no digit =
 *    contradiction; the cells seen exactly twice are the bivalue cells.
 * Branching: on the first bivalue cell, else on a cell with three
 * candidates, else on one with the fewest. The branch state is pushed on an
 * explicit stack (depth <= 81), one frame per branch cell.
 *
 * Counting stops at the limit; the first two solutions are kept (as
 * bitboards, turned into digits only when asked for).
 *
 * A solver9_ctx is made once per thread and reused; no call allocates.
 */
#ifndef MC_SOLVER9_H
#define MC_SOLVER9_H

#include <stdbool.h>
#include <stdint.h>

#include "solver_result.h"

typedef struct solver9_ctx solver9_ctx;

/* A context (about 11 KB); NULL when out of memory. solver9_free(NULL) is safe. */
solver9_ctx *solver9_new(void);
void solver9_free(solver9_ctx *ctx);

/* Number of solutions of the 81-cell puzzle (CELL_EMPTY or digits 0..8),
 * capped at limit (>= 1). Fills res (may be NULL) like solver_count: count,
 * the first min(count, 2) solutions, the witness when count >= 2, nodes.
 * A puzzle whose clues clash has 0. */
int solver9_count(solver9_ctx *ctx, const uint8_t *puzzle, int limit, solver_result *res);

/* The checker's hot path: counts to 2 only. Returns 0, 1 or 2. When it
 * returns 2 and second is not NULL, second[0..80] receives the second
 * solution found (digits 0..8); the first one is then available from
 * solver9_first_solution. When the puzzle is a subset of a grid G, one of the
 * two differs from G (compare to find the unavoidable set). */
int solver9_count2(solver9_ctx *ctx, const uint8_t *puzzle, uint8_t *second);

/* Base states, for many puzzles that share clues (the band engine's
 * two-band check: band 3 in slot 0, band 3 and a band-1 set X in slot 1,
 * then each Y of X; its minimization of a UA: the grid without the UA in
 * slot 2, then each cell of the UA): a slot holds the state after its
 * clues, propagated.
 *  - solver9_base_load: slot := the clues of puzzle;
 *  - solver9_base_extend: slot := slot from plus grid's digits at cells
 *    (cells 0..63 in cells[0], 64..80 in cells[1]);
 *  - solver9_count2_base: solver9_count2 of slot's clues plus grid's digits
 *    at cells (the first solution then from solver9_first_solution).
 * grid must be a solution of the slot's clues (the checks take subsets of
 * one grid). The load and extend return false when the clues clash (then
 * every count from the slot is 0). The counts are those of the whole
 * puzzle given to solver9_count2 (test_solver compares them). */
#define SOLVER9_BASES 3
bool solver9_base_load(solver9_ctx *ctx, int slot, const uint8_t *puzzle);
bool solver9_base_extend(solver9_ctx *ctx, int from, int slot, const uint8_t *grid, const uint64_t cells[2]);
int solver9_count2_base(solver9_ctx *ctx, int slot, const uint8_t *grid, const uint64_t cells[2], uint8_t *second);

/* The first solution of the last call that returned >= 1, as 81 digits. */
void solver9_first_solution(const solver9_ctx *ctx, uint8_t *out);

/* Branch nodes of the last call (1 + states pushed by branching). */
uint64_t solver9_nodes(const solver9_ctx *ctx);

#endif
