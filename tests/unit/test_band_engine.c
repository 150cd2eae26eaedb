/* test_band_engine — the band engine on known grids (fast part).
 *
 * ctest-labels: unit
 * ctest-timeout: 900
 *
 * On grids of tests/data/seventeen-grids.txt (band_control.h):
 * - K = 16 reports nothing on grids 1 and 2, and the checker agrees on grid 1;
 * - K = 16 without givens on the first two grids with a valid 2-clue set
 *   in a band or stack (found here from the fillings of each band's
 *   gangster): every counter the same as band_options.sizes_plain's, which
 *   lists bands 1, 2 up to 8 clues whatever the smallest valid set
 *   (tests/mutate/run xmax-nogiven);
 * - K = 18 with first-stop on grid 1: one puzzle, unique and minimal (plain
 *   solver), at most 18 clues (a randomly transformed copy of it, 90 s, is
 *   in test_band_k18, label slow);
 * - options out of range are refused.
 * The K = 17 controls (exact puzzle sets against the complete list and the
 * checker) are in test_band_cross_* (30 grids) and test_band_engine_slow/_b
 * (300 grids, with transformed grids and dropped UAs).
 */
#include "band_control.h"

#include "band_table.h"


static void test_k16_nothing(void **state)
{
    (void)state;
    solver_ctx *s = solver_new(geometry_9x9());
    band_options o;
    band_options_default(&o, 16);
    for (int i = 0; i < 2; i++) {
        band_record r;
        found_list f = ctrl_run(&o, ctrl[i].grid, s, &r);
        print_message("grid %d: K = 16: %d puzzles, %llu pairs, %llu survivors, %.1f s\n", i + 1, f.n,
                      (unsigned long long)r.pairs, (unsigned long long)r.survivors, r.seconds_total);
        assert_int_equal(f.n, 0);
        assert_int_equal(r.puzzles, 0);
        assert_true(r.pairs > 0);
    }
    checker_options co;
    checker_options_default(&co, 16);
    checker_ctx *c = checker_new(geometry_9x9(), &co);
    checker_record cr;
    found_list f = {.grid = ctrl[0].grid, .solver = s};
    assert_int_equal(checker_run(c, ctrl[0].grid, &cr, found_list_add, &f), MC_OK);
    assert_int_equal(f.n, 0);
    checker_free(c);
    solver_free(s);
}

static void test_k18_first(void **state)
{
    (void)state;
    solver_ctx *s = solver_new(geometry_9x9());
    band_options o;
    band_options_default(&o, 18);
    o.first = 1;
    band_record r;
    found_list f = ctrl_run(&o, ctrl[0].grid, s, &r);
    print_message("grid 1: K = 18 first: %d puzzle(s), %llu band-3 checks, %.1f s\n", f.n,
                  (unsigned long long)r.band3_checks, r.seconds_total);
    assert_int_equal(f.n, 1);
    assert_true(cs81_count(f.set[0]) <= 18);
    solver_free(s);
}

/* True when band b of g (a stack when b >= 3) has a valid 2-clue set:
 * two cells on which no other filling of its gangster (band_table_fillings)
 * agrees with it. */
static bool valid_pair_in(const uint8_t *g, int b)
{
    static uint8_t fill[BAND_TABLE_MAX_FILLINGS * 27];
    uint8_t band[27];
    band_table_read_band(g, b % 3, b >= 3, band);
    int n = band_table_fillings(band, fill);
    for (int c = 0; c < 27; c++)
        for (int d = c + 1; d < 27; d++) {
            int agree = 0;
            for (int f = 0; f < n; f++) agree += fill[27 * f + c] == band[c] && fill[27 * f + d] == band[d];
            if (agree == 1) return true; /* the band itself only */
        }
    return false;
}

/* K = 16 without givens on the first grids with a valid 2-clue set in a
 * band or stack (bands 1, 2 of 7 clues and a 2-clue band may then pair):
 * the engine against band_options.sizes_plain, which lists every size up
 * to band_split_xmax(16, 0) = 8 whatever the smallest valid set (the
 * twin of be_xmax_of and of the tables' min_valid bound): every counter
 * the same, no puzzle. */
static void test_k16_sizes(void **state)
{
    (void)state;
    solver_ctx *s = solver_new(geometry_9x9());
    int done = 0;
    for (int i = 0; i < nctrl && done < 2; i++) {
        bool two = false;
        for (int b = 0; b < 6 && !two; b++) two = valid_pair_in(ctrl[i].grid, b);
        if (!two) continue;
        band_options o;
        band_options_default(&o, 16);
        band_record rf, rs;
        found_list ff = ctrl_run(&o, ctrl[i].grid, s, &rf);
        o.sizes_plain = 1;
        found_list fs = ctrl_run(&o, ctrl[i].grid, s, &rs);
        print_message("grid %d (a valid 2-clue set): K = 16: %llu pairs, %llu survivors; %.2f s against %.2f s\n",
                      i + 1, (unsigned long long)rf.pairs, (unsigned long long)rf.survivors, rf.seconds_total,
                      rs.seconds_total);
        ctrl_same_counters(&rf, &rs);
        assert_int_equal(ff.n + fs.n, 0);
        done++;
    }
    assert_int_equal(done, 2);
    solver_free(s);
}

static void test_options(void **state)
{
    (void)state;
    band_options o;
    band_options_default(&o, 0);
    assert_null(band_engine_new(&o));
    band_options_default(&o, 17);
    o.drop_percent = 101;
    assert_null(band_engine_new(&o));
}

int main(int argc, char **argv)
{
    if (argc > 1) cmocka_set_test_filter(argv[1]);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_options),
        cmocka_unit_test(test_k16_nothing),
        cmocka_unit_test(test_k16_sizes),
        cmocka_unit_test(test_k18_first),
    };
    return cmocka_run_group_tests(tests, ctrl_setup, ctrl_teardown);
}
