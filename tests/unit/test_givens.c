/* test_givens — the givens of band_options and checker_options (cells fixed
 * as clues with the grid's digit, not counted against K) at their edges,
 * the band engine and the checker side by side.
 * - A cell outside the grid (bits 81..127 of the 128-bit set; on 4x4, bits
 *   16..80 for the checker) is refused: band_engine_new and checker_new
 *   return NULL, band_engine_set_givens returns MC_EINVAL and keeps the
 *   givens it had (before, bit 104 was read out of bounds and bits 81..127
 *   turned 2-solution sets into "puzzles").
 * - Both engines give the answer of a brute force on grid 1 of
 *   grids/demo-sample.txt and its 17-clue puzzle P: every set S of at most
 *   K cells outside the givens G whose puzzle G u S is unique and minimal
 *   (no clue, given or not, can go), found by growing S cell by cell and
 *   stopping at the first unique set (every proper subset of a minimal
 *   puzzle that holds G is ambiguous, so nothing is missed). The cases:
 *   all 81 cells given (K = 16: nothing, a full grid is not minimal; the
 *   checker refused it with MC_EINVAL while the band engine said OK),
 *   P given whole at K = 16 (more givens than K: P itself), P plus one
 *   cell (nothing), P less 1, 2 and 3 of its clues at K = 1, 2, 3 (P and
 *   the other puzzles through the rest), 70 cells at K = 16 (K plus the
 *   givens is more than the 81 cells: the checker refused it), 30 cells at
 *   K = 2 and 26 at K = 3 (seed 57). Givens that are a unique puzzle alone
 *   cost the band engine no pair (before, the 17 whole stopped it with
 *   MC_ELIMIT after 2^24 pairs).
 *
 * ctest-labels: unit
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "band_engine.h"
#include "cellset.h"
#include "checker.h"
#include "grid.h"
#include "prng.h"
#include "solver.h"

#define FOUND_MAX 256
#include "found_list.h"

static uint8_t G81[81];
static cs81 P; /* the 17-clue puzzle of the grid */

/* Grid 1 of grids/demo-sample.txt and the puzzle after it. */
static void load(void)
{
    FILE *f = fopen(MC_TEST_DATA "/../../grids/demo-sample.txt", "r");
    assert_non_null(f);
    char line[512];
    while (fgets(line, sizeof line, f) && line[0] == '#') {}
    fclose(f);
    assert_true(strlen(line) >= 163);
    P = cs81_empty();
    for (int c = 0; c < 81; c++) {
        G81[c] = (uint8_t)(line[c] - '1');
        if (line[82 + c] != '.') {
            assert_int_equal(line[82 + c], line[c]);
            cs81_add(&P, c);
        }
    }
    assert_int_equal(cs81_count(P), 17);
}

/* ---- the brute force ---- */

typedef struct brute {
    solver_ctx *sv;
    cs81 free_cells;
    int K;
    cs81 set[FOUND_MAX];
    int n;
} brute;

static void brute_from(brute *b, cs81 clues, int added, int from)
{
    if (count_on(b->sv, geometry_9x9(), G81, clues) == 1) {
        if (minimal_unique(b->sv, geometry_9x9(), G81, clues)) {
            assert_true(b->n < FOUND_MAX);
            b->set[b->n++] = clues;
        }
        return;
    }
    if (added == b->K) return;
    for (int c = from; c < 81; c++)
        if (cs81_has(b->free_cells, c)) {
            cs81 t = clues;
            cs81_add(&t, c);
            brute_from(b, t, added + 1, c + 1);
        }
}

/* ---- the engines ---- */

static void run_band(cs81 givens, int K, found_list *f)
{
    band_options o;
    band_options_default(&o, K);
    o.givens = givens;
    band_engine *e = band_engine_new(&o);
    assert_non_null(e);
    band_record rec;
    assert_int_equal(band_engine_run(e, G81, &rec, found_list_add, f), MC_OK);
    band_engine_free(e);
}

static void run_checker(cs81 givens, int K, found_list *f)
{
    checker_options o;
    checker_options_default(&o, K);
    o.givens = givens;
    checker_ctx *c = checker_new(geometry_9x9(), &o);
    assert_non_null(c);
    checker_record rec;
    assert_int_equal(checker_run(c, G81, &rec, found_list_add, f), MC_OK);
    checker_free(c);
}

/* Both engines report exactly the brute force's puzzles; returns their number. */
static int same_as_brute(const char *what, cs81 givens, int K)
{
    brute b;
    memset(&b, 0, sizeof b);
    b.sv = solver_new(geometry_9x9());
    b.free_cells = cs81_andnot(cs81_full(), givens);
    b.K = K;
    brute_from(&b, givens, 0, 0);
    for (int engine = 0; engine < 2; engine++) {
        found_list f;
        memset(&f, 0, sizeof f);
        f.grid = G81;
        f.solver = b.sv;
        if (engine == 0) run_band(givens, K, &f);
        else run_checker(givens, K, &f);
        for (int i = 0; i < f.n && i < FOUND_MAX; i++) f.bad += !cs81_subset(givens, f.set[i]);
        if (f.bad || f.dup || !same_sets(f.set, f.n, b.set, b.n))
            fail_msg("%s, %s: %d reported (bad %d, dup %d), %d by the brute force", what,
                     engine == 0 ? "band engine" : "checker", f.n, f.bad, f.dup, b.n);
    }
    printf("  %s (%d givens, K = %d): %d puzzle%s, both engines\n", what, cs81_count(givens), K, b.n,
           b.n == 1 ? "" : "s");
    solver_free(b.sv);
    return b.n;
}

/* The first n cells of a seeded order of the grid's cells. */
static cs81 random_cells(uint64_t seed, int n)
{
    uint8_t order[81];
    for (int c = 0; c < 81; c++) order[c] = (uint8_t)c;
    prng p;
    prng_seed(&p, seed);
    prng_shuffle_u8(&p, order, 81);
    cs81 s = cs81_empty();
    for (int i = 0; i < n; i++) cs81_add(&s, order[i]);
    return s;
}

static void test_outside_refused(void **state)
{
    (void)state;
    /* the cells of a grid of n cells */
    assert_true(cs81_eq(cs81_first_n(81), cs81_full()) && cs81_is_empty(cs81_first_n(0)));
    assert_true(cs81_count(cs81_first_n(64)) == 64 && cs81_has(cs81_first_n(64), 63));
    assert_true(cs81_count(cs81_first_n(16)) == 16 && !cs81_has(cs81_first_n(16), 16));
    const int bits[] = {81, 104, 127};
    for (size_t i = 0; i < sizeof bits / sizeof bits[0]; i++) {
        cs81 g = cs81_single(0); /* a cell of the grid and one outside */
        g.w[bits[i] >> 6] |= UINT64_C(1) << (bits[i] & 63);

        band_options bo;
        band_options_default(&bo, 16);
        bo.givens = g;
        assert_null(band_engine_new(&bo));
        checker_options co;
        checker_options_default(&co, 16);
        co.givens = g;
        assert_null(checker_new(geometry_9x9(), &co));

        /* set_givens refuses it and keeps the givens it had */
        bo.givens = P;
        band_engine *e = band_engine_new(&bo);
        assert_non_null(e);
        assert_int_equal(band_engine_set_givens(e, g), MC_EINVAL);
        found_list f;
        memset(&f, 0, sizeof f);
        f.grid = G81;
        f.solver = solver_new(geometry_9x9());
        band_record rec;
        assert_int_equal(band_engine_run(e, G81, &rec, found_list_add, &f), MC_OK);
        assert_int_equal(f.n, 1);
        assert_true(cs81_eq(f.set[0], P) && !f.bad);
        assert_int_equal(band_engine_set_givens(e, cs81_empty()), MC_OK);
        band_engine_free(e);
        solver_free(f.solver);
    }
    /* the checker on 4x4: cells 0..15 only */
    checker_options co;
    checker_options_default(&co, 4);
    co.givens = cs81_single(15);
    checker_ctx *c = checker_new(geometry_get(2, 2), &co);
    assert_non_null(c);
    checker_free(c);
    co.givens = cs81_single(16);
    assert_null(checker_new(geometry_get(2, 2), &co));
}

static void test_edges_agree(void **state)
{
    (void)state;
    assert_int_equal(same_as_brute("all 81 cells", cs81_full(), 16), 0);
    assert_int_equal(same_as_brute("the 17 whole", P, 16), 1);
    cs81 plus = P;
    cs81_add(&plus, cs81_first(cs81_andnot(cs81_full(), P)));
    assert_int_equal(same_as_brute("the 17 and one cell more", plus, 16), 0);
    cs81 less = P;
    for (int k = 1; k <= 3; k++) {
        cs81_del(&less, cs81_first(less));
        char what[64];
        snprintf(what, sizeof what, "the 17 less %d clue%s", k, k == 1 ? "" : "s");
        assert_true(same_as_brute(what, less, k) >= 1);
    }
    same_as_brute("70 cells", random_cells(57, 70), 16);
    same_as_brute("30 cells", random_cells(57, 30), 2);
    same_as_brute("26 cells", random_cells(57, 26), 3);
}

int main(void)
{
    load();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_outside_refused),
        cmocka_unit_test(test_edges_agree),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
