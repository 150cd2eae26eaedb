/* bandpair — band-pair groups (see bandpair.h). */
#include "bandpair.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "band.h"
#include "grid.h"

/* A map of H_pair restricted to what acts on the other bands: new column j =
 * old column col[j], digit d becomes lab[d]. */
typedef struct colmap {
    uint8_t col[9];
    uint8_t lab[9];
} colmap;

struct bandpair_ctx {
    int band;               /* band whose automorphisms are loaded, 0 = none */
    int nauto;              /* |Aut(M_band)| */
    colmap autos[BAND_MAPS];
    colmap paut[2 * BAND_MAPS]; /* Aut(P) of the current pair */
    int lband, nlauto;          /* the same as band, nauto, autos for bandpair_locate */
    colmap lautos[BAND_MAPS];
    int npaut;
    uint8_t *buf; /* band 3s, 27 digits each */
    size_t cap;   /* in band 3s */
    size_t n;
};

mc_status bandpair_ctx_new(bandpair_ctx **out)
{
    bandpair_ctx *c = calloc(1, sizeof *c);
    if (!c) return MC_ENOMEM;
    c->cap = 256;
    c->buf = malloc(c->cap * 27);
    if (!c->buf) {
        free(c);
        return MC_ENOMEM;
    }
    /* the band tables (band_init, about 0.5 s) are built at their first use,
     * not here: a master that only checks found puzzles may never need them */
    *out = c;
    return MC_OK;
}

void bandpair_ctx_free(bandpair_ctx *ctx)
{
    if (!ctx) return;
    free(ctx->buf);
    free(ctx);
}

/* The column map and relabelling of band map `id` applied to band `b`
 * (relabelling forced by the new first row). */
static void map_of(int id, const uint8_t *b, colmap *m)
{
    uint8_t row[3], col[9];
    band_map_perm(id, row, col);
    memcpy(m->col, col, 9);
    for (int j = 0; j < 9; j++) m->lab[b[row[0] * 9 + col[j]]] = (uint8_t)j;
}

/* out = "first a, then b". */
static void compose(const colmap *a, const colmap *b, colmap *out)
{
    colmap r;
    for (int j = 0; j < 9; j++) r.col[j] = a->col[b->col[j]];
    for (int d = 0; d < 9; d++) r.lab[d] = b->lab[a->lab[d]];
    *out = r;
}

/* The rows of band x in the order m's image puts them once its rows are
 * sorted by their first digit (distinct in a band). */
static inline void image_rows(const colmap *m, const uint8_t *x, const uint8_t *r[3])
{
    const uint8_t *lab = m->lab;
    int c0 = m->col[0];
    int f0 = lab[x[c0]], f1 = lab[x[9 + c0]], f2 = lab[x[18 + c0]];
    int o0 = 0, o1 = 1, o2 = 2, t;
    if (f0 > f1) t = o0, o0 = o1, o1 = t, t = f0, f0 = f1, f1 = t;
    if (f1 > f2) t = o1, o1 = o2, o2 = t, t = f1, f1 = f2, f2 = t;
    if (f0 > f1) t = o0, o0 = o1, o1 = t;
    r[0] = x + 9 * o0, r[1] = x + 9 * o1, r[2] = x + 9 * o2;
}

/* out = m applied to band x (27 digits), rows then sorted by first digit
 * (out and x distinct). */
static void apply_sorted(const colmap *m, const uint8_t *x, uint8_t *out)
{
    const uint8_t *r[3];
    image_rows(m, x, r);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 9; j++) out[i * 9 + j] = m->lab[r[i][m->col[j]]];
}

/* The sign of memcmp(m applied to band x with its rows then sorted by their
 * first digit, y, 27): the image is built digit by digit in y's order and the
 * comparison stops at the first difference (most images differ early). */
static inline int cmp_image(const colmap *m, const uint8_t *x, const uint8_t *y)
{
    const uint8_t *col = m->col, *lab = m->lab, *r[3];
    image_rows(m, x, r);
    for (int i = 0; i < 3; i++) {
        const uint8_t *ri = r[i], *yi = y + 9 * i;
        for (int j = 0; j < 9; j++) {
            int d = lab[ri[col[j]]] - yi[j];
            if (d) return d;
        }
    }
    return 0;
}

/* The automorphisms of M_band as column maps into autos (identity first). */
static void load_autos(int *loaded, int band, colmap *autos, int *nauto)
{
    if (*loaded == band) return;
    static_assert(BAND_MAPS <= 65535, "ids fit in uint16_t");
    uint16_t ids[BAND_MAPS];
    int n = band_automorphisms(band, ids);
    const uint8_t *m = band_minlex(band);
    for (int i = 0; i < n; i++) map_of(ids[i], m, &autos[i]);
    *nauto = n;
    *loaded = band;
}

static void load_band(bandpair_ctx *ctx, int band) { load_autos(&ctx->band, band, ctx->autos, &ctx->nauto); }

/* Canonicity test of the pair (M_b, y), y with sorted rows, first part: no
 * automorphism of M_b maps y to a smaller band. Starts Aut(P) (ctx->paut)
 * with the identity and the automorphisms fixing y. */
static bool pair_autos_keep(bandpair_ctx *ctx, const uint8_t *y)
{
    ctx->npaut = 1;
    for (int j = 0; j < 9; j++) ctx->paut[0].col[j] = ctx->paut[0].lab[j] = (uint8_t)j;
    for (int a = 1; a < ctx->nauto; a++) {
        int c = cmp_image(&ctx->autos[a], y, y);
        if (c < 0) return false;
        if (c == 0) ctx->paut[ctx->npaut++] = ctx->autos[a];
    }
    return true;
}

/* Second part, when y is of index b too: no map sending y to M_b (followed
 * by an automorphism of M_b) maps M_b to a smaller band than y; the maps
 * that map it to y join Aut(P). */
static bool pair_swaps_keep(bandpair_ctx *ctx, const uint8_t *y)
{
    const uint8_t *m = band_minlex(ctx->band);
    int id;
    (void)band_index_map(y, &id);
    colmap m0;
    map_of(id, y, &m0);
    for (int a = 0; a < ctx->nauto; a++) {
        colmap g;
        compose(&m0, &ctx->autos[a], &g);
        int c = cmp_image(&g, m, y);
        if (c < 0) return false;
        if (c == 0) ctx->paut[ctx->npaut++] = g;
    }
    return true;
}

static bool b3_keep(const bandpair_ctx *ctx, const uint8_t *b3)
{
    for (int a = 1; a < ctx->npaut; a++)
        if (cmp_image(&ctx->paut[a], b3, b3) < 0) return false;
    return true;
}

static mc_status grow(bandpair_ctx *ctx)
{
    uint8_t *nb = realloc(ctx->buf, ctx->cap * 2 * 27);
    if (!nb) return MC_ENOMEM;
    ctx->buf = nb;
    ctx->cap *= 2;
    return MC_OK;
}

/* Band 3s of the pair (rows 1-6), rows sorted (column 1 increasing), kept
 * when minimal under Aut(P) (ctx->paut), into ctx->buf in increasing
 * lexicographic order; *completions gets their number before the Aut(P)
 * reduction.
 *
 * Column j of band 3 holds the three digits dig[j] missing from it in rows
 * 1-6, and the three columns of a stack miss disjoint sets (each digit is
 * twice in a stack's rows 1-6, in two of its columns), which make up the
 * nine digits. So any choice of one digit per column gives each stack three
 * distinct digits in a row, and a band 3 is valid when each of rows 7 and 8
 * takes one digit per column, the nine distinct; row 9 takes what is left,
 * and is then a row of nine distinct digits too (a digit in row 7 of stack
 * s and row 8 of stack t, s != t, is left in row 9 of the third stack
 * only). Rows are made in lexicographic order: row 7 from the stack-1
 * triples (column 1 fixed: dig[0][0]) times the stack-2 triples, each in
 * increasing order, the stack-3 triple forced (the digits neither took,
 * valid when one falls in each of its columns); then row 8 the same way
 * with what row 7 left (column 1 fixed: dig[0][1]). */
/* One digit for each column of a stack (a row's part of a stack): the digits
 * by column and as a mask. */
typedef struct triple {
    uint16_t mask;
    uint8_t d[3];
} triple;

static mc_status band3_list(bandpair_ctx *ctx, const uint8_t *pair, int *completions)
{
    uint8_t dig[9][3];
    unsigned cm[9]; /* digits of dig[j] as a mask */
    for (int j = 0; j < 9; j++) {
        unsigned used = 0;
        for (int i = 0; i < 6; i++) used |= 1u << pair[i * 9 + j];
        unsigned miss = 0x1FFu & ~used;
        cm[j] = miss;
        for (int k = 0; k < 3; k++) {
            assert(miss);
            dig[j][k] = (uint8_t)__builtin_ctz(miss);
            miss &= miss - 1;
        }
    }
    /* row 7's stack-2 parts, in increasing order */
    triple t2[27];
    for (int t = 0; t < 27; t++) {
        t2[t].d[0] = dig[3][t / 9], t2[t].d[1] = dig[4][t / 3 % 3], t2[t].d[2] = dig[5][t % 3];
        t2[t].mask = (uint16_t)(1u << t2[t].d[0] | 1u << t2[t].d[1] | 1u << t2[t].d[2]);
    }
    ctx->n = 0;
    int count = 0;
    uint8_t b3[27];
    b3[0] = dig[0][0];
    b3[9] = dig[0][1];
    b3[18] = dig[0][2];
    for (int t1 = 0; t1 < 9; t1++) {
        unsigned s1 = 1u << dig[0][0] | 1u << dig[1][t1 / 3] | 1u << dig[2][t1 % 3];
        b3[1] = dig[1][t1 / 3];
        b3[2] = dig[2][t1 % 3];
        for (int t = 0; t < 27; t++) {
            unsigned s2 = t2[t].mask;
            if (s1 & s2) continue;
            unsigned s3 = 0x1FFu & ~(s1 | s2);
            unsigned e6 = s3 & cm[6], e7 = s3 & cm[7], e8 = s3 & cm[8];
            if (!e6 || !e7 || !e8) continue;
            memcpy(b3 + 3, t2[t].d, 3);
            b3[6] = (uint8_t)__builtin_ctz(e6);
            b3[7] = (uint8_t)__builtin_ctz(e7);
            b3[8] = (uint8_t)__builtin_ctz(e8);
            /* row 8: per column the two digits row 7 left, increasing */
            unsigned lm[9];
            uint8_t lo[9], hi[9];
            for (int j = 1; j < 9; j++) {
                lm[j] = cm[j] & ~(1u << b3[j]);
                lo[j] = (uint8_t)__builtin_ctz(lm[j]);
                hi[j] = (uint8_t)(31 - __builtin_clz(lm[j]));
            }
            triple u2[8];
            for (int u = 0; u < 8; u++) {
                u2[u].d[0] = u & 4 ? hi[3] : lo[3];
                u2[u].d[1] = u & 2 ? hi[4] : lo[4];
                u2[u].d[2] = u & 1 ? hi[5] : lo[5];
                u2[u].mask = (uint16_t)(1u << u2[u].d[0] | 1u << u2[u].d[1] | 1u << u2[u].d[2]);
            }
            for (int u1 = 0; u1 < 4; u1++) {
                uint8_t e1 = u1 & 2 ? hi[1] : lo[1], e2 = u1 & 1 ? hi[2] : lo[2];
                unsigned r1 = 1u << dig[0][1] | 1u << e1 | 1u << e2;
                for (int u = 0; u < 8; u++) {
                    unsigned r2 = u2[u].mask;
                    if (r1 & r2) continue;
                    unsigned r3 = 0x1FFu & ~(r1 | r2);
                    unsigned g6 = r3 & lm[6], g7 = r3 & lm[7], g8 = r3 & lm[8];
                    if (!g6 || !g7 || !g8) continue;
                    b3[10] = e1, b3[11] = e2;
                    memcpy(b3 + 12, u2[u].d, 3);
                    b3[15] = (uint8_t)__builtin_ctz(g6);
                    b3[16] = (uint8_t)__builtin_ctz(g7);
                    b3[17] = (uint8_t)__builtin_ctz(g8);
                    for (int j = 1; j < 9; j++) b3[18 + j] = (uint8_t)__builtin_ctz(lm[j] ^ (1u << b3[9 + j]));
                    count++;
                    if (ctx->npaut > 1 && !b3_keep(ctx, b3)) continue;
                    if (ctx->n == ctx->cap && grow(ctx) != MC_OK) return MC_ENOMEM;
                    memcpy(ctx->buf + ctx->n * 27, b3, 27);
                    ctx->n++;
                }
            }
        }
    }
    *completions = count;
    return MC_OK;
}

typedef struct pairstate {
    bandpair_ctx *ctx;
    const uint8_t *m; /* M_b */
    uint16_t colmask[9], rowmask[3], boxmask[3];
    uint8_t y[27];
    uint64_t first, last, seen;
    bool with_band3, stop;
    bandpair_fn fn;
    void *arg;
    bandpair_stats *st;
    mc_status status;
} pairstate;

static void pair_leaf(pairstate *s)
{
    s->st->leaves++;
    /* the same conditions as "index >= b and canonical", cheapest first */
    if (!pair_autos_keep(s->ctx, s->y)) return;
    int yi = band_index(s->y);
    if (yi < s->ctx->band) return;
    if (yi == s->ctx->band && !pair_swaps_keep(s->ctx, s->y)) return;
    s->seen++;
    if (s->seen < s->first) return;
    if (s->last && s->seen > s->last) {
        s->stop = true;
        return;
    }
    bandpair_group g;
    g.band1 = s->ctx->band;
    g.band2 = yi;
    g.local_rank = s->seen;
    memcpy(g.pair, s->m, 27);
    memcpy(g.pair + 27, s->y, 27);
    g.autos = s->ctx->npaut;
    g.completions = 0;
    s->ctx->n = 0;
    if (s->with_band3) {
        mc_status st = band3_list(s->ctx, g.pair, &g.completions);
        if (st != MC_OK) {
            s->status = st;
            s->stop = true;
            return;
        }
    }
    g.nband3 = (int)s->ctx->n;
    g.band3 = s->ctx->buf;
    s->st->pairs++;
    if (s->with_band3 && g.nband3 == 0) s->st->empty++;
    s->st->items += (uint64_t)g.nband3;
    s->st->completions += (uint64_t)g.completions;
    if ((uint64_t)g.nband3 > s->st->max_nband3) s->st->max_nband3 = (uint64_t)g.nband3;
    if (s->fn && s->fn(s->arg, &g)) s->stop = true;
}

static void pair_fill(pairstate *s, int k)
{
    if (k == 27) {
        pair_leaf(s);
        return;
    }
    int i = k / 9, j = k % 9, bx = j / 3;
    unsigned cand = 0x1FFu & ~(unsigned)(s->colmask[j] | s->rowmask[i] | s->boxmask[bx]);
    if (j == 0 && i > 0) cand &= ~((2u << s->y[(i - 1) * 9]) - 1); /* rows sorted by first digit */
    while (cand && !s->stop) {
        int d = __builtin_ctz(cand);
        cand &= cand - 1;
        uint16_t bit = (uint16_t)(1u << d);
        s->colmask[j] |= bit;
        s->rowmask[i] |= bit;
        s->boxmask[bx] |= bit;
        s->y[k] = (uint8_t)d;
        pair_fill(s, k + 1);
        s->colmask[j] &= (uint16_t)~bit;
        s->rowmask[i] &= (uint16_t)~bit;
        s->boxmask[bx] &= (uint16_t)~bit;
    }
}

mc_status bandpair_enumerate(bandpair_ctx *ctx, int band, uint64_t first, uint64_t last, bool with_band3,
                             bandpair_fn fn, void *arg, bandpair_stats *stats)
{
    if (band < 1 || band > BAND_COUNT || first < 1 || (last && last < first)) return MC_EINVAL;
    load_band(ctx, band);
    bandpair_stats local;
    memset(&local, 0, sizeof local);
    pairstate s;
    memset(&s, 0, sizeof s);
    s.ctx = ctx;
    s.m = band_minlex(band);
    for (int j = 0; j < 9; j++)
        for (int i = 0; i < 3; i++) s.colmask[j] |= (uint16_t)(1u << s.m[i * 9 + j]);
    s.first = first;
    s.last = last;
    s.with_band3 = with_band3;
    s.fn = fn;
    s.arg = arg;
    s.st = &local;
    s.status = MC_OK;
    pair_fill(&s, 0);
    if (stats) {
        stats->leaves += local.leaves;
        stats->pairs += local.pairs;
        stats->empty += local.empty;
        stats->items += local.items;
        stats->completions += local.completions;
        if (local.max_nband3 > stats->max_nband3) stats->max_nband3 = local.max_nband3;
    }
    return s.status;
}

void bandpair_orient(const uint8_t *g, int slot, uint8_t *x)
{
    assert(slot >= 0 && slot < BANDPAIR_SLOTS);
    uint8_t t[81];
    if (slot >= 3) {
        for (int r = 0; r < 9; r++)
            for (int c = 0; c < 9; c++) t[r * 9 + c] = g[c * 9 + r];
        g = t;
    }
    int k = slot % 3, o = 0;
    for (int b = 0; b < 3; b++)
        if (b != k) memcpy(x + 27 * o++, g + 27 * b, 27);
    memcpy(x + 54, g + 27 * k, 27);
}

void bandpair_locate(bandpair_ctx *ctx, const uint8_t *x, uint8_t *pair, uint8_t *band3, int *band1)
{
    int iu = band_index(x), iv = band_index(x + 27);
    int b = iu < iv ? iu : iv;
    load_autos(&ctx->lband, b, ctx->lautos, &ctx->nlauto);
    int n = ctx->nlauto;
    const uint8_t *m = band_minlex(b);
    uint8_t best[54], cand[54];
    bool have = false;
    for (int z = 0; z < 2; z++) {
        const uint8_t *zb = x + 27 * z, *ob = x + 27 * (1 - z);
        if ((z == 0 ? iu : iv) != b) continue;
        int id;
        (void)band_index_map(zb, &id);
        colmap m0;
        map_of(id, zb, &m0);
        for (int a = 0; a < n; a++) {
            colmap g;
            compose(&m0, &ctx->lautos[a], &g);
            apply_sorted(&g, ob, cand);
            apply_sorted(&g, x + 54, cand + 27);
            if (!have || memcmp(cand, best, 54) < 0) {
                memcpy(best, cand, 54);
                have = true;
            }
        }
    }
    memcpy(pair, m, 27);
    memcpy(pair + 27, best, 27);
    memcpy(band3, best + 27, 27);
    *band1 = b;
}

/* The cover order of items: band 1 index, then the pair's rows 4-6, then
 * band 3, digit by digit (negative, 0, positive as memcmp). */
static int item_order(int b1a, const uint8_t *pa, const uint8_t *ba, int b1b, const uint8_t *pb, const uint8_t *bb)
{
    if (b1a != b1b) return b1a < b1b ? -1 : 1;
    int d = memcmp(pa + 27, pb + 27, 27);
    return d ? d : memcmp(ba, bb, 27);
}

void bandpair_cover(bandpair_ctx *ctx, const uint8_t *g, const uint8_t *p, int *slot, uint8_t *pair,
                    uint8_t *band3, int *band1)
{
    int counts[BANDPAIR_SLOTS] = {0}, top = 0;
    for (int c = 0; c < 81; c++)
        if (p[c] != CELL_EMPTY) counts[c / 27]++, counts[3 + (c % 9) / 3]++;
    for (int s = 0; s < BANDPAIR_SLOTS; s++)
        if (counts[s] > top) top = counts[s];
    bool have = false;
    for (int s = 0; s < BANDPAIR_SLOTS; s++) {
        if (counts[s] != top) continue;
        uint8_t x[81], cp[54], cb[27];
        int cb1;
        bandpair_orient(g, s, x);
        bandpair_locate(ctx, x, cp, cb, &cb1);
        if (!have || item_order(cb1, cp, cb, *band1, pair, band3) < 0) {
            have = true;
            *slot = s;
            *band1 = cb1;
            memcpy(pair, cp, 54);
            memcpy(band3, cb, 27);
        }
    }
}

int bandpair_tie_rivals(bandpair_ctx *ctx, const uint8_t *pair, const uint8_t *band3)
{
    static const int slot[BANDPAIR_RIVALS] = {0, 1, 3, 4, 5};
    uint8_t g[81], x[81], cp[54], cb[27];
    memcpy(g, pair, 54);
    memcpy(g + 54, band3, 27);
    /* the band index of each slot; the pair's band 1 index is idx[0] (its
     * rows 1-3 are the minlex band of the smaller index); a rival's band 1
     * index is the smaller of its other two slots', which settles the
     * order unless it equals the pair's */
    int idx[BANDPAIR_SLOTS], before = 0;
    for (int b = 0; b < 3; b++) idx[b] = band_index(g + 27 * b);
    for (int s = 0; s < 3; s++) idx[3 + s] = band_index_stack(g, s);
    for (int i = 0; i < BANDPAIR_RIVALS; i++) {
        int base = slot[i] < 3 ? 0 : 3, b1 = BAND_COUNT + 1;
        for (int k = base; k < base + 3; k++)
            if (k != slot[i] && idx[k] < b1) b1 = idx[k];
        bool earlier = b1 < idx[0];
        if (b1 == idx[0]) {
            int cb1;
            bandpair_orient(g, slot[i], x);
            bandpair_locate(ctx, x, cp, cb, &cb1);
            earlier = item_order(cb1, cp, cb, idx[0], pair, band3) < 0;
        }
        before |= earlier << i;
    }
    return before;
}
