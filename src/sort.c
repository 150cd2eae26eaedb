/* sort — see sort.h. */
#include "sort.h"

#include <assert.h>
#include <string.h>

/* Below this many keys an insertion sort beats the radix passes. */
#define SMALL 24

#define LSD_RADIX(T, PASSES)                                                                                          \
    do {                                                                                                               \
        uint32_t count[PASSES][256];                                                                                   \
        memset(count, 0, sizeof count);                                                                                \
        for (int i = 0; i < n; i++)                                                                                    \
            for (int p = 0; p < (PASSES); p++) count[p][(a[i] >> (8 * p)) & 255]++;                                    \
        T *src = a, *dst = tmp;                                                                                        \
        for (int p = 0; p < (PASSES); p++) {                                                                           \
            uint32_t *c = count[p];                                                                                    \
            if (c[(src[0] >> (8 * p)) & 255] == (uint32_t)n) continue; /* one digit for every key */                   \
            uint32_t sum = 0;                                                                                          \
            for (int d = 0; d < 256; d++) {                                                                            \
                uint32_t t = c[d];                                                                                     \
                c[d] = sum;                                                                                            \
                sum += t;                                                                                              \
            }                                                                                                          \
            for (int i = 0; i < n; i++) dst[c[(src[i] >> (8 * p)) & 255]++] = src[i];                                  \
            T *t = src;                                                                                                \
            src = dst;                                                                                                 \
            dst = t;                                                                                                   \
        }                                                                                                              \
        if (src != a) memcpy(a, src, sizeof *a * (size_t)n);                                                           \
    } while (0)

#define INSERTION(T)                                                                                                   \
    do {                                                                                                               \
        for (int i = 1; i < n; i++) {                                                                                  \
            T k = a[i];                                                                                                \
            int j = i;                                                                                                 \
            for (; j > 0 && a[j - 1] > k; j--) a[j] = a[j - 1];                                                        \
            a[j] = k;                                                                                                  \
        }                                                                                                              \
    } while (0)

void sort_sets27(uint32_t *a, int n, uint32_t *tmp)
{
    if (n < 2) return;
    const uint32_t mask = (UINT32_C(1) << 27) - 1;
    for (int i = 0; i < n; i++) {
        assert(a[i] <= mask);
        a[i] |= (uint32_t)__builtin_popcount(a[i]) << 27; /* the key: count, then set */
    }
    if (n < SMALL) INSERTION(uint32_t);
    else LSD_RADIX(uint32_t, 4);
    for (int i = 0; i < n; i++) a[i] &= mask;
}

void sort_sets54(uint64_t *a, int n, uint64_t *tmp)
{
    if (n < 2) return;
    const uint64_t mask = (UINT64_C(1) << 54) - 1;
    for (int i = 0; i < n; i++) {
        assert(a[i] <= mask);
        a[i] |= (uint64_t)__builtin_popcountll(a[i]) << 54;
    }
    if (n < SMALL) INSERTION(uint64_t);
    else LSD_RADIX(uint64_t, 8);
    for (int i = 0; i < n; i++) a[i] &= mask;
}

/* Runs of RUN sorted by insertion, then merged pairwise, a <-> tmp. */
#define RUN 16

static void merge(const cs81 *src, cs81 *dst, int lo, int mid, int hi)
{
    int i = lo, j = mid, k = lo;
    while (i < mid && j < hi) dst[k++] = cs81_cmp(src[j], src[i]) < 0 ? src[j++] : src[i++];
    while (i < mid) dst[k++] = src[i++];
    while (j < hi) dst[k++] = src[j++];
}

void sort_cs81(cs81 *a, int n, cs81 *tmp)
{
    for (int lo = 0; lo < n; lo += RUN) {
        int hi = lo + RUN < n ? lo + RUN : n;
        for (int i = lo + 1; i < hi; i++) {
            cs81 k = a[i];
            int j = i;
            for (; j > lo && cs81_cmp(a[j - 1], k) > 0; j--) a[j] = a[j - 1];
            a[j] = k;
        }
    }
    cs81 *src = a, *dst = tmp;
    for (int w = RUN; w < n; w *= 2) {
        for (int lo = 0; lo < n; lo += 2 * w) {
            int mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;
            merge(src, dst, lo, mid, hi);
        }
        cs81 *t = src;
        src = dst;
        dst = t;
    }
    if (src != a) memcpy(a, src, sizeof *a * (size_t)n);
}
