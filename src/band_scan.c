/* band_scan — see band_scan.h. */
#include "band_scan.h"

#include <stddef.h>

int band_scan_first_scalar(const uint64_t *list, int n, uint64_t q)
{
    for (int i = 0; i < n; i++)
        if (!(list[i] & q)) return i;
    return n;
}

int band_scan_filter_scalar(const uint64_t *list, int n, uint64_t x, uint64_t *out)
{
    int m = 0;
    for (int i = 0; i < n; i++) {
        out[m] = list[i];
        m += !(list[i] & x);
    }
    return m;
}

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>

/* Bits 0..3: which of the four sets at list miss q. */
__attribute__((target("avx2"))) static inline unsigned miss4(const uint64_t *list, __m256i vq)
{
    __m256i z = _mm256_cmpeq_epi64(_mm256_and_si256(_mm256_loadu_si256((const __m256i *)list), vq),
                                   _mm256_setzero_si256());
    return (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(z));
}

/* 16 sets per round (four compares), then four at a time, then one. */
__attribute__((target("avx2"))) int band_scan_first_avx2(const uint64_t *list, int n, uint64_t q)
{
    const __m256i vq = _mm256_set1_epi64x((long long)q);
    int i = 0;
    for (; i + 16 <= n; i += 16) {
        unsigned m = miss4(list + i, vq) | miss4(list + i + 4, vq) << 4 | miss4(list + i + 8, vq) << 8 |
                     miss4(list + i + 12, vq) << 12;
        if (m) return i + __builtin_ctz(m);
    }
    for (; i + 4 <= n; i += 4) {
        unsigned m = miss4(list + i, vq);
        if (m) return i + __builtin_ctz(m);
    }
    return i + band_scan_first_scalar(list + i, n - i, q);
}

/* Bits 0..7: which of the eight sets at list miss q. */
__attribute__((target("avx512f"))) static inline uint32_t miss8(const uint64_t *list, __m512i vq)
{
    return _mm512_testn_epi64_mask(_mm512_loadu_si512((const void *)list), vq);
}

/* 32 sets per round (four compares into masks), then eight, then one. */
__attribute__((target("avx512f"))) int band_scan_first_avx512(const uint64_t *list, int n, uint64_t q)
{
    const __m512i vq = _mm512_set1_epi64((long long)q);
    int i = 0;
    for (; i + 32 <= n; i += 32) {
        uint32_t m = miss8(list + i, vq) | miss8(list + i + 8, vq) << 8 | miss8(list + i + 16, vq) << 16 |
                     miss8(list + i + 24, vq) << 24;
        if (m) return i + __builtin_ctz(m);
    }
    for (; i + 8 <= n; i += 8) {
        uint32_t m = miss8(list + i, vq);
        if (m) return i + __builtin_ctz(m);
    }
    return i + band_scan_first_scalar(list + i, n - i, q);
}

/* pack4[m]: the 32-bit lanes that move the 64-bit sets of mask m (bit j:
 * set j kept) to the front, in order */
static const int32_t pack4[16][8] = {
    {0, 1, 0, 1, 0, 1, 0, 1}, {0, 1, 0, 1, 0, 1, 0, 1}, {2, 3, 0, 1, 0, 1, 0, 1}, {0, 1, 2, 3, 0, 1, 0, 1},
    {4, 5, 0, 1, 0, 1, 0, 1}, {0, 1, 4, 5, 0, 1, 0, 1}, {2, 3, 4, 5, 0, 1, 0, 1}, {0, 1, 2, 3, 4, 5, 0, 1},
    {6, 7, 0, 1, 0, 1, 0, 1}, {0, 1, 6, 7, 0, 1, 0, 1}, {2, 3, 6, 7, 0, 1, 0, 1}, {0, 1, 2, 3, 6, 7, 0, 1},
    {4, 5, 6, 7, 0, 1, 0, 1}, {0, 1, 4, 5, 6, 7, 0, 1}, {2, 3, 4, 5, 6, 7, 0, 1}, {0, 1, 2, 3, 4, 5, 6, 7},
};

/* Four sets per step, the kept ones packed to the front and stored as a
 * whole vector (out has room: m + 4 <= i + 4 <= n), then the tail. */
__attribute__((target("avx2"))) int band_scan_filter_avx2(const uint64_t *list, int n, uint64_t x, uint64_t *out)
{
    const __m256i vx = _mm256_set1_epi64x((long long)x);
    int i = 0, m = 0;
    for (; i + 4 <= n; i += 4) {
        __m256i v = _mm256_loadu_si256((const __m256i *)(list + i));
        unsigned k = miss4(list + i, vx);
        __m256i p = _mm256_permutevar8x32_epi32(v, _mm256_loadu_si256((const __m256i *)pack4[k]));
        _mm256_storeu_si256((__m256i *)(out + m), p);
        m += __builtin_popcount(k);
    }
    return m + band_scan_filter_scalar(list + i, n - i, x, out + m);
}

/* Eight sets per step, compressed in the register and stored as a whole
 * vector (room as in the AVX2 one). A compressing store to memory is
 * microcoded on some CPUs: on an AMD EPYC it made the pair phase slower
 * than the scalar loop. */
__attribute__((target("avx512f"))) int band_scan_filter_avx512(const uint64_t *list, int n, uint64_t x,
                                                             uint64_t *out)
{
    const __m512i vx = _mm512_set1_epi64((long long)x);
    int i = 0, m = 0;
    for (; i + 8 <= n; i += 8) {
        __m512i v = _mm512_loadu_si512((const void *)(list + i));
        __mmask8 k = _mm512_testn_epi64_mask(v, vx);
        _mm512_storeu_si512((void *)(out + m), _mm512_maskz_compress_epi64(k, v));
        m += __builtin_popcount(k);
    }
    return m + band_scan_filter_scalar(list + i, n - i, x, out + m);
}

bool band_scan_has_avx2(void) { return __builtin_cpu_supports("avx2"); }
bool band_scan_has_avx512(void) { return __builtin_cpu_supports("avx512f"); }

#else

int band_scan_first_avx2(const uint64_t *list, int n, uint64_t q) { return band_scan_first_scalar(list, n, q); }
int band_scan_first_avx512(const uint64_t *list, int n, uint64_t q) { return band_scan_first_scalar(list, n, q); }
int band_scan_filter_avx2(const uint64_t *list, int n, uint64_t x, uint64_t *out)
{
    return band_scan_filter_scalar(list, n, x, out);
}
int band_scan_filter_avx512(const uint64_t *list, int n, uint64_t x, uint64_t *out)
{
    return band_scan_filter_scalar(list, n, x, out);
}
bool band_scan_has_avx2(void) { return false; }
bool band_scan_has_avx512(void) { return false; }

#endif

band_scan_fn band_scan_best(const char **name) { return band_scan_upto(BAND_SIMD_AVX512, name); }

band_scan_filter_fn band_scan_filter_best(void) { return band_scan_filter_upto(BAND_SIMD_AVX512); }

band_scan_fn band_scan_upto(band_simd widest, const char **name)
{
    const char *s = "scalar";
    band_scan_fn f = band_scan_first_scalar;
    if (widest >= BAND_SIMD_AVX512 && band_scan_has_avx512()) {
        s = "avx512";
        f = band_scan_first_avx512;
    } else if (widest >= BAND_SIMD_AVX2 && band_scan_has_avx2()) {
        s = "avx2";
        f = band_scan_first_avx2;
    }
    if (name) *name = s;
    return f;
}

band_scan_filter_fn band_scan_filter_upto(band_simd widest)
{
    if (widest >= BAND_SIMD_AVX512 && band_scan_has_avx512()) return band_scan_filter_avx512;
    if (widest >= BAND_SIMD_AVX2 && band_scan_has_avx2()) return band_scan_filter_avx2;
    return band_scan_filter_scalar;
}
