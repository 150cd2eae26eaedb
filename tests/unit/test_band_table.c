/* test_band_table — valid band subsets against independent checks.
 *
 * ctest-labels: unit
 *
 * - Band 29: 237,762 valid 6-clue and 803,574 valid 7-clue subsets (the
 *   figures published with the 17-clue scans, DESIGN.md §7).
 * - Slow twin: a subset of band b is valid iff the grid with the other two
 *   bands given in full and the subset's clues has one solution (solver_count, which knows nothing
 *   of band tables). Checked on random subsets of sizes 2..9 of the 3 bands
 *   and 3 stacks of 10 random grids, and every listed set is valid and in
 *   increasing order.
 * - Over all 416 bands no subset of at most BAND_TABLE_MIN_VALID - 1 cells is
 *   valid (the lemma band_split relies on), and some band has a valid set of
 *   exactly BAND_TABLE_MIN_VALID.
 * - band_table_read_band reads stacks transposed.
 * - The listing's slow twin, a walk over every subset of each size in
 *   increasing order tested with band_table_is_valid: the same lists for
 *   all 416 bands up to size 5 (each with and without a random given
 *   mask), 12 bands up to size 7, and band_table_extend from each smaller
 *   size equal to a build at the larger; no band has more than 81 minimal
 *   UAs (the listing's masks hold 128) nor more than 1,728 fillings (their
 *   differences are all held before the sort, up to BAND_TABLE_MAX_UA).
 * - band_table_build_fillings against band_table_build_given: over all 416
 *   bands, with the fillings of the band itself and of another filling of
 *   its gangster (as a group's items share them), with and without givens:
 *   the same UAs, fillings, sets and min_valid; and band_table_build_given
 *   taking the list of its last build (same gangster) against a table that
 *   lists its own; every filling has the band's column digit sets, and
 *   they are distinct.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "band.h"
#include "band_table.h"
#include "grid.h"
#include "prng.h"
#include "random_grid.h"
#include "solver.h"

static void test_band29(void **state)
{
    (void)state;
    band_table t;
    band_table_init(&t);
    assert_int_equal(band_table_build(&t, band_minlex(29), 7), MC_OK);
    assert_int_equal(band_table_count(&t, 6), 237762);
    assert_int_equal(band_table_count(&t, 7), 803574);
    band_table_free(&t);
}

/* the twin: clues of band b (or stack) of g on mask, the other two bands
 * (stacks) given in full, counted by the plain solver */
static int count_twin(solver_ctx *s, const uint8_t *g, int b, bool stack, uint32_t mask)
{
    uint8_t p[81];
    for (int c = 0; c < 81; c++) {
        int r = c / 9, col = c % 9;
        int inb = stack ? col / 3 == b : r / 3 == b;
        int bit = stack ? 9 * (col % 3) + r : 9 * (r % 3) + col;
        p[c] = !inb || ((mask >> bit) & 1) ? g[c] : CELL_EMPTY;
    }
    return solver_count(s, p, 2, NULL);
}

static void test_twin(void **state)
{
    (void)state;
    const geometry *geo = geometry_9x9();
    solver_ctx *s = solver_new(geo);
    prng rng;
    prng_seed(&rng, 12);
    band_table t;
    band_table_init(&t);
    int checked = 0, valid = 0;
    for (int k = 0; k < 10; k++) {
        grid gr;
        random_grid_make(geo, &rng, &gr);
        const uint8_t *g = gr.cell;
        for (int i = 0; i < 6; i++) {
            uint8_t b[27];
            band_table_read_band(g, i % 3, i >= 3, b);
            assert_int_equal(band_table_build(&t, b, 5), MC_OK);
            for (int s2 = 0; s2 <= 5; s2++)
                for (int j = t.start[s2]; j < t.start[s2 + 1]; j++) {
                    assert_int_equal(__builtin_popcount(t.set[j]), s2);
                    if (j > t.start[s2]) assert_true(t.set[j] > t.set[j - 1]);
                }
            /* every listed 4- and 5-set valid by the twin (a sample) */
            for (int j = t.start[4]; j < t.start[6]; j += 97) assert_int_equal(count_twin(s, g, i % 3, i >= 3, t.set[j]), 1);
            for (int r = 0; r < 300; r++) {
                int size = 2 + (int)(prng_next(&rng) % 8);
                uint32_t m = 0;
                while (__builtin_popcount(m) < size) m |= UINT32_C(1) << (prng_next(&rng) % 27);
                bool v = band_table_is_valid(&t, m);
                assert_int_equal(v, count_twin(s, g, i % 3, i >= 3, m) == 1);
                /* and the list holds exactly the valid sets of its sizes */
                if (size <= 5) {
                    bool listed = false;
                    for (int j = t.start[size]; j < t.start[size + 1] && !listed; j++) listed = t.set[j] == m;
                    assert_int_equal(listed, v);
                }
                checked++, valid += v;
            }
        }
    }
    print_message("%d random subsets checked against the solver, %d valid\n", checked, valid);
    assert_true(valid > 0 && valid < checked);
    band_table_free(&t);
    solver_free(s);
}

/* the twin: every subset of each size 0..max in increasing order, kept
 * when valid and disjoint from the givens */
static void walk_compare(const band_table *t, int max)
{
    int k = 0;
    for (int s = 0; s <= max; s++) {
        assert_int_equal(t->start[s], k);
        uint32_t v = (UINT32_C(1) << s) - 1, end = UINT32_C(1) << 27;
        while (v < end) {
            if (!(v & t->given) && band_table_is_valid(t, v)) {
                assert_true(k < t->start[max + 1]);
                assert_int_equal(t->set[k], v);
                k++;
            }
            if (!v) break;
            uint32_t lo = v & -v, r = v + lo; /* next subset of the same size */
            v = (((r ^ v) >> 2) / lo) | r;
        }
    }
    assert_int_equal(t->start[max + 1], k);
}

static void test_listing_twin(void **state)
{
    (void)state;
    band_table t, u;
    band_table_init(&t);
    band_table_init(&u);
    prng rng;
    prng_seed(&rng, 41);
    int most = 0, fillings = 0;
    long sets = 0;
    for (int i = 1; i <= BAND_COUNT; i++) {
        assert_int_equal(band_table_build(&t, band_minlex(i), 5), MC_OK);
        if (t.nua > most) most = t.nua;
        if (t.fillings > fillings) fillings = t.fillings;
        walk_compare(&t, 5);
        sets += t.start[6];
        uint32_t given = 0;
        for (int g = (int)(prng_next(&rng) % 6); g > 0; g--) given |= UINT32_C(1) << (prng_next(&rng) % 27);
        assert_int_equal(band_table_build_given(&t, band_minlex(i), 5, given), MC_OK);
        walk_compare(&t, 5);
        sets += t.start[6];
    }
    for (int k = 0; k < 12; k++) {
        int b = 1 + (int)(prng_next(&rng) % BAND_COUNT);
        uint32_t given = k & 1 ? UINT32_C(1) << (prng_next(&rng) % 27) : 0;
        assert_int_equal(band_table_build_given(&t, band_minlex(b), 7, given), MC_OK);
        walk_compare(&t, 7);
        sets += t.start[8];
        int from = (int)(prng_next(&rng) % 7);
        assert_int_equal(band_table_build_given(&u, band_minlex(b), from, given), MC_OK);
        assert_int_equal(band_table_extend(&u, 7), MC_OK);
        assert_int_equal(u.min_valid, t.min_valid);
        assert_memory_equal(u.start, t.start, sizeof t.start[0] * 9);
        assert_memory_equal(u.set, t.set, sizeof t.set[0] * (size_t)t.start[8]);
    }
    print_message("%ld listed sets equal to the walk's; at most %d minimal UAs and %d fillings in a band\n", sets,
                  most, fillings);
    assert_int_equal(most, 81);
    /* every filling's difference is kept until the sort: they must fit */
    assert_int_equal(fillings, 1728);
    assert_true(fillings <= BAND_TABLE_MAX_UA);
    band_table_free(&t);
    band_table_free(&u);
}

static void same_table(const band_table *a, const band_table *b)
{
    assert_int_equal(a->nua, b->nua);
    assert_memory_equal(a->ua, b->ua, sizeof a->ua[0] * (size_t)a->nua);
    assert_int_equal(a->fillings, b->fillings);
    assert_int_equal(a->min_valid, b->min_valid);
    assert_int_equal(a->max_size, b->max_size);
    assert_memory_equal(a->start, b->start, sizeof a->start[0] * (size_t)(a->max_size + 2));
    assert_memory_equal(a->set, b->set, sizeof a->set[0] * (size_t)a->start[a->max_size + 1]);
}

static void test_fillings_twin(void **state)
{
    (void)state;
    static uint8_t fill[BAND_TABLE_MAX_FILLINGS * 27];
    band_table t, u, v;
    band_table_init(&t);
    band_table_init(&u);
    band_table_init(&v);
    prng rng;
    prng_seed(&rng, 43);
    long tables = 0;
    for (int i = 1; i <= BAND_COUNT; i++) {
        const uint8_t *band = band_minlex(i);
        int n = band_table_fillings(band, fill);
        assert_true(n >= 1 && n <= BAND_TABLE_MAX_FILLINGS);
        for (int k = 0; k < n; k++) {
            const uint8_t *f = fill + 27 * (size_t)k;
            for (int c = 0; c < 9; c++) {
                unsigned a = 0, b = 0;
                for (int r = 0; r < 3; r++) a |= 1u << f[9 * r + c], b |= 1u << band[9 * r + c];
                assert_int_equal(a, b);
            }
            if (k) assert_true(memcmp(f, f - 27, 27) != 0); /* distinct (listed in search order) */
        }
        /* the band itself and another filling (a group's items share the list) */
        uint8_t other[27];
        memcpy(other, fill + 27 * (size_t)(prng_next(&rng) % (uint64_t)n), 27);
        const uint8_t *which[2] = {band, other};
        for (int w = 0; w < 2; w++) {
            uint32_t given = 0;
            for (int g = (int)(prng_next(&rng) % 4); g > 0; g--) given |= UINT32_C(1) << (prng_next(&rng) % 27);
            int size = 3 + (int)(prng_next(&rng) % 3);
            assert_int_equal(band_table_build_given(&t, which[w], size, given), MC_OK);
            assert_int_equal(band_table_build_fillings(&u, which[w], fill, n, size, given), MC_OK);
            same_table(&t, &u);
            /* t took its list from its last build when w = 1; v lists its own */
            band_table_free(&v);
            assert_int_equal(band_table_build_given(&v, which[w], size, given), MC_OK);
            same_table(&t, &v);
            tables++;
        }
    }
    print_message("%ld tables from a list of the gangster's fillings equal to the band's own build\n", tables);
    band_table_free(&t);
    band_table_free(&u);
    band_table_free(&v);
}

static void test_min_valid(void **state)
{
    (void)state;
    band_table t;
    band_table_init(&t);
    int at_min = 0;
    for (int i = 1; i <= BAND_COUNT; i++) {
        assert_int_equal(band_table_build(&t, band_minlex(i), BAND_TABLE_MIN_VALID), MC_OK);
        for (int s = 0; s < BAND_TABLE_MIN_VALID; s++) assert_int_equal(band_table_count(&t, s), 0);
        at_min += band_table_count(&t, BAND_TABLE_MIN_VALID) > 0;
    }
    print_message("%d of 416 bands have a valid %d-set\n", at_min, BAND_TABLE_MIN_VALID);
    assert_true(at_min > 0);
    band_table_free(&t);
}

static void test_read_stack(void **state)
{
    (void)state;
    uint8_t g[81], b[27];
    for (int c = 0; c < 81; c++) g[c] = (uint8_t)((c / 9 * 3 + c / 27 + c % 9) % 9);
    band_table_read_band(g, 1, true, b);
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 9; c++) assert_int_equal(b[9 * r + c], g[9 * c + 3 + r]);
    band_table_read_band(g, 2, false, b);
    assert_memory_equal(b, g + 54, 27);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_band29),
        cmocka_unit_test(test_twin),
        cmocka_unit_test(test_listing_twin),
        cmocka_unit_test(test_fillings_twin),
        cmocka_unit_test(test_min_valid),
        cmocka_unit_test(test_read_stack),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
