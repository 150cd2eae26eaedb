/* cmd_grids_rank — `minclue grids rank` and `grids unrank`; see cmd_grids.h. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "band.h"
#include "canon.h"
#include "catalogue.h"
#include "cmd_grids.h"
#include "grids_common.h"
#include "enumerate.h"
#include "gridfile.h"
#include "gridrank.h"
#include "prng.h"

/* ------------------------------------------------------------ rank, unrank */

static const char *help_rank =
    "usage: minclue grids rank [--counts FILE] GRID...\n"
    "\n"
    "Prints 'RANK MINLEX' for each 9x9 grid (81 digits): the catalogue rank\n"
    "of its minlex form. Needs the counts of every band up to the grid's\n"
    "band: by default the shipped grids/counts.txt.gz (all 416 bands, read in\n"
    "about a second; an error names it when it is missing or damaged).\n"
    "--counts FILE (or $MINCLUE_COUNTS) reads FILE instead and counts the\n"
    "bands it lacks by enumeration (hours for all of them; a progress line\n"
    "with the total and an ETA on stderr), appending them to FILE unless its\n"
    "name ends in .gz.\n";

static const char *help_unrank =
    "usage: minclue grids unrank [--counts FILE] RANK...\n"
    "\n"
    "Prints the grid of each catalogue rank (1 .. 5,472,730,538). Needs the\n"
    "counts of every band up to the rank's band: by default the shipped\n"
    "grids/counts.txt.gz, or --counts FILE (see `grids rank`).\n";

int grids_rank_unrank(int argc, char **argv, bool unrank)
{
    const char *cmd = unrank ? "grids unrank" : "grids rank";
    static const struct option opts[] = {{"counts", required_argument, 0, OPT_COUNTS},
                                          {"help", no_argument, 0, 'h'},
                                          {0, 0, 0, 0}};
    const char *cpath = NULL;
    optind = 0;
    int o;
    while ((o = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        switch (o) {
        case OPT_COUNTS: cpath = optarg; break;
        case 'h': fputs(unrank ? help_unrank : help_rank, stdout); return 0;
        default: fputs(unrank ? help_unrank : help_rank, stderr); return 2;
        }
    }
    if (optind >= argc) {
        fputs(unrank ? help_unrank : help_rank, stderr);
        return 2;
    }
    gridrank *gr;
    count_prog cp;
    if (grids_open_ranks(cmd, cpath, &gr, &cp)) return 2;
    mc_error err;
    int status = 0;
    for (int i = optind; i < argc && !status; i++) {
        if (unrank) {
            uint64_t r;
            uint8_t g[81];
            if (!numtext_u64(argv[i], &r) || r == 0) {
                cli_error(cmd, "bad rank '%s'", argv[i]);
                status = 2;
                continue;
            }
            grids_count_ahead(&cp, gr, 1, gridrank_published_band(r));
            if (gridrank_unrank(gr, r, g, &err) != MC_OK) {
                cli_error(cmd, "%s", err.msg);
                status = 2;
            } else {
                progress_break(&cp.p); /* a terminal's in-place line ends before the grid's */
                grids_print_grid(stdout, g, 81, 9);
            }
            continue;
        }
        const geometry *geo = geometry_9x9();
        grid g;
        size_t tl = 0;
        mc_status ps = grid_parse(argv[i], strlen(argv[i]), &geo, DIGITS_STD, &g, &tl, &err);
        if (ps != MC_OK || tl != strlen(argv[i])) {
            cli_error(cmd, "argument %d: %s", i - optind + 1, ps != MC_OK ? err.msg : "trailing text");
            status = 2;
            continue;
        }
        if (!grid_is_valid_solution(&g)) {
            cli_error(cmd, "argument %d: not a valid solution grid", i - optind + 1);
            status = 2;
            continue;
        }
        uint8_t m[81];
        canon_minlex9(g.cell, m, NULL);
        uint64_t r;
        grids_count_ahead(&cp, gr, 1, band_index(m));
        if (gridrank_rank(gr, m, &r, &err) != MC_OK) {
            cli_error(cmd, "%s", err.msg);
            status = 2;
            continue;
        }
        progress_break(&cp.p);
        printf("%llu ", (unsigned long long)r);
        grids_print_grid(stdout, m, 81, 9);
    }
    grids_count_done(&cp);
    gridrank_free(gr);
    return status;
}

