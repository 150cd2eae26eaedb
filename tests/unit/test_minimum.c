/* test_minimum — the minimum proof (minimum.h) called as a library.
 *
 * Against published figures: 4x4 grids, 288 in all, 12 with the first row
 * fixed (288 / 4!), 2 essentially different, minimum 4; 6x6 grids,
 * 28,200,960 in all, 39,168 with the first row fixed (/ 6!), 49 essentially
 * different, minimum 8. Each proof's steps: K = 1 .. M - 1 without a puzzle,
 * K = M with one whose example is a unique puzzle of M clues of its grid
 * (the solver). 4x4 by the checker and check64 (both classes, 140 puzzles),
 * 6x6 by check64 (29 of the 49 grids, 2619 puzzles: test_check64 finds the
 * same with the checker);
 * the streamed proof (minimum_prove_es) of 4 and 8 over enumerate_shape,
 * and of a minimum one too high; a bound (from = M) is not a proof; the
 * estimate on 4x4; bad input (K out of range, shapes an engine does not
 * take, a shape too large to list).
 *
 * ctest-labels: unit
 * ctest-timeout: 120
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "minimum.h"
#include "solver.h"

/* The steps a proof reported, K by K. */
typedef struct steps {
    int n;
    int K[40];
    uint64_t with[40];
    uint64_t count;
    uint64_t starts, grids; /* on_grid: passes started (done 0), grids done */
} steps;

static void on_grid(void *arg, int K, uint64_t done, uint64_t total)
{
    (void)K;
    steps *t = arg;
    assert_true(done <= total);
    if (done == 0) t->starts++;
    else t->grids++;
}

static void on_step(void *arg, const minimum_step *s)
{
    steps *t = arg;
    assert_true(t->n < 40);
    assert_true(s->with <= s->grids);
    t->K[t->n] = s->K;
    t->with[t->n++] = s->with;
}

static void on_count(void *arg, uint64_t count, double seconds)
{
    (void)seconds;
    ((steps *)arg)->count = count;
}

/* The example of a step with puzzles: K clues, unique, its grid's. */
static void check_example(const geometry *geo, const minimum_step *s)
{
    assert_true(s->with > 0);
    grid p;
    const geometry *pg = geo;
    size_t len;
    mc_error err;
    assert_int_equal(grid_parse(s->example, strlen(s->example), &pg, DIGITS_STD, &p, &len, &err), MC_OK);
    assert_ptr_equal(pg, geo);
    assert_int_equal(grid_clue_count(&p), s->K);
    for (int c = 0; c < geo->ncells; c++)
        if (p.cell[c] != CELL_EMPTY) assert_int_equal(p.cell[c], s->example_grid[c]);
    solver_ctx *sv = solver_new(geo);
    assert_non_null(sv);
    assert_int_equal(solver_count(sv, p.cell, 2, NULL), 1);
    solver_free(sv);
}

/* The proof over the ES grids of R x C: K = 1 .. M - 1 none, M some. */
static void prove_shape(int R, int C, minimum_engine eng, uint64_t first_row, size_t nes_want, int M,
                        uint64_t with_want, uint64_t puzzles_want)
{
    const geometry *geo = geometry_get(R, C);
    uint8_t *grids;
    size_t nes;
    uint64_t count;
    mc_error err;
    assert_int_equal(minimum_es_grids(geo, &grids, &nes, &count, &err), MC_OK);
    assert_int_equal(count, first_row);
    assert_int_equal(nes, nes_want);
    for (size_t i = 1; i < nes; i++) /* sorted, no repeats */
        assert_true(memcmp(grids + (i - 1) * (size_t)geo->ncells, grids + i * (size_t)geo->ncells,
                           (size_t)geo->ncells) < 0);
    checker_options copt;
    checker_options_default(&copt, 0);
    steps t = {0};
    minimum_hooks h = {NULL, NULL, on_step, &t};
    minimum_proof pf;
    assert_int_equal(minimum_prove(geo, grids, nes, eng, &copt, 1, &h, &pf, &err), MC_OK);
    assert_int_equal(pf.minimum, M);
    assert_true(pf.proved);
    assert_int_equal(t.n, M);
    for (int i = 0; i < M; i++) {
        assert_int_equal(t.K[i], i + 1);
        assert_int_equal(t.with[i], i + 1 < M ? 0 : with_want);
    }
    assert_int_equal(pf.last.K, M);
    assert_int_equal(pf.last.grids, nes);
    assert_int_equal(pf.last.with, with_want);
    assert_int_equal(pf.last.work.puzzles, puzzles_want);
    check_example(geo, &pf.last);

    /* from = M: the same puzzles, a bound only */
    t.n = 0;
    assert_int_equal(minimum_prove(geo, grids, nes, eng, &copt, M, &h, &pf, &err), MC_OK);
    assert_int_equal(pf.minimum, M);
    assert_false(pf.proved);
    assert_int_equal(t.n, 1);
    assert_int_equal(pf.last.with, with_want);
    free(grids);
}

static void test_prove_4x4(void **state)
{
    (void)state;
    prove_shape(2, 2, MINIMUM_CHECKER, 12, 2, 4, 2, 140);
}

static void test_prove_4x4_check64(void **state)
{
    (void)state;
    prove_shape(2, 2, MINIMUM_CHECK64, 12, 2, 4, 2, 140);
}

static void test_prove_6x6(void **state)
{
    (void)state;
    prove_shape(2, 3, MINIMUM_CHECK64, 39168, 49, 8, 29, 2619);
}

/* The streamed proof over enumerate_shape: the count, K = M - 1 on every
 * grid, K = M up to the first grid with a puzzle. */
static void test_prove_es(void **state)
{
    (void)state;
    checker_options copt;
    checker_options_default(&copt, 0);
    const struct {
        int R, C, M;
        uint64_t nes;
    } cases[] = {{2, 2, 4, 2}, {2, 3, 8, 49}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const geometry *geo = geometry_get(cases[i].R, cases[i].C);
        steps t = {0};
        minimum_hooks h = {on_count, on_grid, on_step, &t};
        minimum_proof pf;
        uint64_t count;
        mc_error err;
        assert_int_equal(minimum_prove_es(geo, MINIMUM_CHECK64, &copt, cases[i].M, &h, &pf, &count, &err), MC_OK);
        assert_int_equal(t.starts, 2);
        assert_int_equal(count, cases[i].nes);
        assert_int_equal(t.count, cases[i].nes);
        assert_int_equal(pf.minimum, cases[i].M);
        assert_true(pf.proved);
        assert_int_equal(t.n, 2);
        assert_int_equal(t.K[0], cases[i].M - 1);
        assert_int_equal(t.with[0], 0);
        assert_int_equal(t.K[1], cases[i].M);
        assert_int_equal(t.with[1], 1); /* the pass stops at the first grid with a puzzle */
        assert_true(pf.last.grids >= 1 && pf.last.grids <= cases[i].nes);
        assert_int_equal(pf.last.example_index, pf.last.grids - 1);
        assert_int_equal(t.grids, cases[i].nes + pf.last.grids); /* every grid, then up to the first with one */
        check_example(geo, &pf.last);
    }
    /* a claimed minimum one too high: K = 4 already has puzzles, no proof of 5 */
    const geometry *g4 = geometry_get(2, 2);
    steps t = {0};
    minimum_hooks h = {NULL, NULL, on_step, &t};
    minimum_proof pf;
    uint64_t count;
    mc_error err;
    assert_int_equal(minimum_prove_es(g4, MINIMUM_CHECKER, &copt, 5, &h, &pf, &count, &err), MC_OK);
    assert_int_equal(pf.minimum, 4);
    assert_false(pf.proved);
    assert_int_equal(t.n, 1);
    assert_int_equal(pf.last.K, 4);
    assert_int_equal(pf.last.with, 2);
}

static void test_estimate(void **state)
{
    (void)state;
    checker_options copt;
    checker_options_default(&copt, 0);
    const geometry *geo = geometry_get(2, 2);
    steps t = {0};
    minimum_hooks h = {on_count, on_grid, NULL, &t};
    minimum_estimate est;
    mc_error err;
    assert_int_equal(minimum_estimate_run(geo, 5, 1, MINIMUM_CHECKER, &copt, 3, &h, &est, &err), MC_OK);
    assert_int_equal(est.es_grids, 2);
    assert_int_equal(t.count, 2);
    assert_int_equal(est.step.K, 3);
    assert_int_equal(est.step.grids, 5);
    assert_int_equal(est.step.with, 0);
    assert_int_equal(t.starts, 1);
    assert_int_equal(t.grids, 5);
    assert_true(est.cpu_per_grid >= 0 && est.core_hours >= 0);
    assert_int_equal(minimum_estimate_run(geo, 5, 1, MINIMUM_CHECKER, &copt, 4, &h, &est, &err), MC_OK);
    assert_int_equal(est.step.with, 5); /* both 4x4 classes have 4-clue puzzles */
}

static void test_bad_input(void **state)
{
    (void)state;
    checker_options copt;
    checker_options_default(&copt, 0);
    const geometry *g4 = geometry_get(2, 2);
    uint8_t *grids;
    size_t nes;
    uint64_t count;
    minimum_proof pf;
    mc_error err;
    assert_int_equal(minimum_es_grids(geometry_9x9(), &grids, &nes, &count, &err), MC_EINVAL);
    assert_non_null(strstr(err.msg, "3x3 boxes"));
    assert_null(grids);
    assert_int_equal(minimum_es_grids(g4, &grids, &nes, &count, &err), MC_OK);
    assert_int_equal(minimum_prove(g4, grids, nes, MINIMUM_CHECKER, &copt, 0, NULL, &pf, &err), MC_EINVAL);
    assert_int_equal(minimum_prove(g4, grids, nes, MINIMUM_CHECKER, &copt, 17, NULL, &pf, &err), MC_EINVAL);
    assert_int_equal(minimum_prove(g4, grids, nes, MINIMUM_BAND, &copt, 1, NULL, &pf, &err), MC_EINVAL);
    assert_non_null(strstr(err.msg, "9x9 grids only"));
    free(grids);
    assert_int_equal(minimum_prove_es(geometry_9x9(), MINIMUM_CHECK64, &copt, 17, NULL, &pf, &count, &err),
                     MC_EINVAL);
    assert_string_equal(minimum_engine_name(MINIMUM_CHECK64), "check64");
    assert_int_equal(minimum_kmax(MINIMUM_BAND, geometry_9x9()), 27);
    assert_int_equal(minimum_kmax(MINIMUM_CHECKER, g4), 16);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_prove_4x4),  cmocka_unit_test(test_prove_4x4_check64), cmocka_unit_test(test_prove_6x6),
        cmocka_unit_test(test_prove_es),   cmocka_unit_test(test_estimate),          cmocka_unit_test(test_bad_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
