/* test_band_template — the two-band check by digit templates against its
 * slow twin, the solver.
 *
 * ctest-labels: unit
 *
 * On 40 random grids (every other one with random givens in bands 1+2),
 * 40 band-1 sets X of 5..12 cells, each with 25 band-2 sets Y of 5..12
 * cells (pairs of one X in a row, as the band engine asks): the count of
 * band_template_count equals solver9_count2 of X u Y u givens u band 3;
 * when it is 2, the other filling with band 3 is a valid grid, keeps
 * every clue's digit and differs from the grid. Both answers must occur
 * often (the sizes are chosen so that they do), or the test proves
 * nothing. Then every template of every digit holds one cell per row and
 * box of each band, in the digit's six columns, and the grid's own is
 * among them.
 * Edges: right after band_template_init (X empty, no set_x), and X and Y
 * of every size 0..16, on 10 more grids with givens: the same counts.
 * Group mode (band_step5_twin.h, STEP5_TWIN_TWO_BAND): 2 covering groups
 * of known 17s, K = 17 with band 3 >= 7, step 4 by templates against
 * band_options.two_band_solver: the same puzzles, at least one.
 */
#include "band_step5_twin.h"

#include "band_template.h"
#include "grid.h"
#include "prng.h"
#include "random_grid.h"
#include "solver9.h"

static uint32_t random_set(prng *r, int lo, int hi)
{
    uint32_t s = 0;
    int k = lo + (int)prng_below(r, (uint64_t)(hi - lo + 1));
    while (__builtin_popcount(s) < k) s |= UINT32_C(1) << prng_below(r, 27);
    return s;
}

/* The count of X u Y u givens u band 3 by the templates (with set_x
 * first unless keep), checked against the solver's; when 2, the other
 * filling with band 3 is a valid grid, differs from g and keeps every
 * clue. */
static int check_pair(band_template *t, solver9_ctx *sv, const grid *g, uint64_t given, uint32_t x, uint32_t y,
                      bool keep)
{
    uint64_t q = (uint64_t)x | ((uint64_t)y << 27) | given;
    uint8_t p[81], second[81], alt[54];
    for (int c = 0; c < 81; c++) p[c] = c >= 54 || ((q >> c) & 1) ? g->cell[c] : CELL_EMPTY;
    if (!keep) band_template_set_x(t, x);
    int want = solver9_count2(sv, p, second), got = band_template_count(t, y, alt);
    if (got != want)
        fail_msg("x %07x, y %07x, given %014llx: templates %d, solver %d", x, y, (unsigned long long)given, got, want);
    if (got == 2) {
        grid s = *g;
        memcpy(s.cell, alt, 54);
        assert_true(grid_is_valid_solution(&s));
        assert_true(memcmp(s.cell, g->cell, 54) != 0);
        for (int c = 0; c < 54; c++)
            if ((q >> c) & 1) assert_int_equal(s.cell[c], g->cell[c]);
    }
    return got;
}

static void test_against_solver(void **state)
{
    (void)state;
    const geometry *geo = geometry_9x9();
    prng r;
    prng_seed(&r, 20261127);
    solver9_ctx *sv = solver9_new();
    assert_non_null(sv);
    band_template *t = malloc(sizeof *t);
    assert_non_null(t);
    long unique = 0, other = 0;
    for (int gi = 0; gi < 40; gi++) {
        grid g;
        random_grid_make(geo, &r, &g);
        uint64_t given = 0;
        if (gi & 1)
            given = (uint64_t)random_set(&r, 0, 2) | ((uint64_t)random_set(&r, 0, 2) << 27);
        band_template_init(t, g.cell, given);
        for (int xi = 0; xi < 40; xi++) {
            uint32_t x = random_set(&r, 5, 12);
            band_template_set_x(t, x);
            for (int yi = 0; yi < 25; yi++) {
                if (check_pair(t, sv, &g, given, x, random_set(&r, 5, 12), true) == 1) unique++;
                else other++;
            }
        }
    }
    print_message("unique %ld, another filling %ld\n", unique, other);
    assert_true(unique > 4000 && other > 4000);
    free(t);
    solver9_free(sv);
}

static void test_edges(void **state)
{
    (void)state;
    const geometry *geo = geometry_9x9();
    prng r;
    prng_seed(&r, 11);
    solver9_ctx *sv = solver9_new();
    band_template *t = malloc(sizeof *t);
    assert_non_null(sv);
    assert_non_null(t);
    for (int gi = 0; gi < 10; gi++) {
        grid g;
        random_grid_make(geo, &r, &g);
        uint64_t given = (uint64_t)random_set(&r, 0, 3) | ((uint64_t)random_set(&r, 0, 3) << 27);
        band_template_init(t, g.cell, given);
        for (int k = 0; k <= 16; k++) check_pair(t, sv, &g, given, 0, k ? random_set(&r, k, k) : 0, true);
        for (int a = 0; a <= 16; a++)
            for (int b = 0; b <= 16; b++)
                check_pair(t, sv, &g, given, a ? random_set(&r, a, a) : 0, b ? random_set(&r, b, b) : 0, false);
    }
    free(t);
    solver9_free(sv);
}

static void test_templates(void **state)
{
    (void)state;
    const geometry *geo = geometry_9x9();
    prng r;
    prng_seed(&r, 7);
    band_template *t = malloc(sizeof *t);
    assert_non_null(t);
    for (int gi = 0; gi < 10; gi++) {
        grid g;
        random_grid_make(geo, &r, &g);
        band_template_init(t, g.cell, 0);
        for (int d = 0; d < 9; d++) {
            uint16_t cols = 0; /* d's columns in bands 1+2 */
            for (int c = 0; c < 54; c++)
                if (g.cell[c] == d) cols |= (uint16_t)(1u << (c % 9));
            assert_int_equal(__builtin_popcount(cols), 6);
            int own = 0;
            for (int c = 0; c < 8; c++)
                for (int k1 = 0; k1 < 6; k1++)
                    for (int k2 = 0; k2 < 6; k2++) {
                        uint64_t v = t->part1[d][c][k1] | ((uint64_t)t->part2[d][c][k2] << 27);
                        uint16_t rows = 0, boxes = 0, vc = 0;
                        for (uint64_t m = v; m; m &= m - 1) {
                            int cell = __builtin_ctzll(m);
                            rows |= (uint16_t)(1u << (cell / 9));
                            boxes |= (uint16_t)(1u << (3 * (cell / 27) + (cell % 9) / 3));
                            vc |= (uint16_t)(1u << (cell % 9));
                        }
                        assert_int_equal(__builtin_popcountll(v), 6);
                        assert_int_equal(rows, 0x3f);
                        assert_int_equal(boxes, 0x3f);
                        assert_int_equal(vc, cols);
                        own += v == t->own[d];
                    }
            assert_int_equal(own, 1);
        }
    }
    free(t);
}

static void test_group_twin(void **state)
{
    (void)state;
    assert_true(step5_sample(29, 2, 17, 7, STEP5_TWIN_TWO_BAND, step5_any) > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_templates),
        cmocka_unit_test(test_against_solver),
        cmocka_unit_test(test_edges),
        cmocka_unit_test(test_group_twin),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
