/* main — the `minclue` command: dispatches to one file per subcommand. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

typedef struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} command;

static const command commands[] = {
    {"solve", cmd_solve, "count solutions of puzzles (0, 1, 2...), with solution and witness"},
    {"validate", cmd_validate, "check grids and puzzles for clashes"},
    {"grids", cmd_grids, "grid catalogues: enum, count, canon, cat, rank, unrank, sample, rebase"},
    {"patterns", cmd_patterns, "build the unavoidable-set pattern catalogue"},
    {"uas", cmd_uas, "list the minimal unavoidable sets of grids"},
    {"search", cmd_search, "find every K-clue puzzle in grids (K = 16: prove there is none)"},
    {"minimum", cmd_minimum, "prove the minimum number of clues for a small shape"},
    {"run", cmd_run, "run a job file (under mpirun: master and workers)"},
    {"job", cmd_job, "job tools: verify OUTPUT, split JOB N, status OUT"},
    {"generate", cmd_generate, "random grids and minimal puzzles"},
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

static void usage(FILE *out)
{
    fputs("usage: minclue COMMAND [OPTIONS] [ARGS]\n\ncommands:\n", out);
    for (size_t i = 0; i < NCOMMANDS; i++)
        fprintf(out, "  %-10s %s\n", commands[i].name, commands[i].summary);
    fputs("\n  --version  print the build banner\n  --help     this text; "
          "`minclue COMMAND --help` for a command\n",
          out);
}

/* Flushes and closes standard output: a write error anywhere in the run
 * (a full disk, /dev/full, a closed pipe) turns the exit status into 2 with
 * a message, so that a cut result never ends with status 0. */
static int close_stdout(const char *cmd, int status)
{
    errno = 0;
    bool bad = fflush(stdout) != 0 || ferror(stdout);
    int e = errno;
    if (fclose(stdout) != 0 && !bad) {
        bad = true;
        e = errno;
    }
    if (!bad) return status;
    if (e)
        fprintf(stderr, "minclue%s%s: write error on standard output: %s\n", cmd ? " " : "",
                cmd ? cmd : "", strerror(e));
    else
        fprintf(stderr, "minclue%s%s: write error on standard output\n", cmd ? " " : "",
                cmd ? cmd : "");
    return status < 2 ? 2 : status;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
        usage(stdout);
        return close_stdout(NULL, 0);
    }
    if (!strcmp(argv[1], "--version")) {
        mc_banner(stdout);
        return close_stdout(NULL, 0);
    }
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (!strcmp(argv[1], commands[i].name))
            return close_stdout(commands[i].name, commands[i].run(argc - 1, argv + 1));
    fprintf(stderr, "minclue: unknown command '%s' (see minclue --help)\n", argv[1]);
    return 2;
}
