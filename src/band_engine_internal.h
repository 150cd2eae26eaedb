/* band_engine_internal — the band engine's state, shared by its rooms
 * (band_engine.h states the method and its proof obligation, steps 1-6):
 *
 *   band_engine.c        set-up, the grid's UAs and tables (step 1), the
 *                        orientation loop (grid mode)
 *   band_engine_pairs.c  steps 2-4: two-band UAs, vectors, sieve and
 *                        closures, X x Y, the list, the two-band check
 *   band_engine_band3.c  steps 3b, 5 and 6: the band-3 bound, the hitting-set
 *                        search, the final check and the report
 *   band_engine_learn.c  what steps 4 and 6 learn (two-band and grid UAs,
 *                        minimize) and the invariants checked in every build
 *   band_engine_group.c  group mode: the items, their ties (strictness), step
 *                        3c's bounds and lanes, band_engine_run_group
 *
 * One struct band_engine holds everything; a room reads and writes the
 * fields of its steps (the comments below say whose a field is). The
 * functions one room calls in another carry the prefix be_ and are
 * declared at the end of this header; the rest stay static in their room.
 * Nothing here is public: only the rooms include this header.
 */
#ifndef MC_BAND_ENGINE_INTERNAL_H
#define MC_BAND_ENGINE_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "band_bound.h"
#include "band_engine.h"
#include "band_scan.h"
#include "band_sieve.h"
#include "band_table.h"
#include "band_template.h"
#include "band_ua.h"
#include "bandpair.h"
#include "cellset.h"
#include "prng.h"
#include "solver9.h"
#include "ua.h"

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
 * later scan (band_scan; from an X's second pair on only the sets whose
 * band-1 part it misses, list_dead) and saves the two-band checks of the
 * pairs it kills. K = 17, 5 heavy groups (312:167751, 209:402810,
 * 70:877691, 36:441483, 1:31563), CPU s of the engine, both builds at once
 * and swapped between the cores: 4,096 29.8 s, 65,536 27.8 s (0.934; they
 * learned 6,743-38,827 each); groups 135:1155408 and 87:1582125: 4.1%
 * fewer instructions; group 14:259502: 0.923 of the time. (With the whole
 * list scanned for every pair, 4,096 was best: 8,192 cost 7% more.) */
#define MAX_TB_LEARNED 65536
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
 * step 3b (be_mix_dead) */
#define B3_MAX 4096
#define B3_WORDS (B3_MAX / 64)
/* be_b3_order's list: band 3's UAs and the item's (at most MAX_GRID_UAS) */
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
     * first, made by dfs3_root), and the UAs learned for the current pair */
    uint32_t *R;
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
     * whose lane is dead, as its first test (be_mix_dead, over at least the
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
    /* be_items_dead's last pair: the lanes of the bbm_n batches it bounded,
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
    cs81 *b3tmp;                 /* scratch of b3_prepare: 2 * B3_TMP (be_b3_order) */
    uint64_t b3x[B3_WORDS];
    /* step 5: the item's UAs unhit by the pair Q (un3); words [0, un3_w0)
     * (the first MIX) feed the search's list, and so do the UAs learned
     * since the bitmaps were loaded (k >= nb3_load, dfs3_root);
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

/* band 3's cells, 54..80 */
#define BAND3_CELLS ((cs81){{~UINT64_C(0) << 54, CS81_HI_MASK}})
static inline uint32_t part3(cs81 u) { return (uint32_t)((u.w[0] >> 54) | (u.w[1] << 10)) & MASK27; }

/* The stack that holds all of band-3 part p3, or -1. */
static inline int8_t stack_of(uint32_t p3)
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
static inline void miss_set(uint64_t *miss, int stride, int k, uint64_t p12)
{
    uint64_t bit = UINT64_C(1) << (k & 63);
    for (int c = 0; c < 54; c++)
        if (!((p12 >> c) & 1)) miss[c * stride + (k >> 6)] |= bit;
}

static inline void miss_and(uint64_t *un, const uint64_t *miss, int stride, int base, uint32_t cells, int w0, int w1)
{
    for (uint32_t m = cells; m; m &= m - 1) {
        const uint64_t *mc = miss + (base + __builtin_ctz(m)) * stride;
        for (int w = w0; w < w1; w++) un[w] &= mc[w];
    }
}

/* w[0..words) = the bits lo..hi-1 (none when hi <= lo). */
static inline void bit_range(uint64_t *w, int words, int lo, int hi)
{
    for (int i = 0; i < words; i++) {
        int a = lo - 64 * i, b = hi - 64 * i;
        a = a < 0 ? 0 : a, b = b > 64 ? 64 : b;
        w[i] = a >= b ? 0 : (b == 64 ? ~UINT64_C(0) : (UINT64_C(1) << b) - 1) & ~((UINT64_C(1) << a) - 1);
    }
}

/* ---- the functions one room takes from another ---- */

/* band_engine.c: the orientation e->o's strictness (e->strict,
 * e->band_strict), the givens in oriented cells (e->g12, e->g3), the
 * finder's UAs kept for a grid or item (e->gua), a run's start and the
 * largest band size it may need. */
void be_set_strict(band_engine *e);
void be_set_given_masks(band_engine *e);
void be_keep_uas(band_engine *e, const ua_store *found);
void be_start(band_engine *e, band_record *rec, void *arg);
int be_xmax_of(const band_engine *e, int clues);

/* band_engine_pairs.c: steps 1-4 of the orientation or group (e->qs),
 * and a set appended to the two-band list. */
mc_status be_pair_phase(band_engine *e, const band_table *t1, const band_table *t2, int xmax);
mc_status be_add_tb(band_engine *e, uint64_t w);

/* band_engine_band3.c: the item's band-3 side and step 5 over e->qs; the
 * order of an item's UAs with a band-3 part; the bound of step 3b. */
mc_status be_item_prepare(band_engine *e);
mc_status be_band3_phase(band_engine *e);
int be_b3_order(band_engine *e, const cs81 *u, int n);
bool be_bound_dead(const uint32_t *part, const int8_t *stack, const uint64_t *un, int nw, int zhi,
                   const int strict[3], const int qstack[3]);
bool be_mix_dead(band_engine *e, uint32_t x, uint32_t y, int zhi, const int qstack[3], uint64_t *un, int *nw);

/* band_engine_learn.c: second solutions, the UAs learned from them and
 * the invariants. */
cs81 be_diff_of(const band_engine *e, const uint8_t other[81]);
cs81 be_diff_set(band_engine *e, const uint8_t *second, uint8_t other[81]);
void be_fail(band_engine *e, const char *what);
bool be_second_ok(band_engine *e, uint8_t other[81], cs81 *d, uint64_t q, uint32_t z);
cs81 be_minimize(band_engine *e, cs81 u);
bool be_minimized_ok(band_engine *e, cs81 m, cs81 d);
bool be_add_grid_ua(band_engine *e, cs81 oriented);
void be_learn_two_band(band_engine *e, uint64_t w);

/* band_engine_group.c: step 3c on a pair, and its lanes kept for step 5. */
bool be_items_dead(band_engine *e, uint32_t x, uint32_t y, int zlo, int zhi, const int qstack[3]);
void be_keep_lanes(band_engine *e, uint32_t x, uint32_t y, int zhi, const int qstack[3]);

#endif
