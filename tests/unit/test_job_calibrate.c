/* test_job_calibrate — the calibration of the cost model (job_cost.h:
 * job_cost_observe, job_cost_factor, job_cost_factor_error,
 * job_cost_calibration_text) and the CPU seconds of a journal line:
 *   - the factor comes from CPU seconds, not wall (chunks with large wall
 *     and small CPU seconds give the CPU ratio);
 *   - "a rough factor" for fewer than 10 chunks or under a CPU-minute,
 *     none for 12 alike chunks of 10 s;
 *   - its standard error is the ratio estimator's, against a slow twin
 *     computed from the residuals directly, on seeded random chunks;
 *   - chunks of a journal without CPU seconds count their wall seconds,
 *     and the text says so; one chunk has no standard error;
 *   - observations of several outputs added equal one observation of all;
 *   - a journal line keeps cpu= to the ms, and a line without it (as older
 *     journals wrote) reads back with no CPU seconds (one reader: run, verify and status read alike).
 * ctest-labels: unit
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "job_cost.h"
#include "job_journal.h"
#include "prng.h"

/* A model of ranks 1..1000 at 1 s a rank, and chunks of 10 ranks. */
static void model(job_cost *c)
{
    mc_error err;
    assert_int_equal(job_cost_uniform(1, 1000, 1000000, c, &err), MC_OK);
}

static job_result chunk(uint64_t i, double wall, double cpu, bool cpu_known)
{
    job_result r;
    memset(&r, 0, sizeof r);
    r.first = 1 + 10 * i;
    r.count = 10;
    r.seconds = wall;
    r.cpu_seconds = cpu;
    r.cpu_known = cpu_known;
    return r;
}

static void test_factor_from_cpu(void **state)
{
    (void)state;
    job_cost c;
    model(&c);
    job_result r[2] = {chunk(0, 100, 10, true), chunk(1, 300, 12, true)};
    job_cost_observed o = {0};
    job_cost_observe(&c, r, 2, &o);
    assert_int_equal(o.chunks, 2);
    assert_int_equal(o.wall_chunks, 0);
    assert_true(fabs(job_cost_factor(&o) - 22.0 / 20) < 1e-12);
    /* residuals 10 - 11 and 12 - 11: sqrt(2 / 1 * 2) / 20 */
    assert_true(fabs(job_cost_factor_error(&o) - 0.1) < 1e-12);
    char text[512];
    job_cost_calibration_text(&o, text, sizeof text);
    if (!strstr(text, "factor 1.1 +- 0.1 (standard error over 2 chunks), from CPU seconds: 22 s against 20 s "
                      "predicted; a rough factor (fewer than 10 chunks, under a CPU-minute"))
        fail_msg("%s", text);
    /* 12 alike chunks of 10 s: no reservation; of 1 s: under a CPU-minute */
    for (int k = 0; k < 2; k++) {
        job_result m[12];
        for (int i = 0; i < 12; i++) m[i] = chunk((uint64_t)i, 100, k ? 1 : 10, true);
        job_cost_observed q = {0};
        job_cost_observe(&c, m, 12, &q);
        job_cost_calibration_text(&q, text, sizeof text);
        if (k ? !strstr(text, "a rough factor (under a CPU-minute: the first chunks of a process build tables)")
              : strstr(text, "rough") != NULL)
            fail_msg("%s", text);
    }
    job_cost_free(&c);
}

static void test_wall_when_no_cpu(void **state)
{
    (void)state;
    job_cost c;
    model(&c);
    job_result r[2] = {chunk(0, 30, 10, true), chunk(1, 30, 0, false)};
    job_cost_observed o = {0};
    job_cost_observe(&c, r, 2, &o);
    assert_int_equal(o.wall_chunks, 1);
    assert_true(fabs(job_cost_factor(&o) - 40.0 / 20) < 1e-12);
    char text[512];
    job_cost_calibration_text(&o, text, sizeof text);
    if (!strstr(text, "from CPU and wall seconds") || !strstr(text, "1 chunks of a journal without CPU seconds"))
        fail_msg("%s", text);
    job_cost_observed one = {0};
    job_cost_observe(&c, r, 1, &one);
    assert_true(job_cost_factor_error(&one) < 0);
    job_cost_calibration_text(&one, text, sizeof text);
    if (!strstr(text, "factor 1 (one chunk: no standard error), from CPU seconds: 10 s against 10 s")) fail_msg("%s", text);
    job_cost_free(&c);
}

/* The standard error against its definition, and the sum of two samples. */
static void test_error_twin(void **state)
{
    (void)state;
    job_cost c;
    model(&c);
    uint64_t seed = 20261206;
    prng rng;
    prng_seed(&rng, seed);
    for (int t = 0; t < 50; t++) {
        job_result r[100];
        int n = 2 + (int)(prng_next(&rng) % 99);
        for (int i = 0; i < n; i++)
            r[i] = chunk((uint64_t)i, 1e3, 5 + (double)(prng_next(&rng) % 1000) / 100, true);
        job_cost_observed o = {0}, a = {0}, b = {0};
        job_cost_observe(&c, r, (size_t)n, &o);
        job_cost_observe(&c, r, (size_t)n / 2, &a);
        job_cost_observe(&c, r + n / 2, (size_t)(n - n / 2), &b);
        job_cost_observed_add(&a, &b);
        double f = 0, p = 0, res = 0;
        for (int i = 0; i < n; i++) f += r[i].cpu_seconds, p += 10;
        f /= p;
        for (int i = 0; i < n; i++) res += (r[i].cpu_seconds - f * 10) * (r[i].cpu_seconds - f * 10);
        double se = sqrt((double)n / (n - 1) * res) / p;
        if (fabs(job_cost_factor(&o) - f) > 1e-9 * f || fabs(job_cost_factor_error(&o) - se) > 1e-6 * f + 1e-12 ||
            fabs(job_cost_factor_error(&a) - se) > 1e-6 * f + 1e-12 || a.chunks != o.chunks)
            fail_msg("seed %llu, case %d: factor %g (twin %g), error %g / %g (twin %g)", (unsigned long long)seed, t,
                     job_cost_factor(&o), f, job_cost_factor_error(&o), job_cost_factor_error(&a), se);
    }
    job_cost_free(&c);
}

/* cpu= in the journal line: kept, absent in an older line, refused bad. */
static void test_journal_cpu(void **state)
{
    (void)state;
    char dir[] = "/tmp/test_job_calibrate_XXXXXX";
    assert_non_null(mkdtemp(dir));
    char text[600], path[300];
    snprintf(text, sizeof text, "source = grids %s/grids-4x4-all.txt\nranks = 1-20\nclues = 4\nchunk = 10\n"
             "engine = brute\noutput = %s/o\n", MC_TEST_DATA, dir);
    job j;
    mc_error err;
    assert_int_equal(job_parse("t.job", text, &j, &err), MC_OK);
    assert_int_equal(job_resolve(&j, &err), MC_OK);
    journal *jl;
    journal_data d;
    assert_int_equal(journal_open(&j, &jl, &d, &err), MC_OK);
    job_result a = chunk(0, 2.5, 1.25, true), b = chunk(1, 3.5, 0, false);
    assert_int_equal(journal_append(jl, &a, &err), MC_OK);
    assert_int_equal(journal_append(jl, &b, &err), MC_OK);
    journal_close(jl);
    journal_data_free(&d);
    snprintf(path, sizeof path, "%s/o/journal", dir);
    assert_int_equal(journal_read(path, j.geo, &d, &err), MC_OK);
    assert_int_equal(d.nchunks, 2);
    assert_int_equal(d.bad_lines, 0);
    assert_true(d.chunks[0].cpu_known && fabs(d.chunks[0].cpu_seconds - 1.25) < 1e-9);
    assert_false(d.chunks[1].cpu_known);
    assert_true(fabs(d.chunks[1].seconds - 3.5) < 1e-9);
    journal_data_free(&d);
    char *body = job_read_file(path);
    assert_non_null(body);
    assert_non_null(strstr(body, " sec=2.500 cpu=1.250"));
    assert_null(strstr(body, " sec=3.500 cpu="));
    free(body);
    job_free(&j);
    char cmd[400];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_factor_from_cpu),
        cmocka_unit_test(test_wall_when_no_cpu),
        cmocka_unit_test(test_error_twin),
        cmocka_unit_test(test_journal_cpu),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
