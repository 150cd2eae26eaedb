/* band_sieve — see band_sieve.h. */
#include "band_sieve.h"

#include <stdlib.h>
#include <string.h>

#include "band_scan.h"

#define W BAND_SIEVE_WORDS

void band_sieve_init(band_sieve *s) { memset(s, 0, sizeof *s); }

void band_sieve_free(band_sieve *s)
{
    free(s->word);
    band_sieve_init(s);
}

void band_sieve_clear(band_sieve *s) { s->nblocks = 0; }

static uint64_t *block_words(band_sieve *s, int b) { return s->word + (size_t)b * BAND_SIEVE_ROWS * W; }

mc_status band_sieve_add(band_sieve *s, const uint32_t *sets, int n, int *first_block)
{
    int nb = (n + BAND_SIEVE_BLOCK - 1) / BAND_SIEVE_BLOCK;
    if (s->nblocks + nb > s->cap) {
        int cap = s->cap ? s->cap : 16;
        while (cap < s->nblocks + nb) cap *= 2;
        uint64_t *p = realloc(s->word, sizeof *p * (size_t)cap * BAND_SIEVE_ROWS * W);
        if (!p) return MC_ENOMEM;
        s->word = p;
        s->cap = cap;
    }
    *first_block = s->nblocks;
    for (int b = 0; b < nb; b++) {
        uint64_t *blk = block_words(s, s->nblocks + b);
        memset(blk + (size_t)BAND_SIEVE_ROW_HAS * W, 0, sizeof *blk * 27 * W);
        uint64_t *pad = blk + (size_t)BAND_SIEVE_ROW_PAD * W;
        int i0 = b * BAND_SIEVE_BLOCK, m = n - i0 < BAND_SIEVE_BLOCK ? n - i0 : BAND_SIEVE_BLOCK;
        for (int w = 0; w < W; w++) {
            int lo = 64 * w;
            pad[w] = m >= lo + 64 ? 0 : m <= lo ? ~UINT64_C(0) : ~UINT64_C(0) << (m - lo);
        }
        for (int i = 0; i < m; i++)
            for (uint32_t c = sets[i0 + i]; c; c &= c - 1)
                blk[(size_t)(BAND_SIEVE_ROW_HAS + __builtin_ctz(c)) * W + (i >> 6)] |= UINT64_C(1) << (i & 63);
    }
    s->nblocks += nb;
    return MC_OK;
}

void band_sieve_set_ua(band_sieve *s, int k, uint32_t part)
{
    for (int b = 0; b < s->nblocks; b++) {
        uint64_t *blk = block_words(s, b), acc[W] = {0};
        for (uint32_t c = part; c; c &= c - 1) {
            const uint64_t *h = blk + (size_t)(BAND_SIEVE_ROW_HAS + __builtin_ctz(c)) * W;
            for (int w = 0; w < W; w++) acc[w] |= h[w];
        }
        const uint64_t *pad = blk + (size_t)BAND_SIEVE_ROW_PAD * W;
        for (int w = 0; w < W; w++) blk[(size_t)k * W + w] = ~acc[w] | pad[w];
    }
}

/* Every fourth UA the OR is tested for all ones (no set left). */
int band_sieve_block_scalar(const uint64_t *rows, const uint64_t ua[BAND_SIEVE_MASK_WORDS], uint64_t out[W])
{
    uint64_t acc[W];
    memcpy(acc, rows + (size_t)BAND_SIEVE_ROW_PAD * W, sizeof acc);
    int i = 0, full = 0;
    for (int k = 0; k < BAND_SIEVE_MASK_WORDS && !full; k++)
        for (uint64_t m = ua[k]; m && !full; m &= m - 1) {
            const uint64_t *r = rows + (size_t)(64 * k + __builtin_ctzll(m)) * W;
            for (int w = 0; w < W; w++) acc[w] |= r[w];
            if ((++i & 3) == 0) {
                uint64_t all = acc[0];
                for (int w = 1; w < W; w++) all &= acc[w];
                full = all == ~UINT64_C(0);
            }
        }
    uint64_t any = 0;
    for (int w = 0; w < W; w++) any |= out[w] = ~acc[w];
    return any != 0;
}

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>

__attribute__((target("avx2"))) int band_sieve_block_avx2(const uint64_t *rows,
                                                          const uint64_t ua[BAND_SIEVE_MASK_WORDS], uint64_t out[W])
{
    const uint64_t *pad = rows + (size_t)BAND_SIEVE_ROW_PAD * W;
    __m256i a = _mm256_loadu_si256((const __m256i *)pad), b = _mm256_loadu_si256((const __m256i *)(pad + 4));
    const __m256i ones = _mm256_set1_epi64x(-1);
    int i = 0, full = 0;
    for (int k = 0; k < BAND_SIEVE_MASK_WORDS && !full; k++)
        for (uint64_t m = ua[k]; m && !full; m &= m - 1) {
            const uint64_t *r = rows + (size_t)(64 * k + __builtin_ctzll(m)) * W;
            a = _mm256_or_si256(a, _mm256_loadu_si256((const __m256i *)r));
            b = _mm256_or_si256(b, _mm256_loadu_si256((const __m256i *)(r + 4)));
            if ((++i & 3) == 0) full = _mm256_testc_si256(_mm256_and_si256(a, b), ones);
        }
    a = _mm256_xor_si256(a, ones), b = _mm256_xor_si256(b, ones);
    _mm256_storeu_si256((__m256i *)out, a);
    _mm256_storeu_si256((__m256i *)(out + 4), b);
    return !_mm256_testz_si256(_mm256_or_si256(a, b), _mm256_or_si256(a, b));
}

__attribute__((target("avx512f"))) int band_sieve_block_avx512(const uint64_t *rows,
                                                              const uint64_t ua[BAND_SIEVE_MASK_WORDS], uint64_t out[W])
{
    __m512i a = _mm512_loadu_si512((const void *)(rows + (size_t)BAND_SIEVE_ROW_PAD * W));
    const __m512i ones = _mm512_set1_epi64(-1);
    int i = 0, full = 0;
    for (int k = 0; k < BAND_SIEVE_MASK_WORDS && !full; k++)
        for (uint64_t m = ua[k]; m && !full; m &= m - 1) {
            a = _mm512_or_si512(a, _mm512_loadu_si512((const void *)(rows + (size_t)(64 * k + __builtin_ctzll(m)) * W)));
            if ((++i & 3) == 0) full = !_mm512_cmpneq_epi64_mask(a, ones);
        }
    a = _mm512_xor_si512(a, ones);
    _mm512_storeu_si512((void *)out, a);
    return _mm512_test_epi64_mask(a, a) != 0;
}

#else

int band_sieve_block_avx2(const uint64_t *rows, const uint64_t ua[BAND_SIEVE_MASK_WORDS], uint64_t out[W])
{
    return band_sieve_block_scalar(rows, ua, out);
}
int band_sieve_block_avx512(const uint64_t *rows, const uint64_t ua[BAND_SIEVE_MASK_WORDS], uint64_t out[W])
{
    return band_sieve_block_scalar(rows, ua, out);
}

#endif

band_sieve_block_fn band_sieve_best(const char **name) { return band_sieve_upto(BAND_SIMD_AVX512, name); }

band_sieve_block_fn band_sieve_upto(band_simd widest, const char **name)
{
    const char *s = "scalar";
    band_sieve_block_fn f = band_sieve_block_scalar;
    if (widest >= BAND_SIMD_AVX512 && band_scan_has_avx512()) {
        s = "avx512";
        f = band_sieve_block_avx512;
    } else if (widest >= BAND_SIMD_AVX2 && band_scan_has_avx2()) {
        s = "avx2";
        f = band_sieve_block_avx2;
    }
    if (name) *name = s;
    return f;
}
