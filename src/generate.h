/* generate — random complete grids and minimal puzzles, on every shape.
 *
 * Grids, two methods:
 *   GEN_BACKTRACK  (the Pure Code Sudoku article, "Rekursion, fuersorgliche
 *                  Browser, vorherbestimmte Zufallszahlen") randomized backtracking: fill the empty cell
 *                  with the fewest candidates (first in cell order on ties),
 *                  trying its candidates in a random order; candidates are
 *                  kept per cell and cleared from the peers on each placement.
 *                  A run that exceeds a node budget restarts from scratch
 *                  (the random stream goes on, so the result stays a
 *                  function of the seed).
 *   GEN_TRANSFORM  (Fred Behringer, "Forth erzeugt automatisch
 *                  Hexadoku-Raetsel-Vorgaben") the canonical grid
 *                      cell(r, c) = (C * (r mod R) + r div R + c) mod N
 *                  (row r+1 of a band is row r shifted by C, the next band
 *                  shifted by 1: Behringer's canonical Hexadoku for 4x4
 *                  boxes), then one uniformly random element of the
 *                  transform group (transform.h: rows in bands, columns in
 *                  stacks, bands, stacks, transposition for square boxes,
 *                  relabelling).
 *
 * Puzzles (the Pure Code article's loop): start from a complete grid, visit the cells in a
 * random order and empty each one unless the puzzle would then have more than
 * one solution (solver_count with limit 2). The result is minimal: a clue
 * that could not be removed then cannot be removed later either (removing
 * clues only adds solutions).
 * Symmetric puzzles work on orbits of the half-turn x -> ncells - 1 - x (a
 * pair of cells, or the centre cell alone on 9x9): the pattern stays
 * point-symmetric, and the result is minimal among symmetric puzzles —
 * removing any one orbit gives more than one solution, while removing a
 * single clue of a pair may still leave a unique (non-symmetric) puzzle.
 *
 * Everything is a function of the prng stream (prng.h), so the same seed
 * gives the same grids and puzzles on every machine. A gen_ctx is made once
 * per geometry and reused; generation allocates nothing.
 */
#ifndef MC_GENERATE_H
#define MC_GENERATE_H

#include <stdbool.h>

#include "geometry.h"
#include "grid.h"
#include "prng.h"

typedef enum gen_method { GEN_BACKTRACK = 0, GEN_TRANSFORM = 1 } gen_method;

typedef struct gen_ctx gen_ctx;

/* A context for one geometry (holds a solver); NULL when out of memory. */
gen_ctx *gen_new(const geometry *geo);
void gen_free(gen_ctx *ctx);

/* The canonical grid of the shape (see above). */
void gen_canonical_grid(const geometry *geo, grid *out);

/* A random valid complete grid. */
void gen_grid(gen_ctx *ctx, gen_method method, prng *rng, grid *out);

/* The cell opposite x under the half-turn. */
static inline int gen_mirror(const geometry *geo, int x) { return geo->ncells - 1 - x; }

/* A minimal puzzle (symmetric: minimal among point-symmetric puzzles) whose
 * unique solution is the complete grid solution. Returns its clue count. */
int gen_puzzle(gen_ctx *ctx, prng *rng, const grid *solution, bool symmetric, grid *puzzle);

/* True when puzzle has exactly one solution and removing any single clue
 * (symmetric: any orbit of clues) gives more than one. */
bool gen_is_minimal(gen_ctx *ctx, const grid *puzzle, bool symmetric);

/* A random valid 9x9 grid (cells 0..8) by a lighter randomized
 * backtracking (used-digit masks per unit; the first cell with the fewest
 * candidates, stopping the scan at a singleton; restart after 5000 nodes).
 * Not uniform over grids; deterministic for a prng state. It is the stream
 * the pattern catalogue was sampled from (`patterns build`), kept apart from
 * GEN_BACKTRACK so that catalogue builds and tests stay reproducible. */
void gen_grid9_quick(prng *rng, uint8_t *g);

#endif
