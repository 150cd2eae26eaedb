/* band_engine — set-up and the orientation loop of the band method
 * (band_engine.h; the state and the rooms in band_engine_internal.h).
 *
 * Carries: the engine's life (options, new, free, memory), the grid's UAs
 * (the finder's, those a given hits dropped: a given hits them whatever
 * the clues) and step 1 in grid mode (the valid subsets of the 3 bands and
 * 3 stacks, to the largest size band_split allows), then for each of the 6
 * orientations: the oriented grid and UAs, band 3's side (band_engine_band3.c),
 * steps 1-4 (band_engine_pairs.c) and step 5 (band_engine_band3.c). That
 * every minimal puzzle is reported once, in its owner orientation, is the
 * report's test (band_split_owner, band_engine_band3.c); here every
 * orientation is run.
 * May assume: the finder's sets are UAs of the grid (ua.h); a band table
 * lists every valid subset of its band up to its size (band_table.h); the
 * sizes of band_split_xmax hold every band of a puzzle of at most K clues
 * (band_split.h).
 */
#include "band_engine.h"

#include <stdlib.h>
#include <string.h>

#include "band_engine_internal.h"
#include "band_split.h"
#include "mc_clock.h"
#include "mc_test_hooks.h"

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
    band_simd widest = opt->scan_scalar ? BAND_SIMD_SCALAR : opt->scan_avx2 ? BAND_SIMD_AVX2 : BAND_SIMD_AVX512;
    e->scan = band_scan_upto(widest, NULL);
    e->filter = band_scan_filter_upto(widest);
    e->sieve_fn = band_sieve_upto(widest, NULL);
    e->bb_fn = band_bound_upto(widest);
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

void be_set_strict(band_engine *e)
{
    for (int s = 0; s < 3; s++) e->strict[s] = band_split_stack_strict(e->o, s);
    for (int i = 0; i < 2; i++) e->band_strict[i] = band_split_band_strict(e->o, i);
}

/* e->g12, e->g3: the givens in oriented cells (e->inv). */
void be_set_given_masks(band_engine *e)
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
    be_set_strict(e);
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
    be_set_given_masks(e);
}

static cs81 to_oriented(const band_engine *e, cs81 u)
{
    cs81 v = cs81_empty();
    int c;
    CS81_FOREACH(c, u) cs81_add(&v, e->inv[c]);
    return v;
}

static mc_status run_orientation(band_engine *e, int o, int xmax)
{
    orient(e, o);
    int b1 = band_split_band_orientation(o, 0), b2 = band_split_band_orientation(o, 1);
    /* oriented UAs (the store is sorted) */
    e->noua = 0;
    for (int i = 0; i < e->ngua; i++) e->oua[e->noua++] = to_oriented(e, e->gua[i]);
    mc_status st = be_item_prepare(e);
    if (st == MC_OK) st = be_pair_phase(e, &e->tab[b1], &e->tab[b2], xmax);
    if (st == MC_OK && !e->stop) st = be_band3_phase(e);
    return st;
}

/* The finder's UAs in found into e->gua: those a given hits dropped,
 * and some more on request (tests). */
void be_keep_uas(band_engine *e, const ua_store *found)
{
    e->ngua = 0;
    for (int i = 0; i < found->n && e->ngua < MAX_GRID_UAS; i++) {
        if (e->ngiven && cs81_intersects(found->set[i], e->opt.givens)) continue; /* hit by a given */
        if (e->opt.drop_percent && (int)(prng_next(&e->rng) % 100) < e->opt.drop_percent) continue;
        e->gua[e->ngua++] = found->set[i];
    }
    e->rec->ua_initial += (uint64_t)e->ngua;
}

/* The finder's UAs of the grid e->grid into e->gua (be_keep_uas). */
static mc_status grid_uas(band_engine *e)
{
    double t0 = mc_thread_cpu_seconds();
    ua_store_clear(&e->found);
    mc_status st = ua_find(e->finder, e->grid, 12, &e->found);
    if (st != MC_OK) return st;
    be_keep_uas(e, &e->found);
    e->rec->seconds_ua += mc_thread_cpu_seconds() - t0;
    return MC_OK;
}

void be_start(band_engine *e, band_record *rec, void *arg)
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
 * may lower to 0 (a band's givens may be valid alone); with
 * options.sizes_plain (the tests' twin) as if a band could be valid with
 * no clue. */
int be_xmax_of(const band_engine *e, int clues)
{
    int xmax = band_split_xmax(clues, e->ngiven ? 0 : BAND_TABLE_MIN_VALID);
    if (e->opt.sizes_plain) xmax = band_split_xmax(clues, 0);
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
    be_start(e, rec, arg);
    e->group = false;
    e->grid = g81;
    e->found_fn = found;
    if (givens_settle(e, g81)) {
        rec->seconds_total = mc_thread_cpu_seconds() - t_all;
        return MC_OK;
    }
    int K = e->opt.clues, xmax = be_xmax_of(e, K);
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
    if (need < xmax && !e->opt.sizes_plain) xmax = need;
    if (xmax > first_size)
        for (int i = 0; i < 6; i++)
            if ((st = band_table_extend(&e->tab[i], xmax)) != MC_OK) return st;
    rec->seconds_tables += mc_thread_cpu_seconds() - t0;
    for (int o = 0; o < BAND_SPLIT_ORIENTATIONS && !e->stop; o++)
        if ((st = run_orientation(e, o, xmax)) != MC_OK) return st;
    rec->seconds_total = mc_thread_cpu_seconds() - t_all;
    return e->status;
}
