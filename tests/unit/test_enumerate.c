/* test_enumerate — orderly generation against the published per-band counts
 * and a brute-force twin.
 * ctest-labels: unit golden
 * ctest-timeout: 1800
 *
 * Default suite: every band with fewer than 100,000 ES grids (117 bands,
 * 1,947,031 grids; the 164 bands and 13.8 M grids under 500,000 made this
 * test 253 s of a loaded 2-core machine's suite, so the bands of 100,000 to
 * 500,000 grids are left to test_enumerate_slow, which checks every band;
 * now 87 s of CPU in all, 73 s of it the brute-force prefixes) must give
 * exactly the count of es-grids-per-band.txt,
 * in strictly increasing order, valid, with the band on top; sampled grids
 * pass the slow minlex test (all 3,359,232 position maps); on a few band-2
 * prefixes (rows 4-6) the generator agrees grid for grid with a brute
 * force (complete rows 7-9, keep what the slow test accepts); 4x4 and 6x6
 * give 2 and 49 grids. Bigger bands: test_enumerate_slow.
 */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "enum_check.h"
#include "prng.h"

static uint64_t oracle[BAND_COUNT + 1];

/* Bands are shared out to two threads (the library is thread-safe); each
 * band's result is checked afterwards in the main thread. */
typedef struct band_job {
    int band;
    uint64_t n, bad, sample_every;
    uint8_t sample[81];
    int nsample;
    mc_status st;
} band_job;

typedef struct job_list {
    band_job *jobs;
    int njobs;
    int next;
    pthread_mutex_t lock;
} job_list;

static void *worker(void *arg)
{
    job_list *l = arg;
    for (;;) {
        pthread_mutex_lock(&l->lock);
        int i = l->next++;
        pthread_mutex_unlock(&l->lock);
        if (i >= l->njobs) return NULL;
        band_job *j = &l->jobs[i];
        uint8_t(*samp)[81] = &j->sample;
        order_check c = {.band = j->band, .sample_every = j->sample_every, .samples = samp, .maxsamples = 1};
        j->st = enumerate_band(j->band, order_check_fn, &c, &j->n);
        j->bad = c.bad + (c.n != j->n);
        j->nsample = c.nsamples;
    }
}

static void test_small_bands_match_oracle(void **state)
{
    (void)state;
    uint64_t total = oracle_counts(oracle);
    assert_int_equal(total, UINT64_C(5472730538));
    uint64_t seed = 3;
    prng rng;
    prng_seed(&rng, seed);
    job_list l = {.jobs = calloc(BAND_COUNT, sizeof(band_job))};
    pthread_mutex_init(&l.lock, NULL);
    /* the biggest first, so the two threads finish together */
    for (int b = 1; b <= BAND_COUNT; b++)
        if (oracle[b] < 100000) /* a sample within the band's count, so each band with grids has one */
            l.jobs[l.njobs++] = (band_job){.band = b, .sample_every = 1 + prng_below(&rng, oracle[b] ? oracle[b] : 1)};
    for (int i = 1; i < l.njobs; i++)
        for (int k = i; k > 0 && oracle[l.jobs[k].band] > oracle[l.jobs[k - 1].band]; k--) {
            band_job t = l.jobs[k];
            l.jobs[k] = l.jobs[k - 1];
            l.jobs[k - 1] = t;
        }
    pthread_t th[2];
    for (int t = 0; t < 2; t++) assert_int_equal(pthread_create(&th[t], NULL, worker, &l), 0);
    for (int t = 0; t < 2; t++) pthread_join(th[t], NULL);
    uint64_t ngrids = 0;
    int nsamples = 0;
    for (int i = 0; i < l.njobs; i++) {
        const band_job *j = &l.jobs[i];
        if (j->st != MC_OK || j->n != oracle[j->band] || j->bad)
            fail_msg("band %d: %llu grids (oracle %llu), %llu out of order or invalid", j->band,
                     (unsigned long long)j->n, (unsigned long long)oracle[j->band], (unsigned long long)j->bad);
        ngrids += j->n;
        /* a sampled grid of every fourth band through the slow minlex test */
        if (j->nsample && i % 4 == 0) {
            if (!enumerate_is_minlex_slow(geometry_9x9(), j->sample))
                fail_msg("band %d: sampled grid is not minlex (seed %llu)", j->band, (unsigned long long)seed);
            nsamples++;
        }
    }
    assert_int_equal(l.njobs, 117);
    assert_int_equal(ngrids, 1947031);
    printf("117 bands, %llu grids match the oracle; %d sampled grids pass the slow minlex test\n",
           (unsigned long long)ngrids, nsamples);
    pthread_mutex_destroy(&l.lock);
    free(l.jobs);
}

/* First grid of a band, for prefixes. */
static int first_fn(void *arg, const uint8_t *g)
{
    memcpy(arg, g, 81);
    return 1;
}

static void test_prefixes_against_brute(void **state)
{
    (void)state;
    /* the first grid's rows 4-6 of some bands, and random rows 4-6 */
    const int bands[] = {416, 411, 407, 300, 1, 2};
    int total = 0;
    for (size_t i = 0; i < sizeof bands / sizeof bands[0]; i++) {
        uint8_t g[81];
        uint64_t n;
        assert_int_equal(enumerate_band(bands[i], first_fn, g, &n), MC_OK);
        assert_int_equal(n, 1);
        int m;
        if (!prefix_matches_brute(bands[i], g + 27, &m)) fail_msg("band %d: prefix differs from brute force", bands[i]);
        assert_true(m >= 1);
        total += m;
    }
    uint64_t seed = 99;
    prng rng;
    prng_seed(&rng, seed);
    for (int t = 0; t < 6; t++) {
        int b = 224 + (int)prng_below(&rng, 193);
        /* random rows 4-6 that fit under the band, column 1 in order */
        uint8_t g[81];
        memcpy(g, band_minlex(b), 27);
        bool ok = false;
        while (!ok) {
            ok = true;
            for (int cell = 27; cell < 54 && ok; cell++) {
                int r = cell / 9, c = cell % 9;
                uint8_t cand[9];
                int nc = 0;
                for (int d = 0; d < 9; d++) {
                    bool fit = true;
                    for (int k = 0; k < cell && fit; k++) {
                        int rr = k / 9, cc = k % 9;
                        if (g[k] == d && (rr == r || cc == c || (rr / 3 == r / 3 && cc / 3 == c / 3))) fit = false;
                    }
                    if (c == 0 && ((r == 3 && d != 1) || (r > 3 && d < g[cell - 9]))) fit = false;
                    if (fit) cand[nc++] = (uint8_t)d;
                }
                if (!nc) ok = false;
                else g[cell] = cand[prng_below(&rng, (uint64_t)nc)];
            }
        }
        int m;
        if (!prefix_matches_brute(b, g + 27, &m))
            fail_msg("band %d, random prefix %d (seed %llu) differs from brute force", b, t, (unsigned long long)seed);
        total += m;
    }
    printf("prefixes agree with the brute force (%d grids)\n", total);
}

static void test_row4_candidates_and_prefix_sum(void **state)
{
    (void)state;
    /* counts by row-4 prefix add up to the band's count */
    const int b = 380;
    static uint8_t rows[20000][9];
    int n = enumerate_row4_candidates(b, rows, 20000);
    assert_true(n > 0 && n <= 20000);
    for (int i = 1; i < n; i++) assert_true(memcmp(rows[i - 1], rows[i], 9) < 0);
    uint64_t sum = 0, all;
    for (int i = 0; i < n; i++) {
        uint64_t c;
        assert_int_equal(enumerate_band_prefix(b, rows[i], 9, NULL, NULL, &c), MC_OK);
        sum += c;
    }
    assert_int_equal(enumerate_band(b, NULL, NULL, &all), MC_OK);
    assert_int_equal(sum, all);
    assert_int_equal(enumerate_band(0, NULL, NULL, &all), MC_EINVAL);
    assert_int_equal(enumerate_band(417, NULL, NULL, &all), MC_EINVAL);
}

typedef struct shape_check {
    const geometry *geo;
    uint8_t prev[MAX_CELLS];
    uint64_t n, bad;
} shape_check;

static int shape_fn(void *arg, const uint8_t *g)
{
    shape_check *c = arg;
    int nc = c->geo->ncells;
    if (c->n && memcmp(c->prev, g, (size_t)nc) >= 0) c->bad++;
    if (!enumerate_is_minlex_slow(c->geo, g)) c->bad++;
    grid x;
    x.geo = c->geo;
    memcpy(x.cell, g, (size_t)nc);
    if (!grid_is_valid_solution(&x)) c->bad++;
    memcpy(c->prev, g, (size_t)nc);
    c->n++;
    return 0;
}

static void test_small_shapes(void **state)
{
    (void)state;
    const struct {
        int R, C;
        uint64_t want;
    } shapes[] = {{2, 2, 2}, {2, 3, 49}, {3, 2, 49}};
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        shape_check c = {.geo = geometry_get(shapes[i].R, shapes[i].C)};
        uint64_t n;
        mc_error err;
        assert_int_equal(enumerate_shape(c.geo, shape_fn, &c, &n, &err), MC_OK);
        assert_int_equal(n, shapes[i].want);
        assert_int_equal(c.n, n);
        assert_int_equal(c.bad, 0);
    }
    mc_error err;
    uint64_t n;
    assert_int_equal(enumerate_shape(geometry_get(4, 4), NULL, NULL, &n, &err), MC_EINVAL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_small_shapes),
        cmocka_unit_test(test_row4_candidates_and_prefix_sum),
        cmocka_unit_test(test_prefixes_against_brute),
        cmocka_unit_test(test_small_bands_match_oracle),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
