/* bench_band — the band engine and the checker side by side on 9x9 grids.
 *
 *   bench_band [--set a|b] [--k K] [--n N] [--from I] [--first]
 *              [--engine both|band|checker] [--no-two-band]
 *   bench_band --crossover [--limit S] [--ks K,K,...] [--no-skip]
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
 *
 * --crossover measures where the band engine stops being the faster one:
 * on 4 grids (the catalogue's first grid, whose minimum is 19; grid 1 of
 * set (a), which has a 17; grids 1 and 2 of set (b)), for each K of --ks
 * (default 16-22, 24, 27), with --first and without, both engines, each run
 * in a child process bounded by --limit CPU seconds (default 30, RLIMIT_CPU;
 * memory 4 GiB) and reported with its CPU seconds, puzzles and peak
 * resident memory, or ">S" when it hit the limit. An engine that hit the
 * limit at some K on a grid and mode is not run at the larger K there
 * ("skip", counted at the limit: its work grows with K), except the checker
 * with --first, which gets faster as puzzles get denser (--no-skip runs
 * every one). Per K and mode, the CPU seconds of each engine summed over
 * the grids (a run at the limit counted at the limit, so a sum with one is
 * a lower bound) decide the faster engine: the band engine when all its
 * runs finished and its sum is the smaller; the last lines give, per mode,
 * the largest K up to which it is the faster at every K: the default
 * engine's rule (band_crossover.h).
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

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


/* ---- --crossover ---- */

#define XK_MAX 32
#define XGRIDS 4

typedef struct xrun {
    int state;          /* 0 finished, 1 at the limit, 2 skipped, 3 failed */
    double cpu;         /* CPU seconds of the child */
    long puzzles;
    double rss_mib;     /* peak resident memory of the child */
} xrun;

static void count_found(void *arg, const uint8_t *pz, int n)
{
    (void)pz, (void)n;
    ++*(long *)arg;
}

/* One engine on one grid in a child bounded by limit CPU seconds. */
static xrun run_bounded(const uint8_t g[81], int k, int first, int band, int limit)
{
    xrun r = {.state = 3};
    int fd[2];
    if (pipe(fd) != 0) return r;
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0) return r;
    if (pid == 0) {
        close(fd[0]);
        struct rlimit cpu = {(rlim_t)limit, (rlim_t)limit + 1}, as = {4UL << 30, 4UL << 30};
        setrlimit(RLIMIT_CPU, &cpu);
        setrlimit(RLIMIT_AS, &as);
        long n = 0;
        mc_status st;
        if (band) {
            band_options bo;
            band_options_default(&bo, k);
            bo.first = first;
            band_engine *be = band_engine_new(&bo);
            band_record br;
            st = be ? band_engine_run(be, g, &br, count_found, &n) : MC_ENOMEM;
        } else {
            checker_options co;
            checker_options_default(&co, k);
            co.first = first;
            checker_ctx *cc = checker_new(geometry_9x9(), &co);
            checker_record cr;
            st = cc ? checker_run(cc, g, &cr, count_found, &n) : MC_ENOMEM;
        }
        if (st == MC_OK && write(fd[1], &n, sizeof n) != (ssize_t)sizeof n) _exit(1);
        _exit(st == MC_OK ? 0 : 1);
    }
    close(fd[1]);
    long n = 0;
    ssize_t got = read(fd[0], &n, sizeof n);
    close(fd[0]);
    int status;
    struct rusage ru;
    if (wait4(pid, &status, 0, &ru) != pid) return r;
    r.cpu = (double)ru.ru_utime.tv_sec + (double)ru.ru_stime.tv_sec +
            ((double)ru.ru_utime.tv_usec + (double)ru.ru_stime.tv_usec) / 1e6;
    r.rss_mib = (double)ru.ru_maxrss / 1024.0;
    if (got == (ssize_t)sizeof n && WIFEXITED(status) && WEXITSTATUS(status) == 0) {
        r.state = 0;
        r.puzzles = n;
    } else if (WIFSIGNALED(status) && (WTERMSIG(status) == SIGXCPU || WTERMSIG(status) == SIGKILL)) {
        r.state = 1;
    }
    return r;
}

static void print_run(const xrun *r, int limit)
{
    char s[32];
    if (r->state == 0) snprintf(s, sizeof s, "%.2f", r->cpu);
    else if (r->state == 1) snprintf(s, sizeof s, ">%d", limit);
    else snprintf(s, sizeof s, "%s", r->state == 2 ? "skip" : "FAIL");
    printf(" %8s", s);
    if (r->state == 0) printf(" %7ld %6.0f", r->puzzles, r->rss_mib);
    else if (r->state == 1) printf(" %7s %6.0f", "-", r->rss_mib);
    else printf(" %7s %6s", "-", "-");
}

/* 1 when band is faster than checker (a finished run beats one at the limit). */
static int band_faster(const xrun *b, const xrun *c)
{
    int bf = b->state == 0, cf = c->state == 0;
    if (bf && cf) return b->cpu < c->cpu;
    return bf && !cf;
}

/* CPU seconds of a run for the sums: the limit when it did not finish. */
static double run_cost(const xrun *r, int limit)
{
    return r->state == 0 ? r->cpu : (double)limit;
}

static int crossover(int argc, char **argv)
{
    int limit = 30, skip = 1, ks[XK_MAX], nk = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--crossover")) continue;
        if (!strcmp(argv[i], "--limit") && i + 1 < argc) limit = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--no-skip")) skip = 0;
        else if (!strcmp(argv[i], "--ks") && i + 1 < argc) {
            for (char *t = strtok(argv[++i], ","); t && nk < XK_MAX; t = strtok(NULL, ",")) ks[nk++] = atoi(t);
        } else {
            fprintf(stderr, "usage: bench_band --crossover [--limit S] [--ks K,K,...] [--no-skip]\n");
            return 2;
        }
    }
    if (!nk) {
        static const int def[] = {16, 17, 18, 19, 20, 21, 22, 24, 27};
        for (nk = 0; nk < (int)(sizeof def / sizeof *def); nk++) ks[nk] = def[nk];
    }
    for (int i = 0; i < nk; i++)
        if (ks[i] < 1 || ks[i] > 27) return 2;
    if (limit < 1) return 2;
    static uint8_t g[XGRIDS][81];
    static const char *const names[XGRIDS] = {"rank 1", "(a) 1", "(b) 1", "(b) 2"};
    static const char first_grid[] =
        "123456789456789123789123456214365897365897214897214365531642978642978531978531642";
    for (int c = 0; c < 81; c++) g[0][c] = (uint8_t)(first_grid[c] - '1');
    if (load("a", 1, 1, g + 1) != 1 || load("b", 2, 1, g + 2) != 2) return 1;
    mc_banner(stdout);
    printf("bench_band --crossover: CPU seconds per run (limit %d s each, a child process), puzzles, peak MiB\n\n",
           limit);
    static xrun res[2][XGRIDS][XK_MAX][2]; /* [first][grid][k][band] */
    for (int first = 1; first >= 0; first--) {
        printf("%s\n%-7s %3s | %8s %7s %6s | %8s %7s %6s | %s\n", first ? "--first (stop at the first puzzle):" : "every puzzle:",
               "grid", "K", "band s", "puzzles", "MiB", "check s", "puzzles", "MiB", "faster");
        for (int gi = 0; gi < XGRIDS; gi++) {
            int dead[2] = {0, 0};
            for (int ki = 0; ki < nk; ki++) {
                for (int b = 1; b >= 0; b--) {
                    xrun *r = &res[first][gi][ki][b];
                    if (dead[b]) {
                        r->state = 2;
                        continue;
                    }
                    *r = run_bounded(g[gi], ks[ki], first, b, limit);
                    if (r->state == 1 && skip && (b || !first)) dead[b] = 1;
                }
                const xrun *rb = &res[first][gi][ki][1], *rc = &res[first][gi][ki][0];
                printf("%-7s %3d |", names[gi], ks[ki]);
                print_run(rb, limit);
                printf(" |");
                print_run(rc, limit);
                printf(" | %s\n", band_faster(rb, rc) ? "band" : (rb->state == 0 || rc->state == 0) ? "checker" : "neither finished");
                fflush(stdout);
            }
        }
        int upto = 0, broken = 0;
        for (int ki = 0; ki < nk; ki++) {
            double sb = 0, sc = 0;
            int lb = 0, lc = 0;
            for (int gi = 0; gi < XGRIDS; gi++) {
                sb += run_cost(&res[first][gi][ki][1], limit), lb += res[first][gi][ki][1].state != 0;
                sc += run_cost(&res[first][gi][ki][0], limit), lc += res[first][gi][ki][0].state != 0;
            }
            printf("  K = %2d: band %s%.2f s, checker %s%.2f s over the %d grids\n", ks[ki], lb ? ">=" : "", sb,
                   lc ? ">=" : "", sc, XGRIDS);
            /* band wins only with every run finished and a smaller sum than
             * the checker's (which may be a lower bound) */
            if (lb || !(sb < sc)) broken = 1;
            if (!broken) upto = ks[ki];
        }
        printf("%s: the band engine is the faster (summed over the grids) for every K <= %d of the list\n\n",
               first ? "--first" : "every puzzle", upto);
    }
    return 0;
}

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--crossover")) return crossover(argc, argv);
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
