/* test_canon — minlex forms and automorphism counts.
 *
 * ctest-labels: unit golden
 * ctest-timeout: 900
 *
 * Oracles: tests/data/known-grids.txt (published forms and counts); a brute
 * force over all 3,359,232 position maps; the generic path against the fast
 * one; invariance under random transforms; on 4x4 the complete set of 288
 * grids (2 classes, and each class holds 3072 / automorphisms grids by the
 * orbit-stabilizer theorem). Failures print the seed.
 */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "canon.h"
#include "canon_test.h"
#include "random_grid.h"

/* ---- tests ---- */

/* The table is built on first use under pthread_once: two threads that
 * start canonicalizing at once must agree with each other and with the
 * generic path. Runs first, before anything else has built the table. */
typedef struct thread_job {
    uint64_t seed;
    int bad;
} thread_job;

static void *thread_run(void *arg)
{
    thread_job *job = arg;
    prng rng;
    prng_seed(&rng, job->seed);
    for (int k = 0; k < 20; k++) {
        grid g, out;
        random_grid_make(geometry_9x9(), &rng, &g);
        uint8_t f[81];
        int a = canon_minlex9(g.cell, f, NULL);
        int b = canon_minlex(&g, &out, NULL);
        if (a != b || memcmp(f, out.cell, 81) != 0) job->bad++;
    }
    return NULL;
}

static void test_threads_first_use(void **state)
{
    (void)state;
    pthread_t th[2];
    thread_job job[2] = {{11, 0}, {12, 0}};
    for (int i = 0; i < 2; i++) assert_int_equal(pthread_create(&th[i], NULL, thread_run, &job[i]), 0);
    for (int i = 0; i < 2; i++) assert_int_equal(pthread_join(th[i], NULL), 0);
    assert_int_equal(job[0].bad + job[1].bad, 0);
}

static void test_known_fast(void **state)
{
    (void)state;
    load_known();
    for (int i = 0; i < nK; i++) {
        uint8_t out[81];
        transform t;
        int a = canon_minlex9(K[i].g, out, &t);
        assert_memory_equal(out, K[i].form, 81);
        assert_int_equal(a, K[i].autos);
        assert_true(transform_is_valid(&t));
        uint8_t img[81];
        transform_apply_cells(&t, K[i].g, img);
        assert_memory_equal(img, out, 81);
        /* in place */
        uint8_t g2[81];
        memcpy(g2, K[i].g, 81);
        assert_int_equal(canon_minlex9(g2, g2, NULL), K[i].autos);
        assert_memory_equal(g2, K[i].form, 81);
    }
}

static void test_known_generic(void **state)
{
    (void)state;
    load_known();
    for (int i = 0; i < nK; i++) {
        grid g, out, img;
        to_grid(K[i].g, &g);
        transform t;
        int a = canon_minlex(&g, &out, &t);
        assert_memory_equal(out.cell, K[i].form, 81);
        assert_int_equal(a, K[i].autos);
        transform_apply(&t, &g, &img);
        assert_memory_equal(img.cell, out.cell, 81);
    }
}

static void test_brute_force_twin(void **state)
{
    (void)state;
    load_known();
    uint8_t grids[8][81];
    int n = 0;
    for (int i = 0; i < nK && n < 6; i++) memcpy(grids[n++], K[i].g, 81);
    prng rng;
    uint64_t seed = 4242;
    prng_seed(&rng, seed);
    while (n < 8) {
        grid g;
        random_grid_make(geometry_9x9(), &rng, &g);
        memcpy(grids[n++], g.cell, 81);
    }
    for (int i = 0; i < n; i++) {
        uint8_t want[81], got[81];
        int wa = brute_minlex(grids[i], want);
        int ga = canon_minlex9(grids[i], got, NULL);
        if (memcmp(want, got, 81) != 0 || wa != ga) fail_seed(seed, "brute force twin");
        if (i < nK) {
            assert_memory_equal(want, K[i].form, 81);
            assert_int_equal(wa, K[i].autos);
        }
    }
}

static void test_random_transforms_9x9(void **state)
{
    (void)state;
    load_known();
    const geometry *geo = geometry_9x9();
    for (uint64_t seed = 1; seed <= 300; seed++) {
        prng rng;
        prng_seed(&rng, seed);
        grid g, h;
        if (seed <= (uint64_t)nK * 10) {
            to_grid(K[(seed - 1) % (uint64_t)nK].g, &g);
        } else {
            random_grid_make(geo, &rng, &g);
        }
        uint8_t f1[81], f2[81], f3[81];
        transform t, tc;
        int a1 = canon_minlex9(g.cell, f1, NULL);
        transform_random(&t, geo, &rng);
        transform_apply(&t, &g, &h);
        int a2 = canon_minlex9(h.cell, f2, &tc);
        if (memcmp(f1, f2, 81) != 0 || a1 != a2) fail_seed(seed, "form invariant under transforms");
        uint8_t img[81];
        transform_apply_cells(&tc, h.cell, img);
        if (memcmp(img, f2, 81) != 0) fail_seed(seed, "to_canon maps the grid to its form");
        /* the form is minlex: it canonicalizes to itself */
        int a3 = canon_minlex9(f1, f3, NULL);
        if (memcmp(f1, f3, 81) != 0 || a3 != a1) fail_seed(seed, "form is a fixed point");
        if (a1 < 1 || 3359232 % a1 != 0) fail_seed(seed, "automorphism count divides the group");
        grid fg;
        to_grid(f1, &fg);
        if (!grid_is_valid_solution(&fg)) fail_seed(seed, "form is a valid grid");
    }
}

static void test_fast_equals_generic(void **state)
{
    (void)state;
    const geometry *geo = geometry_9x9();
    for (uint64_t seed = 100; seed < 160; seed++) {
        prng rng;
        prng_seed(&rng, seed);
        grid g, out;
        random_grid_make(geo, &rng, &g);
        uint8_t f[81];
        int a = canon_minlex9(g.cell, f, NULL);
        int b = canon_minlex(&g, &out, NULL);
        if (memcmp(f, out.cell, 81) != 0 || a != b) fail_seed(seed, "fast == generic");
        b = canon_minlex_exhaustive(&g, &out, NULL);
        if (memcmp(f, out.cell, 81) != 0 || a != b) fail_seed(seed, "fast == exhaustive");
    }
}

/* Symmetric grids stress the tie handling: the known grids under random
 * transforms, and grids built from the 648-automorphism pattern. */
static void test_symmetric_grids(void **state)
{
    (void)state;
    load_known();
    const geometry *geo = geometry_9x9();
    for (int i = 0; i < nK; i++) {
        grid g, out;
        to_grid(K[i].g, &g);
        for (uint64_t seed = 1; seed <= 5; seed++) {
            prng rng;
            prng_seed(&rng, seed * 1000 + (uint64_t)i);
            transform t;
            transform_random(&t, geo, &rng);
            grid h;
            transform_apply(&t, &g, &h);
            uint8_t f[81];
            int a = canon_minlex9(h.cell, f, NULL);
            int b = canon_minlex(&h, &out, NULL);
            if (a != K[i].autos || b != K[i].autos || memcmp(f, K[i].form, 81) != 0 ||
                memcmp(out.cell, K[i].form, 81) != 0)
                fail_seed(seed * 1000 + (uint64_t)i, "symmetric grid");
        }
    }
}

static void test_structured_grids(void **state)
{
    (void)state;
    int with_autos = 0;
    for (uint64_t seed = 1; seed <= 150; seed++) {
        prng rng;
        prng_seed(&rng, seed * 31337);
        grid g, out;
        structured_grid(&rng, &g);
        assert_true(grid_is_valid_solution(&g));
        uint8_t f[81];
        int a = canon_minlex9(g.cell, f, NULL);
        int b = canon_minlex(&g, &out, NULL);
        if (memcmp(f, out.cell, 81) != 0 || a != b) fail_seed(seed * 31337, "structured: fast == generic");
        if (seed <= 3) {
            uint8_t w[81];
            int c = brute_minlex(g.cell, w);
            if (memcmp(f, w, 81) != 0 || a != c) fail_seed(seed * 31337, "structured: brute force twin");
        }
        if (a > 1) with_autos++;
    }
    /* the generator does produce symmetric grids */
    assert_true(with_autos >= 10);
}

/* canon_is_minlex9 against the form from canon_minlex9: on grids, on their
 * forms, and on forms with small changes (rows swapped inside a band, or
 * columns inside a stack with the labels restored), which are close to
 * minlex and so reach the late comparisons. */
static void check_is_minlex(const uint8_t *g, uint64_t seed)
{
    uint8_t f[81];
    int a = canon_minlex9(g, f, NULL);
    int b = -7;
    bool is = canon_is_minlex9(g, &b);
    bool want = memcmp(f, g, 81) == 0;
    if (is != want) fail_seed(seed, "is_minlex agrees with the form");
    if (is && b != a) fail_seed(seed, "is_minlex automorphism count");
    if (!is && b != -7) fail_seed(seed, "is_minlex leaves autos alone when false");
}

static void test_is_minlex(void **state)
{
    (void)state;
    load_known();
    int yes = 0, no = 0;
    for (uint64_t seed = 1; seed <= 400; seed++) {
        prng rng;
        prng_seed(&rng, seed * 4099);
        grid g;
        if (seed <= (uint64_t)nK) to_grid(K[seed - 1].g, &g);
        else if (seed % 2) structured_grid(&rng, &g);
        else random_grid_make(geometry_9x9(), &rng, &g);
        check_is_minlex(g.cell, seed * 4099);
        uint8_t f[81], h[81];
        canon_minlex9(g.cell, f, NULL);
        check_is_minlex(f, seed * 4099);
        for (int k = 0; k < 4; k++) {
            memcpy(h, f, 81);
            int band = 1 + (int)prng_below(&rng, 2);
            if (k % 2 == 0) {
                /* swap two rows of band 2 or 3 */
                int r1 = band * 3 + (int)prng_below(&rng, 3), r2 = band * 3 + (int)prng_below(&rng, 3);
                for (int j = 0; j < 9; j++) {
                    h[r1 * 9 + j] = f[r2 * 9 + j];
                    h[r2 * 9 + j] = f[r1 * 9 + j];
                }
            } else {
                /* swap two columns of stack 2 or 3, relabel so row 1 reads 0..8 */
                int c1 = band * 3 + (int)prng_below(&rng, 3), c2 = band * 3 + (int)prng_below(&rng, 3);
                uint8_t lab[9];
                for (int r = 0; r < 9; r++) {
                    h[r * 9 + c1] = f[r * 9 + c2];
                    h[r * 9 + c2] = f[r * 9 + c1];
                }
                for (int j = 0; j < 9; j++) lab[h[j]] = (uint8_t)j;
                for (int i = 0; i < 81; i++) h[i] = lab[h[i]];
            }
            check_is_minlex(h, seed * 4099 + (uint64_t)k);
            if (memcmp(h, f, 81) == 0 || canon_is_minlex9(h, NULL)) yes++;
            else no++;
        }
    }
    assert_true(yes > 0 && no > 0);
}

/* Invalid input breaks the contract, but must not crash or hang: digits out
 * of range give 0; clashes give 0 or some form. */
static void test_invalid_input_is_safe(void **state)
{
    (void)state;
    load_known();
    uint8_t g[81], out[81];
    memset(g, 0, 81);
    int a = canon_minlex9(g, out, NULL);
    assert_true(a >= 0);
    memcpy(g, K[0].g, 81);
    g[40] = 9;
    assert_int_equal(canon_minlex9(g, out, NULL), 0);
    g[40] = 255;
    assert_int_equal(canon_minlex9(g, out, NULL), 0);
    prng rng;
    prng_seed(&rng, 99);
    for (int k = 0; k < 2000; k++) {
        memcpy(g, K[k % nK].g, 81);
        int n = 1 + (int)prng_below(&rng, 4);
        for (int i = 0; i < n; i++) g[prng_below(&rng, 81)] = (uint8_t)prng_below(&rng, 9);
        transform t;
        a = canon_minlex9(g, out, &t);
        assert_true(a >= 0 && a <= 3359232);
    }
    grid bad, o;
    to_grid(K[0].g, &bad);
    bad.cell[0] = bad.cell[1];
    assert_int_equal(canon_minlex(&bad, &o, NULL), 0);
    assert_memory_equal(o.cell, bad.cell, 81);
}

/* Every completion of c[pos..] to a grid, by plain backtracking in cell
 * order; visit sees each complete grid. */
static void fill_all(const geometry *geo, uint8_t *c, int pos, void (*visit)(const geometry *, const uint8_t *))
{
    if (pos == geo->ncells) {
        visit(geo, c);
        return;
    }
    for (int d = 0; d < geo->N; d++) {
        bool ok = true;
        for (int k = 0; k < geo->npeers; k++) {
            int q = geo->peer[pos][k];
            if (q < pos && c[q] == d) ok = false;
        }
        if (!ok) continue;
        c[pos] = (uint8_t)d;
        fill_all(geo, c, pos + 1, visit);
    }
}

/* All 288 grids of 4x4 (2x2 boxes). */
static int all4[288][16];
static int n4;

static void keep4(const geometry *geo, const uint8_t *c)
{
    (void)geo;
    assert_true(n4 < 288);
    for (int i = 0; i < 16; i++) all4[n4][i] = c[i];
    n4++;
}

static void test_4x4_classes(void **state)
{
    (void)state;
    const geometry *geo = geometry_get(2, 2);
    uint8_t c[16];
    n4 = 0;
    fill_all(geometry_get(2, 2), c, 0, keep4);
    assert_int_equal(n4, 288);
    uint8_t forms[288][16];
    int autos[288];
    uint8_t distinct[8][16];
    int count[8] = {0}, nd = 0;
    for (int i = 0; i < 288; i++) {
        grid g, out, img;
        grid_clear(&g, geo);
        for (int k = 0; k < 16; k++) g.cell[k] = (uint8_t)all4[i][k];
        assert_true(grid_is_valid_solution(&g));
        transform t;
        autos[i] = canon_minlex(&g, &out, &t);
        memcpy(forms[i], out.cell, 16);
        transform_apply(&t, &g, &img);
        assert_memory_equal(img.cell, out.cell, 16);
        int k;
        for (k = 0; k < nd; k++)
            if (memcmp(distinct[k], forms[i], 16) == 0) break;
        if (k == nd) {
            assert_true(nd < 8);
            memcpy(distinct[nd++], forms[i], 16);
        }
        count[k]++;
    }
    assert_int_equal(nd, 2);
    /* group: 2 * (2 * 2 * 2)^2 position maps times 4! relabellings */
    for (int i = 0; i < 288; i++) {
        int k = 0;
        while (memcmp(distinct[k], forms[i], 16) != 0) k++;
        assert_int_equal(count[k], 3072 / autos[i]);
        /* the form is one of the 288 and is the smallest of its class */
    }
    for (int k = 0; k < nd; k++)
        for (int i = 0; i < 288; i++)
            if (memcmp(distinct[k], forms[i], 16) == 0) {
                uint8_t gi[16];
                for (int j = 0; j < 16; j++) gi[j] = (uint8_t)all4[i][j];
                assert_true(memcmp(distinct[k], gi, 16) <= 0);
            }
}

static void shape_invariance(int R, int C, int rounds)
{
    const geometry *geo = geometry_get(R, C);
    assert_non_null(geo);
    for (uint64_t seed = 1; seed <= (uint64_t)rounds; seed++) {
        prng rng;
        prng_seed(&rng, seed * 7919 + (uint64_t)(R * 16 + C));
        grid g, h, f1, f2, f3, img;
        random_grid_make(geo, &rng, &g);
        transform t, tc;
        int a1 = canon_minlex(&g, &f1, NULL);
        transform_random(&t, geo, &rng);
        transform_apply(&t, &g, &h);
        int a2 = canon_minlex(&h, &f2, &tc);
        if (memcmp(f1.cell, f2.cell, (size_t)geo->ncells) != 0 || a1 != a2)
            fail_seed(seed, "form invariant under transforms (generic)");
        transform_apply(&tc, &h, &img);
        if (memcmp(img.cell, f2.cell, (size_t)geo->ncells) != 0) fail_seed(seed, "generic to_canon");
        int a3 = canon_minlex(&f1, &f3, NULL);
        if (memcmp(f1.cell, f3.cell, (size_t)geo->ncells) != 0 || a3 != a1) fail_seed(seed, "generic fixed point");
        if (!grid_is_valid_solution(&f1)) fail_seed(seed, "generic form valid");
        /* first row reads 0..N-1 */
        for (int j = 0; j < geo->N; j++)
            if (f1.cell[j] != j) fail_seed(seed, "first row of the form");
        /* the form is no larger than the grid */
        if (memcmp(f1.cell, g.cell, (size_t)geo->ncells) > 0) fail_seed(seed, "form <= grid");
    }
}

/* All 6x6 grids (2x3 boxes) whose first row reads 0..5: 28,200,960 / 720 =
 * 39,168 of them. They fall into the 49 classes of the published count, and
 * class k holds 48 * 72 / automorphisms of them (its orbit under the
 * 2,488,320-element group, divided by the 720 relabellings). */
static uint8_t forms6[64][36];
static int count6[64], autos6[64], nforms6;
static long ngrids6;

static void class6(const geometry *geo, const uint8_t *c)
{
    grid g, out;
    grid_clear(&g, geo);
    memcpy(g.cell, c, 36);
    int a = canon_minlex(&g, &out, NULL);
    int k;
    for (k = 0; k < nforms6; k++)
        if (memcmp(forms6[k], out.cell, 36) == 0) break;
    if (k == nforms6) {
        assert_true(nforms6 < 64);
        memcpy(forms6[nforms6], out.cell, 36);
        autos6[nforms6++] = a;
    }
    assert_int_equal(autos6[k], a);
    count6[k]++;
    ngrids6++;
}

static void test_6x6_all_classes(void **state)
{
    (void)state;
    const geometry *geo = geometry_get(2, 3);
    uint8_t c[36];
    for (int j = 0; j < 6; j++) c[j] = (uint8_t)j;
    fill_all(geo, c, 6, class6);
    assert_int_equal(ngrids6, 28200960L / 720);
    assert_int_equal(nforms6, 49);
    for (int k = 0; k < nforms6; k++) assert_int_equal(count6[k] * autos6[k], 48 * 72);
}

/* canon_minlex (table path up to 9x9) against canon_minlex_exhaustive: on
 * random grids, on the pattern grid (r, c) -> (C * (r % R) + r / R + c) % N,
 * which has many automorphisms, and on completions of part of it. */
static void table_vs_exhaustive(int R, int C, int rounds)
{
    const geometry *geo = geometry_get(R, C);
    int N = geo->N;
    grid pat;
    grid_clear(&pat, geo);
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++) pat.cell[r * N + c] = (uint8_t)((C * (r % R) + r / R + c) % N);
    assert_true(grid_is_valid_solution(&pat));
    for (uint64_t seed = 1; seed <= (uint64_t)rounds; seed++) {
        prng rng;
        prng_seed(&rng, seed * 104729 + (uint64_t)(R * 16 + C));
        grid g, f1, f2, img;
        transform t1, t2, t;
        int kind = (int)(seed % 3);
        if (kind == 0) {
            random_grid_make(geo, &rng, &g);
        } else {
            transform_random(&t, geo, &rng);
            transform_apply(&t, &pat, &g);
            if (kind == 2) {
                /* keep the top band, refill the rest at random */
                grid p = g;
                for (int c = R * N; c < geo->ncells; c++) p.cell[c] = CELL_EMPTY;
                assert_true(random_grid_complete(&p, &rng, &g, 1000));
            }
        }
        int a = canon_minlex(&g, &f1, &t1);
        int b = canon_minlex_exhaustive(&g, &f2, &t2);
        if (a != b || memcmp(f1.cell, f2.cell, (size_t)geo->ncells) != 0)
            fail_seed(seed * 104729 + (uint64_t)(R * 16 + C), "table path == exhaustive");
        transform_apply(&t1, &g, &img);
        if (memcmp(img.cell, f1.cell, (size_t)geo->ncells) != 0)
            fail_seed(seed * 104729 + (uint64_t)(R * 16 + C), "table path to_canon");
        transform_apply(&t2, &g, &img);
        if (memcmp(img.cell, f2.cell, (size_t)geo->ncells) != 0)
            fail_seed(seed * 104729 + (uint64_t)(R * 16 + C), "exhaustive to_canon");
    }
}

static void test_table_vs_exhaustive(void **state)
{
    (void)state;
    table_vs_exhaustive(2, 2, 30);
    table_vs_exhaustive(2, 3, 60);
    table_vs_exhaustive(3, 2, 60);
    table_vs_exhaustive(2, 4, 30);
    table_vs_exhaustive(4, 2, 30);
    table_vs_exhaustive(3, 3, 30);
}

static void test_other_shapes(void **state)
{
    (void)state;
    shape_invariance(2, 3, 60);
    shape_invariance(3, 2, 60);
    shape_invariance(2, 4, 10);
    shape_invariance(4, 2, 10);
    shape_invariance(3, 4, 2);
    shape_invariance(4, 3, 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_threads_first_use),
        cmocka_unit_test(test_known_fast),
        cmocka_unit_test(test_known_generic),
        cmocka_unit_test(test_brute_force_twin),
        cmocka_unit_test(test_random_transforms_9x9),
        cmocka_unit_test(test_fast_equals_generic),
        cmocka_unit_test(test_symmetric_grids),
        cmocka_unit_test(test_structured_grids),
        cmocka_unit_test(test_is_minlex),
        cmocka_unit_test(test_invalid_input_is_safe),
        cmocka_unit_test(test_4x4_classes),
        cmocka_unit_test(test_other_shapes),
        cmocka_unit_test(test_table_vs_exhaustive),
        cmocka_unit_test(test_6x6_all_classes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
