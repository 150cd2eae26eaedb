/* transform — the symmetry group of a box shape acting on grids, puzzles and
 * cell sets.
 *
 * An element is a position map plus a relabelling:
 *     transpose   (square boxes only, R == C) applied first: (r, c) -> (c, r)
 *     row[i]      new row i is old row row[i]     (bands permuted, rows
 *                 permuted within bands: row[] maps each band onto a band)
 *     col[j]      new column j is old column col[j]  (stacks and columns
 *                 within stacks likewise)
 *     digit[d]    old digit d becomes digit[d]
 * so  apply(t, g).cell[i*N + j] = digit[ g.cell[ T(row[i], col[j]) ] ]
 * where T(r, c) = c*N + r when transposed, r*N + c otherwise.
 *
 * Invariants (transform_is_valid): row, col, digit are permutations; row
 * keeps bands together, col keeps stacks together; transpose only when R == C.
 * For 9x9 the position maps number 2 * 6^8 = 3,359,232.
 */
#ifndef MC_TRANSFORM_H
#define MC_TRANSFORM_H

#include <stdbool.h>
#include <stdint.h>

#include "cellset.h"
#include "geometry.h"
#include "grid.h"
#include "prng.h"

typedef struct transform {
    const geometry *geo;
    bool transpose;
    uint8_t row[MAX_N];
    uint8_t col[MAX_N];
    uint8_t digit[MAX_N];
} transform;

void transform_identity(transform *t, const geometry *geo);
bool transform_is_valid(const transform *t);

/* A uniformly random element of the group (transpose with probability 1/2
 * when allowed). */
void transform_random(transform *t, const geometry *geo, prng *rng);

/* out = t applied to in (puzzles keep CELL_EMPTY); in and out may alias. */
void transform_apply(const transform *t, const grid *in, grid *out);
/* Same on a raw cell array of t->geo->ncells cells. */
void transform_apply_cells(const transform *t, const uint8_t *in, uint8_t *out);

/* map[new_cell] = old_cell for the position part of t. */
void transform_cell_map(const transform *t, uint8_t *map);

/* The image of a cell set under the position part of t (9x9 and smaller). */
cs81 transform_apply_cs81(const transform *t, cs81 s);

/* ab = "first a, then b":  apply(ab, g) == apply(b, apply(a, g)). */
void transform_compose(const transform *a, const transform *b, transform *ab);
void transform_invert(const transform *t, transform *inv);

#endif
