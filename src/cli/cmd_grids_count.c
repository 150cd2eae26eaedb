/* cmd_grids_count — `minclue grids count`; see cmd_grids.h. */
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

/* ----------------------------------------------------------------- count */

static const char *help_count =
    "usage: minclue grids count [--bands A-B] [--box RxC] [--counts FILE]\n"
    "\n"
    "Counts ES grids by enumeration without writing them. 9x9: prints\n"
    "'band B COUNT' for each minlex top band A..B (default 1-416) and\n"
    "'total COUNT'. Counts already in the --counts file (or $MINCLUE_COUNTS)\n"
    "are reused, new ones are appended to it (with per-row-4 counts used by\n"
    "rank and unrank); the shipped grids/counts.txt.gz is not read, every\n"
    "band not in --counts is enumerated, with a progress line on stderr\n"
    "(grids counted of the published total of those bands, rate, ETA).\n"
    "Other shapes (--box 2x2, 2x3, 3x2, 2x4): prints 'total COUNT'.\n";

/* Shapes other than 9x9: counts grids and reports progress. */
typedef struct shape_count {
    progress p;
    uint64_t n;
} shape_count;

static int shape_count_fn(void *arg, const uint8_t *g)
{
    (void)g;
    shape_count *c = arg;
    if ((++c->n & 0xffff) == 0) progress_update(&c->p, c->n, NULL);
    return 0;
}

int grids_count(int argc, char **argv)
{
    static const struct option opts[] = {{"bands", required_argument, 0, OPT_BANDS},
                                          {"box", required_argument, 0, OPT_BOX},
                                          {"counts", required_argument, 0, OPT_COUNTS},
                                          {"help", no_argument, 0, 'h'},
                                          {0, 0, 0, 0}};
    int lo = 1, hi = BAND_COUNT;
    const geometry *geo = geometry_9x9();
    const char *cpath = NULL;
    mc_error err;
    optind = 0;
    int o;
    while ((o = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        switch (o) {
        case OPT_BANDS:
            if (!grids_parse_bands("grids count", optarg, &lo, &hi)) return 2;
            break;
        case OPT_BOX:
            if (geometry_parse(optarg, &geo, &err) != MC_OK) {
                cli_error("grids count", "%s", err.msg);
                return 2;
            }
            break;
        case OPT_COUNTS: cpath = optarg; break;
        case 'h': fputs(help_count, stdout); return 0;
        default: fputs(help_count, stderr); return 2;
        }
    }
    if (optind < argc) {
        cli_error("grids count", "unexpected argument '%s'", argv[optind]);
        return 2;
    }
    if (geo->N != 9) {
        uint64_t n;
        shape_count sc = {.n = 0};
        progress_init(&sc.p, "grids", grids_published_total(geo, 1, 0));
        if (enumerate_shape(geo, shape_count_fn, &sc, &n, &err) != MC_OK) {
            cli_error("grids count", "%s", err.msg);
            return 2;
        }
        progress_done(&sc.p, n, NULL);
        printf("total %llu\n", (unsigned long long)n);
        return 0;
    }
    gridrank *gr;
    if (gridrank_open(grids_counts_path(cpath), &gr, &err) != MC_OK) {
        cli_error("grids count", "%s", err.msg);
        return 2;
    }
    count_prog prog;
    grids_count_start(&prog, gr);
    grids_count_ahead(&prog, gr, lo, hi);
    uint64_t total = 0;
    for (int b = lo; b <= hi; b++) {
        uint64_t n;
        if (gridrank_band_count(gr, b, &n, &err) != MC_OK) {
            cli_error("grids count", "%s", err.msg);
            gridrank_free(gr);
            return 2;
        }
        progress_break(&prog.p); /* a terminal's in-place line ends before the band's line */
        printf("band %d %llu\n", b, (unsigned long long)n);
        fflush(stdout);
        total += n;
    }
    grids_count_done(&prog);
    printf("total %llu\n", (unsigned long long)total);
    gridrank_free(gr);
    return 0;
}

