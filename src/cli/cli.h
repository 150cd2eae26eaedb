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
#include "checker.h"
#include "geometry.h"
#include "grid.h"
#include "numtext.h"
#include "gridfile.h"
#include "progress.h"

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
/* `minclue job split` (cmd_job_split.c), dispatched from cmd_job.c. */
int cmd_job_split(int argc, char **argv);
/* `minclue job status` (cmd_job_status.c), dispatched from cmd_job.c. */
int cmd_job_status(int argc, char **argv);


/* The plural ending for n of something: "" for 1, else "s". */
static inline const char *cli_s(uint64_t n) { return n == 1 ? "" : "s"; }

/* Prints "minclue NAME: message" to stderr (printf format), the message
 * escaped for the terminal (termtext.h): one line whatever names it holds. */
void cli_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The band counts shipped with the sources or installed
 * (grids/counts.txt.gz, the installed copy first; MC_TEST_SHIPPED_COUNTS
 * instead when set, see mc_test_hooks.h): the first readable path, or NULL
 * with the paths looked at in looked. */
const char *cli_shipped_counts(char *looked, size_t size);
/* Jobs (run, job split, job verify) read band counts from
 * $MINCLUE_COUNTS (source enumerate: the ranks of its bands); when it is
 * unset it is set to the shipped counts, if readable, so that a job over
 * late bands does not enumerate every band before them first. */
void cli_counts_default(void);


/* ---- the checker options, shared by `search` and `minimum` ---- */
enum { CLI_OPT_UA_MAX = 0x100, CLI_OPT_UA_LIMIT, CLI_OPT_MAX_DEGREE, CLI_OPT_NO_LEARN };
/* getopt_long table entries for --ua-max, --ua-limit, --max-degree, --no-learn. */
#define CLI_CHECKER_OPTIONS                                                      \
    {"ua-max", required_argument, 0, CLI_OPT_UA_MAX},                            \
    {"ua-limit", required_argument, 0, CLI_OPT_UA_LIMIT},                        \
    {"max-degree", required_argument, 0, CLI_OPT_MAX_DEGREE},                    \
    {"no-learn", no_argument, 0, CLI_OPT_NO_LEARN}
/* Their lines in --help. */
extern const char cli_checker_options_help[];
/* Applies getopt's result o (argument arg) to opt: 1 when o is a checker
 * option, 0 when it is not, -1 for a bad value (bounds from checker.h and
 * hitset.h; "minclue CMD: reason" printed, exit status 2 follows). */
int cli_checker_option(const char *cmd, int o, const char *arg, checker_options *opt);

/* ---- grids from files: the shared options and the per-line loop ---- */

/* getopt_long table entries for --box RxC and --hex. */
#define CLI_OPTION_BOX {"box", required_argument, 0, 'b'}
#define CLI_OPTION_HEX {"hex", no_argument, 0, 'x'}

/* Parses the argument of --box; on a bad shape prints "minclue CMD: reason"
 * and returns false (the command then exits with status 2). */
bool cli_parse_box(const char *cmd, const char *arg, const geometry **geo);
/* --expect I-J (1 <= I <= J) into *lo, *hi; false (message printed) when
 * arg is not such a range. */
bool cli_parse_expect(const char *cmd, const char *arg, uint64_t *lo, uint64_t *hi);
/* s as one shell word: as it is when it holds only characters no shell
 * reads specially, else in single quotes. malloc'd (NULL: out of memory). */
char *cli_shell_word(const char *s);
/* jobs/slurm/array.sbatch (absolute, malloc'd) of the source tree holding
 * dir or one above it, else of the one holding this program
 * (build/minclue); NULL: neither. */
char *cli_array_sbatch(const char *dir);
/* The absolute path of this program (malloc'd), NULL when unknown. */
char *cli_program_path(void);

/* What a callback tells the loop: the line was fine, invalid (exit status at
 * least 1), or stop: this file (exit status 2, go on with the next file),
 * everything (exit status 2), or everything because the work is done (the
 * exit status so far). */
enum { CLI_LINE_OK = 0, CLI_LINE_INVALID = 1, CLI_STOP_FILE = 2, CLI_STOP_ALL = 3, CLI_DONE = 4 };

typedef struct cli_grid_loop {
    const char *cmd;        /* the subcommand, for messages ("solve", "grids canon") */
    const geometry *geo;    /* --box; NULL: each line's shape from its length */
    digit_style style;      /* DIGITS_HEX with --hex (then 4x4 unless --box) */
    bool name_cmd_open;     /* "minclue CMD: " before "FILE: cannot open..." */
    bool name_cmd_lines;    /* "minclue CMD: " before "FILE:LINE: reason" */
    /* each line read as a grid (trailer: the rest of the line, "" if none) */
    int (*on_grid)(void *user, gridfile *f, grid *g, const char *trailer);
    /* each line that is not a grid (err names FILE:LINE); NULL: print err on
     * stderr and count the line invalid */
    int (*on_bad_line)(void *user, gridfile *f, const mc_error *err);
    void *user;
} cli_grid_loop;

/* Reads files[0..nfiles-1] (plain or gzipped; "-" or nfiles == 0: standard
 * input) line by line and hands each grid to loop->on_grid. A file that
 * cannot be opened, or cannot be read on (truncated, corrupt), is reported
 * on stderr and gives exit status 2; the other files are still read.
 * Returns the exit status: the worst of 0, 1 and 2 over all lines. */
int cli_for_each_grid(const cli_grid_loop *loop, int nfiles, char **files);

/* For a puzzle whose clues clash: "FILE:LINE: note: reason, so there is no
 * solution" on stderr (solve goes on and reports count 0). */
void cli_note_clash(gridfile *f, const grid *g, digit_style style);

/* `solve --trace` (cmd_solve_trace.c): the loop with the explaining solver. */
int cmd_solve_trace(cli_grid_loop *loop, int nfiles, char **files, int limit);

#endif
