/* test_solver_slow — the empty 6x6 grid has 28,200,960 completions (published
 * count of 6x6 Sudoku grids with 2x3 boxes); the 3x2 shape is its transpose.
 * ctest-labels: slow
 * ctest-timeout: 1200
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "solver.h"

static void count_empty(int R, int C)
{
    const geometry *g = geometry_get(R, C);
    solver_ctx *ctx = solver_new(g);
    assert_non_null(ctx);
    uint8_t empty[MAX_CELLS];
    memset(empty, CELL_EMPTY, sizeof empty);
    solver_result res;
    assert_int_equal(solver_count(ctx, empty, 1000000000, &res), 28200960);
    assert_true(res.witness_cell >= 0);
    solver_free(ctx);
}

static void test_empty_2x3(void **state)
{
    (void)state;
    count_empty(2, 3);
}

static void test_empty_3x2(void **state)
{
    (void)state;
    count_empty(3, 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_empty_2x3), cmocka_unit_test(test_empty_3x2)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
