/* test_band_ua — two-band UAs from digit refillings, against the solver.
 *
 * ctest-labels: unit
 *
 * - On random grids, every listed set lies inside bands 1+2, is non-empty,
 *   within the size limit, and is unavoidable: the grid with its cells
 *   emptied has at least 2 solutions (solver_count, which knows nothing of
 *   refillings).
 * - The list is ordered by size and no set contains another.
 * - Completeness twin for 4 cells: the 4-cell sets of the list are exactly
 *   the rectangles of bands 1+2 (two rows, two columns, the corners' digits
 *   crossed) that the solver finds unavoidable, among all such rectangles.
 * - Arguments out of range give MC_EINVAL.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "band_ua.h"
#include "grid.h"
#include "prng.h"
#include "random_grid.h"
#include "solver.h"

static bool listed(const band_ua_list *l, uint64_t m)
{
    for (int i = 0; i < l->n; i++)
        if (l->set[i] == m) return true;
    return false;
}

static void test_real_uas(void **state)
{
    (void)state;
    const geometry *geo = geometry_9x9();
    solver_ctx *s = solver_new(geo);
    prng rng;
    prng_seed(&rng, 2026);
    band_ua_list l;
    band_ua_list_init(&l);
    int total = 0, rect_ua = 0;
    for (int k = 0; k < 6; k++) {
        grid gr;
        random_grid_make(geo, &rng, &gr);
        const uint8_t *g = gr.cell;
        int maxd = k < 3 ? 4 : 3, maxs = k < 3 ? 18 : 12;
        assert_int_equal(band_ua_find(g, maxd, maxs, &l), MC_OK);
        assert_true(l.n > 0);
        total += l.n;
        for (int i = 0; i < l.n; i++) {
            uint64_t m = l.set[i];
            assert_true(m != 0);
            assert_true((m >> 54) == 0);
            assert_true(__builtin_popcountll(m) <= maxs);
            if (i) assert_true(__builtin_popcountll(m) >= __builtin_popcountll(l.set[i - 1]));
            for (int j = 0; j < i; j++) assert_true((l.set[j] & m) != l.set[j]);
            uint8_t p[81];
            for (int c = 0; c < 81; c++) p[c] = c < 54 && ((m >> c) & 1) ? CELL_EMPTY : g[c];
            assert_int_equal(solver_count(s, p, 2, NULL), 2);
        }
        /* the 4-cell twin */
        int n4 = 0;
        for (int i = 0; i < l.n; i++) n4 += __builtin_popcountll(l.set[i]) == 4;
        int nrect = 0;
        for (int r1 = 0; r1 < 6; r1++)
            for (int r2 = r1 + 1; r2 < 6; r2++)
                for (int c1 = 0; c1 < 9; c1++)
                    for (int c2 = c1 + 1; c2 < 9; c2++) {
                        if (g[9 * r1 + c1] != g[9 * r2 + c2] || g[9 * r1 + c2] != g[9 * r2 + c1]) continue;
                        uint64_t m = (UINT64_C(1) << (9 * r1 + c1)) | (UINT64_C(1) << (9 * r1 + c2)) |
                                     (UINT64_C(1) << (9 * r2 + c1)) | (UINT64_C(1) << (9 * r2 + c2));
                        uint8_t p[81];
                        for (int c = 0; c < 81; c++) p[c] = c < 54 && ((m >> c) & 1) ? CELL_EMPTY : g[c];
                        bool ua = solver_count(s, p, 2, NULL) == 2;
                        assert_int_equal(listed(&l, m), ua);
                        nrect += ua;
                    }
        assert_int_equal(n4, nrect);
        rect_ua += nrect;
    }
    print_message("%d sets checked with the solver, %d 4-cell ones\n", total, rect_ua);
    band_ua_list_free(&l);
    solver_free(s);
}

static void test_args(void **state)
{
    (void)state;
    uint8_t g[54];
    memset(g, 0, sizeof g);
    band_ua_list l;
    band_ua_list_init(&l);
    assert_int_equal(band_ua_find(g, 1, 12, &l), MC_EINVAL);
    assert_int_equal(band_ua_find(g, 10, 12, &l), MC_EINVAL);
    assert_int_equal(band_ua_find(g, 3, 0, &l), MC_EINVAL);
    g[5] = 9;
    assert_int_equal(band_ua_find(g, 3, 12, &l), MC_EINVAL);
    band_ua_list_free(&l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_real_uas),
        cmocka_unit_test(test_args),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
