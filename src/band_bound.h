/* band_bound — step 3c's band-3 bound (band_engine_group.c,
 * be_items_dead) for up to 16 items of a group at once, one item per lane.
 *
 * Representation (a batch; an item's UAs are k < BAND_BOUND_UAS, its
 * first UAs with a band-3 part in step 5's order):
 *   miss[c][k]   (c < 54, a cell of bands 1+2): bit i set iff lane i has
 *                no UA k or its UA k lacks c (read only under has[k]);
 *   has[k]:      bit i set iff lane i has a UA k;
 *   part[k][i]:  the band-3 part (27 bits) of lane i's UA k (0: none);
 *   in_stack[s][k]: bit i set iff lane i's UA k has its band-3 part inside
 *                stack s;
 *   band_strict[b][i], strict[s][i]: the item's e_1, e_2 and f_s
 *                (band_split.h);
 *   lanes:       bit i set iff lane i holds an item;
 *   x, xw[k]:    the X last asked about and has[k] ANDed with miss[c][k]
 *                over its cells c (the lanes whose UA k X leaves unhit).
 * Invariant: the bits of a lane without an item, and of k >= its count,
 * are 0 in has and in_stack (1 in miss, which is only read ANDed with
 * has); xw is has & miss over X's cells when x != BAND_BOUND_NONE.
 *
 * The question (band_bound_live_fn): which lanes may still complete the
 * pair X u Y of bands 1+2, given zhi (the most clues band 3 may take) and
 * q_s (the pair's clues in stack s)? Lane i may unless
 *   - |X| + e_1 > zhi or |Y| + e_2 > zhi (its bands admit no such pair), or
 *   - its UAs unhit by X u Y, taken in k order, each kept when its part
 *     is disjoint from the parts kept before (greedily), keep more than
 *     zhi parts, or more than zhi - f_s - q_s inside one stack s (a count
 *     that reaches 1).
 * That is be_bound_dead of band_engine_band3.c on each item alone, the
 * lane's answer the same bit for bit. The lanes go side by side: one 512-bit
 * vector holds a UA k of all 16 lanes, so the greedy loop runs once for
 * all of them.
 *
 * Three versions, the same answer: band_bound_live_scalar (lane by lane),
 * band_bound_live_avx2 (x86-64 with AVX2 and BMI2: two vectors of 8 lanes)
 * and band_bound_live_avx512 (x86-64 with AVX-512F and BW). test_band_bound
 * checks them against a greedy loop written over the items themselves.
 */
#ifndef MC_BAND_BOUND_H
#define MC_BAND_BOUND_H

#include <stdbool.h>
#include <stdint.h>

#include "band_scan.h"

#define BAND_BOUND_LANES 16
#define BAND_BOUND_UAS 128
#define BAND_BOUND_NONE UINT32_MAX

typedef struct band_bound {
    uint16_t miss[54][BAND_BOUND_UAS];
    uint16_t has[BAND_BOUND_UAS];
    uint16_t xw[BAND_BOUND_UAS];
    uint16_t in_stack[3][BAND_BOUND_UAS];
    uint32_t part[BAND_BOUND_UAS][BAND_BOUND_LANES];
    int32_t band_strict[2][BAND_BOUND_LANES];
    int32_t strict[3][BAND_BOUND_LANES];
    uint32_t lanes;
    uint32_t x;
} band_bound;

/* No lane, no X. */
void band_bound_clear(band_bound *b);
/* Lane i (< BAND_BOUND_LANES, empty) takes an item: its UAs k < n (at most
 * BAND_BOUND_UAS are taken) with band-3 parts part[k], the stack holding
 * that part stack[k] (-1: none, as band_engine's bound takes them) and
 * bands-1+2 parts p12[k] (54 bits), and its strictness. */
void band_bound_lane(band_bound *b, int i, const uint32_t *part, const int8_t *stack, const uint64_t *p12, int n,
                     const int band_strict[2], const int strict[3]);

/* The lanes that may complete x u y (see above); updates b->x, b->xw. */
typedef uint32_t (*band_bound_live_fn)(band_bound *b, uint32_t x, uint32_t y, int zhi, const int qstack[3]);

uint32_t band_bound_live_scalar(band_bound *b, uint32_t x, uint32_t y, int zhi, const int qstack[3]);
uint32_t band_bound_live_avx2(band_bound *b, uint32_t x, uint32_t y, int zhi, const int qstack[3]);
uint32_t band_bound_live_avx512(band_bound *b, uint32_t x, uint32_t y, int zhi, const int qstack[3]);

/* Whether the CPU runs the AVX2 (with BMI2) and AVX-512 (F and BW) versions. */
bool band_bound_has_avx2(void);
bool band_bound_has_avx512(void);
/* The widest vector version the CPU runs, NULL when none (band_engine then
 * tests the items one by one). */
band_bound_live_fn band_bound_best(void);
/* The same, the width at most widest (band_scan.h's band_simd); NULL for
 * BAND_SIMD_SCALAR. */
band_bound_live_fn band_bound_upto(band_simd widest);

#endif
