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

/* A bad line is a result: "invalid", with the reason without its FILE:LINE. */
static int validate_bad_line(void *user, gridfile *f, const mc_error *err)
{
    (void)user;
    char prefix[MC_ERROR_MSG_MAX];
    int k = snprintf(prefix, sizeof prefix, "%s:%ld: ", gridfile_name(f), gridfile_line(f));
    const char *reason = err->msg;
    if (k > 0 && !strncmp(err->msg, prefix, (size_t)k)) reason += k;
    printf("%s:%ld: invalid: %s\n", gridfile_name(f), gridfile_line(f), reason);
    return CLI_LINE_INVALID;
}

static int validate_line(void *user, gridfile *f, grid *g, const char *trailer)
{
    (void)trailer;
    const digit_style *style = user;
    mc_error err;
    if (grid_check(g, *style, &err) != MC_OK) {
        printf("%s:%ld: invalid: %s\n", gridfile_name(f), gridfile_line(f), err.msg);
        return CLI_LINE_INVALID;
    }
    int k = grid_clue_count(g);
    printf("%s:%ld: ok (%s, %d clues)\n", gridfile_name(f), gridfile_line(f),
           k == g->geo->ncells ? "grid" : "puzzle", k);
    return CLI_LINE_OK;
}

int cmd_validate(int argc, char **argv)
{
    static const struct option opts[] = {CLI_OPTION_BOX, CLI_OPTION_HEX,
                                          {"help", no_argument, 0, 'h'},
                                          {0, 0, 0, 0}};
    cli_grid_loop loop = {.cmd = "validate", .style = DIGITS_STD, .on_grid = validate_line,
                          .on_bad_line = validate_bad_line};
    loop.user = &loop.style;
    optind = 0;
    int o;
    while ((o = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        switch (o) {
        case 'b':
            if (!cli_parse_box("validate", optarg, &loop.geo)) return 2;
            break;
        case 'x': loop.style = DIGITS_HEX; break;
        case 'h': fputs(help, stdout); return 0;
        default: fputs(help, stderr); return 2;
        }
    }
    return cli_for_each_grid(&loop, argc - optind, argv + optind);
}
