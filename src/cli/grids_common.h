/* grids_common — the pieces every `minclue grids` subcommand shares: the
 * option codes, the band range and counts-file arguments, grid lines, and
 * opening the band counts with a progress line while bands get counted.
 * cmd_grids_*.c use it; cmd_grids.c (the dispatcher) does not, so the
 * dispatcher depends on the subcommands and they on this file, never back.
 */
#ifndef MC_GRIDS_COMMON_H
#define MC_GRIDS_COMMON_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "cli.h"

/* Options shared by the subcommands. */
enum { OPT_BANDS = 256, OPT_BOX, OPT_FORMAT, OPT_COUNTS, OPT_FIRST, OPT_RANKS, OPT_COUNT, OPT_SEED };

/* Parses A-B within 1..BAND_COUNT; "minclue CMD: reason" otherwise. */
bool grids_parse_bands(const char *cmd, const char *s, int *lo, int *hi);
/* The counts file: the option, else $MINCLUE_COUNTS, else NULL. */
const char *grids_counts_path(const char *opt);
/* One grid as a text line. */
void grids_print_grid(FILE *out, const uint8_t *g, int ncells, int N);

/* Progress of band counting (gridrank_set_progress callback). */
typedef struct count_prog {
    progress p;
    uint64_t done;
} count_prog;
void grids_count_progress(void *arg, int band, uint64_t count);
/* Opens the band counts (cpath, see grids_counts_path); bands counted on
 * the way report progress through cp. 0, or 2 after a message. */
typedef struct gridrank gridrank;
int grids_open_ranks(const char *cmd, const char *cpath, gridrank **gr, count_prog *cp);

#endif
