/* test_band_engine — the band engine on known grids (fast part).
 *
 * ctest-labels: unit
 * ctest-timeout: 900
 *
 * On grids of tests/data/seventeen-grids.txt (band_control.h):
 * - K = 16 reports nothing on grids 1 and 2, and the checker agrees on grid 1;
 * - K = 18 with first-stop on grid 1: one puzzle, unique and minimal (plain
 *   solver), at most 18 clues (a randomly transformed copy of it, 90 s, is
 *   in test_band_k18, label slow);
 * - options out of range are refused.
 * The K = 17 controls (exact puzzle sets against the complete list and the
 * checker) are in test_band_cross_* (30 grids) and test_band_engine_slow/_b
 * (300 grids, with transformed grids and dropped UAs).
 */
#include "band_control.h"


static void test_k16_nothing(void **state)
{
    (void)state;
    solver_ctx *s = solver_new(geometry_9x9());
    band_options o;
    band_options_default(&o, 16);
    for (int i = 0; i < 2; i++) {
        band_record r;
        found_list f = ctrl_run(&o, ctrl[i].grid, s, &r);
        print_message("grid %d: K = 16: %d puzzles, %llu pairs, %llu survivors, %.1f s\n", i + 1, f.n,
                      (unsigned long long)r.pairs, (unsigned long long)r.survivors, r.seconds_total);
        assert_int_equal(f.n, 0);
        assert_int_equal(r.puzzles, 0);
        assert_true(r.pairs > 0);
    }
    checker_options co;
    checker_options_default(&co, 16);
    checker_ctx *c = checker_new(geometry_9x9(), &co);
    checker_record cr;
    found_list f = {.grid = ctrl[0].grid, .solver = s};
    assert_int_equal(checker_run(c, ctrl[0].grid, &cr, found_list_add, &f), MC_OK);
    assert_int_equal(f.n, 0);
    checker_free(c);
    solver_free(s);
}

static void test_k18_first(void **state)
{
    (void)state;
    solver_ctx *s = solver_new(geometry_9x9());
    band_options o;
    band_options_default(&o, 18);
    o.first = 1;
    band_record r;
    found_list f = ctrl_run(&o, ctrl[0].grid, s, &r);
    print_message("grid 1: K = 18 first: %d puzzle(s), %llu band-3 checks, %.1f s\n", f.n,
                  (unsigned long long)r.band3_checks, r.seconds_total);
    assert_int_equal(f.n, 1);
    assert_true(cs81_count(f.set[0]) <= 18);
    solver_free(s);
}

static void test_options(void **state)
{
    (void)state;
    band_options o;
    band_options_default(&o, 0);
    assert_null(band_engine_new(&o));
    band_options_default(&o, 17);
    o.drop_percent = 101;
    assert_null(band_engine_new(&o));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_options),
        cmocka_unit_test(test_k16_nothing),
        cmocka_unit_test(test_k18_first),
    };
    return cmocka_run_group_tests(tests, ctrl_setup, ctrl_teardown);
}
