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
    "boxes) unless --box RxC is given. 9x9 grids run the fast method (about a\n"
    "million grids per second); other shapes run a slower exhaustive method\n"
    "(12x12 takes around a second a grid); 16x16 grids are refused as far\n"
    "too slow.\n"
    "\n"
    "A line that is not a valid complete grid (bad characters, wrong length,\n"
    "a clash, or a puzzle with empty cells) is reported on stderr as\n"
    "FILE:LINE: reason, prints nothing on stdout, and makes the exit status 1.\n"
    "Exit status 2 when a file cannot be read.\n";

int cmd_grids_canon(int argc, char **argv)
{
    static const struct option opts[] = {{"box", required_argument, 0, 'b'},
                                          {"help", no_argument, 0, 'h'},
                                          {0, 0, 0, 0}};
    const geometry *geo = NULL;
    mc_error err;
    optind = 0;
    int o;
    while ((o = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        switch (o) {
        case 'b':
            if (geometry_parse(optarg, &geo, &err) != MC_OK) {
                cli_error("grids canon", "%s", err.msg);
                return 2;
            }
            break;
        case 'h': fputs(help, stdout); return 0;
        default: fputs(help, stderr); return 2;
        }
    }
    const char *stdin_only[] = {"-"};
    const char **files = optind < argc ? (const char **)argv + optind : stdin_only;
    int nfiles = optind < argc ? argc - optind : 1;
    int status = 0;
    char text[MAX_CELLS + 1];
    for (int i = 0; i < nfiles; i++) {
        gridfile *f;
        if (gridfile_open(files[i], geo, DIGITS_STD, &f, &err) != MC_OK) {
            fprintf(stderr, "minclue grids canon: %s\n", err.msg);
            status = 2;
            continue;
        }
        grid g, out;
        mc_status st;
        while ((st = gridfile_next(f, &g, NULL, &err)) != MC_EOF) {
            if (st != MC_OK) {
                fprintf(stderr, "minclue grids canon: %s\n", err.msg);
                if (st != MC_EFORMAT) {
                    status = 2;
                    break;
                }
                if (status < 1) status = 1;
                continue;
            }
            const char *name = gridfile_name(f);
            long line = gridfile_line(f);
            if (!grid_is_complete(&g)) {
                fprintf(stderr, "minclue grids canon: %s:%ld: a puzzle with %d clues, not a complete grid\n",
                        name, line, grid_clue_count(&g));
                if (status < 1) status = 1;
                continue;
            }
            if (grid_check(&g, DIGITS_STD, &err) != MC_OK) {
                fprintf(stderr, "minclue grids canon: %s:%ld: invalid grid: %s\n", name, line, err.msg);
                if (status < 1) status = 1;
                continue;
            }
            if (g.geo->N > 12) {
                fprintf(stderr, "minclue grids canon: %s:%ld: %dx%d grids are not supported (far too slow)\n",
                        name, line, g.geo->N, g.geo->N);
                if (status < 1) status = 1;
                continue;
            }
            int autos;
            if (g.geo->R == 3 && g.geo->C == 3) {
                out.geo = g.geo;
                autos = canon_minlex9(g.cell, out.cell, NULL);
            } else {
                autos = canon_minlex(&g, &out, NULL);
            }
            grid_format(&out, DIGITS_STD, text);
            printf("%s:%d\n", text, autos);
        }
        gridfile_free(f);
    }
    if (fflush(stdout) != 0) {
        cli_error("grids canon", "cannot write the output");
        return 2;
    }
    return status;
}
