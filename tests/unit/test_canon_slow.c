/* test_canon_slow — longer cross-checks of canon_minlex9.
 *
 * ctest-labels: slow golden
 * ctest-timeout: 1800
 *
 * The brute force over all 3,359,232 position maps on 120 grids (random ones
 * and symmetric ones), and the generic paths (table on 3,000 grids,
 * exhaustive on 300 of them) against the fast one. Failures print the
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
#include "canon_test.h"
#include "random_grid.h"

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
        if (seed % 10 == 0) {
            b = canon_minlex_exhaustive(&g, &out, NULL);
            if (memcmp(f, out.cell, 81) != 0 || a != b) fail_seed(seed * 7777, "fast == exhaustive");
        }
        int c = 0;
        if (!canon_is_minlex9(f, &c) || c != a) fail_seed(seed * 7777, "is_minlex on the form");
        if (canon_is_minlex9(g.cell, NULL) != (memcmp(f, g.cell, 81) == 0)) fail_seed(seed * 7777, "is_minlex on the grid");
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
