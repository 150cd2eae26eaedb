/* cmd_grids_rebase — `minclue grids rebase`; see cmd_grids.h. */
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

/* ---------------------------------------------------------------- rebase */

static const char *help_rebase =
    "usage: minclue grids rebase FILE FIRST_RANK\n"
    "\n"
    "Renumbers a catalogue file in place so that its first grid has rank\n"
    "FIRST_RANK (for files enumerated before the counts of the bands before\n"
    "them were known, as scripts/enumerate-all does). The file is checked\n"
    "first; the grids are not touched.\n";

int grids_rebase(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "--help") == 0) {
        fputs(help_rebase, stdout);
        return 0;
    }
    uint64_t first;
    if (argc != 3) {
        fputs(help_rebase, stderr);
        return 2;
    }
    if (!numtext_u64(argv[2], &first)) {
        cli_error("grids rebase", "bad first rank '%s' (want a whole number >= 1)", argv[2]);
        return 2;
    }
    if (first == 0) {
        cli_error("grids rebase", "first rank must be >= 1");
        return 2;
    }
    mc_error err;
    catalogue_reader *r;
    if (catalogue_open(argv[1], &r, &err) != MC_OK) {
        cli_error("grids rebase", "%s", err.msg);
        return 2;
    }
    uint64_t count = catalogue_count(r);
    catalogue_close(r);
    /* ranks first .. first+count-1, and the end first+count, must fit in
     * 64 bits */
    if (first > UINT64_MAX - count) {
        cli_error("grids rebase", "%s: first rank %llu plus %llu grids overflows the rank range",
                  argv[1], (unsigned long long)first, (unsigned long long)count);
        return 2;
    }
    if (catalogue_rebase(argv[1], first, &err) != MC_OK) {
        cli_error("grids rebase", "%s", err.msg);
        return 2;
    }
    return 0;
}

