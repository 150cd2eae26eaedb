/* test_bandpair_seventeen — the covering items of the known 17-clue puzzles
 * (tests/data/seventeen-cover.txt.gz, made by bench_seventeen_cover) against
 * a recomputation.
 * ctest-labels: unit
 * ctest-timeout: 300
 *
 * The file must hold the 49,158 puzzles of tests/data/seventeen-all.txt.gz
 * in order, with each puzzle's clue counts per band and stack, and ranks
 * consistent with the per-band group counts (global = groups of the bands
 * before + local, local within the band's count). For 200 random lines
 * (seed printed) the cover is recomputed from the puzzle alone (solver,
 * bandpair_cover): same slot, band 1 and band 2 indices. For the first 8
 * of them with a local rank of at most 500,000 (the enumeration stops there:
 * a fraction of a second) the local rank is recomputed by enumerating the
 * band's pairs and the band 3 of the item is found in its group's list. Every line is recomputed in
 * test_bandpair_seventeen_slow.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "prng.h"
#include "seventeen_cover_load.h"

typedef struct b3_find {
    const uint8_t *band3;
    int found, groups;
} b3_find;

static int b3_find_fn(void *arg, const bandpair_group *g)
{
    b3_find *f = arg;
    f->groups++;
    for (int i = 0; i < g->nband3; i++)
        if (memcmp(g->band3 + 27 * i, f->band3, 27) == 0) f->found++;
    return 0;
}

static void test_cover_sample(void **state)
{
    (void)state;
    static s17_data d;
    s17_load(&d);
    bandpair_ctx *ctx;
    assert_int_equal(bandpair_ctx_new(&ctx), MC_OK);
    solver_ctx *sv = solver_new(geometry_9x9());
    assert_non_null(sv);
    uint64_t seed = 20261124;
    prng rng;
    prng_seed(&rng, seed);
    int ranked = 0;
    for (int k = 0; k < 200; k++) {
        size_t i = (size_t)(prng_next(&rng) % d.cover.n);
        const cov17 *r = &d.cover.r[i];
        cov17 again;
        if (!s17_recover(ctx, sv, r, &again))
            fail_msg("seed %llu: line %zu: cover differs (slot %d band1 %d band2 %d, recomputed %d %d %d)",
                     (unsigned long long)seed, i + 1, r->slot, r->band1, r->band2, again.slot, again.band1,
                     again.band2);
        if (ranked < 8 && r->local <= 500000) {
            long miss = cov17_rank(ctx, &again, 1, d.before, NULL);
            assert_int_equal(miss, 0);
            if (again.local != r->local || again.global != r->global)
                fail_msg("seed %llu: line %zu: rank %llu, recomputed %llu", (unsigned long long)seed, i + 1,
                         (unsigned long long)r->global, (unsigned long long)again.global);
            b3_find f = {again.band3, 0, 0};
            assert_int_equal(bandpair_enumerate(ctx, r->band1, r->local, r->local, true, b3_find_fn, &f, NULL), MC_OK);
            assert_int_equal(f.groups, 1);
            assert_int_equal(f.found, 1);
            printf("line %zu: band 1 %d, local rank %llu, global rank %llu recomputed\n", i + 1, r->band1,
                   (unsigned long long)r->local, (unsigned long long)r->global);
            ranked++;
        }
    }
    assert_true(ranked >= 1);
    solver_free(sv);
    bandpair_ctx_free(ctx);
    s17_free(&d);
}

/* The cover is a function of the puzzle's class: a transformed puzzle
 * (transpose, band and stack swaps, relabelling) gets the same item. */
static void test_cover_invariant(void **state)
{
    (void)state;
    static s17_data d;
    s17_load(&d);
    bandpair_ctx *ctx;
    assert_int_equal(bandpair_ctx_new(&ctx), MC_OK);
    solver_ctx *sv = solver_new(geometry_9x9());
    assert_non_null(sv);
    prng rng;
    prng_seed(&rng, 77);
    for (int k = 0; k < 50; k++) {
        const cov17 *r = &d.cover.r[prng_next(&rng) % d.cover.n];
        cov17 a, b;
        assert_true(cov17_cover(ctx, sv, r->puzzle, &a));
        uint8_t q[81], lab[9];
        for (int x = 0; x < 9; x++) lab[x] = (uint8_t)x;
        for (int x = 8; x > 0; x--) {
            int y = (int)(prng_next(&rng) % (uint64_t)(x + 1));
            uint8_t t = lab[x];
            lab[x] = lab[y];
            lab[y] = t;
        }
        int tr = k & 1, bs = (int)(prng_next(&rng) % 3), ss = (int)(prng_next(&rng) % 3);
        for (int c = 0; c < 81; c++) {
            int i = c / 9, j = c % 9;
            if (tr) {
                int t = i;
                i = j;
                j = t;
            }
            i = (i / 3 + bs) % 3 * 3 + (2 - i % 3); /* band rotation, rows reversed */
            j = (j / 3 + ss) % 3 * 3 + j % 3;
            q[i * 9 + j] = r->puzzle[c] == CELL_EMPTY ? CELL_EMPTY : lab[r->puzzle[c]];
        }
        assert_true(cov17_cover(ctx, sv, q, &b));
        assert_int_equal(a.band1, b.band1);
        assert_memory_equal(a.pair, b.pair, 54);
        assert_memory_equal(a.band3, b.band3, 27);
    }
    solver_free(sv);
    bandpair_ctx_free(ctx);
    s17_free(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cover_sample),
        cmocka_unit_test(test_cover_invariant),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
