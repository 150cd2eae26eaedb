/* job_status — how far the outputs of a job (or of its parts) are while a
 * run writes them: `minclue job status`.
 *
 * Read only: every output's journal is read as a file, with no lock (a run
 * holds its journal's lock the whole time) and nothing is written. An
 * argument is an output directory, or a job file (its `output`; its ranks
 * are then known before the output exists).
 *
 * An output is in one state:
 *     not started  no journal, or a journal without its job line yet
 *     running      chunks missing, and the journal was written within the
 *                  stall time
 *     stalled      chunks missing (or summary.json not yet written) and no
 *                  line for longer than the stall time, or chunks missing
 *                  and the journal's last note a stop note (a signal
 *                  stopped its run: JOURNAL_STOP_NOTE): stopped, killed or
 *                  stuck; a resubmit resumes it
 *     complete     what `job verify` of the output says: the journal
 *                  (read as run and verify read it) of the job file's job,
 *                  every chunk once, found.txt and summary.json the
 *                  journal's, and then verify's full check passed (the
 *                  checksums against the source, every puzzle re-solved;
 *                  job_status_output.c)
 *     damaged      a journal that cannot be read as this job's (another
 *                  format, a bad job line, the job line of another job
 *                  than the job file's: a dry run's, other ranks or K), a
 *                  chunk that is not a unit of the job or is there twice,
 *                  a found.txt or summary.json that is not the journal's,
 *                  an output that job verify does not verify (or cannot:
 *                  its source not found), or chunks missing beside
 *                  damaged lines or a summary (resumable: a rerun redoes
 *                  them; resubmitted)
 * A torn last line (a run writing it, or killed while it wrote) is not
 * damage: a run drops it on resume. Damaged lines beside every chunk are
 * not either (verify ignores them: a rerun redid their chunks). The stall
 * time is --stall-after seconds, else max(120 s, 5 x the output's slowest
 * usual chunk: the 90th percentile of its chunks' seconds).
 *
 * Forecast. Every output's ranks get the cost model of job_cost.h (a
 * uniform cost when the job has none). factor = the done chunks' seconds /
 * the model's prediction for them, over all outputs (job_cost_observe):
 * the model as it runs on this CPU. Core-hours left = the model's cost of
 * the ranks not done x factor (x 1 before any chunk is done: the figure
 * `job split` printed for a job file not started); ranks of an --expect
 * range that no output names, and of a not-started output without a model
 * (given as a directory), are costed at the observed seconds per unit.
 * Nothing is left only when every output is complete. The wall rate is
 * the predicted cost of the chunks whose journal lines (their `at` times)
 * fall in the last hour (or since the first such line, when that is
 * later), per wall second; the ETA is the cost left at that rate, while an
 * output is running (none: no ETA). Journals written before lines carried
 * their time give no rate (and no ETA).
 *
 * Outputs of different jobs (other than in ranks and chunk size, as `job
 * verify` of several outputs compares them) are read all the same and
 * other_job names the first of them: their totals mix, and the outputs are
 * not complete together (verify refuses them).
 *
 * Parts. A job file written by `job split` says on top "part I of N of
 * JOB: ranks A-B". When every job file given says so, of one JOB and one
 * N, the parts of 1..N not given are missing_parts (without --expect too).
 *
 * Invariants: out[i].done holds the output's done chunks as disjoint,
 * sorted, merged rank ranges inside first..last; units_done is their
 * size; gaps and overlaps are over the outputs whose ranks are known.
 */
#ifndef MC_JOB_STATUS_H
#define MC_JOB_STATUS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "job.h"
#include "job_cost.h"
#include "job_status_cache.h"
#include "mc_error.h"

typedef enum job_state {
    JOB_NOT_STARTED,
    JOB_RUNNING,
    JOB_STALLED,
    JOB_COMPLETE,
    JOB_DAMAGED,
    JOB_STATE_COUNT
} job_state;

const char *job_state_name(job_state s); /* "not started", "running", ... */

typedef struct job_rank_range {
    uint64_t first, last;
} job_rank_range;

/* One chunk's journal line with its time, for the throughput. */
typedef struct job_status_tick {
    int64_t at;
    uint64_t units;
    double cost; /* the model's microseconds for its ranks */
} job_status_tick;

typedef struct job_status_output {
    char *name;              /* as given */
    char *dir;               /* the output directory */
    job_state state;
    char why[MC_ERROR_MSG_MAX + 64]; /* not started, stalled, damaged: the reason */
    bool ranks_known;
    uint64_t first, last;
    bool groups;             /* units are band-pair groups (else grids) */
    uint64_t units_done, chunks_done, chunks_total;
    uint64_t puzzles;
    double seconds;          /* the done chunks' CPU seconds (cpu=; the wall seconds of a
                              * line without it), summed: the core-hours spent */
    double age;              /* seconds since the journal was written; -1: no journal */
    double stall;            /* the stall time applied */
    long index;              /* N of a name ending in -N (a split part), -1 when none */
    size_t stem;             /* the length of the name before that "-N" (0: none) */
    job_rank_range *done;    /* merged done ranges */
    size_t ndone;
    bool costed;             /* left_usec and modelled are known (a journal, or a job file) */
    bool modelled;           /* the job has a cost model (job_cost.h) */
    double left_usec;        /* the model's cost of the ranks not done */
    bool resumable;          /* damaged, and a rerun redoes what is missing: resubmitted */
    long part, parts;        /* a job file's "part I of N": I and N; 0: none */
    char *part_of;           /* its JOB; NULL: none */
    job_cost_observed obs;
    char *shared;            /* the job line without ranks and chunk (job_union.h); NULL: no journal */
} job_status_output;

typedef struct job_status {
    job_status_output *out;
    size_t n;
    int64_t now;
    uint64_t expect_first, expect_last; /* 0, 0: no --expect */
    uint64_t units_total, units_done, units_unknown; /* unknown: of --expect, in no output's known ranks */
    uint64_t puzzles;
    double seconds;
    size_t count[JOB_STATE_COUNT];
    job_rank_range *gaps, *overlaps;
    size_t ngaps, noverlaps;
    job_cost_observed obs; /* over every output */
    double factor;         /* obs.seconds / obs.predicted; 0: nothing done */
    bool modelled;         /* every output with known ranks has a cost model */
    double hours_left;     /* core-hours; < 0: unknown */
    double rate_units;     /* units per wall hour over the rate window; < 0: no times */
    double rate_cost;      /* predicted usec per wall second over the window */
    double window;         /* its seconds */
    double eta;            /* wall seconds; < 0: unknown */
    long other_job;        /* the first output of another job than the first journal's (the
                            * source's path aside, as job verify compares); -1: one job */
    job_status_tick *ticks; /* every chunk with a time, sorted by time */
    size_t nticks;
    long *missing_parts;    /* parts of 1..N of the job files' JOB not given, ascending */
    size_t nmissing_parts;
    job_status_cache *cache; /* the verdicts of job verify kept between calls; NULL: none */
    size_t verified, cached; /* outputs verified in full in this call, and taken from the cache */
} job_status;

/* Reads the n outputs (directories or job files) as of now (Unix seconds;
 * the ages count from it). expect_first..expect_last (0, 0: none) is the
 * range the outputs must cover. stall_after > 0 sets the stall time.
 * cache (NULL: none) holds the outputs verified before; an output complete
 * but for job verify's full check is complete without it when the cache
 * has it with its files unchanged, and goes into it when it passes. An
 * output that cannot be read as a job's is reported damaged, not an error;
 * errors: out of memory, an unreadable job file argument, a name ending in
 * .job that is not there (a typo, not a part not started). */
MC_MUST_USE mc_status job_status_read(job_status *s, int n, char *const *paths, uint64_t expect_first,
                                      uint64_t expect_last, double stall_after, int64_t now,
                                      job_status_cache *cache, mc_error *err);
void job_status_free(job_status *s);

/* Every output complete, of one job, no part missing and, with --expect,
 * no gap. */
bool job_status_all_complete(const job_status *s);
/* Is the output to be resubmitted: not started, stalled, or damaged and
 * resumable. */
bool job_status_to_resubmit(const job_status_output *o);
/* The indexes of the outputs to resubmit (job_status_to_resubmit) as an
 * sbatch --array list ("3,7-9") into out; false when one of them has no
 * index (its name does not end in -N), then out lists what it can. */
bool job_status_resubmit_array(const job_status *s, char *out, size_t cap);
/* The throughput over time: nbins bins from the first tick to now, units
 * per hour in each; *t0 and *width get the first bin's start and the bins'
 * seconds. false when there is no tick. */
bool job_status_throughput(const job_status *s, double *bins, size_t nbins, int64_t *t0, double *width);

/* Calibration from one output of a job like j (the same source kind,
 * shape, K and engine; else MC_EINVAL saying which differs): its done
 * chunks observed against its cost model (job_cost_observe) added to *o.
 * MC_EINVAL too when it has no done chunk. job_cost_factor(o) is then
 * the factor that `job split --calibrate` prints and applies, as job
 * status applies its outputs' own. */
MC_MUST_USE mc_status job_status_calibrate(const job *j, const char *dir, job_cost_observed *o, mc_error *err);

/* The absolute PREFIX (malloc'd) when every output to resubmit was given
 * as a part file PREFIX-N.job of one PREFIX; NULL otherwise (or out of
 * memory). */
char *job_status_resubmit_prefix(const job_status *s);

/* The words of the lines to paste, each one shell word (NULL: unknown):
 * this program (absolute), jobs/slurm/array.sbatch (absolute) and
 * job_status_resubmit_prefix. */
typedef struct job_status_paste {
    const char *program, *sbatch, *prefix;
} job_status_paste;

/* The report as text, as JSON (the schema: jobs/README.md, "Status"), and as
 * one self-contained SVG picture. */
void job_status_print(const job_status *s, const job_status_paste *paste, FILE *out);
void job_status_json(const job_status *s, FILE *out);
void job_status_svg(const job_status *s, FILE *out);

#endif
