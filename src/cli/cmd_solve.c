/* cmd_solve — `minclue solve`: count solutions of each puzzle up to a limit. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "gridfile.h"
#include "solver.h"

static const char *help =
    "usage: minclue solve [--limit N] [--box RxC] [--hex] [--witness] [--trace] [FILE...]\n"
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
    "              line (src/cli/README.md); the count is the same as\n"
    "              without --trace, and so is the solution when it is unique\n"
    "\n"
    "Exit status: 0 when every line was read, 1 when some line was invalid\n"
    "(reported as FILE:LINE: reason on stderr; the other lines are still\n"
    "solved), 2 when a file could not be read or an option was wrong.\n";

typedef struct solve_run {
    int limit;
    bool witness;
    digit_style style;
    solver_ctx *ctx;          /* for ctx_geo, made on the first line of that shape */
    const geometry *ctx_geo;
    solver_result res;
    char text[3 * MAX_CELLS + 64];
} solve_run;

static int solve_line(void *user, gridfile *f, grid *g, const char *trailer)
{
    (void)trailer;
    solve_run *run = user;
    if (g->geo != run->ctx_geo) {
        solver_free(run->ctx);
        run->ctx = solver_new(g->geo);
        run->ctx_geo = g->geo;
        if (!run->ctx) {
            cli_error("solve", "out of memory");
            return CLI_STOP_ALL;
        }
    }
    cli_note_clash(f, g, run->style);
    solver_result *res = &run->res;
    int n = solver_count(run->ctx, g->cell, run->limit, res);
    char *p = run->text;
    grid_format(g, run->style, p);
    p += g->geo->ncells;
    p += sprintf(p, ":%d:", n);
    if (n > 0) {
        grid s = *g;
        memcpy(s.cell, res->sol[0], (size_t)g->geo->ncells);
        grid_format(&s, run->style, p);
        p += g->geo->ncells;
    }
    if (run->witness && n >= 2) {
        int c = res->witness_cell;
        p += sprintf(p, ":r%dc%d=%c|%c", g->geo->row[c] + 1, g->geo->col[c] + 1,
                     grid_digit_char(g->geo->N, run->style, res->witness_digit[0]),
                     grid_digit_char(g->geo->N, run->style, res->witness_digit[1]));
    }
    puts(run->text);
    return CLI_LINE_OK;
}

int cmd_solve(int argc, char **argv)
{
    static const struct option opts[] = {{"limit", required_argument, 0, 'l'},
                                          CLI_OPTION_BOX,
                                          CLI_OPTION_HEX,
                                          {"witness", no_argument, 0, 'w'},
                                          {"trace", no_argument, 0, 't'},
                                          {"help", no_argument, 0, 'h'},
                                          {0, 0, 0, 0}};
    uint64_t limit = 2;
    cli_grid_loop loop = {.cmd = "solve", .style = DIGITS_STD, .name_cmd_open = true};
    bool witness = false, trace = false;
    optind = 0;
    int o;
    while ((o = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        switch (o) {
        case 'l':
            if (!numtext_u64(optarg, &limit) || limit < 1 || limit > 1000000000) {
                cli_error("solve", "--limit needs a whole number from 1 to 1000000000, not '%s'", optarg);
                return 2;
            }
            break;
        case 'b':
            if (!cli_parse_box("solve", optarg, &loop.geo)) return 2;
            break;
        case 'x': loop.style = DIGITS_HEX; break;
        case 'w': witness = true; break;
        case 't': trace = true; break;
        case 'h': fputs(help, stdout); return 0;
        default: fputs(help, stderr); return 2;
        }
    }
    if (trace) return cmd_solve_trace(&loop, argc - optind, argv + optind, (int)limit);
    solve_run *run = calloc(1, sizeof *run);
    if (!run) {
        cli_error("solve", "out of memory");
        return 2;
    }
    run->limit = (int)limit;
    run->witness = witness;
    run->style = loop.style;
    loop.on_grid = solve_line;
    loop.user = run;
    int status = cli_for_each_grid(&loop, argc - optind, argv + optind);
    solver_free(run->ctx);
    free(run);
    return status;
}
