/* mpi_master — the master rank's state, shared by its two files:
 *
 *   mpi_master.c   MPI start-up, signals and the chunk loop: which chunk
 *                  goes to which worker (slots, requeue, chunk streams),
 *                  the messages in and out, the end of the run;
 *   mpi_record.c   the job's record: the journal opened and read back
 *                  (each finished chunk once), every returned chunk checked
 *                  against what was sent and its puzzles re-checked before
 *                  it is appended, found.txt and summary.json written at the
 *                  end with the closing line.
 *
 * Invariants: a chunk index is in isdone exactly when its result is in
 * done (read from the journal or recorded in this run), and is recorded at
 * most once; a slot is busy from its send until its result is recorded or
 * requeued; with workers that make their units (make), unsent counts the
 * chunks neither done nor in flight. Only the MPI layer includes this.
 */
#ifndef MC_MPI_MASTER_H
#define MC_MPI_MASTER_H

#include <mpi.h>

#include "bandpair.h"
#include "chunk_streams.h"
#include "progress.h"
#include "mpi_run.h"
#include "solver.h"

/* A chunk held by the master: sent to a worker (busy) or waiting to be
 * sent again (requeued after a worker gave it back). The buffer holds the
 * chunk message: header, then the units. */
typedef struct slot {
    bool busy;
    uint64_t index, first, count, checksum;
    uint8_t *buf;
    MPI_Request req;
} slot;

typedef struct master {
    job *j;
    const run_options *o;
    int size;               /* MPI ranks */
    int nc;                 /* cells of a grid (found puzzles) */
    size_t unit;            /* bytes of a unit (source.h: a grid, or a packed band-pair group) */
    journal *jl;
    journal_data done;      /* finished chunks (journal + this run) */
    uint8_t *isdone;        /* per chunk index */
    uint64_t nchunks, next; /* next chunk index to consider */
    job_source *src;
    solver_ctx *sv;
    bandpair_ctx *bp;       /* groups: the covering item of a reported puzzle */
    slot *slots;            /* (size - 1) * inflight, or 1 without workers */
    int *inflight;          /* per worker rank */
    bool *given_up;         /* worker gave a chunk back (signalled): no more work for it */
    slot *requeue;
    size_t nrequeue;
    size_t bufsize;
    job_result res;
    uint8_t *rbuf;
    size_t rcap;
    progress prog;
    uint64_t grids_done, grids_todo, puzzles, chunks_this_run;
    bool make;              /* the workers make the units (run_workers_make_units) */
    chunk_streams *streams; /* then: which chunk each worker takes (chunk_streams.h) */
    uint64_t unsent;        /* then: chunks neither done nor in flight */
    double chunk_seconds;   /* then: sum of the workers' chunk times this run */
    const uint8_t *found_units; /* then: the units of the last result's ranks with puzzles */
    bool complete;          /* the output holds the whole job already (journal_complete): nothing to do */
    job_totals complete_totals;
    bool chunk_lie;         /* test hooks MC_TEST_CHUNK_LIE, MC_TEST_ABORT_DELAY_MS (mc_test_hooks.h) */
    long abort_delay_ms;
    mc_error err;
} master;

/* Everything of the record that can fail before any work starts: the job
 * resolved, its engine made once, the journal opened (a complete output
 * only read: m->complete) and its chunks taken once each, the source, the
 * solver of the re-checks. Errors in m->err. */
MC_MUST_USE mc_status mpi_record_open(master *m);
/* Appends the run's note (time, ranks, chunks done, build banner) to the
 * journal. */
MC_MUST_USE mc_status mpi_record_note(master *m);
/* Checks the result in m->res against slot s (count, checksum, puzzles in
 * its chunk, each re-checked by the master's solver), then appends it to
 * the journal and marks the chunk done. MC_ECORRUPT names the worker. */
MC_MUST_USE mc_status mpi_record_chunk(master *m, const slot *s, int worker);
/* The progress line's extra text: puzzles found (more: those of the chunk in
 * progress, not yet recorded), chunks done of all. */
char *mpi_record_progress_text(const master *m, uint64_t more, char *buf, size_t n);
/* Writes found.txt (and summary.json when not interrupted) and prints the
 * closing line; returns the exit status. t0: the run's start (wall). */
int mpi_record_finish(master *m, bool interrupted, double t0);

#endif
