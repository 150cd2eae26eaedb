/* cmd_run — `minclue run JOB`: runs a job file, alone or under mpirun. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "job.h"
#include "mpi/mpi_run.h"

static void usage(FILE *out)
{
    fputs("usage: minclue run [--dry-run] [--output DIR] [--quiet] JOB\n"
          "       mpirun -np N minclue run [...] JOB\n"
          "\n"
          "Runs the job file JOB (see jobs/README.md): every grid of its source is\n"
          "searched for puzzles with K clues (sources: grids FILE, catalogue FILE,\n"
          "enumerate, enumerate8 (the 1,673,187 ES 8x8 grids), or bandpairs: the\n"
          "band-pair groups of the catalogue, for engine band or none). Under mpirun rank 0 is the master and the other ranks are\n"
          "workers; without mpirun one process does everything.\n"
          "Finished chunks go to OUTPUT/journal (fsync'd); found.txt is rebuilt from\n"
          "it and summary.json is written when the job is complete. Running the same\n"
          "command again resumes: finished chunks are skipped. Run on a complete\n"
          "output (every chunk in the journal, found.txt and summary.json there), it\n"
          "says so in one line and writes nothing (the output may be read-only).\n"
          "\n"
          "  --dry-run       the workers search nothing (engine none): measures how\n"
          "                  fast the master streams grids; journal marked as dry run\n"
          "  --output DIR    use DIR instead of the job file's output\n"
          "  --quiet         no progress lines (the start and end lines stay);\n"
          "                  without it a line every 30 s (0.5 s on a terminal):\n"
          "                  grids done, rate, ETA, puzzles, chunks; in one process\n"
          "                  between the grids of a chunk too, and a grid that\n"
          "                  runs long gets its own line (seconds, puzzles so far)\n"
          "\n"
          "The job's `engine` key picks the search: band (the band method: 9x9\n"
          "grids only, K 1..27, no ua_max_size, ua_limit or max_degree; it lists\n"
          "every puzzle: the first-puzzle stop is `minclue search --engine band\n"
          "--first` only; a grid that reaches its memory bound, 'memory bound\n"
          "reached' with K, stops the run with exit status 2: engine = checker\n"
          "there, see `minclue search --help`), checker (every shape), check64 (grids of at most 64\n"
          "cells: the 4x4, 6x6 and 8x8 proofs of jobs/proofs), brute (the slow twin\n"
          "for tiny shapes). Without the key: band for 9x9 jobs with no checker option and\n"
          "for source bandpairs; check64 for 8x8 jobs (and 4x4, 6x6 at the K where it\n"
          "is the faster: minclue search --help) with no checker option; checker\n"
          "otherwise. The engine is part of the job's identity: the journal's J\n"
          "line, found.txt's header and summary.json name it. The counters it fills\n"
          "are those of `minclue search --help`.\n"
          "\n"
          "SIGTERM or SIGINT (or SIGUSR1, which mpirun passes on to every rank):\n"
          "no new work; chunks in flight may finish within the job's grace period,\n"
          "then the journal gets a stop note (`job status` calls the output stalled).\n"
          "A source still counting its grids before the start (enumerate without\n"
          "band counts, enumerate8) stops at once: exit status 3, nothing recorded.\n"
          "SIGINT or SIGTERM to Open MPI's mpirun itself ends every rank a second\n"
          "later, and mpirun exits 1 whatever the run did (stopped cleanly or even\n"
          "complete); scripts/mpirun passes the first one on as SIGUSR1, so its exit\n"
          "status is the run's. A script that cannot trust the status tests\n"
          "`minclue job verify OUTPUT`: exit 0 complete and verified, 1 work left.\n"
          "\n"
          "exit status: 0 the job is complete, 2 error, 3 interrupted (the journal\n"
          "is consistent: rerun to resume)\n",
          out);
}

/* Rank from the launcher's environment, so that only rank 0 prints errors
 * found before MPI starts. */
static bool launcher_rank0(void)
{
    static const char *const vars[] = {"OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK", "SLURM_PROCID"};
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++) {
        const char *v = getenv(vars[i]);
        if (v) return strcmp(v, "0") == 0;
    }
    return true;
}

int cmd_run(int argc, char **argv)
{
    static const struct option opts[] = {{"dry-run", no_argument, NULL, 'd'},
                                         {"output", required_argument, NULL, 'o'},
                                         {"quiet", no_argument, NULL, 'q'},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    bool dry = false;
    const char *output = NULL;
    run_options ro = {.quiet = false};
    optind = 0;
    int c;
    while ((c = getopt_long(argc, argv, "o:qh", opts, NULL)) != -1) {
        switch (c) {
        case 'd': dry = true; break;
        case 'o': output = optarg; break;
        case 'q': ro.quiet = true; break;
        case 'h': usage(stdout); return 0;
        default: usage(stderr); return 2;
        }
    }
    if (optind != argc - 1) {
        if (launcher_rank0()) usage(stderr);
        return 2;
    }
    cli_counts_default();
    job j;
    mc_error err;
    if (job_load(argv[optind], &j, &err) != MC_OK) {
        if (launcher_rank0()) cli_error(argv[0], "%s", err.msg);
        return 2;
    }
    if (dry) {
        j.engine = JOB_ENGINE_NONE;
        j.engine_given = true;
    }
    if (output) {
        free(j.output);
        j.output = strdup(output);
    }
    if (!j.output) {
        job_free(&j);
        return 2;
    }
    int status = mpi_run_job(&j, &ro);
    job_free(&j);
    return status;
}
