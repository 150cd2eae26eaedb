/* bench_band — the band engine and the checker side by side on 9x9 grids.
 *
 *   bench_band [--set a|b] [--k K] [--n N] [--from I] [--first]
 *              [--engine both|band|checker] [--no-two-band]
 *
 * Sets as bench_search: (a) the grids of the first 20 puzzles of
 * tests/data/seventeen.txt, (b) the 20 sampled grids of
 * grids/demo-sample.txt (lines with a rank-N trailer). For each grid and
 * engine: CPU seconds (one thread), puzzles found, and the band engine's
 * record (pairs, survivors, band-3 checks, solver calls, UAs learned,
 * seconds per phase); at the end the mean per engine and the engines'
 * memory. With both engines the puzzle lists are compared (as sets of
 * cells) and a difference is reported. --first stops each grid at its first
 * puzzle (band engine only; the checker is not run then).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "band_engine.h"
#include "banner.h"
#include "cellset.h"
#include "checker.h"
#include "gridfile.h"
#include "mc_clock.h"
#include "solver.h"

#define NMAX 20

typedef struct plist {
    cs81 set[256];
    int n;
} plist;

static void on_found(void *arg, const uint8_t *pz, int n)
{
    (void)n;
    plist *p = arg;
    cs81 s = cs81_empty();
    for (int c = 0; c < 81; c++)
        if (pz[c] != CELL_EMPTY) cs81_add(&s, c);
    if (p->n < 256) p->set[p->n] = s;
    p->n++;
}

static int same(const plist *a, const plist *b)
{
    if (a->n != b->n) return 0;
    for (int i = 0; i < a->n && i < 256; i++) {
        int f = 0;
        for (int j = 0; j < b->n && j < 256 && !f; j++) f = cs81_eq(a->set[i], b->set[j]);
        if (!f) return 0;
    }
    return 1;
}

static int load(const char *set, int n, int from, uint8_t (*out)[81])
{
    const geometry *g = geometry_9x9();
    gridfile *f;
    mc_error err;
    int a = set[0] == 'a';
    const char *path = a ? MC_TEST_DATA "/seventeen.txt" : MC_SOURCE_DIR "/grids/demo-sample.txt";
    if (gridfile_open(path, g, DIGITS_STD, &f, &err) != MC_OK) {
        fprintf(stderr, "%s\n", err.msg);
        return -1;
    }
    solver_ctx *s = solver_new(g);
    solver_result res;
    int got = 0, idx = 0;
    for (;;) {
        grid gr;
        const char *tr;
        mc_status st = gridfile_next(f, &gr, &tr, &err);
        if (st != MC_OK || got == n) break;
        if (!a && !(tr && !strncmp(tr, "rank-", 5))) continue;
        if (++idx < from) continue;
        if (a) {
            if (solver_count(s, gr.cell, 2, &res) != 1) return -1;
            memcpy(out[got++], res.sol[0], 81);
        } else {
            memcpy(out[got++], gr.cell, 81);
        }
    }
    solver_free(s);
    gridfile_free(f);
    return got;
}

int main(int argc, char **argv)
{
    const char *set = "b", *eng = "both";
    int k = 16, n = NMAX, from = 1, first = 0, twoband = 1;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--set") && i + 1 < argc) set = argv[++i];
        else if (!strcmp(argv[i], "--k") && i + 1 < argc) k = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--n") && i + 1 < argc) n = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--from") && i + 1 < argc) from = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--engine") && i + 1 < argc) eng = argv[++i];
        else if (!strcmp(argv[i], "--first")) first = 1;
        else if (!strcmp(argv[i], "--no-two-band")) twoband = 0;
        else {
            fprintf(stderr, "usage: bench_band [--set a|b] [--k K] [--n N] [--from I] [--first]"
                            " [--engine both|band|checker] [--no-two-band]\n");
            return 2;
        }
    }
    if (n < 1 || n > NMAX) return 2;
    static uint8_t grids[NMAX][81];
    n = load(set, n, from, grids);
    if (n < 1) return 1;
    int run_band = strcmp(eng, "checker") != 0, run_chk = strcmp(eng, "band") != 0 && !first;
    mc_banner(stdout);
    printf("bench_band: set (%s) grids %d..%d, K = %d%s (one core, CPU s)\n\n", set, from, from + n - 1, k,
           first ? ", first puzzle only" : "");
    band_options bo;
    band_options_default(&bo, k);
    bo.first = first;
    bo.two_band_check = twoband;
    band_engine *be = run_band ? band_engine_new(&bo) : NULL;
    checker_options co;
    checker_options_default(&co, k);
    checker_ctx *cc = run_chk ? checker_new(geometry_9x9(), &co) : NULL;
    printf("%-4s %9s %9s %6s %6s | %11s %9s %8s %9s %9s %6s %6s | %6s %6s %6s %6s\n", "grid", "band s",
           "checker s", "b.puz", "c.puz", "pairs", "surv", "2band ok", "b3 checks", "solver", "learn2",
           "learn", "tab s", "ua s", "pair s", "b3 s");
    double sb = 0, sc = 0;
    int bad = 0, with = 0;
    band_record tot = {0};
    for (int i = 0; i < n; i++) {
        plist pb = {.n = 0}, pc = {.n = 0};
        band_record br = {0};
        double tb = 0, tc = 0;
        if (be) {
            double t0 = mc_thread_cpu_seconds();
            if (band_engine_run(be, grids[i], &br, on_found, &pb) != MC_OK) return 1;
            tb = mc_thread_cpu_seconds() - t0;
            work_counters_add(&tot.work, &br.work);
            if (pb.n) with++;
        }
        if (cc) {
            checker_record cr;
            double t0 = mc_thread_cpu_seconds();
            if (checker_run(cc, grids[i], &cr, on_found, &pc) != MC_OK) return 1;
            tc = mc_thread_cpu_seconds() - t0;
        }
        sb += tb, sc += tc;
        int diff = be && cc && !same(&pb, &pc);
        bad += diff;
        printf("%-4d %9.2f %9.2f %6d %6d | %11llu %9llu %8llu %9llu %9llu %6llu %6llu | %6.2f %6.2f %6.2f %6.2f%s\n",
               from + i, tb, tc, pb.n, pc.n, (unsigned long long)br.pairs, (unsigned long long)br.survivors,
               (unsigned long long)br.two_band_pass, (unsigned long long)br.band3_checks,
               (unsigned long long)br.solver_calls, (unsigned long long)br.ua_learned_two_band,
               (unsigned long long)br.ua_learned, br.seconds_tables, br.seconds_ua, br.seconds_pairs,
               br.seconds_band3, diff ? "  DIFFERENT" : "");
        fflush(stdout);
    }
    printf("\nmean CPU s per grid: band %.3f, checker %.3f", sb / n, sc / n);
    if (be && cc && sb > 0) printf(" (checker / band = %.2f)", sc / sb);
    printf("\n");
    if (be)
        printf("band phases (mean s): tables %.3f, ua %.3f, pairs %.3f, band 3 %.3f; grids with a puzzle: %d\n"
               "band engine memory: %.1f MiB\n",
               tot.seconds_tables / n, tot.seconds_ua / n, tot.seconds_pairs / n, tot.seconds_band3 / n, with,
               (double)band_engine_memory(be) / 1048576.0);
    if (be && cc) printf("puzzle lists: %s\n", bad ? "DIFFERENT" : "identical on every grid");
    band_engine_free(be);
    checker_free(cc);
    return bad ? 1 : 0;
}
