/* cmd_minimum — `minclue minimum`: the fewest clues of a unique puzzle for a
 * small shape (every grid enumerated), or over the grids of files. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "band_engine.h"
#include "canon.h"
#include "check64.h"
#include "check64_crossover.h"
#include "checker.h"
#include "enumerate.h"
#include "cli.h"
#include "mc_clock.h"
#include "prng.h"
#include "progress.h"

static const char *help =
    "usage: minclue minimum --box RxC [--engine check64|checker] [--estimate N] [--seed S]\n"
    "                       [checker options]\n"
    "       minclue minimum [--box RxC] [--engine checker|band|check64] [--from K]\n"
    "                       [checker options] FILE...\n"
    "\n"
    "Finds the smallest number of clues of a unique puzzle for a small shape\n"
    "and proves it: every grid with the first row 1..N is built by\n"
    "backtracking, reduced to its minlex form (one grid per essentially\n"
    "different class), and the search (unavoidable sets, hitting sets,\n"
    "solver) runs on each class with K = 1, 2, ... until some grid has a\n"
    "puzzle. The K before that is the proof: no grid has a unique puzzle with\n"
    "K - 1 clues. 2x2 (4x4 grids) and 2x3 (6x6 grids): seconds. 2x4 (8x8\n"
    "grids): the 1,673,187 ES grids are enumerated as `grids enum --box 2x4`\n"
    "does and streamed: K = 13 on every one (every puzzle of at most 13\n"
    "clues: none), then K = 14 grid by grid until one has a puzzle, with a\n"
    "progress line (grids done of all, rate, ETA) on stderr. Engine check64,\n"
    "one process, no journal: the K = 13 part took 3.3 core-hours of CPU\n"
    "(0.0071 s per grid) when it was run to the end as the resumable job\n"
    "jobs/proofs/8x8/es8x8-k13.job (record: jobs/proofs/8x8/RECORD.txt), so\n"
    "about 3.3 hours here; interrupted, it claims nothing.\n"
    "\n"
    "With FILE arguments the grids are those of the files instead (solution\n"
    "grids, one per line, all of one shape; `#` comments; gzip read), searched\n"
    "with K = --from, --from + 1, ... until one of them has a puzzle: the\n"
    "minimum over those grids, proved for them only. A search with K reports\n"
    "every puzzle of at most K clues, so the first K without a puzzle proves\n"
    "there is none with fewer; when the first K searched already has one, the\n"
    "minimum is only bounded (exit status 1: start lower).\n"
    "\n"
    "  --box RxC      the shape (2x2, 2x3 or 2x4 for a proof; with FILE:\n"
    "                 default from the first grid's line length)\n"
    "  --engine NAME  checker (default, but for --box 2x4): every shape;\n"
    "                 check64 (default for --box 2x4 without a checker\n"
    "                 option): grids of at most 64 cells, UAs of at most 5\n"
    "                 digits and 12 cells (8x8) and the band and stack\n"
    "                 cycles, two searches split by the left and right\n"
    "                 halves, the same puzzles (other shapes are refused);\n"
    "                 on 8x8 K = 13 about 7 times as fast as the checker\n"
    "                 (README);\n"
    "                 band: the band method (minclue search --help), 9x9\n"
    "                 grids only (3 bands of 3 rows of 3x3 boxes, so FILE\n"
    "                 arguments are needed), K from 1 to 27, none of the\n"
    "                 options --ua-max, --ua-limit, --max-degree; it stops each\n"
    "                 grid at its first puzzle, so for the K that has puzzles\n"
    "                 it counts the grids that have one, not all the puzzles;\n"
    "                 other shapes are refused (exit status 2)\n"
    "  --from K       with FILE: the first K searched (default 1)\n"
    "  --estimate N   2x4 boxes (8x8 grids): enumerate the 1,673,187 ES grids,\n"
    "                 draw N of them uniformly and search each with K = 13;\n"
    "                 prints the CPU time of the full K = 13 proof it\n"
    "                 extrapolates to (no proof is made; check64 or checker)\n"
    "  --seed S       seed of the random grids for --estimate (default 1)\n"
    "checker options (as for search; the defaults make the proof):\n";
static const char *help_tail =
    "\n"
    "Exit status: 0 when the proof (or the estimate) is complete, 1 when the\n"
    "first K searched over FILE already has a puzzle (bound, no proof), 2 on\n"
    "usage errors, an invalid grid line or an unsupported shape.\n";

static void print_help(FILE *f)
{
    fputs(help, f);
    fputs(cli_checker_options_help, f);
    fputs(help_tail, f);
}

typedef struct grid_list {
    uint8_t *cells;     /* n * ncells */
    size_t n, cap;
    int ncells;
} grid_list;

static int list_add(grid_list *l, const uint8_t *g)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 1024;
        uint8_t *p = realloc(l->cells, cap * (size_t)l->ncells);
        if (!p) return -1;
        l->cells = p;
        l->cap = cap;
    }
    memcpy(l->cells + l->n * (size_t)l->ncells, g, (size_t)l->ncells);
    l->n++;
    return 0;
}

static int g_ncells; /* for qsort's comparison only */
static int cmp_grid(const void *a, const void *b) { return memcmp(a, b, (size_t)g_ncells); }

/* Every grid with first row 0..N-1 (plain backtracking); calls back per grid. */
typedef struct enum_ctx {
    const geometry *geo;
    uint8_t cur[MAX_CELLS];
    uint64_t count;
    grid_list *classes;
    int fail;
} enum_ctx;

static void enum_rec(enum_ctx *e, int cell)
{
    const geometry *g = e->geo;
    if (e->fail) return;
    if (cell == g->ncells) {
        e->count++;
        grid in, out;
        in.geo = g;
        memcpy(in.cell, e->cur, (size_t)g->ncells);
        if (canon_minlex(&in, &out, NULL) <= 0) {
            e->fail = 1;
            return;
        }
        if (list_add(e->classes, out.cell) != 0) e->fail = 1;
        return;
    }
    if (cell < g->N) {
        e->cur[cell] = (uint8_t)cell;
        enum_rec(e, cell + 1);
        return;
    }
    for (int d = 0; d < g->N; d++) {
        int ok = 1;
        for (int i = 0; i < g->npeers && ok; i++) {
            int p = g->peer[cell][i];
            if (p < cell && e->cur[p] == d) ok = 0;
        }
        if (!ok) continue;
        e->cur[cell] = (uint8_t)d;
        enum_rec(e, cell + 1);
    }
}

typedef struct first_found {
    const geometry *geo;
    int have;
    char text[MAX_CELLS + 1];
} first_found;

static void on_found(void *arg, const uint8_t *puzzle, int n)
{
    (void)n;
    first_found *f = arg;
    if (!f || f->have) return;
    grid g;
    g.geo = f->geo;
    memcpy(g.cell, puzzle, (size_t)f->geo->ncells);
    grid_format(&g, DIGITS_STD, f->text);
    f->have = 1;
}

typedef enum min_engine { MIN_CHECKER, MIN_BAND, MIN_CHECK64 } min_engine;
static const char *const engine_names[] = {"checker", "band", "check64"};

/* One engine for one K, grid by grid. The band engine stops each grid at
 * its first puzzle; first = true does the same for the others. */
typedef struct runner {
    checker_ctx *c;
    band_engine *be;
    check64 *c64;
} runner;

static bool runner_open(runner *rn, const geometry *geo, min_engine eng, const checker_options *copt, int K,
                        bool first)
{
    memset(rn, 0, sizeof *rn);
    if (eng == MIN_CHECK64) {
        check64_options o;
        check64_options_default(&o, K);
        o.first = first;
        rn->c64 = check64_new(geo, &o);
    } else if (eng == MIN_BAND) {
        band_options bo;
        band_options_default(&bo, K);
        bo.first = 1;
        bo.learn = copt->learn;
        rn->be = band_engine_new(&bo);
    } else {
        checker_options ko = *copt;
        ko.clues = K;
        ko.first = first;
        rn->c = checker_new(geo, &ko);
    }
    if (!rn->c && !rn->be && !rn->c64) {
        cli_error("minimum", "out of memory");
        return false;
    }
    return true;
}

/* One grid: its work added to *w (zeroed by the caller). */
static bool runner_run(runner *rn, const uint8_t *g, work_counters *w, first_found *ff)
{
    checker_record r;
    band_record br;
    mc_status st = rn->c64 ? check64_run(rn->c64, g, w, on_found, ff)
                   : rn->be ? band_engine_run(rn->be, g, &br, on_found, ff)
                            : checker_run(rn->c, g, &r, on_found, ff);
    if (st != MC_OK) {
        bool named = rn->be && (st == MC_EINTERNAL || st == MC_ELIMIT);
        cli_error("minimum", "search failed: %s%s%s%s", mc_status_name(st), named ? ": " : "",
                  named ? band_engine_failure(rn->be) : "", st == MC_ELIMIT ? "; the checker has none: --engine checker" : "");
        return false;
    }
    if (!rn->c64) work_counters_add(w, rn->be ? &br.work : &r.work);
    return true;
}

static void runner_close(runner *rn)
{
    checker_free(rn->c);
    band_engine_free(rn->be);
    check64_free(rn->c64);
}

/* Picks the grids of sorted ranks want[0..n) (1-based, repeats allowed)
 * out of the enumeration, in enumeration order. */
typedef struct pick_ctx {
    const uint64_t *want;
    int n, next, ncells;
    uint64_t rank;
    uint8_t *out;
} pick_ctx;

static int pick_fn(void *arg, const uint8_t *g)
{
    pick_ctx *p = arg;
    p->rank++;
    while (p->next < p->n && p->want[p->next] == p->rank)
        memcpy(p->out + (size_t)p->next++ * (size_t)p->ncells, g, (size_t)p->ncells);
    return 0;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static int estimate(const geometry *geo, int n, uint64_t seed, min_engine eng, const checker_options *base)
{
    if (geo->R != 2 || geo->C != 4) {
        cli_error("minimum", "--estimate is for 2x4 boxes (8x8 grids)");
        return 2;
    }
    mc_error err;
    uint64_t nes = 0;
    double t0 = mc_wall_seconds();
    if (enumerate_shape(geo, NULL, NULL, &nes, &err) != MC_OK || nes == 0) {
        cli_error("minimum", "enumeration of the 8x8 grids failed: %s", err.msg);
        return 2;
    }
    double tenum = mc_wall_seconds() - t0;
    uint64_t *want = malloc(sizeof *want * (size_t)n);
    uint8_t *grids = malloc((size_t)n * (size_t)geo->ncells);
    if (!want || !grids) {
        cli_error("minimum", "out of memory");
        free(want);
        free(grids);
        return 2;
    }
    prng p;
    prng_seed(&p, seed);
    for (int i = 0; i < n; i++) want[i] = 1 + prng_below(&p, nes);
    qsort(want, (size_t)n, sizeof *want, cmp_u64);
    pick_ctx pc = {want, n, 0, geo->ncells, 0, grids};
    if (enumerate_shape(geo, pick_fn, &pc, NULL, &err) != MC_OK || pc.next != n) {
        cli_error("minimum", "enumeration of the 8x8 grids failed: %s", err.msg);
        free(want);
        free(grids);
        return 2;
    }
    printf("minimum 2x4 (8x8 grids): %llu essentially different grids enumerated (%.1f s); estimate from %d of "
           "them drawn uniformly (seed %llu), no proof\n",
           (unsigned long long)nes, tenum, n, (unsigned long long)seed);
    int status = 0;
    const int K = 13;
    runner rn;
    if (!runner_open(&rn, geo, eng, base, K, false)) {
        free(want);
        free(grids);
        return 2;
    }
    double t = 0;
    uint64_t with = 0;
    work_counters tot = {0};
    for (int i = 0; i < n; i++) {
        work_counters w = {0};
        double c0 = mc_cpu_seconds();
        if (!runner_run(&rn, grids + (size_t)i * (size_t)geo->ncells, &w, NULL)) {
            status = 2;
            break;
        }
        double cpu = mc_cpu_seconds() - c0;
        t += cpu;
        work_counters_add(&tot, &w);
        with += w.puzzles > 0;
        fprintf(stderr, "  K = %d: grid %d of %d (rank %llu): %.4f s CPU, %llu puzzles\n", K, i + 1, n,
                (unsigned long long)want[i], cpu, (unsigned long long)w.puzzles);
    }
    if (status == 0) {
        double per = t / n;
        printf("K = %d: %.4f s CPU per grid (engine %s, %llu nodes per grid), %llu of %d grids with puzzles (%llu in "
               "all); all %llu ES grids: about %.1f core-hours\n",
               K, per, engine_names[eng], (unsigned long long)(tot.nodes / (uint64_t)n), (unsigned long long)with, n,
               (unsigned long long)tot.puzzles, (unsigned long long)nes, per * (double)nes / 3600.0);
        printf("the proof of the minimum 14 needs K = 13 on every ES grid (the line above) and one grid with a"
               " 14-clue puzzle\n");
    }
    runner_close(&rn);
    free(want);
    free(grids);
    return status;
}

/* The 8x8 proof, streamed over the enumeration (no list of 1.67 M grids):
 * K = 13 on every ES grid, then K = 14 grid by grid (each stopped at its
 * first puzzle) until one has a puzzle. */
typedef struct pass8 {
    runner rn;
    const geometry *geo;
    uint64_t done, with;
    work_counters tot;
    first_found ff;
    uint8_t example[64];
    bool stop_at_puzzle, failed;
    progress pr;       /* stderr: DONE/TOTAL grids, rate, ETA (progress.h); pr.start: the pass's start */
    const char *label; /* the progress line's extra text: "K = 13" */
} pass8;

static int pass8_grid(void *arg, const uint8_t *g)
{
    pass8 *p = arg;
    work_counters w = {0};
    if (!runner_run(&p->rn, g, &w, &p->ff)) {
        p->failed = true;
        return 1;
    }
    p->done++;
    if (w.puzzles && !p->with) memcpy(p->example, g, 64);
    p->with += w.puzzles > 0;
    work_counters_add(&p->tot, &w);
    progress_update(&p->pr, p->done, p->label);
    return p->stop_at_puzzle && w.puzzles;
}

/* total: the grids the pass will see at most (the ETA of the progress
 * line); label: the line's extra text ("K = 13"). */
static bool pass8_run(pass8 *p, const geometry *geo, min_engine eng, const checker_options *copt, int K,
                      bool stop_at_puzzle, uint64_t total, const char *label)
{
    memset(p, 0, sizeof *p);
    p->geo = geo;
    p->ff.geo = geo;
    p->stop_at_puzzle = stop_at_puzzle;
    progress_init(&p->pr, "grids", total);
    p->label = label;
    if (!runner_open(&p->rn, geo, eng, copt, K, stop_at_puzzle)) return false;
    mc_error err;
    mc_status st = enumerate_shape(geo, pass8_grid, p, NULL, &err);
    progress_done(&p->pr, p->done, label);
    runner_close(&p->rn);
    if (p->failed) return false;
    if (st != MC_OK) {
        cli_error("minimum", "enumeration of the 8x8 grids failed: %s", err.msg);
        return false;
    }
    return true;
}

static int prove8(const geometry *geo, min_engine eng, const checker_options *copt)
{
    double c0 = mc_cpu_seconds(), w0 = mc_wall_seconds();
    uint64_t count;
    mc_error err;
    if (enumerate_shape(geo, NULL, NULL, &count, &err) != MC_OK) { /* count only */
        cli_error("minimum", "counting the 8x8 grids failed: %s", err.msg);
        return 2;
    }
    printf("minimum 2x4 (8x8 grids): %llu essentially different grids, enumerated (grids enum --box 2x4; counted "
           "in %.1f s), engine %s\n",
           (unsigned long long)count, mc_wall_seconds() - w0, engine_names[eng]);
    fflush(stdout);
    pass8 *p = malloc(sizeof *p);
    if (!p) {
        cli_error("minimum", "out of memory");
        return 2;
    }
    if (!pass8_run(p, geo, eng, copt, 13, false, count, "K = 13")) {
        free(p);
        return 2;
    }
    uint64_t nes = p->done;
    if (nes != count) { /* the count and the pass are the same enumeration */
        cli_error("minimum", "the K = 13 pass saw %llu grids, the count was %llu: no proof",
                  (unsigned long long)nes, (unsigned long long)count);
        free(p);
        return 2;
    }
    if (p->with) {
        printf("K = 13: %llu of %llu grids have unique puzzles with at most 13 clues (e.g. %s): no proof of 14\n",
               (unsigned long long)p->with, (unsigned long long)nes, p->ff.text);
        free(p);
        return 1;
    }
    printf("K = 13: no unique puzzle in any of the %llu grids (%llu nodes, %llu candidates, %.0f s, %.0f s CPU)\n",
           (unsigned long long)nes, (unsigned long long)p->tot.nodes, (unsigned long long)p->tot.candidates,
           mc_wall_seconds() - p->pr.start, mc_cpu_seconds() - c0);
    fflush(stdout);
    if (!pass8_run(p, geo, eng, copt, 14, true, count, "K = 14, until a grid has a puzzle")) {
        free(p);
        return 2;
    }
    if (!p->with) {
        printf("K = 14: no unique puzzle in any of the %llu grids: the minimum is more than 14\n",
               (unsigned long long)p->done);
        free(p);
        return 1;
    }
    grid eg;
    eg.geo = geo;
    memcpy(eg.cell, p->example, 64);
    char gtext[MAX_CELLS + 1];
    grid_format(&eg, DIGITS_STD, gtext);
    printf("K = 14: grid %llu of the enumeration has a unique puzzle with 14 clues (%.0f s)\n",
           (unsigned long long)p->done, mc_wall_seconds() - p->pr.start);
    printf("  e.g. %s in grid %s\n", p->ff.text, gtext);
    printf("minimum: 14 clues; none of the %llu essentially different grids has a unique puzzle with 13 clues "
           "(%.0f s CPU in all)\n",
           (unsigned long long)nes, mc_cpu_seconds() - c0);
    free(p);
    return 0;
}

/* The grids of FILE arguments: solution grids of one shape. */
typedef struct file_ctx {
    const geometry *geo; /* the shape: --box, else the first grid's */
    grid_list *list;
    int fail;            /* an invalid line or out of memory */
} file_ctx;

static int file_grid(void *user, gridfile *f, grid *g, const char *trailer)
{
    (void)trailer;
    file_ctx *c = user;
    mc_error err;
    if (!c->geo) c->geo = g->geo;
    if (g->geo != c->geo) {
        fprintf(stderr, "%s:%ld: a %dx%d grid among %dx%d grids (one shape per run)\n", gridfile_name(f),
                gridfile_line(f), g->geo->N, g->geo->N, c->geo->N, c->geo->N);
        c->fail = 1;
        return CLI_LINE_INVALID;
    }
    if (!grid_is_complete(g) || grid_check(g, DIGITS_STD, &err) != MC_OK) {
        fprintf(stderr, "%s:%ld: not a solution grid: %s\n", gridfile_name(f), gridfile_line(f),
                grid_is_complete(g) ? err.msg : "it has empty cells");
        c->fail = 1;
        return CLI_LINE_INVALID;
    }
    if (!c->list->ncells) c->list->ncells = g->geo->ncells;
    if (list_add(c->list, g->cell) != 0) {
        cli_error("minimum", "out of memory");
        c->fail = 1;
        return CLI_STOP_ALL;
    }
    return CLI_LINE_OK;
}

/* One K over the grids: adds the work to *tot, counts the grids with a
 * puzzle in *with and keeps the first puzzle in ff (its grid in *example).
 * Returns false (message printed) on failure. */
static bool search_k(const geometry *geo, const grid_list *gl, size_t n, min_engine eng, const checker_options *copt,
                     int K, work_counters *tot, uint64_t *with, first_found *ff, size_t *example)
{
    runner rn;
    if (!runner_open(&rn, geo, eng, copt, K, false)) return false;
    bool ok = true;
    for (size_t i = 0; i < n && ok; i++) {
        work_counters w = {0};
        ok = runner_run(&rn, gl->cells + i * (size_t)geo->ncells, &w, ff);
        if (w.puzzles && !*with) *example = i;
        *with += w.puzzles > 0;
        work_counters_add(tot, &w);
    }
    runner_close(&rn);
    return ok;
}

/* K = from, from + 1, ... over the n grids until one has a puzzle; what
 * names the grids in the report ("grid%s of the input": the plural ending
 * goes in at %s). Returns the exit status. */
static int prove(const geometry *geo, const grid_list *gl, size_t n, min_engine eng, const checker_options *copt,
                 int from, const char *what_fmt)
{
    char what[80];
    snprintf(what, sizeof what, what_fmt, cli_s(n));
    const bool band = eng == MIN_BAND;
    int kmax = band ? 27 : geo->ncells;
    for (int K = from; K <= kmax; K++) {
        uint64_t with = 0;
        work_counters tot = {0};
        first_found ff = {geo, 0, {0}};
        size_t example_grid = 0;
        double t = mc_wall_seconds();
        if (!search_k(geo, gl, n, eng, copt, K, &tot, &with, &ff, &example_grid)) return 2;
        char work[160];
        if (band)
            snprintf(work, sizeof work, "band engine: %llu band pairs, %llu band-3 checks",
                     (unsigned long long)tot.pairs, (unsigned long long)tot.band3_checks);
        else
            snprintf(work, sizeof work, "%llu node%s, %llu candidate%s", (unsigned long long)tot.nodes,
                     cli_s(tot.nodes), (unsigned long long)tot.candidates, cli_s(tot.candidates));
        if (!with) {
            printf("K = %d: no unique puzzle in any of the %zu grid%s (%s, %.2f s)\n", K, n, cli_s(n), work,
                   mc_wall_seconds() - t);
            continue;
        }
        grid eg;
        eg.geo = geo;
        memcpy(eg.cell, gl->cells + example_grid * (size_t)geo->ncells, (size_t)geo->ncells);
        char gtext[MAX_CELLS + 1];
        grid_format(&eg, DIGITS_STD, gtext);
        if (band)
            printf("K = %d: %llu of %zu grid%s ha%s unique puzzles with at most %d clues (each grid stopped at "
                   "its first; %s, %.2f s)\n",
                   K, (unsigned long long)with, n, cli_s(n), with == 1 ? "s" : "ve", K, work, mc_wall_seconds() - t);
        else
            printf("K = %d: %llu of %zu grid%s ha%s unique puzzles with %s%d clues (%llu minimal puzzle%s in all; "
                   "%s, %.2f s)\n",
                   K, (unsigned long long)with, n, cli_s(n), with == 1 ? "s" : "ve", K == from && from > 1 ? "at most " : "",
                   K, (unsigned long long)tot.puzzles, cli_s(tot.puzzles), work, mc_wall_seconds() - t);
        printf("  e.g. %s in grid %s\n", ff.text, gtext);
        if (K == from && from > 1) {
            printf("minimum: at most %d clues over %s; not proved: K = %d is the first K searched (give a "
                   "smaller --from)\n",
                   K, what, K);
            return 1;
        }
        printf("minimum: %d clues; none of the %zu %s has a unique puzzle with %d clues\n", K, n, what, K - 1);
        return 0;
    }
    printf("minimum: no unique puzzle with at most %d clues in any of the %zu %s\n", kmax, n, what);
    return 1;
}

static bool is_9x9(const geometry *g) { return g->R == 3 && g->C == 3; }

/* 2 (the reason printed) when engine eng does not take the shape, else 0. */
static int refuse_shape(min_engine eng, const geometry *g)
{
    if (eng == MIN_BAND && !is_9x9(g)) {
        cli_error("minimum", "--engine band takes 9x9 grids only (3 bands of 3 rows of 3x3 boxes), not %dx%d", g->N,
                  g->N);
        return 2;
    }
    if (eng == MIN_CHECK64 && !check64_takes(g)) {
        cli_error("minimum",
                  "--engine check64 takes grids of at most 64 cells (2x2, 2x3, 2x4 boxes), not %dx%d boxes", g->R,
                  g->C);
        return 2;
    }
    return 0;
}

int cmd_minimum(int argc, char **argv)
{
    static const struct option opts[] = {{"box", required_argument, 0, 'b'},
                                          {"estimate", required_argument, 0, 'e'},
                                          {"seed", required_argument, 0, 's'},
                                          {"engine", required_argument, 0, 'E'},
                                          {"from", required_argument, 0, 'F'},
                                          CLI_CHECKER_OPTIONS,
                                          {"help", no_argument, 0, 'h'},
                                          {0, 0, 0, 0}};
    const geometry *geo = NULL;
    uint64_t est = 0, seed = 1, from = 0;
    min_engine eng = MIN_CHECKER;
    bool eng_given = false;
    const char *checker_only = NULL; /* a checker option given */
    checker_options copt;
    checker_options_default(&copt, 0);
    optind = 0;
    int o;
    while ((o = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        int r = cli_checker_option("minimum", o, optarg, &copt);
        if (r < 0) return 2;
        if (r > 0) {
            if (o == CLI_OPT_UA_MAX) checker_only = "--ua-max";
            if (o == CLI_OPT_UA_LIMIT) checker_only = "--ua-limit";
            if (o == CLI_OPT_MAX_DEGREE) checker_only = "--max-degree";
            continue;
        }
        switch (o) {
        case 'b':
            if (!cli_parse_box("minimum", optarg, &geo)) return 2;
            break;
        case 'e':
            if (!numtext_u64(optarg, &est) || est < 1 || est > 1000000) {
                cli_error("minimum", "--estimate needs a whole number from 1 to 1000000, not '%s'", optarg);
                return 2;
            }
            break;
        case 's':
            if (!numtext_u64(optarg, &seed)) {
                cli_error("minimum", "--seed needs a whole number, not '%s'", optarg);
                return 2;
            }
            break;
        case 'E':
            if (strcmp(optarg, "band") == 0) eng = MIN_BAND;
            else if (strcmp(optarg, "checker") == 0) eng = MIN_CHECKER;
            else if (strcmp(optarg, "check64") == 0) eng = MIN_CHECK64;
            else {
                cli_error("minimum", "--engine must be checker, band or check64, not '%s'", optarg);
                return 2;
            }
            eng_given = true;
            break;
        case 'F':
            if (!numtext_u64(optarg, &from) || from < 1 || from > MAX_CELLS) {
                cli_error("minimum", "--from needs a whole number from 1 to %d, not '%s'", MAX_CELLS, optarg);
                return 2;
            }
            break;
        case 'h': print_help(stdout); return 0;
        default: print_help(stderr); return 2;
        }
    }
    const bool band = eng == MIN_BAND;
    if (geo && refuse_shape(eng, geo)) return 2;
    if ((band || eng == MIN_CHECK64) && checker_only) {
        cli_error("minimum", "%s is a checker option; --engine %s does not take it", checker_only, engine_names[eng]);
        return 2;
    }
    if (band && from > 27) {
        cli_error("minimum", "--engine band takes K from 1 to 27, not --from %llu", (unsigned long long)from);
        return 2;
    }
    if (optind < argc) {
        if (est) {
            cli_error("minimum", "--estimate enumerates its grids; it takes no FILE");
            return 2;
        }
        grid_list gl = {NULL, 0, 0, 0};
        file_ctx fc = {geo, &gl, 0};
        cli_grid_loop loop = {.cmd = "minimum", .geo = geo, .style = DIGITS_STD, .name_cmd_open = true,
                              .on_grid = file_grid, .user = &fc};
        int st = cli_for_each_grid(&loop, argc - optind, argv + optind);
        if (st != 0 || fc.fail) { /* the line or file is named on stderr; nothing is searched */
            free(gl.cells);
            return 2;
        }
        if (gl.n == 0) {
            cli_error("minimum", "no grid in the input");
            free(gl.cells);
            return 2;
        }
        geo = fc.geo;
        if (refuse_shape(eng, geo)) {
            free(gl.cells);
            return 2;
        }
        if (!from) from = 1;
        if ((int)from > (band ? 27 : geo->ncells)) {
            cli_error("minimum", "--from %llu is more than %d", (unsigned long long)from, band ? 27 : geo->ncells);
            free(gl.cells);
            return 2;
        }
        printf("minimum over %zu %dx%d grid%s of the input (engine %s), K from %d\n", gl.n, geo->N, geo->N,
               cli_s(gl.n), engine_names[eng], (int)from);
        int status = prove(geo, &gl, gl.n, eng, &copt, (int)from, "grid%s of the input");
        free(gl.cells);
        return status;
    }
    if (!geo) {
        cli_error("minimum", "--box RxC or grid files are required (see --help)");
        return 2;
    }
    if (from) {
        cli_error("minimum", "--from goes with FILE (the proof over all grids of a shape starts at K = 1)");
        return 2;
    }
    if (band) {
        cli_error("minimum", "--engine band: 9x9 has too many grids to enumerate; give the grids as FILE");
        return 2;
    }
    /* 8x8 (the proof and --estimate, K = 13): check64 where check64_crossover.h says it is the faster, unless
     * the checker is asked for (by name or by one of its options) */
    if (geo->R == 2 && geo->C == 4 && !eng_given && check64_crossover_use(geo->R, geo->C, 13, checker_only != NULL))
        eng = MIN_CHECK64;
    if (est) return estimate(geo, (int)est, seed, eng, &copt);
    if (geo->R == 2 && geo->C == 4) return prove8(geo, eng, &copt);
    if (geo->ncells > 36) {
        cli_error("minimum", "%dx%d boxes: the proof is made for 2x2, 2x3 and 2x4 only; give the grids as FILE for the "
                  "minimum over them",
                  geo->R, geo->C);
        return 2;
    }

    double t0 = mc_wall_seconds();
    grid_list classes = {NULL, 0, 0, geo->ncells};
    enum_ctx *e = calloc(1, sizeof *e);
    if (!e) {
        cli_error("minimum", "out of memory");
        return 2;
    }
    e->geo = geo;
    e->classes = &classes;
    enum_rec(e, 0);
    if (e->fail) {
        cli_error("minimum", "enumeration failed (out of memory or canonical form error)");
        free(e);
        free(classes.cells);
        return 2;
    }
    g_ncells = geo->ncells;
    qsort(classes.cells, classes.n, (size_t)geo->ncells, cmp_grid);
    size_t nes = 0;
    for (size_t i = 0; i < classes.n; i++) {
        uint8_t *gi = classes.cells + i * (size_t)geo->ncells;
        if (nes > 0 && memcmp(gi, classes.cells + (nes - 1) * (size_t)geo->ncells, (size_t)geo->ncells) == 0)
            continue;
        memmove(classes.cells + nes * (size_t)geo->ncells, gi, (size_t)geo->ncells);
        nes++;
    }
    printf("minimum %dx%d (%dx%d grids): %llu grids with the first row 1..%d, %zu essentially different "
           "(minlex forms), %.2f s\n",
           geo->R, geo->C, geo->N, geo->N, (unsigned long long)e->count, geo->N, nes, mc_wall_seconds() - t0);
    free(e);

    int status = prove(geo, &classes, nes, eng, &copt, 1, "essentially different grid%s");
    free(classes.cells);
    return status;
}
