/* band_ua — see band_ua.h. */
#include "band_ua.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "perm3.h"
#include "sort.h"

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

/* A placement of one digit in the two bands: one cell in each of the 6
 * rows, one in each of the 6 boxes, in the 6 columns that hold the digit in
 * the grid's two bands (so each column keeps its digit set). Per stack the
 * digit's two columns are shared out between the bands (2^3 ways), then the
 * 3 rows of each band between the stacks (3! ways each): 288 placements,
 * the grid's own among them. */
#define PLACEMENTS 288

typedef struct placement {
    uint64_t cells;
    uint16_t digits; /* the grid's digits on those cells, and the digit */
} placement;

/* the search of one digit set D: a placement per digit, every one moved
 * (a refilling that leaves a digit in place is one of D without it) */
typedef struct fill {
    const placement *cand[9];
    int ncand[9];
    uint64_t own[9]; /* the grid's placement of each digit */
    int digit[9], nd;
    int max_size, fills;
    band_ua_list *l;
    mc_status st;
} fill;

static void dfs(fill *f, int i, uint64_t used, uint64_t diff)
{
    if (f->st != MC_OK || f->fills >= BAND_UA_MAX_FILLS) return;
    if (i == f->nd) {
        f->fills++;
        band_ua_list *l = f->l;
        if ((f->st = grow(&l->tmp, &l->captmp, l->ntmp + 1)) == MC_OK) l->tmp[l->ntmp++] = diff;
        return;
    }
    int d = f->digit[i];
    for (int k = 0; k < f->ncand[d]; k++) {
        uint64_t m = f->cand[d][k].cells;
        if (m & used) continue;
        uint64_t next = diff | (m & ~f->own[d]);
        if (__builtin_popcountll(next) > f->max_size) continue; /* every refilling below differs more */
        dfs(f, i + 1, used | m, next);
    }
}

/* The moved placements of each digit; false when g54 is not two bands of
 * a grid (a digit twice in a row, box or column). */
static bool placements(const uint8_t *g, placement pl[9][PLACEMENTS], int npl[9], uint64_t own[9])
{
    int col[9][6]; /* column of digit d in row r */
    uint16_t colseen[9] = {0};
    for (int r = 0; r < 6; r++) {
        uint16_t seen = 0;
        for (int c = 0; c < 9; c++) {
            int d = g[9 * r + c];
            seen |= (uint16_t)(1u << d);
            colseen[c] |= (uint16_t)(1u << d);
            col[d][r] = c;
        }
        if (seen != 0x1ff) return false;
    }
    for (int c = 0; c < 9; c++)
        if (__builtin_popcount(colseen[c]) != 6) return false;
    for (int d = 0; d < 9; d++) {
        int c1[3], c2[3]; /* the digit's column in each stack, band 1 and band 2 */
        for (int b = 0; b < 2; b++) {
            uint8_t stack_seen = 0;
            for (int r = 3 * b; r < 3 * b + 3; r++) {
                int s = col[d][r] / 3;
                stack_seen |= (uint8_t)(1u << s);
                (b ? c2 : c1)[s] = col[d][r];
            }
            if (stack_seen != 7) return false;
        }
        own[d] = 0;
        for (int r = 0; r < 6; r++) own[d] |= UINT64_C(1) << (9 * r + col[d][r]);
        npl[d] = 0;
        for (int t = 0; t < 8; t++)
            for (int p1 = 0; p1 < 6; p1++)
                for (int p2 = 0; p2 < 6; p2++) {
                    uint64_t m = 0;
                    uint16_t dig = (uint16_t)(1u << d);
                    for (int r = 0; r < 3; r++) {
                        int s1 = perm3[p1][r], s2 = perm3[p2][r];
                        int a = (t >> s1) & 1 ? c2[s1] : c1[s1], b = (t >> s2) & 1 ? c1[s2] : c2[s2];
                        int x = 9 * r + a, y = 9 * (r + 3) + b;
                        m |= (UINT64_C(1) << x) | (UINT64_C(1) << y);
                        dig |= (uint16_t)((1u << g[x]) | (1u << g[y]));
                    }
                    if (m != own[d]) pl[d][npl[d]++] = (placement){m, dig};
                }
    }
    return true;
}

mc_status band_ua_find(const uint8_t g54[54], int max_digits, int max_size, band_ua_list *l)
{
    if (max_digits < 2 || max_digits > 9 || max_size < 1) return MC_EINVAL;
    for (int c = 0; c < 54; c++)
        if (g54[c] > 8) return MC_EINVAL;
    l->n = 0;
    l->ntmp = 0;
    placement pl[9][PLACEMENTS];
    int npl[9];
    fill f;
    if (!placements(g54, pl, npl, f.own)) return MC_EINVAL;
    placement use[9][PLACEMENTS];
    f.max_size = max_size;
    f.l = l;
    f.st = MC_OK;
    /* one digit alone never moves (each column keeps it): D of 2 or more */
    for (unsigned D = 1; D < 512; D++) {
        int nd = __builtin_popcount(D);
        if (nd < 2 || nd > max_digits) continue;
        f.nd = 0;
        bool none = false;
        for (int d = 0; d < 9 && !none; d++) {
            if (!((D >> d) & 1)) continue;
            int n = 0;
            for (int k = 0; k < npl[d]; k++)
                if (!(pl[d][k].digits & ~D)) use[d][n++] = pl[d][k];
            f.cand[d] = use[d];
            f.ncand[d] = n;
            f.digit[f.nd++] = d;
            none = n == 0;
        }
        if (none) continue;
        for (int i = 1; i < f.nd; i++) /* fewest placements first */
            for (int j = i; j > 0 && f.ncand[f.digit[j]] < f.ncand[f.digit[j - 1]]; j--) {
                int t = f.digit[j];
                f.digit[j] = f.digit[j - 1], f.digit[j - 1] = t;
            }
        f.fills = 0;
        dfs(&f, 0, 0, 0);
        if (f.st != MC_OK) return f.st;
    }
    /* smallest first; keep a set only when no kept set lies inside it */
    mc_status st = grow(&l->set, &l->cap, l->ntmp);
    if (st != MC_OK) return st;
    sort_sets54(l->tmp, l->ntmp, l->set); /* l->set the scratch: filled below */
    for (int i = 0; i < l->ntmp; i++) {
        uint64_t m = l->tmp[i];
        if (i && m == l->tmp[i - 1]) continue;
        int j = 0;
        while (j < l->n && (l->set[j] & m) != l->set[j]) j++;
        if (j == l->n) l->set[l->n++] = m;
    }
    return MC_OK;
}
