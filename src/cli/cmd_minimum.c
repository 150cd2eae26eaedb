/* cmd_minimum — `minclue minimum`: the fewest clues of a unique puzzle for a
 * small shape (every grid enumerated), or over the grids of files. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check64.h"
#include "check64_crossover.h"
#include "cli.h"
#include "mc_clock.h"
#include "minimum.h"
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
    "                 check64 on 8x8 at K = 13: 10.5 times the checker's\n"
    "                 speed (tests/bench/results/bench_minimum.txt);\n"
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
    "                 extrapolates to (no proof is made; check64 or checker;\n"
    "                 a progress line on stderr)\n"
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

static void print_example(const geometry *geo, const minimum_step *s)
{
    grid eg;
    eg.geo = geo;
    memcpy(eg.cell, s->example_grid, (size_t)geo->ncells);
    char gtext[MAX_CELLS + 1];
    grid_format(&eg, DIGITS_STD, gtext);
    printf("  e.g. %s in grid %s\n", s->example, gtext);
}

/* ---- the 8x8 proof and its estimate: a progress line per pass ---- */

typedef struct es_report {
    const geometry *geo;
    minimum_engine eng;
    progress pr;
    int pr_K;          /* the K of the pass the progress line counts; 0: none open */
    uint64_t done;     /* grids done in that pass */
    double c0;         /* CPU at the start */
    uint64_t count;    /* the ES grids */
    int n;             /* --estimate: the grids drawn */
    uint64_t seed;
} es_report;

static const char *pass_label(int K) { return K == 13 ? "K = 13" : "K = 14, until a grid has a puzzle"; }

static void es_grid(void *arg, int K, uint64_t done, uint64_t total)
{
    es_report *r = arg;
    if (r->pr_K != K) {
        progress_init(&r->pr, "grids", total);
        r->pr_K = K;
    }
    r->done = done;
    if (done) progress_update(&r->pr, done, pass_label(K));
}

static void es_pass_done(es_report *r, const minimum_step *s)
{
    if (!r->pr_K) return;
    progress_done(&r->pr, s->grids, pass_label(r->pr_K));
    r->pr_K = 0;
}

static void prove8_count(void *arg, uint64_t count, double seconds)
{
    es_report *r = arg;
    r->count = count;
    printf("minimum 2x4 (8x8 grids): %llu essentially different grids, enumerated (grids enum --box 2x4; counted "
           "in %.1f s), engine %s\n",
           (unsigned long long)count, seconds, minimum_engine_name(r->eng));
    fflush(stdout);
}

static void prove8_step(void *arg, const minimum_step *s)
{
    es_report *r = arg;
    es_pass_done(r, s);
    if (s->K == 13 && s->with)
        printf("K = 13: %llu of %llu grids have unique puzzles with at most 13 clues (e.g. %s): no proof of 14\n",
               (unsigned long long)s->with, (unsigned long long)s->grids, s->example);
    else if (s->K == 13)
        printf("K = 13: no unique puzzle in any of the %llu grids (%llu nodes, %llu candidates, %.0f s, %.0f s CPU)\n",
               (unsigned long long)s->grids, (unsigned long long)s->work.nodes,
               (unsigned long long)s->work.candidates, s->seconds, mc_cpu_seconds() - r->c0);
    else if (!s->with)
        printf("K = 14: no unique puzzle in any of the %llu grids: the minimum is more than 14\n",
               (unsigned long long)s->grids);
    else {
        printf("K = 14: grid %llu of the enumeration has a unique puzzle with 14 clues (%.0f s)\n",
               (unsigned long long)s->grids, s->seconds);
        print_example(r->geo, s);
    }
    fflush(stdout);
}

/* The 8x8 proof, streamed over the enumeration (minimum_prove_es, M = 14). */
static int prove8(const geometry *geo, minimum_engine eng, const checker_options *copt)
{
    es_report r = {.geo = geo, .eng = eng, .c0 = mc_cpu_seconds()};
    minimum_hooks h = {prove8_count, es_grid, prove8_step, &r};
    minimum_proof pf;
    uint64_t count;
    mc_error err;
    mc_status st = minimum_prove_es(geo, eng, copt, 14, &h, &pf, &count, &err);
    if (r.pr_K) progress_done(&r.pr, r.done, pass_label(r.pr_K));
    if (st != MC_OK) {
        cli_error("minimum", "%s", err.msg);
        return 2;
    }
    if (!pf.proved) return 1;
    printf("minimum: 14 clues; none of the %llu essentially different grids has a unique puzzle with 13 clues "
           "(%.0f s CPU in all)\n",
           (unsigned long long)count, mc_cpu_seconds() - r.c0);
    return 0;
}

static void estimate_count(void *arg, uint64_t count, double seconds)
{
    es_report *r = arg;
    printf("minimum 2x4 (8x8 grids): %llu essentially different grids enumerated (%.1f s); estimate from %d of "
           "them drawn uniformly (seed %llu), engine %s, no proof\n",
           (unsigned long long)count, seconds, r->n, (unsigned long long)r->seed, minimum_engine_name(r->eng));
}

static int estimate(const geometry *geo, int n, uint64_t seed, minimum_engine eng, const checker_options *copt)
{
    if (geo->R != 2 || geo->C != 4) {
        cli_error("minimum", "--estimate is for 2x4 boxes (8x8 grids)");
        return 2;
    }
    es_report r = {.geo = geo, .eng = eng, .n = n, .seed = seed};
    minimum_hooks h = {estimate_count, es_grid, NULL, &r};
    minimum_estimate est;
    mc_error err;
    mc_status st = minimum_estimate_run(geo, n, seed, eng, copt, 13, &h, &est, &err);
    if (r.pr_K) progress_done(&r.pr, r.done, pass_label(r.pr_K));
    if (st != MC_OK) {
        cli_error("minimum", "%s", err.msg);
        return 2;
    }
    const minimum_step *s = &est.step;
    printf("K = %d: %.4f s CPU per grid (engine %s, %llu nodes per grid), %llu of %d grids with puzzles (%llu in "
           "all); all %llu ES grids: about %.1f core-hours\n",
           s->K, est.cpu_per_grid, minimum_engine_name(eng), (unsigned long long)(s->work.nodes / (uint64_t)n),
           (unsigned long long)s->with, n, (unsigned long long)s->work.puzzles, (unsigned long long)est.es_grids,
           est.core_hours);
    printf("the proof of the minimum 14 needs K = 13 on every ES grid (the line above) and one grid with a"
           " 14-clue puzzle\n");
    return 0;
}

/* The grids of FILE arguments: solution grids of one shape. */
typedef struct file_ctx {
    const geometry *geo; /* the shape: --box, else the first grid's */
    minimum_grids *list; /* stride: the shape's ncells */
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
    if (!c->list->stride) c->list->stride = (size_t)g->geo->ncells;
    if (minimum_grids_add(c->list, g->cell, (size_t)g->geo->ncells) != MC_OK) {
        cli_error("minimum", "out of memory");
        c->fail = 1;
        return CLI_STOP_ALL;
    }
    return CLI_LINE_OK;
}

/* ---- a proof over a list of grids: a line per K ---- */

typedef struct list_report {
    const geometry *geo;
    bool band;
    int from;
} list_report;

static void list_step(void *arg, const minimum_step *s)
{
    const list_report *r = arg;
    const int K = s->K;
    const uint64_t n = s->grids, with = s->with;
    char work[160];
    if (r->band)
        snprintf(work, sizeof work, "band engine: %llu band pairs, %llu band-3 checks",
                 (unsigned long long)s->work.pairs, (unsigned long long)s->work.band3_checks);
    else
        snprintf(work, sizeof work, "%llu node%s, %llu candidate%s", (unsigned long long)s->work.nodes,
                 cli_s(s->work.nodes), (unsigned long long)s->work.candidates, cli_s(s->work.candidates));
    if (!with) {
        printf("K = %d: no unique puzzle in any of the %llu grid%s (%s, %.2f s)\n", K, (unsigned long long)n,
               cli_s(n), work, s->seconds);
        return;
    }
    if (r->band)
        printf("K = %d: %llu of %llu grid%s ha%s unique puzzles with at most %d clues (each grid stopped at "
               "its first; %s, %.2f s)\n",
               K, (unsigned long long)with, (unsigned long long)n, cli_s(n), with == 1 ? "s" : "ve", K, work,
               s->seconds);
    else
        printf("K = %d: %llu of %llu grid%s ha%s unique puzzles with %s%d clues (%llu minimal puzzle%s in all; "
               "%s, %.2f s)\n",
               K, (unsigned long long)with, (unsigned long long)n, cli_s(n), with == 1 ? "s" : "ve",
               K == r->from && r->from > 1 ? "at most " : "", K, (unsigned long long)s->work.puzzles,
               cli_s(s->work.puzzles), work, s->seconds);
    print_example(r->geo, s);
}

/* K = from, from + 1, ... over the n grids until one has a puzzle; what
 * names the grids in the report ("grid%s of the input": the plural ending
 * goes in at %s). Returns the exit status. */
static int prove(const geometry *geo, const uint8_t *grids, size_t n, minimum_engine eng, const checker_options *copt,
                 int from, const char *what_fmt)
{
    char what[80];
    snprintf(what, sizeof what, what_fmt, cli_s(n));
    list_report r = {geo, eng == MINIMUM_BAND, from};
    minimum_hooks h = {NULL, NULL, list_step, &r};
    minimum_proof pf;
    mc_error err;
    if (minimum_prove(geo, grids, n, eng, copt, from, &h, &pf, &err) != MC_OK) {
        cli_error("minimum", "%s", err.msg);
        return 2;
    }
    const int K = pf.minimum;
    if (!K) {
        printf("minimum: no unique puzzle with at most %d clues in any of the %zu %s\n", minimum_kmax(eng, geo), n,
               what);
        return 1;
    }
    if (!pf.proved) {
        printf("minimum: at most %d clues over %s; not proved: K = %d is the first K searched (give a "
               "smaller --from)\n",
               K, what, K);
        return 1;
    }
    printf("minimum: %d clues; none of the %zu %s has a unique puzzle with %d clues\n", K, n, what, K - 1);
    return 0;
}

static bool is_9x9(const geometry *g) { return g->R == 3 && g->C == 3; }

/* 2 (the reason printed) when engine eng does not take the shape, else 0. */
static int refuse_shape(minimum_engine eng, const geometry *g)
{
    if (eng == MINIMUM_BAND && !is_9x9(g)) {
        cli_error("minimum", "--engine band takes 9x9 grids only (3 bands of 3 rows of 3x3 boxes), not %dx%d", g->N,
                  g->N);
        return 2;
    }
    if (eng == MINIMUM_CHECK64 && !check64_takes(g)) {
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
    minimum_engine eng = MINIMUM_CHECKER;
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
            if (strcmp(optarg, "band") == 0) eng = MINIMUM_BAND;
            else if (strcmp(optarg, "checker") == 0) eng = MINIMUM_CHECKER;
            else if (strcmp(optarg, "check64") == 0) eng = MINIMUM_CHECK64;
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
    const bool band = eng == MINIMUM_BAND;
    if (geo && refuse_shape(eng, geo)) return 2;
    if ((band || eng == MINIMUM_CHECK64) && checker_only) {
        cli_error("minimum", "%s is a checker option; --engine %s does not take it", checker_only, minimum_engine_name(eng));
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
        minimum_grids gl = {NULL, 0, 0, 0};
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
               cli_s(gl.n), minimum_engine_name(eng), (int)from);
        int status = prove(geo, gl.cells, gl.n, eng, &copt, (int)from, "grid%s of the input");
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
        eng = MINIMUM_CHECK64;
    if (est) return estimate(geo, (int)est, seed, eng, &copt);
    if (geo->R == 2 && geo->C == 4) return prove8(geo, eng, &copt);
    if (geo->ncells > 36) {
        cli_error("minimum", "%dx%d boxes: the proof is made for 2x2, 2x3 and 2x4 only; give the grids as FILE for the "
                  "minimum over them",
                  geo->R, geo->C);
        return 2;
    }

    double t0 = mc_wall_seconds();
    uint8_t *classes;
    size_t nes;
    uint64_t count;
    mc_error err;
    if (minimum_es_grids(geo, &classes, &nes, &count, &err) != MC_OK) {
        cli_error("minimum", "%s", err.msg);
        return 2;
    }
    printf("minimum %dx%d (%dx%d grids): %llu grids with the first row 1..%d, %zu essentially different "
           "(minlex forms), %.2f s, engine %s\n",
           geo->R, geo->C, geo->N, geo->N, (unsigned long long)count, geo->N, nes, mc_wall_seconds() - t0,
           minimum_engine_name(eng));

    int status = prove(geo, classes, nes, eng, &copt, 1, "essentially different grid%s");
    free(classes);
    return status;
}
