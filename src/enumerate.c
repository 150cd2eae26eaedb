/* enumerate — see enumerate.h. */
#include "enumerate.h"
#include "enumerate8.h"

#include <assert.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "band.h"
#include "perm3.h"

/* ------------------------------------------------------------ 9x9 by bands */

#define CLASS(a, b, c) (e->class_of[(a) * 36 + (b) * 6 + (c)])

/* An automorphism of the top band as it acts on rows 4-9: a column
 * permutation (new column j = old column col[j]) and the relabelling lab
 * forced by the top row; `one` is the digit that becomes 1. */
typedef struct aut9 {
    uint8_t col[9];
    uint8_t lab[9];
    uint8_t one;
} aut9;

typedef struct box_arr {
    uint32_t mask; /* bit 9k + d: digit d in row 7+k of the box */
    uint8_t p[3];  /* order of each column's remaining digits */
    bool tie;      /* its stack has index b */
} box_arr;

typedef struct ectx {
    uint8_t g[81];
    uint16_t rowm[9], colm[9], boxm[9];
    int b;
    const uint8_t *prefix;
    int plen;
    enumerate_fn fn;
    void *arg;
    bool stop;
    enumerate_stats st;
    int naut;       /* distinct automorphisms, identity first */
    aut9 *aut;
    int nlive;      /* nontrivial automorphisms undecided at the band-2 node */
    uint16_t *live;
    int nties;      /* bands/stacks of index b besides the top band: */
    int8_t ties[6]; /* 1, 2 = bands 2, 3 (rows 4-6, 7-9), 3 + s = stack s */
    bool check_stack[3]; /* stacks whose index may be <= b: checked when their box 9 is filled */
    uint8_t (*kept)[27]; /* rows 7-9 of the grids found under one band-2 node */
    size_t nkept, capkept;
    bool oom;
    const uint16_t *stack_idx[3]; /* per stack: index by third-box class */
    const uint8_t *class_of;      /* band_box3_class_table */
    uint8_t stack_lab[3][9];      /* per stack: relabelling of its class table */
    uint8_t pattern[9][6];        /* per column and order: pattern id (stack_prepare) */
    box_arr arr[1][36];           /* arrangements of box 7 under a band-2 node */
    uint32_t colmask[9][6];       /* per column of rows 7-9 and order: packed mask */
    uint8_t coldigit[9][6][3];    /* ... and its digits in rows 7, 8, 9 */
} ectx;

/* Compares the rows 4-9 of the image of src under (col, lab), rows put in
 * minlex order, with rows 4-9 of g: <0 image smaller, 0 equal, >0 larger. */
static int cmp_image_full(const uint8_t *g, const uint8_t *src, const aut9 *a)
{
    const uint8_t *col = a->col, *lab = a->lab;
    /* fast path: image row 4 is the row holding `one` in column col[0] */
    for (int r = 3; r < 9; r++)
        if (src[r * 9 + col[0]] == a->one) {
            const uint8_t *s = src + r * 9;
            for (int j = 1; j < 9; j++) {
                int x = lab[s[col[j]]];
                if (x != g[27 + j]) return x < g[27 + j] ? -1 : 1;
            }
            break;
        }
    uint8_t v[9];
    int order[6];
    for (int r = 3; r < 9; r++) v[r] = lab[src[r * 9 + col[0]]];
    int first = (v[3] == 1 || v[4] == 1 || v[5] == 1) ? 3 : 6;
    int bands[2] = {first, 9 - first};
    for (int k = 0; k < 2; k++) {
        int f = bands[k], x = f, y = f + 1, z = f + 2, t;
        if (v[x] > v[y]) t = x, x = y, y = t;
        if (v[y] > v[z]) t = y, y = z, z = t;
        if (v[x] > v[y]) t = x, x = y, y = t;
        order[3 * k] = x;
        order[3 * k + 1] = y;
        order[3 * k + 2] = z;
    }
    for (int k = 0; k < 6; k++) {
        const uint8_t *s = src + order[k] * 9;
        const uint8_t *t = g + (3 + k) * 9;
        for (int j = 0; j < 9; j++) {
            int x = lab[s[col[j]]];
            if (x != t[j]) return x < t[j] ? -1 : 1;
        }
    }
    return 0;
}

/* With rows 4-6 of g filled: compares the image's rows 4-6 when they come
 * from rows 4-6 of g; 0 when equal or not yet known. */
static int cmp_aut_band2(const uint8_t *g, const aut9 *a)
{
    uint8_t v[6];
    for (int r = 3; r < 6; r++) v[r] = a->lab[g[r * 9 + a->col[0]]];
    if (v[3] != 1 && v[4] != 1 && v[5] != 1) return 0;
    int x = 3, y = 4, z = 5, t;
    if (v[x] > v[y]) t = x, x = y, y = t;
    if (v[y] > v[z]) t = y, y = z, z = t;
    if (v[x] > v[y]) t = x, x = y, y = t;
    int order[3] = {x, y, z};
    for (int k = 0; k < 3; k++) {
        const uint8_t *s = g + order[k] * 9;
        const uint8_t *u = g + (3 + k) * 9;
        for (int j = 0; j < 9; j++) {
            int w = a->lab[s[a->col[j]]];
            if (w != u[j]) return w < u[j] ? -1 : 1;
        }
    }
    return 0;
}

/* With row 4 filled: false when some automorphism maps row 4 onto image
 * row 4 and gives a smaller row. */
static bool row4_ok(const ectx *e)
{
    const uint8_t *g = e->g;
    for (int i = 1; i < e->naut; i++) {
        const aut9 *a = &e->aut[i];
        if (g[27 + a->col[0]] != a->one) continue;
        for (int j = 0; j < 9; j++) {
            int w = a->lab[g[27 + a->col[j]]];
            if (w != g[27 + j]) {
                if (w < g[27 + j]) return false;
                break;
            }
        }
    }
    return true;
}

/* With rows 1-6 filled: prepares the check of stack s when its third box
 * gets filled (band.h: band_two_box_classes): the index of each of the 36
 * classes of third boxes. Returns the smallest and largest of them. */
static void stack_prepare(ectx *e, int s, int *mn, int *mx)
{
    uint8_t b1[9], b2[9];
    for (int i = 0; i < 3; i++)
        for (int k = 0; k < 3; k++) {
            b1[i * 3 + k] = e->g[k * 9 + 3 * s + i];
            b2[i * 3 + k] = e->g[(3 + k) * 9 + 3 * s + i];
        }
    e->stack_idx[s] = band_two_box_classes(b1, b2, e->stack_lab[s], mn, mx);
}

/* The pattern ids of stack s's columns for each order (see band.h). */
static void stack_patterns(ectx *e, int s)
{
    const uint8_t *lab = e->stack_lab[s];
    for (int i = 0; i < 3; i++) {
        int c = 3 * s + i;
        uint16_t rest = (uint16_t)(0x1FF & ~e->colm[c]);
        uint8_t d[3];
        for (int k = 0; k < 3; k++) {
            d[k] = lab[__builtin_ctz(rest)];
            rest &= (uint16_t)(rest - 1);
        }
        for (int p = 0; p < 6; p++) {
            const uint8_t *o = perm3[p];
            int v0 = d[o[0]], v1 = d[o[1]], v2 = d[o[2]];
            e->pattern[c][p] = (uint8_t)(2 * ((v0 > v1) + (v0 > v2)) + (v1 > v2));
        }
    }
}

static bool band2_node(ectx *e)
{
    e->st.band2_nodes++;
    int b = e->b;
    int i1 = band_index(e->g + 27);
    if (i1 < b) return false;
    for (int s = 0; s < 3; s++) {
        uint16_t r0 = e->colm[3 * s], r1 = e->colm[3 * s + 1], r2 = e->colm[3 * s + 2];
        /* the three columns' remaining digits must be disjoint (box 7+s) */
        if (((0x1FF & ~r0) & (0x1FF & ~r1)) | ((0x1FF & ~r0) & (0x1FF & ~r2)) | ((0x1FF & ~r1) & (0x1FF & ~r2)))
            return false;
    }
    int mn[3], mx[3];
    for (int s = 0; s < 3; s++) {
        stack_prepare(e, s, &mn[s], &mx[s]);
        if (mx[s] < b) return false;
    }
    e->nlive = 0;
    for (int i = 1; i < e->naut; i++) {
        int c = cmp_aut_band2(e->g, &e->aut[i]);
        if (c < 0) return false;
        if (c == 0) e->live[e->nlive++] = (uint16_t)i;
    }
    e->nties = 0;
    if (i1 == b) e->ties[e->nties++] = 1;
    for (int s = 0; s < 3; s++) e->check_stack[s] = mn[s] <= b;
    e->st.band2_pass++;
    return true;
}

/* Is g no larger than its images under the maps that send band/stack
 * `tie` (1, 2 = bands 2, 3; 3 + s = stack s) to the top band? */
static bool tie_ok(const ectx *e, int tie)
{
    const uint8_t *g = e->g;
    uint8_t src[81], img[81];
    if (tie < 3) {
        int order[3] = {tie, 0, tie == 1 ? 2 : 1};
        for (int k = 0; k < 3; k++) memcpy(src + 27 * k, g + 27 * order[k], 27);
    } else {
        int s = tie - 3;
        int order[3] = {s, s == 0 ? 1 : 0, s == 2 ? 1 : 2};
        for (int k = 0; k < 3; k++)
            for (int i = 0; i < 3; i++)
                for (int c = 0; c < 9; c++) src[(3 * k + i) * 9 + c] = g[c * 9 + 3 * order[k] + i];
    }
    int id;
    int idx = band_index_map(src, &id);
    assert(idx == e->b);
    (void)idx;
    uint8_t row[3], col[9], lab[9];
    band_map_perm(id, row, col);
    for (int j = 0; j < 9; j++) lab[src[row[0] * 9 + col[j]]] = (uint8_t)j;
    for (int r = 0; r < 9; r++) {
        int rr = r < 3 ? row[r] : r;
        for (int j = 0; j < 9; j++) img[r * 9 + j] = lab[src[rr * 9 + col[j]]];
    }
    assert(memcmp(img, g, 27) == 0);
    for (int i = 0; i < e->naut; i++)
        if (cmp_image_full(g, img, &e->aut[i]) < 0) return false;
    return true;
}

/* Band 3 complete (rows 7-9 of g), stacks already checked; ties holds the
 * stacks of index b. Keeps the grid when it passes the band-3 index, the
 * live automorphisms and the tie tests. */
static void leaf(ectx *e, const int8_t *stack_ties, int nstack_ties)
{
    e->st.leaves++;
    int i2 = band_index(e->g + 54);
    if (i2 < e->b) return;
    for (int k = 0; k < e->nlive; k++) {
        const aut9 *a = &e->aut[e->live[k]];
        if (cmp_image_full(e->g, e->g, a) < 0) return;
    }
    int nties = e->nties;
    int8_t ties[6];
    memcpy(ties, e->ties, sizeof ties);
    if (i2 == e->b) ties[nties++] = 2;
    for (int k = 0; k < nstack_ties; k++) ties[nties++] = stack_ties[k];
    for (int k = 0; k < nties; k++)
        if (!tie_ok(e, ties[k])) return;
    if (e->nkept == e->capkept) {
        size_t cap = e->capkept ? 2 * e->capkept : 256;
        uint8_t(*k)[27] = realloc(e->kept, cap * sizeof *k);
        if (!k) {
            e->oom = true;
            e->stop = true;
            return;
        }
        e->kept = k;
        e->capkept = cap;
    }
    memcpy(e->kept[e->nkept++], e->g + 54, 27);
}

/* Band 3 is built box by box. A column of rows 7-9 takes its three
 * remaining digits in one of 6 orders (column 1: increasing only); an
 * arrangement of a box is an order for each of its columns, described by a
 * packed mask (bit 9k + d: digit d in row 7+k). Box 7's arrangements are
 * listed and checked against stack 1 first; box 8 is then filled column by
 * column with rows disjoint from box 7's and checked against stack 2 (the
 * class tables of stack_prepare); box 9 is forced. */
static void band3_prepare(ectx *e)
{
    for (int c = 0; c < 9; c++) {
        uint16_t rest = (uint16_t)(0x1FF & ~e->colm[c]);
        uint8_t d[3];
        for (int k = 0; k < 3; k++) {
            d[k] = (uint8_t)__builtin_ctz(rest);
            rest &= (uint16_t)(rest - 1);
        }
        for (int p = 0; p < 6; p++) {
            const uint8_t *o = perm3[p];
            e->colmask[c][p] = (1u << d[o[0]]) | (1u << (9 + d[o[1]])) | (1u << (18 + d[o[2]]));
            for (int k = 0; k < 3; k++) e->coldigit[c][p][k] = d[o[k]];
        }
    }
}

static int box_arrangements(ectx *e, int s, box_arr *out)
{
    int n = 0;
    const int c0 = 3 * s;
    for (int p0 = 0; p0 < (s == 0 ? 1 : 6); p0++)
        for (int p1 = 0; p1 < 6; p1++)
            for (int p2 = 0; p2 < 6; p2++) {
                bool tie = false;
                if (e->check_stack[s]) {
                    int cls = CLASS(e->pattern[c0][p0], e->pattern[c0 + 1][p1], e->pattern[c0 + 2][p2]);
                    int is = e->stack_idx[s][cls];
                    if (is < e->b) continue;
                    tie = is == e->b;
                }
                box_arr *x = &out[n++];
                x->mask = e->colmask[c0][p0] | e->colmask[c0 + 1][p1] | e->colmask[c0 + 2][p2];
                x->p[0] = (uint8_t)p0;
                x->p[1] = (uint8_t)p1;
                x->p[2] = (uint8_t)p2;
                x->tie = tie;
            }
    return n;
}

static void band3_place(ectx *e, int s, const uint8_t *p)
{
    for (int i = 0; i < 3; i++) {
        int c = 3 * s + i;
        const uint8_t *d = e->coldigit[c][p[i]];
        e->g[54 + c] = d[0];
        e->g[63 + c] = d[1];
        e->g[72 + c] = d[2];
    }
}

static int cmp27(const void *a, const void *b) { return memcmp(a, b, 27); }

static void band3(ectx *e)
{
    band3_prepare(e);
    for (int s = 0; s < 3; s++)
        if (e->check_stack[s]) stack_patterns(e, s);
    int n0 = box_arrangements(e, 0, e->arr[0]);
    if (!n0) return;
    e->nkept = 0;
    const uint32_t full = (1u << 27) - 1;
    const uint32_t *cm3 = e->colmask[3], *cm4 = e->colmask[4], *cm5 = e->colmask[5];
    for (int i = 0; i < n0 && !e->stop; i++) {
        const box_arr *x = &e->arr[0][i];
        /* box 8 column by column, rows disjoint from box 7's */
        for (int p3 = 0; p3 < 6; p3++) {
            uint32_t m3 = x->mask | cm3[p3];
            if (x->mask & cm3[p3]) continue;
            for (int p4 = 0; p4 < 6; p4++) {
                if (m3 & cm4[p4]) continue;
                uint32_t m4 = m3 | cm4[p4];
                for (int p5 = 0; p5 < 6 && !e->stop; p5++) {
                    if (m4 & cm5[p5]) continue;
                    uint32_t m5 = m4 | cm5[p5];
                    int8_t ties[3];
                    int nt = 0;
                    if (x->tie) ties[nt++] = 3;
                    if (e->check_stack[1]) {
                        int is = e->stack_idx[1][CLASS(e->pattern[3][p3], e->pattern[4][p4], e->pattern[5][p5])];
                        if (is < e->b) continue;
                        if (is == e->b) ties[nt++] = 4;
                    }
                    /* box 9 is forced: each digit goes to the row missing it */
                    uint32_t need = full ^ m5;
                    uint8_t pz[3];
                    bool ok = true;
                    for (int i2 = 0; i2 < 3 && ok; i2++) {
                        const uint32_t *cm = e->colmask[6 + i2];
                        int p = 0;
                        while (p < 6 && (cm[p] & ~need)) p++;
                        if (p == 6) ok = false;
                        pz[i2] = (uint8_t)p;
                    }
                    if (!ok) continue;
                    if (e->check_stack[2]) {
                        int is = e->stack_idx[2][CLASS(e->pattern[6][pz[0]], e->pattern[7][pz[1]],
                                                                 e->pattern[8][pz[2]])];
                        if (is < e->b) continue;
                        if (is == e->b) ties[nt++] = 5;
                    }
                    const uint8_t py[3] = {(uint8_t)p3, (uint8_t)p4, (uint8_t)p5};
                    band3_place(e, 0, x->p);
                    band3_place(e, 1, py);
                    band3_place(e, 2, pz);
                    leaf(e, ties, nt);
                }
            }
        }
    }
    if (e->nkept > 1) qsort(e->kept, e->nkept, sizeof *e->kept, cmp27);
    for (size_t k = 0; k < e->nkept && !e->stop; k++) {
        memcpy(e->g + 54, e->kept[k], 27);
        e->st.grids++;
        if (e->fn && e->fn(e->arg, e->g)) e->stop = true;
    }
}

static void fill(ectx *e, int cell)
{
    uint8_t *g = e->g;
    const int r = cell / 9, c = cell % 9, bx = (r / 3) * 3 + c / 3;
    uint32_t cand = 0x1FFu & ~(uint32_t)(e->rowm[r] | e->colm[c] | e->boxm[bx]);
    if (c == 0) {
        if (r == 3) cand &= 2u; /* the smallest digit left in column 1 */
        else if (r == 4) cand &= ~((2u << g[27]) - 1);
        else if (r == 5) cand &= ~((2u << g[36]) - 1);
    }
    if (cell - 27 < e->plen) cand &= 1u << e->prefix[cell - 27];
    while (cand) {
        int d = __builtin_ctz(cand);
        cand &= cand - 1;
        uint16_t bit = (uint16_t)(1u << d);
        g[cell] = (uint8_t)d;
        e->rowm[r] |= bit;
        e->colm[c] |= bit;
        e->boxm[bx] |= bit;
        if (cell == 35) {
            if (row4_ok(e)) fill(e, 36);
        } else if (cell == 44) {
            if (band_two_row_max(g + 27, g + 36) >= e->b) fill(e, 45);
        } else if (cell == 53) {
            if (band2_node(e)) band3(e);
        } else fill(e, cell + 1);
        e->rowm[r] ^= bit;
        e->colm[c] ^= bit;
        e->boxm[bx] ^= bit;
        if (e->stop) return;
    }
}

static mc_status ectx_init(ectx *e, int band)
{
    memset(e, 0, sizeof *e);
    e->b = band;
    e->class_of = band_box3_class_table();
    const uint8_t *B = band_minlex(band);
    memcpy(e->g, B, 27);
    for (int i = 0; i < 27; i++) {
        uint16_t bit = (uint16_t)(1u << B[i]);
        e->rowm[i / 9] |= bit;
        e->colm[i % 9] |= bit;
        e->boxm[i % 9 / 3] |= bit;
    }
    uint16_t *ids = malloc(BAND_MAPS * sizeof *ids);
    e->aut = malloc(BAND_MAPS * sizeof *e->aut);
    e->live = malloc(BAND_MAPS * sizeof *e->live);
    if (!ids || !e->aut || !e->live) {
        free(ids);
        free(e->aut);
        free(e->live);
        return MC_ENOMEM;
    }
    int n = band_automorphisms(band, ids);
    for (int i = 0; i < n; i++) {
        aut9 a;
        uint8_t row[3];
        band_map_perm(ids[i], row, a.col);
        for (int j = 0; j < 9; j++) a.lab[B[row[0] * 9 + a.col[j]]] = (uint8_t)j;
        for (int d = 0; d < 9; d++)
            if (a.lab[d] == 1) a.one = (uint8_t)d;
        bool dup = false;
        for (int k = 0; k < e->naut && !dup; k++)
            dup = memcmp(e->aut[k].col, a.col, 9) == 0 && memcmp(e->aut[k].lab, a.lab, 9) == 0;
        if (!dup) e->aut[e->naut++] = a;
    }
    free(ids);
    return MC_OK;
}

static void ectx_free(ectx *e)
{
    free(e->kept);
    free(e->aut);
    free(e->live);
}

/* The one runner behind every entry point: grids of band whose rows 4..
 * start with prefix[0..len). */
static mc_status run_band(int band, const uint8_t *prefix, int len, enumerate_fn fn, void *arg,
                          enumerate_stats *stats)
{
    if (band < 1 || band > BAND_COUNT || len < 0 || len > 54) return MC_EINVAL;
    for (int i = 0; i < len; i++)
        if (prefix[i] > 8) return MC_EINVAL;
    ectx *e = malloc(sizeof *e);
    if (!e) return MC_ENOMEM;
    mc_status st = ectx_init(e, band);
    if (st) {
        free(e);
        return st;
    }
    e->fn = fn;
    e->arg = arg;
    e->prefix = prefix;
    e->plen = len;
    fill(e, 27);
    if (e->oom) st = MC_ENOMEM;
    if (stats) *stats = e->st;
    ectx_free(e);
    free(e);
    return st;
}

mc_status enumerate_band_stats(int band, enumerate_fn fn, void *arg, enumerate_stats *stats)
{
    return run_band(band, NULL, 0, fn, arg, stats);
}

mc_status enumerate_band_prefix(int band, const uint8_t *prefix, int len, enumerate_fn fn, void *arg,
                                uint64_t *count)
{
    enumerate_stats st = {0};
    mc_status r = run_band(band, prefix, len, fn, arg, &st);
    if (count) *count = st.grids;
    return r;
}

mc_status enumerate_band(int band, enumerate_fn fn, void *arg, uint64_t *count)
{
    return enumerate_band_prefix(band, NULL, 0, fn, arg, count);
}

static int row4_rec(const uint8_t *B, uint8_t *row, int c, uint16_t used, uint8_t (*rows)[9], int max, int n)
{
    if (c == 9) {
        if (n < max) memcpy(rows[n], row, 9);
        return n + 1;
    }
    uint16_t colm = (uint16_t)((1u << B[c]) | (1u << B[9 + c]) | (1u << B[18 + c]));
    uint32_t cand = 0x1FFu & ~(uint32_t)(used | colm);
    if (c == 0) cand &= 2;
    while (cand) {
        int d = __builtin_ctz(cand);
        cand &= cand - 1;
        row[c] = (uint8_t)d;
        n = row4_rec(B, row, c + 1, (uint16_t)(used | (1u << d)), rows, max, n);
    }
    return n;
}

int enumerate_row4_candidates(int band, uint8_t (*rows)[9], int max)
{
    assert(band >= 1 && band <= BAND_COUNT);
    uint8_t row[9];
    return row4_rec(band_minlex(band), row, 0, 0, rows, max, 0);
}
