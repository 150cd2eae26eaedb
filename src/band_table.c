/* band_table — gangster fillings, band UAs, valid subsets by size. */
#include "band_table.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

void band_table_init(band_table *t) { memset(t, 0, sizeof *t); }

void band_table_free(band_table *t)
{
    free(t->set);
    t->set = NULL;
    t->cap = 0;
}

void band_table_read_band(const uint8_t grid[81], int b, bool stack, uint8_t out[27])
{
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 9; c++)
            out[9 * r + c] = stack ? grid[9 * c + 3 * b + r] : grid[9 * (3 * b + r) + c];
}

typedef struct fill_state {
    const uint8_t *band;
    uint16_t colset[9], colused[9], rowused[3], boxused[3];
    uint8_t cur[27];
    band_table *t;
    int overflow;
} fill_state;

static void add_ua(band_table *t, uint32_t d, int *overflow)
{
    for (int i = 0; i < t->nua; i++)
        if (t->ua[i] == d) return;
    if (t->nua == BAND_TABLE_MAX_UA) {
        *overflow = 1;
        return;
    }
    t->ua[t->nua++] = d;
}

static void fill(fill_state *f, int cell)
{
    if (cell == 27) {
        uint32_t d = 0;
        for (int i = 0; i < 27; i++)
            if (f->cur[i] != f->band[i]) d |= UINT32_C(1) << i;
        f->t->fillings++;
        if (d) add_ua(f->t, d, &f->overflow);
        return;
    }
    int r = cell / 9, c = cell % 9, bx = c / 3;
    uint16_t cand = f->colset[c] & (uint16_t)~(f->colused[c] | f->rowused[r] | f->boxused[bx]);
    while (cand) {
        int d = __builtin_ctz(cand);
        cand &= (uint16_t)(cand - 1);
        uint16_t bit = (uint16_t)(1u << d);
        f->colused[c] |= bit, f->rowused[r] |= bit, f->boxused[bx] |= bit;
        f->cur[cell] = (uint8_t)d;
        fill(f, cell + 1);
        f->colused[c] &= (uint16_t)~bit, f->rowused[r] &= (uint16_t)~bit, f->boxused[bx] &= (uint16_t)~bit;
    }
}

static int cmp_ua(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    int cx = __builtin_popcount(x), cy = __builtin_popcount(y);
    if (cx != cy) return cx < cy ? -1 : 1;
    return x < y ? -1 : x > y;
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

mc_status band_table_build(band_table *t, const uint8_t band[27], int max_size)
{
    return band_table_build_given(t, band, max_size, 0);
}

mc_status band_table_build_given(band_table *t, const uint8_t band[27], int max_size, uint32_t given)
{
    assert(max_size >= 0 && max_size <= BAND_TABLE_MAX_SIZE);
    memmove(t->band, band, 27); /* band may be t->band */
    t->max_size = max_size;
    t->given = given;
    t->nua = 0;
    t->fillings = 0;
    fill_state f;
    memset(&f, 0, sizeof f);
    f.band = band;
    f.t = t;
    for (int c = 0; c < 9; c++)
        for (int r = 0; r < 3; r++) f.colset[c] |= (uint16_t)(1u << band[9 * r + c]);
    fill(&f, 0);
    assert(!f.overflow);
    /* keep the minimal differences */
    qsort(t->ua, (size_t)t->nua, sizeof t->ua[0], cmp_ua);
    int n = 0;
    for (int i = 0; i < t->nua; i++) {
        int sup = 0;
        for (int j = 0; j < n && !sup; j++) sup = (t->ua[j] & t->ua[i]) == t->ua[j];
        if (!sup) t->ua[n++] = t->ua[i];
    }
    int m = 0; /* a UA a given hits needs nothing of a set */
    for (int i = 0; i < n; i++)
        if (!(t->ua[i] & given)) t->ua[m++] = t->ua[i];
    n = m;
    t->nua = n;
    /* size the set array for the worst case, once */
    uint64_t need = 0;
    for (int s = 0; s <= max_size; s++) need += binom27(s);
    if ((uint64_t)t->cap < need) {
        uint32_t *p = realloc(t->set, need * sizeof *p);
        if (!p) return MC_ENOMEM;
        t->set = p;
        t->cap = (int)need;
    }
    int k = 0;
    t->min_valid = -1;
    for (int s = 0; s <= max_size; s++) {
        t->start[s] = k;
        if (s == 0) {
            if (band_table_is_valid(t, 0)) t->set[k++] = 0;
        } else {
            uint32_t v = (UINT32_C(1) << s) - 1, end = UINT32_C(1) << 27;
            while (v < end) {
                if (!(v & given) && band_table_is_valid(t, v)) t->set[k++] = v;
                uint32_t lo = v & -v, r = v + lo; /* next subset of the same size */
                v = (((r ^ v) >> 2) / lo) | r;
            }
        }
        if (t->min_valid < 0 && k > t->start[s]) t->min_valid = s;
    }
    t->start[max_size + 1] = k;
    return MC_OK;
}
