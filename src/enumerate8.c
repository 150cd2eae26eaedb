/* enumerate8 — orderly generation of the ES 8x8 grids (2x4 boxes); see
 * enumerate.h.
 *
 * Bands are rows 2k, 2k+1 (k = 0..3), stacks columns 0-3 and 4-7. A band map
 * swaps the two rows or not, swaps the stacks or not and permutes the
 * columns within each stack (2 * 2 * 24 * 24 = 2,304 maps), followed by the
 * relabelling forced by its new first row (which reads 0..7). With row 1
 * relabelled to 01234567, row 2 is a permutation of 4567 then of 0123: 576
 * bands, held in a table by key = rank(row 2 cols 0-3) * 24 + rank(row 2
 * cols 4-7) with the index of their minlex form and a map reaching it.
 *
 * Grid search (band b on top): rows 3-8 are filled cell by cell with
 * increasing digits; column 1 increases within each band and from band to
 * band (a minlex grid sorts its rows so: rows of a sudoku differ in every
 * column). Cuts:
 *   - a completed band whose index is < b;
 *   - the automorphisms of band b (maps that fix it up to relabelling),
 *     acting on rows 3-8 as a column permutation and a relabelling: the
 *     image puts the rows in minlex order (rows of a band by column 1, bands
 *     by their smallest column-1 value). As soon as a prefix of the image is
 *     known (row 3 alone; then bands 2 and 3, using that the digits missing
 *     from a column are those of the rows still empty) it is compared with
 *     the grid: smaller cuts the branch, larger retires the automorphism.
 * At a leaf, the exact test: only a map that puts a band of index b on top
 * and sends it to band b itself can give a smaller grid; for each such band
 * one such map comes from the table, the others are it followed by the
 * automorphisms, and the rest of each image is sorted as above and compared
 * with the grid. The images equal to the grid are the grid's automorphisms.
 */
#include <assert.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "enumerate8.h"

#define NB_KEYS 576
#define NB_MAPS 2304

/* The 24 orders of four items, in lexicographic order. */
static uint8_t perm4[24][4];
static uint8_t rank4[256]; /* digits d0..d3 (0..3) packed 2 bits each -> rank */

typedef struct bmap {
    uint8_t row[2]; /* new row i = old row row[i] */
    uint8_t col[8]; /* new column j = old column col[j] */
} bmap;

static bmap maps[NB_MAPS];
static uint8_t key_index[NB_KEYS];   /* minlex index 1..nbands */
static uint16_t key_map[NB_KEYS];    /* a map to the minlex form */
static uint8_t minlex_band[NB_KEYS][16];
static int nbands;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static int key_of(const uint8_t *r0, const uint8_t *r1)
{
    uint8_t lab[8];
    for (int j = 0; j < 8; j++) lab[r0[j]] = (uint8_t)j;
    int a = 0, c = 0;
    for (int j = 0; j < 4; j++) {
        a = a << 2 | ((lab[r1[j]] - 4) & 3);
        c = c << 2 | (lab[r1[4 + j]] & 3);
    }
    return rank4[a] * 24 + rank4[c];
}

static void map_apply(const bmap *m, const uint8_t *band, uint8_t *out)
{
    uint8_t lab[8];
    for (int j = 0; j < 8; j++) lab[band[m->row[0] * 8 + m->col[j]]] = (uint8_t)j;
    for (int r = 0; r < 2; r++)
        for (int j = 0; j < 8; j++) out[r * 8 + j] = lab[band[m->row[r] * 8 + m->col[j]]];
}

static void band_of_key(int key, uint8_t *band)
{
    for (int j = 0; j < 8; j++) band[j] = (uint8_t)j;
    const uint8_t *p = perm4[key / 24], *q = perm4[key % 24];
    for (int j = 0; j < 4; j++) {
        band[8 + j] = (uint8_t)(4 + p[j]);
        band[12 + j] = q[j];
    }
}

static int cmp16(const void *a, const void *b) { return memcmp(a, b, 16); }

static void build(void)
{
    int n = 0;
    for (int a = 0; a < 4; a++)
        for (int b = 0; b < 4; b++)
            for (int c = 0; c < 4; c++)
                for (int d = 0; d < 4; d++) {
                    if (a == b || a == c || a == d || b == c || b == d || c == d) continue;
                    perm4[n][0] = (uint8_t)a;
                    perm4[n][1] = (uint8_t)b;
                    perm4[n][2] = (uint8_t)c;
                    perm4[n][3] = (uint8_t)d;
                    rank4[a << 6 | b << 4 | c << 2 | d] = (uint8_t)n;
                    n++;
                }
    int m = 0;
    for (int rs = 0; rs < 2; rs++)
        for (int ss = 0; ss < 2; ss++)
            for (int p = 0; p < 24; p++)
                for (int q = 0; q < 24; q++) {
                    bmap *x = &maps[m++];
                    x->row[0] = (uint8_t)rs;
                    x->row[1] = (uint8_t)(1 - rs);
                    for (int j = 0; j < 4; j++) {
                        x->col[j] = (uint8_t)(4 * ss + perm4[p][j]);
                        x->col[4 + j] = (uint8_t)(4 * (1 - ss) + perm4[q][j]);
                    }
                }
    static uint8_t forms[NB_KEYS][16];
    for (int k = 0; k < NB_KEYS; k++) {
        uint8_t band[16], img[16], best[16];
        band_of_key(k, band);
        memcpy(best, band, 16);
        int bm = 0;
        for (int i = 0; i < NB_MAPS; i++) {
            map_apply(&maps[i], band, img);
            if (memcmp(img, best, 16) < 0) {
                memcpy(best, img, 16);
                bm = i;
            }
        }
        /* the identity (map 0) gives the band itself */
        memcpy(forms[k], best, 16);
        key_map[k] = (uint16_t)bm;
    }
    uint8_t sorted[NB_KEYS][16];
    memcpy(sorted, forms, sizeof sorted);
    qsort(sorted, NB_KEYS, 16, cmp16);
    nbands = 0;
    for (int k = 0; k < NB_KEYS; k++)
        if (nbands == 0 || memcmp(sorted[k], minlex_band[nbands - 1], 16) != 0)
            memcpy(minlex_band[nbands++], sorted[k], 16);
    for (int k = 0; k < NB_KEYS; k++) {
        const uint8_t *f = bsearch(forms[k], minlex_band, (size_t)nbands, 16, cmp16);
        assert(f);
        key_index[k] = (uint8_t)((f - &minlex_band[0][0]) / 16 + 1);
    }
}

int enumerate8_band_count(void)
{
    pthread_once(&once, build);
    return nbands;
}

const uint8_t *enumerate8_band_minlex(int index)
{
    pthread_once(&once, build);
    assert(index >= 1 && index <= nbands);
    return minlex_band[index - 1];
}

int enumerate8_band_index(const uint8_t *band)
{
    pthread_once(&once, build);
    return key_index[key_of(band, band + 8)];
}

/* ------------------------------------------------------------------ search */

/* An automorphism of the top band as it acts on rows 3-8: a column order,
 * the relabelling forced by the top row, the digit that becomes 1 (0-based:
 * the smallest digit below the top band in column 1), and how many band
 * maps act so (a row swap of the top band may act like no swap). */
typedef struct aut8 {
    uint8_t col[8];
    uint8_t lab[8];
    uint8_t one;
    int mult;
} aut8;

typedef struct e8ctx {
    uint8_t g[64];
    uint8_t rowm[8], colm[8], boxm[8];
    int b;
    const uint8_t *prefix;
    int plen;
    enumerate_aut_fn fn;
    void *arg;
    bool stop;
    uint64_t count;
    int naut; /* identity first */
    aut8 aut[NB_MAPS];
    int nlive[4]; /* live automorphisms (not yet shown larger) after level k */
    uint16_t live[4][NB_MAPS];
    bool tie[4]; /* band k (rows 2k, 2k+1) has index b */
} e8ctx;

/* Compares the image of src's rows 3-8 under automorphism a (rows put in
 * minlex order) with g's rows 3-8, as far as it is known when src's bands
 * 1..filled (rows 3..2*filled+2) are filled: <0 smaller, >0 larger, 0 equal
 * or not yet known. The image's top band is band b (src's top band). */
static int cmp_image(const uint8_t *g, const uint8_t *src, const aut8 *a, int filled)
{
    const uint8_t *col = a->col, *lab = a->lab;
    const int c0 = col[0];
    uint8_t v[8];
    int present = 0;
    for (int r = 0; r < 2 + 2 * filled; r++) {
        v[r] = lab[src[r * 8 + c0]];
        present |= 1 << src[r * 8 + c0];
    }
    /* smallest image value of column 1 in each lower band */
    int mn[4] = {0, 99, 99, 99};
    for (int k = 1; k <= filled; k++) mn[k] = v[2 * k] < v[2 * k + 1] ? v[2 * k] : v[2 * k + 1];
    int rest = 99; /* smallest value in the unfilled bands together */
    for (int d = 0; d < 8; d++)
        if (!(present >> d & 1) && lab[d] < rest) rest = lab[d];
    int order[3], n = 0;
    if (filled == 1) {
        if (mn[1] > rest) return 0;
        order[n++] = 1;
    } else {
        if (filled == 2) mn[3] = rest;
        int x = 1, y = 2, z = 3, t;
        if (mn[x] > mn[y]) t = x, x = y, y = t;
        if (mn[y] > mn[z]) t = y, y = z, z = t;
        if (mn[x] > mn[y]) t = x, x = y, y = t;
        order[0] = x, order[1] = y, order[2] = z;
        n = 3;
    }
    for (int i = 0; i < n; i++) {
        int k = order[i];
        if (k > filled) return 0;
        int r0 = 2 * k, r1 = 2 * k + 1;
        if (v[r0] > v[r1]) r0 = r1, r1 = 2 * k;
        const int rows[2] = {r0, r1};
        for (int h = 0; h < 2; h++) {
            const uint8_t *s = src + rows[h] * 8;
            const uint8_t *t = g + (2 * i + 2 + h) * 8;
            for (int j = 0; j < 8; j++) {
                int x = lab[s[col[j]]];
                if (x != t[j]) return x < t[j] ? -1 : 1;
            }
        }
    }
    return 0;
}

/* Row 3 filled: false when an automorphism that takes row 3 to image row 3
 * makes it smaller. */
static bool row3_ok(const e8ctx *e)
{
    const uint8_t *g = e->g + 16;
    for (int i = 1; i < e->naut; i++) {
        const aut8 *a = &e->aut[i];
        if (g[a->col[0]] != a->one) continue;
        for (int j = 1; j < 8; j++) {
            int w = a->lab[g[a->col[j]]];
            if (w != g[j]) {
                if (w < g[j]) return false;
                break;
            }
        }
    }
    return true;
}

/* Band k (1..3) complete: index check, then the live automorphisms. */
static bool band_done(e8ctx *e, int k)
{
    int idx = enumerate8_band_index(e->g + 16 * k);
    if (idx < e->b) return false;
    e->tie[k] = idx == e->b;
    if (k == 3) return true;
    int n = 0;
    const uint16_t *prev = e->live[k - 1];
    for (int i = 0; i < e->nlive[k - 1]; i++) {
        int c = cmp_image(e->g, e->g, &e->aut[prev[i]], k);
        if (c < 0) return false;
        if (c == 0) e->live[k][n++] = prev[i];
    }
    e->nlive[k] = n;
    return true;
}

/* The exact test at a leaf; returns the automorphism count, 0 when some map
 * gives a smaller grid. */
static int leaf_autos(const e8ctx *e)
{
    const uint8_t *g = e->g;
    int autos = 0;
    for (int i = 0; i < e->nlive[2]; i++) {
        const aut8 *a = &e->aut[e->live[2][i]];
        int c = cmp_image(g, g, a, 3);
        if (c < 0) return 0;
        if (c == 0) autos += a->mult;
    }
    for (int k = 1; k < 4; k++) {
        if (!e->tie[k]) continue;
        /* src: band k on top, sent to band b by its table map */
        uint8_t src[64], img[64], lab[8];
        const bmap *m = &maps[key_map[key_of(g + 16 * k, g + 16 * k + 8)]];
        int order[4] = {k, 0, 0, 0}, n = 1;
        for (int j = 0; j < 4; j++)
            if (j != k) order[n++] = j;
        for (int i = 0; i < 4; i++) memcpy(src + 16 * i, g + 16 * order[i], 16);
        const uint8_t rows[8] = {m->row[0], m->row[1], 2, 3, 4, 5, 6, 7};
        for (int j = 0; j < 8; j++) lab[src[rows[0] * 8 + m->col[j]]] = (uint8_t)j;
        for (int r = 0; r < 8; r++)
            for (int j = 0; j < 8; j++) img[r * 8 + j] = lab[src[rows[r] * 8 + m->col[j]]];
        assert(memcmp(img, g, 16) == 0);
        for (int i = 0; i < e->naut; i++) {
            int c = cmp_image(g, img, &e->aut[i], 3);
            if (c < 0) return 0;
            if (c == 0) autos += e->aut[i].mult;
        }
    }
    assert(autos > 0);
    return autos;
}

static void fill(e8ctx *e, int cell)
{
    uint8_t *g = e->g;
    const int r = cell >> 3, c = cell & 7, bx = (r >> 1) * 2 + (c >> 2);
    uint32_t cand = 0xFFu & ~(uint32_t)(e->rowm[r] | e->colm[c] | e->boxm[bx]);
    if (c == 0) {
        if (r & 1) cand &= ~((2u << g[cell - 8]) - 1); /* second row of a band */
        else {
            /* first row of a band: the smallest digit left in column 1 */
            uint32_t left = 0xFFu & ~(uint32_t)e->colm[0];
            cand &= left & (0u - left);
        }
    }
    if (cell - 16 < e->plen) cand &= 1u << e->prefix[cell - 16];
    while (cand) {
        int d = __builtin_ctz(cand);
        cand &= cand - 1;
        uint8_t bit = (uint8_t)(1u << d);
        g[cell] = (uint8_t)d;
        e->rowm[r] |= bit;
        e->colm[c] |= bit;
        e->boxm[bx] |= bit;
        if (cell == 23) {
            if (row3_ok(e)) fill(e, 24);
        } else if (cell == 31) {
            if (band_done(e, 1)) fill(e, 32);
        } else if (cell == 47) {
            if (band_done(e, 2)) fill(e, 48);
        } else if (cell == 63) {
            if (band_done(e, 3)) {
                int autos = leaf_autos(e);
                if (autos) {
                    e->count++;
                    if (e->fn && e->fn(e->arg, g, autos)) e->stop = true;
                }
            }
        } else fill(e, cell + 1);
        e->rowm[r] ^= bit;
        e->colm[c] ^= bit;
        e->boxm[bx] ^= bit;
        if (e->stop) return;
    }
}

mc_status enumerate8_band(int band, const uint8_t *prefix, int len, enumerate_aut_fn fn, void *arg,
                          uint64_t *count)
{
    int nb = enumerate8_band_count();
    if (band < 1 || band > nb || len < 0 || len > 48 || (len > 0 && !prefix)) return MC_EINVAL;
    for (int i = 0; i < len; i++)
        if (prefix[i] > 7) return MC_EINVAL;
    e8ctx *e = calloc(1, sizeof *e);
    if (!e) return MC_ENOMEM;
    e->b = band;
    e->prefix = prefix;
    e->plen = len;
    e->fn = fn;
    e->arg = arg;
    const uint8_t *B = minlex_band[band - 1];
    memcpy(e->g, B, 16);
    for (int i = 0; i < 16; i++) {
        uint8_t bit = (uint8_t)(1u << B[i]);
        e->rowm[i >> 3] |= bit;
        e->colm[i & 7] |= bit;
        e->boxm[(i & 7) >> 2] |= bit;
    }
    /* automorphisms of B, identity first, merged when they act alike */
    for (int i = 0; i < NB_MAPS; i++) {
        uint8_t img[16];
        map_apply(&maps[i], B, img);
        if (memcmp(img, B, 16) != 0) continue;
        aut8 a;
        memcpy(a.col, maps[i].col, 8);
        for (int j = 0; j < 8; j++) a.lab[B[maps[i].row[0] * 8 + a.col[j]]] = (uint8_t)j;
        for (int d = 0; d < 8; d++)
            if (a.lab[d] == 1) a.one = (uint8_t)d;
        a.mult = 1;
        int k = 0;
        while (k < e->naut && (memcmp(e->aut[k].col, a.col, 8) != 0 || memcmp(e->aut[k].lab, a.lab, 8) != 0))
            k++;
        if (k < e->naut) e->aut[k].mult++;
        else e->aut[e->naut++] = a;
    }
    assert(e->naut > 0 && memcmp(e->aut[0].col, "\0\1\2\3\4\5\6\7", 8) == 0);
    e->nlive[0] = e->naut;
    for (int i = 0; i < e->naut; i++) e->live[0][i] = (uint16_t)i;
    fill(e, 16);
    if (count) *count = e->count;
    free(e);
    return MC_OK;
}
