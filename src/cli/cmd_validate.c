/* cmd_validate — `minclue validate`: are grids and puzzles free of clashes? */
#include <getopt.h>
#include <string.h>

#include "cli.h"
#include "gridfile.h"

static const char *help =
    "usage: minclue validate [--box RxC] [--hex] [FILE...]\n"
    "\n"
    "Checks each line (a complete grid or a partial puzzle) for consistency:\n"
    "the right length, legal characters, and no digit twice in a row, column\n"
    "or box. Prints 'FILE:LINE: ok (grid|puzzle, K clues)' or\n"
    "'FILE:LINE: invalid: reason'. Exit status 1 when any line is invalid,\n"
    "2 when a file could not be read or an option was wrong.\n"
    "\n"
    "  --box RxC   box shape (default: inferred from the line length)\n"
    "  --hex       digits 0-F (Hexadoku) instead of 1-9, A-G\n"
    "A consistent puzzle may still have no solution: use `minclue solve`.\n";

int cmd_validate(int argc, char **argv)
{
    static const struct option opts[] = {{"box", required_argument, 0, 'b'},
                                          {"hex", no_argument, 0, 'x'},
                                          {"help", no_argument, 0, 'h'},
                                          {0, 0, 0, 0}};
    const geometry *geo = NULL;
    digit_style style = DIGITS_STD;
    mc_error err;
    optind = 0;
    int o;
    while ((o = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        switch (o) {
        case 'b':
            if (geometry_parse(optarg, &geo, &err) != MC_OK) {
                cli_error("validate", "%s", err.msg);
                return 2;
            }
            break;
        case 'x': style = DIGITS_HEX; break;
        case 'h': fputs(help, stdout); return 0;
        default: fputs(help, stderr); return 2;
        }
    }
    if (style == DIGITS_HEX && !geo) geo = geometry_get(4, 4);
    const char *stdin_only[] = {"-"};
    const char **files = optind < argc ? (const char **)argv + optind : stdin_only;
    int nfiles = optind < argc ? argc - optind : 1;
    int status = 0;
    for (int i = 0; i < nfiles; i++) {
        gridfile *f;
        if (gridfile_open(files[i], geo, style, &f, &err) != MC_OK) {
            fprintf(stderr, "%s\n", err.msg);
            status = 2;
            continue;
        }
        grid g;
        mc_status st;
        while ((st = gridfile_next(f, &g, NULL, &err)) != MC_EOF) {
            if (st == MC_EFORMAT) { /* a bad line is a result: "invalid" */
                char prefix[MC_ERROR_MSG_MAX];
                int k = snprintf(prefix, sizeof prefix, "%s:%ld: ", gridfile_name(f), gridfile_line(f));
                const char *reason = err.msg;
                if (k > 0 && !strncmp(err.msg, prefix, (size_t)k)) reason += k;
                printf("%s:%ld: invalid: %s\n", gridfile_name(f), gridfile_line(f), reason);
                if (status < 1) status = 1;
                continue;
            }
            if (st != MC_OK) { /* the file cannot be read on */
                fprintf(stderr, "%s\n", err.msg);
                status = 2;
                break;
            }
            if (grid_check(&g, style, &err) != MC_OK) {
                printf("%s:%ld: invalid: %s\n", gridfile_name(f), gridfile_line(f), err.msg);
                if (status < 1) status = 1;
            } else {
                int k = grid_clue_count(&g);
                printf("%s:%ld: ok (%s, %d clues)\n", gridfile_name(f), gridfile_line(f),
                       k == g.geo->ncells ? "grid" : "puzzle", k);
            }
        }
        gridfile_free(f);
    }
    return status;
}
