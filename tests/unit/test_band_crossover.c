/* test_band_crossover — the default engine's rule against its measurement.
 *
 * Oracles: the committed crossover benchmark
 * (tests/bench/results/bench_band.txt, `bench_band --crossover`): its
 * verdict lines "--first: ... for every K <= N" and "every puzzle: ... for
 * every K <= N" (the first of each, the newest) must give, as their
 * smaller N, BAND_CROSSOVER_MAX_K; then the rule at its edges (K = 1, the
 * crossover and one above, other shapes, a checker option) and the engine
 * a job without an `engine` key gets (job_engine_default): band up to the
 * crossover on 9x9, checker above and on other shapes, band always for a
 * source of band-pair groups.
 * ctest-labels: unit
 * ctest-timeout: 60
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "band_crossover.h"
#include "geometry.h"
#include "job.h"

static int verdict(const char *mode)
{
    FILE *f = fopen(MC_TEST_DATA "/../bench/results/bench_band.txt", "r");
    assert_non_null(f);
    char line[512], want[64];
    snprintf(want, sizeof want, "%s: the band engine is the faster", mode);
    int k = -1;
    while (k < 0 && fgets(line, sizeof line, f)) {
        const char *p = strstr(line, "for every K <= ");
        if (!strncmp(line, want, strlen(want)) && p) k = atoi(p + strlen("for every K <= "));
    }
    fclose(f);
    return k;
}

static void test_rule_is_the_measured_crossover(void **state)
{
    (void)state;
    int first = verdict("--first"), all = verdict("every puzzle");
    print_message("measured: --first K <= %d, every puzzle K <= %d; BAND_CROSSOVER_MAX_K %d\n", first, all,
                  BAND_CROSSOVER_MAX_K);
    assert_true(first >= 1 && all >= 1);
    assert_int_equal(BAND_CROSSOVER_MAX_K, first < all ? first : all);
}

static void test_rule_edges(void **state)
{
    (void)state;
    const int top = BAND_CROSSOVER_MAX_K;
    assert_true(band_crossover_use_band(3, 3, 1, false));
    assert_true(band_crossover_use_band(3, 3, top, false));
    assert_false(band_crossover_use_band(3, 3, top + 1, false));
    assert_false(band_crossover_use_band(3, 3, 21, false));
    assert_false(band_crossover_use_band(3, 3, 27, false));
    assert_false(band_crossover_use_band(3, 3, 0, false));
    assert_false(band_crossover_use_band(3, 3, 16, true));
    assert_false(band_crossover_use_band(2, 2, 4, false));
    assert_false(band_crossover_use_band(2, 3, 8, false));
}

static job_engine_kind job_default(job_source_kind src, int R, int C, int K, int ua_limit)
{
    job j;
    job_init(&j);
    j.source = src;
    j.geo = geometry_get(R, C);
    j.clues = K;
    j.ua_limit = ua_limit;
    return job_engine_default(&j);
}

static void test_job_default(void **state)
{
    (void)state;
    const int top = BAND_CROSSOVER_MAX_K;
    assert_int_equal(job_default(JOB_SOURCE_GRIDS, 3, 3, 16, -1), JOB_ENGINE_BAND);
    assert_int_equal(job_default(JOB_SOURCE_GRIDS, 3, 3, top, -1), JOB_ENGINE_BAND);
    assert_int_equal(job_default(JOB_SOURCE_GRIDS, 3, 3, top + 1, -1), JOB_ENGINE_CHECKER);
    assert_int_equal(job_default(JOB_SOURCE_CATALOGUE, 3, 3, 21, -1), JOB_ENGINE_CHECKER);
    assert_int_equal(job_default(JOB_SOURCE_GRIDS, 3, 3, 16, 100), JOB_ENGINE_CHECKER);
    assert_int_equal(job_default(JOB_SOURCE_GRIDS, 2, 2, 4, -1), JOB_ENGINE_CHECKER);
    assert_int_equal(job_default(JOB_SOURCE_BANDPAIRS, 3, 3, 21, -1), JOB_ENGINE_BAND);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rule_is_the_measured_crossover),
        cmocka_unit_test(test_rule_edges),
        cmocka_unit_test(test_job_default),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
