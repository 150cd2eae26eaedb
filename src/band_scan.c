/* band_scan — see band_scan.h. */
#include "band_scan.h"

#include <stddef.h>

int band_scan_first_scalar(const uint64_t *list, int n, uint64_t q)
{
    for (int i = 0; i < n; i++)
        if (!(list[i] & q)) return i;
    return n;
}

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define BAND_SCAN_X86 1

/* 16 sets per round (four compares), then four at a time, then one. */
__attribute__((target("avx2"))) int band_scan_first_avx2(const uint64_t *list, int n, uint64_t q)
{
    const __m256i vq = _mm256_set1_epi64x((long long)q), zero = _mm256_setzero_si256();
    int i = 0;
    for (; i + 16 <= n; i += 16) {
        __m256i a = _mm256_cmpeq_epi64(_mm256_and_si256(_mm256_loadu_si256((const __m256i *)(list + i)), vq), zero);
        __m256i b =
            _mm256_cmpeq_epi64(_mm256_and_si256(_mm256_loadu_si256((const __m256i *)(list + i + 4)), vq), zero);
        __m256i c =
            _mm256_cmpeq_epi64(_mm256_and_si256(_mm256_loadu_si256((const __m256i *)(list + i + 8)), vq), zero);
        __m256i d =
            _mm256_cmpeq_epi64(_mm256_and_si256(_mm256_loadu_si256((const __m256i *)(list + i + 12)), vq), zero);
        __m256i any = _mm256_or_si256(_mm256_or_si256(a, b), _mm256_or_si256(c, d));
        if (_mm256_testz_si256(any, any)) continue;
        unsigned m = (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(a)) |
                     (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(b)) << 4 |
                     (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(c)) << 8 |
                     (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(d)) << 12;
        return i + __builtin_ctz(m);
    }
    for (; i + 4 <= n; i += 4) {
        __m256i a = _mm256_cmpeq_epi64(_mm256_and_si256(_mm256_loadu_si256((const __m256i *)(list + i)), vq), zero);
        unsigned m = (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(a));
        if (m) return i + __builtin_ctz(m);
    }
    return i + band_scan_first_scalar(list + i, n - i, q);
}

/* 32 sets per round (four compares into masks), then eight, then one. */
__attribute__((target("avx512f"))) int band_scan_first_avx512(const uint64_t *list, int n, uint64_t q)
{
    const __m512i vq = _mm512_set1_epi64((long long)q);
    int i = 0;
    for (; i + 32 <= n; i += 32) {
        __mmask8 a = _mm512_testn_epi64_mask(_mm512_loadu_si512((const void *)(list + i)), vq);
        __mmask8 b = _mm512_testn_epi64_mask(_mm512_loadu_si512((const void *)(list + i + 8)), vq);
        __mmask8 c = _mm512_testn_epi64_mask(_mm512_loadu_si512((const void *)(list + i + 16)), vq);
        __mmask8 d = _mm512_testn_epi64_mask(_mm512_loadu_si512((const void *)(list + i + 24)), vq);
        uint32_t m = (uint32_t)a | (uint32_t)b << 8 | (uint32_t)c << 16 | (uint32_t)d << 24;
        if (m) return i + __builtin_ctz(m);
    }
    for (; i + 8 <= n; i += 8) {
        __mmask8 a = _mm512_testn_epi64_mask(_mm512_loadu_si512((const void *)(list + i)), vq);
        if (a) return i + __builtin_ctz((unsigned)a);
    }
    return i + band_scan_first_scalar(list + i, n - i, q);
}

bool band_scan_has_avx2(void) { return __builtin_cpu_supports("avx2"); }
bool band_scan_has_avx512(void) { return __builtin_cpu_supports("avx512f"); }

#else

int band_scan_first_avx2(const uint64_t *list, int n, uint64_t q) { return band_scan_first_scalar(list, n, q); }
int band_scan_first_avx512(const uint64_t *list, int n, uint64_t q) { return band_scan_first_scalar(list, n, q); }
bool band_scan_has_avx2(void) { return false; }
bool band_scan_has_avx512(void) { return false; }

#endif

band_scan_fn band_scan_best(const char **name)
{
    const char *s = "scalar";
    band_scan_fn f = band_scan_first_scalar;
    if (band_scan_has_avx512()) {
        s = "avx512";
        f = band_scan_first_avx512;
    } else if (band_scan_has_avx2()) {
        s = "avx2";
        f = band_scan_first_avx2;
    }
    if (name) *name = s;
    return f;
}
