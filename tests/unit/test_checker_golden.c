/* test_checker_golden — the unrestricted positive control on 10 grids.
 *
 * ctest-labels: golden
 * ctest-timeout: 2400
 *
 * For the grids of puzzles 1, 5, 6, 7, 8, 9, 12, 13, 16 and 19 of
 * tests/data/seventeen.txt (the 10 of the first 20 with the shortest K = 16
 * search; the full searches take 5-45 s of CPU each), on the minlex form of
 * the grid (checker_control.h):
 * - K = 17 must report every puzzle of the file on that grid (as cell
 *   sets), each reported set checked with the solver as a unique minimal
 *   17-clue puzzle of the grid;
 * - K = 16 must report nothing.
 */
#include "checker_control.h"

static void test_known_puzzles(void **state)
{
    (void)state;
    static const int chosen[] = {1, 5, 6, 7, 8, 9, 12, 13, 16, 19};
    int n = (int)(sizeof chosen / sizeof chosen[0]);
    run_control(chosen, n, n);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_known_puzzles)};
    return cmocka_run_group_tests(tests, control_setup, control_teardown);
}
