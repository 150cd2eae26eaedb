/* cmd_search — `minclue search`: every puzzle with at most K clues in each grid. */
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "band_crossover.h"
#include "band_engine.h"
#include "check64.h"
#include "check64_crossover.h"
#include "checker.h"
#include "cli.h"
#include "grid_ticker.h"
#include "gridfile.h"
#include "mc_clock.h"
#include "solver.h"

#define SEARCH_STR_(x) #x
#define SEARCH_STR(x) SEARCH_STR_(x)
_Static_assert(BAND_ENGINE_MAX_PAIRS == 16777216, "help_tail names the band engine's bound");

static const char *help_head =
    "usage: minclue search --clues K [--engine checker|band|check64] [--first] [--box RxC]\n"
    "                      [--stats FILE] [options] [FILE|-]\n"
    "\n"
    "For each solution grid, one per line (a puzzle is solved first and its\n"
    "unique solution taken as the grid), lists every minimal unique puzzle\n"
    "with at most K clues inside the grid: unavoidable sets, hitting sets of\n"
    "size K, solver check. Each puzzle goes to stdout on its own line. A\n"
    "puzzle with fewer than K clues stands for all its supersets, which are\n"
    "not listed. K = 16 on 9x9 prints nothing: no such puzzle exists.\n"
    "Shapes up to 81 cells (4x4, 6x6, 8x8, 9x9); reads stdin without FILE.\n"
    "\n"
    "  --clues K        clue count to search (required)\n"
    "  --engine NAME    band: the band method, 9x9 grids only, K from 1 to 27\n"
    "                   (other shapes are refused; it takes none of the options\n"
    "                   --ua-max, --ua-limit, --max-degree); check64: the\n"
    "                   checker on 64-bit cell sets, grids of at most 64 cells\n"
    "                   (4x4, 6x6, 8x8; none of the checker options, nor\n"
    "                   --no-learn); checker: UAs and hitting sets, every shape.\n"
    "                   Default: band for 9x9 grids with K from 1 to " SEARCH_STR(BAND_CROSSOVER_MAX_K) " and no\n"
    "                   checker option (above that the checker is the faster:\n"
    "                   puzzles get dense); check64 for 8x8 grids with K up to\n"
    "                   " SEARCH_STR(CHECK64_CROSSOVER_8X8_MAX_K) ", 6x6 up to " SEARCH_STR(CHECK64_CROSSOVER_6X6_MAX_K) ", 4x4 up to " SEARCH_STR(CHECK64_CROSSOVER_4X4_MAX_K) " (where it is the faster:\n"
    "                   check64_crossover.h) without a checker option; checker\n"
    "                   for the others (chosen grid by grid; the summary names\n"
    "                   the engine)\n"
    "  --first          stop each grid at its first puzzle (every engine; the\n"
    "                   one found first may differ between them)\n"
    "  --box RxC        box shape (default: inferred from the line length)\n"
    "  --stats FILE     one JSON object per grid: UAs by size, sets from second\n"
    "                   solutions and those kept (learned), nodes,\n"
    "                   candidates, solver calls, puzzles, CPU seconds; with\n"
    "                   --engine band its counters (pairs, survivors, two-band\n"
    "                   passes, band-3 nodes and checks, ...) and the others 0\n";
static const char *help_tail =
    "  --quiet          no progress and no summary on stderr (without it, a\n"
    "                   grid that runs long shows its seconds and puzzles so\n"
    "                   far: on a terminal after 1 s, else every 30 s)\n"
    "\n"
    "Engines. All list the same puzzles (cross-checked in the tests); only\n"
    "the work differs. checker: every shape up to 81 cells, every puzzle.\n"
    "band: 9x9 only (the method splits the grid into 3 bands of 3 rows and 3\n"
    "stacks), K 1..27; --first and --no-learn apply to both. Its memory is\n"
    "bounded: a grid that needs more than 16,777,216 band 1+2 pairs kept for\n"
    "band 3 (192 MiB; K = 17 needs a few MiB, K >= 18 can reach it after\n"
    "minutes) stops the search with 'memory bound reached' naming K, exit\n"
    "status 2, never a shorter list; use --engine checker there. check64: the\n"
    "checker's method for grids of at most 64 cells, its counters.\n"
    "Counters (summary line and --stats; an engine leaves the others at 0):\n"
    "  checker: initial UAs (unavoidable sets found before the search),\n"
    "    nodes (hitting-set search), candidates (full hitting sets checked),\n"
    "    solver calls;\n"
    "  band: initial UAs, two-band UAs (over the 6 orientations), band pairs\n"
    "    (X x Y pairs of bands 1+2 tested), pairs cut by the band-3 bound\n"
    "    (too many disjoint band-3 parts of UAs left for the clues band 3 may\n"
    "    take), surviving pairs (past the vectors and that bound), two-band\n"
    "    passes (survivors that fix bands 1+2), band-3 nodes (band-3 search),\n"
    "    band-3 checks (sets handed to the final solver check), solver calls,\n"
    "    two-band UAs learned (from the two-band check), s in band tables,\n"
    "    band pairs and band 3;\n"
    "  both: second solutions (the checker's candidates, the band engine's\n"
    "    final checks, that were not unique), UAs learned (kept from those:\n"
    "    at most as many; 0 with --no-learn), puzzles, s finding UAs, s in\n"
    "    the engine.\n"
    "\n"
    "A summary (grids, puzzles, work, time) goes to stderr, with progress on\n"
    "long inputs: the engine's seconds (s finding UAs, ..., s in the engine;\n"
    "--stats too) are CPU time of its thread, the last (s in all) wall\n"
    "clock. Exit status: 0 when every line was searched, 1 when some line\n"
    "was invalid (bad text, clashing or not uniquely solvable puzzle,\n"
    "unsupported shape) and skipped, 2 on usage or I/O errors.\n";

static void print_help(FILE *f)
{
    fputs(help_head, f);
    fputs(cli_checker_options_help, f);
    fputs(help_tail, f);
}

typedef struct out_ctx {
    const geometry *geo;
    grid_ticker *ticker; /* NULL with --quiet */
    uint64_t printed;
    char text[MAX_CELLS + 2];
} out_ctx;

static void on_found(void *arg, const uint8_t *puzzle, int n)
{
    (void)n;
    out_ctx *o = arg;
    grid g;
    g.geo = o->geo;
    memcpy(g.cell, puzzle, (size_t)o->geo->ncells);
    grid_format(&g, DIGITS_STD, o->text);
    puts(o->text);
    o->printed++;
    grid_ticker_found(o->ticker);
}

static void json_string(FILE *fp, const char *s)
{
    fputc('"', fp);
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\') fprintf(fp, "\\%c", ch);
        else if (ch < 0x20) fprintf(fp, "\\u%04x", ch);
        else fputc(ch, fp);
    }
    fputc('"', fp);
}

static void write_stats(FILE *fp, const char *file, long line, const grid *g, int K, const uint64_t *by_size,
                        const work_counters *w)
{
    char text[MAX_CELLS + 1];
    grid_format(g, DIGITS_STD, text);
    fputs("{\"file\":", fp);
    json_string(fp, file);
    fprintf(fp, ",\"line\":%ld,\"grid\":\"%s\",\"clues\":%d,\"ua_by_size\":{", line, text, K);
    int first = 1;
    for (int s = 0; by_size && s <= CHECKER_MAX_UA_SIZE; s++) {
        if (!by_size[s]) continue;
        fprintf(fp, "%s\"%d\":%llu", first ? "" : ",", s, (unsigned long long)by_size[s]);
        first = 0;
    }
    fputc('}', fp);
    work_counters_json(fp, w, ",", false);
    fputs("}\n", fp);
}

typedef enum search_engine { SE_CHECKER, SE_BAND, SE_CHECK64, SE_COUNT } search_engine;
static const char *const se_names[SE_COUNT] = {"checker", "band", "check64"};

/* The state of one search over the input. */
typedef struct search_ctx {
    int K;
    bool quiet;
    FILE *stats;
    checker_options copt;
    search_engine named;     /* --engine (SE_CHECKER without it) */
    bool first;              /* --first */
    bool autoeng;            /* no --engine: band_crossover and check64_crossover decide grid by grid */
    bool checker_opts;       /* a checker-only option was given (--ua-max, ...) */
    bool no_learn;           /* --no-learn (check64 always learns) */
    search_engine use;       /* the engine of the current grid */
    uint64_t grids_by[SE_COUNT]; /* grids each engine searched */
    band_engine *be;         /* made at the first grid the band engine searches */
    check64 *c64;            /* for the shape cur, made at its first grid check64 searches */
    checker_ctx *ck;         /* for the shape cur */
    solver_ctx *sv;
    const geometry *cur;
    solver_result res;
    out_ctx out;
    uint64_t ngrids;
    work_counters tot;
    progress pr;
} search_ctx;

static int invalid(gridfile *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int invalid(gridfile *f, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s:%ld: ", gridfile_name(f), gridfile_line(f));
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return CLI_LINE_INVALID;
}

static int search_grid(void *user, gridfile *f, grid *g, const char *trailer)
{
    (void)trailer;
    search_ctx *c = user;
    mc_error err;
    const int R = g->geo->R, C = g->geo->C;
    c->use = !c->autoeng                                                  ? c->named
             : band_crossover_use_band(R, C, c->K, c->checker_opts)       ? SE_BAND
             : check64_crossover_use(R, C, c->K, c->checker_opts || c->no_learn) ? SE_CHECK64
                                                                          : SE_CHECKER;
    if (c->use == SE_BAND && (R != 3 || C != 3))
        return invalid(f, "--engine band takes 9x9 grids only, not %dx%d", g->geo->N, g->geo->N);
    if (c->use == SE_CHECK64 && !check64_takes(g->geo))
        return invalid(f, "--engine check64 takes grids of at most 64 cells, not %dx%d", g->geo->N, g->geo->N);
    if (g->geo->ncells > CHECKER_MAX_CELLS)
        return invalid(f, "%dx%d grids are not supported (%d cells at most)", g->geo->N, g->geo->N, CHECKER_MAX_CELLS);
    if (c->K > g->geo->ncells)
        return invalid(f, "--clues %d is more than the %d cells of the grid", c->K, g->geo->ncells);
    if (g->geo != c->cur) {
        checker_free(c->ck);
        check64_free(c->c64);
        c->c64 = NULL;
        solver_free(c->sv);
        c->cur = g->geo;
        c->ck = checker_new(c->cur, &c->copt);
        c->sv = solver_new(c->cur);
        if (!c->ck || !c->sv) {
            cli_error("search", "out of memory");
            return CLI_STOP_ALL;
        }
    }
    if (grid_check(g, DIGITS_STD, &err) != MC_OK) return invalid(f, "invalid: %s", err.msg);
    if (!grid_is_complete(g)) {
        int n = solver_count(c->sv, g->cell, 2, &c->res);
        if (n != 1)
            return invalid(f, "the puzzle has %s, so it names no grid", n == 0 ? "no solution" : "more than one solution");
        memcpy(g->cell, c->res.sol[0], (size_t)g->geo->ncells);
    }
    c->out.geo = g->geo;
    c->out.printed = 0;
    checker_record rec;
    band_record brec;
    mc_status cs;
    if (c->use == SE_CHECK64 && !c->c64) {
        check64_options o;
        check64_options_default(&o, c->K);
        o.first = c->first;
        if (!(c->c64 = check64_new(c->cur, &o))) {
            cli_error("search", "out of memory");
            return CLI_STOP_ALL;
        }
    }
    if (c->use == SE_BAND) {
        if (!c->be) {
            band_options bo;
            band_options_default(&bo, c->K);
            bo.first = c->first;
            bo.learn = c->copt.learn;
            if (!(c->be = band_engine_new(&bo))) {
                cli_error("search", "out of memory");
                return CLI_STOP_ALL;
            }
        }
    }
    if (c->out.ticker) {
        char label[200];
        snprintf(label, sizeof label, "grid %llu (%s:%ld), K = %d, engine %s", (unsigned long long)c->ngrids + 1,
                 gridfile_name(f), gridfile_line(f), c->K, se_names[c->use]);
        grid_ticker_begin(c->out.ticker, label);
    }
    work_counters w64 = {0};
    if (c->use == SE_BAND) cs = band_engine_run(c->be, g->cell, &brec, on_found, &c->out);
    else if (c->use == SE_CHECK64) cs = check64_run(c->c64, g->cell, &w64, on_found, &c->out);
    else cs = checker_run(c->ck, g->cell, &rec, on_found, &c->out);
    grid_ticker_end(c->out.ticker);
    if (cs != MC_OK) {
        bool named = (cs == MC_EINTERNAL || cs == MC_ELIMIT) && c->use == SE_BAND;
        fprintf(stderr, "%s:%ld: search failed: %s%s%s%s\n", gridfile_name(f), gridfile_line(f), mc_status_name(cs),
                named ? ": " : "", named ? band_engine_failure(c->be) : "",
                cs == MC_ELIMIT ? "; the checker has none: --engine checker" : "");
        return CLI_STOP_ALL;
    }
    fflush(stdout);
    c->ngrids++;
    c->grids_by[c->use]++;
    const work_counters *w = c->use == SE_BAND ? &brec.work : c->use == SE_CHECK64 ? &w64 : &rec.work;
    work_counters_add(&c->tot, w);
    if (c->stats) {
        write_stats(c->stats, gridfile_name(f), gridfile_line(f), g, c->K, c->use == SE_CHECKER ? rec.ua_initial_by_size : NULL,
                    w);
        fflush(c->stats);
    }
    if (!c->quiet) {
        char extra[64];
        snprintf(extra, sizeof extra, "%llu puzzle%s", (unsigned long long)c->tot.puzzles, cli_s(c->tot.puzzles));
        progress_update(&c->pr, c->ngrids, extra);
    }
    return CLI_LINE_OK;
}

static void print_summary(search_ctx *c, double seconds)
{
    char extra[64], work[1024];
    snprintf(extra, sizeof extra, "%llu puzzle%s", (unsigned long long)c->tot.puzzles, cli_s(c->tot.puzzles));
    progress_done(&c->pr, c->ngrids, extra);
    work_counters_text(&c->tot, work, sizeof work);
    /* "engine NAME", or "engines band (N grids), check64 (M grids) and checker (L grids)" */
    char engine[160];
    int used = 0, e, last = -1;
    for (e = 0; e < SE_COUNT; e++) used += c->grids_by[e] > 0;
    for (e = 0; e < SE_COUNT; e++)
        if (c->grids_by[e]) last = e;
    if (used <= 1) {
        snprintf(engine, sizeof engine, "engine %s", se_names[used ? last : (int)c->named]);
    } else {
        size_t n = (size_t)snprintf(engine, sizeof engine, "engines");
        int k = 0;
        static const int order[SE_COUNT] = {SE_BAND, SE_CHECK64, SE_CHECKER}; /* as the summary always read */
        for (int i = 0; i < SE_COUNT; i++) {
            e = order[i];
            if (!c->grids_by[e]) continue;
            k++;
            n += (size_t)snprintf(engine + n, sizeof engine - n, "%s %s (%llu grid%s)",
                                  k == 1 ? "" : k == used ? " and" : ",", se_names[e],
                                  (unsigned long long)c->grids_by[e], cli_s(c->grids_by[e]));
        }
    }
    fprintf(stderr, "search: %llu grid%s, K = %d, %s: %llu puzzle%s; %s; %.3f s wall clock in all (%.3f s per grid)\n",
            (unsigned long long)c->ngrids, c->ngrids == 1 ? "" : "s", c->K, engine, (unsigned long long)c->tot.puzzles,
            c->tot.puzzles == 1 ? "" : "s", work, seconds,
            c->ngrids ? seconds / (double)c->ngrids : 0.0);
}

static bool parse_clues(const char *s, int *out)
{
    uint64_t v;
    if (!numtext_u64(s, &v) || v > CHECKER_MAX_CELLS) return false;
    *out = (int)v;
    return true;
}

int cmd_search(int argc, char **argv)
{
    static const struct option opts[] = {{"clues", required_argument, 0, 'k'},
                                          {"box", required_argument, 0, 'b'},
                                          {"stats", required_argument, 0, 's'},
                                          {"engine", required_argument, 0, 'e'},
                                          {"first", no_argument, 0, 'f'},
                                          CLI_CHECKER_OPTIONS,
                                          {"quiet", no_argument, 0, 'q'},
                                          {"help", no_argument, 0, 'h'},
                                          {0, 0, 0, 0}};
    const geometry *geo = NULL;
    const char *stats_path = NULL;
    static search_ctx c; /* large (a solver result); one per process */
    memset(&c, 0, sizeof c);
    c.K = -1;
    checker_options_default(&c.copt, 0);
    optind = 0;
    int o;
    const char *checker_only = NULL; /* a checker option given */
    bool engine_given = false;
    while ((o = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        int r = cli_checker_option("search", o, optarg, &c.copt);
        if (r < 0) return 2;
        if (r > 0) {
            if (o == CLI_OPT_NO_LEARN) c.no_learn = true;
            if (o == CLI_OPT_UA_MAX) checker_only = "--ua-max";
            if (o == CLI_OPT_UA_LIMIT) checker_only = "--ua-limit";
            if (o == CLI_OPT_MAX_DEGREE) checker_only = "--max-degree";
            continue;
        }
        switch (o) {
        case 'e':
            engine_given = true;
            if (strcmp(optarg, "band") == 0) c.named = SE_BAND;
            else if (strcmp(optarg, "checker") == 0) c.named = SE_CHECKER;
            else if (strcmp(optarg, "check64") == 0) c.named = SE_CHECK64;
            else {
                cli_error("search", "--engine must be checker, band or check64, not '%s'", optarg);
                return 2;
            }
            break;
        case 'f': c.first = true; break;
        case 'k':
            if (!parse_clues(optarg, &c.K)) {
                cli_error("search", "--clues needs a whole number from 0 to the cells of the grid (%d on 9x9, 64 on 8x8, "
                                    "36 on 6x6, 16 on 4x4), not '%s'", CHECKER_MAX_CELLS, optarg);
                return 2;
            }
            break;
        case 'b':
            if (!cli_parse_box("search", optarg, &geo)) return 2;
            if (geo->ncells > CHECKER_MAX_CELLS) {
                cli_error("search", "--box %s: shapes above %d cells are not supported", optarg, CHECKER_MAX_CELLS);
                return 2;
            }
            break;
        case 's': stats_path = optarg; break;
        case 'q': c.quiet = true; break;
        case 'h': print_help(stdout); return 0;
        default: print_help(stderr); return 2;
        }
    }
    if (c.K < 0) {
        cli_error("search", "--clues K is required (see --help)");
        return 2;
    }
    if (argc - optind > 1) {
        cli_error("search", "one input file at most (or - for stdin)");
        return 2;
    }
    const bool band = c.named == SE_BAND, c64 = c.named == SE_CHECK64;
    if (band && (c.K < 1 || c.K > 27)) {
        cli_error("search", "--engine band takes --clues from 1 to 27, not %d", c.K);
        return 2;
    }
    if (band && geo && (geo->R != 3 || geo->C != 3)) {
        cli_error("search", "--engine band takes 9x9 grids only, not --box %dx%d", geo->R, geo->C);
        return 2;
    }
    if (c64 && geo && !check64_takes(geo)) {
        cli_error("search", "--engine check64 takes grids of at most 64 cells, not --box %dx%d", geo->R, geo->C);
        return 2;
    }
    if (c64 && c.no_learn && !checker_only) checker_only = "--no-learn";
    if ((band || c64) && checker_only) {
        cli_error("search", "%s is a checker option; --engine %s does not take it", checker_only, se_names[c.named]);
        return 2;
    }
    c.autoeng = !engine_given;
    c.checker_opts = checker_only != NULL;
    c.copt.clues = c.K;
    c.copt.first = c.first;
    if (stats_path && !(c.stats = fopen(stats_path, "w"))) {
        cli_error("search", "cannot write %s", stats_path);
        return 2;
    }
    double start = mc_wall_seconds();
    progress_init(&c.pr, "grids", 0);
    if (!c.quiet) c.out.ticker = grid_ticker_new(&c.pr);
    cli_grid_loop loop = {.cmd = "search", .geo = geo, .style = DIGITS_STD, .name_cmd_open = true,
                          .on_grid = search_grid, .user = &c};
    int status = cli_for_each_grid(&loop, argc - optind, argv + optind);
    if (!c.quiet && (c.ngrids > 0 || status < 2)) print_summary(&c, mc_wall_seconds() - start);
    grid_ticker_free(c.out.ticker);
    checker_free(c.ck);
    check64_free(c.c64);
    band_engine_free(c.be);
    solver_free(c.sv);
    if (c.stats && fclose(c.stats) != 0) {
        cli_error("search", "cannot write %s", stats_path);
        status = 2;
    }
    return status;
}
