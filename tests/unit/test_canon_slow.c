/* test_canon_slow — longer cross-checks of canon_minlex9.
 *
 * ctest-labels: slow golden
 * ctest-timeout: 1800
 *
 * The brute force over all 3,359,232 position maps on 120 grids (random ones
 * and symmetric ones), and the generic path on 3,000 more. Failures print the
 * seed.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "canon.h"
#include "canon_brute.h"
#include "random_grid.h"

static void fail_seed(uint64_t seed, const char *what)
{
    print_error("%s failed, seed %llu\n", what, (unsigned long long)seed);
    fail();
}

/* ---- known grids ---- */

typedef struct known {
    uint8_t g[81], form[81];
    int autos;
} known;

static known K[32];
static int nK;

static void load_known(void)
{
    if (nK) return;
    FILE *f = fopen(MC_TEST_DATA "/known-grids.txt", "r");
    assert_non_null(f);
    char line[1024];
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n') continue;
        char a[128], b[128];
        int autos;
        assert_int_equal(sscanf(line, "%127s %127s %d", a, b, &autos), 3);
        assert_int_equal(strlen(a), 81);
        assert_true(nK < 32);
        known *k = &K[nK++];
        for (int i = 0; i < 81; i++) k->g[i] = (uint8_t)(a[i] - '1');
        if (strcmp(b, "=") == 0) {
            memcpy(k->form, k->g, 81);
        } else {
            assert_int_equal(strlen(b), 81);
            for (int i = 0; i < 81; i++) k->form[i] = (uint8_t)(b[i] - '1');
        }
        k->autos = autos;
    }
    fclose(f);
    assert_true(nK >= 5);
}

static void to_grid(const uint8_t *cells, grid *g)
{
    grid_clear(g, geometry_9x9());
    memcpy(g->cell, cells, 81);
}

/* Grids with some symmetry: a known grid under a random transform keeps
 * a random part (a band, two bands, or random boxes) and the rest is filled
 * in at random. Many come out with automorphisms, which stresses ties. */
static void structured_grid(prng *rng, grid *out)
{
    load_known();
    const geometry *geo = geometry_9x9();
    for (;;) {
        grid g, p;
        to_grid(K[prng_below(rng, (uint64_t)nK)].g, &g);
        transform t;
        transform_random(&t, geo, rng);
        transform_apply(&t, &g, &g);
        p = g;
        int mode = (int)prng_below(rng, 3);
        uint64_t boxes = prng_next(rng); /* mode 2: box b kept when bit b is set */
        for (int c = 0; c < 81; c++) {
            int band = c / 27, box = geo->box[c];
            bool keep = mode == 0 ? band == 0 : mode == 1 ? band != 2 : (boxes >> box & 1) != 0;
            if (!keep) p.cell[c] = CELL_EMPTY;
        }
        if (random_grid_complete(&p, rng, out, 20)) return;
    }
}

static void test_brute_force_many(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 120; seed++) {
        prng rng;
        prng_seed(&rng, seed * 1000003);
        grid g;
        if (seed % 2) structured_grid(&rng, &g);
        else random_grid_make(geometry_9x9(), &rng, &g);
        uint8_t f[81], w[81];
        int a = canon_minlex9(g.cell, f, NULL);
        int b = brute_minlex(g.cell, w);
        if (memcmp(f, w, 81) != 0 || a != b) fail_seed(seed * 1000003, "brute force twin");
    }
}

static void test_generic_many(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 3000; seed++) {
        prng rng;
        prng_seed(&rng, seed * 7777);
        grid g, out;
        if (seed % 2) structured_grid(&rng, &g);
        else random_grid_make(geometry_9x9(), &rng, &g);
        uint8_t f[81];
        transform t;
        int a = canon_minlex9(g.cell, f, &t);
        int b = canon_minlex(&g, &out, NULL);
        if (memcmp(f, out.cell, 81) != 0 || a != b) fail_seed(seed * 7777, "fast == generic");
        uint8_t img[81];
        transform_apply_cells(&t, g.cell, img);
        if (memcmp(img, f, 81) != 0) fail_seed(seed * 7777, "to_canon");
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_brute_force_many),
        cmocka_unit_test(test_generic_many),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
