/* test_bandpair_slow — the whole band-1 range of band-pair groups against
 * the catalogue, and more grids against the brute-force minimum over H.
 * ctest-labels: slow
 * ctest-timeout: 7200
 *
 * Coverage: every group of band 1 index 1 (54,496 groups, 2,008,409 items on
 * the reference run) is enumerated; every item must be a valid grid whose
 * minlex form (canon_minlex9) is a grid of catalogue band 1 (enumerate_band,
 * its count checked against es-grids-per-band.txt) in a slot whose other two
 * same-direction bands or stacks have smallest index 1, each (grid, orbit of
 * its automorphisms on the slots) at most once; conversely every such
 * (grid, slot orbit) of catalogue band 1 must be found. A grid whose smallest
 * slot index is 1 is in catalogue band 1 (its minlex form starts with its
 * smallest band), so catalogue band 1 holds every grid the range must cover,
 * and the item count must equal the sum over it of the covered slot orbits.
 * Also the 60 items of 10 random grids are looked up in the enumeration,
 * and the groups of all band-1 indices are counted against the published
 * number of distinct pairs (983,959,110).
 * Minutes of CPU time.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bandpair_check.h"
#include "enum_check.h"
#include "prng.h"
#include "random_grid.h"

static void test_locate_brute_more(void **state)
{
    (void)state;
    uint64_t seed = 977;
    prng rng;
    prng_seed(&rng, seed);
    for (int i = 0; i < 20; i++) {
        grid g;
        random_grid_make(geometry_9x9(), &rng, &g);
        for (int s = 0; s < BANDPAIR_SLOTS; s++) {
            uint8_t x[81], want[81], pair[54], b3[27];
            bandpair_orient(g.cell, s, x);
            h_min_slow(x, want);
            int b1;
            bpc_locate(x, pair, b3, &b1);
            if (memcmp(pair, want, 54) || memcmp(b3, want + 54, 27))
                fail_msg("seed %llu grid %d slot %d: locate differs from the minimum over H",
                         (unsigned long long)seed, i, s);
        }
    }
}

static void test_random_grid_items_more(void **state)
{
    (void)state;
    uint64_t seed = 31337;
    prng rng;
    prng_seed(&rng, seed);
    bandpair_ctx *ctx;
    assert_int_equal(bandpair_ctx_new(&ctx), MC_OK);
    for (int i = 0; i < 10; i++) {
        grid g;
        random_grid_make(geometry_9x9(), &rng, &g);
        for (int s = 0; s < BANDPAIR_SLOTS; s++) {
            uint8_t x[81];
            bandpair_orient(g.cell, s, x);
            if (!find_item(ctx, x))
                fail_msg("seed %llu grid %d slot %d: item not enumerated", (unsigned long long)seed, i, s);
        }
    }
    bandpair_ctx_free(ctx);
}

static void test_coverage_band1(void **state)
{
    (void)state;
    static uint64_t oracle[BAND_COUNT + 1];
    assert_true(oracle_counts(oracle) > 0);
    static cov_state s;
    memset(&s, 0, sizeof s);
    s.want2 = 0;
    assert_int_equal(enumerate_band(1, cov_catalogue_fn, &s, NULL), MC_OK);
    bandpair_ctx *ctx;
    assert_int_equal(bandpair_ctx_new(&ctx), MC_OK);
    bandpair_stats st;
    memset(&st, 0, sizeof st);
    assert_int_equal(bandpair_enumerate(ctx, 1, 1, 0, true, cov_group_fn, &s, &st), MC_OK);
    bandpair_ctx_free(ctx);
    printf("groups of band 1: %llu groups, %llu items (%llu completions before the Aut(P) reduction); catalogue "
           "band 1: %llu grids, %zu with a covered slot, %llu covered slots, %llu slot orbits expected, %llu grids "
           "with automorphisms\n",
           (unsigned long long)s.groups, (unsigned long long)s.items, (unsigned long long)st.completions,
           (unsigned long long)s.catalogue, s.n, (unsigned long long)s.covered_slots,
           (unsigned long long)s.expected_items, (unsigned long long)s.auto_grids);
    assert_int_equal(s.catalogue, oracle[1]);
    assert_int_equal(s.groups, st.pairs);
    assert_int_equal(s.bad_order, 0);
    assert_int_equal(s.bad_valid, 0);
    assert_int_equal(s.bad_locate, 0);
    assert_int_equal(s.bad_autos, 0);
    assert_int_equal(s.bad_missing, 0);
    assert_int_equal(s.bad_slot, 0);
    assert_int_equal(s.bad_twice, 0);
    assert_int_equal(cov_missing(&s), 0);
    assert_int_equal(s.items, s.expected_items);
    /* every grid of catalogue band 1 has band 1 on top, so its slot band 3
     * (rows 7-9) is covered: all of them hold a covered slot */
    assert_int_equal(s.n, s.catalogue);
    free(s.g);
}

/* The groups of all 416 band-1 indices (pairs only, about 5 CPU minutes):
 * the published number of distinct bands-1+2 pairs met by the 17-clue scan
 * over all grids and orientations (DESIGN.md section 7). */
static void test_all_groups_counted(void **state)
{
    (void)state;
    bandpair_ctx *ctx;
    assert_int_equal(bandpair_ctx_new(&ctx), MC_OK);
    bandpair_stats st;
    memset(&st, 0, sizeof st);
    for (int b = 1; b <= BAND_COUNT; b++)
        assert_int_equal(bandpair_enumerate(ctx, b, 1, 0, false, NULL, NULL, &st), MC_OK);
    bandpair_ctx_free(ctx);
    printf("groups of all band-1 indices: %llu\n", (unsigned long long)st.pairs);
    assert_int_equal(st.pairs, 983959110);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_locate_brute_more),
        cmocka_unit_test(test_random_grid_items_more),
        cmocka_unit_test(test_coverage_band1),
        cmocka_unit_test(test_all_groups_counted),
    };
    int r = cmocka_run_group_tests(tests, NULL, NULL);
    bandpair_ctx_free(bpc_ctx);
    return r;
}
