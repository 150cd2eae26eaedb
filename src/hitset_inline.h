/* hitset_inline — the bit-vector operations of the hitting-set search.
 *
 * A vector is W 64-bit words (W = 1, 2, 4 or 8; always a compile-time
 * constant after inlining), 64-byte aligned. Bit j of word j / 64 stands for
 * set j of a family. Every operation has two forms selected by the constant
 * `simd`: GCC vector extensions (128-bit lanes; the compiler widens them to
 * 256/512 bits where the target has AVX2/AVX-512) and a scalar twin of plain
 * 64-bit words. Both give identical results; the search is instantiated with
 * each and test_hitset compares them.
 */
#ifndef MC_HITSET_INLINE_H
#define MC_HITSET_INLINE_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#define HV_ALWAYS static inline __attribute__((always_inline))

typedef uint64_t hv128 __attribute__((vector_size(16), aligned(16)));

/* dst = a & ~b */
HV_ALWAYS void hv_andnot(uint64_t *dst, const uint64_t *a, const uint64_t *b, int W, int simd)
{
    if (simd && W >= 2) {
        for (int i = 0; i < W; i += 2) {
            hv128 x, y;
            memcpy(&x, a + i, 16);
            memcpy(&y, b + i, 16);
            x &= ~y;
            memcpy(dst + i, &x, 16);
        }
    } else {
        for (int i = 0; i < W; i++) dst[i] = a[i] & ~b[i];
    }
}

HV_ALWAYS bool hv_is_zero(const uint64_t *a, int W, int simd)
{
    if (simd && W >= 2) {
        hv128 acc = {0, 0};
        for (int i = 0; i < W; i += 2) {
            hv128 x;
            memcpy(&x, a + i, 16);
            acc |= x;
        }
        return (acc[0] | acc[1]) == 0;
    }
    uint64_t acc = 0;
    for (int i = 0; i < W; i++) acc |= a[i];
    return acc == 0;
}

HV_ALWAYS int hv_count(const uint64_t *a, int W)
{
    int n = 0;
    for (int i = 0; i < W; i++) n += __builtin_popcountll(a[i]);
    return n;
}

HV_ALWAYS void hv_copy(uint64_t *restrict dst, const uint64_t *a, int W, int simd)
{
    if (simd && W >= 2) {
        for (int i = 0; i < W; i += 2) {
            hv128 x;
            memcpy(&x, a + i, 16);
            memcpy(dst + i, &x, 16);
        }
    } else {
        for (int i = 0; i < W; i++) dst[i] = a[i];
    }
}

HV_ALWAYS void hv_set(uint64_t *a, int j) { a[j >> 6] |= UINT64_C(1) << (j & 63); }

/* Iterates the set bits j of vector a (W words), lowest first. */
#define HV_FOREACH(j, a, W)                                                         \
    for (int hv_w_ = 0; hv_w_ < (W); hv_w_++)                                       \
        for (uint64_t hv_x_ = (a)[hv_w_]; hv_x_ && ((j) = hv_w_ * 64 + __builtin_ctzll(hv_x_), 1); \
             hv_x_ &= hv_x_ - 1)

/* Transposes the 64 x 64 bit matrix a in place: afterwards bit i of a[c]
 * is what bit c of a[i] was. Used to turn 64 sets (a word of cells each)
 * into the 64 cells' words of set bits: six rounds of block swaps (32, 16,
 * ..., 1 rows apart), 192 word pairs in all, instead of a write per cell of
 * each set. */
HV_ALWAYS void hv_transpose64(uint64_t a[64])
{
    uint64_t m = UINT64_C(0x00000000FFFFFFFF);
    for (int j = 32; j; j >>= 1, m ^= m << j)
        for (int k = 0; k < 64; k = ((k | j) + 1) & ~j) {
            uint64_t t = ((a[k] >> j) ^ a[k | j]) & m;
            a[k] ^= t << j;
            a[k | j] ^= t;
        }
}

#endif
