/* cmd_uas — `minclue uas`: the minimal unavoidable sets of each grid. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "gridfile.h"
#include "ua.h"

static const char *help =
    "usage: minclue uas [--max-size S] [--method patterns|reference]\n"
    "                   [--format list|mask] [--stats] [--box RxC] [FILE...]\n"
    "\n"
    "Lists the minimal unavoidable sets (UAs) of size <= S of each solution\n"
    "grid (one per line; '#' comments and blank lines skipped; files may be\n"
    "gzipped; stdin when no FILE or FILE is '-'). For each grid it prints\n"
    "    # grid K: GRID: N UAs, by size 4:a 5:b ...\n"
    "then one line per UA, sorted by size, then by cells:\n"
    "    list: the cells as rRcC (1-based), e.g. \"r1c1 r1c4 r2c1 r2c4\"\n"
    "    mask: the grid's digit on the UA's cells and '.' elsewhere\n"
    "          (one character per cell)\n"
    "\n"
    "  --max-size S   largest UA size (default 12; patterns: at most 12)\n"
    "  --method M     patterns (default): the built-in pattern catalogue,\n"
    "                 9x9 only; reference: the complete slow search, every\n"
    "                 shape with at most 81 cells (4x4, 6x6, 8x8, 9x9)\n"
    "  --format F     list (default) or mask\n"
    "  --stats        print only the mean number of UAs per size over all\n"
    "                 grids read: \"mean UAs per grid over G grids: 4:x ...\"\n"
    "  --box RxC      box shape (default: inferred from the line length)\n"
    "\n"
    "Exit status: 0 when every line was a valid grid, 1 when some line was\n"
    "invalid (reported as FILE:LINE: message), 2 on bad options or I/O errors.\n";

typedef struct uas_ctx {
    bool reference, mask, stats;
    int max_size;
    ua_finder *finder;
    ua_store s;
    uint64_t ngrids;
    uint64_t total[82];
    char text[8 * 81 + 16];
} uas_ctx;

static int uas_grid(void *user, gridfile *f, grid *g, const char *trailer)
{
    (void)trailer;
    uas_ctx *c = user;
    const char *why = NULL;
    if (!grid_is_valid_solution(g)) why = "not a valid solution grid";
    else if (g->geo->ncells > 81) why = "UAs need a shape with at most 81 cells";
    else if (!c->reference && g->geo->N != 9) why = "--method patterns is for 9x9 grids (use --method reference)";
    if (why) {
        fprintf(stderr, "%s:%ld: %s\n", gridfile_name(f), gridfile_line(f), why);
        return CLI_LINE_INVALID;
    }
    ua_store_clear(&c->s);
    mc_status st = c->reference ? ua_find_reference(g->geo, g->cell, c->max_size, &c->s)
                                : ua_find(c->finder, g->cell, c->max_size, &c->s);
    if (st != MC_OK) {
        cli_error("uas", "%s:%ld: %s", gridfile_name(f), gridfile_line(f), mc_status_name(st));
        return CLI_STOP_ALL;
    }
    c->ngrids++;
    int by_size[82] = {0};
    for (int k = 0; k < c->s.n; k++) by_size[cs81_count(c->s.set[k])]++;
    for (int z = 0; z <= 81; z++) c->total[z] += (uint64_t)by_size[z];
    if (c->stats) return CLI_LINE_OK;
    char *text = c->text;
    grid_format(g, DIGITS_STD, text);
    printf("# grid %llu: %s: %d UAs, by size", (unsigned long long)c->ngrids, text, c->s.n);
    for (int z = 1; z <= c->max_size; z++)
        if (by_size[z]) printf(" %d:%d", z, by_size[z]);
    printf("\n");
    for (int k = 0; k < c->s.n; k++) {
        char *p = text;
        if (c->mask) {
            for (int cell = 0; cell < g->geo->ncells; cell++)
                *p++ = cs81_has(c->s.set[k], cell) ? grid_digit_char(g->geo->N, DIGITS_STD, g->cell[cell]) : '.';
        } else {
            int cell;
            CS81_FOREACH(cell, c->s.set[k]) p += sprintf(p, "%sr%dc%d", p == text ? "" : " ", g->geo->row[cell] + 1,
                                                         g->geo->col[cell] + 1);
        }
        *p = 0;
        puts(text);
    }
    return CLI_LINE_OK;
}

int cmd_uas(int argc, char **argv)
{
    static const struct option opts[] = {{"max-size", required_argument, 0, 'm'},
                                          {"method", required_argument, 0, 'M'},
                                          {"format", required_argument, 0, 'f'},
                                          {"stats", no_argument, 0, 's'},
                                          {"box", required_argument, 0, 'b'},
                                          {"help", no_argument, 0, 'h'},
                                          {0, 0, 0, 0}};
    uint64_t max_size = 12;
    bool reference = false, mask = false, stats = false;
    const geometry *geo = NULL;
    optind = 0;
    int o;
    while ((o = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        switch (o) {
        case 'm':
            if (!numtext_u64(optarg, &max_size) || max_size < 1 || max_size > 81) {
                cli_error("uas", "--max-size needs a number from 1 to 81, not '%s'", optarg);
                return 2;
            }
            break;
        case 'M':
            if (!strcmp(optarg, "patterns")) reference = false;
            else if (!strcmp(optarg, "reference")) reference = true;
            else {
                cli_error("uas", "--method is 'patterns' or 'reference', not '%s'", optarg);
                return 2;
            }
            break;
        case 'f':
            if (!strcmp(optarg, "list")) mask = false;
            else if (!strcmp(optarg, "mask")) mask = true;
            else {
                cli_error("uas", "--format is 'list' or 'mask', not '%s'", optarg);
                return 2;
            }
            break;
        case 's': stats = true; break;
        case 'b':
            if (!cli_parse_box("uas", optarg, &geo)) return 2;
            break;
        case 'h': fputs(help, stdout); return 0;
        default: fputs(help, stderr); return 2;
        }
    }
    if (!reference && max_size > 12) {
        cli_error("uas", "--method patterns knows UAs up to size 12 (use --method reference)");
        return 2;
    }
    uas_ctx c = {.reference = reference, .mask = mask, .stats = stats, .max_size = (int)max_size};
    if (!reference && !(c.finder = ua_finder_new())) {
        cli_error("uas", "out of memory");
        return 2;
    }
    ua_store_init(&c.s);
    cli_grid_loop loop = {.cmd = "uas", .geo = geo, .style = DIGITS_STD, .name_cmd_open = true,
                          .on_grid = uas_grid, .user = &c};
    int status = cli_for_each_grid(&loop, argc - optind, argv + optind);
    const uint64_t ngrids = c.ngrids;
    const uint64_t *total = c.total;
    if (stats) {
        printf("mean UAs per grid over %llu grid%s:", (unsigned long long)ngrids, cli_s(ngrids));
        uint64_t all = 0;
        for (int z = 1; z <= (int)max_size; z++) {
            all += total[z];
            if (z >= 4) printf(" %d:%.2f", z, ngrids ? (double)total[z] / (double)ngrids : 0.0);
        }
        printf(" total:%.2f\n", ngrids ? (double)all / (double)ngrids : 0.0);
    }
    ua_store_free(&c.s);
    ua_finder_free(c.finder);
    return status;
}
