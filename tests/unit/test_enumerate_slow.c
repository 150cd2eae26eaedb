/* test_enumerate_slow — every band against the published counts, and the
 * total 5,472,730,538; more prefixes against the brute force.
 * ctest-labels: slow
 * ctest-timeout: 200000
 *
 * Hours of CPU time (the whole catalogue): run it with `ctest -L slow` on a
 * machine with time to spare. Bands run on as many threads as the machine
 * has cores; a line per band goes to standard output as it finishes.
 */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "enum_check.h"
#include "prng.h"

static uint64_t oracle[BAND_COUNT + 1];
static uint64_t got[BAND_COUNT + 1];
static int next_band = 1;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg)
{
    (void)arg;
    for (;;) {
        pthread_mutex_lock(&lock);
        int b = next_band++;
        pthread_mutex_unlock(&lock);
        if (b > BAND_COUNT) return NULL;
        order_check c = {.band = b};
        uint64_t n = 0;
        if (enumerate_band(b, order_check_fn, &c, &n) != MC_OK || c.bad) n = UINT64_MAX;
        pthread_mutex_lock(&lock);
        got[b] = n;
        printf("band %d: %llu grids (oracle %llu)%s\n", b, (unsigned long long)n, (unsigned long long)oracle[b],
               n == oracle[b] ? "" : "  MISMATCH");
        fflush(stdout);
        pthread_mutex_unlock(&lock);
    }
}

static void test_all_bands(void **state)
{
    (void)state;
    assert_int_equal(oracle_counts(oracle), UINT64_C(5472730538));
    long nth = sysconf(_SC_NPROCESSORS_ONLN);
    if (nth < 1) nth = 1;
    if (nth > 64) nth = 64;
    pthread_t th[64];
    for (long t = 0; t < nth; t++) assert_int_equal(pthread_create(&th[t], NULL, worker, NULL), 0);
    for (long t = 0; t < nth; t++) pthread_join(th[t], NULL);
    uint64_t total = 0;
    for (int b = 1; b <= BAND_COUNT; b++) {
        if (got[b] != oracle[b]) fail_msg("band %d: %llu grids, oracle %llu", b, (unsigned long long)got[b],
                                          (unsigned long long)oracle[b]);
        total += got[b];
    }
    assert_int_equal(total, UINT64_C(5472730538));
}

typedef struct kth {
    uint64_t k, seen;
    uint8_t g[81];
} kth;

static int kth_fn(void *arg, const uint8_t *g)
{
    kth *x = arg;
    memcpy(x->g, g, 81);
    return ++x->seen == x->k;
}

static void test_many_prefixes(void **state)
{
    (void)state;
    assert_int_equal(oracle_counts(oracle), UINT64_C(5472730538));
    uint64_t seed = 2026;
    prng rng;
    prng_seed(&rng, seed);
    int total = 0, tried = 0;
    while (tried < 40) {
        int b = 1 + (int)prng_below(&rng, BAND_COUNT);
        if (oracle[b] == 0) continue;
        /* rows 4-6 of the k-th grid of the band, k random below 5000 */
        kth x = {.k = 1 + prng_below(&rng, 5000)};
        assert_int_equal(enumerate_band(b, kth_fn, &x, NULL), MC_OK);
        int m;
        if (!prefix_matches_brute(b, x.g + 27, &m))
            fail_msg("band %d (seed %llu): prefix differs from brute force", b, (unsigned long long)seed);
        total += m;
        tried++;
    }
    printf("40 prefixes agree with the brute force (%d grids)\n", total);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_many_prefixes),
        cmocka_unit_test(test_all_bands),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
