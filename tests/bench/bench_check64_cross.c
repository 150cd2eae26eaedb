/* bench_check64_cross — where check64 (check64.h) beats the checker
 * (checker.h) on the shapes check64 takes: both engines on the same grids
 * for each K, CPU seconds per grid, nodes, and the puzzles each found (they
 * must be equal: the engines are twins).
 *
 *   bench_check64_cross --box RxC --k K1,K2,... [--n N] [--budget S] [FILE]
 *
 * FILE: solution grids of the shape (defaults: 2x2 tests/data/grids-4x4-all.txt,
 * 2x3 jobs/proofs/6x6/es6x6.txt, 2x4 tests/data/es8x8-sample.txt); the
 * first N grids (default 20). For each K the two engines take the grids
 * one by one in turn (check64, then the checker, on grid 1, then grid 2,
 * ...) until N grids or until either engine has used S CPU seconds
 * (default 20) at this K: both are then timed on the same grids. Prints one
 * line per K (grids, CPU s per grid for each, the ratio, nodes per grid,
 * puzzles, the faster engine) and, last, the K values where check64 was
 * the faster: check64_crossover.h takes its rule from them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "banner.h"
#include "check64.h"
#include "checker.h"
#include "gridfile.h"
#include "mc_clock.h"

static int usage(void)
{
    fprintf(stderr, "usage: bench_check64_cross --box RxC --k K1,K2,... [--n N] [--budget S] [FILE]\n");
    return 2;
}

int main(int argc, char **argv)
{
    const char *path = NULL, *ks = NULL;
    int R = 0, C = 0, nmax = 20;
    double budget = 20;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--box") && i + 1 < argc) {
            if (sscanf(argv[++i], "%dx%d", &R, &C) != 2) return usage();
        } else if (!strcmp(argv[i], "--k") && i + 1 < argc) {
            ks = argv[++i];
        } else if (!strcmp(argv[i], "--n") && i + 1 < argc) {
            nmax = atoi(argv[++i]);
        } else if (!strcmp(argv[i], "--budget") && i + 1 < argc) {
            budget = atof(argv[++i]);
        } else if (argv[i][0] != '-') {
            path = argv[i];
        } else {
            return usage();
        }
    }
    const geometry *geo = R && C ? geometry_get(R, C) : NULL;
    if (!geo || !check64_takes(geo) || !ks || nmax < 1) return usage();
    if (!path)
        path = R == 2 && C == 2   ? MC_TEST_DATA "/grids-4x4-all.txt"
               : R == 2 && C == 3 ? MC_SOURCE_DIR "/jobs/proofs/6x6/es6x6.txt"
                                  : MC_TEST_DATA "/es8x8-sample.txt";
    gridfile *f;
    mc_error err;
    if (gridfile_open(path, geo, DIGITS_STD, &f, &err) != MC_OK) {
        fprintf(stderr, "bench_check64_cross: %s\n", err.msg);
        return 2;
    }
    const int nc = geo->ncells;
    uint8_t *grids = malloc((size_t)nc * (size_t)nmax);
    int n = 0;
    grid g;
    const char *trailer;
    while (n < nmax && grids && gridfile_next(f, &g, &trailer, &err) == MC_OK) memcpy(grids + nc * n++, g.cell, nc);
    gridfile_free(f);
    mc_banner(stdout);
    printf("bench_check64_cross: %s, %dx%d boxes, up to %d grids, K = %s, budget %.0f CPU s per engine and K\n", path,
           R, C, n, ks, budget);
    char faster[512] = "";
    size_t fl = 0;
    for (const char *p = ks; *p;) {
        int K = atoi(p);
        const char *comma = strchr(p, ',');
        p = comma ? comma + 1 : p + strlen(p);
        if (K < 1 || K > nc) return usage();
        check64_options o;
        check64_options_default(&o, K);
        checker_options co;
        checker_options_default(&co, K);
        check64 *c64 = check64_new(geo, &o);
        checker_ctx *ck = checker_new(geo, &co);
        if (!c64 || !ck) return 1;
        work_counters w64 = {0};
        checker_record tot = {0};
        double t64 = 0, tck = 0;
        int done = 0;
        for (; done < n && t64 < budget && tck < budget; done++) {
            double t0 = mc_cpu_seconds();
            if (check64_run(c64, grids + nc * done, &w64, NULL, NULL) != MC_OK) return 1;
            double t1 = mc_cpu_seconds();
            checker_record rec;
            if (checker_run(ck, grids + nc * done, &rec, NULL, NULL) != MC_OK) return 1;
            tck += mc_cpu_seconds() - t1;
            t64 += t1 - t0;
            checker_record_add(&tot, &rec);
        }
        bool win = t64 < tck;
        printf("K = %2d: %3d grids: check64 %.5f s CPU per grid (%.0f nodes), checker %.5f s (%.0f nodes), "
               "ratio %.2f; puzzles %llu and %llu%s; faster: %s\n",
               K, done, t64 / done, (double)w64.nodes / done, tck / done, (double)tot.work.nodes / done,
               t64 > 0 ? tck / t64 : 0.0, (unsigned long long)w64.puzzles, (unsigned long long)tot.work.puzzles,
               w64.puzzles == tot.work.puzzles ? "" : " DIFFER", win ? "check64" : "checker");
        fflush(stdout);
        if (win && fl + 8 < sizeof faster) fl += (size_t)snprintf(faster + fl, sizeof faster - fl, " %d", K);
        check64_free(c64);
        checker_free(ck);
        if (w64.puzzles != tot.work.puzzles) return 1;
    }
    printf("check64 the faster at K =%s\n", fl ? faster : " (none)");
    free(grids);
    return 0;
}
