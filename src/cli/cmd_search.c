/* cmd_search — `minclue search`: every puzzle with at most K clues in each grid. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "checker.h"
#include "cli.h"
#include "gridfile.h"
#include "mc_clock.h"
#include "solver.h"

static const char *help =
    "usage: minclue search --clues K [--box RxC] [--stats FILE] [options] [FILE|-]\n"
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
    "  --box RxC        box shape (default: inferred from the line length)\n"
    "  --stats FILE     one JSON object per grid: UAs by size, sets from second\n"
    "                   solutions and those kept (learned),\n"
    "                   nodes, candidates, solver calls, puzzles, seconds\n"
    "  --ua-max N       unavoidable sets up to N cells (default: 12 on 9x9,\n"
    "                   16 on 4x4, 12 on 6x6, 10 on 8x8)\n"
    "  --ua-limit N     use at most N initial sets, smallest first\n"
    "  --max-degree N   unions of up to N disjoint sets (2..5; 1 = off; default 5)\n"
    "  --no-learn       do not keep sets learned from second solutions\n"
    "  --quiet          no progress and no summary on stderr\n"
    "\n"
    "A summary (grids, puzzles, work, time) goes to stderr, with progress on\n"
    "long inputs. Exit status: 0 when every line was searched, 1 when some\n"
    "line was invalid (bad text, clashing or not uniquely solvable puzzle,\n"
    "unsupported shape) and skipped, 2 on usage or I/O errors.\n";

typedef struct out_ctx {
    const geometry *geo;
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

static void write_stats(FILE *fp, const char *file, long line, const grid *g, int K, const checker_record *r)
{
    char text[MAX_CELLS + 1];
    grid_format(g, DIGITS_STD, text);
    fputs("{\"file\":", fp);
    json_string(fp, file);
    fprintf(fp, ",\"line\":%ld,\"grid\":\"%s\",\"clues\":%d,\"ua_initial\":%llu,\"ua_by_size\":{", line, text, K,
            (unsigned long long)r->ua_initial);
    int first = 1;
    for (int s = 0; s <= CHECKER_MAX_UA_SIZE; s++) {
        if (!r->ua_initial_by_size[s]) continue;
        fprintf(fp, "%s\"%d\":%llu", first ? "" : ",", s, (unsigned long long)r->ua_initial_by_size[s]);
        first = 0;
    }
    fprintf(fp,
            "},\"ua_second\":%llu,\"ua_learned\":%llu,\"nodes\":%llu,\"candidates\":%llu,\"solver_calls\":%llu,\"puzzles\":%llu,"
            "\"seconds_ua\":%.6f,\"seconds_search\":%.6f,\"seconds_total\":%.6f}\n",
            (unsigned long long)r->ua_second, (unsigned long long)r->ua_learned, (unsigned long long)r->nodes, (unsigned long long)r->candidates,
            (unsigned long long)r->solver_calls, (unsigned long long)r->puzzles, r->seconds_ua, r->seconds_search,
            r->seconds_total);
}

static bool parse_int(const char *s, int lo, int hi, int *out)
{
    uint64_t v;
    if (!numtext_u64(s, &v) || v < (uint64_t)lo || v > (uint64_t)hi) return false;
    *out = (int)v;
    return true;
}

int cmd_search(int argc, char **argv)
{
    static const struct option opts[] = {{"clues", required_argument, 0, 'k'},
                                          {"box", required_argument, 0, 'b'},
                                          {"stats", required_argument, 0, 's'},
                                          {"ua-max", required_argument, 0, 'm'},
                                          {"ua-limit", required_argument, 0, 'l'},
                                          {"max-degree", required_argument, 0, 'd'},
                                          {"no-learn", no_argument, 0, 'n'},
                                          {"quiet", no_argument, 0, 'q'},
                                          {"help", no_argument, 0, 'h'},
                                          {0, 0, 0, 0}};
    const geometry *geo = NULL;
    int K = -1, ua_max = 0, ua_limit = 0, max_degree = 5, learn = 1, quiet = 0;
    const char *stats_path = NULL;
    mc_error err;
    optind = 0;
    int o;
    while ((o = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        switch (o) {
        case 'k':
            if (!parse_int(optarg, 0, 81, &K)) {
                cli_error("search", "--clues needs a whole number from 0 to 81, not '%s'", optarg);
                return 2;
            }
            break;
        case 'b':
            if (geometry_parse(optarg, &geo, &err) != MC_OK) {
                cli_error("search", "%s", err.msg);
                return 2;
            }
            if (geo->ncells > 81) {
                cli_error("search", "--box %s: shapes above 81 cells are not supported", optarg);
                return 2;
            }
            break;
        case 's': stats_path = optarg; break;
        case 'm':
            if (!parse_int(optarg, 4, CHECKER_MAX_UA_SIZE, &ua_max)) {
                cli_error("search", "--ua-max needs a whole number from 4 to %d, not '%s'", CHECKER_MAX_UA_SIZE,
                          optarg);
                return 2;
            }
            break;
        case 'l':
            if (!parse_int(optarg, 1, 448, &ua_limit)) {
                cli_error("search", "--ua-limit needs a whole number from 1 to 448, not '%s'", optarg);
                return 2;
            }
            break;
        case 'd':
            if (!parse_int(optarg, 1, 5, &max_degree)) {
                cli_error("search", "--max-degree needs a whole number from 1 to 5, not '%s'", optarg);
                return 2;
            }
            break;
        case 'n': learn = 0; break;
        case 'q': quiet = 1; break;
        case 'h': fputs(help, stdout); return 0;
        default: fputs(help, stderr); return 2;
        }
    }
    if (K < 0) {
        cli_error("search", "--clues K is required (see --help)");
        return 2;
    }
    if (argc - optind > 1) {
        cli_error("search", "one input file at most (or - for stdin)");
        return 2;
    }
    const char *path = optind < argc ? argv[optind] : "-";
    FILE *stats = NULL;
    if (stats_path) {
        stats = fopen(stats_path, "w");
        if (!stats) {
            cli_error("search", "cannot write %s", stats_path);
            return 2;
        }
    }
    gridfile *f;
    if (gridfile_open(path, geo, DIGITS_STD, &f, &err) != MC_OK) {
        cli_error("search", "%s", err.msg);
        if (stats) fclose(stats);
        return 2;
    }

    checker_options copt;
    checker_options_default(&copt, K);
    copt.ua_max_size = ua_max;
    copt.ua_limit = ua_limit;
    copt.max_degree = max_degree;
    copt.learn = learn;
    checker_ctx *ck = NULL;
    solver_ctx *sv = NULL;
    const geometry *cur = NULL;
    solver_result *res = malloc(sizeof *res);
    out_ctx *out = malloc(sizeof *out);
    if (!res || !out) {
        cli_error("search", "out of memory");
        return 2;
    }
    int status = 0;
    uint64_t ngrids = 0;
    checker_record tot = {0};
    double start = mc_wall_seconds();
    progress pr;
    progress_init(&pr, "grids", 0);
    grid g;
    mc_status st;
    while ((st = gridfile_next(f, &g, NULL, &err)) != MC_EOF) {
        if (st != MC_OK) {
            fprintf(stderr, "%s\n", err.msg);
            if (st == MC_EFORMAT) {
                if (status < 1) status = 1;
                continue;
            }
            status = 2;
            break;
        }
        const char *fname = gridfile_name(f);
        long line = gridfile_line(f);
        if (g.geo->ncells > 81) {
            fprintf(stderr, "%s:%ld: %dx%d grids are not supported (81 cells at most)\n", fname, line, g.geo->N,
                    g.geo->N);
            if (status < 1) status = 1;
            continue;
        }
        if (K > g.geo->ncells) {
            fprintf(stderr, "%s:%ld: --clues %d is more than the %d cells of the grid\n", fname, line, K,
                    g.geo->ncells);
            if (status < 1) status = 1;
            continue;
        }
        if (g.geo != cur) {
            checker_free(ck);
            solver_free(sv);
            cur = g.geo;
            ck = checker_new(cur, &copt);
            sv = solver_new(cur);
            if (!ck || !sv) {
                cli_error("search", "out of memory");
                status = 2;
                break;
            }
        }
        if (grid_check(&g, DIGITS_STD, &err) != MC_OK) {
            fprintf(stderr, "%s:%ld: invalid: %s\n", fname, line, err.msg);
            if (status < 1) status = 1;
            continue;
        }
        if (!grid_is_complete(&g)) {
            int n = solver_count(sv, g.cell, 2, res);
            if (n != 1) {
                fprintf(stderr, "%s:%ld: the puzzle has %s, so it names no grid\n", fname, line,
                        n == 0 ? "no solution" : "more than one solution");
                if (status < 1) status = 1;
                continue;
            }
            memcpy(g.cell, res->sol[0], (size_t)g.geo->ncells);
        }
        out->geo = g.geo;
        out->printed = 0;
        checker_record rec;
        mc_status cs = checker_run(ck, g.cell, &rec, on_found, out);
        if (cs != MC_OK) {
            fprintf(stderr, "%s:%ld: search failed: %s\n", fname, line, mc_status_name(cs));
            status = 2;
            break;
        }
        fflush(stdout);
        ngrids++;
        checker_record_add(&tot, &rec);
        if (stats) {
            write_stats(stats, fname, line, &g, K, &rec);
            fflush(stats);
        }
        if (!quiet) {
            char extra[64];
            snprintf(extra, sizeof extra, "%llu puzzles", (unsigned long long)tot.puzzles);
            progress_update(&pr, ngrids, extra);
        }
    }
    if (!quiet) {
        char extra[64];
        snprintf(extra, sizeof extra, "%llu puzzles", (unsigned long long)tot.puzzles);
        progress_done(&pr, ngrids, extra);
        double el = mc_wall_seconds() - start;
        fprintf(stderr,
                "search: %llu grids, K = %d: %llu puzzles; %llu nodes, %llu candidates, %llu solver calls; "
                "UAs %.3f s, search %.3f s, %.3f s in all (%.3f s per grid)\n",
                (unsigned long long)ngrids, K, (unsigned long long)tot.puzzles, (unsigned long long)tot.nodes,
                (unsigned long long)tot.candidates, (unsigned long long)tot.solver_calls, tot.seconds_ua,
                tot.seconds_search, el,
                ngrids ? el / (double)ngrids : 0.0);
    }
    gridfile_free(f);
    checker_free(ck);
    solver_free(sv);
    free(res);
    free(out);
    if (stats && fclose(stats) != 0) {
        cli_error("search", "cannot write %s", stats_path);
        status = 2;
    }
    return status;
}
