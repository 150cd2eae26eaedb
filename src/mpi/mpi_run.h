/* mpi_run — the job runner's entry points (implemented in mpi_master.c,
 * mpi_record.c and mpi_worker.c, the only files that include <mpi.h>).
 *
 * Rank 0 is the master: it reads the source, hands chunks to the workers on
 * request (each worker holds at most job.inflight chunks), re-checks every
 * reported puzzle, appends each finished chunk to the journal and rebuilds
 * found.txt / summary.json. Ranks 1.. are workers: one engine each, reused
 * for every chunk. With one rank (no mpirun: an MPI singleton) rank 0 does
 * the work itself.
 *
 * Exit status: 0 the job is complete; 2 an error stopped it; 3 it was
 * interrupted (SIGTERM/SIGINT) with the journal consistent: rerun to resume.
 */
#ifndef MC_MPI_RUN_H
#define MC_MPI_RUN_H

#include <signal.h>
#include <stdbool.h>

#include "engine.h"
#include "job.h"
#include "job_journal.h"
#include "job_result.h"
#include "job_verify.h"
#include "source.h"
#include "work_counters.h"

#define RUN_EXIT_DONE 0
#define RUN_EXIT_ERROR 2
#define RUN_EXIT_INTERRUPTED 3

typedef struct run_options {
    bool quiet;              /* no progress lines */
} run_options;

/* Runs the parsed job (job_load done in every rank; the master calls
 * job_resolve). Calls MPI_Init and MPI_Finalize. */
int mpi_run_job(job *j, const run_options *o);

/* The worker loop of rank > 0 (mpi_worker.c); returns an exit status.
 * stop: a signal came (start no new chunk); hard: the grace period is over
 * (give up the current chunk between two grids). */
int mpi_worker_loop(const job *j, volatile sig_atomic_t *stop, volatile sig_atomic_t *hard);

/* Do the workers make the units of their chunks themselves? They do for
 * band-pair groups: a group takes about 11 us to make and 8.7 KB to carry,
 * so a master that made and sent them all would feed at most one core's
 * enumeration (about 90,000 groups/s). The chunk message is then its header
 * alone; the worker reads the groups from its own source (source_bandpairs:
 * it keeps its feed running over consecutive chunks, so the master gives
 * each worker a stream of consecutive chunks), computes the checksum where
 * the records are, and appends to its result the unit of each rank whose
 * puzzles it reports, for the master's re-check. `job verify` re-checks
 * every checksum against the source. */
static inline bool run_workers_make_units(const job *j) { return job_source_gives_groups(j->source); }

/* Ranks with puzzles in a result (its found list is in rank order). */
static inline size_t run_found_ranks(const job_result *r)
{
    size_t n = 0;
    for (size_t i = 0; i < r->nfound; i++) n += i == 0 || r->found[i].rank != r->found[i - 1].rank;
    return n;
}

/* Message tags and the packed result layout shared by master and worker. */
enum { RUN_TAG_CHUNK = 1, RUN_TAG_STOP = 2, RUN_TAG_RESULT = 3, RUN_TAG_ERROR = 4 };
/* chunk message: uint64 {first, count} then count units of job_unit_bytes
 * bytes (grids of ncells digits, or packed band-pair groups), or nothing
 * when the workers make the units (run_workers_make_units).
 * result message: uint64 {first, count, checksum, nfound, abandoned, seconds,
 * CPU seconds (IEEE bits)}, then the WORK_COUNTERS_N words of work_counters_pack, then
 * nfound * (uint64 rank, ncells cells), then, when the workers make the
 * units, the unit of each rank with puzzles (run_found_ranks), in order. */
#define RUN_CHUNK_HEADER 2
enum { RUN_RESULT_FIRST, RUN_RESULT_COUNT, RUN_RESULT_CHECKSUM, RUN_RESULT_NFOUND, RUN_RESULT_ABANDONED,
       RUN_RESULT_SECONDS, RUN_RESULT_CPU, RUN_RESULT_COUNTERS, RUN_RESULT_HEADER = RUN_RESULT_COUNTERS + WORK_COUNTERS_N };

#endif
