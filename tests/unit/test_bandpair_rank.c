/* test_bandpair_rank — the table of group counts and global ranks.
 * ctest-labels: unit
 * ctest-timeout: 120
 *
 * Oracles: bandpair_enumerate (groups only) recounts bands 1, 2, 388 and 416
 * (among the fastest to count, and the two ends); the total is the published
 * number of distinct pairs of bands 1+2 (983,959,110); split and join are
 * checked against a running sum of the counts, at every band boundary and
 * at seeded random ranks. All 416 bands: test_bandpair_rank_slow.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "bandpair.h"
#include "bandpair_rank.h"
#include "prng.h"

static void test_total(void **state)
{
    (void)state;
    uint64_t sum = 0;
    for (int b = 1; b <= BAND_COUNT; b++) {
        assert_true(bandpair_rank_band_count(b) >= 1);
        assert_int_equal(bandpair_rank_band_first(b), sum + 1);
        sum += bandpair_rank_band_count(b);
    }
    assert_int_equal(sum, UINT64_C(983959110));
    assert_int_equal(bandpair_rank_total(), sum);
}

static void test_split_join(void **state)
{
    (void)state;
    int band;
    uint64_t local;
    assert_false(bandpair_rank_split(0, &band, &local));
    assert_false(bandpair_rank_split(BANDPAIR_RANK_TOTAL + 1, &band, &local));
    assert_int_equal(bandpair_rank_join(0, 1), 0);
    assert_int_equal(bandpair_rank_join(417, 1), 0);
    assert_int_equal(bandpair_rank_join(1, 0), 0);
    assert_int_equal(bandpair_rank_join(1, bandpair_rank_band_count(1) + 1), 0);
    uint64_t before = 0; /* groups of the bands before b */
    for (int b = 1; b <= BAND_COUNT; b++) {
        uint64_t n = bandpair_rank_band_count(b);
        uint64_t ends[2] = {before + 1, before + n};
        for (int k = 0; k < 2; k++) {
            assert_true(bandpair_rank_split(ends[k], &band, &local));
            assert_int_equal(band, b);
            assert_int_equal(local, ends[k] - before);
            assert_int_equal(bandpair_rank_join(band, local), ends[k]);
        }
        before += n;
    }
    assert_true(bandpair_rank_split(BANDPAIR_RANK_TOTAL, &band, &local));
    assert_int_equal(band, 416);
    assert_int_equal(local, 133);
    uint64_t seed = 20261124;
    prng rng;
    prng_seed(&rng, seed);
    for (int i = 0; i < 10000; i++) {
        uint64_t g = 1 + prng_next(&rng) % BANDPAIR_RANK_TOTAL;
        assert_true(bandpair_rank_split(g, &band, &local));
        uint64_t first = 1;
        for (int b = 1; b < band; b++) first += bandpair_rank_band_count(b);
        if (local < 1 || local > bandpair_rank_band_count(band) || first + local - 1 != g)
            fail_msg("seed %llu: rank %llu split into (%d, %llu)", (unsigned long long)seed, (unsigned long long)g,
                     band, (unsigned long long)local);
        assert_int_equal(bandpair_rank_join(band, local), g);
    }
}

static void test_recount(void **state)
{
    (void)state;
    bandpair_ctx *ctx;
    assert_int_equal(bandpair_ctx_new(&ctx), MC_OK);
    static const int bands[] = {1, 2, 388, 416};
    for (size_t i = 0; i < sizeof bands / sizeof bands[0]; i++) {
        bandpair_stats st = {0};
        assert_int_equal(bandpair_enumerate(ctx, bands[i], 1, 0, false, NULL, NULL, &st), MC_OK);
        if (st.pairs != bandpair_rank_band_count(bands[i]))
            fail_msg("band %d: %llu groups counted, table %llu", bands[i], (unsigned long long)st.pairs,
                     (unsigned long long)bandpair_rank_band_count(bands[i]));
    }
    bandpair_ctx_free(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_total),
        cmocka_unit_test(test_split_join),
        cmocka_unit_test(test_recount),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
