/* enumerate — orderly generation of essentially different (ES) grids.
 *
 * 9x9: the catalogue is every minlex grid in lexicographic order; grouped by
 * its top band (rows 1-3), which is a minlex band (band.h), so the grids of
 * band b come before those of band b+1. enumerate_band generates the minlex
 * grids whose top band is minlex band b, in lexicographic order, without a
 * canonical form per grid:
 *   - rows 4-9 are filled cell by cell with increasing digits, so grids come
 *     out in lexicographic order; column 1 is kept in the order a minlex grid
 *     must have (rows 4-6 and rows 7-9 increasing, the band holding the
 *     smallest digit first);
 *   - after row 5, the largest index any band with rows 4-5 can have must
 *     be >= b; after row 6, band 2's index must be >= b, and for each stack
 *     (read transposed) the indices of the 36 classes of possible third
 *     boxes are looked up (band_two_box_classes): if all are < b, cut;
 *   - the automorphisms of band b (maps that send it to itself) are applied
 *     to the partial grid after row 4 and row 6: a smaller image cuts;
 *   - rows 7-9 are built box by box (each column's three remaining digits
 *     in one of 6 orders), each stack checked by its class table as soon as
 *     its box is complete; the grids found under one rows-4-6 prefix are
 *     sorted before they are passed on, so the output stays in order;
 *   - at a leaf, band 3 must have index >= b, and the grid must not be
 *     larger than its image under any map that sends a band or stack of index
 *     b to the top (the exact minlex test restricted to the only maps that
 *     can give a smaller grid).
 * The tests compare counts with the published per-band counts and with a
 * brute force (canonicalize every completion).
 *
 * 8x8 (2x4 boxes): enumerate8.h.
 *
 * Other shapes: enumerate_shape (enumerate_shape.c) generates the minlex
 * grids of every supported shape up to 9x9 boxes except 4x2 (2x2, 2x3, 3x2
 * with a generic method: first row fixed, column 1 ordered, exact minlex
 * test by every position map; 2x4 and 3x3 band by band as above) in
 * lexicographic order;
 * 4x2 and shapes with more than 9 digits are refused (MC_EINVAL).
 *
 * Callbacks get the grid as ncells digits 0..N-1; a nonzero return stops the
 * enumeration (the stopping grid is counted). No allocation per grid; a call
 * allocates its context once. Calls are independent (thread-safe).
 */
#ifndef MC_ENUMERATE_H
#define MC_ENUMERATE_H

#include <stdint.h>

#include "geometry.h"
#include "mc_error.h"

typedef int (*enumerate_fn)(void *arg, const uint8_t *grid);

/* The minlex grids of minlex band `band` (1..416) in lexicographic order.
 * fn may be NULL (count only). *count (may be NULL) receives the number of
 * grids generated. MC_EINVAL for a band out of range, MC_ENOMEM. */
MC_MUST_USE mc_status enumerate_band(int band, enumerate_fn fn, void *arg, uint64_t *count);

/* Same, restricted to the grids whose cells 27 .. 27+len-1 (row 4 on)
 * equal prefix[0 .. len-1] (len 0..54; prefix may be NULL when len is 0). */
MC_MUST_USE mc_status enumerate_band_prefix(int band, const uint8_t *prefix, int len, enumerate_fn fn,
                                            void *arg, uint64_t *count);

/* The possible rows 4 under minlex band `band` (every 9-digit row that fits
 * under it with the digit 1 in column 1: a superset of the rows 4 of its
 * grids), in lexicographic order. Writes at most max rows into rows and
 * returns how many there are. */
int enumerate_row4_candidates(int band, uint8_t (*rows)[9], int max);

/* enumerate_band with work counters (for benchmarks and tests). */
typedef struct enumerate_stats {
    uint64_t band2_nodes; /* rows 4-6 filled */
    uint64_t band2_pass;  /* ... and passed the band/stack/automorphism checks */
    uint64_t leaves;      /* full grids tested */
    uint64_t grids;       /* minlex grids emitted */
} enumerate_stats;
MC_MUST_USE mc_status enumerate_band_stats(int band, enumerate_fn fn, void *arg, enumerate_stats *stats);

/* Every ES grid of a shape in lexicographic order of minlex forms. */
MC_MUST_USE mc_status enumerate_shape(const geometry *geo, enumerate_fn fn, void *arg, uint64_t *count,
                                      mc_error *err);

/* Slow twin used by tests: is the grid minlex? Tries every position map
 * (transpose included for square boxes) with the forced relabelling. */
int enumerate_is_minlex_slow(const geometry *geo, const uint8_t *grid);

#endif
