/* enumerate8 — orderly generation of the essentially different 8x8 grids
 * (2x4 boxes), band by band.
 *
 * The scheme of enumerate.h (9x9) with 2-row bands. The
 * minlex 2x8 bands (rows 1-2; few, computed here) are indexed 1..n in
 * lexicographic order; enumerate8_band generates the minlex grids whose top
 * band is minlex band b, in lexicographic order: rows 3-8 filled cell by
 * cell with increasing digits and column 1 in minlex order, a completed band
 * of index < b cut, the automorphisms of band b applied to the partial grid
 * (after row 3, band 2 and band 3), and at a leaf the exact test by every
 * map that sends a band of index b onto band b (the rest of the image is
 * forced by sorting rows). The leaf test also yields the grid's automorphism
 * count (position maps fixing it up to relabelling; they divide 442,368).
 */
#ifndef MC_ENUMERATE8_H
#define MC_ENUMERATE8_H

#include <stdint.h>

#include "mc_error.h"

/* 8x8 (2x4 boxes). The number of minlex 2x8 bands, the minlex band of
 * index 1..count (16 digits 0..7: rows 1-2, row 1 = 01234567), and the
 * index of any valid band (16 cells: two rows of an 8x8 grid in the same
 * band). Tables built on first use (thread-safe). */
int enumerate8_band_count(void);
const uint8_t *enumerate8_band_minlex(int index);
int enumerate8_band_index(const uint8_t *band);

/* Callback with the grid's automorphism count (position maps that fix the
 * grid up to relabelling). Nonzero return stops, as enumerate_fn. */
typedef int (*enumerate_aut_fn)(void *arg, const uint8_t *grid, int autos);

/* The minlex 8x8 grids whose top band is minlex 2x8 band `band`, in
 * lexicographic order, restricted to those whose cells 16 .. 16+len-1 (row
 * 3 on) equal prefix[0 .. len-1] (len 0..48; prefix may be NULL when len is
 * 0). fn may be NULL; *count (may be NULL) receives the number generated.
 * MC_EINVAL for a band out of range or a bad prefix, MC_ENOMEM. */
MC_MUST_USE mc_status enumerate8_band(int band, const uint8_t *prefix, int len, enumerate_aut_fn fn,
                                      void *arg, uint64_t *count);

#endif
