/* cmd_grids — `minclue grids ...`: the catalogue of essentially different
 * grids: enumerate, count, canonicalize, read catalogue files, rank, unrank
 * and sample; one file per subcommand (cmd_grids_*.c), this one
 * dispatches (the shared pieces are in grids_common.c). */
#include <string.h>

#include "cli.h"
#include "cmd_grids.h"

static const char *help_main =
    "usage: minclue grids COMMAND [options]\n"
    "\n"
    "The catalogue of essentially different (ES) grids: every minlex grid in\n"
    "lexicographic order; the rank of a grid is its 1-based position\n"
    "(9x9: 1 .. 5,472,730,538, grouped by the 416 minlex top bands).\n"
    "\n"
    "commands:\n"
    "  enum    [--bands A-B] [--box RxC] [-o FILE] [--format text|cat] [--first-rank R]\n"
    "          [--counts FILE]                  grids in catalogue order\n"
    "  count   [--bands A-B] [--box RxC] [--counts FILE]  grids per band and in total\n"
    "  canon   [FILE...]                        minlex form and automorphism count of each grid\n"
    "  cat     FILE [--ranks I-J]               grids of a catalogue or text file\n"
    "  rank    [--counts FILE] GRID...          rank of each grid (after canonicalization)\n"
    "  unrank  [--counts FILE] RANK...          the grid of each rank\n"
    "  sample  --count N --seed S [--bands A-B] [--counts FILE]\n"
    "                                           grids drawn uniformly over ES grids\n"
    "  rebase  FILE FIRST_RANK                  renumber the ranks of a catalogue file\n"
    "\n"
    "Ranks need per-band counts. minclue ships them for all 416 bands\n"
    "(grids/counts.txt.gz, installed as share/minclue/counts.txt.gz) and\n"
    "rank, unrank, sample and a catalogue's first rank (enum --format cat)\n"
    "read them by default: no enumeration. --counts FILE (or MINCLUE_COUNTS)\n"
    "reads FILE instead and enumerates only the bands it lacks (a band at a\n"
    "time; the biggest take minutes), appending their counts to FILE.\n"
    "`minclue grids COMMAND --help` for details.\n";

int cmd_grids(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "help") == 0) {
        fputs(help_main, argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    const char *sub = argv[1];
    argc--;
    argv++;
    if (strcmp(sub, "enum") == 0) return grids_enum(argc, argv);
    if (strcmp(sub, "count") == 0) return grids_count(argc, argv);
    if (strcmp(sub, "canon") == 0) return cmd_grids_canon(argc, argv);
    if (strcmp(sub, "cat") == 0) return grids_cat(argc, argv);
    if (strcmp(sub, "rank") == 0) return grids_rank_unrank(argc, argv, false);
    if (strcmp(sub, "unrank") == 0) return grids_rank_unrank(argc, argv, true);
    if (strcmp(sub, "sample") == 0) return grids_sample(argc, argv);
    if (strcmp(sub, "rebase") == 0) return grids_rebase(argc, argv);
    cli_error("grids", "unknown command '%s' (enum, count, canon, cat, rank, unrank, sample, rebase)", sub);
    return 2;
}
