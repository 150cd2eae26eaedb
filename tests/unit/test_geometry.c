/* test_geometry — units, peers and counts of every supported box shape,
 * checked against definitions recomputed here from row/column/box formulas.
 * ctest-labels: unit
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "geometry.h"

static const int shapes[][2] = {{2, 2}, {2, 3}, {3, 2}, {2, 4}, {4, 2}, {3, 3},
                                {3, 4}, {4, 3}, {4, 4}, {2, 5}, {5, 3}, {2, 8}};
#define NSHAPES (int)(sizeof shapes / sizeof shapes[0])

/* Independent definition: the box of (r, c) is the pair (r / R, c / C). */
static int same_box(int R, int C, int r1, int c1, int r2, int c2)
{
    return r1 / R == r2 / R && c1 / C == c2 / C;
}

static void check_shape(int R, int C)
{
    const geometry *g = geometry_get(R, C);
    assert_non_null(g);
    int N = R * C;
    assert_int_equal(g->R, R);
    assert_int_equal(g->C, C);
    assert_int_equal(g->N, N);
    assert_int_equal(g->ncells, N * N);
    assert_int_equal(g->nbands, N / R);
    assert_int_equal(g->nstacks, N / C);
    assert_int_equal(g->npeers, 3 * N - R - C - 1);
    assert_ptr_equal(geometry_get(R, C), g); /* shared */

    for (int c = 0; c < g->ncells; c++) {
        int r = c / N, k = c % N;
        assert_int_equal(g->row[c], r);
        assert_int_equal(g->col[c], k);
        /* boxes are numbered row-major: N / C boxes side by side in a band */
        int boxes_per_band = N / C;
        assert_int_equal(g->box[c], (r / R) * boxes_per_band + k / C);
        assert_int_equal(g->cell_units[c][0], r);
        assert_int_equal(g->cell_units[c][1], N + k);
        assert_int_equal(g->cell_units[c][2], 2 * N + g->box[c]);
    }
    /* Units: N distinct ascending cells each, every cell in exactly one unit of each kind. */
    int seen[3][MAX_CELLS];
    memset(seen, 0, sizeof seen);
    for (int u = 0; u < 3 * N; u++) {
        for (int i = 0; i < N; i++) {
            int c = g->unit[u][i];
            assert_true(c < g->ncells);
            if (i > 0) assert_true(g->unit[u][i - 1] < c);
            seen[u / N][c]++;
            if (u < N) assert_int_equal(g->row[c], u);
            else if (u < 2 * N) assert_int_equal(g->col[c], u - N);
            else {
                assert_int_equal(g->box[c], u - 2 * N);
                int c0 = g->unit[u][0];
                assert_true(same_box(R, C, c0 / N, c0 % N, c / N, c % N));
            }
        }
    }
    for (int k = 0; k < 3; k++)
        for (int c = 0; c < g->ncells; c++) assert_int_equal(seen[k][c], 1);
    /* Peers: exactly the cells sharing a row, column or box, ascending. */
    for (int c = 0; c < g->ncells; c++) {
        int n = 0;
        for (int p = 0; p < g->ncells; p++) {
            int is_peer = p != c && (p / N == c / N || p % N == c % N ||
                                     same_box(R, C, p / N, p % N, c / N, c % N));
            if (is_peer) {
                assert_true(n < g->npeers);
                assert_int_equal(g->peer[c][n], p);
                n++;
            }
        }
        assert_int_equal(n, g->npeers);
    }
}

static void test_all_shapes(void **state)
{
    (void)state;
    for (int i = 0; i < NSHAPES; i++) check_shape(shapes[i][0], shapes[i][1]);
}

static void test_known_counts(void **state)
{
    (void)state;
    /* Peers per cell of the named shapes, counted by hand: row + column + rest of box. */
    struct { int R, C, peers, cells; } t[] = {
        {2, 2, 7, 16}, {2, 3, 12, 36}, {3, 2, 12, 36}, {2, 4, 17, 64},
        {3, 3, 20, 81}, {3, 4, 28, 144}, {4, 4, 39, 256},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        const geometry *g = geometry_get(t[i].R, t[i].C);
        assert_non_null(g);
        assert_int_equal(g->npeers, t[i].peers);
        assert_int_equal(g->ncells, t[i].cells);
    }
    assert_ptr_equal(geometry_9x9(), geometry_get(3, 3));
}

static void test_unsupported(void **state)
{
    (void)state;
    assert_null(geometry_get(1, 4));
    assert_null(geometry_get(4, 1));
    assert_null(geometry_get(0, 0));
    assert_null(geometry_get(5, 4));
    assert_null(geometry_get(3, 6));
    assert_null(geometry_get(-2, 3));
    assert_null(geometry_get(17, 2));
    /* sizes whose product overflows an int (found by fuzz_job: shape = 3888888888888x2) */
    assert_null(geometry_get(1943486008, 2));
    assert_null(geometry_get(65536, 65536));
    assert_null(geometry_get(2, INT_MAX));
    assert_null(geometry_get(INT_MIN, INT_MIN));
    const geometry *g = NULL;
    mc_error err;
    assert_int_equal(geometry_parse("3888888888888x2", &g, &err), MC_EFORMAT);
    assert_int_equal(geometry_parse("1943486008x2", &g, &err), MC_EFORMAT);
    assert_int_equal(geometry_parse("2x99999999999999999999", &g, &err), MC_EFORMAT);
    assert_null(g);
}

static void test_parse(void **state)
{
    (void)state;
    const geometry *g = NULL;
    mc_error err;
    assert_int_equal(geometry_parse("2x3", &g, &err), MC_OK);
    assert_ptr_equal(g, geometry_get(2, 3));
    assert_int_equal(geometry_parse("4X4", &g, &err), MC_OK);
    assert_ptr_equal(g, geometry_get(4, 4));
    assert_int_equal(geometry_parse("3x3x", &g, &err), MC_EFORMAT);
    assert_string_equal(err.msg, "bad box shape '3x3x' (expected RxC, e.g. 3x3)");
    assert_int_equal(geometry_parse("33", &g, &err), MC_EFORMAT);
    assert_string_equal(err.msg, "bad box shape '33' (expected RxC, e.g. 3x3)");
    assert_int_equal(geometry_parse("3*3", &g, &err), MC_EFORMAT);
    assert_int_equal(geometry_parse("", &g, &err), MC_EFORMAT);
    assert_int_equal(geometry_parse("5x4", &g, &err), MC_EFORMAT);
    assert_string_equal(err.msg, "unsupported box shape 5x4 (need R, C >= 2 and R*C <= 16)");
    assert_int_equal(geometry_parse("1x9", &g, &err), MC_EFORMAT);
    assert_string_equal(err.msg, "unsupported box shape 1x9 (need R, C >= 2 and R*C <= 16)");
}

static void test_for_cells(void **state)
{
    (void)state;
    assert_ptr_equal(geometry_for_cells(16), geometry_get(2, 2));
    assert_ptr_equal(geometry_for_cells(36), geometry_get(2, 3));
    assert_ptr_equal(geometry_for_cells(64), geometry_get(2, 4));
    assert_ptr_equal(geometry_for_cells(81), geometry_get(3, 3));
    assert_ptr_equal(geometry_for_cells(144), geometry_get(3, 4));
    assert_ptr_equal(geometry_for_cells(256), geometry_get(4, 4));
    assert_null(geometry_for_cells(80));
    assert_null(geometry_for_cells(0));
    assert_null(geometry_for_cells(100));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_all_shapes), cmocka_unit_test(test_known_counts),
        cmocka_unit_test(test_unsupported), cmocka_unit_test(test_parse),
        cmocka_unit_test(test_for_cells),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
