/* band_engine_pairs — steps 2-4 of the band method (band_engine.h): the
 * two-band UAs, their vectors, the sieve with its closures, X x Y, the
 * two-band list and the two-band check; the pairs that fix bands 1+2 are
 * kept in e->qs (X order) for step 5 (band_engine_band3.c).
 *
 * Carries: no pair that a minimal puzzle of the orientation (group) makes
 * is lost: every size pair band_split_pair_ok_strict allows is enumerated;
 * a pair is dropped only when it misses a two-band UA (the vectors, the
 * second vector, the sieve rows, the closures and the list are each an
 * exact test of "misses a set"), when a stack holds more clues than band 3
 * may, when the band-3 bound of step 3b (grid mode) or 3c (group mode,
 * band_engine_group.c) cuts it, or when bands 1+2 have a second solution
 * with band 3 given (step 4).
 * May assume: every set it tests is a UA of bands 1+2 (the finder's, those
 * of band_ua, the differences learned, checked by be_second_ok in
 * band_engine_learn.c); band_sieve, band_scan and their best versions
 * give their scalar twins' answers, and band_template counts as the solver
 * does (their headers and tests); the tables list every valid subset
 * (band_table.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "band_engine_internal.h"
#include "band_split.h"
#include "mc_clock.h"
#include "sort.h"

mc_status be_add_tb(band_engine *e, uint64_t w)
{
    if (e->ntb == e->captb) {
        int n = e->captb ? 2 * e->captb : 1024;
        uint64_t *p = realloc(e->tbw, sizeof *p * (size_t)n);
        if (!p) return MC_ENOMEM;
        e->tbw = p;
        e->captb = n;
    }
    e->tbw[e->ntb++] = w;
    return MC_OK;
}

/* Step 4's check of the pair X u Y, bands 1+2 with band 3 given (as
 * solve_set(e, X u Y, all of band 3)): 1 when unique; 2 with the other
 * solution in other and where it differs in *d. By digit templates
 * (band_template.h, made by two_band_base), or with
 * options.two_band_solver by the solver from its base states, band 3 in
 * slot 0 and band 3 plus X in slot 1, made when X changes (the pairs of
 * one X come one after another). */
static int two_band_check(band_engine *e, uint32_t x, uint32_t y, uint8_t other[81], cs81 *d)
{
    e->rec->solver_calls++;
    if (!e->opt.two_band_solver) {
        if (e->tpl->x != x) band_template_set_x(e->tpl, x);
        int r = band_template_count(e->tpl, y, other);
        if (r == 2) {
            memcpy(other + 54, e->og + 54, 27);
            *d = be_diff_of(e, other);
        }
        return r;
    }
    if (e->xbase_x != x) {
        uint64_t cx[2] = {x, 0};
        solver9_base_extend(e->solver, 0, 1, e->og, cx);
        e->xbase_x = x;
    }
    uint64_t cy[2] = {(uint64_t)y << 27, 0};
    uint8_t second[81];
    int r = solver9_count2_base(e->solver, 1, e->og, cy, second);
    if (r == 2) *d = be_diff_set(e, second, other);
    return r;
}

/* What step 4 starts from in an orientation or group: the templates of
 * its bands 1+2, or with options.two_band_solver slot 0 of the solver's
 * base states (the oriented grid's band 3). */
static void two_band_base(band_engine *e)
{
    if (!e->opt.two_band_solver) {
        band_template_init(e->tpl, e->og, e->g12);
        return;
    }
    uint8_t p[81];
    memset(p, CELL_EMPTY, 54);
    for (uint64_t m = e->g12; m; m &= m - 1) p[__builtin_ctzll(m)] = e->og[__builtin_ctzll(m)];
    memcpy(p + 54, e->og + 54, 27);
    solver9_base_load(e->solver, 0, p);
    e->xbase_x = XBASE_NONE;
}

/* True when the pair q = X u Y misses a set of the two-band list from n2v
 * on (the first n2v were tested with the vectors). The first pair of an X
 * scans the whole list; from the second on, the scan takes only the sets
 * whose band-1 part X misses (e->tbx, made then and extended by the sets
 * learned since): a pair misses set k iff X misses its band-1 part and Y
 * its band-2 part, so both scans give the same answer. K = 17, group
 * 70:877691: 7.4 M pairs, 85 K X, 4,758 sets on average, 193 of them
 * missed by X. With options.scan_scalar (the slow twin) every pair scans
 * the whole list one set at a time; the same when tbx cannot grow. */
static bool list_dead(band_engine *e, uint32_t x, uint64_t q)
{
    const uint64_t *list = e->tbw + e->n2v;
    int n = e->ntb - e->n2v;
    if (n <= 0) return false;
    if (e->opt.scan_scalar) return e->scan(list, n, q) < n;
    if (x != e->tbx_x) { /* the X's first pair: nothing made yet */
        e->tbx_x = x, e->tbx_at = e->n2v, e->ntbx = 0;
        return e->scan(list, n, q) < n;
    }
    if (e->tbx_at < e->ntb) {
        if (e->captbx < e->ntb) {
            uint64_t *p = realloc(e->tbx, sizeof *p * 2 * (size_t)e->ntb);
            if (!p) return e->scan(list, n, q) < n;
            e->tbx = p;
            e->captbx = 2 * e->ntb;
        }
        e->ntbx += e->filter(e->tbw + e->tbx_at, e->ntb - e->tbx_at, x, e->tbx + e->ntbx);
        e->tbx_at = e->ntb;
    }
    return e->scan(e->tbx, e->ntbx, q) < e->ntbx;
}

static void pair_stacks(uint64_t q, int qstack[3])
{
    uint32_t x = (uint32_t)q & MASK27, y = (uint32_t)(q >> 27) & MASK27;
    for (int s = 0; s < 3; s++) {
        uint32_t sm = UINT32_C(0x1C0E07) << (3 * s);
        qstack[s] = __builtin_popcount(x & sm) + __builtin_popcount(y & sm);
    }
}

/* Step 4 on a pair that passed the vectors and the list: a pair that fixes
 * bands 1+2 is kept for step 5; a second solution is learned. A pair with
 * a stack of more than zhi - strict_s clues is dropped first: band 3 holds
 * at most zhi clues and, as the owning band (band_split) or the covering
 * slot (bandpair_cover, the most clues of the six), at least as many as
 * any stack, which holds q_s and more. */
static void survivor(band_engine *e, uint32_t x, uint32_t y)
{
    uint64_t q = (uint64_t)x | ((uint64_t)y << 27);
    int zlo, zhi, qs3[3];
    band_split_zrange_strict(e->opt.clues, e->band_strict[0], e->band_strict[1], __builtin_popcount(x),
                             __builtin_popcount(y), &zlo, &zhi);
    if (zlo < e->opt.band3_min) zlo = e->opt.band3_min; /* <= zhi: be_pair_phase takes K - x - y >= band3_min */
    pair_stacks(q, qs3);
    for (int st = 0; st < 3; st++)
        if (qs3[st] > zhi - e->strict[st]) {
            e->rec->band3_filtered++;
            return;
        }
    if (!e->group) { /* one item: its band-3 bound before the list and step 4 */
        uint64_t un[MIX / 64];
        int nw;
        if (be_mix_dead(e, x, y, zhi, qs3, un, &nw)) {
            e->rec->band3_filtered++;
            return;
        }
    }
    /* two-band UAs beyond the vectors */
    if (list_dead(e, x, q)) return;
    e->rec->survivors++;
    if (e->nib && be_items_dead(e, x, y, zlo, zhi, qs3)) {
        e->rec->band3_filtered++; /* step 3c: no item can complete it */
        return;
    }
    if (e->opt.two_band_check) {
        uint8_t other[81];
        cs81 d;
        int r = two_band_check(e, x, y, other, &d);
        if (r == 0) {
            be_fail(e, "a two-band count found no solution");
            return;
        }
        if (r != 1) {
            if (!be_second_ok(e, other, &d, q, MASK27)) return;
            if (d.w[1] || (d.w[0] >> 54)) {
                be_fail(e, "a two-band difference leaves bands 1+2");
                return;
            }
            /* the difference itself, a UA already (be_second_ok checked the
             * solution), into a vector slot or the list: a slot's UA
             * minimized took about 19 solver calls (79,134 of 146,168 at
             * K = 16, 26 groups) and saved less than that (engine 1.25 ->
             * 1.22 s without; K = 17, group 70:877691, 6.80 -> 6.72 s) */
            if (e->opt.learn) be_learn_two_band(e, d.w[0]);
            return;
        }
    }
    e->rec->two_band_pass++;
    if (e->nqs == e->capqs) {
        if (e->nqs >= e->opt.max_pairs) {
            if (e->status == MC_OK) {
                snprintf(e->failure, sizeof e->failure,
                         "K = %d needs more than %llu band 1+2 pairs kept for band 3 (%llu MiB), the band engine's "
                         "bound",
                         e->opt.clues, (unsigned long long)e->opt.max_pairs,
                         (unsigned long long)((e->opt.max_pairs * 12 + (1u << 20) - 1) >> 20));
                e->status = MC_ELIMIT;
            }
            e->stop = true;
            return;
        }
        size_t n = e->capqs ? 2 * e->capqs : 4096;
        if (n > e->opt.max_pairs) n = (size_t)e->opt.max_pairs;
        uint64_t *p = realloc(e->qs, sizeof *p * n);
        if (p) e->qs = p;
        uint32_t *pi = p ? realloc(e->qinfo, sizeof *pi * n) : NULL;
        if (!pi) {
            e->status = MC_ENOMEM;
            e->stop = true;
            return;
        }
        e->qinfo = pi;
        e->capqs = n;
    }
    if (e->qlive_on) be_keep_lanes(e, x, y, zhi, qs3);
    e->qinfo[e->nqs] = (uint32_t)zlo | (uint32_t)zhi << 5 | (uint32_t)qs3[0] << 10 | (uint32_t)qs3[1] << 15 |
                       (uint32_t)qs3[2] << 20;
    e->qs[e->nqs++] = q;
}

/* ---- X x Y ---- */

static mc_status grow_vec(vec2 **v, int *cap, int n)
{
    if (*cap >= n) return MC_OK;
    vec2 *p = realloc(*v, sizeof *p * (size_t)n);
    if (!p) return MC_ENOMEM;
    *v = p;
    *cap = n;
    return MC_OK;
}

/* out[i] = the UAs (bits k < nv) that set i of the table misses: the AND,
 * over its cells c, of the UAs without c (a few ANDs per set instead of a
 * test per UA). */
static void fill_vectors(const band_table *t, int nmax, const uint32_t *part, int nv, vec2 *out)
{
    uint64_t all[2];
    bit_range(all, 2, 0, nv);
    uint64_t miss[27][2];
    for (int c = 0; c < 27; c++) {
        miss[c][0] = all[0], miss[c][1] = all[1];
        for (int k = 0; k < nv; k++)
            if ((part[k] >> c) & 1) miss[c][k >> 6] &= ~(UINT64_C(1) << (k & 63));
    }
    int n = t->start[nmax + 1];
    for (int i = 0; i < n; i++) {
        uint64_t a = all[0], b = all[1];
        for (uint32_t m = t->set[i]; m; m &= m - 1) {
            int c = __builtin_ctz(m);
            a &= miss[c][0], b &= miss[c][1];
        }
        out[i] = (vec2){{a, b, 0, 0}};
    }
}

/* out[i] = the second vector of set i of a band (the two-band list's
 * first n2v UAs that it misses, their part in the band at bit shift of
 * list[k]): the AND over its cells of the UAs without the cell. */
static void fill_second(const uint64_t *list, int n2v, int shift, const uint32_t *set, int n, vec4 *out)
{
    vec4 miss[27], all;
    bit_range(all.w, 4, 0, n2v);
    for (int c = 0; c < 27; c++) {
        vec4 v = all;
        for (int k = 0; k < n2v; k++)
            if ((list[k] >> (shift + c)) & 1) v.w[k >> 6] &= ~(UINT64_C(1) << (k & 63));
        miss[c] = v;
    }
    for (int i = 0; i < n; i++) {
        vec4 v = all;
        for (uint32_t m = set[i]; m; m &= m - 1) {
            const vec4 *mc = &miss[__builtin_ctz(m)];
            for (int w = 0; w < 4; w++) v.w[w] &= mc->w[w];
        }
        out[i] = v;
    }
}

/* Y of one size sorted by KEY_BITS of their vector (the first UAs), so
 * that Y alike in them share sieve blocks (an X kills them together);
 * bucket[y][0..KEYS] are the buckets' bounds in e->ys. */
static void sort_y(band_engine *e, const band_table *t2, int y)
{
    int j0 = t2->start[y], j1 = t2->start[y + 1];
    int *b = e->bucket[y];
    memset(b, 0, sizeof e->bucket[y]);
    for (int j = j0; j < j1; j++) b[(e->vy[j].w[0] & KEY_MASK) + 1]++;
    for (int k = 0; k < KEYS; k++) b[k + 1] += b[k];
    int pos[KEYS];
    for (int k = 0; k < KEYS; k++) pos[k] = j0 + b[k];
    for (int j = j0; j < j1; j++) {
        int k = (int)(e->vy[j].w[0] & KEY_MASK), at = pos[k]++;
        e->ys[at] = e->vy[j];
        e->yset[at] = t2->set[j];
    }
    for (int k = 0; k <= KEYS; k++) b[k] += j0;
}

/* c = the keys' closure of one block (see e->closure): the keys of its
 * sets (ys[j].w[0] & CLOSURE_MASK) and every superset of one of them, by a
 * pass per bit (in a word for bits 0-5, across words for the rest). */
static void key_closure(const vec2 *ys, int n, uint64_t c[CLOSURE_WORDS])
{
    static const uint64_t without[6] = {0x5555555555555555, 0x3333333333333333, 0x0F0F0F0F0F0F0F0F,
                                        0x00FF00FF00FF00FF, 0x0000FFFF0000FFFF, 0x00000000FFFFFFFF};
    memset(c, 0, sizeof *c * CLOSURE_WORDS);
    for (int j = 0; j < n; j++) {
        int k = (int)(ys[j].w[0] & CLOSURE_MASK);
        c[k >> 6] |= UINT64_C(1) << (k & 63);
    }
    for (int b = 0; b < 6; b++)
        for (int w = 0; w < CLOSURE_WORDS; w++) c[w] |= (c[w] & without[b]) << (1 << b);
    for (int b = 6; b < CLOSURE_BITS; b++)
        for (int w = 0; w < CLOSURE_WORDS; w++)
            if ((w >> (b - 6)) & 1) c[w] |= c[w ^ (1 << (b - 6))];
}

/* options.check_closures: every sieve block's closure (e->closure) against
 * its definition, by brute force: the key of each set of the block (the
 * UAs among the vectors' first CLOSURE_BITS, band-2 parts p2, that the set
 * misses) from the set and the UAs themselves, and bit m set iff some key
 * lies within m. The blocks of size y: that size's sets of t2, in ys
 * order (e->yset from bucket[y][0]), BAND_SIEVE_BLOCK at a time. */
static bool closures_ok(const band_engine *e, const band_table *t2, const uint32_t *p2, int nv, int xmax)
{
    int nk = nv < CLOSURE_BITS ? nv : CLOSURE_BITS;
    for (int y = 0; y <= xmax; y++) {
        int j0 = e->bucket[y][0], j1 = j0 + band_table_count(t2, y);
        for (int b = 0; j0 + BAND_SIEVE_BLOCK * b < j1; b++) {
            bool seen[1 << CLOSURE_BITS] = {false};
            int keys[BAND_SIEVE_BLOCK], n = 0;
            for (int j = j0 + BAND_SIEVE_BLOCK * b; j < j1 && j < j0 + BAND_SIEVE_BLOCK * (b + 1); j++) {
                int key = 0;
                for (int k = 0; k < nk; k++)
                    if (!(e->yset[j] & p2[k])) key |= 1 << k;
                if (!seen[key]) seen[key] = true, keys[n++] = key;
            }
            const uint64_t *c = e->closure[e->sblk[y] + b];
            for (int m = 0; m < 1 << CLOSURE_BITS; m++) {
                bool want = false;
                for (int i = 0; i < n && !want; i++) want = !(keys[i] & ~m);
                if (want != ((c[m >> 6] >> (m & 63)) & 1)) return false;
            }
        }
    }
    return true;
}

/* The pair of X i (e->vx, e->x2) with Y j (e->ys, e->y2): the vectors,
 * the second vector, then survivor. The vectors: the first 128 UAs
 * (words 0, 1 of both) unless known is set (the sieve tested them), and
 * the learned slots k >= from that X misses (vx words 2, 3), each against
 * the Y's set (lb[k]: a Y keeps no bits of the slots). */
static void x_pair(band_engine *e, int i, int j, bool known, int from)
{
    const vec2 *u = &e->vx[i], *v = &e->ys[j];
    if (!known && ((u->w[0] & v->w[0]) | (u->w[1] & v->w[1]))) return;
    uint32_t ys = e->yset[j];
    for (int w = from >> 6; w < 2; w++) {
        uint64_t m = u->w[2 + w];
        if (w == from >> 6) m &= ~UINT64_C(0) << (from & 63);
        for (; m; m &= m - 1)
            if (!(ys & e->lb[64 * w + __builtin_ctzll(m)])) return;
    }
    const vec4 *a = &e->x2[i], *c = &e->y2[j];
    if ((a->w[0] & c->w[0]) | (a->w[1] & c->w[1]) | (a->w[2] & c->w[2]) | (a->w[3] & c->w[3])) return;
    survivor(e, e->xset[i], ys);
}

/* The learned bits of the X i0..i1-1 (a chunk about to start): vx words
 * 2, 3 (the slots learned so far that X misses), each the AND over X's
 * cells of slot_miss (as fill_vectors); be_learn_two_band then keeps them up
 * to date until the next chunk. The same bits as set one by one at each
 * learning over all the X to come (options.pairs_plain). */
static void x_slots(band_engine *e, int i0, int i1)
{
    uint64_t all[2];
    bit_range(all, 2, 0, e->nl);
    for (int i = i0; i < i1; i++) {
        uint64_t a = all[0], b = all[1];
        for (uint32_t m = e->xset[i]; m; m &= m - 1) {
            int c = __builtin_ctz(m);
            a &= e->slot_miss[c][0], b &= e->slot_miss[c][1];
        }
        e->vx[i].w[2] = a, e->vx[i].w[3] = b;
    }
    e->x_live0 = i0, e->x_live1 = i1;
}

/* Grows the candidate buffers (e->cand, e->cand_x, e->cand_y) to n. */
static bool cand_room(band_engine *e, size_t n)
{
    if (n <= e->capcand) return true;
    size_t cap = e->capcand ? 2 * e->capcand : 4096;
    while (cap < n) cap *= 2;
    uint32_t *p[3] = {e->cand, e->cand_x, e->cand_y};
    for (int k = 0; k < 3; k++) {
        uint32_t *q = realloc(p[k], sizeof *q * cap);
        if (!q) return false;
        p[k] = q;
        if (k == 0) e->cand = q;
        else if (k == 1) e->cand_x = q;
        else e->cand_y = q;
    }
    e->capcand = cap;
    return true;
}

/* The Y of size y (ys j0..j1-1) that the sieve lets through for the X
 * c0..c1-1 (the sieve takes the UAs each misses from its vector, vx), block by block so that a
 * block's rows stay in the cache, then put in X order (Y ascending within
 * an X): e->cand_y[start[i - c0] .. start[i - c0 + 1]) are X i's. A block
 * whose closure says that each of its Y misses one of the first UAs X
 * misses is passed over without the sieve (its answer would be empty;
 * K = 16, 26 groups: 6.8 M of 11.6 M sieve calls). False when out of
 * memory. */
static bool x_candidates(band_engine *e, int y, int j0, int j1, int c0, int c1, int start[X_CHUNK + 1])
{
    int nb = (j1 - j0 + BAND_SIEVE_BLOCK - 1) / BAND_SIEVE_BLOCK;
    size_t n = 0;
    memset(start, 0, sizeof *start * (X_CHUNK + 1));
    for (int b = 0; b < nb; b++) {
        const uint64_t *rows = band_sieve_rows(&e->sieve, e->sblk[y] + b);
        const uint64_t *closure = e->closure[e->sblk[y] + b];
        int jb = j0 + BAND_SIEVE_BLOCK * b;
        for (int i = c0; i < c1; i++) {
            uint64_t out[BAND_SIEVE_WORDS];
            int free_keys = (int)(~e->vx[i].w[0] & CLOSURE_MASK); /* no Y of the block within them: none left */
            if (!((closure[free_keys >> 6] >> (free_keys & 63)) & 1)) continue;
            if (!e->sieve_fn(rows, e->vx[i].w, out)) continue;
            if (!cand_room(e, n + BAND_SIEVE_BLOCK)) return false;
            for (int w = 0; w < BAND_SIEVE_WORDS; w++)
                for (uint64_t m = out[w]; m; m &= m - 1) {
                    e->cand_x[n] = (uint32_t)(i - c0);
                    e->cand[n++] = (uint32_t)(jb + 64 * w + __builtin_ctzll(m));
                    start[i - c0 + 1]++;
                }
        }
    }
    int pos[X_CHUNK];
    for (int i = 0; i < c1 - c0; i++) {
        pos[i] = start[i];
        start[i + 1] += start[i];
    }
    for (size_t t = 0; t < n; t++) e->cand_y[pos[e->cand_x[t]]++] = e->cand[t];
    return true;
}

/* X x Y for the sizes x, y: the X in chunks of X_CHUNK; for a chunk, the
 * sieve lists the Y that miss none of the UAs each X misses (x_candidates),
 * and x_pair takes them in X order, Y ascending, so that the pairs of one X
 * come one after another (the two-band check extends its base state by X
 * once, and step 5 takes the kept pairs in the same order). With
 * options.pairs_plain (the tests' twin) every pair goes to x_pair in that
 * order, so both do the same work and learn the same UAs. The sieve ran
 * on a chunk before the UAs it learns: x_pair tests the slots learned since,
 * so nothing changes but speed. */
static void pairs(band_engine *e, const band_table *t1, int x, int y)
{
    int i0 = t1->start[x], i1 = t1->start[x + 1];
    int j0 = e->bucket[y][0], j1 = e->bucket[y][KEYS];
    e->rec->pairs += (uint64_t)(i1 - i0) * (uint64_t)(j1 - j0);
    if (j0 == j1 || i0 == i1) return;
    if (e->opt.pairs_plain) { /* X x Y goes by size of X: the smaller X are done */
        e->x_live0 = i0, e->x_live1 = e->nxs;
        for (int i = i0; i < i1 && !e->stop; i++)
            for (int j = j0; j < j1 && !e->stop; j++) x_pair(e, i, j, false, 0);
        return;
    }
    int start[X_CHUNK + 1];
    for (int c0 = i0; c0 < i1 && !e->stop; c0 += X_CHUNK) {
        int c1 = c0 + X_CHUNK < i1 ? c0 + X_CHUNK : i1;
        x_slots(e, c0, c1);
        int sieved = e->nl; /* the slots the sieve tests; x_pair tests those learned after */
        if (!x_candidates(e, y, j0, j1, c0, c1, start)) {
            e->status = MC_ENOMEM;
            e->stop = true;
            return;
        }
        for (int i = c0; i < c1; i++)
            for (int t = start[i - c0]; t < start[i - c0 + 1]; t++) {
                x_pair(e, i, (int)e->cand_y[t], true, sieved);
                if (e->stop) return;
            }
    }
}

/* Digit sets of up to 6 digits for K >= 17, 5 for K = 15-16, none below
 * (bench_band, one core, CPU s per grid, since the placement search made
 * a refilling of 6 digits ~0.02 s per orientation instead of ~0.07):
 * K = 17, set (a) 10 grids: 6 digits 9.39 s, 5 digits 9.92 s (survivors
 * grid 1 5.78 M without refillings, 4.17 M with 6 digits before the band-3
 * bound); K = 16, set (b): none 0.379, 4 digits 0.345, 5 digits 0.269,
 * 6 digits 0.360; set (a): none 0.820, 5 digits 0.593, 6 digits 0.656;
 * K = 15, set (b): none 0.095, 5 digits 0.074; K = 14: none 0.012,
 * 5 digits 0.020. */
static int refill_digits(int clues) { return clues >= 17 ? 6 : clues >= 15 ? 5 : 0; }

/* e->tb0: the two-band UAs (meeting both bands) of the finder (oriented) and
 * of the refillings, sorted by size, supersets dropped, the first
 * MAX_TB_INITIAL kept. */
static mc_status merge_two_band(band_engine *e)
{
    int n = e->refill.n + e->noua;
    if (e->captb0 < 2 * n) { /* the second half: the sort's scratch */
        uint64_t *p = realloc(e->tb0, sizeof *p * 2 * (size_t)n);
        if (!p) return MC_ENOMEM;
        e->tb0 = p;
        e->captb0 = 2 * n;
    }
    int m = 0;
    for (int i = 0; i < e->noua; i++) {
        cs81 u = e->oua[i];
        if (u.w[1] || (u.w[0] >> 54)) continue;
        if (!(u.w[0] & MASK27) || !(u.w[0] >> 27)) continue; /* inside one band: every valid subset hits it */
        e->tb0[m++] = u.w[0];
    }
    for (int i = 0; i < e->refill.n; i++) {
        uint64_t w = e->refill.set[i];
        if ((w & MASK27) && (w >> 27) && !(w & e->g12)) e->tb0[m++] = w; /* a given hits it: no need */
    }
    sort_sets54(e->tb0, m, e->tb0 + n);
    int k = 0;
    for (int i = 0; i < m && k < MAX_TB_INITIAL; i++) {
        uint64_t w = e->tb0[i];
        int j = 0;
        while (j < k && (e->tb0[j] & w) != e->tb0[j]) j++;
        if (j == k) e->tb0[k++] = w;
    }
    e->ntb0 = k;
    return MC_OK;
}

/* Steps 1-4 of the oriented grid e->og (bands 1+2 in tables t1, t2; the
 * grid's UAs in e->oua): fills e->qs with the pairs that fix bands 1+2. */
mc_status be_pair_phase(band_engine *e, const band_table *t1, const band_table *t2, int xmax)
{
    mc_status st;
    double t0 = mc_thread_cpu_seconds();
    e->nqs = 0;
    /* the finder's two-band UAs and the refillings', merged: smallest first,
     * no set kept that contains another, at most MAX_TB_INITIAL */
    e->refill.n = 0;
    if (refill_digits(e->opt.clues) &&
        (st = band_ua_find(e->og, refill_digits(e->opt.clues), REFILL_SIZE, &e->refill)) != MC_OK)
        return st;
    if ((st = merge_two_band(e)) != MC_OK) return st;
    uint32_t p1[BAND_ENGINE_VEC_UAS], p2[BAND_ENGINE_VEC_UAS];
    int nv = 0;
    e->ntb = 0;
    for (int i = 0; i < e->ntb0; i++) {
        uint64_t w = e->tb0[i];
        uint32_t a = (uint32_t)(w & MASK27), b = (uint32_t)(w >> 27) & MASK27;
        e->rec->ua_two_band++;
        if (nv < BAND_ENGINE_VEC_UAS) {
            p1[nv] = a, p2[nv] = b, nv++;
        } else if ((st = be_add_tb(e, w)) != MC_OK) {
            return st;
        }
    }
    e->ntb_base = e->ntb;
    e->n2v = e->ntb < L2 ? e->ntb : L2;
    e->tbx_x = XBASE_NONE;
    e->nl = 0;
    memset(e->slot_miss, 0xff, sizeof e->slot_miss);
    e->x_live0 = 0, e->x_live1 = 0;
    two_band_base(e);
    int n1 = t1->start[xmax + 1], n2 = t2->start[xmax + 1];
    if ((st = grow_vec(&e->vx, &e->capvx, n1)) != MC_OK) return st;
    if ((st = grow_vec(&e->vy, &e->capvy, n2)) != MC_OK) return st;
    if (e->capys < n2) {
        int c = e->capys;
        if ((st = grow_vec(&e->ys, &c, n2)) != MC_OK) return st;
        uint32_t *p = realloc(e->yset, sizeof *p * (size_t)n2);
        if (!p) return MC_ENOMEM;
        e->yset = p;
        vec4 *q = realloc(e->y2, sizeof *q * (size_t)n2);
        if (!q) return MC_ENOMEM;
        e->y2 = q;
        e->capys = n2;
    }
    fill_vectors(t1, xmax, p1, nv, e->vx);
    fill_vectors(t2, xmax, p2, nv, e->vy);
    for (int y = 0; y <= xmax; y++) sort_y(e, t2, y);
    if (!e->opt.pairs_plain) {
        band_sieve_clear(&e->sieve);
        for (int y = 0; y <= xmax; y++) {
            int j0 = e->bucket[y][0];
            if ((st = band_sieve_add(&e->sieve, e->yset + j0, e->bucket[y][KEYS] - j0, &e->sblk[y])) != MC_OK)
                return st;
        }
        for (int k = 0; k < nv; k++) band_sieve_set_ua(&e->sieve, k, p2[k]);
        if (e->cap_closure < e->sieve.nblocks) {
            uint64_t(*c)[CLOSURE_WORDS] = realloc(e->closure, sizeof *c * (size_t)e->sieve.nblocks);
            if (!c) return MC_ENOMEM;
            e->closure = c;
            e->cap_closure = e->sieve.nblocks;
        }
        for (int y = 0; y <= xmax; y++) {
            int j0 = e->bucket[y][0], j1 = e->bucket[y][KEYS];
            for (int b = 0; j0 + BAND_SIEVE_BLOCK * b < j1; b++) {
                int lo = j0 + BAND_SIEVE_BLOCK * b, hi = lo + BAND_SIEVE_BLOCK < j1 ? lo + BAND_SIEVE_BLOCK : j1;
                key_closure(e->ys + lo, hi - lo, e->closure[e->sblk[y] + b]);
            }
        }
        if (e->opt.check_closures && !closures_ok(e, t2, p2, nv, xmax)) {
            be_fail(e, "a sieve block's closure differs from its definition");
            return e->status;
        }
    }
    e->nys = n2;
    e->nxs = n1;
    e->xset = t1->set;
    if (e->capx2 < n1) {
        vec4 *q = realloc(e->x2, sizeof *q * (size_t)n1);
        if (!q) return MC_ENOMEM;
        e->x2 = q;
        e->capx2 = n1;
    }
    fill_second(e->tbw, e->n2v, 27, e->yset, n2, e->y2);
    fill_second(e->tbw, e->n2v, 0, t1->set, n1, e->x2);
    e->rec->seconds_tables += mc_thread_cpu_seconds() - t0;
    t0 = mc_thread_cpu_seconds();
    int K = e->opt.clues;
    for (int x = 0; x <= xmax && !e->stop; x++)
        for (int y = 0; y <= xmax && !e->stop; y++)
            if (band_split_pair_ok_strict(K, e->band_strict[0], e->band_strict[1], x, y) &&
                K - x - y >= e->opt.band3_min && band_table_count(t1, x) &&
                band_table_count(t2, y))
                pairs(e, t1, x, y);
    e->rec->seconds_pairs += mc_thread_cpu_seconds() - t0;
    return e->status;
}
