/* band_table — gangster fillings, band UAs, valid subsets by size. */
#include "band_table.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "sort.h"

void band_table_init(band_table *t) { memset(t, 0, sizeof *t); }

void band_table_free(band_table *t)
{
    free(t->set);
    free(t->tmp);
    free(t->fill);
    t->set = t->tmp = NULL;
    t->fill = NULL;
    t->cap = t->captmp = t->nfill = 0;
}

void band_table_read_band(const uint8_t grid[81], int b, bool stack, uint8_t out[27])
{
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 9; c++)
            out[9 * r + c] = stack ? grid[9 * c + 3 * b + r] : grid[9 * (3 * b + r) + c];
}

bool band_table_is_valid(const band_table *t, uint32_t mask)
{
    for (int i = 0; i < t->nua; i++)
        if (!(mask & t->ua[i])) return false;
    return true;
}

static uint64_t binom27(int s)
{
    uint64_t v = 1;
    for (int i = 0; i < s; i++) v = v * (uint64_t)(27 - i) / (uint64_t)(i + 1);
    return v;
}

/* The search of list_sets: cells decided from 26 down to 0, each first
 * left out, then taken, so the sets come in increasing order. The UAs
 * unhit are a bit mask (2 words: at most LIST_UAS UAs); a UA is checked
 * when its lowest cell is left out (no cell of it is left to take): bits
 * low[c] are the UAs whose lowest cell is c, hit[c] those holding c. With
 * one cell left to take, the cells that complete a valid set are those of
 * every unhit UA: listed at once, in increasing order. */
#define LIST_UAS 128
typedef struct list_state {
    uint64_t low[27][2], hit[27][2];
    uint32_t ua[LIST_UAS];
    uint32_t given;
    int from, max;
    uint32_t *out;
    int n;
} list_state;

static void list_dfs(list_state *l, int c, uint32_t chosen, int n, uint64_t u0, uint64_t u1)
{
    if (n + c + 1 < l->from) return; /* too few cells left for the smallest size */
    if (n >= l->max - 1 || c < 0) {
        /* every UA of the cells left out is hit (checked at its lowest) */
        if (!(u0 | u1) && n >= l->from) l->out[l->n++] = chosen;
        if (n != l->max - 1 || c < 0) return;
        uint32_t cand = ((UINT32_C(2) << c) - 1) & ~l->given;
        for (uint64_t m = u0; m && cand; m &= m - 1) cand &= l->ua[__builtin_ctzll(m)];
        for (uint64_t m = u1; m && cand; m &= m - 1) cand &= l->ua[64 + __builtin_ctzll(m)];
        for (; cand; cand &= cand - 1) l->out[l->n++] = chosen | (cand & -cand);
        return;
    }
    if (!((u0 & l->low[c][0]) | (u1 & l->low[c][1]))) list_dfs(l, c - 1, chosen, n, u0, u1);
    if (!((l->given >> c) & 1))
        list_dfs(l, c - 1, chosen | UINT32_C(1) << c, n + 1, u0 & ~l->hit[c][0], u1 & ~l->hit[c][1]);
}

/* t->tmp with room for n (grown when smaller); false when out of memory. */
static bool tmp_room(band_table *t, int n)
{
    if (t->captmp >= n) return true;
    uint32_t *p = realloc(t->tmp, sizeof *p * (size_t)n);
    if (!p) return false;
    t->tmp = p;
    t->captmp = n;
    return true;
}

/* Lists the valid sets of sizes from..max into t->set from t->start[from]
 * (t->set holds room for every subset), sets start[from + 1 .. max + 1]. */
static mc_status list_sets(band_table *t, int from, int max)
{
    if (t->nua > LIST_UAS) return MC_EINTERNAL; /* a band has at most 81 minimal UAs (test_band_table) */
    static _Thread_local list_state l;
    memset(l.low, 0, sizeof l.low);
    memset(l.hit, 0, sizeof l.hit);
    uint64_t u[2] = {0, 0};
    for (int i = 0; i < t->nua; i++) {
        uint64_t bit = UINT64_C(1) << (i & 63);
        l.ua[i] = t->ua[i];
        u[i >> 6] |= bit;
        l.low[__builtin_ctz(t->ua[i])][i >> 6] |= bit;
        for (uint32_t m = t->ua[i]; m; m &= m - 1) l.hit[__builtin_ctz(m)][i >> 6] |= bit;
    }
    l.given = t->given;
    l.from = from, l.max = max;
    int k0 = t->start[from];
    l.out = t->set + k0;
    l.n = 0;
    list_dfs(&l, 26, 0, 0, u[0], u[1]);
    /* by size, each in increasing order: a stable scatter */
    int cnt[BAND_TABLE_MAX_SIZE + 2] = {0};
    for (int i = 0; i < l.n; i++) cnt[__builtin_popcount(l.out[i])]++;
    if (!tmp_room(t, l.n)) return MC_ENOMEM;
    int at[BAND_TABLE_MAX_SIZE + 2];
    for (int s = from, k = 0; s <= max; s++) {
        t->start[s] = k0 + k;
        at[s] = k;
        k += cnt[s];
    }
    t->start[max + 1] = k0 + l.n;
    for (int i = 0; i < l.n; i++) t->tmp[at[__builtin_popcount(l.out[i])]++] = l.out[i];
    if (l.n) memcpy(l.out, t->tmp, sizeof *l.out * (size_t)l.n); /* t->tmp is NULL while nothing was listed */
    return MC_OK;
}

/* Grows t->set to hold every subset of up to max_size cells. */
static mc_status set_room(band_table *t, int max_size)
{
    uint64_t need = 0;
    for (int s = 0; s <= max_size; s++) need += binom27(s);
    if ((uint64_t)t->cap < need) {
        uint32_t *p = realloc(t->set, need * sizeof *p);
        if (!p) return MC_ENOMEM;
        t->set = p;
        t->cap = (int)need;
    }
    return MC_OK;
}

static void set_min_valid(band_table *t)
{
    t->min_valid = -1;
    for (int s = 0; s <= t->max_size && t->min_valid < 0; s++)
        if (t->start[s + 1] > t->start[s]) t->min_valid = s;
}

mc_status band_table_extend(band_table *t, int max_size)
{
    assert(max_size <= BAND_TABLE_MAX_SIZE);
    if (max_size <= t->max_size) return MC_OK;
    mc_status st = set_room(t, max_size);
    if (st != MC_OK) return st;
    if ((st = list_sets(t, t->max_size + 1, max_size)) != MC_OK) return st;
    t->max_size = max_size;
    set_min_valid(t);
    return MC_OK;
}

mc_status band_table_build(band_table *t, const uint8_t band[27], int max_size)
{
    return band_table_build_given(t, band, max_size, 0);
}

/* The fillings column by column: a column holds its three digits in one of
 * six orders, and a row takes a digit once. A box is then right by itself:
 * its three columns' digits are its nine (they are the band's). Each
 * filling is written to out in full. */
static void fill(const uint8_t *band, int c, uint16_t rowused[3], uint8_t *cur, uint8_t *out, int *n)
{
    if (c == 9) {
        memcpy(out + 27 * (size_t)(*n)++, cur, 27);
        return;
    }
    static const uint8_t order[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    for (int k = 0; k < 6; k++) {
        int d[3];
        for (int r = 0; r < 3; r++) d[r] = band[9 * order[k][r] + c];
        if (((rowused[0] >> d[0]) | (rowused[1] >> d[1]) | (rowused[2] >> d[2])) & 1) continue;
        for (int r = 0; r < 3; r++) rowused[r] |= (uint16_t)(1u << d[r]), cur[9 * r + c] = (uint8_t)d[r];
        fill(band, c + 1, rowused, cur, out, n);
        for (int r = 0; r < 3; r++) rowused[r] &= (uint16_t)~(1u << d[r]);
    }
}

int band_table_fillings(const uint8_t band[27], uint8_t *out)
{
    uint16_t rowused[3] = {0, 0, 0};
    uint8_t cur[27];
    int n = 0;
    fill(band, 0, rowused, cur, out, &n);
    return n;
}

mc_status band_table_build_given(band_table *t, const uint8_t band[27], int max_size, uint32_t given)
{
    if (!t->fill && !(t->fill = malloc(BAND_TABLE_MAX_FILLINGS * 27))) return MC_ENOMEM;
    uint8_t b[27];
    memcpy(b, band, 27); /* band may be t->band */
    uint16_t gangster[9];
    for (int c = 0; c < 9; c++) gangster[c] = (uint16_t)(1u << b[c] | 1u << b[9 + c] | 1u << b[18 + c]);
    if (!t->nfill || memcmp(gangster, t->fill_gangster, sizeof gangster)) {
        t->nfill = band_table_fillings(b, t->fill);
        memcpy(t->fill_gangster, gangster, sizeof gangster);
    }
    return band_table_build_fillings(t, b, t->fill, t->nfill, max_size, given);
}

/* The cells where the 27 digits of f and b differ, as a 27-bit mask: two
 * 16-byte compares (cells 0..15 and 11..26) where SSE2 is there (every
 * x86-64), else cell by cell; the same mask. */
static inline uint32_t diff27(const uint8_t *f, const uint8_t *b)
{
#if defined(__SSE2__)
    __m128i lo = _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)f), _mm_loadu_si128((const __m128i *)b));
    __m128i hi = _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(f + 11)), _mm_loadu_si128((const __m128i *)(b + 11)));
    uint32_t eq = (uint32_t)_mm_movemask_epi8(lo) | (uint32_t)_mm_movemask_epi8(hi) << 11;
    return ~eq & ((UINT32_C(1) << 27) - 1);
#else
    uint32_t d = 0;
    for (int c = 0; c < 27; c++) d |= (uint32_t)(f[c] != b[c]) << c;
    return d;
#endif
}

mc_status band_table_build_fillings(band_table *t, const uint8_t band[27], const uint8_t *fillings, int n,
                                    int max_size, uint32_t given)
{
    assert(max_size >= 0 && max_size <= BAND_TABLE_MAX_SIZE);
    memmove(t->band, band, 27);
    t->max_size = max_size;
    t->given = given;
    t->nua = 0;
    t->fillings = n;
    for (int i = 0; i < n; i++) {
        uint32_t d = diff27(fillings + 27 * (size_t)i, t->band);
        if (d) t->ua[t->nua++] = d;
    }
    /* keep the minimal differences (once each: a repeat of a kept one is
     * a superset of it) */
    if (!tmp_room(t, t->nua)) return MC_ENOMEM;
    sort_sets27(t->ua, t->nua, t->tmp);
    int kept = 0;
    for (int i = 0; i < t->nua; i++) {
        int sup = 0;
        for (int j = 0; j < kept && !sup; j++) sup = (t->ua[j] & t->ua[i]) == t->ua[j];
        if (!sup) t->ua[kept++] = t->ua[i];
    }
    int m = 0; /* a UA a given hits needs nothing of a set */
    for (int i = 0; i < kept; i++)
        if (!(t->ua[i] & given)) t->ua[m++] = t->ua[i];
    t->nua = m;
    mc_status st = set_room(t, max_size);
    if (st != MC_OK) return st;
    t->start[0] = 0;
    if ((st = list_sets(t, 0, max_size)) != MC_OK) return st;
    set_min_valid(t);
    return MC_OK;
}
