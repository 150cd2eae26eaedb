/* test_chunk_streams — the streams of consecutive chunks handed to workers.
 *
 * Fixed cases (the first chunk of each stream, a steal of the second half,
 * a retired owner's stream taken whole, a steal refused below min_steal),
 * and a seeded random simulation against the obvious rule: workers take
 * chunks in random order, some chunks are done from the start, some workers
 * retire; every chunk not done at the start is taken exactly once and no
 * done chunk is taken. Without steals (min_steal above any stream) a worker
 * takes consecutive chunks, jumping only where done chunks lie between.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "chunk_streams.h"
#include "prng.h"

static uint64_t take(chunk_streams *cs, int w, uint64_t min_steal)
{
    uint64_t c;
    bool jumped;
    assert_true(chunk_streams_next(cs, w, min_steal, &c, &jumped));
    return c;
}

static void test_split_and_steal(void **state)
{
    (void)state;
    uint8_t done[10] = {0};
    chunk_streams *cs;
    assert_int_equal(chunk_streams_new(10, done, 3, &cs), MC_OK);
    assert_int_equal(take(cs, 0, 1), 0);
    assert_int_equal(take(cs, 1, 1), 3);
    assert_int_equal(take(cs, 2, 1), 6);
    assert_int_equal(take(cs, 0, 1), 1);
    assert_int_equal(take(cs, 0, 1), 2);
    /* worker 0's stream is empty: the largest left is worker 2's 7..9 (3
     * chunks); worker 0 takes its second half, 9 */
    assert_int_equal(take(cs, 0, 1), 9);
    assert_int_equal(take(cs, 2, 1), 7);
    assert_int_equal(take(cs, 2, 1), 8);
    /* worker 2 is empty; worker 1 holds 4..5: a steal of 2 is refused at min_steal 3 */
    uint64_t c;
    bool jumped;
    assert_false(chunk_streams_next(cs, 2, 3, &c, &jumped));
    assert_true(chunk_streams_next(cs, 2, 2, &c, &jumped));
    assert_int_equal(c, 5);
    assert_true(jumped);
    assert_int_equal(take(cs, 1, 1), 4);
    assert_false(chunk_streams_next(cs, 0, 1, &c, &jumped));
    assert_false(chunk_streams_next(cs, 1, 1, &c, &jumped));
    chunk_streams_free(cs);
}

static void test_retired_taken_whole(void **state)
{
    (void)state;
    uint8_t done[8] = {1, 0, 0, 0, 0, 0, 0, 1};
    chunk_streams *cs;
    assert_int_equal(chunk_streams_new(8, done, 2, &cs), MC_OK);
    /* 6 chunks not done: streams 1..3 and 4..6 */
    assert_int_equal(take(cs, 0, 1), 1);
    assert_int_equal(take(cs, 1, 1), 4);
    chunk_streams_retire(cs, 1);
    assert_int_equal(take(cs, 0, 100), 2);
    assert_int_equal(take(cs, 0, 100), 3);
    /* the retired stream 5..6 goes whole, whatever min_steal */
    assert_int_equal(take(cs, 0, 100), 5);
    assert_int_equal(take(cs, 0, 100), 6);
    uint64_t c;
    bool jumped;
    assert_false(chunk_streams_next(cs, 0, 1, &c, &jumped));
    chunk_streams_free(cs);
}

static void test_more_workers_than_chunks(void **state)
{
    (void)state;
    uint8_t done[2] = {0, 0};
    chunk_streams *cs;
    assert_int_equal(chunk_streams_new(2, done, 5, &cs), MC_OK);
    uint64_t c, seen = 0;
    bool jumped;
    for (int w = 0; w < 5; w++)
        while (chunk_streams_next(cs, w, 1, &c, &jumped)) seen |= UINT64_C(1) << c;
    assert_int_equal(seen, 3);
    chunk_streams_free(cs);
}

/* Random simulation; the seed is printed on failure by cmocka's message. */
static void simulate(uint64_t seed, bool steals)
{
    prng r;
    prng_seed(&r, seed);
    uint64_t n = prng_below(&r, 300);
    int nw = 1 + (int)prng_below(&r, 8);
    uint8_t *done = calloc(n + 1, 1), *start_done = calloc(n + 1, 1), *taken = calloc(n + 1, 1);
    for (uint64_t i = 0; i < n; i++) done[i] = start_done[i] = prng_below(&r, 4) == 0;
    chunk_streams *cs;
    assert_int_equal(chunk_streams_new(n, done, nw, &cs), MC_OK);
    bool *retired = calloc((size_t)nw, 1);
    uint64_t *last = calloc((size_t)nw, sizeof *last);
    int active = nw;
    for (int idle = 0; idle < 4 * nw;) {
        int w = (int)prng_below(&r, (uint64_t)nw);
        if (retired[w]) continue;
        if (steals && active > 1 && prng_below(&r, 200) == 0) {
            chunk_streams_retire(cs, w);
            retired[w] = true;
            active--;
            continue;
        }
        uint64_t c;
        bool jumped;
        uint64_t min_steal = steals ? 1 + prng_below(&r, 4) : UINT64_MAX;
        if (!chunk_streams_next(cs, w, min_steal, &c, &jumped)) {
            idle++;
            continue;
        }
        idle = 0;
        if (c >= n || start_done[c] || taken[c]) fail_msg("seed %llu: chunk %llu taken wrongly", (unsigned long long)seed, (unsigned long long)c);
        taken[c] = 1;
        if (!steals && last[w]) {
            /* consecutive, or only done chunks in between */
            bool gap_done = true;
            for (uint64_t i = last[w]; i < c; i++) gap_done &= start_done[i] != 0;
            if (c < last[w] || !gap_done || jumped != (c != last[w]))
                fail_msg("seed %llu: worker %d jumped from %llu to %llu", (unsigned long long)seed, w,
                         (unsigned long long)last[w] - 1, (unsigned long long)c);
        }
        last[w] = c + 1;
        if (prng_below(&r, 2)) done[c] = 1; /* finished (or still running: either way not handed out again) */
    }
    /* the workers still active drain what is left (min_steal 1) */
    for (int w = 0; w < nw; w++) {
        uint64_t c;
        bool jumped;
        while (!retired[w] && chunk_streams_next(cs, w, 1, &c, &jumped)) {
            if (c >= n || start_done[c] || taken[c]) fail_msg("seed %llu: chunk %llu taken wrongly", (unsigned long long)seed, (unsigned long long)c);
            taken[c] = 1;
        }
    }
    for (uint64_t i = 0; i < n; i++)
        if (!start_done[i] && !taken[i]) fail_msg("seed %llu: chunk %llu never taken", (unsigned long long)seed, (unsigned long long)i);
    chunk_streams_free(cs);
    free(done);
    free(start_done);
    free(taken);
    free(retired);
    free(last);
}

static void test_random(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 2000; seed++) simulate(seed, true);
}

static void test_random_no_steal(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 500; seed++) simulate(seed, false);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_split_and_steal),
        cmocka_unit_test(test_retired_taken_whole),
        cmocka_unit_test(test_more_workers_than_chunks),
        cmocka_unit_test(test_random),
        cmocka_unit_test(test_random_no_steal),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
