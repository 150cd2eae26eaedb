/* band_cross — the band engine's default-suite cross-check, K = 17 on 30
 * grids of tests/data/seventeen-grids.txt (band_control.h), split in two
 * halves (test_band_cross_a, test_band_cross_b) so ctest runs them side by
 * side.
 *
 * Oracle: the complete list of 49,158 17-clue puzzles (proven complete):
 * the file lists, for each of its grids (no automorphisms), every known 17
 * lying in it, so the 17-clue puzzles of the grid are exactly those and it
 * has no puzzle of 16 or fewer. K = 17 must report exactly that set, each
 * puzzle checked unique and minimal with the plain solver; K = 16 nothing
 * (on the first grid of each half). The checker meets the same oracle on
 * the 10 grids of test_checker_golden (default suite) and on these grids
 * in test_band_engine_slow (slow); so on every grid both engines give the
 * list's puzzles.
 *
 * The grids: the file's lines 1-41 were run once with the band engine
 * (K = 17, one core, machine under load: 2.6-27 s per grid); these are the
 * 30 fastest (lines 1, 4-8, 11-13, 16, 19-22, 25-38, 40, 41; 160 s in all).
 */
#ifndef MC_TEST_BAND_CROSS_H
#define MC_TEST_BAND_CROSS_H

#include "band_control.h"

static const int cross_lines[30] = {1,  4,  5,  6,  7,  8,  11, 12, 13, 16, 19, 20, 21, 22, 25,
                                    26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 40, 41};

static void cross_half(int half)
{
    solver_ctx *s = solver_new(geometry_9x9());
    band_options o17, o16;
    band_options_default(&o17, 17);
    band_options_default(&o16, 16);
    for (int k = 15 * half; k < 15 * half + 15; k++) {
        const ctrl_grid *g = &ctrl[cross_lines[k] - 1];
        band_record r;
        found_list f = ctrl_run(&o17, g->grid, s, &r);
        print_message("line %d: K = 17: %d puzzles (%d listed), %.1f s\n", cross_lines[k], f.n, g->npuzzles,
                      r.seconds_total);
        assert_true(g->npuzzles > 0);
        assert_true(same_sets(f.set, f.n, g->puzzle, g->npuzzles));
        if (k == 15 * half) {
            f = ctrl_run(&o16, g->grid, s, &r);
            assert_int_equal(f.n, 0);
        }
    }
    solver_free(s);
}

#endif
