/* bench_minimum — the 8x8 minimum's search (K = 13 on ES 8x8 grids): the
 * 64-cell checker (check64.h) and the 81-cell checker (checker.h) on a
 * fixed sample.
 *
 *   bench_minimum [--n N] [--step S] [--clues K] [--puzzles] [--checker | --checker-only] [FILE]
 *
 * FILE: 8x8 solution grids (default tests/data/es8x8-sample.txt: 2000 ES
 * grids drawn with seed 8, see tests/data/README); every S-th grid (default
 * 1: each), the first N of those (default all). --puzzles: each puzzle
 * check64 finds goes to stderr with its grid's line number. check64's
 * options: --cycles 0|1, --split 0..2, --digits D, --size S. check64 runs on every grid; with --checker the checker too (on the
 * same grids, after it), with --checker-only the checker alone. Prints, per engine, CPU seconds per grid (process CPU: the
 * machine may be shared), initial UAs, second solutions, nodes, candidates
 * and solver calls per grid, the puzzles found, and the projection to all
 * 1,673,187 ES grids in core-hours.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "banner.h"
#include "check64.h"
#include "checker.h"
#include "gridfile.h"
#include "mc_clock.h"

#define ES8 1673187.0

/* --puzzles: the grid's line number and each puzzle (an 8x8 line of
 * digits 1-8 and dots) go to stderr. */
typedef struct shown {
    long line;
} shown;

static void show(void *arg, const uint8_t *pz, int n)
{
    const shown *s = arg;
    char text[65];
    for (int x = 0; x < 64; x++) text[x] = pz[x] == CELL_EMPTY ? '.' : (char)('1' + pz[x]);
    text[64] = 0;
    fprintf(stderr, "grid line %ld: %d clues %s\n", s->line, n, text);
}

static void line(const char *name, int n, double cpu, const work_counters *w)
{
    printf("%-8s %5d grids: %.5f s CPU per grid; per grid %.1f initial UAs, %.2f second solutions, %.0f nodes, "
           "%.2f candidates, %.2f solver calls; %llu puzzles; wall s finding UAs %.5f, searching %.5f per grid; all ES 8x8 grids: %.2f core-hours\n",
           name, n, cpu / n, (double)w->ua_initial / n, (double)w->ua_second / n, (double)w->nodes / n,
           (double)w->candidates / n, (double)w->solver_calls / n, (unsigned long long)w->puzzles, w->seconds_ua / n, w->seconds_search / n,
           cpu / n * ES8 / 3600.0);
}

int main(int argc, char **argv)
{
    const char *path = MC_TEST_DATA "/es8x8-sample.txt";
    int nmax = 1 << 30, K = 13, with_checker = 0, step = 1, puzzles = 0, cycles = -1, split = -1, digits = 0, size = 0, umax = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--n") == 0 && i + 1 < argc) nmax = atoi(argv[++i]);
        else if (strcmp(argv[i], "--step") == 0 && i + 1 < argc) step = atoi(argv[++i]);
        else if (strcmp(argv[i], "--puzzles") == 0) puzzles = 1;
        else if (strcmp(argv[i], "--cycles") == 0 && i + 1 < argc) cycles = atoi(argv[++i]);
        else if (strcmp(argv[i], "--split") == 0 && i + 1 < argc) split = atoi(argv[++i]);
        else if (strcmp(argv[i], "--digits") == 0 && i + 1 < argc) digits = atoi(argv[++i]);
        else if (strcmp(argv[i], "--size") == 0 && i + 1 < argc) size = atoi(argv[++i]);
        else if (strcmp(argv[i], "--max") == 0 && i + 1 < argc) umax = atoi(argv[++i]);
        else if (strcmp(argv[i], "--clues") == 0 && i + 1 < argc) K = atoi(argv[++i]);
        else if (strcmp(argv[i], "--checker") == 0) with_checker = 1;
        else if (strcmp(argv[i], "--checker-only") == 0) with_checker = 2;
        else if (argv[i][0] != '-') path = argv[i];
        else {
            fprintf(stderr, "usage: bench_minimum [--n N] [--step S] [--clues K] [--puzzles] [--cycles 0|1] [--split 0|1|2] [--digits D] [--size S] [--max M] [--checker | --checker-only] [FILE]\n");
            return 2;
        }
    }
    const geometry *geo = geometry_get(2, 4);
    gridfile *f;
    mc_error err;
    if (gridfile_open(path, geo, DIGITS_STD, &f, &err) != MC_OK) {
        fprintf(stderr, "bench_minimum: %s\n", err.msg);
        return 2;
    }
    uint8_t *grids = malloc((size_t)64 * 4096);
    long *lines = malloc(sizeof *lines * 4096);
    int n = 0;
    grid g;
    const char *trailer;
    if (step < 1) step = 1;
    for (long line_no = 0; n < nmax && n < 4096 && gridfile_next(f, &g, &trailer, &err) == MC_OK; line_no++)
        if (line_no % step == 0) {
            lines[n] = line_no + 1;
            memcpy(grids + 64 * n++, g.cell, 64);
        }
    gridfile_free(f);
    mc_banner(stdout);
    printf("bench_minimum: %s, %d grids, K = %d\n", path, n, K);

    double t0;
    if (with_checker < 2) {
        check64_options o;
        check64_options_default(&o, K);
        if (cycles >= 0) o.cycles = cycles;
        if (split >= 0) o.split = split;
        if (digits > 0) o.ua_digits = digits;
        if (size > 0) o.ua_size = size;
        if (umax > 0) o.ua_max = umax;
        printf("check64: cycles %d, split %d, UA digits %d, UA size %d, UAs at most %d\n", o.cycles, o.split,
               o.ua_digits, o.ua_size, o.ua_max);
        check64 *c = check64_new(geo, &o);
        work_counters w = {0};
        t0 = mc_cpu_seconds();
        for (int i = 0; i < n; i++) {
            shown sh = {lines[i]};
            if (check64_run(c, grids + 64 * i, &w, puzzles ? show : NULL, &sh) != MC_OK) return 1;
        }
        line("check64", n, mc_cpu_seconds() - t0, &w);
        check64_free(c);
        fflush(stdout);
    }

    if (with_checker) {
        checker_options co;
        checker_options_default(&co, K);
        checker_ctx *k = checker_new(geo, &co);
        checker_record tot = {0};
        t0 = mc_cpu_seconds();
        for (int i = 0; i < n; i++) {
            checker_record rec;
            if (checker_run(k, grids + 64 * i, &rec, NULL, NULL) != MC_OK) return 1;
            checker_record_add(&tot, &rec);
        }
        line("checker", n, mc_cpu_seconds() - t0, &tot.work);
        checker_free(k);
    }
    free(grids);
    free(lines);
    return 0;
}
