/* test_checker_slow — the unrestricted positive control on slower grids
 * (minutes per grid).
 *
 * ctest-labels: slow golden
 * ctest-timeout: 36000
 *
 * Grids of tests/data/seventeen.txt puzzles 1, 26, 51, ..., 226 (10 grids;
 * checker_control.h): K = 16 finds nothing; on the first 3, K = 17 reports
 * every puzzle of the file on the grid, each a unique minimal puzzle.
 */
#include "checker_control.h"

static void test_full_search(void **state)
{
    (void)state;
    int chosen[10];
    for (int i = 0; i < 10; i++) chosen[i] = 1 + 25 * i;
    run_control(chosen, 10, 3);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_full_search)};
    return cmocka_run_group_tests(tests, control_setup, control_teardown);
}
