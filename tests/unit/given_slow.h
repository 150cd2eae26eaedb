/* given_slow — the body of test_band_given_slow_a and _b: GRID_CASES grid
 * cases drawn with GRID_SEED (the first CHECKER_CASES with the checker
 * too) and GROUP_CASES group cases drawn with GRID_SEED + 1, all at
 * K = 16 with one given (given_control.h). */
#ifndef MC_TEST_GIVEN_SLOW_H
#define MC_TEST_GIVEN_SLOW_H

#include "given_control.h"

static void test_grid_cases(void **state)
{
    (void)state;
    gc_case *cs = malloc(sizeof *cs * GRID_CASES);
    assert_non_null(cs);
    int n = gc_draw(&gc_the_list, GRID_SEED, GRID_CASES, 1, true, cs);
    assert_int_equal(n, GRID_CASES);
    gc_report("grid mode, K = 16, one given", cs, n);
    for (int a = 0; a < n; a++) gc_grid_case(&gc_the_list, cs[a].i, cs[a].c, a < CHECKER_CASES, NULL);
    printf("  %d cases exact (the first %d with the checker too)\n", n, CHECKER_CASES);
    free(cs);
}

static void test_group_cases(void **state)
{
    (void)state;
    if (GROUP_CASES == 0) return;
    gc_case *cs = malloc(sizeof *cs * (GROUP_CASES + 1));
    assert_non_null(cs);
    int n = gc_draw(&gc_the_list, GRID_SEED + 1, GROUP_CASES, 1, true, cs);
    assert_int_equal(n, GROUP_CASES);
    gc_report("group mode, K = 16, one given", cs, n);
    gc_group_cases(&gc_the_list, cs, n);
    free(cs);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_group_cases), cmocka_unit_test(test_grid_cases)};
    return cmocka_run_group_tests(tests, gc_setup, gc_teardown);
}

#endif
