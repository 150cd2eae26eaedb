/* test_checker_slow — the unrestricted positive control (minutes per grid).
 *
 * ctest-labels: slow golden
 * ctest-timeout: 36000
 *
 * Grids of tests/data/seventeen.txt puzzles 1, 26, 51, ... (10 grids):
 * checker_run with K = 16 finds nothing; on the first 3, K = 17 reports the
 * known puzzle (as a cell set) among its puzzles.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "checker.h"
#include "gridfile.h"
#include "solver.h"

typedef struct hit {
    const uint8_t *want;
    int found, n;
} hit;

static void on_found(void *arg, const uint8_t *pz, int n)
{
    hit *h = arg;
    h->n++;
    if (n == 17 && memcmp(pz, h->want, 81) == 0) h->found = 1;
}

static void test_full_search(void **state)
{
    (void)state;
    const geometry *g = geometry_9x9();
    gridfile *gf;
    mc_error err;
    assert_int_equal(gridfile_open(MC_TEST_DATA "/seventeen.txt", g, DIGITS_STD, &gf, &err), MC_OK);
    solver_ctx *s = solver_new(g);
    solver_result res;
    checker_options o16, o17;
    checker_options_default(&o16, 16);
    checker_options_default(&o17, 17);
    checker_ctx *c16 = checker_new(g, &o16), *c17 = checker_new(g, &o17);
    int line = 0, done = 0;
    grid pz;
    while (done < 10 && gridfile_next(gf, &pz, NULL, &err) == MC_OK) {
        if (line++ % 25 != 0) continue;
        assert_int_equal(solver_count(s, pz.cell, 2, &res), 1);
        checker_record r;
        hit h = {pz.cell, 0, 0};
        assert_int_equal(checker_run(c16, res.sol[0], &r, on_found, &h), MC_OK);
        print_message("puzzle %d: K = 16: %llu puzzles, %.1f s\n", line, (unsigned long long)r.puzzles,
                      r.seconds_total);
        assert_int_equal(h.n, 0);
        if (done < 3) {
            hit h17 = {pz.cell, 0, 0};
            assert_int_equal(checker_run(c17, res.sol[0], &r, on_found, &h17), MC_OK);
            print_message("puzzle %d: K = 17: %d puzzles, %.1f s\n", line, h17.n, r.seconds_total);
            assert_true(h17.found);
        }
        done++;
    }
    checker_free(c16);
    checker_free(c17);
    solver_free(s);
    gridfile_free(gf);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_full_search)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
