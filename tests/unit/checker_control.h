/* checker_control — the positive control of the checker, used by
 * test_checker_slow.
 *
 * Oracle: tests/data/seventeen.txt (every 25th puzzle of the complete list
 * of 49,158 17-clue puzzles). control_setup solves every puzzle and reduces
 * its grid to minlex form (a puzzle_key, puzzle_key.h), carrying the
 * puzzle's cells along, so the file is grouped by essentially different
 * grid. run_control searches the minlex form of a chosen puzzle's grid; the
 * grids used have no automorphism (asserted), so a puzzle has exactly one
 * cell set in minlex coordinates.
 */
#ifndef MC_TEST_CHECKER_CONTROL_H
#define MC_TEST_CHECKER_CONTROL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "canon.h"
#include "cellset.h"
#include "checker.h"
#include "gridfile.h"
#include "found_list.h"
#include "puzzle_check.h"
#include "puzzle_key.h"
#include "solver.h"

#define MAXP 60000

/* A puzzle of the file by its key (puzzle_key.h): canon is its grid's
 * minlex form, cells its clues there. */
typedef puzzle_key known;

static known *list;
static int nlist;

static int control_setup(void **state)
{
    (void)state;
    const geometry *g = geometry_9x9();
    gridfile *gf;
    mc_error err;
    if (gridfile_open(MC_TEST_DATA "/seventeen.txt", g, DIGITS_STD, &gf, &err) != MC_OK) return -1;
    list = malloc(sizeof *list * MAXP);
    solver_ctx *s = solver_new(g);
    if (!list || !s) return -1;
    solver_result res;
    grid pz;
    while (nlist < MAXP && gridfile_next(gf, &pz, NULL, &err) == MC_OK) {
        if (solver_count(s, pz.cell, 2, &res) != 1) return -1;
        (void)puzzle_key_of(res.sol[0], puzzle_key_cells(pz.cell), &list[nlist]);
        nlist++;
    }
    solver_free(s);
    gridfile_free(gf);
    return nlist > 0 ? 0 : -1;
}

static int control_teardown(void **state)
{
    (void)state;
    free(list);
    return 0;
}

/* The control on the grids of puzzles chosen[0..n) (1-based lines of the
 * file): K = 17 on the first k17 of them (every puzzle of the file on the
 * grid reported, every reported set a unique minimal puzzle of the grid),
 * K = 16 on all (nothing). */
static void run_control(const int *chosen, int n, int k17)
{
    const geometry *g = geometry_9x9();
    checker_options o16, o17;
    checker_options_default(&o16, 16);
    checker_options_default(&o17, 17);
    checker_ctx *c16 = checker_new(g, &o16), *c17 = checker_new(g, &o17);
    solver_ctx *s = solver_new(g);
    assert_non_null(c16);
    assert_non_null(c17);
    assert_non_null(s);
    for (int k = 0; k < n; k++) {
        assert_true(chosen[k] >= 1 && chosen[k] <= nlist);
        const known *p = &list[chosen[k] - 1];
        uint8_t m[81];
        assert_int_equal(canon_minlex9(p->canon, m, NULL), 1); /* no automorphism */
        int want = 0;
        for (int i = 0; i < nlist; i++) want += memcmp(list[i].canon, p->canon, 81) == 0;

        checker_record r;
        if (k < k17) {
            found_list f17 = {.grid = p->canon, .solver = s};
            assert_int_equal(checker_run(c17, p->canon, &r, found_list_add, &f17), MC_OK);
            print_message("puzzle %d: K = 17: %d puzzles reported, %d of them in the file, %.1f s\n", chosen[k],
                          f17.n, want, r.seconds_total);
            assert_int_equal(f17.bad, 0);
            assert_true(f17.n >= want);
            assert_true(f17.n <= FOUND_MAX);
            for (int i = 0; i < nlist; i++) {
                if (memcmp(list[i].canon, p->canon, 81) != 0) continue;
                bool hit = false;
                for (int j = 0; j < f17.n; j++) hit |= cs81_eq(f17.set[j], list[i].cells);
                if (!hit) print_message("known puzzle %d of seventeen.txt not reported\n", i + 1);
                assert_true(hit);
            }
        }
        found_list f16 = {.grid = p->canon, .solver = s};
        assert_int_equal(checker_run(c16, p->canon, &r, found_list_add, &f16), MC_OK);
        print_message("puzzle %d: K = 16: %d puzzles, %.1f s\n", chosen[k], f16.n, r.seconds_total);
        assert_int_equal(f16.n, 0);
    }
    solver_free(s);
    checker_free(c16);
    checker_free(c17);
}

#endif
