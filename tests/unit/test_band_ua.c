/* test_band_ua — two-band UAs from digit refillings, against the solver.
 *
 * ctest-labels: unit
 *
 * - On random grids, with the band engine's settings (5 digits and 20
 *   cells at K = 16, 6 and 20 at K = 17) and smaller ones, every listed
 *   set lies inside bands 1+2, is non-empty, within the size limit, and is
 *   unavoidable: the grid with its cells
 *   emptied has at least 2 solutions (solver_count, which knows nothing of
 *   refillings).
 * - The list is ordered by size and no set contains another.
 * - Completeness twin for 4 cells: the 4-cell sets of the list are exactly
 *   the rectangles of bands 1+2 (two rows, two columns, the corners' digits
 *   crossed) that the solver finds unavoidable, among all such rectangles.
 * - Slow twin: band_ua_find equals a plain cell-by-cell refilling search
 *   (every filling of the cells of D that keeps rows, boxes and each
 *   column's digits, differences kept, supersets dropped), set for set, on
 *   random grids up to 6 digits and 20 cells (the K = 16 and K = 17
 *   settings among them).
 * - Arguments out of range, and bands that are not two bands of a grid,
 *   give MC_EINVAL.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
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
        /* the band engine's settings (refill_digits, REFILL_SIZE): 5 digits
         * and 20 cells at K = 16, 6 and 20 at K = 17; then smaller ones */
        int maxd = k < 2 ? 5 : k < 4 ? 6 : k < 5 ? 4 : 3, maxs = k < 4 ? 20 : k < 5 ? 18 : 12;
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

/* The slow twin: the cells of D filled one by one in row order, each with
 * a digit of its column's set not yet in its row, box or column. */
typedef struct ref_fill {
    const uint8_t *g;
    int n, max_size;
    uint8_t cell[54];
    uint16_t row[6], box[6], col[9], colset[9];
    uint64_t diff;
    uint64_t *out;
    int nout, cap;
} ref_fill;

static void ref_dfs(ref_fill *f, int i)
{
    if (i == f->n) {
        if (f->diff && __builtin_popcountll(f->diff) <= f->max_size) {
            if (f->nout == f->cap) {
                f->cap = f->cap ? 2 * f->cap : 1024;
                f->out = realloc(f->out, sizeof *f->out * (size_t)f->cap);
                assert_non_null(f->out);
            }
            f->out[f->nout++] = f->diff;
        }
        return;
    }
    int c = f->cell[i], r = c / 9, k = c % 9, b = 3 * (r / 3) + k / 3;
    unsigned cand = f->colset[k] & ~(f->row[r] | f->box[b] | f->col[k]);
    for (; cand; cand &= cand - 1) {
        int d = __builtin_ctz(cand);
        uint16_t bit = (uint16_t)(1u << d);
        f->row[r] |= bit, f->box[b] |= bit, f->col[k] |= bit;
        uint64_t save = f->diff;
        if (d != f->g[c]) f->diff |= UINT64_C(1) << c;
        ref_dfs(f, i + 1);
        f->diff = save;
        f->row[r] &= (uint16_t)~bit, f->box[b] &= (uint16_t)~bit, f->col[k] &= (uint16_t)~bit;
    }
}

static int ref_cmp(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    int px = __builtin_popcountll(x), py = __builtin_popcountll(y);
    if (px != py) return px < py ? -1 : 1;
    return x < y ? -1 : x > y;
}

/* the reference list: the differences that contain no other difference
 * (straight from the definition, every pair compared), sorted by size then
 * value */
static int ref_find(const uint8_t *g, int max_digits, int max_size, uint64_t **set)
{
    ref_fill f;
    memset(&f, 0, sizeof f);
    f.g = g;
    f.max_size = max_size;
    for (unsigned D = 1; D < 512; D++) {
        int nd = __builtin_popcount(D);
        if (nd < 2 || nd > max_digits) continue;
        f.n = 0;
        memset(f.row, 0, sizeof f.row);
        memset(f.box, 0, sizeof f.box);
        memset(f.col, 0, sizeof f.col);
        memset(f.colset, 0, sizeof f.colset);
        for (int c = 0; c < 54; c++)
            if ((D >> g[c]) & 1) {
                f.cell[f.n++] = (uint8_t)c;
                f.colset[c % 9] |= (uint16_t)(1u << g[c]);
            }
        ref_dfs(&f, 0);
    }
    uint64_t *keep = malloc(sizeof *keep * (size_t)(f.nout ? f.nout : 1));
    assert_non_null(keep);
    int n = 0;
    for (int i = 0; i < f.nout; i++) {
        bool minimal = true, first = true; /* no proper subset, first of its equals */
        for (int j = 0; j < f.nout && minimal; j++) {
            bool inside = (f.out[j] & f.out[i]) == f.out[j];
            if (inside && f.out[j] != f.out[i]) minimal = false;
            if (f.out[j] == f.out[i] && j < i) first = false;
        }
        if (minimal && first) keep[n++] = f.out[i];
    }
    free(f.out);
    qsort(keep, (size_t)n, sizeof *keep, ref_cmp);
    *set = keep;
    return n;
}

static void test_slow_twin(void **state)
{
    (void)state;
    const geometry *geo = geometry_9x9();
    prng rng;
    prng_seed(&rng, 1954);
    band_ua_list l;
    band_ua_list_init(&l);
    /* 5 digits, 20 cells: the K = 16 setting; 6 and 20: K = 17 */
    static const int digits[] = {2, 3, 4, 5, 5, 6, 6}, sizes[] = {20, 12, 16, 14, 20, 20, 18};
    long total = 0;
    for (int k = 0; k < 7; k++) {
        grid gr;
        random_grid_make(geo, &rng, &gr);
        uint64_t *want;
        int n = ref_find(gr.cell, digits[k], sizes[k], &want);
        assert_int_equal(band_ua_find(gr.cell, digits[k], sizes[k], &l), MC_OK);
        assert_int_equal(l.n, n);
        for (int i = 0; i < n; i++) assert_true(l.set[i] == want[i]);
        total += n;
        free(want);
    }
    print_message("%ld sets equal to the cell-by-cell search's\n", total);
    band_ua_list_free(&l);
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
    /* digits in range, but not two bands of a grid: rows, boxes, columns */
    for (int r = 0; r < 6; r++)
        for (int c = 0; c < 9; c++) g[9 * r + c] = (uint8_t)((c + 3 * r + r / 3) % 9); /* a valid band pair */
    assert_int_equal(band_ua_find(g, 3, 12, &l), MC_OK);
    uint8_t bad[54];
    memcpy(bad, g, 54);
    bad[0] = bad[1]; /* a digit twice in row 0 */
    assert_int_equal(band_ua_find(bad, 3, 12, &l), MC_EINVAL);
    for (int r = 0; r < 6; r++) /* rows 3-5 equal rows 0-2: columns repeat */
        for (int c = 0; c < 9; c++) bad[9 * r + c] = g[9 * (r % 3) + c];
    assert_int_equal(band_ua_find(bad, 3, 12, &l), MC_EINVAL);
    for (int r = 0; r < 6; r++) /* rows are permutations, columns distinct, boxes repeat */
        for (int c = 0; c < 9; c++) bad[9 * r + c] = (uint8_t)((c + r) % 9);
    assert_int_equal(band_ua_find(bad, 3, 12, &l), MC_EINVAL);
    band_ua_list_free(&l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_real_uas),
        cmocka_unit_test(test_slow_twin),
        cmocka_unit_test(test_args),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
