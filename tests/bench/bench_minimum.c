/* bench_minimum — the 8x8 minimum's search (K = 13 on ES 8x8 grids): the
 * 64-cell checker (check64.h) and the 81-cell checker (checker.h) on a
 * fixed sample.
 *
 *   bench_minimum [--n N] [--clues K] [--checker | --checker-only] [FILE]
 *
 * FILE: 8x8 solution grids (default tests/data/es8x8-sample.txt: 2000 ES
 * grids drawn with seed 8, see tests/data/README); the first N (default
 * all). check64 runs on every grid; with --checker the checker too (on the
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
    int nmax = 1 << 30, K = 13, with_checker = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--n") == 0 && i + 1 < argc) nmax = atoi(argv[++i]);
        else if (strcmp(argv[i], "--clues") == 0 && i + 1 < argc) K = atoi(argv[++i]);
        else if (strcmp(argv[i], "--checker") == 0) with_checker = 1;
        else if (strcmp(argv[i], "--checker-only") == 0) with_checker = 2;
        else if (argv[i][0] != '-') path = argv[i];
        else {
            fprintf(stderr, "usage: bench_minimum [--n N] [--clues K] [--checker | --checker-only] [FILE]\n");
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
    int n = 0;
    grid g;
    const char *trailer;
    while (n < nmax && n < 4096 && gridfile_next(f, &g, &trailer, &err) == MC_OK) memcpy(grids + 64 * n++, g.cell, 64);
    gridfile_free(f);
    mc_banner(stdout);
    printf("bench_minimum: %s, %d grids, K = %d\n", path, n, K);

    double t0;
    if (with_checker < 2) {
        check64_options o;
        check64_options_default(&o, K);
        check64 *c = check64_new(geo, &o);
        work_counters w = {0};
        t0 = mc_cpu_seconds();
        for (int i = 0; i < n; i++)
            if (check64_run(c, grids + 64 * i, &w, NULL, NULL) != MC_OK) return 1;
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
    return 0;
}
