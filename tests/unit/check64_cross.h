/* check64_cross — the tests' cross-checks of check64 (shared by
 * test_check64 and test_check64_slow).
 *
 * A puzzle list is the sorted array of the clue-cell masks an engine
 * reports on one grid. Every reported puzzle is also checked as a unique
 * minimal puzzle of the grid with the plain solver (puzzle_check.h:
 * solver.c, independent of solve64), with clues equal to the grid's digits
 * and its clue count as reported. Oracles: the checker (checker.h: another
 * UA finder, the same hitset core or not), and on 4x4 every cell set by
 * brute force.
 */
#ifndef MC_TEST_CHECK64_CROSS_H
#define MC_TEST_CHECK64_CROSS_H

#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "check64.h"
#include "checker.h"
#include "enumerate.h"
#include "gridfile.h"
#include "puzzle_check.h"
#include "solver.h"

#define XLIST_MAX 200000

typedef struct xlist {
    uint64_t *set;
    int n, bad;
    const geometry *geo;
    const uint8_t *grid;
    solver_ctx *sv;
} xlist;

static void xlist_init(xlist *l, const geometry *geo, const uint8_t *g, solver_ctx *sv)
{
    if (!l->set) l->set = malloc(sizeof *l->set * XLIST_MAX);
    assert_non_null(l->set);
    l->n = l->bad = 0;
    l->geo = geo;
    l->grid = g;
    l->sv = sv;
}

static void xlist_add(void *arg, const uint8_t *pz, int n)
{
    xlist *l = arg;
    uint64_t m = 0;
    cs81 s = cs81_empty();
    for (int x = 0; x < l->geo->ncells; x++)
        if (pz[x] != CELL_EMPTY) {
            m |= UINT64_C(1) << x;
            cs81_add(&s, x);
            if (pz[x] != l->grid[x]) l->bad++;
        }
    if (__builtin_popcountll(m) != n || !minimal_unique(l->sv, l->geo, l->grid, s)) l->bad++;
    if (l->n < XLIST_MAX) l->set[l->n++] = m;
}

static int cmp_mask(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static void xlist_sort(xlist *l) { qsort(l->set, (size_t)l->n, sizeof *l->set, cmp_mask); }

/* The puzzles of check64 (core) on g with K clues, sorted; work added. */
static void run_check64(xlist *l, const geometry *geo, const uint8_t *g, int K, int core, solver_ctx *sv,
                        work_counters *w)
{
    check64_options o;
    check64_options_default(&o, K);
    o.core = core;
    check64 *c = check64_new(geo, &o);
    assert_non_null(c);
    xlist_init(l, geo, g, sv);
    assert_int_equal(check64_run(c, g, w, xlist_add, l), MC_OK);
    check64_free(c);
    xlist_sort(l);
}

/* The puzzles of the checker on g with K clues, sorted. */
static void run_checker(xlist *l, checker_ctx *ck, const geometry *geo, const uint8_t *g, solver_ctx *sv)
{
    checker_record r;
    xlist_init(l, geo, g, sv);
    assert_int_equal(checker_run(ck, g, &r, xlist_add, l), MC_OK);
    xlist_sort(l);
}

/* By brute force on a 4x4 grid g, the minimal cell sets of at most kmax
 * cells with the property: as_clues, the puzzle of the set's cells is
 * unique (a minimal unique puzzle); else the puzzle of the other cells has
 * a second solution (a minimal UA). Every cell set by size, one solver call
 * each (a set containing one found before is not minimal). Returns their
 * number; out sorted by mask. */
static inline int brute_minimal_sets(solver_ctx *sv, const geometry *geo, const uint8_t *g, int kmax, bool as_clues,
                                     uint64_t *out)
{
    int n = 0;
    uint8_t pz[MAX_CELLS];
    for (int k = 1; k <= kmax; k++)
        for (uint32_t m = 1; m < (UINT32_C(1) << geo->ncells); m++) {
            if (__builtin_popcount(m) != k) continue;
            int sup = 0;
            for (int i = 0; i < n && !sup; i++) sup = (out[i] & ~(uint64_t)m) == 0;
            if (sup) continue;
            for (int x = 0; x < geo->ncells; x++) pz[x] = ((m >> x) & 1) == as_clues ? g[x] : CELL_EMPTY;
            if (solver_count(sv, pz, 2, NULL) == (as_clues ? 1 : 2)) out[n++] = m;
        }
    qsort(out, (size_t)n, sizeof *out, cmp_mask);
    return n;
}

/* The minimal unique puzzles of at most K clues by brute force (4x4). */
static inline void run_brute(xlist *l, const geometry *geo, const uint8_t *g, int K, solver_ctx *sv)
{
    xlist_init(l, geo, g, sv);
    l->n = brute_minimal_sets(sv, geo, g, K, true, l->set);
}

static void assert_same(const xlist *a, const xlist *b, const char *what, int i)
{
    if (a->n != b->n || memcmp(a->set, b->set, sizeof *a->set * (size_t)a->n) != 0) {
        fprintf(stderr, "%s: grid %d: %d puzzles against %d\n", what, i, a->n, b->n);
        fail();
    }
    assert_int_equal(a->bad, 0);
    assert_int_equal(b->bad, 0);
}

/* The first n grids of a text file of one shape; returns how many. */
static int load_grids(const char *path, const geometry *geo, uint8_t *out, int n)
{
    gridfile *f;
    mc_error err;
    assert_int_equal(gridfile_open(path, geo, DIGITS_STD, &f, &err), MC_OK);
    grid g;
    const char *trailer;
    int k = 0;
    while (k < n && gridfile_next(f, &g, &trailer, &err) == MC_OK)
        memcpy(out + (size_t)k++ * (size_t)geo->ncells, g.cell, (size_t)geo->ncells);
    gridfile_free(f);
    return k;
}

/* 8x8 grids lo..hi-1 of the grid file path (at least hi grids): check64
 * (core) and the checker list the same puzzles with K clues. Returns the
 * puzzles found in all; *with (may be NULL) gets the grids that have one. */
static uint64_t cross_8x8_file(const char *path, int lo, int hi, int K, int core, int *with)
{
    const geometry *geo = geometry_get(2, 4);
    uint8_t *grids = malloc((size_t)64 * (size_t)hi);
    assert_non_null(grids);
    assert_int_equal(load_grids(path, geo, grids, hi), hi);
    solver_ctx *sv = solver_new(geo);
    checker_options co;
    checker_options_default(&co, K);
    checker_ctx *ck = checker_new(geo, &co);
    xlist a = {0}, b = {0};
    work_counters w = {0};
    uint64_t total = 0;
    if (with) *with = 0;
    for (int i = lo; i < hi; i++) {
        run_check64(&a, geo, grids + 64 * i, K, core, sv, &w);
        run_checker(&b, ck, geo, grids + 64 * i, sv);
        assert_same(&a, &b, "8x8 check64 / checker", i);
        total += (uint64_t)a.n;
        if (with && a.n > 0) ++*with;
    }
    fprintf(stderr, "8x8 grids %d-%d, K = %d, core %d: %llu puzzles, %llu nodes\n", lo, hi - 1, K, core,
            (unsigned long long)total, (unsigned long long)w.nodes);
    free(a.set);
    free(b.set);
    checker_free(ck);
    solver_free(sv);
    free(grids);
    return total;
}

/* The same on grids lo..hi-1 of tests/data/es8x8-sample.txt (2000 ES grids
 * drawn with seed 8). */
static uint64_t cross_8x8(int lo, int hi, int K, int core)
{
    return cross_8x8_file(MC_TEST_DATA "/es8x8-sample.txt", lo, hi, K, core, NULL);
}

#endif
