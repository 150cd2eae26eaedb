/* band_bound — see band_bound.h. */
#include "band_bound.h"

#include <string.h>

#include "band_scan.h"

#define U BAND_BOUND_UAS
#define L BAND_BOUND_LANES

void band_bound_clear(band_bound *b)
{
    memset(b, 0, sizeof *b);
    memset(b->miss, 0xff, sizeof b->miss); /* a lane's UA takes out its own cells */
    b->x = BAND_BOUND_NONE;
}

void band_bound_lane(band_bound *b, int i, const uint32_t *part, const int8_t *stack, const uint64_t *p12, int n,
                     const int band_strict[2], const int strict[3])
{
    uint16_t bit = (uint16_t)(1u << i);
    if (n > U) n = U;
    for (int k = 0; k < n; k++) {
        b->has[k] |= bit;
        b->part[k][i] = part[k];
        for (uint64_t m = p12[k]; m; m &= m - 1) b->miss[__builtin_ctzll(m)][k] &= (uint16_t)~bit;
        if (stack[k] >= 0) b->in_stack[stack[k]][k] |= bit;
    }
    for (int j = 0; j < 2; j++) b->band_strict[j][i] = band_strict[j];
    for (int s = 0; s < 3; s++) b->strict[s][i] = strict[s];
    b->lanes |= bit;
    b->x = BAND_BOUND_NONE;
}

/* The lanes whose bands admit a pair of |X| = nx, |Y| = ny. */
static uint32_t admitted(const band_bound *b, int nx, int ny, int zhi)
{
    uint32_t m = 0;
    for (int i = 0; i < L; i++)
        if (nx + b->band_strict[0][i] <= zhi && ny + b->band_strict[1][i] <= zhi) m |= 1u << i;
    return m & b->lanes;
}

uint32_t band_bound_live_scalar(band_bound *b, uint32_t x, uint32_t y, int zhi, const int qstack[3])
{
    uint32_t live = admitted(b, __builtin_popcount(x), __builtin_popcount(y), zhi);
    if (!live) return 0;
    if (b->x != x) {
        memcpy(b->xw, b->has, sizeof b->xw);
        for (uint32_t m = x; m; m &= m - 1)
            for (int k = 0; k < U; k++) b->xw[k] &= b->miss[__builtin_ctz(m)][k];
        b->x = x;
    }
    uint16_t un[U];
    for (int k = 0; k < U; k++) un[k] = (uint16_t)(b->xw[k] & live);
    for (uint32_t m = y; m; m &= m - 1)
        for (int k = 0; k < U; k++) un[k] &= b->miss[27 + __builtin_ctz(m)][k];
    uint32_t used[L] = {0};
    int lb[L] = {0}, ls[3][L] = {{0}}, cap[3][L];
    for (int s = 0; s < 3; s++)
        for (int i = 0; i < L; i++) cap[s][i] = zhi - b->strict[s][i] - qstack[s];
    for (int k = 0; k < U && live; k++)
        for (uint32_t m = un[k] & live; m; m &= m - 1) {
            int i = __builtin_ctz(m);
            uint32_t p = b->part[k][i];
            if (p & used[i]) continue;
            used[i] |= p;
            if (++lb[i] > zhi) live &= ~(1u << i);
            for (int s = 0; s < 3; s++)
                if (((b->in_stack[s][k] >> i) & 1) && ++ls[s][i] > cap[s][i]) live &= ~(1u << i);
        }
    return live;
}

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>

/* The greedy loop on all lanes at once: a lane takes UA k when k is unhit
 * (bit set in un[k]) and its part misses the lane's used cells; a count
 * past its cap (clamped at 0: a count must reach 1 to pass it) kills the
 * lane, tested every 8 UAs and at the end. */
__attribute__((target("avx512f,avx512bw"))) uint32_t band_bound_live_avx512(band_bound *b, uint32_t x, uint32_t y,
                                                                          int zhi, const int qstack[3])
{
    int nx = __builtin_popcount(x), ny = __builtin_popcount(y);
    __mmask16 live = (__mmask16)b->lanes &
                     _mm512_cmple_epi32_mask(_mm512_loadu_si512(b->band_strict[0]), _mm512_set1_epi32(zhi - nx)) &
                     _mm512_cmple_epi32_mask(_mm512_loadu_si512(b->band_strict[1]), _mm512_set1_epi32(zhi - ny));
    if (!live) return 0;
    if (b->x != x) {
        for (int j = 0; j < U / 32; j++) {
            __m512i v = _mm512_loadu_si512(b->has + 32 * j);
            for (uint32_t m = x; m; m &= m - 1)
                v = _mm512_and_si512(v, _mm512_loadu_si512(b->miss[__builtin_ctz(m)] + 32 * j));
            _mm512_storeu_si512(b->xw + 32 * j, v);
        }
        b->x = x;
    }
    uint16_t un[U];
    uint32_t km[U / 32];
    const __m512i lv = _mm512_set1_epi16((short)live);
    for (int j = 0; j < U / 32; j++) {
        __m512i v = _mm512_and_si512(_mm512_loadu_si512(b->xw + 32 * j), lv);
        for (uint32_t m = y; m; m &= m - 1)
            v = _mm512_and_si512(v, _mm512_loadu_si512(b->miss[27 + __builtin_ctz(m)] + 32 * j));
        _mm512_storeu_si512(un + 32 * j, v);
        km[j] = _mm512_test_epi16_mask(v, v);
    }
    const __m512i zero = _mm512_setzero_si512(), one = _mm512_set1_epi32(1);
    const __m512i zmax = _mm512_set1_epi32(zhi > 0 ? zhi : 0);
    __m512i cap[3];
    for (int s = 0; s < 3; s++)
        cap[s] = _mm512_max_epi32(
            _mm512_sub_epi32(_mm512_set1_epi32(zhi - qstack[s]), _mm512_loadu_si512(b->strict[s])), zero);
    __m512i used = zero, lb = zero, l0 = zero, l1 = zero, l2 = zero;
    int steps = 0;
    for (int j = 0; j < U / 32; j++)
        for (uint32_t m = km[j]; m; m &= m - 1) {
            int k = 32 * j + __builtin_ctz(m);
            __m512i p = _mm512_loadu_si512(b->part[k]);
            __mmask16 t = (__mmask16)un[k];
            t &= (__mmask16)~_mm512_mask_test_epi32_mask(t, p, used);
            used = _mm512_mask_or_epi32(used, t, used, p);
            lb = _mm512_mask_add_epi32(lb, t, lb, one);
            l0 = _mm512_mask_add_epi32(l0, t & (__mmask16)b->in_stack[0][k], l0, one);
            l1 = _mm512_mask_add_epi32(l1, t & (__mmask16)b->in_stack[1][k], l1, one);
            l2 = _mm512_mask_add_epi32(l2, t & (__mmask16)b->in_stack[2][k], l2, one);
            if ((++steps & 7) == 0) {
                __mmask16 dead = _mm512_cmpgt_epi32_mask(lb, zmax) | _mm512_cmpgt_epi32_mask(l0, cap[0]) |
                                 _mm512_cmpgt_epi32_mask(l1, cap[1]) | _mm512_cmpgt_epi32_mask(l2, cap[2]);
                if (!(live & ~dead)) return 0;
            }
        }
    __mmask16 dead = _mm512_cmpgt_epi32_mask(lb, zmax) | _mm512_cmpgt_epi32_mask(l0, cap[0]) |
                     _mm512_cmpgt_epi32_mask(l1, cap[1]) | _mm512_cmpgt_epi32_mask(l2, cap[2]);
    return (uint32_t)(live & ~dead);
}

/* The AVX2 version: the 16 lanes in two vectors of 8, a lane mask made a
 * vector mask by testing each lane's bit (AVX2 has no mask registers). */
__attribute__((target("avx2"))) static inline void lane_masks(uint32_t t, __m256i *lo, __m256i *hi)
{
    const __m256i bl = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
    const __m256i bh = _mm256_setr_epi32(256, 512, 1024, 2048, 4096, 8192, 16384, 32768);
    const __m256i v = _mm256_set1_epi32((int)t);
    *lo = _mm256_cmpeq_epi32(_mm256_and_si256(v, bl), bl);
    *hi = _mm256_cmpeq_epi32(_mm256_and_si256(v, bh), bh);
}

__attribute__((target("avx2"))) static inline uint32_t over(__m256i a0, __m256i a1, __m256i c0, __m256i c1)
{
    uint32_t lo = (uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpgt_epi32(a0, c0)));
    uint32_t hi = (uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpgt_epi32(a1, c1)));
    return lo | hi << 8;
}

__attribute__((target("avx2,bmi2"))) uint32_t band_bound_live_avx2(band_bound *b, uint32_t x, uint32_t y, int zhi,
                                                                 const int qstack[3])
{
    uint32_t live = admitted(b, __builtin_popcount(x), __builtin_popcount(y), zhi);
    if (!live) return 0;
    if (b->x != x) {
        for (int j = 0; j < U / 16; j++) {
            __m256i v = _mm256_loadu_si256((const __m256i *)(b->has + 16 * j));
            for (uint32_t m = x; m; m &= m - 1)
                v = _mm256_and_si256(v, _mm256_loadu_si256((const __m256i *)(b->miss[__builtin_ctz(m)] + 16 * j)));
            _mm256_storeu_si256((__m256i *)(b->xw + 16 * j), v);
        }
        b->x = x;
    }
    uint16_t un[U];
    uint32_t km[U / 16];
    const __m256i lv = _mm256_set1_epi16((short)live), zero = _mm256_setzero_si256();
    for (int j = 0; j < U / 16; j++) {
        __m256i v = _mm256_and_si256(_mm256_loadu_si256((const __m256i *)(b->xw + 16 * j)), lv);
        for (uint32_t m = y; m; m &= m - 1)
            v = _mm256_and_si256(v, _mm256_loadu_si256((const __m256i *)(b->miss[27 + __builtin_ctz(m)] + 16 * j)));
        _mm256_storeu_si256((__m256i *)(un + 16 * j), v);
        /* two bits per 16-bit k, the even one kept */
        km[j] = _pext_u32(~(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi16(v, zero)), 0x55555555u);
    }
    const __m256i zmax = _mm256_set1_epi32(zhi > 0 ? zhi : 0);
    __m256i cap[3][2];
    for (int s = 0; s < 3; s++)
        for (int h = 0; h < 2; h++)
            cap[s][h] = _mm256_max_epi32(_mm256_sub_epi32(_mm256_set1_epi32(zhi - qstack[s]),
                                                          _mm256_loadu_si256((const __m256i *)(b->strict[s] + 8 * h))),
                                         zero);
    __m256i used0 = zero, used1 = zero, lb0 = zero, lb1 = zero, ls[3][2] = {{zero, zero}, {zero, zero}, {zero, zero}};
    int steps = 0;
    for (int j = 0; j < U / 16; j++)
        for (uint32_t m = km[j]; m; m &= m - 1) {
            int k = 16 * j + __builtin_ctz(m);
            __m256i t0, t1;
            lane_masks(un[k], &t0, &t1);
            __m256i p0 = _mm256_loadu_si256((const __m256i *)b->part[k]),
                    p1 = _mm256_loadu_si256((const __m256i *)(b->part[k] + 8));
            /* taken: unhit and disjoint from the parts kept (-1 in the lane) */
            t0 = _mm256_and_si256(t0, _mm256_cmpeq_epi32(_mm256_and_si256(p0, used0), zero));
            t1 = _mm256_and_si256(t1, _mm256_cmpeq_epi32(_mm256_and_si256(p1, used1), zero));
            used0 = _mm256_or_si256(used0, _mm256_and_si256(t0, p0));
            used1 = _mm256_or_si256(used1, _mm256_and_si256(t1, p1));
            lb0 = _mm256_sub_epi32(lb0, t0), lb1 = _mm256_sub_epi32(lb1, t1);
            for (int s = 0; s < 3; s++) {
                if (!b->in_stack[s][k]) continue;
                __m256i s0, s1;
                lane_masks(b->in_stack[s][k], &s0, &s1);
                ls[s][0] = _mm256_sub_epi32(ls[s][0], _mm256_and_si256(t0, s0));
                ls[s][1] = _mm256_sub_epi32(ls[s][1], _mm256_and_si256(t1, s1));
            }
            if ((++steps & 7) == 0) {
                uint32_t dead = over(lb0, lb1, zmax, zmax);
                for (int s = 0; s < 3; s++) dead |= over(ls[s][0], ls[s][1], cap[s][0], cap[s][1]);
                if (!(live & ~dead)) return 0;
            }
        }
    uint32_t dead = over(lb0, lb1, zmax, zmax);
    for (int s = 0; s < 3; s++) dead |= over(ls[s][0], ls[s][1], cap[s][0], cap[s][1]);
    return live & ~dead;
}

bool band_bound_has_avx512(void) { return band_scan_has_avx512() && __builtin_cpu_supports("avx512bw"); }

bool band_bound_has_avx2(void) { return band_scan_has_avx2() && __builtin_cpu_supports("bmi2"); }

#else

bool band_bound_has_avx512(void) { return false; }
bool band_bound_has_avx2(void) { return false; }

uint32_t band_bound_live_avx2(band_bound *b, uint32_t x, uint32_t y, int zhi, const int qstack[3])
{
    return band_bound_live_scalar(b, x, y, zhi, qstack);
}

uint32_t band_bound_live_avx512(band_bound *b, uint32_t x, uint32_t y, int zhi, const int qstack[3])
{
    return band_bound_live_scalar(b, x, y, zhi, qstack);
}

#endif

band_bound_live_fn band_bound_best(void) { return band_bound_upto(BAND_SIMD_AVX512); }

band_bound_live_fn band_bound_upto(band_simd widest)
{
    if (widest >= BAND_SIMD_AVX512 && band_bound_has_avx512()) return band_bound_live_avx512;
    if (widest >= BAND_SIMD_AVX2 && band_bound_has_avx2()) return band_bound_live_avx2;
    return NULL;
}
