/* cmd_grids_canon — `minclue grids canon`: minlex form and automorphism count
 * of each input grid. 9x9 grids take the fast path (canon_minlex9), other
 * shapes the generic one (canon_minlex). */
#include <getopt.h>

#include "canon.h"
#include "cli.h"
#include "gridfile.h"

static const char *help =
    "usage: minclue grids canon [--box RxC] [FILE...]\n"
    "\n"
    "Reads solution grids (one per line, plain or gzipped text; '-' or no FILE\n"
    "means standard input) and prints for each one line\n"
    "    MINLEX:AUTOMORPHISMS\n"
    "MINLEX is the lexicographically smallest grid equivalent to the input\n"
    "under relabelling, row and column permutations within bands and stacks,\n"
    "band and stack permutations and (square boxes only) transposition; two\n"
    "grids are essentially different iff their forms differ. AUTOMORPHISMS is\n"
    "the number of position maps (transposition included) that map the grid\n"
    "to itself up to relabelling (1 for almost every 9x9 grid, 648 at most).\n"
    "\n"
    "The shape is taken from each line's length (81 cells = 9x9, 36 = 6x6 with\n"
    "2x3 boxes, 64 = 8x8 with 2x4 boxes, 16 = 4x4, 144 = 12x12 with 3x4\n"
    "boxes) unless --box RxC is given. 9x9 grids run the fast method (several\n"
    "hundred thousand grids per second on one core); other shapes run a generic\n"
    "method (up to 8x8 a few microseconds a grid, 12x12 some tens of ms);\n"
    "16x16 grids are refused as far too slow.\n"
    "\n"
    "A line that is not a valid complete grid (bad characters, wrong length,\n"
    "a clash, or a puzzle with empty cells) is reported on stderr as\n"
    "FILE:LINE: reason, prints nothing on stdout, and makes the exit status 1.\n"
    "Exit status 2 when a file cannot be read.\n";

static int canon_line(void *user, gridfile *f, grid *g, const char *trailer)
{
    (void)user;
    (void)trailer;
    const char *name = gridfile_name(f);
    long line = gridfile_line(f);
    mc_error err;
    if (!grid_is_complete(g)) {
        fprintf(stderr, "minclue grids canon: %s:%ld: a puzzle with %d clues, not a complete grid\n", name,
                line, grid_clue_count(g));
        return CLI_LINE_INVALID;
    }
    if (grid_check(g, DIGITS_STD, &err) != MC_OK) {
        fprintf(stderr, "minclue grids canon: %s:%ld: invalid grid: %s\n", name, line, err.msg);
        return CLI_LINE_INVALID;
    }
    if (g->geo->N > 12) {
        fprintf(stderr, "minclue grids canon: %s:%ld: %dx%d grids are not supported (far too slow)\n", name,
                line, g->geo->N, g->geo->N);
        return CLI_LINE_INVALID;
    }
    grid out;
    int autos;
    if (g->geo->R == 3 && g->geo->C == 3) {
        out.geo = g->geo;
        autos = canon_minlex9(g->cell, out.cell, NULL);
    } else {
        autos = canon_minlex(g, &out, NULL);
    }
    char text[MAX_CELLS + 1];
    grid_format(&out, DIGITS_STD, text);
    printf("%s:%d\n", text, autos);
    return CLI_LINE_OK;
}

int cmd_grids_canon(int argc, char **argv)
{
    static const struct option opts[] = {CLI_OPTION_BOX,
                                          {"help", no_argument, 0, 'h'},
                                          {0, 0, 0, 0}};
    cli_grid_loop loop = {.cmd = "grids canon", .style = DIGITS_STD, .name_cmd_open = true,
                          .name_cmd_lines = true, .on_grid = canon_line};
    optind = 0;
    int o;
    while ((o = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        switch (o) {
        case 'b':
            if (!cli_parse_box("grids canon", optarg, &loop.geo)) return 2;
            break;
        case 'h': fputs(help, stdout); return 0;
        default: fputs(help, stderr); return 2;
        }
    }
    return cli_for_each_grid(&loop, argc - optind, argv + optind);
}
