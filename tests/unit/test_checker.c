/* test_checker — the whole pipeline against known puzzles (positive control).
 *
 * ctest-labels: unit golden
 * ctest-timeout: 900
 *
 * 12 grids of tests/data/seventeen.txt (puzzles 1, 26, 51, ..., 276; the
 * grid is the puzzle's solution):
 * - K = 17 with 5 of the puzzle's 17 clues fixed (a seeded choice): the
 *   search over every 17-cell superset of those 5 cells, with the pattern
 *   UAs, must report the known puzzle (compared as cell sets), and every
 *   reported set must be a minimal unique puzzle (solver-checked here).
 * - K = 16 with the same 5 cells fixed: nothing.
 * The unrestricted K = 17 / K = 16 runs take 5 s to 3 minutes per grid:
 * test_band_cross_* run them on 30 grids of the faster kind,
 * test_checker_slow (label slow) on grids 1, 26, 51, ... of the file.
 * - checker_run on 4x4 and 6x6 grids: every puzzle it reports is minimal
 *   and unique; 4x4 with K = 3 reports nothing, with K = 4 something.
 * - first = 1 (stop at the first puzzle): exactly one puzzle where the full
 *   run reports some, and it is one of them; none where the full run has
 *   none.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "checker.h"
#include "gridfile.h"
#include "hitset.h"
#include "prng.h"
#include "puzzle_check.h"
#include "solver.h"
#include "ua.h"

#define NGOLD 12

typedef struct found {
    cs81 want;
    int hit, n;
    const uint8_t *grid;
    solver_ctx *s;
    const geometry *geo;
    int bad;
} found;

static void on_found(void *arg, cs81 cells, int n)
{
    found *f = arg;
    f->n++;
    if (n != cs81_count(cells)) f->bad = 1;
    if (cs81_eq(cells, f->want)) f->hit = 1;
    if (!minimal_unique(f->s, f->geo, f->grid, cells)) f->bad = 1;
}

static void test_seventeen_forced(void **state)
{
    (void)state;
    const geometry *g = geometry_9x9();
    gridfile *gf;
    mc_error err;
    assert_int_equal(gridfile_open(MC_TEST_DATA "/seventeen.txt", g, DIGITS_STD, &gf, &err), MC_OK);
    solver_ctx *s = solver_new(g);
    solver_result res;
    ua_finder *fi = ua_finder_new();
    assert_non_null(fi);
    hitset_ctx *h = hitset_new(g);
    ua_store st;
    ua_store_init(&st);
    int line = 0, done = 0;
    grid pz;
    while (done < NGOLD && gridfile_next(gf, &pz, NULL, &err) == MC_OK) {
        if (line++ % 25 != 0) continue;
        assert_int_equal(solver_count(s, pz.cell, 2, &res), 1);
        uint8_t sol[MAX_CELLS];
        memcpy(sol, res.sol[0], 81);
        cs81 want = cs81_empty();
        uint8_t cl[81];
        int n = 0;
        for (int c = 0; c < 81; c++)
            if (pz.cell[c] != CELL_EMPTY) {
                cs81_add(&want, c);
                cl[n++] = (uint8_t)c;
            }
        assert_int_equal(n, 17);
        uint64_t seed = (uint64_t)line;
        prng p;
        prng_seed(&p, seed);
        prng_shuffle_u8(&p, cl, n);
        ua_store_clear(&st);
        assert_int_equal(ua_find(fi, sol, 12, &st), MC_OK);
        assert_true(st.n > 100);
        for (int K = 16; K <= 17; K++) {
            hitset_options o;
            hitset_options_default(&o, K);
            o.forced = cs81_empty();
            for (int i = 0; i < 5; i++) cs81_add(&o.forced, cl[i]);
            found f = {want, 0, 0, sol, s, g, 0};
            hitset_stats hs;
            assert_int_equal(hitset_run(h, sol, st.set, st.n, &o, on_found, &f, &hs), MC_OK);
            if (f.bad) fail_msg("puzzle %d K=%d: a reported set is not a minimal unique puzzle (seed %llu)", line, K,
                                (unsigned long long)seed);
            if (K == 16 && f.n != 0) fail_msg("puzzle %d: K=16 found %d puzzles (seed %llu)", line, f.n,
                                              (unsigned long long)seed);
            if (K == 17 && !f.hit) fail_msg("puzzle %d: K=17 missed the known puzzle (seed %llu)", line,
                                            (unsigned long long)seed);
        }
        done++;
    }
    assert_int_equal(done, NGOLD);
    print_message("%d grids: known 17-clue puzzle found with K = 17, nothing with K = 16\n", done);
    ua_store_free(&st);
    hitset_free(h);
    ua_finder_free(fi);
    solver_free(s);
    gridfile_free(gf);
}

typedef struct pz_list {
    const geometry *geo;
    const uint8_t *grid;
    solver_ctx *s;
    int n, bad;
} pz_list;

static void on_puzzle(void *arg, const uint8_t *puzzle, int n)
{
    pz_list *l = arg;
    l->n++;
    cs81 t = cs81_empty();
    int k = 0;
    for (int c = 0; c < l->geo->ncells; c++) {
        if (puzzle[c] == CELL_EMPTY) continue;
        if (puzzle[c] != l->grid[c]) l->bad = 1;
        cs81_add(&t, c);
        k++;
    }
    if (k != n || !minimal_unique(l->s, l->geo, l->grid, t)) l->bad = 1;
}

static void run_small(const geometry *g, const char *text, int K, int expect_some)
{
    grid gr;
    const geometry *gg = g;
    size_t tl;
    assert_int_equal(grid_parse(text, strlen(text), &gg, DIGITS_STD, &gr, &tl, NULL), MC_OK);
    assert_true(grid_is_valid_solution(&gr));
    checker_options o;
    checker_options_default(&o, K);
    checker_ctx *c = checker_new(g, &o);
    assert_non_null(c);
    pz_list l = {g, gr.cell, solver_new(g), 0, 0};
    checker_record r;
    assert_int_equal(checker_run(c, gr.cell, &r, on_puzzle, &l), MC_OK);
    assert_int_equal(l.bad, 0);
    assert_int_equal((int)r.puzzles, l.n);
    assert_true(r.ua_initial > 0);
    if (expect_some) assert_true(l.n > 0);
    else assert_int_equal(l.n, 0);
    /* deterministic: the same record twice */
    checker_record r2;
    pz_list l2 = {g, gr.cell, l.s, 0, 0};
    assert_int_equal(checker_run(c, gr.cell, &r2, on_puzzle, &l2), MC_OK);
    assert_true(r.nodes == r2.nodes && r.candidates == r2.candidates && r.puzzles == r2.puzzles);
    solver_free(l.s);
    checker_free(c);
}

static void test_small_shapes(void **state)
{
    (void)state;
    const geometry *g4 = geometry_get(2, 2);
    run_small(g4, "1234341221434321", 3, 0);
    run_small(g4, "1234341221434321", 4, 1);
    run_small(g4, "1234341221434321", 5, 1);
    const geometry *g6 = geometry_get(2, 3);
    run_small(g6, "123456456123214365635241362514541632", 7, 0);
    run_small(g6, "123456456123214365635241362514541632", 8, 1);
}

typedef struct cell_sets {
    const geometry *geo;
    cs81 set[4096];
    int n;
} cell_sets;

static void collect(void *arg, const uint8_t *puzzle, int n)
{
    (void)n;
    cell_sets *l = arg;
    cs81 t = cs81_empty();
    for (int c = 0; c < l->geo->ncells; c++)
        if (puzzle[c] != CELL_EMPTY) cs81_add(&t, c);
    if (l->n < 4096) l->set[l->n] = t;
    l->n++;
}

static void first_against_all(const geometry *g, const char *text, int K)
{
    grid gr;
    const geometry *gg = g;
    size_t tl;
    assert_int_equal(grid_parse(text, strlen(text), &gg, DIGITS_STD, &gr, &tl, NULL), MC_OK);
    static cell_sets all, one;
    all.geo = one.geo = g;
    all.n = one.n = 0;
    checker_options o;
    checker_options_default(&o, K);
    checker_ctx *c = checker_new(g, &o);
    checker_record r;
    assert_int_equal(checker_run(c, gr.cell, &r, collect, &all), MC_OK);
    checker_free(c);
    assert_true(all.n <= 4096);
    o.first = 1;
    c = checker_new(g, &o);
    assert_int_equal(checker_run(c, gr.cell, &r, collect, &one), MC_OK);
    checker_free(c);
    assert_int_equal(one.n, all.n > 0 ? 1 : 0);
    assert_int_equal((int)r.puzzles, one.n);
    bool in = all.n == 0;
    for (int i = 0; i < all.n; i++) in |= cs81_eq(all.set[i], one.set[0]);
    assert_true(in);
}

static void test_first(void **state)
{
    (void)state;
    const geometry *g4 = geometry_get(2, 2), *g6 = geometry_get(2, 3);
    first_against_all(g4, "1234341221434321", 3);
    first_against_all(g4, "1234341221434321", 4);
    first_against_all(g4, "1234341221434321", 5);
    first_against_all(g6, "123456456123214365635241362514541632", 7);
    first_against_all(g6, "123456456123214365635241362514541632", 8);
}

/* checker_record_add: the sum of the records of two real runs, field by
 * field (a 4x4 grid searched with K = 4 and K = 5). */
static void test_record_add(void **state)
{
    (void)state;
    const geometry *g = geometry_get(2, 2);
    static const uint8_t grid4[16] = {0, 1, 2, 3, 2, 3, 0, 1, 1, 0, 3, 2, 3, 2, 1, 0};
    checker_record r[2], sum = {0};
    for (int i = 0; i < 2; i++) {
        checker_options o;
        checker_options_default(&o, 4 + i);
        checker_ctx *c = checker_new(g, &o);
        assert_non_null(c);
        assert_int_equal(checker_run(c, grid4, &r[i], NULL, NULL), MC_OK);
        checker_free(c);
        checker_record_add(&sum, &r[i]);
    }
    assert_true(r[0].puzzles > 0 && r[0].nodes > 0);
    for (int k = 0; k <= CHECKER_MAX_UA_SIZE; k++)
        assert_int_equal(sum.ua_initial_by_size[k], r[0].ua_initial_by_size[k] + r[1].ua_initial_by_size[k]);
    assert_int_equal(sum.ua_initial, r[0].ua_initial + r[1].ua_initial);
    assert_int_equal(sum.ua_second, r[0].ua_second + r[1].ua_second);
    assert_int_equal(sum.ua_learned, r[0].ua_learned + r[1].ua_learned);
    assert_int_equal(sum.nodes, r[0].nodes + r[1].nodes);
    assert_int_equal(sum.candidates, r[0].candidates + r[1].candidates);
    assert_int_equal(sum.solver_calls, r[0].solver_calls + r[1].solver_calls);
    assert_int_equal(sum.puzzles, r[0].puzzles + r[1].puzzles);
    assert_true(sum.seconds_total == r[0].seconds_total + r[1].seconds_total);
    assert_true(sum.seconds_ua == r[0].seconds_ua + r[1].seconds_ua);
    assert_true(sum.seconds_search == r[0].seconds_search + r[1].seconds_search);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_small_shapes),
        cmocka_unit_test(test_first),
        cmocka_unit_test(test_seventeen_forced),
        cmocka_unit_test(test_record_add),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
