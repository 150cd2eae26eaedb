/* band_step5_twin — the fast step 5 of the band engine (band 3: the list
 * of the first UAs with the rest tested on the sets that hit it, cells
 * excluded by a tight bound) against its slow twin, band_options.band3_plain
 * (every unhit UA in the list from the root, no exclusion).
 *
 * Groups: covering groups of tests/data/seventeen-cover.txt.gz drawn with a
 * fixed seed (each holds at least one known 17, so a search that loses a
 * set shows). Each group runs through both engines (group mode); they must
 * report the same puzzles (item and cells, as sets) and do the same steps
 * 1-4 (pairs, survivors, two-band passes: step 5 does not touch them).
 * For test_band_step5 (default) and test_band_step5_slow; the callers
 * require the number of puzzles found to be positive (both engines could
 * lose the same puzzle only if both were wrong, and test_bandscan_cover
 * checks the fast one against the list).
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

typedef struct step5_run {
    int clues, band3_min, puzzles;
} step5_run;

static inline band_engine *step5_engine(int clues, int band3_min, int plain)
{
    band_options o;
    band_options_default(&o, clues);
    o.band3_min = band3_min;
    o.band3_plain = plain;
    band_engine *e = band_engine_new(&o);
    assert_non_null(e);
    return e;
}

static inline int step5_on_group(void *arg, const bandpair_group *g)
{
    step5_run *r = arg;
    band_engine *fast = step5_engine(r->clues, r->band3_min, 0), *slow = step5_engine(r->clues, r->band3_min, 1);
    step5_found ff = {.n = 0}, fs = {.n = 0};
    band_record rf, rs;
    assert_int_equal(band_engine_run_group(fast, g->pair, g->band3, g->nband3, &rf, step5_on_item, &ff), MC_OK);
    assert_int_equal(band_engine_run_group(slow, g->pair, g->band3, g->nband3, &rs, step5_on_item, &fs), MC_OK);
    print_message("group %d:%llu, K = %d, band 3 >= %d: %d puzzles; band-3 nodes %llu fast, %llu slow; %.2f s "
                  "against %.2f s\n",
                  g->band1, (unsigned long long)g->local_rank, r->clues, r->band3_min, ff.n,
                  (unsigned long long)rf.band3_nodes, (unsigned long long)rs.band3_nodes, rf.seconds_total,
                  rs.seconds_total);
    assert_int_equal(rf.pairs, rs.pairs);
    assert_int_equal(rf.survivors, rs.survivors);
    assert_int_equal(rf.two_band_pass, rs.two_band_pass);
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

/* ngroups covering groups drawn with seed, each run by both engines. */
static inline int step5_sample(uint64_t seed, int ngroups, int clues, int band3_min)
{
    s17_data d;
    s17_load(&d);
    prng rng;
    prng_seed(&rng, seed);
    bandpair_ctx *ctx;
    assert_int_equal(bandpair_ctx_new(&ctx), MC_OK);
    step5_run r = {.clues = clues, .band3_min = band3_min, .puzzles = 0};
    for (int k = 0; k < ngroups; k++) {
        uint64_t rank = d.cover.r[prng_below(&rng, d.cover.n)].global, lo;
        int band;
        assert_true(bandpair_rank_split(rank, &band, &lo));
        assert_int_equal(bandpair_enumerate(ctx, band, lo, lo, true, step5_on_group, &r, NULL), MC_OK);
    }
    bandpair_ctx_free(ctx);
    s17_free(&d);
    return r.puzzles;
}

#endif
