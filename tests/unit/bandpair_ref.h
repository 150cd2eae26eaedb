/* bandpair_ref — the slow twin of bandpair_enumerate (bandpair.h): the
 * enumeration as first written, kept for the tests to compare against.
 *
 * Rows 4-6 cell by cell; at each leaf the band index (band_index) and the
 * full images of rows 4-6 under every automorphism of M_b (and, when rows
 * 4-6 are also of index b, under every map sending them to M_b) are built,
 * row-sorted and compared whole with memcmp. Band 3s column by column (each
 * column's three digits in one of 6 orders), each kept when no image under
 * Aut(P) is smaller, then sorted with qsort. No shortcut of the fast code is
 * used: no lazy comparison, no row-by-row band 3, no stack tables.
 * Representation: ref_ctx holds the automorphisms of the band and Aut(P) of
 * the current pair as (column map, relabelling); the band 3s of a group in a
 * growing buffer. The callback gets the same bandpair_group as the fast
 * code's (band3 valid during the call). Static functions only: include in
 * one test file.
 */
#ifndef MC_BANDPAIR_REF_H
#define MC_BANDPAIR_REF_H

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "band.h"
#include "bandpair.h"
#include "perm3.h"

typedef struct ref_colmap {
    uint8_t col[9];
    uint8_t lab[9];
} ref_colmap;

typedef struct ref_ctx {
    int band, nauto, npaut;
    ref_colmap autos[BAND_MAPS];
    ref_colmap paut[2 * BAND_MAPS];
    uint8_t *buf;
    size_t cap, n;
    bool failed;
} ref_ctx;

static void ref_map_of(int id, const uint8_t *b, ref_colmap *m)
{
    uint8_t row[3], col[9];
    band_map_perm(id, row, col);
    memcpy(m->col, col, 9);
    for (int j = 0; j < 9; j++) m->lab[b[row[0] * 9 + col[j]]] = (uint8_t)j;
}

static void ref_compose(const ref_colmap *a, const ref_colmap *b, ref_colmap *out)
{
    ref_colmap r;
    for (int j = 0; j < 9; j++) r.col[j] = a->col[b->col[j]];
    for (int d = 0; d < 9; d++) r.lab[d] = b->lab[a->lab[d]];
    *out = r;
}

static void ref_apply_sorted(const ref_colmap *m, const uint8_t *x, uint8_t *out)
{
    uint8_t t[27];
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 9; j++) t[i * 9 + j] = m->lab[x[i * 9 + m->col[j]]];
    int o[3] = {0, 1, 2};
    for (int a = 0; a < 3; a++)
        for (int b = a + 1; b < 3; b++)
            if (t[o[a] * 9] > t[o[b] * 9]) {
                int s = o[a];
                o[a] = o[b];
                o[b] = s;
            }
    for (int i = 0; i < 3; i++) memcpy(out + i * 9, t + o[i] * 9, 9);
}

static bool ref_pair_canonical(ref_ctx *c, const uint8_t *y, int yindex)
{
    const uint8_t *m = band_minlex(c->band);
    uint8_t img[27];
    c->npaut = 1;
    for (int j = 0; j < 9; j++) c->paut[0].col[j] = c->paut[0].lab[j] = (uint8_t)j;
    for (int a = 1; a < c->nauto; a++) {
        ref_apply_sorted(&c->autos[a], y, img);
        int d = memcmp(img, y, 27);
        if (d < 0) return false;
        if (d == 0) c->paut[c->npaut++] = c->autos[a];
    }
    if (yindex == c->band) {
        int id;
        (void)band_index_map(y, &id);
        ref_colmap m0;
        ref_map_of(id, y, &m0);
        for (int a = 0; a < c->nauto; a++) {
            ref_colmap g;
            ref_compose(&m0, &c->autos[a], &g);
            ref_apply_sorted(&g, m, img);
            int d = memcmp(img, y, 27);
            if (d < 0) return false;
            if (d == 0) c->paut[c->npaut++] = g;
        }
    }
    return true;
}

static int ref_cmp27(const void *a, const void *b) { return memcmp(a, b, 27); }

typedef struct ref_b3 {
    ref_ctx *c;
    uint8_t dig[9][3];
    uint8_t b3[27];
    uint16_t rowmask[3];
    int completions;
} ref_b3;

static void ref_b3_fill(ref_b3 *s, int j)
{
    if (j == 9) {
        s->completions++;
        uint8_t img[27];
        for (int a = 1; a < s->c->npaut; a++) {
            ref_apply_sorted(&s->c->paut[a], s->b3, img);
            if (memcmp(img, s->b3, 27) < 0) return;
        }
        ref_ctx *c = s->c;
        if (c->n == c->cap) {
            size_t cap = c->cap ? 2 * c->cap : 256;
            uint8_t *nb = realloc(c->buf, cap * 27);
            if (!nb) {
                c->failed = true;
                return;
            }
            c->buf = nb;
            c->cap = cap;
        }
        memcpy(c->buf + 27 * c->n++, s->b3, 27);
        return;
    }
    for (int p = 0; p < 6; p++) {
        uint8_t d0 = s->dig[j][perm3[p][0]], d1 = s->dig[j][perm3[p][1]], d2 = s->dig[j][perm3[p][2]];
        if ((s->rowmask[0] >> d0 & 1) | (s->rowmask[1] >> d1 & 1) | (s->rowmask[2] >> d2 & 1)) continue;
        if (j == 0 && p != 0) continue; /* rows sorted by their first digit */
        s->rowmask[0] ^= (uint16_t)(1u << d0);
        s->rowmask[1] ^= (uint16_t)(1u << d1);
        s->rowmask[2] ^= (uint16_t)(1u << d2);
        s->b3[j] = d0, s->b3[9 + j] = d1, s->b3[18 + j] = d2;
        ref_b3_fill(s, j + 1);
        s->rowmask[0] ^= (uint16_t)(1u << d0);
        s->rowmask[1] ^= (uint16_t)(1u << d1);
        s->rowmask[2] ^= (uint16_t)(1u << d2);
    }
}

/* The band 3s of pair into c->buf (c->n of them), sorted; the completion
 * count before the Aut(P) reduction. */
static int ref_band3(ref_ctx *c, const uint8_t *pair)
{
    ref_b3 s;
    memset(&s, 0, sizeof s);
    s.c = c;
    for (int j = 0; j < 9; j++) {
        unsigned used = 0;
        for (int i = 0; i < 6; i++) used |= 1u << pair[i * 9 + j];
        int k = 0;
        for (int d = 0; d < 9; d++)
            if (!(used >> d & 1)) s.dig[j][k++] = (uint8_t)d;
    }
    c->n = 0;
    ref_b3_fill(&s, 0);
    if (c->n > 1) qsort(c->buf, c->n, 27, ref_cmp27);
    return s.completions;
}

typedef struct ref_walk {
    ref_ctx *c;
    const uint8_t *m;
    uint16_t colmask[9], rowmask[3], boxmask[3];
    uint8_t y[27];
    uint64_t first, last, seen, leaves;
    bool with_band3, stop;
    bandpair_fn fn;
    void *arg;
} ref_walk;

static void ref_leaf(ref_walk *w)
{
    w->leaves++;
    ref_ctx *c = w->c;
    int yi = band_index(w->y);
    if (yi < c->band || !ref_pair_canonical(c, w->y, yi)) return;
    w->seen++;
    if (w->seen < w->first) return;
    if (w->last && w->seen > w->last) {
        w->stop = true;
        return;
    }
    bandpair_group g;
    memset(&g, 0, sizeof g);
    g.band1 = c->band;
    g.band2 = yi;
    g.local_rank = w->seen;
    memcpy(g.pair, w->m, 27);
    memcpy(g.pair + 27, w->y, 27);
    g.autos = c->npaut;
    c->n = 0;
    if (w->with_band3) g.completions = ref_band3(c, g.pair);
    if (c->failed) {
        w->stop = true;
        return;
    }
    g.nband3 = (int)c->n;
    g.band3 = c->buf;
    if (w->fn && w->fn(w->arg, &g)) w->stop = true;
}

static void ref_fill(ref_walk *w, int k)
{
    if (k == 27) {
        ref_leaf(w);
        return;
    }
    int i = k / 9, j = k % 9, bx = j / 3;
    for (int d = 0; d < 9 && !w->stop; d++) {
        uint16_t bit = (uint16_t)(1u << d);
        if ((w->colmask[j] | w->rowmask[i] | w->boxmask[bx]) & bit) continue;
        if (j == 0 && i > 0 && d <= w->y[(i - 1) * 9]) continue; /* rows sorted by first digit */
        w->colmask[j] |= bit, w->rowmask[i] |= bit, w->boxmask[bx] |= bit;
        w->y[k] = (uint8_t)d;
        ref_fill(w, k + 1);
        w->colmask[j] &= (uint16_t)~bit, w->rowmask[i] &= (uint16_t)~bit, w->boxmask[bx] &= (uint16_t)~bit;
    }
}

/* The groups of band 1 index band with local ranks first..last (last 0: to
 * the end), as bandpair_enumerate gives them; *leaves gets the rows 4-6
 * filled. false when memory ran out. */
static bool ref_enumerate(int band, uint64_t first, uint64_t last, bool with_band3, bandpair_fn fn, void *arg,
                          uint64_t *leaves)
{
    ref_ctx *c = calloc(1, sizeof *c);
    if (!c) return false;
    c->band = band;
    uint16_t *ids = malloc(BAND_MAPS * sizeof *ids);
    if (!ids) {
        free(c);
        return false;
    }
    const uint8_t *m = band_minlex(band);
    c->nauto = band_automorphisms(band, ids);
    for (int a = 0; a < c->nauto; a++) ref_map_of(ids[a], m, &c->autos[a]);
    free(ids);
    ref_walk w;
    memset(&w, 0, sizeof w);
    w.c = c;
    w.m = m;
    for (int j = 0; j < 9; j++)
        for (int i = 0; i < 3; i++) w.colmask[j] |= (uint16_t)(1u << m[i * 9 + j]);
    w.first = first;
    w.last = last;
    w.with_band3 = with_band3;
    w.fn = fn;
    w.arg = arg;
    ref_fill(&w, 0);
    if (leaves) *leaves = w.leaves;
    bool ok = !c->failed;
    free(c->buf);
    free(c);
    return ok;
}

#endif
