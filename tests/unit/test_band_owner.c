/* test_band_owner — the band engine's case split checked pass by pass
 * against the checker (band_owner_check.h), in the default suite.
 *
 * ctest-labels: unit
 * ctest-timeout: 600
 *
 * - every distribution of K = 16..19 clues over bands and stacks is owned
 *   by an orientation whose pass covers it;
 * - K = 19 on the catalogue's first grid (tests/data/known-grids.txt, rank
 *   1; 3 automorphisms, minimum 19): both engines' puzzles, grouped by
 *   owner, are equal orientation by orientation, every one unique and
 *   minimal by the plain solver and covered by its owner's pass. K = 19
 *   there is the affordable case with puzzles in several orientations:
 *   6 puzzles; measured on the 2-core test machine under load, 10.8 s CPU
 *   for the band engine and 4.8 s for the checker (a K = 17 twin on the
 *   17-clue grids takes minutes per grid: test_band_owner_slow).
 */
#include "band_owner_check.h"

static bool known_grid(const char *note, uint8_t g81[81])
{
    FILE *f = fopen(MC_TEST_DATA "/known-grids.txt", "r");
    if (!f) return false;
    char line[512];
    bool ok = false;
    while (!ok && fgets(line, sizeof line, f)) {
        if (line[0] == '#' || !strstr(line, note)) continue;
        for (int c = 0; c < 81; c++) g81[c] = (uint8_t)(line[c] - '1');
        ok = true;
    }
    fclose(f);
    return ok;
}

static void test_every_distribution(void **state)
{
    (void)state;
    check_every_distribution(16, 19);
}

static void test_owner_groups_k19(void **state)
{
    (void)state;
    solver_ctx *s = solver_new(geometry_9x9());
    assert_non_null(s);
    uint8_t g[81];
    assert_true(known_grid("rank 1:", g));
    int per_owner[6] = {0}, owners = 0;
    int n = owner_twin("rank-1 grid", g, 19, NULL, 0, s, per_owner);
    for (int o = 0; o < 6; o++) owners += per_owner[o] > 0;
    print_message("puzzles by owner: %d %d %d %d %d %d\n", per_owner[0], per_owner[1], per_owner[2], per_owner[3],
                  per_owner[4], per_owner[5]);
    assert_true(n > 0);
    assert_true(owners >= 2); /* the groups compared are not all one */
    solver_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_distribution),
        cmocka_unit_test(test_owner_groups_k19),
    };
    return cmocka_run_group_tests(tests, ctrl_setup, ctrl_teardown);
}
