/* cmd_solve — `minclue solve`: count solutions of each puzzle up to a limit. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "gridfile.h"
#include "solver.h"

static const char *help =
    "usage: minclue solve [--limit N] [--box RxC] [--hex] [--witness] [FILE...]\n"
    "\n"
    "Counts the solutions of each puzzle (one per line; '.' or '0' for empty\n"
    "cells; '#' comments and blank lines skipped; files may be gzipped; stdin\n"
    "when no FILE or FILE is '-'). Prints one line per puzzle:\n"
    "    puzzle:count:solution\n"
    "count is capped at the limit (default 2: 0 = none, 1 = unique, 2 = more\n"
    "than one); solution is the first solution found (empty when there is none).\n"
    "\n"
    "  --limit N   stop counting at N solutions (default 2)\n"
    "  --box RxC   box shape (default: inferred from the line length)\n"
    "  --hex       digits 0-F (Hexadoku) instead of 1-9, A-G\n"
    "  --witness   append ':rXcY=a|b' for ambiguous puzzles: a cell and two\n"
    "              digits there, each of which completes to a solution\n"
    "  --trace     solve by inference and case splits (Schoenhage's INFER) and\n"
    "              print the tree of calls as '#' lines before each result\n"
    "              line (see README); the count is the same as without\n"
    "              --trace, and so is the solution when it is unique\n"
    "\n"
    "Exit status: 0 when every line was read, 1 when some line was invalid\n"
    "(reported as FILE:LINE: reason on stderr; the other lines are still\n"
    "solved), 2 when a file could not be read or an option was wrong.\n";

int cmd_solve_trace(const char *path, const geometry *geo, digit_style style, int limit);

int cmd_solve(int argc, char **argv)
{
    static const struct option opts[] = {{"limit", required_argument, 0, 'l'},
                                          {"box", required_argument, 0, 'b'},
                                          {"hex", no_argument, 0, 'x'},
                                          {"witness", no_argument, 0, 'w'},
                                          {"trace", no_argument, 0, 't'},
                                          {"help", no_argument, 0, 'h'},
                                          {0, 0, 0, 0}};
    uint64_t limit = 2;
    const geometry *geo = NULL;
    digit_style style = DIGITS_STD;
    bool witness = false, trace = false;
    mc_error err;
    optind = 0;
    int o;
    while ((o = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        switch (o) {
        case 'l':
            if (!cli_parse_u64(optarg, &limit) || limit < 1 || limit > 1000000000) {
                cli_error("solve", "--limit needs a whole number from 1 to 1000000000, not '%s'", optarg);
                return 2;
            }
            break;
        case 'b':
            if (geometry_parse(optarg, &geo, &err) != MC_OK) {
                cli_error("solve", "%s", err.msg);
                return 2;
            }
            break;
        case 'x': style = DIGITS_HEX; break;
        case 'w': witness = true; break;
        case 't': trace = true; break;
        case 'h': fputs(help, stdout); return 0;
        default: fputs(help, stderr); return 2;
        }
    }
    if (style == DIGITS_HEX && !geo) geo = geometry_get(4, 4);
    const char *stdin_only[] = {"-"};
    const char **files = optind < argc ? (const char **)argv + optind : stdin_only;
    int nfiles = optind < argc ? argc - optind : 1;
    int status = 0;
    if (trace) {
        for (int i = 0; i < nfiles; i++) {
            int st = cmd_solve_trace(files[i], geo, style, (int)limit);
            if (st > status) status = st;
        }
        return status;
    }
    solver_ctx *ctx = NULL;
    const geometry *ctx_geo = NULL;
    solver_result *res = malloc(sizeof *res);
    char *text = malloc(3 * MAX_CELLS + 64);
    if (!res || !text) {
        cli_error("solve", "out of memory");
        return 2;
    }
    for (int i = 0; i < nfiles; i++) {
        gridfile *f;
        if (gridfile_open(files[i], geo, style, &f, &err) != MC_OK) {
            cli_error("solve", "%s", err.msg);
            status = 2;
            continue;
        }
        grid g;
        const char *trailer;
        mc_status st;
        while ((st = gridfile_next(f, &g, &trailer, &err)) != MC_EOF) {
            if (st != MC_OK) {
                fprintf(stderr, "%s\n", err.msg);
                if (status < 1) status = 1;
                if (st == MC_EFORMAT) continue;
                status = 2;
                break;
            }
            if (g.geo != ctx_geo) {
                solver_free(ctx);
                ctx = solver_new(g.geo);
                ctx_geo = g.geo;
                if (!ctx) {
                    cli_error("solve", "out of memory");
                    return 2;
                }
            }
            if (grid_check(&g, style, &err) != MC_OK)
                fprintf(stderr, "%s:%ld: note: %s, so there is no solution\n", gridfile_name(f),
                        gridfile_line(f), err.msg);
            int n = solver_count(ctx, g.cell, (int)limit, res);
            char *p = text;
            grid_format(&g, style, p);
            p += g.geo->ncells;
            p += sprintf(p, ":%d:", n);
            if (n > 0) {
                grid s = g;
                memcpy(s.cell, res->sol[0], (size_t)g.geo->ncells);
                grid_format(&s, style, p);
                p += g.geo->ncells;
            }
            if (witness && n >= 2) {
                int c = res->witness_cell;
                p += sprintf(p, ":r%dc%d=%c|%c", g.geo->row[c] + 1, g.geo->col[c] + 1,
                             grid_digit_char(g.geo->N, style, res->witness_digit[0]),
                             grid_digit_char(g.geo->N, style, res->witness_digit[1]));
            }
            puts(text);
        }
        gridfile_free(f);
    }
    solver_free(ctx);
    free(res);
    free(text);
    return status;
}
