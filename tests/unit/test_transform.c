/* test_transform — property tests of the symmetry group on every shape.
 *
 * ctest-labels: unit
 *
 * Each property runs on random valid grids (tests/unit/random_grid.h, an
 * independent backtracker) under seeded random transforms; a failure prints
 * the shape and the seed.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "random_grid.h"
#include "transform.h"

static const int shapes[][2] = {{2, 2}, {2, 3}, {3, 2}, {2, 4}, {4, 2}, {3, 3},
                                {3, 4}, {4, 3}, {4, 4}};
#define NSHAPES ((int)(sizeof shapes / sizeof shapes[0]))
#define ROUNDS 40

static void fail_at(const geometry *geo, uint64_t seed, const char *what)
{
    print_error("%s failed on %dx%d, seed %llu\n", what, geo->R, geo->C, (unsigned long long)seed);
    fail();
}

static bool same_cells(const grid *a, const grid *b)
{
    return memcmp(a->cell, b->cell, (size_t)a->geo->ncells) == 0;
}

/* The definition in transform.h, written out directly. */
static void apply_slow(const transform *t, const grid *in, grid *out)
{
    int N = t->geo->N;
    grid_clear(out, t->geo);
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            int r = t->row[i], c = t->col[j];
            int src = t->transpose ? c * N + r : r * N + c;
            uint8_t d = in->cell[src];
            out->cell[i * N + j] = d == CELL_EMPTY ? CELL_EMPTY : t->digit[d];
        }
}

static void test_identity_and_definition(void **state)
{
    (void)state;
    for (int s = 0; s < NSHAPES; s++) {
        const geometry *geo = geometry_get(shapes[s][0], shapes[s][1]);
        assert_non_null(geo);
        for (int k = 0; k < ROUNDS; k++) {
            uint64_t seed = 1000u * (uint64_t)s + (uint64_t)k;
            prng rng;
            prng_seed(&rng, seed);
            grid g, h, ref;
            random_grid_make(geo, &rng, &g);
            if (!grid_is_valid_solution(&g)) fail_at(geo, seed, "random grid valid");
            transform t;
            transform_identity(&t, geo);
            if (!transform_is_valid(&t)) fail_at(geo, seed, "identity valid");
            transform_apply(&t, &g, &h);
            if (!same_cells(&g, &h)) fail_at(geo, seed, "identity apply");
            transform_random(&t, geo, &rng);
            if (!transform_is_valid(&t)) fail_at(geo, seed, "random transform valid");
            if (t.transpose && geo->R != geo->C) fail_at(geo, seed, "no transpose on oblong boxes");
            transform_apply(&t, &g, &h);
            apply_slow(&t, &g, &ref);
            if (!same_cells(&h, &ref)) fail_at(geo, seed, "apply matches definition");
            if (!grid_is_valid_solution(&h)) fail_at(geo, seed, "validity preserved");
            /* aliasing */
            grid a = g;
            transform_apply(&t, &a, &a);
            if (!same_cells(&a, &ref)) fail_at(geo, seed, "apply in place");
            uint8_t raw[MAX_CELLS];
            transform_apply_cells(&t, g.cell, raw);
            if (memcmp(raw, ref.cell, (size_t)geo->ncells) != 0) fail_at(geo, seed, "apply_cells");
        }
    }
}

static void test_inverse(void **state)
{
    (void)state;
    for (int s = 0; s < NSHAPES; s++) {
        const geometry *geo = geometry_get(shapes[s][0], shapes[s][1]);
        for (int k = 0; k < ROUNDS; k++) {
            uint64_t seed = 2000u * (uint64_t)s + (uint64_t)k + 7;
            prng rng;
            prng_seed(&rng, seed);
            grid g, h, back;
            random_grid_make(geo, &rng, &g);
            transform t, inv, id, both;
            transform_random(&t, geo, &rng);
            transform_invert(&t, &inv);
            if (!transform_is_valid(&inv)) fail_at(geo, seed, "inverse valid");
            transform_apply(&t, &g, &h);
            transform_apply(&inv, &h, &back);
            if (!same_cells(&g, &back)) fail_at(geo, seed, "inverse(t) after t");
            transform_apply(&inv, &g, &h);
            transform_apply(&t, &h, &back);
            if (!same_cells(&g, &back)) fail_at(geo, seed, "t after inverse(t)");
            transform_compose(&t, &inv, &both);
            transform_identity(&id, geo);
            if (both.transpose || memcmp(both.row, id.row, sizeof id.row) != 0 ||
                memcmp(both.col, id.col, sizeof id.col) != 0 ||
                memcmp(both.digit, id.digit, sizeof id.digit) != 0)
                fail_at(geo, seed, "t composed with inverse is the identity");
        }
    }
}

static bool same_transform(const transform *a, const transform *b)
{
    int N = a->geo->N;
    return a->geo == b->geo && a->transpose == b->transpose && memcmp(a->row, b->row, (size_t)N) == 0 &&
           memcmp(a->col, b->col, (size_t)N) == 0 && memcmp(a->digit, b->digit, (size_t)N) == 0;
}

static void test_compose(void **state)
{
    (void)state;
    for (int s = 0; s < NSHAPES; s++) {
        const geometry *geo = geometry_get(shapes[s][0], shapes[s][1]);
        for (int k = 0; k < ROUNDS; k++) {
            uint64_t seed = 3000u * (uint64_t)s + (uint64_t)k + 11;
            prng rng;
            prng_seed(&rng, seed);
            grid g, x, y, z;
            random_grid_make(geo, &rng, &g);
            transform a, b, c, ab, bc, ab_c, a_bc;
            transform_random(&a, geo, &rng);
            transform_random(&b, geo, &rng);
            transform_random(&c, geo, &rng);
            transform_compose(&a, &b, &ab);
            if (!transform_is_valid(&ab)) fail_at(geo, seed, "composition valid");
            transform_apply(&a, &g, &x);
            transform_apply(&b, &x, &y);
            transform_apply(&ab, &g, &z);
            if (!same_cells(&y, &z)) fail_at(geo, seed, "compose matches sequential application");
            transform_compose(&b, &c, &bc);
            transform_compose(&ab, &c, &ab_c);
            transform_compose(&a, &bc, &a_bc);
            if (!same_transform(&ab_c, &a_bc)) fail_at(geo, seed, "composition associative");
            transform_apply(&c, &y, &x);
            transform_apply(&ab_c, &g, &z);
            if (!same_cells(&x, &z)) fail_at(geo, seed, "three-fold composition");
            /* aliasing of the output with an input */
            transform a2 = a;
            transform_compose(&a2, &b, &a2);
            if (!same_transform(&a2, &ab)) fail_at(geo, seed, "compose in place");
        }
    }
}

static void test_cell_map_and_cs81(void **state)
{
    (void)state;
    for (int s = 0; s < NSHAPES; s++) {
        const geometry *geo = geometry_get(shapes[s][0], shapes[s][1]);
        for (int k = 0; k < ROUNDS; k++) {
            uint64_t seed = 4000u * (uint64_t)s + (uint64_t)k + 13;
            prng rng;
            prng_seed(&rng, seed);
            grid g, p, h;
            random_grid_make(geo, &rng, &g);
            /* a puzzle: keep each cell with probability 1/2 */
            p = g;
            cs81 clues = cs81_empty();
            for (int i = 0; i < geo->ncells; i++) {
                if (prng_next(&rng) >> 63) p.cell[i] = CELL_EMPTY;
                else if (geo->ncells <= 81) cs81_add(&clues, i);
            }
            transform t;
            transform_random(&t, geo, &rng);
            uint8_t map[MAX_CELLS];
            transform_cell_map(&t, map);
            bool seen[MAX_CELLS] = {false};
            for (int i = 0; i < geo->ncells; i++) {
                if (map[i] >= geo->ncells || seen[map[i]]) fail_at(geo, seed, "cell map is a permutation");
                seen[map[i]] = true;
            }
            transform_apply(&t, &p, &h);
            for (int i = 0; i < geo->ncells; i++) {
                uint8_t want = p.cell[map[i]] == CELL_EMPTY ? CELL_EMPTY : t.digit[p.cell[map[i]]];
                if (h.cell[i] != want) fail_at(geo, seed, "cell map matches apply on a puzzle");
            }
            if (grid_clue_count(&h) != grid_clue_count(&p)) fail_at(geo, seed, "puzzle clue count kept");
            if (geo->ncells <= 81) {
                cs81 img = transform_apply_cs81(&t, clues), want = cs81_empty();
                for (int i = 0; i < geo->ncells; i++)
                    if (h.cell[i] != CELL_EMPTY) cs81_add(&want, i);
                if (!cs81_eq(img, want)) fail_at(geo, seed, "cs81 image matches apply");
            }
        }
    }
}

static void test_invalid_detected(void **state)
{
    (void)state;
    const geometry *g9 = geometry_9x9(), *g6 = geometry_get(2, 3);
    transform t;
    transform_identity(&t, g9);
    t.row[2] = 3;
    t.row[3] = 2; /* swaps rows across bands */
    assert_false(transform_is_valid(&t));
    transform_identity(&t, g9);
    t.col[0] = 1; /* not a permutation */
    assert_false(transform_is_valid(&t));
    transform_identity(&t, g9);
    t.digit[8] = 9; /* out of range */
    assert_false(transform_is_valid(&t));
    transform_identity(&t, g6);
    t.transpose = true; /* 2x3 boxes cannot be transposed */
    assert_false(transform_is_valid(&t));
    transform_identity(&t, g6);
    /* 2x3: bands of 2 rows, stacks of 3 columns */
    t.row[0] = 2;
    t.row[1] = 3;
    t.row[2] = 0;
    t.row[3] = 1;
    t.col[0] = 3;
    t.col[1] = 4;
    t.col[2] = 5;
    t.col[3] = 0;
    t.col[4] = 1;
    t.col[5] = 2;
    assert_true(transform_is_valid(&t));
    t.col[2] = 3;
    t.col[3] = 5; /* column 3 now sits in the first stack */
    assert_false(transform_is_valid(&t));
}

/* On 2x2 the group of position maps has 2 * (2 * 2 * 2)^2 = 128 elements:
 * transform_random must reach each about equally often. */
static void test_random_uniform(void **state)
{
    (void)state;
    const geometry *geo = geometry_get(2, 2);
    enum { DRAWS = 64000, MAPS = 128 };
    int counts[MAPS] = {0};
    uint8_t seen_maps[MAPS][16];
    int nseen = 0;
    prng rng;
    prng_seed(&rng, 77);
    for (int k = 0; k < DRAWS; k++) {
        transform t;
        transform_random(&t, geo, &rng);
        uint8_t map[MAX_CELLS];
        transform_cell_map(&t, map);
        int idx = -1;
        for (int m = 0; m < nseen; m++)
            if (memcmp(seen_maps[m], map, 16) == 0) idx = m;
        if (idx < 0) {
            assert_true(nseen < MAPS);
            memcpy(seen_maps[nseen], map, 16);
            idx = nseen++;
        }
        counts[idx]++;
    }
    assert_int_equal(nseen, MAPS);
    for (int m = 0; m < MAPS; m++) {
        /* expected 500, standard deviation about 22 */
        assert_true(counts[m] > 380 && counts[m] < 620);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_identity_and_definition),
        cmocka_unit_test(test_inverse),
        cmocka_unit_test(test_compose),
        cmocka_unit_test(test_cell_map_and_cs81),
        cmocka_unit_test(test_invalid_detected),
        cmocka_unit_test(test_random_uniform),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
