/* bench_search — the checker on fixed 9x9 grids.
 *
 *   bench_search [--quick] [--na N] [--nb N] [--k16-only] [--k17 N]
 *                [--k17-only] [--k17-first I] [--grid I]
 *
 * --grid I runs K = 16 on grid I of (a) only (for quick comparisons).
 * Seconds are CPU seconds of the process (the machine may be shared); the
 * wall-clock UA and search phases of the checker record are shown too.
 *
 * (a) the grids of the first 20 puzzles of tests/data/seventeen.txt,
 * (b) 20 grids drawn uniformly over the 5,472,730,538 ES grids by the
 *     catalogue sampler, `minclue grids sample --count 20 --seed 6` over the
 *     shipped counts: grids 21-40 of grids/demo-sample.txt, the lines with a
 *     `rank-N` trailer (cli_test_grids checks that they are the sampler's),
 * K = 16 on both: seconds per grid (mean, median), UAs, nodes, candidates,
 * solver calls; then K = 17 on the first 3 grids of (a) (or N of them),
 * where the known puzzle must be found.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "banner.h"
#include "checker.h"
#include "gridfile.h"
#include "mc_clock.h"
#include "solver.h"

#define NA 20
#define NB 20

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

typedef struct hit {
    const uint8_t *want;
    int found;
} hit;

static void on_found(void *arg, const uint8_t *pz, int n)
{
    hit *h = arg;
    if (h->want && n == 17 && memcmp(pz, h->want, 81) == 0) h->found = 1;
}

static void run_set(const char *name, checker_ctx *c, uint8_t (*grids)[MAX_CELLS], int n)
{
    double sec[64], mean = 0;
    checker_record tot = {0};
    printf("%s, K = 16:\n", name);
    printf("  %-4s %6s %8s %12s %10s %10s %9s %9s %9s\n", "grid", "UAs", "learned", "nodes", "candidates",
           "solver", "ua s", "search s", "cpu s");
    for (int i = 0; i < n; i++) {
        checker_record r;
        double c0 = mc_cpu_seconds();
        if (checker_run(c, grids[i], &r, NULL, NULL) != MC_OK) {
            printf("  grid %d: error\n", i + 1);
            exit(1);
        }
        double cpu = mc_cpu_seconds() - c0;
        sec[i] = cpu;
        mean += cpu;
        checker_record_add(&tot, &r);
        printf("  %-4d %6llu %8llu %12llu %10llu %10llu %9.3f %9.3f %9.3f\n", i + 1,
               (unsigned long long)r.ua_initial, (unsigned long long)r.ua_learned, (unsigned long long)r.nodes,
               (unsigned long long)r.candidates, (unsigned long long)r.solver_calls, r.seconds_ua, r.seconds_search,
               cpu);
        fflush(stdout);
    }
    qsort(sec, (size_t)n, sizeof(double), cmp_d);
    double med = n % 2 ? sec[n / 2] : (sec[n / 2 - 1] + sec[n / 2]) / 2;
    printf("  %s: CPU mean %.3f s/grid (UAs %.3f s wall), median %.3f s, max %.3f s; per grid: %.0f UAs, %.0f learned,"
           " %.0f nodes, %.0f candidates, %.0f solver calls; puzzles %llu\n\n",
           name, mean / n, tot.seconds_ua / n, med, sec[n - 1], (double)tot.ua_initial / n,
           (double)tot.ua_learned / n, (double)tot.nodes / n, (double)tot.candidates / n,
           (double)tot.solver_calls / n, (unsigned long long)tot.puzzles);
}

int main(int argc, char **argv)
{
    int k17 = 3, na = NA, nb = NB, k16 = 1, k17_first = 1, one = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--k16-only")) k17 = 0;
        else if (!strcmp(argv[i], "--k17-only")) k16 = 0;
        else if (!strcmp(argv[i], "--k17-first") && i + 1 < argc) k17_first = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--quick")) na = nb = 5;
        else if (!strcmp(argv[i], "--k17") && i + 1 < argc) k17 = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--na") && i + 1 < argc) na = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--nb") && i + 1 < argc) nb = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--grid") && i + 1 < argc) one = atoi(argv[++i]);
        else {
            fprintf(stderr, "bench_search: unknown option %s\n", argv[i]);
            na = 0;
        }
    }
    if (one < 0 || one > NA) na = 0;
    else if (one > 0) {
        na = one;
        nb = 0;
        k17 = 0;
    }
    if (na < 1 || na > NA || nb < 0 || nb > NB) {
        fprintf(stderr, "usage: bench_search [--quick] [--na 1..20] [--nb 0..20] [--k16-only] [--k17 N]"
                        " [--k17-only] [--k17-first I] [--grid I]\n");
        return 2;
    }
    mc_banner(stdout);
    printf("bench_search: the checker on 9x9 grids (one core)\n\n");

    const geometry *g = geometry_9x9();
    static uint8_t ga[NA][MAX_CELLS], gb[NB][MAX_CELLS], pa[NA][MAX_CELLS];
    gridfile *f;
    mc_error err;
    if (gridfile_open(MC_TEST_DATA "/seventeen.txt", g, DIGITS_STD, &f, &err) != MC_OK) {
        fprintf(stderr, "%s\n", err.msg);
        return 1;
    }
    solver_ctx *s = solver_new(g);
    solver_result res;
    for (int i = 0; i < na; i++) {
        grid pz;
        const char *tr;
        if (gridfile_next(f, &pz, &tr, &err) != MC_OK) return 1;
        memcpy(pa[i], pz.cell, 81);
        if (solver_count(s, pz.cell, 2, &res) != 1) return 1;
        memcpy(ga[i], res.sol[0], 81);
    }
    gridfile_free(f);
    if (nb > 0) {
        if (gridfile_open(MC_SOURCE_DIR "/grids/demo-sample.txt", g, DIGITS_STD, &f, &err) != MC_OK) {
            fprintf(stderr, "%s\n", err.msg);
            return 1;
        }
        int got = 0;
        for (;;) {
            grid gr;
            const char *tr;
            mc_status st = gridfile_next(f, &gr, &tr, &err);
            if (st == MC_EOF) break;
            if (st != MC_OK) {
                fprintf(stderr, "%s\n", err.msg);
                return 1;
            }
            if (tr && !strncmp(tr, "rank-", 5) && got < nb) memcpy(gb[got++], gr.cell, 81);
        }
        gridfile_free(f);
        if (got < nb) {
            fprintf(stderr, "bench_search: grids/demo-sample.txt has %d sampled grids, not %d\n", got, nb);
            return 1;
        }
    }

    checker_options o;
    checker_options_default(&o, 16);
    checker_ctx *c = checker_new(g, &o);
    char name[96];
    snprintf(name, sizeof name, "(a) grids of seventeen.txt puzzles 1..%d", na);
    if (one > 0) {
        snprintf(name, sizeof name, "(a) grid %d of seventeen.txt", one);
        run_set(name, c, ga + (one - 1), 1);
    } else if (k16) run_set(name, c, ga, na);
    if (k16 && nb > 0) run_set("(b) grids of the catalogue sampler (seed 6)", c, gb, nb);
    checker_free(c);

    if (k17 > 0) {
        checker_options_default(&o, 17);
        c = checker_new(g, &o);
        printf("K = 17 on grids of (a):\n");
        for (int i = k17_first - 1; i >= 0 && i < k17_first - 1 + k17 && i < na; i++) {
            checker_record r;
            hit h = {pa[i], 0};
            double c0 = mc_cpu_seconds();
            if (checker_run(c, ga[i], &r, on_found, &h) != MC_OK) return 1;
            printf("  grid %d: %.3f s CPU, %.3f s wall (UAs %.3f s), %llu puzzles, known puzzle %s; %llu nodes, %llu candidates,"
                   " %llu learned\n",
                   i + 1, mc_cpu_seconds() - c0, r.seconds_total, r.seconds_ua, (unsigned long long)r.puzzles, h.found ? "found" : "MISSING",
                   (unsigned long long)r.nodes, (unsigned long long)r.candidates, (unsigned long long)r.ua_learned);
            fflush(stdout);
        }
        checker_free(c);
    }
    solver_free(s);
    return 0;
}
