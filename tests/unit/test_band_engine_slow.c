/* test_band_engine_slow — the band engine against the complete list and the
 * checker, K = 17.
 *
 * ctest-labels: slow
 * ctest-timeout: 36000
 * ctest-args: 30
 *
 * Argument: the number of grids of tests/data/seventeen-grids.txt (1..300,
 * default 30; at about 2-3 minutes per grid for both engines, 300 grids take
 * more than a night on one core).
 * On each grid (band_control.h):
 * - K = 17: the band engine reports exactly the puzzles of the complete list
 *   lying in the grid, and the checker reports the same set;
 * - K = 16: nothing from either (band engine always; the checker on the
 *   first 3 grids, its K = 16 control is test_checker_golden's);
 * on the first 3 grids also:
 * - a random transform of the grid (relabelling, row, column, band and stack
 *   permutations, transposition) gives the transformed puzzles;
 * - with 30% of the finder's UAs dropped (two seeds), the same puzzles.
 */
#include "band_control.h"

#include "prng.h"

static int ngrids = 30;

static void test_k17(void **state)
{
    (void)state;
    const geometry *geo = geometry_9x9();
    solver_ctx *s = solver_new(geo);
    band_options o17, o16;
    band_options_default(&o17, 17);
    band_options_default(&o16, 16);
    checker_options c17o, c16o;
    checker_options_default(&c17o, 17);
    checker_options_default(&c16o, 16);
    checker_ctx *c17 = checker_new(geo, &c17o), *c16 = checker_new(geo, &c16o);
    prng rng;
    prng_seed(&rng, 1717);
    double tb = 0, tc = 0;
    for (int i = 0; i < ngrids; i++) {
        const ctrl_grid *g = &ctrl[i];
        band_record r;
        found_list f = ctrl_run(&o17, g->grid, s, &r);
        tb += r.seconds_total;
        found_list fc = {.grid = g->grid, .solver = s};
        checker_record cr;
        assert_int_equal(checker_run(c17, g->grid, &cr, found_list_add, &fc), MC_OK);
        tc += cr.seconds_total;
        print_message("grid %d: K = 17: band %d, checker %d, list %d puzzles; %.1f s, %.1f s\n", i + 1, f.n, fc.n,
                      g->npuzzles, r.seconds_total, cr.seconds_total);
        assert_int_equal(fc.bad, 0);
        assert_true(same_sets(f.set, f.n, g->puzzle, g->npuzzles));
        assert_true(same_sets(fc.set, fc.n, g->puzzle, g->npuzzles));
        found_list f16 = ctrl_run(&o16, g->grid, s, &r);
        assert_int_equal(f16.n, 0);
        if (i >= 3) continue;
        found_list c = {.grid = g->grid, .solver = s};
        assert_int_equal(checker_run(c16, g->grid, &cr, found_list_add, &c), MC_OK);
        assert_int_equal(c.n, 0);
        /* transformed grid, transformed puzzles */
        transform t;
        transform_random(&t, geo, &rng);
        uint8_t tg[81];
        transform_apply_cells(&t, g->grid, tg);
        cs81 want[CTRL_MAXP];
        for (int k = 0; k < g->npuzzles; k++) want[k] = transform_apply_cs81(&t, g->puzzle[k]);
        found_list ft = ctrl_run(&o17, tg, s, &r);
        assert_true(same_sets(ft.set, ft.n, want, g->npuzzles));
        /* dropped UAs, same puzzles */
        for (int seed = 1; seed <= 2; seed++) {
            band_options od = o17;
            od.drop_percent = 30;
            od.drop_seed = (uint64_t)seed;
            found_list fd = ctrl_run(&od, g->grid, s, &r);
            assert_true(same_sets(fd.set, fd.n, g->puzzle, g->npuzzles));
        }
        print_message("grid %d: transformed and dropped-UA runs agree\n", i + 1);
    }
    print_message("%d grids: band %.1f s, checker %.1f s (K = 17 CPU)\n", ngrids, tb, tc);
    checker_free(c17);
    checker_free(c16);
    solver_free(s);
}

int main(int argc, char **argv)
{
    if (argc > 1) ngrids = atoi(argv[1]);
    if (ngrids < 1 || ngrids > CTRL_GRIDS) return 2;
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_k17)};
    return cmocka_run_group_tests(tests, ctrl_setup, ctrl_teardown);
}
