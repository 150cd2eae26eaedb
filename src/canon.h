/* canon — canonical (minlex) forms of solution grids.
 *
 * The minlex form of a grid is the lexicographically smallest cell string
 * (digits 0..N-1, row-major) over every transform of the grid: position maps
 * (transpose when boxes are square, bands, stacks, rows in bands, columns in
 * stacks) followed by the relabelling that makes the result smallest (for a
 * position map that relabelling is forced: number digits in order of first
 * appearance). Two grids are essentially different iff their minlex forms
 * differ.
 *
 * The automorphism count is the number of position maps (transpose
 * included) that fix the grid up to relabelling; for 9x9 it divides
 * 3,359,232 and is 1 for almost every grid (648 at most).
 */
#ifndef MC_CANON_H
#define MC_CANON_H

#include <stdbool.h>
#include <stdint.h>

#include "grid.h"
#include "transform.h"

/* 9x9 fast path: minlex form of the valid grid g (81 digits 0..8) into out
 * (may alias g); returns the automorphism count. If to_canon is non-NULL it
 * receives a transform with apply(to_canon, g) == out. An invalid g (checked
 * by the caller) gives 0 or an unspecified form, never a crash or a hang. */
int canon_minlex9(const uint8_t *g, uint8_t *out, transform *to_canon);

/* True when the valid 9x9 grid g is its own minlex form; then *autos (when
 * non-NULL) receives its automorphism count. Same answer as comparing g with
 * canon_minlex9's form, but stops at the first smaller candidate, so grids
 * that are not minlex are rejected quickly (for orderly generation). */
bool canon_is_minlex9(const uint8_t *g, int *autos);

/* Any shape (slower; also correct on 9x9): same contract on a grid. Exact
 * for every shape, but 16x16 (4x4 boxes) takes far too long to be useful.
 * An invalid grid gives 0, out = g and the identity. Shapes up to 9x9 use a
 * table built on first use (per shape, thread-safe); larger ones run the
 * exhaustive method below. */
int canon_minlex(const grid *g, grid *out, transform *to_canon);

/* The exhaustive method: every column order and first row, then the forced
 * rest. Same contract; the slow reference the tests compare against. */
int canon_minlex_exhaustive(const grid *g, grid *out, transform *to_canon);

#endif
