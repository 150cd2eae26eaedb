/* band_engine — X x Y over valid band subsets, band 3 by hitting sets
 * (band_engine.h). */
#include "band_engine.h"

#include <assert.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "band_bound.h"
#include "band_scan.h"
#include "band_sieve.h"
#include "band_split.h"
#include "band_table.h"
#include "band_template.h"
#include "cellset.h"
#include "grid.h"
#include "mc_clock.h"
#include "mc_test_hooks.h"
#include "prng.h"
#include "solver9.h"
#include "sort.h"
#include "ua.h"
#include "band_ua.h"
#include "bandpair.h"

#define KEY_BITS 10
#define KEYS (1 << KEY_BITS)
#define KEY_MASK (KEYS - 1)
/* the sieve blocks' closures (e->closure) take the vectors' first
 * CLOSURE_BITS UAs; K = 16, 26 groups, pairs 0.85 s without them, 0.78 s
 * with 10 or 12 bits, 0.79-0.80 s with 14 or 16 (their build then costs
 * more than the calls they save) */
#define CLOSURE_BITS 10
#define CLOSURE_WORDS ((1 << CLOSURE_BITS) / 64)
#define CLOSURE_MASK ((1 << CLOSURE_BITS) - 1)
#define MASK27 ((UINT32_C(1) << 27) - 1)
#define XBASE_NONE UINT32_MAX /* no set of band 1 (27 bits) */
#define MAX_GRID_UAS 16384
/* the solver's base slot of minimize (slots 0, 1: step 4's two-band check) */
#define MINIMIZE_SLOT 2
#define MAX_R 8192
/* grid UAs learned per grid and kept (every band-3 stage scans them) */
#define MAX_GRID_LEARNED 2048
/* two-band UAs learned per orientation and kept: each costs a set in every
 * later scan (band_scan) and saves the solver calls of the pairs it kills;
 * with the vector scan, K = 17, 5 heavy groups (312:167751, 209:402810,
 * 70:877691, 36:441483, 1:31563), CPU s of the engine in one window:
 * 2,048 83.3 s, 4,096 73.6 s, 8,192 79.0 s (52 groups, --per-band 4,
 * seed 99: 2,048 180.6 s, 4,096 175.2 s) */
#define MAX_TB_LEARNED 4096
/* two-band UAs from digit refillings (band_ua): digit sets of up to
 * refill_digits() digits, sets of up to REFILL_SIZE cells; at most
 * MAX_TB_INITIAL two-band UAs (finder's and refillings', smallest first)
 * per orientation: the vectors' 128, the second vector's 256, then 1,024
 * scanned one by one (K = 17, grid 1: 4,096 cost more in the scan than
 * they saved) */
#define REFILL_SIZE 20
#define TB_EXTRA 1024
#define MAX_TB_INITIAL (BAND_ENGINE_VEC_UAS + L2 + TB_EXTRA)

/* w[0], w[1]: the first 128 two-band UAs of the finder; w[2], w[3] of an
 * X: the up to 128 learned in this orientation that it misses (filled in
 * as they are learned); a Y's stay 0 (its misses of learned ones are in
 * the sieve rows, and x_pair tests them from lb[]). */
typedef struct vec2 {
    uint64_t w[4];
} vec2;
#define LEARN_SLOTS 128
/* X x Y takes the X of a size in chunks of this many (x_candidates) */
#define X_CHUNK 256
/* the first L2 entries of the finder's two-band list (at most) form a
 * second vector, tested only on the pairs that pass the first; learned
 * entries are never in it (e->n2v) */
#define L2 256
typedef struct vec4 {
    uint64_t w[4];
} vec4;

/* the item's UAs with a band-3 part held as bitmaps (band3_uas): at most
 * B3_MAX, the first MIX of them (smallest band-3 parts) in the bound of
 * step 3b (mix_dead) */
#define B3_MAX 4096
#define B3_WORDS (B3_MAX / 64)
/* b3_order's list: band 3's UAs and the item's (at most MAX_GRID_UAS) */
#define B3_TMP (MAX_GRID_UAS + BAND_TABLE_MAX_UA)
#define MIX 256
/* step 3c's bound takes the first IB_MIX of them (<= MIX: step 5 tests
 * them first); K = 17, group 70:877691, the pairs phase: 256 8.59 s, 128
 * 7.98 s, 64 8.96 s (bench_bandscan.txt) */
#define IB_MIX 128
/* the band-3 search's lists: one per depth, each at most MAX_R */
#define B3_DEPTH 28

/* Group mode, step 3c: one item's bound of step 3b, made before steps 1-4
 * (items_prepare): its first IB_MIX UAs with a band-3 part, as step 5 takes
 * them (part[k], stack[k] as b3part, b3stack; miss[c] as b3miss), its
 * strictness (band_strict[2], strict[3] as strict_of gives them),
 * and xw: the UAs unhit by the X last tested (x; XBASE_NONE: none yet). */
typedef struct item_bound {
    uint32_t part[IB_MIX];
    int8_t stack[IB_MIX];
    uint64_t miss[54][IB_MIX / 64];
    uint64_t xw[IB_MIX / 64];
    uint32_t x;
    int nb, nw, band_strict[2], strict[3];
} item_bound;

struct band_engine {
    band_options opt;
    ua_finder *finder;
    band_scan_fn scan;           /* band_scan_best: the two-band list beyond the vectors */
    band_scan_filter_fn filter;  /* band_scan_filter_best: the sets of that list an X misses */
    band_sieve_block_fn sieve_fn; /* band_sieve_best: the Y of a block that pass X's vector */
    solver9_ctx *solver;
    ua_store found;
    ua_store *item_found; /* group mode: each item's finder UAs (ua_find_group) */
    int cap_item_found;
    band_ua_list refill;         /* two-band UAs of the orientation from band_ua */
    uint64_t *tb0;               /* the orientation's initial two-band UAs, merged */
    int ntb0, captb0;
    band_table tab[6];           /* bands 0..2, stacks 0..2 (transposed) */
    /* group mode: tab[0] holds the last group's band 1 (its digits in
     * tab[0].band, its givens in tab[0].given) up to tab[0].max_size, and
     * the next group with that band 1 takes it as it is (the groups of a
     * chunk share band 1); false after a grid's run or a failed build */
    bool band1_kept;
    band_table tab3;             /* band 3 of the orientation: UAs only */
    /* the grid's UAs in grid coordinates (finder + learned) */
    cs81 *gua;
    int ngua;
    /* per orientation */
    uint8_t og[81];              /* oriented grid */
    uint8_t orig[81];            /* oriented cell -> grid cell */
    uint8_t inv[81];
    int o;
    cs81 *oua;                   /* grid UAs in oriented coordinates */
    int noua;
    /* the two-band list: UAs beyond the vectors, band-1 part | band-2
     * part << 27; the finder's first (ntb_base of them), then those
     * learned; the first n2v = min(ntb_base, L2) also in the second vector */
    uint64_t *tbw;
    int ntb, captb, ntb_base, n2v;
    /* the list from n2v on restricted to one X (list_dead): tbx[0..ntbx)
     * are the sets k in [n2v, tbx_at) whose band-1 part X = tbx_x misses, in
     * list order (tbx_x XBASE_NONE: no X yet in this orientation) */
    uint64_t *tbx;
    int ntbx, captbx, tbx_at;
    uint32_t tbx_x;
    uint32_t lb[LEARN_SLOTS]; /* band-2 parts of the learned two-band UAs in the vectors */
    int nl, nys, nxs;
    const uint32_t *xset;        /* the X (band 1's table, e->nxs sets), their vectors e->vx, e->x2 */
    /* the X whose vectors hold the learned slots' bits (vx words 2, 3):
     * the X still to come of X x Y with
     * options.pairs_plain; the chunk now with the sieve (x_slots fills a
     * chunk's bits when it starts) */
    int x_live0, x_live1;
    /* slot_miss[c]: bit k set iff learned slot k's band-1 part lacks cell
     * c */
    uint64_t slot_miss[27][2];
    vec4 *x2;
    int capx2;
    /* x_candidates: the pairs the sieve lets through for a chunk of X */
    uint32_t *cand, *cand_x, *cand_y;
    size_t capcand;
    vec2 *vx, *vy, *ys;
    uint32_t *yset;
    vec4 *y2;
    int capvx, capvy, capys;
    int bucket[BAND_TABLE_MAX_SIZE + 1][KEYS + 1];
    /* the Y bit per set (ys order, a range of blocks per size from
     * sblk[size]): row k < 128 the vectors' UA k, 128 + k learned slot k */
    band_sieve sieve;
    int sblk[BAND_TABLE_MAX_SIZE + 1];
    /* per sieve block: bit m of closure[block] (2^CLOSURE_BITS bits) set
     * iff a Y of the block misses only UAs of m among the vectors' first
     * CLOSURE_BITS (its key is a subset of m); an X that misses the UAs kx
     * among them can pair with a Y of the block only if bit ~kx is set */
    uint64_t (*closure)[CLOSURE_WORDS];
    int cap_closure;
    /* band 3 search: the lists of the UAs unhit, one per depth (the root's
     * at R[0..nR)), and the UAs learned for the current pair */
    uint32_t *R;
    int nR;
    uint32_t learned3[64];
    int nlearned3;
    uint64_t Q;                  /* bands 1+2 clues (oriented cells 0..53) */
    int qstack[3];
    int zlo, zhi;
    int stack_cap[3];
    bool q_dead, stop;
    const uint8_t *grid;
    checker_found_fn found_fn;
    void *found_arg;
    band_record *rec;
    prng rng;
    /* the pairs that passed step 4 in this orientation (band-1 part | band-2
     * part << 27), in X order; step 5 runs over them item by item */
    uint64_t *qs;
    /* per pair of qs: zlo | zhi << 5 | q_s << (10 + 5 s) (clues per stack;
     * zlo raised to band3_min) */
    uint32_t *qinfo;
    size_t nqs, capqs;
    /* group mode with step 3c's batches (nbb of them): qlive[i * nbb + j]
     * holds the lanes of batch j that step 3c lets live for pair i of qs
     * (band_bound_live_fn), while qlive_on; step 5 passes over an item
     * whose lane is dead, as its first test (mix_dead, over at least the
     * same UAs in the same order) would cut the pair there. qlive_on goes
     * off for the rest of a group when the masks would pass
     * options.qlive_max bytes. */
    uint16_t *qlive;
    size_t cap_qlive;
    bool qlive_on;
    int strict[3];               /* band_split_stack_strict of the orientation's stacks */
    /* e_1, e_2 of band_split.h for bands 1 and 2 (and strict[] above, f_s
     * of the stacks): of the orientation; in group mode the smallest over
     * the items during steps 1-4 (they serve every item), then the item's
     * own in step 5: item_strict[i] bit 0, 1 for bands 1, 2, bits 2-4 for
     * stacks 1-3 */
    int band_strict[2];
    uint8_t *item_strict;
    int cap_items;
    /* group mode: every item's bound (ib[i], step 3c) and its UAs with a
     * band-3 part in step 5's order (band 3's own and the finder's, b3_prepare:
     * iua[iua_at[i] .. iua_at[i + 1])), made before steps 1-4; ib_hint: the
     * item whose bound let the last pair live (tested first) */
    item_bound *ib;
    int nib, cap_ib, ib_hint;
    /* step 3c 16 items at a time (band_bound.h), when bb_fn is set (the
     * CPU runs it, not options.scan_scalar): item i in lane i % 16 of
     * bb[i / 16], instead of ib; bb_hint: the batch that let the last pair
     * live (tested first) */
    band_bound_live_fn bb_fn;
    band_bound *bb;
    int nbb, cap_bb, bb_hint;
    /* items_dead's last pair: the lanes of the bbm_n batches it bounded,
     * bbm[i] for batch i = bbm_from, bbm_from + 1, .. (cyclically) */
    uint16_t *bbm;
    int bbm_from, bbm_n;
    size_t *iua_at;
    cs81 *iua;
    size_t niua, cap_iua;
    mc_status status;
    /* group mode: the group's pair, the current item's band 3 and index */
    bool group;
    const uint8_t *gpair, *gband3;
    int item;
    bandpair_ctx *bp;
    int nlearned;                /* grid UAs learned for this grid (item) */
    /* the item's UAs with a band-3 part (band 3's own and the grid's, the
     * band-3 part smallest first, then the ones learned): k < nb3 is UA k;
     * b3miss[c] (c < 54, a cell of bands 1+2) has bit k set iff UA k does
     * not contain c (bits >= nb3 of its words below (nb3 + 63) / 64 are 0;
     * the words above are not read); b3x: the AND of b3miss over the
     * cells of X = b3x_x (the UAs X leaves unhit) when b3x_valid. In group
     * mode item e->item's list (e->iua from iua_at) is loaded at its first
     * pair that needs it (b3_pending: step 5 cuts most items' pairs by
     * their lanes of step 3c alone) */
    uint32_t b3part[B3_MAX];
    int8_t b3stack[B3_MAX];      /* the stack holding the band-3 part, or -1 */
    uint64_t (*b3miss)[B3_WORDS];
    cs81 *b3tmp;                 /* scratch of b3_prepare: 2 * B3_TMP (b3_order) */
    uint64_t b3x[B3_WORDS];
    /* step 5: the item's UAs unhit by the pair Q (un3); words [0, un3_w0)
     * (the first MIX) feed the search's list, and so do the UAs learned
     * since the bitmaps were loaded (k >= nb3_load, learned3_into_list);
     * the later words [un3_w0, un3_w1) are filled only when a set Z first
     * hits the whole list (un3_rest) and are then tested on each such Z
     * (the learned ones among them again, which changes nothing) */
    uint64_t un3[B3_WORDS];
    int un3_w0, un3_w1;
    bool un3_rest;
    uint32_t b3x_x;
    bool b3x_valid;
    /* the solver's base slot 1 holds band 3 and X = xbase_x (XBASE_NONE:
     * not yet made in this orientation) */
    uint32_t xbase_x;
    /* step 4's templates (unless options.two_band_solver): bands 1+2 of
     * the orientation or group, its x the last X checked */
    band_template *tpl;
    int nb3, nb3_load;
    bool b3_pending;
    band_item_found_fn item_fn;
    /* givens (options.givens, cells of e->grid) in the orientation:
     * bands 1+2 (bits 0..53) and band 3 (27 bits) */
    uint64_t g12;
    uint32_t g3;
    int ngiven;
    char failure[160];           /* band_engine_failure */
};

void band_options_default(band_options *o, int clues)
{
    memset(o, 0, sizeof *o);
    o->clues = clues;
    o->learn = 1;
    o->two_band_check = 1;
    o->max_pairs = BAND_ENGINE_MAX_PAIRS;
    o->qlive_max = BAND_ENGINE_QLIVE_MAX;
}

band_engine *band_engine_new(const band_options *opt)
{
    if (opt->clues < 1 || opt->clues > 27 || opt->drop_percent < 0 || opt->drop_percent > 100 || opt->band3_min < 0 ||
        opt->band3_min > 27 || !cs81_subset(opt->givens, cs81_full()))
        return NULL;
    band_engine *e = calloc(1, sizeof *e);
    if (!e) return NULL;
    e->opt = *opt;
    mc_test_hooks h;
    mc_test_hooks_read(&h);
    if (!e->opt.test_corrupt) e->opt.test_corrupt = h.band_corrupt;
    if (!e->opt.max_pairs) e->opt.max_pairs = BAND_ENGINE_MAX_PAIRS;
    if (h.band_max_pairs > 0) e->opt.max_pairs = (uint64_t)h.band_max_pairs;
    e->ngiven = cs81_count(opt->givens);
    ua_store_init(&e->found);
    band_ua_list_init(&e->refill);
    for (int i = 0; i < 6; i++) band_table_init(&e->tab[i]);
    band_table_init(&e->tab3);
    e->scan = opt->scan_scalar ? band_scan_first_scalar : band_scan_best(NULL);
    e->filter = opt->scan_scalar ? band_scan_filter_scalar : band_scan_filter_best();
    e->sieve_fn = opt->scan_scalar ? band_sieve_block_scalar : band_sieve_best(NULL);
    e->bb_fn = opt->scan_scalar ? NULL : band_bound_best();
    band_sieve_init(&e->sieve);
    e->finder = ua_finder_new();
    e->solver = solver9_new();
    e->tpl = malloc(sizeof *e->tpl);
    e->gua = malloc(sizeof *e->gua * MAX_GRID_UAS);
    e->oua = malloc(sizeof *e->oua * MAX_GRID_UAS);
    e->R = malloc(sizeof *e->R * MAX_R * B3_DEPTH);
    e->b3miss = malloc(sizeof *e->b3miss * 54);
    e->b3tmp = malloc(sizeof *e->b3tmp * 2 * B3_TMP);
    if (!e->finder || !e->solver || !e->tpl || !e->gua || !e->oua || !e->R || !e->b3miss || !e->b3tmp) {
        band_engine_free(e);
        return NULL;
    }
    return e;
}

void band_engine_free(band_engine *e)
{
    if (!e) return;
    ua_finder_free(e->finder);
    solver9_free(e->solver);
    free(e->tpl);
    ua_store_free(&e->found);
    for (int i = 0; i < e->cap_item_found; i++) ua_store_free(&e->item_found[i]);
    free(e->item_found);
    band_ua_list_free(&e->refill);
    free(e->tb0);
    for (int i = 0; i < 6; i++) band_table_free(&e->tab[i]);
    band_table_free(&e->tab3);
    band_sieve_free(&e->sieve);
    free(e->gua);
    free(e->oua);
    free(e->R);
    free(e->b3miss);
    free(e->b3tmp);
    free(e->ib);
    free(e->bb);
    free(e->closure);
    free(e->iua_at);
    free(e->iua);
    free(e->tbw);
    free(e->tbx);
    free(e->vx);
    free(e->vy);
    free(e->ys);
    free(e->yset);
    free(e->y2);
    free(e->x2);
    free(e->cand);
    free(e->cand_x);
    free(e->cand_y);
    free(e->qs);
    free(e->qinfo);
    free(e->qlive);
    free(e->bbm);
    free(e->item_strict);
    bandpair_ctx_free(e->bp);
    free(e);
}

mc_status band_engine_set_givens(band_engine *e, cs81 givens)
{
    if (!cs81_subset(givens, cs81_full())) return MC_EINVAL; /* a cell outside the grid */
    e->opt.givens = givens;
    e->ngiven = cs81_count(givens);
    return MC_OK;
}

const char *band_engine_failure(const band_engine *e)
{
    return e->status == MC_EINTERNAL || e->status == MC_ELIMIT ? e->failure : "";
}

uint64_t band_engine_memory(const band_engine *e)
{
    uint64_t m = sizeof *e;
    for (int i = 0; i < 6; i++) m += (uint64_t)e->tab[i].cap * 4 + (e->tab[i].fill ? BAND_TABLE_MAX_FILLINGS * 27 : 0);
    m += (uint64_t)e->tab3.cap * 4 + (e->tab3.fill ? BAND_TABLE_MAX_FILLINGS * 27 : 0);
    m += (uint64_t)MAX_GRID_UAS * 2 * sizeof(cs81) + (uint64_t)MAX_R * B3_DEPTH * 4 + 54 * B3_WORDS * 8;
    m += (uint64_t)2 * B3_TMP * sizeof(cs81);
    m += ((uint64_t)e->captb + (uint64_t)e->captbx) * 8;
    m += ((uint64_t)e->capvx + 2 * (uint64_t)e->capvy) * sizeof(vec2) + (uint64_t)e->capys * (4 + sizeof(vec4));
    m += (uint64_t)e->found.cap * sizeof(cs81);
    for (int i = 0; i < e->cap_item_found; i++) m += (uint64_t)e->item_found[i].cap * sizeof(cs81);
    m += ((uint64_t)e->refill.cap + (uint64_t)e->refill.captmp + (uint64_t)e->captb0) * 8;
    m += (uint64_t)e->capqs * 12 + (uint64_t)e->cap_qlive * 2;
    m += (uint64_t)e->sieve.cap * BAND_SIEVE_ROWS * BAND_SIEVE_WORDS * 8 + (uint64_t)e->capx2 * sizeof(vec4);
    m += (uint64_t)e->capcand * 12;
    m += (uint64_t)e->cap_ib * (sizeof(item_bound) + sizeof(size_t)) + (uint64_t)e->cap_iua * sizeof(cs81);
    m += (uint64_t)e->cap_bb * (sizeof(band_bound) + 2) + (uint64_t)e->cap_closure * CLOSURE_WORDS * 8;
    return m;
}

/* ---- orientation ---- */

static void set_strict(band_engine *e)
{
    for (int s = 0; s < 3; s++) e->strict[s] = band_split_stack_strict(e->o, s);
    for (int i = 0; i < 2; i++) e->band_strict[i] = band_split_band_strict(e->o, i);
}

/* e->g12, e->g3: the givens in oriented cells (e->inv). */
static void set_given_masks(band_engine *e)
{
    e->g12 = 0, e->g3 = 0;
    int c;
    CS81_FOREACH(c, e->opt.givens) {
        int v = e->inv[c];
        if (v < 54) e->g12 |= UINT64_C(1) << v;
        else e->g3 |= UINT32_C(1) << (v - 54);
    }
}

static void orient(band_engine *e, int o)
{
    e->o = o;
    set_strict(e);
    int b3 = o % 3, order[3], k = 0;
    for (int b = 0; b < 3; b++)
        if (b != b3) order[k++] = b;
    order[2] = b3;
    for (int r = 0; r < 9; r++) {
        int tr = 3 * order[r / 3] + r % 3;
        for (int c = 0; c < 9; c++) {
            int g = o < 3 ? 9 * tr + c : 9 * c + tr;
            e->orig[9 * r + c] = (uint8_t)g;
            e->inv[g] = (uint8_t)(9 * r + c);
            e->og[9 * r + c] = e->grid[g];
        }
    }
    set_given_masks(e);
}

static cs81 to_oriented(const band_engine *e, cs81 u)
{
    cs81 v = cs81_empty();
    int c;
    CS81_FOREACH(c, u) cs81_add(&v, e->inv[c]);
    return v;
}

/* band 3's cells, 54..80 */
#define BAND3_CELLS ((cs81){{~UINT64_C(0) << 54, CS81_HI_MASK}})
static uint32_t part3(cs81 u) { return (uint32_t)((u.w[0] >> 54) | (u.w[1] << 10)) & MASK27; }

static bool add_grid_ua(band_engine *e, cs81 oriented)
{
    if (e->ngua >= MAX_GRID_UAS) return false;
    cs81 g = cs81_empty();
    int c;
    CS81_FOREACH(c, oriented) cs81_add(&g, e->orig[c]);
    e->gua[e->ngua++] = g;
    e->oua[e->noua++] = oriented;
    return true;
}

static mc_status add_tb(band_engine *e, uint64_t w)
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

/* ---- the final check ---- */

static int solve_set(band_engine *e, uint64_t q, uint32_t z, uint8_t *second)
{
    uint8_t p[81];
    memset(p, CELL_EMPTY, sizeof p);
    q |= e->g12, z |= e->g3;
    for (uint64_t m = q; m; m &= m - 1) {
        int c = __builtin_ctzll(m);
        p[c] = e->og[c];
    }
    for (uint32_t m = z; m; m &= m - 1) {
        int c = 54 + __builtin_ctz(m);
        p[c] = e->og[c];
    }
    e->rec->solver_calls++;
    return solver9_count2(e->solver, p, second);
}

/* The cells where other differs from the grid. */
static cs81 diff_of(const band_engine *e, const uint8_t other[81])
{
    cs81 d = cs81_empty();
    for (int c = 0; c < 81; c++)
        if (other[c] != e->og[c]) cs81_add(&d, c);
    return d;
}

/* The cells where a solution of the last count-2 call differs from the
 * grid, and that solution in other. */
static cs81 diff_set(band_engine *e, const uint8_t *second, uint8_t other[81])
{
    solver9_first_solution(e->solver, other);
    if (!memcmp(other, e->og, 81)) memcpy(other, second, 81);
    return diff_of(e, other);
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
            *d = diff_of(e, other);
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
    if (r == 2) *d = diff_set(e, second, other);
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

/* ---- the invariants of band_engine.h, checked in every build ---- */

/* Stops the run with MC_EINTERNAL; the first failure is the one told. */
static void fail(band_engine *e, const char *what)
{
    if (e->status != MC_EINTERNAL) {
        if (e->group)
            snprintf(e->failure, sizeof e->failure, "%s (group item %d)", what, e->item + 1);
        else
            snprintf(e->failure, sizeof e->failure, "%s (orientation %d)", what, e->o);
        e->status = MC_EINTERNAL;
    }
    e->stop = true;
}

static bool valid_grid(const uint8_t *s)
{
    uint16_t row[9] = {0}, col[9] = {0}, box[9] = {0};
    for (int c = 0; c < 81; c++) {
        if (s[c] > 8) return false;
        uint16_t bit = (uint16_t)(1u << s[c]);
        int r = c / 9, k = c % 9, b = 3 * (r / 3) + k / 3;
        if ((row[r] | col[k] | box[b]) & bit) return false;
        row[r] |= bit, col[k] |= bit, box[b] |= bit;
    }
    return true;
}

/* The difference d of a second solution of a count whose clues were the
 * oriented cells q (bands 1+2), z (band 3) and the givens, checked: the
 * solution is a valid grid, holds every clue and differs from the grid.
 * False (the run stopped) when it does not. */
static bool second_ok(band_engine *e, uint8_t other[81], cs81 *d, uint64_t q, uint32_t z)
{
    if (e->opt.test_corrupt == 2) { /* tests: a clue of the count changed */
        uint64_t cq = q | e->g12;
        int c = cq ? __builtin_ctzll(cq) : 54 + __builtin_ctz((z | e->g3) | (UINT32_C(1) << 26));
        other[c] = (uint8_t)((other[c] + 1) % 9);
        cs81_add(d, c);
    }
    if (e->opt.test_corrupt == 1) *d = cs81_empty(); /* tests: an empty difference */
    if (!valid_grid(other)) {
        fail(e, "a second solution is not a valid grid");
        return false;
    }
    if ((d->w[0] & (q | e->g12) & ((UINT64_C(1) << 54) - 1)) || (part3(*d) & (z | e->g3))) {
        fail(e, "a second solution disagrees with a clue of its count");
        return false;
    }
    if (cs81_is_empty(*d)) {
        fail(e, "a second solution equals the grid (an empty UA)");
        return false;
    }
    return true;
}

/* Shrinks an unavoidable set of the oriented grid (step 6's difference)
 * until it is minimal in band 3: a band-3 cell is dropped when the set
 * without it is still unavoidable (then the cells where the new second
 * solution differs replace the set); the cells of bands 1+2 stay unless
 * such a replacement drops them. Band 3 alone: the differences shrink there
 * (K = 17, groups 1:31513 and 70:877691: about 42 cells to 26; trying bands
 * 1+2 as well takes off 0.6 cells more for twice the solver calls: 524,534
 * -> 251,877 calls and 1.06 -> 0.82 s in the engine on 1:31513, band-3
 * nodes 2.45 M -> 2.38 M). Each count starts from the solver's base slot
 * MINIMIZE_SLOT (the grid without u's cells, propagated; made again when u
 * shrinks) plus the one cell tested, instead of loading the whole puzzle
 * (the same counts; the second solution found may differ); minimized_ok
 * checks the result with the whole puzzle. */
static cs81 minimize(band_engine *e, cs81 u)
{
    uint8_t p[81], second[81], other[81];
    cs81 todo = cs81_and(u, BAND3_CELLS);
    int c;
    bool base_stale = true;
    CS81_FOREACH(c, todo) {
        if (!cs81_has(u, c)) continue;
        e->rec->solver_calls++;
        if (base_stale) {
            for (int k = 0; k < 81; k++) p[k] = cs81_has(u, k) ? CELL_EMPTY : e->og[k];
            solver9_base_load(e->solver, MINIMIZE_SLOT, p);
            base_stale = false;
        }
        uint64_t cell[2] = {0, 0};
        cell[c >> 6] = UINT64_C(1) << (c & 63);
        int r = solver9_count2_base(e->solver, MINIMIZE_SLOT, e->og, cell, second);
        if (r == 2) u = diff_set(e, second, other), base_stale = true;
    }
    return u;
}

/* The invariant of a minimized UA m (of a final check) of the difference
 * d: not
 * empty, inside d, and still unavoidable: the grid without m's cells has a
 * second solution, a valid grid that differs from the grid inside m only
 * (one solver call, counted). */
static bool minimized_ok(band_engine *e, cs81 m, cs81 d)
{
    if (e->opt.test_corrupt == 3) { /* tests: cut to one cell, which no UA is */
        cs81 one = cs81_empty();
        if (!cs81_is_empty(m)) cs81_add(&one, cs81_first(m));
        m = one;
    }
    if (cs81_is_empty(m) || !cs81_is_empty(cs81_andnot(m, d))) {
        fail(e, "a minimized UA is empty or leaves its difference");
        return false;
    }
    uint8_t p[81], second[81], other[81] = {0};
    for (int k = 0; k < 81; k++) p[k] = cs81_has(m, k) ? CELL_EMPTY : e->og[k];
    e->rec->solver_calls++;
    cs81 d2 = cs81_empty();
    if (solver9_count2(e->solver, p, second) == 2) d2 = diff_set(e, second, other);
    if (cs81_is_empty(d2) || !valid_grid(other) || !cs81_is_empty(cs81_andnot(d2, m))) {
        fail(e, "a minimized UA is not unavoidable");
        return false;
    }
    return true;
}

static void report(band_engine *e, uint32_t z)
{
    uint64_t q = e->Q;
    int n = __builtin_popcountll(q) + __builtin_popcount(z);
    /* ownership: counts of the six orientations, in grid coordinates */
    int counts[6] = {0, 0, 0, 0, 0, 0};
    uint8_t pz[81];
    memset(pz, CELL_EMPTY, sizeof pz);
    for (int c = 0; c < 81; c++) {
        bool in = c < 54 ? (q >> c) & 1 : (z >> (c - 54)) & 1;
        if (!in) continue;
        int g = e->orig[c];
        pz[g] = e->grid[g];
        counts[g / 27]++;
        counts[3 + (g % 9) / 3]++;
    }
    if (e->group) {
        int slot, b1;
        uint8_t cp[54], cb[27];
        bandpair_cover(e->bp, e->og, pz, &slot, cp, cb, &b1);
        if (memcmp(cp, e->gpair, 54) || memcmp(cb, e->gband3, 27)) return;
    } else if (band_split_owner(counts) != e->o) {
        return;
    }
    /* the givens join the counted clues (they play no part in the counts) */
    int gc;
    CS81_FOREACH(gc, e->opt.givens) pz[gc] = e->grid[gc];
    n += e->ngiven;
    /* minimal: every one-clue-less subset is ambiguous */
    for (int c = 0; c < 81; c++) {
        if (pz[c] == CELL_EMPTY) continue;
        uint8_t keep = pz[c];
        pz[c] = CELL_EMPTY;
        e->rec->solver_calls++;
        int r = solver9_count2(e->solver, pz, NULL);
        pz[c] = keep;
        if (r == 1) return;
    }
    e->rec->puzzles++;
    if (e->group) {
        if (e->item_fn) e->item_fn(e->found_arg, e->item, pz, n);
    } else if (e->found_fn) {
        e->found_fn(e->found_arg, pz, n);
    }
    if (e->opt.first) e->stop = true;
}

/* ---- band 3 ---- */

static int8_t stack_of(uint32_t p3)
{
    for (int st = 0; st < 3; st++)
        if (!(p3 & ~(UINT32_C(0x1C0E07) << (3 * st)))) return (int8_t)st;
    return -1;
}

/* Per-cell rows of UA bits (the item's b3miss, an item_bound's miss): row
 * c (a cell of bands 1+2) is miss[c * stride .. + stride), bit k set iff
 * UA k lacks c. miss_set enters UA k with bands-1+2 part p12; miss_and
 * ANDs into un[w0..w1) the rows of the cells base + c, c in cells (the UAs
 * that all of them miss). */
static void miss_set(uint64_t *miss, int stride, int k, uint64_t p12)
{
    uint64_t bit = UINT64_C(1) << (k & 63);
    for (int c = 0; c < 54; c++)
        if (!((p12 >> c) & 1)) miss[c * stride + (k >> 6)] |= bit;
}

static void miss_and(uint64_t *un, const uint64_t *miss, int stride, int base, uint32_t cells, int w0, int w1)
{
    for (uint32_t m = cells; m; m &= m - 1) {
        const uint64_t *mc = miss + (base + __builtin_ctz(m)) * stride;
        for (int w = w0; w < w1; w++) un[w] &= mc[w];
    }
}

/* A UA of the item (oriented, with a band-3 part) appended to its bitmaps,
 * while there is room. */
/* UA u as entry k of the bitmaps whose rows have bit k set already: its
 * band-3 part and stack, and its own cells taken out of the rows. */
static void b3_put(band_engine *e, int k, cs81 u)
{
    e->b3part[k] = part3(u);
    e->b3stack[k] = stack_of(e->b3part[k]);
    uint64_t keep = ~(UINT64_C(1) << (k & 63));
    for (uint64_t m = u.w[0] & ((UINT64_C(1) << 54) - 1); m; m &= m - 1) e->b3miss[__builtin_ctzll(m)][k >> 6] &= keep;
}

static void b3_add(band_engine *e, cs81 u)
{
    if (e->nb3 >= B3_MAX) return;
    int k = e->nb3++, w = k >> 6;
    uint64_t bit = UINT64_C(1) << (k & 63);
    if ((k & 63) == 0) /* a word not read before: whatever an earlier item or X left there out */
        e->b3x[w] = 0;
    for (int c = 0; c < 54; c++) e->b3miss[c][w] = (k & 63 ? e->b3miss[c][w] : 0) | bit;
    b3_put(e, k, u);
    if (e->b3x_valid && !(u.w[0] & e->b3x_x)) e->b3x[w] |= bit;
}

static void b3_unhit(const band_engine *e, uint32_t y, uint64_t *un, int w0, int w1);

/* The band-3 part of a UA of the item that the pair Q and Z leave unhit,
 * among the UAs beyond the search's list (e->un3 words from un3_w0, filled
 * at the first call for Q); 0 when Z hits them all. */
static uint32_t b3_rest_unhit(band_engine *e, uint32_t z)
{
    if (!e->un3_rest) {
        e->un3_w1 = (e->nb3 + 63) >> 6;
        b3_unhit(e, (uint32_t)(e->Q >> 27) & MASK27, e->un3, e->un3_w0, e->un3_w1);
        e->un3_rest = true;
    }
    for (int w = e->un3_w0; w < e->un3_w1; w++)
        for (uint64_t m = e->un3[w]; m; m &= m - 1) {
            uint32_t p = e->b3part[64 * w + __builtin_ctzll(m)];
            if (!(p & z)) return p;
        }
    return 0;
}

/* The lower bounds of a node of the band-3 search, as its list is read:
 * best, the live part with the fewest cells (bestn of them; 32: none yet),
 * used, the union of the disjoint live parts taken greedily (lb of them;
 * and bit 31, B3_USED0, so that B3_NONE is never disjoint),
 * used_st, lbs the same for the parts inside one stack. */
#define B3_NONE UINT32_C(0xFFFFFFFF)
#define B3_USED0 (UINT32_C(1) << 31)
typedef struct b3_bound {
    uint32_t best, used, used_st[3];
    int bestn, lb, lbs[3];
} b3_bound;

/* Adds a live part (B3_NONE: a set already hit, which changes nothing) to
 * b; true when the node is dead: a part with no live cell, or more
 * disjoint parts inside stack s than its cap allows. */
static inline bool b3_bound_add(b3_bound *b, uint32_t live, const int qstack[3], const int zs[3],
                                const int stack_cap[3])
{
    int c = __builtin_popcount(live);
    if (c == 0) return true;
    if (c < b->bestn) b->bestn = c, b->best = live;
    if (!(live & b->used)) {
        b->lb++, b->used |= live;
        for (int s = 0; s < 3; s++)
            if (!(live & ~(UINT32_C(0x1C0E07) << (3 * s)))) {
                if (qstack[s] + zs[s] + ++b->lbs[s] > stack_cap[s]) return true;
                b->used_st[s] |= live;
                break;
            }
    }
    return false;
}

/* One node of the band-3 search: Z (nz clues, zs per stack) taken, the
 * cells of dead excluded; list[0..n): the pair's UAs unhit by Z without
 * its last cell bit (bit 0 at the root), so this node's list (those without
 * bit) is written just after it, list + n (the lists of a path nest in
 * e->R); the UAs learned for this pair are scanned as they are. */
static void dfs3(band_engine *e, uint32_t z, uint32_t dead, int nz, const int zs[3], uint32_t *list, int n,
                 uint32_t bit)
{
    if (e->stop || e->q_dead) return;
    e->rec->band3_nodes++;
    uint32_t allowed = 0;
    for (int s = 0; s < 3; s++)
        if (e->qstack[s] + zs[s] < e->stack_cap[s]) allowed |= UINT32_C(0x1C0E07) << (3 * s);
    b3_bound bd = {.used = B3_USED0, .bestn = 32};
    uint32_t *out = list + n;
    int m = 0;
    const uint32_t take = ~dead & allowed;
    /* lower bounds: disjoint live parts (dead and full-stack cells cannot
     * be taken), in all and inside one stack; the list's sets that bit
     * hits go in as B3_NONE (no branch on them: it would be mispredicted
     * half the time) */
    for (int i = 0; i < n; i++) {
        uint32_t u = list[i], hit = -(uint32_t)((u & bit) != 0);
        out[m] = u;
        m += (int)(hit + 1);
        if (b3_bound_add(&bd, (u & take) | hit, e->qstack, zs, e->stack_cap)) return;
    }
    for (int i = 0; i < e->nlearned3; i++) {
        uint32_t u = e->learned3[i];
        if (!(u & z) && b3_bound_add(&bd, u & take, e->qstack, zs, e->stack_cap)) return;
    }
    uint32_t best = bd.best, used = bd.used & MASK27, *used_st = bd.used_st;
    int lb = bd.lb, *lbs = bd.lbs;
    if (bd.bestn == 32) { /* Z hits the list: branch on a UA beyond it, else the final check */
        uint32_t u3 = b3_rest_unhit(e, z);
        if (!u3) {
            uint8_t second[81];
            e->rec->band3_checks++;
            int r = solve_set(e, e->Q, z, second);
            if (r == 1) {
                if (nz >= e->zlo) report(e, z);
                return;
            }
            if (r == 0) { /* cannot happen on a subset of a grid */
                fail(e, "a band-3 count found no solution");
                return;
            }
            uint8_t other[81];
            cs81 d = diff_set(e, second, other);
            if (!second_ok(e, other, &d, e->Q, z)) return;
            if (!e->opt.learn_raw) { /* the difference minimized (options.learn_raw: as it is) */
                cs81 mu = minimize(e, d);
                if (!minimized_ok(e, mu, d)) return;
                d = mu;
            }
            u3 = part3(d);
            if (!u3) { /* a two-band UA unhit by Q: nothing in band 3 helps */
                e->q_dead = true;
                return;
            }
            e->rec->ua_second++; /* a second solution giving a grid UA; learned ones are a subset */
            if (e->opt.learn && e->nlearned < MAX_GRID_LEARNED && add_grid_ua(e, d)) {
                e->nlearned++, e->rec->ua_learned++;
                b3_add(e, d);
            }
        }
        if (e->nlearned3 < (int)(sizeof e->learned3 / sizeof *e->learned3)) e->learned3[e->nlearned3++] = u3;
        best = used = u3 & ~dead & allowed;
        lb = 1;
        if (!best) return;
    }
    if (nz + lb > e->zhi) return;
    /* a tight bound: each disjoint part takes exactly one more clue, so no
     * cell outside them can (in all, or inside a stack that is tight) */
    if (!e->opt.band3_plain) {
        if (nz + lb == e->zhi) dead |= MASK27 & ~used;
        for (int s = 0; s < 3; s++)
            if (e->qstack[s] + zs[s] + lbs[s] == e->stack_cap[s])
                dead |= (UINT32_C(0x1C0E07) << (3 * s)) & ~used_st[s];
        best &= ~dead;
    }
    while (best) {
        int c = __builtin_ctz(best);
        uint32_t b = UINT32_C(1) << c;
        best &= best - 1;
        int zs2[3] = {zs[0], zs[1], zs[2]};
        zs2[(c % 9) / 3]++;
        dfs3(e, z | b, dead, nz + 1, zs2, out, m, b);
        dead |= b;
        if (e->stop || e->q_dead) return;
    }
}

/* A two-band UA learned: into a vector slot while there is one (every Y's
 * bit at once; each X computes its bits when its turn comes), else at the
 * end of the list, up to MAX_TB_LEARNED. Never into the second vector:
 * that would set a bit of every Y (K = 16, 26 groups: pairs 0.78 s with
 * it, 0.73 s without; the same survivors, as the list scan tests the
 * entry on the same pairs). */
static void learn_two_band(band_engine *e, uint64_t w)
{
    uint32_t a = (uint32_t)(w & MASK27), b = (uint32_t)(w >> 27) & MASK27;
    if (e->nl < LEARN_SLOTS) {
        int k = e->nl++;
        e->lb[k] = b;
        uint64_t bit = UINT64_C(1) << (k & 63);
        int word = 2 + (k >> 6);
        for (uint32_t m = a; m; m &= m - 1) e->slot_miss[__builtin_ctz(m)][k >> 6] &= ~bit;
        for (int i = e->x_live0; i < e->x_live1; i++) e->vx[i].w[word] |= bit & -(uint64_t)!(e->xset[i] & a);
        if (!e->opt.pairs_plain) band_sieve_set_ua(&e->sieve, BAND_ENGINE_VEC_UAS + k, b);
        e->rec->ua_learned_two_band++;
    } else if (e->ntb < e->ntb_base + MAX_TB_LEARNED && add_tb(e, w) == MC_OK) {
        e->rec->ua_learned_two_band++;
    }
}

/* A UA's band-3 size and its size (b3_order's keys). */
static int b3_size(cs81 u) { return __builtin_popcountll(u.w[0] >> 54 | (u.w[1] << 10)); }
static int all_size(cs81 u) { return __builtin_popcountll(u.w[0]) + __builtin_popcountll(u.w[1]); }

/* out[0..n) = in[0..n) stably sorted by key (0 <= key < keys <= 82): a
 * counting sort. */
static void sort_by(const cs81 *in, cs81 *out, int n, int (*key)(cs81), int keys)
{
    int at[83] = {0};
    for (int i = 0; i < n; i++) at[key(in[i]) + 1]++;
    for (int k = 1; k < keys; k++) at[k] += at[k - 1];
    for (int i = 0; i < n; i++) out[at[key(in[i])]++] = in[i];
}

/* The item's UAs with a band-3 part in step 5's order into e->b3tmp (their
 * number returned): band 3's own UAs (e->tab3) and those of u[0..n) that
 * meet band 3, smallest band-3 part first, then smallest UA, then in the
 * order they came (band 3's, then u's): two stable counting sorts, by
 * size and then by band-3 size. */
static int b3_order(band_engine *e, const cs81 *u, int n)
{
    cs81 *tmp = e->b3tmp, *scratch = e->b3tmp + B3_TMP;
    int m = 0;
    for (int i = 0; i < e->tab3.nua; i++) {
        cs81 v = cs81_empty();
        v.w[0] = (uint64_t)e->tab3.ua[i] << 54;
        v.w[1] = e->tab3.ua[i] >> 10;
        tmp[m++] = v;
    }
    for (int i = 0; i < n; i++)
        if (part3(u[i])) tmp[m++] = u[i];
    sort_by(tmp, scratch, m, all_size, 82);
    sort_by(scratch, tmp, m, b3_size, 28);
    return m;
}

/* w[0..words) = the bits lo..hi-1 (none when hi <= lo). */
static void bit_range(uint64_t *w, int words, int lo, int hi)
{
    for (int i = 0; i < words; i++) {
        int a = lo - 64 * i, b = hi - 64 * i;
        a = a < 0 ? 0 : a, b = b > 64 ? 64 : b;
        w[i] = a >= b ? 0 : (b == 64 ? ~UINT64_C(0) : (UINT64_C(1) << b) - 1) & ~((UINT64_C(1) << a) - 1);
    }
}

/* The item's bitmaps (e->b3*) from the first B3_MAX of list[0..n). */
static void b3_load(band_engine *e, const cs81 *list, int n)
{
    if (n > B3_MAX) n = B3_MAX;
    int nw = (n + 63) >> 6;
    uint64_t all[B3_WORDS];
    bit_range(all, nw, 0, n);
    /* every row missing every UA, then each UA's cells taken out */
    for (int c = 0; c < 54; c++) memcpy(e->b3miss[c], all, sizeof *all * (size_t)nw);
    for (int k = 0; k < n; k++) b3_put(e, k, list[k]);
    e->nb3 = e->nb3_load = n;
    e->b3x_valid = false;
    e->b3_pending = false;
}

/* The item's UAs with a band-3 part as bitmaps (e->b3*), for the item now
 * in e->og (its UAs in e->oua, band 3's own in e->tab3). */
static void b3_prepare(band_engine *e)
{
    b3_load(e, e->b3tmp, b3_order(e, e->oua, e->noua));
}

/* The UAs of the item unhit by X (e->b3x), computed when X changes. */
static void b3_set_x(band_engine *e, uint32_t x)
{
    int nw = (e->nb3 + 63) >> 6;
    bit_range(e->b3x, nw, 0, e->nb3);
    miss_and(e->b3x, e->b3miss[0], B3_WORDS, 0, x, 0, nw);
    e->b3x_x = x;
    e->b3x_valid = true;
}

/* un[w0..w1) = the item's UAs unhit by X (e->b3x) and by Y. */
static void b3_unhit(const band_engine *e, uint32_t y, uint64_t *un, int w0, int w1)
{
    for (int w = w0; w < w1; w++) un[w] = e->b3x[w];
    miss_and(un, e->b3miss[0], B3_WORDS, 27, y, w0, w1);
}

/* True when the pair cannot be completed in band 3: the UAs un[0..nw) it
 * leaves unhit (parts part[k], stacks stack[k] as b3part, b3stack) hold
 * more disjoint band-3 parts (taken greedily, smallest first) than the
 * clues band 3 may still take (z <= zhi), in all or inside one stack
 * (q_s + z_s <= zhi - strict_s). A lower bound only: false says nothing. */
static bool bound_dead(const uint32_t *part, const int8_t *stack, const uint64_t *un, int nw, int zhi,
                       const int strict[3], const int qstack[3])
{
    uint32_t used = 0;
    int lb = 0, lbs[3] = {0, 0, 0}, cap[3];
    /* cap >= -1: survivor dropped the pairs with a stack above zhi - strict_s
     * for the smallest strictness of a group's items (-1: a stricter item) */
    for (int st = 0; st < 3; st++) cap[st] = zhi - strict[st] - qstack[st];
    for (int w = 0; w < nw; w++)
        for (uint64_t m = un[w]; m; m &= m - 1) {
            int k = 64 * w + __builtin_ctzll(m);
            uint32_t p = part[k];
            if (p & used) continue;
            used |= p;
            if (++lb > zhi) return true;
            int st = stack[k];
            if (st >= 0 && ++lbs[st] > cap[st]) return true;
        }
    return false;
}

/* bound_dead over the current item's UAs (e->b3*) and strictness. */
static bool b3_dead(const band_engine *e, const uint64_t *un, int nw, int zhi, const int qstack[3])
{
    return bound_dead(e->b3part, e->b3stack, un, nw, zhi, e->strict, qstack);
}

/* The bound of step 3b on the pair x u y, over the first MIX UAs of the
 * item (un[0..) filled with their words; the number of words returned in
 * *nw). */
static bool mix_dead(band_engine *e, uint32_t x, uint32_t y, int zhi, const int qstack[3], uint64_t *un, int *nw)
{
    int all = (e->nb3 + 63) >> 6;
    *nw = all < MIX / 64 ? all : MIX / 64;
    if (!e->b3x_valid || e->b3x_x != x) b3_set_x(e, x);
    b3_unhit(e, y, un, 0, *nw);
    return b3_dead(e, un, *nw, zhi, qstack);
}

/* Step 3c (group mode): true when the pair x u y is dead in every item:
 * the item's strictness leaves band 3 no size (zlo > zhi) or the bound of
 * step 3b over its first IB_MIX UAs cuts it, as step 5 would find for each
 * item before any search (step 5 tests the same UAs, with those the item
 * learns since added). The items are tried from the last one that let a
 * pair live. */
static bool items_dead(band_engine *e, uint32_t x, uint32_t y, int zlo, int zhi, const int qstack[3])
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
        if (!bound_dead(b->part, b->stack, un, b->nw, zhi, b->strict, qstack)) {
            e->ib_hint = i;
            return false;
        }
    }
    return true;
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

/* e->qlive for the pair x u y about to be kept as pair e->nqs (items_dead's
 * last pair): the lanes of every batch of step 3c (items_dead stopped at
 * the first live one, so the batches it did not reach are bounded here);
 * qlive_on goes off instead when the masks would pass options.qlive_max
 * bytes or memory runs out (step 5 then tests every item). */
static void keep_lanes(band_engine *e, uint32_t x, uint32_t y, int zhi, const int qstack[3])
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
    if (zlo < e->opt.band3_min) zlo = e->opt.band3_min; /* <= zhi: pair_phase takes K - x - y >= band3_min */
    pair_stacks(q, qs3);
    for (int st = 0; st < 3; st++)
        if (qs3[st] > zhi - e->strict[st]) {
            e->rec->band3_filtered++;
            return;
        }
    if (!e->group) { /* one item: its band-3 bound before the list and step 4 */
        uint64_t un[MIX / 64];
        int nw;
        if (mix_dead(e, x, y, zhi, qs3, un, &nw)) {
            e->rec->band3_filtered++;
            return;
        }
    }
    /* two-band UAs beyond the vectors */
    if (list_dead(e, x, q)) return;
    e->rec->survivors++;
    if (e->nib && items_dead(e, x, y, zlo, zhi, qs3)) {
        e->rec->band3_filtered++; /* step 3c: no item can complete it */
        return;
    }
    if (e->opt.two_band_check) {
        uint8_t other[81];
        cs81 d;
        int r = two_band_check(e, x, y, other, &d);
        if (r == 0) {
            fail(e, "a two-band count found no solution");
            return;
        }
        if (r != 1) {
            if (!second_ok(e, other, &d, q, MASK27)) return;
            if (d.w[1] || (d.w[0] >> 54)) {
                fail(e, "a two-band difference leaves bands 1+2");
                return;
            }
            /* the difference itself, a UA already (second_ok checked the
             * solution), into a vector slot or the list: a slot's UA
             * minimized took about 19 solver calls (79,134 of 146,168 at
             * K = 16, 26 groups) and saved less than that (engine 1.25 ->
             * 1.22 s without; K = 17, group 70:877691, 6.80 -> 6.72 s) */
            if (e->opt.learn) learn_two_band(e, d.w[0]);
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
    if (e->qlive_on) keep_lanes(e, x, y, zhi, qs3);
    e->qinfo[e->nqs] = (uint32_t)zlo | (uint32_t)zhi << 5 | (uint32_t)qs3[0] << 10 | (uint32_t)qs3[1] << 15 |
                       (uint32_t)qs3[2] << 20;
    e->qs[e->nqs++] = q;
}

/* Appends to the search's root list e->R the band-3 parts of the UAs
 * whose bits are set in un's words [wa, wb) (counted in a local: a store
 * to R[] might alias e->nR). */
static void list_append(band_engine *e, const uint64_t *un, int wa, int wb)
{
    uint32_t *r = e->R;
    int nr = e->nR;
    for (int w = wa; w < wb; w++)
        for (uint64_t m = un[w]; m; m &= m - 1) r[nr++] = e->b3part[64 * w + __builtin_ctzll(m)];
    e->nR = nr;
}

/* Appends to the search's root list e->R the band-3 parts of the UAs
 * learned since the bitmaps were loaded (k >= nb3_load; step 6's minimized
 * ones, at most MAX_GRID_LEARNED) that the pair leaves unhit (X = the
 * b3x_x of mix_dead, y), skipping those of the first w0 words (already
 * there). They are small and made for pairs like this one: in the list
 * the bounds and branches use them from the root, where tested only on a
 * Z that hits the list they cut late (K = 17, 26 groups: band-3 nodes
 * 63.1 M -> 43.2 M, band 3 27.5 -> 26.4 s). */
static void learned3_into_list(band_engine *e, uint32_t y, int w0)
{
    int lo = e->nb3_load > 64 * w0 ? e->nb3_load : 64 * w0, wa = lo >> 6, wb = (e->nb3 + 63) >> 6;
    if (wa >= wb) return;
    uint64_t un[B3_WORDS];
    b3_unhit(e, y, un, wa, wb);
    un[wa] &= ~((UINT64_C(1) << (lo & 63)) - 1);
    list_append(e, un, wa, wb);
}

/* Step 5 on one pair Q of step 4, in the current item's band 3: the bound
 * of step 3b again (in group mode its first application; in grid mode the
 * UAs learned since make it stronger), then the search over the UAs Q
 * leaves unhit. cut: step 3c's lane of this item found the bound dead
 * already (e->qlive), so it is not made again: mix_dead takes the same
 * UAs in the same order, and more. */
static void band3(band_engine *e, uint64_t q, uint32_t info, bool cut)
{
    uint32_t x = (uint32_t)q & MASK27, y = (uint32_t)(q >> 27) & MASK27;
    e->Q = q;
    e->zlo = (int)(info & 31);
    e->zhi = (int)((info >> 5) & 31);
    if (e->group) { /* the item's own e_1, e_2: a tie it cannot cover is not searched */
        int a = __builtin_popcount(x) + e->band_strict[0], b = __builtin_popcount(y) + e->band_strict[1];
        if (a > e->zlo) e->zlo = a;
        if (b > e->zlo) e->zlo = b;
        if (e->zlo > e->zhi) return;
    }
    for (int s = 0; s < 3; s++) e->qstack[s] = (int)((info >> (10 + 5 * s)) & 31);
    uint64_t *un = e->un3;
    int w0;
    if (!cut && e->b3_pending) b3_load(e, e->iua + e->iua_at[e->item], (int)(e->iua_at[e->item + 1] - e->iua_at[e->item]));
    if (cut || mix_dead(e, x, y, e->zhi, e->qstack, un, &w0)) {
        e->rec->band3_filtered++;
        return;
    }
    for (int s = 0; s < 3; s++) e->stack_cap[s] = e->zhi - e->strict[s];
    if (e->opt.band3_plain) { /* the whole list from the root */
        int nw = (e->nb3 + 63) >> 6;
        b3_unhit(e, y, un, w0, nw);
        w0 = nw;
    }
    e->nR = 0;
    list_append(e, un, 0, w0);
    learned3_into_list(e, y, w0);
    e->un3_w0 = e->un3_w1 = w0;
    e->un3_rest = e->opt.band3_plain;
    e->q_dead = false;
    e->nlearned3 = 0;
    int zs[3] = {0, 0, 0};
    dfs3(e, 0, 0, 0, zs, e->R, e->nR, 0);
}

/* The band-3 side of the item now in e->og (its UAs in e->oua): band 3's
 * own UAs and the filter. */
static mc_status item_prepare(band_engine *e)
{
    uint8_t b3[27];
    memcpy(b3, e->og + 54, 27);
    mc_status st = band_table_build_given(&e->tab3, b3, 0, e->g3);
    if (st != MC_OK) return st;
    b3_prepare(e);
    return MC_OK;
}

/* Step 5 for every pair kept by step 4, on the item now in e->og (its
 * band 3, its UAs in e->oua). In group mode with e->qlive, a pair whose
 * lane of this item step 3c found dead is cut without its bound made
 * again (band3's cut: the same counters). */
static mc_status band3_phase(band_engine *e)
{
    double t0 = mc_thread_cpu_seconds();
    bool lanes = e->group && e->qlive_on;
    int j = e->item / BAND_BOUND_LANES, bit = e->item % BAND_BOUND_LANES;
    for (size_t i = 0; i < e->nqs && !e->stop; i++)
        band3(e, e->qs[i], e->qinfo[i], lanes && !((e->qlive[i * (size_t)e->nbb + j] >> bit) & 1));
    e->rec->seconds_band3 += mc_thread_cpu_seconds() - t0;
    return e->status;
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
 * cells of slot_miss (as fill_vectors); learn_two_band then keeps them up
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
static mc_status pair_phase(band_engine *e, const band_table *t1, const band_table *t2, int xmax)
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
        } else if ((st = add_tb(e, w)) != MC_OK) {
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

static mc_status run_orientation(band_engine *e, int o, int xmax)
{
    orient(e, o);
    int b1 = band_split_band_orientation(o, 0), b2 = band_split_band_orientation(o, 1);
    /* oriented UAs (the store is sorted) */
    e->noua = 0;
    for (int i = 0; i < e->ngua; i++) e->oua[e->noua++] = to_oriented(e, e->gua[i]);
    mc_status st = item_prepare(e);
    if (st == MC_OK) st = pair_phase(e, &e->tab[b1], &e->tab[b2], xmax);
    if (st == MC_OK && !e->stop) st = band3_phase(e);
    return st;
}

/* The finder's UAs in found into e->gua: those a given hits dropped,
 * and some more on request (tests). */
static void keep_uas(band_engine *e, const ua_store *found)
{
    e->ngua = 0;
    for (int i = 0; i < found->n && e->ngua < MAX_GRID_UAS; i++) {
        if (e->ngiven && cs81_intersects(found->set[i], e->opt.givens)) continue; /* hit by a given */
        if (e->opt.drop_percent && (int)(prng_next(&e->rng) % 100) < e->opt.drop_percent) continue;
        e->gua[e->ngua++] = found->set[i];
    }
    e->rec->ua_initial += (uint64_t)e->ngua;
}

/* The finder's UAs of the grid e->grid into e->gua (keep_uas). */
static mc_status grid_uas(band_engine *e)
{
    double t0 = mc_thread_cpu_seconds();
    ua_store_clear(&e->found);
    mc_status st = ua_find(e->finder, e->grid, 12, &e->found);
    if (st != MC_OK) return st;
    keep_uas(e, &e->found);
    e->rec->seconds_ua += mc_thread_cpu_seconds() - t0;
    return MC_OK;
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

static void start(band_engine *e, band_record *rec, void *arg)
{
    memset(rec, 0, sizeof *rec);
    e->rec = rec;
    e->found_arg = arg;
    e->stop = false;
    e->status = MC_OK;
    e->failure[0] = 0;
    e->nlearned = 0;
    e->nib = 0; /* step 3c only where items_prepare made the bounds */
    e->qlive_on = false;
    prng_seed(&e->rng, e->opt.drop_seed);
}

/* The largest band size a pass may need before the tables are built:
 * band_split_xmax with the smallest valid size of any band, which givens
 * may lower to 0 (a band's givens may be valid alone). */
static int xmax_of(const band_engine *e, int clues)
{
    int xmax = band_split_xmax(clues, e->ngiven ? 0 : BAND_TABLE_MIN_VALID);
    if (xmax > BAND_TABLE_MAX_SIZE) xmax = BAND_TABLE_MAX_SIZE;
    return xmax < 0 ? 0 : xmax;
}

/* Givens that are a unique puzzle alone settle a grid at once (true): every
 * set that holds them is unique, so the only minimal one is the givens
 * themselves when they are minimal, and it is reported; steps 3-4 would
 * list every pair, none of them cut by a UA (the checker's answer, which
 * prunes the supersets of a unique set). */
static bool givens_settle(band_engine *e, const uint8_t g81[81])
{
    if (!e->ngiven) return false;
    uint8_t pz[81];
    for (int c = 0; c < 81; c++) pz[c] = cs81_has(e->opt.givens, c) ? g81[c] : CELL_EMPTY;
    e->rec->solver_calls++;
    if (solver9_count2(e->solver, pz, NULL) != 1) return false;
    for (int c = 0; c < 81; c++) {
        if (pz[c] == CELL_EMPTY) continue;
        pz[c] = CELL_EMPTY;
        e->rec->solver_calls++;
        int r = solver9_count2(e->solver, pz, NULL);
        pz[c] = g81[c];
        if (r == 1) return true;
    }
    e->rec->puzzles++;
    if (e->found_fn) e->found_fn(e->found_arg, pz, e->ngiven);
    return true;
}

mc_status band_engine_run(band_engine *e, const uint8_t g81[81], band_record *rec,
                          checker_found_fn found, void *arg)
{
    double t_all = mc_thread_cpu_seconds();
    start(e, rec, arg);
    e->group = false;
    e->grid = g81;
    e->found_fn = found;
    if (givens_settle(e, g81)) {
        rec->seconds_total = mc_thread_cpu_seconds() - t_all;
        return MC_OK;
    }
    int K = e->opt.clues, xmax = xmax_of(e, K);
    mc_status st = grid_uas(e);
    if (st != MC_OK) return st;
    /* valid tables of the 3 bands and 3 stacks */
    double t0 = mc_thread_cpu_seconds();
    /* the sizes needed follow from the smallest valid set of the grid's
     * bands and stacks (band_split: x <= (K - v) / 2); small sizes first */
    int first_size = xmax < 5 ? xmax : 5, v = 99;
    uint8_t gflag[81];
    for (int c = 0; c < 81; c++) gflag[c] = cs81_has(e->opt.givens, c);
    e->band1_kept = false; /* tab[0] takes this grid's band */
    for (int i = 0; i < 6; i++) {
        uint8_t b[27], gb[27];
        band_table_read_band(g81, i % 3, i >= 3, b);
        band_table_read_band(gflag, i % 3, i >= 3, gb);
        uint32_t given = 0;
        for (int c = 0; c < 27; c++) given |= (uint32_t)gb[c] << c;
        if ((st = band_table_build_given(&e->tab[i], b, first_size, given)) != MC_OK) return st;
        int mv = e->tab[i].min_valid < 0 ? first_size + 1 : e->tab[i].min_valid;
        if (mv < v) v = mv;
    }
    int need = band_split_xmax(K, v);
    if (need < xmax) xmax = need;
    if (xmax > first_size)
        for (int i = 0; i < 6; i++)
            if ((st = band_table_extend(&e->tab[i], xmax)) != MC_OK) return st;
    rec->seconds_tables += mc_thread_cpu_seconds() - t0;
    for (int o = 0; o < BAND_SPLIT_ORIENTATIONS && !e->stop; o++)
        if ((st = run_orientation(e, o, xmax)) != MC_OK) return st;
    rec->seconds_total = mc_thread_cpu_seconds() - t_all;
    return e->status;
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
        keep_uas(e, &e->item_found[i]);
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
        int m = b3_order(e, e->gua, e->ngua);
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
    start(e, rec, arg);
    if (n <= 0) return MC_OK;
    mc_status st;
    if (!e->bp && (st = bandpair_ctx_new(&e->bp)) != MC_OK) return st;
    e->group = true;
    e->gpair = pair;
    e->item_fn = found;
    e->o = BAND_SPLIT_GROUP;
    set_strict(e);
    if ((st = item_ties(e, pair, band3, n)) != MC_OK) return st;
    for (int c = 0; c < 81; c++) e->orig[c] = e->inv[c] = (uint8_t)c;
    set_given_masks(e);
    e->grid = e->og;
    memcpy(e->og, pair, 54);
    memcpy(e->og + 54, band3, 27);
    int K = e->opt.clues, xmax = xmax_of(e, K);
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
    if (need < xmax) xmax = need;
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
    if ((st = pair_phase(e, &e->tab[0], &e->tab[1], xmax)) != MC_OK) return st;
    /* step 5 per item, with its own UAs (those it learns added to e->gua) */
    for (int i = 0; i < n && !e->stop; i++) {
        e->item = i;
        e->gband3 = band3 + 27 * (size_t)i;
        memcpy(e->og + 54, e->gband3, 27);
        e->ngua = e->noua = 0;
        e->nlearned = 0;
        set_item_strict(e, e->item_strict[i]);
        e->b3_pending = true; /* its list: loaded by band3 when a pair needs it */
        if ((st = band3_phase(e)) != MC_OK) return st;
    }
    rec->seconds_total = mc_thread_cpu_seconds() - t_all;
    return e->status;
}
