/* grids_common — the pieces every `minclue grids` subcommand shares: the
 * option codes, the band range and counts-file arguments, grid lines, and
 * opening the band counts (the shipped ones by default) with a progress
 * line while bands get counted.
 * cmd_grids_*.c use it; cmd_grids.c (the dispatcher) does not, so the
 * dispatcher depends on the subcommands and they on this file, never back.
 */
#ifndef MC_GRIDS_COMMON_H
#define MC_GRIDS_COMMON_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "cli.h"

typedef struct gridrank gridrank;

/* Options shared by the subcommands. */
enum { OPT_BANDS = 256, OPT_BOX, OPT_FORMAT, OPT_COUNTS, OPT_FIRST, OPT_RANKS, OPT_COUNT, OPT_SEED };

/* Parses A-B within 1..BAND_COUNT; "minclue CMD: reason" otherwise. */
bool grids_parse_bands(const char *cmd, const char *s, int *lo, int *hi);
/* The counts file: the option, else $MINCLUE_COUNTS, else NULL. */
const char *grids_counts_path(const char *opt);
/* The published number of ES grids of bands lo..hi (9x9) or of a smaller
 * shape (2x2: 2, 2x3 and 3x2: 49, 2x4: 1,673,187; tests/data/counts.txt),
 * the total of an enumeration's progress line; 0 for other shapes. */
uint64_t grids_published_total(const geometry *geo, int lo, int hi);
/* One grid as a text line. */
void grids_print_grid(FILE *out, const uint8_t *g, int ncells, int N);

/* A progress line while bands get counted (gridrank_set_progress): in
 * grids, its total the published counts of the bands still to count
 * (grids_count_ahead), started at the first grid counted. */
typedef struct count_prog {
    progress p;
    bool started;
    uint64_t base;  /* grids of the bands counted so far */
    uint64_t total; /* grids to count, those counted included */
} count_prog;
/* The gridrank_set_progress hook of gr, reporting through cp (zeroed). */
void grids_count_start(count_prog *cp, gridrank *gr);
void grids_count_progress(void *arg, int band, uint64_t grids, bool band_done);
/* Counting bands 1..hi (lo..hi for `grids count`) may follow: the total
 * grows by the bands of them gr does not know. */
void grids_count_ahead(count_prog *cp, const gridrank *gr, int lo, int hi);
/* The final line when any band was counted. */
void grids_count_done(count_prog *cp);
/* Opens the band counts: cpath, see grids_counts_path, else the shipped
 * ones (a missing or damaged shipped file is an error naming it); bands
 * counted on the way report progress through cp. 0, or 2 after a message. */
int grids_open_ranks(const char *cmd, const char *cpath, gridrank **gr, count_prog *cp);

#endif
