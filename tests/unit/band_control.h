/* band_control — the band engine's controls, shared by test_band_engine, the
 * cross-checks (band_cross.h) and test_band_k18.
 *
 * Oracle: tests/data/seventeen-grids.txt (300 grids without automorphisms,
 * each with every 17-clue puzzle of the complete list of 49,158 that lies in
 * it, in the grid's coordinates; see the file's header). Because the list is
 * complete and the grids have no automorphism, the 17-clue puzzles of such a
 * grid are exactly the listed ones: K = 17 must report that set, K = 16
 * nothing. Reported sets are collected and checked with found_list.h
 * (plain solver).
 */
#ifndef MC_TEST_BAND_CONTROL_H
#define MC_TEST_BAND_CONTROL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "band_engine.h"
#include "cellset.h"
#include "checker.h"
#include "found_list.h"
#include "puzzle_check.h"
#include "solver.h"
#include "transform.h"

#define CTRL_GRIDS 300
#define CTRL_MAXP 64

typedef struct ctrl_grid {
    uint8_t grid[81];
    cs81 puzzle[CTRL_MAXP];
    int npuzzles;
} ctrl_grid;

static ctrl_grid *ctrl;
static int nctrl;

static int ctrl_setup(void **state)
{
    (void)state;
    FILE *f = fopen(MC_TEST_DATA "/seventeen-grids.txt", "r");
    if (!f) return -1;
    ctrl = calloc(CTRL_GRIDS, sizeof *ctrl);
    if (!ctrl) return -1;
    char line[256];
    while (fgets(line, sizeof line, f)) {
        if (line[0] == 'G' && nctrl < CTRL_GRIDS) {
            ctrl_grid *g = &ctrl[nctrl++];
            for (int c = 0; c < 81; c++) g->grid[c] = (uint8_t)(line[2 + c] - '1');
        } else if (line[0] == 'P' && nctrl > 0) {
            ctrl_grid *g = &ctrl[nctrl - 1];
            cs81 s = cs81_empty();
            for (int c = 0; c < 81; c++)
                if (line[2 + c] != '.') {
                    if ((uint8_t)(line[2 + c] - '1') != g->grid[c]) return -1;
                    cs81_add(&s, c);
                }
            if (g->npuzzles < CTRL_MAXP) g->puzzle[g->npuzzles++] = s;
        }
    }
    fclose(f);
    return nctrl == CTRL_GRIDS ? 0 : -1;
}

static int ctrl_teardown(void **state)
{
    (void)state;
    free(ctrl);
    ctrl = NULL;
    nctrl = 0; /* a later ctrl_setup reads the file anew */
    return 0;
}

/* Every counter of the two records equal (work_counters.h; the seconds
 * aside), a difference named: a twin that must do the same work. */
#define CTRL_SAME_C_(name, key, text)                                                                          \
    if (f->name != s->name)                                                                                    \
        fail_msg("%s: %llu, the twin %llu", #name, (unsigned long long)f->name, (unsigned long long)s->name);
#define CTRL_SKIP_S_(name, key, text)
static inline void ctrl_same_counters(const band_record *f, const band_record *s)
{
    WORK_COUNTERS(CTRL_SAME_C_, CTRL_SKIP_S_)
}

/* Runs the engine with options o on grid; checks every reported puzzle. */
static found_list ctrl_run(const band_options *o, const uint8_t *g81, solver_ctx *s, band_record *rec)
{
    band_engine *e = band_engine_new(o);
    assert_non_null(e);
    found_list f = {.grid = g81, .solver = s};
    assert_int_equal(band_engine_run(e, g81, rec, found_list_add, &f), MC_OK);
    band_engine_free(e);
    assert_int_equal(f.bad, 0);
    assert_int_equal(f.dup, 0);
    return f;
}

#endif
