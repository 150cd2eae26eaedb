/* band_ua — see band_ua.h. */
#include "band_ua.h"

#include <stdlib.h>
#include <string.h>

void band_ua_list_init(band_ua_list *l) { memset(l, 0, sizeof *l); }

void band_ua_list_free(band_ua_list *l)
{
    free(l->set);
    free(l->tmp);
    band_ua_list_init(l);
}

static mc_status grow(uint64_t **p, int *cap, int n)
{
    if (*cap >= n) return MC_OK;
    int c = *cap ? *cap : 1024;
    while (c < n) c *= 2;
    uint64_t *q = realloc(*p, sizeof *q * (size_t)c);
    if (!q) return MC_ENOMEM;
    *p = q;
    *cap = c;
    return MC_OK;
}

/* the refilling search of one digit set */
typedef struct fill {
    const uint8_t *g;
    int n;
    uint8_t cell[54];
    uint16_t row[6], box[6], col[9];
    uint16_t colset[9]; /* digits of D each column must take */
    uint64_t diff;
    int max_size, fills;
    band_ua_list *l;
    mc_status st;
} fill;

static void dfs(fill *f, int i)
{
    if (f->st != MC_OK || f->fills >= BAND_UA_MAX_FILLS) return;
    if (i == f->n) {
        f->fills++;
        if (f->diff && __builtin_popcountll(f->diff) <= f->max_size) {
            band_ua_list *l = f->l;
            if ((f->st = grow(&l->tmp, &l->captmp, l->ntmp + 1)) == MC_OK) l->tmp[l->ntmp++] = f->diff;
        }
        return;
    }
    int c = f->cell[i], r = c / 9, k = c % 9, b = 3 * (r / 3) + k / 3;
    if (__builtin_popcountll(f->diff) > f->max_size) return; /* every refilling below differs more */
    unsigned cand = f->colset[k] & ~(f->row[r] | f->box[b] | f->col[k]);
    for (; cand; cand &= cand - 1) {
        int d = __builtin_ctz(cand);
        uint16_t bit = (uint16_t)(1u << d);
        f->row[r] |= bit, f->box[b] |= bit, f->col[k] |= bit;
        uint64_t save = f->diff;
        if (d != f->g[c]) f->diff |= UINT64_C(1) << c;
        dfs(f, i + 1);
        f->diff = save;
        f->row[r] &= (uint16_t)~bit, f->box[b] &= (uint16_t)~bit, f->col[k] &= (uint16_t)~bit;
    }
}

static int cmp_set(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    int px = __builtin_popcountll(x), py = __builtin_popcountll(y);
    if (px != py) return px < py ? -1 : 1;
    return x < y ? -1 : x > y;
}

mc_status band_ua_find(const uint8_t g54[54], int max_digits, int max_size, band_ua_list *l)
{
    if (max_digits < 2 || max_digits > 9 || max_size < 1) return MC_EINVAL;
    for (int c = 0; c < 54; c++)
        if (g54[c] > 8) return MC_EINVAL;
    l->n = 0;
    l->ntmp = 0;
    fill f;
    f.g = g54;
    f.max_size = max_size;
    f.l = l;
    f.st = MC_OK;
    /* one digit alone never moves (each column keeps it): D of 2 or more */
    for (unsigned D = 1; D < 512; D++) {
        int nd = __builtin_popcount(D);
        if (nd < 2 || nd > max_digits) continue;
        f.n = 0;
        memset(f.row, 0, sizeof f.row);
        memset(f.box, 0, sizeof f.box);
        memset(f.col, 0, sizeof f.col);
        memset(f.colset, 0, sizeof f.colset);
        for (int c = 0; c < 54; c++)
            if ((D >> g54[c]) & 1) {
                f.cell[f.n++] = (uint8_t)c;
                f.colset[c % 9] |= (uint16_t)(1u << g54[c]);
            }
        f.diff = 0;
        f.fills = 0;
        dfs(&f, 0);
        if (f.st != MC_OK) return f.st;
    }
    /* smallest first; keep a set only when no kept set lies inside it */
    qsort(l->tmp, (size_t)l->ntmp, sizeof *l->tmp, cmp_set);
    mc_status st = grow(&l->set, &l->cap, l->ntmp);
    if (st != MC_OK) return st;
    for (int i = 0; i < l->ntmp; i++) {
        uint64_t m = l->tmp[i];
        if (i && m == l->tmp[i - 1]) continue;
        int j = 0;
        while (j < l->n && (l->set[j] & m) != l->set[j]) j++;
        if (j == l->n) l->set[l->n++] = m;
    }
    return MC_OK;
}
