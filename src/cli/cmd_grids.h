/* cmd_grids.h — the `minclue grids` subcommands, one file each
 * (cmd_grids_*.c); cmd_grids.c dispatches to them. What they share is in
 * grids_common.h. */
#ifndef MC_CMD_GRIDS_H
#define MC_CMD_GRIDS_H

#include <stdbool.h>

int grids_enum(int argc, char **argv);                      /* cmd_grids_enum.c */
int grids_count(int argc, char **argv);                     /* cmd_grids_count.c */
int grids_cat(int argc, char **argv);                       /* cmd_grids_cat.c */
int grids_rank_unrank(int argc, char **argv, bool unrank);  /* cmd_grids_rank.c */
int grids_sample(int argc, char **argv);                    /* cmd_grids_sample.c */
int grids_rebase(int argc, char **argv);                    /* cmd_grids_rebase.c */

#endif
