/* cmd_job — `minclue job verify OUTPUT`: checks a job's output directory;
 * `minclue job split` is cmd_job_split.c. */
#include <getopt.h>
#include <string.h>

#include "cli.h"
#include "job.h"
#include "job_verify.h"

static void usage(FILE *out)
{
    fputs("usage: minclue job verify OUTPUT\n"
          "       minclue job split JOB N [--outdir DIR]   (minclue job split --help)\n"
          "\n"
          "Checks the output directory of a job (minclue run): the journal covers\n"
          "every rank of the job's source exactly once, each chunk's checksum\n"
          "matches the grids in the source, every listed puzzle is a unique\n"
          "sub-puzzle of its grid with at most K clues, and found.txt and\n"
          "summary.json agree with the journal. Prints the claim (\"ranks I..J,\n"
          "N grids, K = 16: 0 puzzles\") or what is missing, duplicated or wrong.\n"
          "\n"
          "exit status: 0 verified, 1 not verified (problems listed), 2 error\n",
          out);
}

int cmd_job(int argc, char **argv)
{
    static const struct option opts[] = {{"help", no_argument, NULL, 'h'}, {NULL, 0, NULL, 0}};
    optind = 0;
    int c;
    while ((c = getopt_long(argc, argv, "+h", opts, NULL)) != -1) {
        if (c == 'h') {
            usage(stdout);
            return 0;
        }
        usage(stderr);
        return 2;
    }
    if (optind >= argc) {
        usage(stderr);
        return 2;
    }
    if (!strcmp(argv[optind], "split")) return cmd_job_split(argc - optind, argv + optind);
    if (strcmp(argv[optind], "verify") != 0) {
        cli_error(argv[0], "unknown action '%s' (only: verify, split)", argv[optind]);
        return 2;
    }
    if (optind + 1 < argc && (!strcmp(argv[optind + 1], "--help") || !strcmp(argv[optind + 1], "-h"))) {
        usage(stdout);
        return 0;
    }
    if (optind + 2 != argc) {
        usage(stderr);
        return 2;
    }
    bool ok;
    mc_error err;
    if (job_verify(argv[optind + 1], stdout, &ok, &err) != MC_OK) {
        cli_error(argv[0], "%s", err.msg);
        return 2;
    }
    return ok ? 0 : 1;
}
