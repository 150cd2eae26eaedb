/* cmd_grids_sample — `minclue grids sample`; see cmd_grids.h. */
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

/* ---------------------------------------------------------------- sample */

static const char *help_sample =
    "usage: minclue grids sample --count N --seed S [--bands A-B] [--counts FILE]\n"
    "\n"
    "Prints N grids drawn uniformly (with replacement) over the ES 9x9 grids\n"
    "of bands A..B (default all): ranks drawn with minclue's PRNG from seed S,\n"
    "then unranked; each line is 'GRID RANK'. Same seed, same grids. Needs\n"
    "the counts of bands 1..B: by default the shipped grids/counts.txt.gz, or\n"
    "--counts FILE (see `grids rank`; with an empty FILE and all bands that is\n"
    "a full enumeration, hours).\n";

int grids_sample(int argc, char **argv)
{
    static const struct option opts[] = {{"count", required_argument, 0, OPT_COUNT},
                                          {"seed", required_argument, 0, OPT_SEED},
                                          {"bands", required_argument, 0, OPT_BANDS},
                                          {"counts", required_argument, 0, OPT_COUNTS},
                                          {"help", no_argument, 0, 'h'},
                                          {0, 0, 0, 0}};
    uint64_t count = 0, seed = 0;
    bool have_count = false, have_seed = false;
    int lo = 1, hi = BAND_COUNT;
    const char *cpath = NULL;
    optind = 0;
    int o;
    while ((o = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        switch (o) {
        case OPT_COUNT:
            if (!numtext_u64(optarg, &count)) {
                cli_error("grids sample", "bad count '%s'", optarg);
                return 2;
            }
            have_count = true;
            break;
        case OPT_SEED:
            if (!numtext_u64(optarg, &seed)) {
                cli_error("grids sample", "bad seed '%s'", optarg);
                return 2;
            }
            have_seed = true;
            break;
        case OPT_BANDS:
            if (!grids_parse_bands("grids sample", optarg, &lo, &hi)) return 2;
            break;
        case OPT_COUNTS: cpath = optarg; break;
        case 'h': fputs(help_sample, stdout); return 0;
        default: fputs(help_sample, stderr); return 2;
        }
    }
    if (!have_count || !have_seed || optind < argc) {
        fputs(help_sample, stderr);
        return 2;
    }
    gridrank *gr;
    count_prog cp;
    if (grids_open_ranks("grids sample", cpath, &gr, &cp)) return 2;
    mc_error err;
    uint64_t first, total = 0;
    grids_count_ahead(&cp, gr, 1, hi);
    if (gridrank_band_first(gr, lo, &first, &err) != MC_OK) goto fail;
    for (int b = lo; b <= hi; b++) {
        uint64_t n;
        if (gridrank_band_count(gr, b, &n, &err) != MC_OK) goto fail;
        total += n;
    }
    if (total == 0) {
        cli_error("grids sample", "bands %d-%d hold no grid", lo, hi);
        gridrank_free(gr);
        return 2;
    }
    progress_break(&cp.p); /* a terminal's in-place line ends before the grids */
    prng rng;
    prng_seed(&rng, seed);
    for (uint64_t i = 0; i < count; i++) {
        uint64_t r = first + prng_below(&rng, total);
        uint8_t g[81];
        if (gridrank_unrank(gr, r, g, &err) != MC_OK) goto fail;
        char s[82];
        for (int k = 0; k < 81; k++) s[k] = (char)('1' + g[k]);
        s[81] = 0;
        printf("%s %llu\n", s, (unsigned long long)r);
    }
    grids_count_done(&cp);
    gridrank_free(gr);
    return 0;
fail:
    grids_count_done(&cp);
    cli_error("grids sample", "%s", err.msg);
    gridrank_free(gr);
    return 2;
}

