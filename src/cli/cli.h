/* cli — shared pieces of the command-line front end.
 *
 * Every subcommand is `int cmd_NAME(int argc, char **argv)` in its own file
 * (argv[0] is the subcommand name) and returns the process exit status:
 * 0 success, 1 "the answer is no / some input was invalid", 2 usage or
 * input errors that stopped the work. Human text goes to stderr, results to
 * stdout.
 */
#ifndef MC_CLI_H
#define MC_CLI_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "banner.h"
#include "geometry.h"
#include "grid.h"

int cmd_solve(int argc, char **argv);
int cmd_validate(int argc, char **argv);
int cmd_grids(int argc, char **argv);
int cmd_patterns(int argc, char **argv);
int cmd_uas(int argc, char **argv);
int cmd_search(int argc, char **argv);
int cmd_minimum(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_job(int argc, char **argv);
int cmd_generate(int argc, char **argv);
/* `minclue grids canon` (cmd_grids_canon.c), dispatched from cmd_grids.c. */
int cmd_grids_canon(int argc, char **argv);


/* Prints "minclue NAME: message" to stderr (printf format). */
void cli_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Parses a whole non-negative decimal number; false on junk or overflow. */
bool cli_parse_u64(const char *s, uint64_t *out);
/* Parses "A-B" or "A" into an inclusive range. */
bool cli_parse_range(const char *s, uint64_t *lo, uint64_t *hi);

/* Progress reporting for long runs: a live line on a terminal, a plain line
 * every `interval` seconds otherwise. */
typedef struct progress {
    const char *what;     /* "grids", "puzzles" */
    uint64_t total;       /* 0 = unknown */
    double start, last;
    double interval;
    bool tty;
    bool printed;
} progress;
void progress_init(progress *p, const char *what, uint64_t total);
/* extra may be NULL: a short text appended to the line ("3 puzzles"). */
void progress_update(progress *p, uint64_t done, const char *extra);
void progress_done(progress *p, uint64_t done, const char *extra);

double cli_now(void); /* monotonic seconds */

#endif
