/* band_step5_twin — the band engine's group mode against a slow twin:
 *
 *   STEP5_TWIN_BAND3  the fast step 5 (band 3: the list of the first UAs
 *        with the rest tested on the sets that hit it, cells excluded by a
 *        tight bound) against band_options.band3_plain (every unhit UA in
 *        the list from the root, no exclusion);
 *   STEP5_TWIN_TIES   the items' strictness from the cover order
 *        (bandpair_tie_rivals: a tie of band 3 with band 1 or 2 searched
 *        only in an item that can cover it) against band_options.ties_plain
 *        (every tie searched, the cover deciding at report);
 *   STEP5_TWIN_SCAN   the two-band list beyond the vectors scanned by the
 *        widest band_scan version the CPU runs against
 *        band_options.scan_scalar (one set at a time), the sieve of
 *        X x Y (band_sieve) by its widest version against the scalar one,
 *        and step 3c 16 items at a time (band_bound) against item by item;
 *   STEP5_TWIN_AVX2   the same three by the widest versions the CPU runs
 *        against band_options.scan_avx2 (their AVX2 versions): on a CPU
 *        with AVX-512, 512-bit against 256-bit;
 *   STEP5_TWIN_PAIRS  X x Y through the sieve, 512 Y at a time, against
 *        band_options.pairs_plain (every pair tested on its vectors);
 *   STEP5_TWIN_TWO_BAND  step 4 by digit templates (band_template.h)
 *        against band_options.two_band_solver (the solver): the same
 *        pairs pass, but a pair that fails may teach another difference,
 *        so only the puzzles must be the same;
 *   STEP5_TWIN_ITEM_BOUND  step 3c (a pair dead in every item's bound
 *        dropped before step 4) against band_options.item_bound_plain
 *        (every pair that fixes bands 1+2 kept for step 5): the pairs it
 *        drops are those step 5 cuts in every item before any search, so
 *        step 5 must do the same search (band-3 nodes, final checks,
 *        second solutions) and the fast one may pass fewer pairs in step 4;
 *   STEP5_TWIN_LEARN  step 6's UA of a second solution minimized against
 *        band_options.learn_raw (the difference as it is): the same steps
 *        1-4 and puzzles; the final checks of both are summed;
 *   STEP5_TWIN_QLIVE  step 5 passing over the items step 3c cut, with the
 *        lanes of every kept pair, against band_options.qlive_max at 600
 *        bytes (the lanes of the first hundred or so pairs, then every
 *        item tested): the same steps and counters.
 *
 * Groups: covering groups of tests/data/seventeen-cover.txt.gz drawn with a
 * fixed seed among the records a filter accepts (each holds at least one
 * known 17, so a search that loses a set shows). Each group runs through
 * both engines (group mode); they must report the same puzzles (item and
 * cells, as sets). With STEP5_TWIN_BAND3 they must also do the same steps
 * 1-4 (pairs, survivors, two-band passes: step 5 does not touch them); with
 * STEP5_TWIN_TIES the fast one may only do fewer; with STEP5_TWIN_SCAN,
 * STEP5_TWIN_AVX2, STEP5_TWIN_PAIRS and STEP5_TWIN_QLIVE every step and
 * counter must be the same (pairs, survivors, two-band
 * passes, band-3 nodes, solver calls, learned UAs).
 * For test_band_step5, test_band_ties, test_band_scan, test_band_sieve,
 * test_band_template, test_band_item_bound (default) and the
 * slow twins of the first two; the
 * callers require the number of puzzles found to be positive (both engines
 * could lose the same puzzle only if both were wrong, and
 * test_bandscan_cover checks the fast one against the list); at K = 16,
 * where no puzzle exists, test_band_item_bound requires none and fewer
 * pairs through step 4 instead.
 */
#ifndef MC_TEST_BAND_STEP5_TWIN_H
#define MC_TEST_BAND_STEP5_TWIN_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "band_engine.h"
#include "bandpair.h"
#include "bandpair_rank.h"
#include "cellset.h"
#include "grid.h"
#include "prng.h"
#include "seventeen_cover_load.h"

#define MAXP 64

typedef struct step5_found {
    int item[MAXP];
    cs81 cells[MAXP];
    int n;
} step5_found;

static inline void step5_on_item(void *arg, int item, const uint8_t *pz, int n)
{
    step5_found *f = arg;
    cs81 s = cs81_empty();
    for (int c = 0; c < 81; c++)
        if (pz[c] != CELL_EMPTY) cs81_add(&s, c);
    assert_int_equal(cs81_count(s), n);
    assert_true(f->n < MAXP);
    f->item[f->n] = item;
    f->cells[f->n++] = s;
}

enum {
    STEP5_TWIN_BAND3,
    STEP5_TWIN_TIES,
    STEP5_TWIN_SCAN,
    STEP5_TWIN_AVX2,
    STEP5_TWIN_PAIRS,
    STEP5_TWIN_TWO_BAND,
    STEP5_TWIN_ITEM_BOUND,
    STEP5_TWIN_LEARN,
    STEP5_TWIN_QLIVE
};

typedef struct step5_run {
    int clues, band3_min, twin, puzzles;
    uint64_t passes_fast, passes_slow; /* STEP5_TWIN_ITEM_BOUND: step 4's passes summed */
    uint64_t checks_fast, checks_slow; /* STEP5_TWIN_LEARN: the final checks summed */
} step5_run;

static inline band_engine *step5_engine(int clues, int band3_min, int twin, int plain)
{
    band_options o;
    band_options_default(&o, clues);
    o.band3_min = band3_min;
    if (twin == STEP5_TWIN_BAND3) o.band3_plain = plain;
    else if (twin == STEP5_TWIN_TIES) o.ties_plain = plain;
    else if (twin == STEP5_TWIN_SCAN) o.scan_scalar = plain;
    else if (twin == STEP5_TWIN_AVX2) o.scan_avx2 = plain;
    else if (twin == STEP5_TWIN_TWO_BAND) o.two_band_solver = plain;
    else if (twin == STEP5_TWIN_ITEM_BOUND) o.item_bound_plain = plain;
    else if (twin == STEP5_TWIN_LEARN) o.learn_raw = plain;
    else if (twin == STEP5_TWIN_QLIVE) o.qlive_max = plain ? 600 : o.qlive_max;
    else o.pairs_plain = plain;
    band_engine *e = band_engine_new(&o);
    assert_non_null(e);
    return e;
}

/* The fast engine's record f did every step as the slow one's s: the same
 * pairs, survivors, two-band passes, band-3 nodes, solver calls and
 * learned UAs (STEP5_TWIN_SCAN, STEP5_TWIN_PAIRS; test_band_scan's grid
 * mode). */
static inline void step5_same_work(const band_record *f, const band_record *s)
{
    assert_int_equal(f->pairs, s->pairs);
    assert_int_equal(f->survivors, s->survivors);
    assert_int_equal(f->two_band_pass, s->two_band_pass);
    assert_int_equal(f->band3_nodes, s->band3_nodes);
    assert_int_equal(f->solver_calls, s->solver_calls);
    assert_int_equal(f->ua_learned_two_band, s->ua_learned_two_band);
    assert_int_equal(f->ua_learned, s->ua_learned);
}

static inline int step5_on_group(void *arg, const bandpair_group *g)
{
    step5_run *r = arg;
    band_engine *fast = step5_engine(r->clues, r->band3_min, r->twin, 0),
                *slow = step5_engine(r->clues, r->band3_min, r->twin, 1);
    step5_found ff = {.n = 0}, fs = {.n = 0};
    band_record rf, rs;
    assert_int_equal(band_engine_run_group(fast, g->pair, g->band3, g->nband3, &rf, step5_on_item, &ff), MC_OK);
    assert_int_equal(band_engine_run_group(slow, g->pair, g->band3, g->nband3, &rs, step5_on_item, &fs), MC_OK);
    print_message("group %d:%llu, K = %d, band 3 >= %d: %d puzzles; pairs %llu fast, %llu slow; band-3 nodes "
                  "%llu fast, %llu slow; %.2f s against %.2f s\n",
                  g->band1, (unsigned long long)g->local_rank, r->clues, r->band3_min, ff.n,
                  (unsigned long long)rf.pairs, (unsigned long long)rs.pairs, (unsigned long long)rf.band3_nodes,
                  (unsigned long long)rs.band3_nodes, rf.seconds_total, rs.seconds_total);
    if (r->twin == STEP5_TWIN_ITEM_BOUND) {
        assert_int_equal(rf.band3_nodes, rs.band3_nodes);
        assert_int_equal(rf.band3_checks, rs.band3_checks);
        assert_int_equal(rf.ua_second, rs.ua_second);
        assert_true(rf.two_band_pass <= rs.two_band_pass);
        r->passes_fast += rf.two_band_pass;
        r->passes_slow += rs.two_band_pass;
    } else if (r->twin == STEP5_TWIN_SCAN || r->twin == STEP5_TWIN_AVX2 || r->twin == STEP5_TWIN_PAIRS ||
               r->twin == STEP5_TWIN_QLIVE) {
        step5_same_work(&rf, &rs);
        assert_int_equal(rf.band3_filtered, rs.band3_filtered);
        assert_int_equal(rf.band3_checks, rs.band3_checks);
    } else if (r->twin == STEP5_TWIN_BAND3 || r->twin == STEP5_TWIN_LEARN) { /* step 5 does not touch steps 1-4 */
        assert_int_equal(rf.pairs, rs.pairs);
        assert_int_equal(rf.survivors, rs.survivors);
        assert_int_equal(rf.two_band_pass, rs.two_band_pass);
        r->checks_fast += rf.band3_checks;
        r->checks_slow += rs.band3_checks;
    } else if (r->twin == STEP5_TWIN_TIES) {
        assert_true(rf.pairs <= rs.pairs);
    }
    assert_int_equal(ff.n, fs.n);
    for (int a = 0; a < ff.n; a++) {
        bool hit = false;
        for (int b = 0; b < fs.n && !hit; b++) hit = ff.item[a] == fs.item[b] && cs81_eq(ff.cells[a], fs.cells[b]);
        if (!hit) fail_msg("puzzle %d of the fast step 5 not found by the slow one", a);
    }
    r->puzzles += ff.n;
    band_engine_free(fast);
    band_engine_free(slow);
    return 0;
}

/* Accepts every covering record. */
static inline bool step5_any(const cov17 *r)
{
    (void)r;
    return true;
}

/* A known 17 whose covering slot ties with a parallel slot (band 3 with
 * band 1 or 2 of its item) at m clues. */
static inline bool step5_tie_at(const cov17 *r, int m)
{
    int s = r->slot, base = s < 3 ? 0 : 3;
    if (r->clues[s] != m) return false;
    for (int k = base; k < base + 3; k++)
        if (k != s && r->clues[k] == m) return true;
    return false;
}

/* ngroups covering groups drawn with seed among the records pick accepts,
 * each run by both engines of the twin; the sums in *out. */
static inline void step5_sample_into(uint64_t seed, int ngroups, int clues, int band3_min, int twin,
                                     bool (*pick)(const cov17 *), step5_run *out)
{
    s17_data d;
    s17_load(&d);
    size_t *ok = malloc(sizeof *ok * d.cover.n), nok = 0;
    assert_non_null(ok);
    for (size_t i = 0; i < d.cover.n; i++)
        if (pick(&d.cover.r[i])) ok[nok++] = i;
    assert_true(nok > 0);
    prng rng;
    prng_seed(&rng, seed);
    bandpair_ctx *ctx;
    assert_int_equal(bandpair_ctx_new(&ctx), MC_OK);
    step5_run r = {.clues = clues, .band3_min = band3_min, .twin = twin};
    for (int k = 0; k < ngroups; k++) {
        uint64_t rank = d.cover.r[ok[prng_below(&rng, nok)]].global, lo;
        int band;
        assert_true(bandpair_rank_split(rank, &band, &lo));
        assert_int_equal(bandpair_enumerate(ctx, band, lo, lo, true, step5_on_group, &r, NULL), MC_OK);
    }
    bandpair_ctx_free(ctx);
    free(ok);
    s17_free(&d);
    *out = r;
}

/* step5_sample_into, the number of puzzles found. */
static inline int step5_sample(uint64_t seed, int ngroups, int clues, int band3_min, int twin,
                               bool (*pick)(const cov17 *))
{
    step5_run r;
    step5_sample_into(seed, ngroups, clues, band3_min, twin, pick, &r);
    return r.puzzles;
}

#endif
