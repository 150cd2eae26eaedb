/* bandpair_totals_run — one band-1 index through the totals oracle
 * (bandpair_totals.h) and the catalogue ranks, for test_bandpair_totals and
 * its slow twin. */
#ifndef MC_TEST_BANDPAIR_TOTALS_RUN_H
#define MC_TEST_BANDPAIR_TOTALS_RUN_H

#include "bandpair_totals.h"
#include "gridrank.h"

#define TOT_COUNTS_GZ MC_TEST_DATA "/../../grids/counts.txt.gz"

/* Every `step`-th grid of S_b (1 = all) must have a catalogue rank
 * (gridrank_rank: minlex, and found among the grids of its band and row 4
 * in the shipped counts), and unrank back to itself. Returns the number of
 * failures. */
static inline uint64_t tot_check_ranks(gridrank *gr, const tot_state *s, size_t step, uint64_t *checked)
{
    uint64_t bad = 0;
    for (size_t i = 0; i < s->n; i += step) {
        uint64_t r;
        uint8_t back[81];
        mc_error err;
        (*checked)++;
        if (gridrank_rank(gr, s->g[i].m, &r, &err) != MC_OK || gridrank_unrank(gr, r, back, &err) != MC_OK ||
            memcmp(back, s->g[i].m, 81) != 0)
            bad++;
    }
    return bad;
}

/* The whole check of band-1 index b; rank_step as above (0 = no ranks). */
static inline void tot_run_band(bandpair_ctx *ctx, gridrank *gr, int b, size_t rank_step)
{
    static tot_state s;
    tot_generate(&s, b);
    bandpair_stats st;
    memset(&st, 0, sizeof st);
    assert_int_equal(bandpair_enumerate(ctx, b, 1, 0, true, tot_group_fn, &s, &st), MC_OK);
    uint64_t checked = 0, bad_rank = 0;
    if (rank_step) bad_rank = tot_check_ranks(gr, &s, rank_step, &checked);
    uint64_t miss = tot_missing(&s);
    printf("band-1 index %d: %llu groups, %llu items; oracle: %llu grids generated, %zu ES grids (%llu with "
           "automorphisms), %llu covered slots, %llu covered slot orbits; %llu ranked in the catalogue\n",
           b, (unsigned long long)s.groups, (unsigned long long)s.items, (unsigned long long)s.raw, s.n,
           (unsigned long long)s.auto_grids, (unsigned long long)s.covered_slots,
           (unsigned long long)s.expected_items, (unsigned long long)checked);
    fflush(stdout);
    assert_int_equal(s.groups, st.pairs);
    assert_int_equal(s.bad_band, 0);
    assert_int_equal(s.bad_autos, 0);
    assert_int_equal(s.bad_valid, 0);
    assert_int_equal(s.bad_locate, 0);
    assert_int_equal(s.bad_missing, 0);
    assert_int_equal(s.bad_slot, 0);
    assert_int_equal(s.bad_twice, 0);
    assert_int_equal(miss, 0);
    assert_int_equal(bad_rank, 0);
    assert_true(s.expected_items > 0);
    assert_int_equal(s.items, s.expected_items);
    free(s.g);
    s.g = NULL;
}

#endif
