/* check64_cross — the tests' cross-checks of check64 (shared by
 * test_check64 and test_check64_slow).
 *
 * A puzzle list is the sorted array of the clue-cell masks an engine
 * reports on one grid. Every reported puzzle is also checked as a unique
 * minimal puzzle of the grid with the plain solver (puzzle_check.h:
 * solver.c, independent of solve64), with clues equal to the grid's digits
 * and its clue count as reported. Oracles: the checker (checker.h: another
 * UA finder, the same hitset core or not), on 4x4 every cell set by brute
 * force, and on the grids of tests/data/es8x8-k14.txt the 14-clue puzzles
 * listed with them (found by a search with a solver, make_es8x8_k14.c),
 * which both engines must list.
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
#include "mc_clock.h"
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

/* A third "core" for the cross-checks: the hitset core with its degree-k
 * unions (check64_options.unions). */
#define CROSS_HITSET_UNIONS 2

/* The puzzles of check64 (core) on g with K clues, sorted; work added. */
static void run_check64(xlist *l, const geometry *geo, const uint8_t *g, int K, int core, solver_ctx *sv,
                        work_counters *w)
{
    check64_options o;
    check64_options_default(&o, K);
    o.core = core == CROSS_HITSET_UNIONS ? CHECK64_CORE_HITSET : core;
    o.unions = core == CROSS_HITSET_UNIONS;
    check64 *c = check64_new(geo, &o);
    assert_non_null(c);
    xlist_init(l, geo, g, sv);
    assert_int_equal(check64_run(c, g, w, xlist_add, l), MC_OK);
    check64_free(c);
    xlist_sort(l);
}

/* The puzzles of the checker on g with K clues, sorted; work added to w
 * (may be NULL). */
static void run_checker(xlist *l, checker_ctx *ck, const geometry *geo, const uint8_t *g, solver_ctx *sv,
                        work_counters *w)
{
    checker_record r;
    xlist_init(l, geo, g, sv);
    assert_int_equal(checker_run(ck, g, &r, xlist_add, l), MC_OK);
    if (w) work_counters_add(w, &r.work);
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

/* Puzzles a list must hold: n sorted clue masks. */
typedef struct xexpect {
    const uint64_t *mask;
    int n;
} xexpect;

/* The first missing puzzle of want in the sorted list l, or -1. */
static int first_missing(const xlist *l, const xexpect *want)
{
    for (int j = 0; j < want->n; j++)
        if (!bsearch(&want->mask[j], l->set, (size_t)l->n, sizeof *l->set, cmp_mask)) return j;
    return -1;
}

/* 8x8 grids lo..hi-1 of grids: check64 (core) and the checker list the
 * same puzzles with K clues; with expect (may be NULL), both lists hold
 * each puzzle of expect[i] on grid i, and each grid's CPU seconds and
 * nodes per engine are printed. Returns the puzzles found in all; *with
 * (may be NULL) gets the grids that have one. */
static uint64_t cross_8x8_grids(const uint8_t *grids, int lo, int hi, int K, int core, const xexpect *expect,
                                int *with)
{
    const geometry *geo = geometry_get(2, 4);
    solver_ctx *sv = solver_new(geo);
    checker_options co;
    checker_options_default(&co, K);
    checker_ctx *ck = checker_new(geo, &co);
    xlist a = {0}, b = {0};
    work_counters w = {0}, wc = {0};
    double sec[2] = {0, 0};
    uint64_t total = 0;
    if (with) *with = 0;
    for (int i = lo; i < hi; i++) {
        uint64_t nodes[2] = {w.nodes, wc.nodes};
        double t0 = mc_cpu_seconds();
        run_check64(&a, geo, grids + 64 * i, K, core, sv, &w);
        double t1 = mc_cpu_seconds();
        run_checker(&b, ck, geo, grids + 64 * i, sv, &wc);
        double t2 = mc_cpu_seconds();
        sec[0] += t1 - t0;
        sec[1] += t2 - t1;
        assert_same(&a, &b, "8x8 check64 / checker", i);
        total += (uint64_t)a.n;
        if (with && a.n > 0) ++*with;
        if (!expect) continue;
        fprintf(stderr, "8x8 grid %d, K = %d: %d puzzles (%d expected); check64 %.2f s, %llu nodes; checker %.2f s, %llu nodes\n",
                i, K, a.n, expect[i].n, t1 - t0, (unsigned long long)(w.nodes - nodes[0]), t2 - t1,
                (unsigned long long)(wc.nodes - nodes[1]));
        int ma = first_missing(&a, &expect[i]), mb = first_missing(&b, &expect[i]);
        if (ma >= 0 || mb >= 0) {
            fprintf(stderr, "8x8 grid %d, K = %d: expected puzzle %d is missing from %s\n", i, K, ma >= 0 ? ma : mb,
                    ma >= 0 && mb >= 0 ? "both lists" : ma >= 0 ? "check64's list" : "the checker's list");
            fail();
        }
    }
    fprintf(stderr, "8x8 grids %d-%d, K = %d, core %d: %llu puzzles; check64 %.2f s, %llu nodes; checker %.2f s, %llu nodes\n",
            lo, hi - 1, K, core, (unsigned long long)total, sec[0], (unsigned long long)w.nodes, sec[1],
            (unsigned long long)wc.nodes);
    free(a.set);
    free(b.set);
    checker_free(ck);
    solver_free(sv);
    return total;
}

/* 8x8 grids lo..hi-1 of the grid file path (at least hi grids): check64
 * (core) and the checker list the same puzzles with K clues. Returns the
 * puzzles found in all; *with (may be NULL) gets the grids that have one. */
static uint64_t cross_8x8_file(const char *path, int lo, int hi, int K, int core, int *with)
{
    uint8_t *grids = malloc((size_t)64 * (size_t)hi);
    assert_non_null(grids);
    assert_int_equal(load_grids(path, geometry_get(2, 4), grids, hi), hi);
    uint64_t total = cross_8x8_grids(grids, lo, hi, K, core, NULL, with);
    free(grids);
    return total;
}

/* An 8x8 grid file with puzzles (tests/data/es8x8-k14.txt; format in
 * tests/data/README): per line a valid grid, a space, then one or more
 * distinct puzzles of it with `clues` clues each (64 characters: digits
 * 1-8 equal to the grid's, '.' empty), one space apart. expect[i] lists
 * grid i's puzzles as sorted clue masks (pointing into mask). */
typedef struct k14_file {
    int n, npuzzles;
    uint8_t *grid;    /* 64 cells a grid */
    xexpect *expect;  /* per grid */
    uint64_t *mask;   /* every puzzle, grid by grid */
    int *first;       /* grid i's puzzles start at mask[first[i]] */
} k14_file;

static void k14_file_free(k14_file *f)
{
    free(f->grid);
    free(f->expect);
    free(f->mask);
    free(f->first);
    memset(f, 0, sizeof *f);
}

/* The puzzles of one line's trailer into f (grid g, 1-based line); 0, or
 * -1 with the reason in msg. */
static int k14_line_puzzles(k14_file *f, const uint8_t *g, const char *trailer, int clues, char *msg, size_t cap)
{
    const geometry *geo = geometry_get(2, 4);
    int k = 0;
    for (const char *t = trailer; *t; k++) {
        size_t len = strcspn(t, " ");
        grid p;
        size_t tok;
        mc_error err;
        const geometry *pg = geo;
        if (len == 0) return snprintf(msg, cap, "puzzle %d: two spaces or a space at the end", k + 1), -1;
        if (grid_parse(t, len, &pg, DIGITS_STD, &p, &tok, &err) != MC_OK)
            return snprintf(msg, cap, "puzzle %d: %s", k + 1, err.msg), -1;
        uint64_t m = 0;
        for (int x = 0; x < 64; x++) {
            if (p.cell[x] == CELL_EMPTY) continue;
            if (p.cell[x] != g[x])
                return snprintf(msg, cap, "puzzle %d: clue %d at r%dc%d, the grid has %d", k + 1, p.cell[x] + 1,
                                x / 8 + 1, x % 8 + 1, g[x] + 1),
                       -1;
            m |= UINT64_C(1) << x;
        }
        if (__builtin_popcountll(m) != clues)
            return snprintf(msg, cap, "puzzle %d: %d clues, want %d", k + 1, __builtin_popcountll(m), clues), -1;
        for (int j = f->first[f->n]; j < f->npuzzles; j++)
            if (f->mask[j] == m) return snprintf(msg, cap, "puzzle %d: listed twice", k + 1), -1;
        f->mask = realloc(f->mask, sizeof *f->mask * (size_t)(f->npuzzles + 1));
        assert_non_null(f->mask);
        f->mask[f->npuzzles++] = m;
        t += len;
        if (*t == ' ') t++;
        if (*t == 0 && t[-1] == ' ') return snprintf(msg, cap, "a space at the end"), -1;
    }
    if (k == 0) return snprintf(msg, cap, "no puzzle after the grid"), -1;
    return 0;
}

/* Reads path into f. Returns 0, or -1 with a one-line reason naming the
 * file and line in msg (f is then empty). */
static int k14_file_load(const char *path, int clues, k14_file *f, char *msg, size_t cap)
{
    memset(f, 0, sizeof *f);
    const geometry *geo = geometry_get(2, 4);
    gridfile *gf;
    mc_error err;
    if (gridfile_open(path, geo, DIGITS_STD, &gf, &err) != MC_OK) return snprintf(msg, cap, "%s", err.msg), -1;
    grid g;
    const char *trailer;
    mc_status st;
    int rc = 0;
    while (rc == 0 && (st = gridfile_next(gf, &g, &trailer, &err)) != MC_EOF) {
        if (st != MC_OK) {
            snprintf(msg, cap, "%s", err.msg);
            rc = -1;
            break;
        }
        f->grid = realloc(f->grid, (size_t)64 * (size_t)(f->n + 1));
        f->first = realloc(f->first, sizeof *f->first * (size_t)(f->n + 1));
        assert_true(f->grid && f->first);
        memcpy(f->grid + 64 * f->n, g.cell, 64);
        f->first[f->n] = f->npuzzles;
        char why[sizeof err.msg + 100];
        if (!grid_is_valid_solution(&g)) {
            snprintf(why, sizeof why, "the grid is not a valid solution grid");
            rc = -1;
        } else
            rc = k14_line_puzzles(f, g.cell, trailer, clues, why, sizeof why);
        if (rc) snprintf(msg, cap, "%s:%ld: %s", path, gridfile_line(gf), why);
        else f->n++;
    }
    gridfile_free(gf);
    if (rc == 0 && f->n == 0) rc = -1, snprintf(msg, cap, "%s: no grid", path);
    if (rc) {
        k14_file_free(f);
        return -1;
    }
    f->expect = malloc(sizeof *f->expect * (size_t)f->n);
    assert_non_null(f->expect);
    for (int i = 0; i < f->n; i++) {
        int end = i + 1 < f->n ? f->first[i + 1] : f->npuzzles;
        qsort(f->mask + f->first[i], (size_t)(end - f->first[i]), sizeof *f->mask, cmp_mask);
        f->expect[i] = (xexpect){f->mask + f->first[i], end - f->first[i]};
    }
    return 0;
}

/* The clue count of every puzzle of es8x8-k14.txt. */
#define K14_CLUES 14

/* Grids lo..hi-1 (hi -1: to the end) of the file of grids with puzzles
 * path (K14_CLUES clues each): check64 (core) and the checker list the same puzzles with K clues,
 * and both lists hold every puzzle the file gives. Returns the puzzles
 * listed in all; *ngrids gets the file's grid count, *nexpected the
 * puzzles the file gives for grids lo..hi-1. */
static uint64_t cross_8x8_expected(const char *path, int lo, int hi, int K, int core, int *ngrids, int *nexpected)
{
    k14_file f;
    char msg[1400];
    if (k14_file_load(path, K14_CLUES, &f, msg, sizeof msg) != 0) {
        fprintf(stderr, "%s\n", msg);
        fail();
    }
    if (hi < 0) hi = f.n;
    assert_true(lo >= 0 && lo <= hi && hi <= f.n);
    *ngrids = f.n;
    *nexpected = 0;
    for (int i = lo; i < hi; i++) *nexpected += f.expect[i].n;
    uint64_t total = cross_8x8_grids(f.grid, lo, hi, K, core, f.expect, NULL);
    k14_file_free(&f);
    return total;
}

/* The same on grids lo..hi-1 of tests/data/es8x8-sample.txt (2000 ES grids
 * drawn with seed 8). */
static uint64_t cross_8x8(int lo, int hi, int K, int core)
{
    return cross_8x8_file(MC_TEST_DATA "/es8x8-sample.txt", lo, hi, K, core, NULL);
}

#endif
