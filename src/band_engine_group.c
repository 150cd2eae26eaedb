/* band_engine_group — group mode of the band method (band_engine.h,
 * band_engine_run_group): one pair of bands 1+2 and its items (band 3s).
 *
 * Carries: steps 1-4 once for the group, with the smallest strictness of
 * its items (every pair any item may need is kept), step 5 per item with
 * its own; the ties (e_i, f_s from bandpair_tie_rivals, item_ties): an item
 * searches a tie only where it can be the puzzle's cover; step 3c: a pair
 * that the bound of step 3b cuts in every item is dropped before step 4
 * (be_items_dead), and the lanes of each kept pair (be_keep_lanes) let
 * step 5 pass over the items whose bound already cut it. The report (in
 * band_engine_band3.c) keeps a puzzle only in its covering item.
 * May assume: bandpair_cover and bandpair_tie_rivals decide the cover
 * (bandpair.h); band_bound's lanes give be_bound_dead's answer item by
 * item (band_bound.h and its tests); ua_find_group gives each item the
 * lists ua_find would (ua.h); the items' UAs are in step 5's order
 * (be_b3_order), so step 3c tests a prefix of what step 5 tests.
 */
#include "band_engine.h"

#include <stdlib.h>
#include <string.h>

#include "band_engine_internal.h"
#include "band_split.h"
#include "mc_clock.h"

/* Step 3c (group mode): true when the pair x u y is dead in every item:
 * the item's strictness leaves band 3 no size (zlo > zhi) or the bound of
 * step 3b over its first IB_MIX UAs cuts it, as step 5 would find for each
 * item before any search (step 5 tests the same UAs, with those the item
 * learns since added). The items are tried from the last one that let a
 * pair live. */
bool be_items_dead(band_engine *e, uint32_t x, uint32_t y, int zlo, int zhi, const int qstack[3])
{
    if (zlo > zhi) return true;
    if (e->bb_fn) { /* 16 items at a time, the same answer */
        e->bbm_from = e->bb_hint;
        for (int j = 0; j < e->nbb; j++) {
            int i = e->bb_hint + j < e->nbb ? e->bb_hint + j : e->bb_hint + j - e->nbb;
            uint32_t live = e->bb_fn(&e->bb[i], x, y, zhi, qstack);
            e->bbm[i] = (uint16_t)live;
            e->bbm_n = j + 1;
            if (live) {
                e->bb_hint = i;
                return false;
            }
        }
        return true;
    }
    int nx = __builtin_popcount(x), ny = __builtin_popcount(y);
    for (int j = 0; j < e->nib; j++) {
        int i = e->ib_hint + j < e->nib ? e->ib_hint + j : e->ib_hint + j - e->nib;
        item_bound *b = &e->ib[i];
        if (nx + b->band_strict[0] > zhi || ny + b->band_strict[1] > zhi) continue;
        if (b->x != x) {
            bit_range(b->xw, b->nw, 0, b->nb);
            miss_and(b->xw, b->miss[0], IB_MIX / 64, 0, x, 0, b->nw);
            b->x = x;
        }
        uint64_t un[IB_MIX / 64];
        for (int w = 0; w < b->nw; w++) un[w] = b->xw[w];
        miss_and(un, b->miss[0], IB_MIX / 64, 27, y, 0, b->nw);
        if (!be_bound_dead(b->part, b->stack, un, b->nw, zhi, b->strict, qstack)) {
            e->ib_hint = i;
            return false;
        }
    }
    return true;
}

/* e->qlive for the pair x u y about to be kept as pair e->nqs (be_items_dead's
 * last pair): the lanes of every batch of step 3c (be_items_dead stopped at
 * the first live one, so the batches it did not reach are bounded here);
 * qlive_on goes off instead when the masks would pass options.qlive_max
 * bytes or memory runs out (step 5 then tests every item). */
void be_keep_lanes(band_engine *e, uint32_t x, uint32_t y, int zhi, const int qstack[3])
{
    size_t need = (e->nqs + 1) * (size_t)e->nbb;
    if (need > e->cap_qlive) {
        size_t cap = e->cap_qlive ? 2 * e->cap_qlive : 4096;
        while (cap < need) cap *= 2;
        if (need * sizeof *e->qlive > e->opt.qlive_max) {
            e->qlive_on = false;
            return;
        }
        if (cap * sizeof *e->qlive > e->opt.qlive_max) cap = (size_t)(e->opt.qlive_max / sizeof *e->qlive);
        uint16_t *p = realloc(e->qlive, cap * sizeof *p);
        if (!p) {
            e->qlive_on = false;
            return;
        }
        e->qlive = p;
        e->cap_qlive = cap;
    }
    uint16_t *m = e->qlive + e->nqs * (size_t)e->nbb;
    for (int j = 0; j < e->nbb; j++) {
        int from_start = j >= e->bbm_from ? j - e->bbm_from : j - e->bbm_from + e->nbb;
        m[j] = from_start < e->bbm_n ? e->bbm[j] : (uint16_t)e->bb_fn(&e->bb[j], x, y, zhi, qstack);
    }
}

/* Group mode: the finder's UAs of the n items (the pair in e->og, band 3s
 * at band3) into e->item_found, one search for the steps they share
 * (ua_find_group: the same lists as ua_find item by item). */
static mc_status items_uas(band_engine *e, const uint8_t *band3, int n)
{
    double t0 = mc_thread_cpu_seconds();
    if (e->cap_item_found < n) {
        ua_store *p = realloc(e->item_found, sizeof *p * (size_t)n);
        if (!p) return MC_ENOMEM;
        for (int i = e->cap_item_found; i < n; i++) ua_store_init(&p[i]);
        e->item_found = p;
        e->cap_item_found = n;
    }
    for (int i = 0; i < n; i++) ua_store_clear(&e->item_found[i]);
    mc_status st = ua_find_group(e->finder, e->og, band3, n, 12, e->item_found);
    e->rec->seconds_ua += mc_thread_cpu_seconds() - t0;
    return st;
}

/* e_1, e_2 and f_1..f_3 from an item's strictness bits (item_strict). */
static void strict_of(int bits, int band_strict[2], int strict[3])
{
    for (int i = 0; i < 2; i++) band_strict[i] = (bits >> i) & 1;
    for (int s = 0; s < 3; s++) strict[s] = (bits >> (2 + s)) & 1;
}

/* e->band_strict and e->strict: the current item's. */
static void set_item_strict(band_engine *e, int bits) { strict_of(bits, e->band_strict, e->strict); }

/* The strictness of each item (e->item_strict) and the group's (the
 * smallest over the items, set for steps 1-4): e_i = 1 (f_s = 1) when band
 * i (stack s) of the item's grid, moved to band 3, gives an item earlier in
 * the cover order (bandpair_tie_rivals). A clue set with as many clues
 * there as in band 3 is then covered by another item, so this item's scan
 * needs z >= x + 1, y + 1 and q_s + z_s <= z - 1: band_split's pass bounds
 * with these e_i and f_s. In the 6/6/5 distribution band 3 ties with a
 * band and a stack, so of the four items that hold one of a puzzle's
 * 6-clue bands or stacks as band 3 only its cover searches it. With
 * options.ties_plain all are 0 (every tie searched, the cover deciding at
 * report). The time goes to seconds_tables. */
static mc_status item_ties(band_engine *e, const uint8_t *pair, const uint8_t *band3, int n)
{
    if (e->cap_items < n) {
        uint8_t *p = realloc(e->item_strict, (size_t)n);
        if (!p) return MC_ENOMEM;
        e->item_strict = p;
        e->cap_items = n;
    }
    double t0 = mc_thread_cpu_seconds();
    int all = (1 << BANDPAIR_RIVALS) - 1;
    for (int i = 0; i < n; i++) {
        e->item_strict[i] = e->opt.ties_plain ? 0 : (uint8_t)bandpair_tie_rivals(e->bp, pair, band3 + 27 * (size_t)i);
        all &= e->item_strict[i];
    }
    set_item_strict(e, all);
    e->rec->seconds_tables += mc_thread_cpu_seconds() - t0;
    return MC_OK;
}

/* b's bound from the first IB_MIX of an item's UAs with a band-3 part,
 * list[0..n) in step 5's order, and its strictness bits (item_strict). */
static void item_bound_fill(item_bound *b, const cs81 *list, int n, int bits)
{
    b->nb = n < IB_MIX ? n : IB_MIX;
    b->nw = (b->nb + 63) >> 6;
    b->x = XBASE_NONE;
    memset(b->miss, 0, sizeof b->miss);
    for (int k = 0; k < b->nb; k++) {
        b->part[k] = part3(list[k]);
        b->stack[k] = stack_of(b->part[k]);
        miss_set(b->miss[0], IB_MIX / 64, k, list[k].w[0] & ((UINT64_C(1) << 54) - 1));
    }
    strict_of(bits, b->band_strict, b->strict);
}

/* Item i's bound of step 3c in lane i % 16 of e->bb[i / 16], from the
 * first IB_MIX UAs of list[0..n) as item_bound_fill takes them. */
static void item_lane_fill(band_engine *e, int i, const cs81 *list, int n, int bits)
{
    uint32_t part[IB_MIX];
    int8_t stack[IB_MIX];
    uint64_t p12[IB_MIX];
    int m = n < IB_MIX ? n : IB_MIX, bs[2], st[3];
    for (int k = 0; k < m; k++) {
        part[k] = part3(list[k]);
        stack[k] = stack_of(part[k]);
        p12[k] = list[k].w[0] & ((UINT64_C(1) << 54) - 1);
    }
    strict_of(bits, bs, st);
    band_bound *b = &e->bb[i / BAND_BOUND_LANES];
    if (i % BAND_BOUND_LANES == 0) band_bound_clear(b);
    band_bound_lane(b, i % BAND_BOUND_LANES, part, stack, p12, m, bs, st);
}

/* Group mode, before steps 1-4: every item's finder UAs (the time in
 * seconds_ua), its band UAs of band 3 and its UAs with a band-3 part in
 * step 5's order (e->iua, e->iua_at) and, unless options.item_bound_plain,
 * its bound of step 3c (e->ib; the time in seconds_tables). Item 0's
 * finder UAs are left in e->oua for steps 1-4 (their two-band UAs are
 * every item's) and its band 3 in e->og. */
static mc_status items_prepare(band_engine *e, const uint8_t *band3, int n)
{
    if (e->cap_ib < n) {
        item_bound *b = realloc(e->ib, sizeof *b * (size_t)n);
        if (b) e->ib = b;
        size_t *at = b ? realloc(e->iua_at, sizeof *at * ((size_t)n + 1)) : NULL;
        if (!at) return MC_ENOMEM;
        e->iua_at = at;
        e->cap_ib = n;
    }
    e->nib = e->ib_hint = 0;
    e->nbb = e->bb_hint = 0;
    int nbb = (n + BAND_BOUND_LANES - 1) / BAND_BOUND_LANES;
    if (e->bb_fn && e->cap_bb < nbb) {
        band_bound *b = realloc(e->bb, sizeof *b * (size_t)nbb);
        if (!b) return MC_ENOMEM;
        e->bb = b;
        uint16_t *m = realloc(e->bbm, sizeof *m * (size_t)nbb);
        if (!m) return MC_ENOMEM;
        e->bbm = m;
        e->cap_bb = nbb;
    }
    e->niua = 0;
    mc_status st = items_uas(e, band3, n);
    if (st != MC_OK) return st;
    for (int i = 0; i < n; i++) {
        memcpy(e->og + 54, band3 + 27 * (size_t)i, 27);
        be_keep_uas(e, &e->item_found[i]);
        if (i == 0) {
            e->noua = 0;
            for (int k = 0; k < e->ngua; k++) e->oua[e->noua++] = e->gua[k];
        }
        double t0 = mc_thread_cpu_seconds();
        uint8_t b3[27];
        memcpy(b3, e->og + 54, 27);
        /* every item's band 3 has the gangster bands 1+2 leave: tab3 lists
         * its fillings once, at the first item */
        if ((st = band_table_build_given(&e->tab3, b3, 0, e->g3)) != MC_OK) return st;
        int m = be_b3_order(e, e->gua, e->ngua);
        if (e->niua + (size_t)m > e->cap_iua) {
            size_t cap = 2 * (e->niua + (size_t)m);
            cs81 *u = realloc(e->iua, sizeof *u * cap);
            if (!u) return MC_ENOMEM;
            e->iua = u;
            e->cap_iua = cap;
        }
        e->iua_at[i] = e->niua;
        memcpy(e->iua + e->niua, e->b3tmp, sizeof *e->iua * (size_t)m);
        e->niua += (size_t)m;
        if (!e->opt.item_bound_plain && e->bb_fn) item_lane_fill(e, i, e->b3tmp, m, e->item_strict[i]);
        else if (!e->opt.item_bound_plain) item_bound_fill(&e->ib[i], e->b3tmp, m, e->item_strict[i]);
        e->rec->seconds_tables += mc_thread_cpu_seconds() - t0;
    }
    e->iua_at[n] = e->niua;
    e->nib = e->opt.item_bound_plain ? 0 : n;
    e->nbb = e->opt.item_bound_plain || !e->bb_fn ? 0 : nbb;
    memcpy(e->og + 54, band3, 27);
    return MC_OK;
}

mc_status band_engine_run_group(band_engine *e, const uint8_t pair[54], const uint8_t *band3, int n,
                                band_record *rec, band_item_found_fn found, void *arg)
{
    double t_all = mc_thread_cpu_seconds();
    be_start(e, rec, arg);
    if (n <= 0) return MC_OK;
    mc_status st;
    if (!e->bp && (st = bandpair_ctx_new(&e->bp)) != MC_OK) return st;
    e->group = true;
    e->gpair = pair;
    e->item_fn = found;
    e->o = BAND_SPLIT_GROUP;
    be_set_strict(e);
    if ((st = item_ties(e, pair, band3, n)) != MC_OK) return st;
    for (int c = 0; c < 81; c++) e->orig[c] = e->inv[c] = (uint8_t)c;
    be_set_given_masks(e);
    e->grid = e->og;
    memcpy(e->og, pair, 54);
    memcpy(e->og + 54, band3, 27);
    int K = e->opt.clues, xmax = be_xmax_of(e, K);
    /* bands 1 and 2: sizes from their smallest valid sets (x <= (K - v2) / 2
     * and y <= (K - v1) / 2, as in band_engine_run) */
    double t0 = mc_thread_cpu_seconds();
    int first_size = xmax < 5 ? xmax : 5, v = 99;
    for (int i = 0; i < 2; i++) {
        uint32_t given = (uint32_t)((e->opt.givens.w[0] >> (27 * i)) & MASK27);
        band_table *t = &e->tab[i];
        bool kept = i == 0 && e->band1_kept && t->given == given && t->max_size >= first_size &&
                    !memcmp(t->band, pair, 27);
        if (i == 0) e->band1_kept = false; /* until the builds and extensions succeed */
        if (!kept && (st = band_table_build_given(t, pair + 27 * i, first_size, given)) != MC_OK) return st;
        /* as a build up to first_size gives it (a kept table may list more sizes) */
        int mv = t->min_valid < 0 || t->min_valid > first_size ? first_size + 1 : t->min_valid;
        if (mv < v) v = mv;
    }
    int need = band_split_xmax(K, v);
    if (need < xmax && !e->opt.sizes_plain) xmax = need;
    if (xmax > first_size)
        for (int i = 0; i < 2; i++)
            if ((st = band_table_extend(&e->tab[i], xmax)) != MC_OK) return st;
    e->band1_kept = true;
    rec->seconds_tables += mc_thread_cpu_seconds() - t0;
    /* every item's UAs and bound (step 3c), then steps 1-4 once: the
     * two-band UAs of the first item's finder are those of every item
     * (they lie in bands 1+2) */
    e->item = 0;
    e->gband3 = band3;
    if ((st = items_prepare(e, band3, n)) != MC_OK) return st;
    e->qlive_on = e->nbb > 0;
    if ((st = be_pair_phase(e, &e->tab[0], &e->tab[1], xmax)) != MC_OK) return st;
    /* step 5 per item, with its own UAs (those it learns added to e->gua) */
    for (int i = 0; i < n && !e->stop; i++) {
        e->item = i;
        e->gband3 = band3 + 27 * (size_t)i;
        memcpy(e->og + 54, e->gband3, 27);
        e->ngua = e->noua = 0;
        e->nlearned = 0;
        set_item_strict(e, e->item_strict[i]);
        e->b3_pending = true; /* its list: loaded by band3 when a pair needs it */
        if ((st = be_band3_phase(e)) != MC_OK) return st;
    }
    rec->seconds_total = mc_thread_cpu_seconds() - t_all;
    return e->status;
}
