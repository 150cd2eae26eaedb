/* test_band_owner_slow — the pass-by-pass twin (band_owner_check.h) at
 * K = 17 on grids of tests/data/seventeen-grids.txt, with the complete
 * 17-clue list as a third party.
 *
 * ctest-labels: slow
 * ctest-timeout: 7200
 *
 * On each grid of cases[] (1-based lines of seventeen-grids.txt), K = 17:
 * the band engine's puzzles, the checker's and those of the complete list
 * lying in the grid, each grouped by owning orientation, are equal group by
 * group; every reported puzzle is unique and minimal (plain solver) and its
 * distribution is covered by its owner's pass. Grid 131 holds 4 puzzles of
 * the list, the most of the 300 grids (owners 2, 2, 2 and 4); grid 1 one
 * (owner 5). Measured once on the 2-core test machine under load: 223 s of
 * CPU in all, 488 s wall (engine seconds: grid 131 band 76.8 s, checker
 * 184.2 s; grid 1 band 33.6 s, checker 80.8 s).
 */
#include "band_owner_check.h"

static const int cases[] = {131, 1};

static void test_owner_groups_k17(void **state)
{
    (void)state;
    solver_ctx *s = solver_new(geometry_9x9());
    assert_non_null(s);
    int per_owner[6] = {0};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        const ctrl_grid *g = &ctrl[cases[k] - 1];
        char name[64];
        snprintf(name, sizeof name, "seventeen-grids %d (list: %d)", cases[k], g->npuzzles);
        int n = owner_twin(name, g->grid, 17, g->puzzle, g->npuzzles, s, per_owner);
        assert_int_equal(n, g->npuzzles);
    }
    print_message("puzzles by owner: %d %d %d %d %d %d\n", per_owner[0], per_owner[1], per_owner[2], per_owner[3],
                  per_owner[4], per_owner[5]);
    solver_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_owner_groups_k17)};
    return cmocka_run_group_tests(tests, ctrl_setup, ctrl_teardown);
}
