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
