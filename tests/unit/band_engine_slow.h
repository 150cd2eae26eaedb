/* band_engine_slow — the slow cross-check over a range of the 300 grids of
 * tests/data/seventeen-grids.txt, shared by test_band_engine_slow (grids
 * 1-150) and test_band_engine_slow_b (151-300), which ctest runs side by
 * side.
 *
 * Argument: a grid range FROM-TO (1-based, within 1..300). On each grid
 * (band_cross.h): K = 17 from both engines equals the complete list's
 * puzzles of the grid, K = 16 nothing from either; on the first 3 grids of
 * the range also:
 * - a random transform of the grid (relabelling, row, column, band and stack
 *   permutations, transposition) gives the transformed puzzles;
 * - with 30% of the finder's UAs dropped (two seeds), the same puzzles.
 * Time: 1-1.5 minutes of CPU per grid for both engines (measured side by
 * side: grids 22-74 one a minute, 177-212 one per 1.5 minutes; the
 * checker's K = 17 search is about 85% of it, up to 225 s on one grid),
 * so a half of 150 grids takes 2.5-4 hours (tests/bench/results/
 * cross_grids.txt).
 */
#ifndef MC_TEST_BAND_ENGINE_SLOW_H
#define MC_TEST_BAND_ENGINE_SLOW_H

#include "band_cross.h"
#include "prng.h"

static int slow_from = 1, slow_to = 150;

static void test_k17(void **state)
{
    (void)state;
    const geometry *geo = geometry_9x9();
    cross_ctx x;
    cross_open(&x);
    prng rng;
    prng_seed(&rng, 1717 + (uint64_t)slow_from);
    for (int line = slow_from; line <= slow_to; line++) {
        cross_grid(&x, line, true);
        if (line >= slow_from + 3) continue;
        const ctrl_grid *g = &ctrl[line - 1];
        band_record r;
        transform t;
        transform_random(&t, geo, &rng);
        uint8_t tg[81];
        transform_apply_cells(&t, g->grid, tg);
        cs81 want[CTRL_MAXP];
        for (int k = 0; k < g->npuzzles; k++) want[k] = transform_apply_cs81(&t, g->puzzle[k]);
        found_list ft = ctrl_run(&x.o17, tg, x.s, &r);
        assert_true(same_sets(ft.set, ft.n, want, g->npuzzles));
        for (int seed = 1; seed <= 2; seed++) {
            band_options od = x.o17;
            od.drop_percent = 30;
            od.drop_seed = (uint64_t)seed;
            found_list fd = ctrl_run(&od, g->grid, x.s, &r);
            assert_true(same_sets(fd.set, fd.n, g->puzzle, g->npuzzles));
        }
        print_message("grid %d: transformed and dropped-UA runs agree\n", line);
    }
    print_message("grids %d-%d: K = 17 CPU: band %.1f s, checker %.1f s\n", slow_from, slow_to, x.band_s,
                  x.checker_s);
    cross_close(&x);
}

static int slow_main(int argc, char **argv)
{
    if (argc > 1 && sscanf(argv[1], "%d-%d", &slow_from, &slow_to) != 2) {
        fprintf(stderr, "usage: %s [FROM-TO] (grids of seventeen-grids.txt, 1..%d)\n", argv[0], CTRL_GRIDS);
        return 2;
    }
    if (slow_from < 1 || slow_to > CTRL_GRIDS || slow_from > slow_to) {
        fprintf(stderr, "%s: the range must lie within 1-%d\n", argv[0], CTRL_GRIDS);
        return 2;
    }
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_k17)};
    return cmocka_run_group_tests(tests, ctrl_setup, ctrl_teardown);
}

#endif
