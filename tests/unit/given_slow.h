/* given_slow — the body of test_band_given_slow_a and _b: GRID_CASES grid
 * cases drawn with GRID_SEED (the first CHECKER_CASES with the checker
 * too) and GROUP_CASES group cases drawn with GRID_SEED + 1, all at
 * K = 16 with one given (given_control.h). An argument FROM-TO runs only
 * grid cases FROM..TO (1-based) and no group case, so that the grid cases
 * can be shared out between processes. */
#ifndef MC_TEST_GIVEN_SLOW_H
#define MC_TEST_GIVEN_SLOW_H

#include "given_control.h"

static int grid_from = 1, grid_to = GRID_CASES;
static bool with_groups = true;

static void test_grid_cases(void **state)
{
    (void)state;
    gc_case *cs = malloc(sizeof *cs * GRID_CASES);
    assert_non_null(cs);
    int n = gc_draw(&gc_the_list, GRID_SEED, GRID_CASES, 1, true, cs);
    assert_int_equal(n, GRID_CASES);
    gc_report("grid mode, K = 16, one given", cs, n);
    for (int a = grid_from - 1; a < n && a < grid_to; a++)
        gc_grid_case(&gc_the_list, cs[a].i, cs[a].c, a < CHECKER_CASES, NULL);
    printf("  cases %d..%d of %d exact (the first %d with the checker too)\n", grid_from, grid_to, n, CHECKER_CASES);
    free(cs);
}

static void test_group_cases(void **state)
{
    (void)state;
    if (GROUP_CASES == 0 || !with_groups) return;
    gc_case *cs = malloc(sizeof *cs * (GROUP_CASES + 1));
    assert_non_null(cs);
    int n = gc_draw(&gc_the_list, GRID_SEED + 1, GROUP_CASES, 1, true, cs);
    assert_int_equal(n, GROUP_CASES);
    gc_report("group mode, K = 16, one given", cs, n);
    gc_group_cases(&gc_the_list, cs, n);
    free(cs);
}

int main(int argc, char **argv)
{
    if (argc > 1 && sscanf(argv[1], "%d-%d", &grid_from, &grid_to) == 2) with_groups = false;
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_group_cases), cmocka_unit_test(test_grid_cases)};
    return cmocka_run_group_tests(tests, gc_setup, gc_teardown);
}

#endif
