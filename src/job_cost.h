/* job_cost — the predicted cost of a job's ranks, from measured rates.
 *
 * A cost model gives every rank of a job a cost in microseconds of one
 * core, constant over runs of consecutive ranks (segments):
 *
 *     source bandpairs: one segment per band-1 index b (its groups,
 *                       bandpair_rank.h), cost = rate of b per group
 *     source enumerate: one segment per minlex band b (its grids,
 *                       gridrank.h), cost = rate of b per grid
 *
 * The rates are data (job_cost.c, job_cost_samples.h): the mean seconds
 * of the groups sampled at each band-1 index 1..416 (K = 16 and 17),
 * measured by bench_bandscan (tests/bench/results/bench_bandscan.txt),
 * and of the sampled grids of 13 minlex bands (bench_job_cost, K = 16),
 * where every minlex band takes the rate of its nearest sampled band (the
 * lower one on a tie), as that benchmark's projection does. There is one
 * set of rates per CPU class (AVX-512, or AVX2 without it: the same group
 * took 1.3-1.45 times longer on the one such CPU measured); the grids are
 * measured on each class, the groups on AVX-512 and scaled for AVX2
 * (job_cost.c); a model takes the class of the CPU it is made on, or
 * $MINCLUE_COST_CPU's (a forecast made on a login node for compute nodes
 * of another kind). Where no rate was measured (other sources, engines or
 * K) the job has no model: every rank costs 1 and a split balances rank
 * counts; `why` says what is missing.
 *
 * Invariants: the segments are sorted, disjoint and cover first..last of
 * the job exactly; every cost is >= 1.
 */
#ifndef MC_JOB_COST_H
#define MC_JOB_COST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "job.h"
#include "job_result.h"
#include "mc_error.h"

typedef struct job_cost_segment {
    uint64_t first, last; /* inclusive ranks */
    uint64_t usec;        /* predicted microseconds of one core per rank */
} job_cost_segment;

/* A CPU class with its own rates. */
typedef enum job_cost_cpu { JOB_COST_AVX512, JOB_COST_AVX2, JOB_COST_CPUS } job_cost_cpu;

typedef struct job_cost {
    bool modelled;      /* false: no rates for this job, every rank costs 1 */
    job_cost_cpu cpu;   /* modelled: whose rates */
    const char *why;    /* !modelled: what is missing (static text) */
    const char *origin; /* modelled: where the rates come from (static text) */
    size_t n;
    job_cost_segment *seg;
} job_cost;

/* The class of this CPU: AVX-512 when it has avx512f (the sieve and the
 * list scan then run their 512-bit code), else AVX2. A CPU without AVX2
 * also gets AVX2's rates and runs slower than they say (the scalar code). */
job_cost_cpu job_cost_cpu_here(void);
/* $MINCLUE_COST_CPU ("avx512" or "avx2") when set and not empty, else
 * job_cost_cpu_here(). MC_EINVAL for another value. */
MC_MUST_USE mc_status job_cost_cpu_chosen(job_cost_cpu *cpu, mc_error *err);
/* "avx512" or "avx2" */
const char *job_cost_cpu_name(job_cost_cpu cpu);

/* The cost model of a resolved job (job_resolve: first..last known) with
 * the rates of job_cost_cpu_chosen. For source enumerate the grid counts
 * of the job's bands are read as the source reads them ($MINCLUE_COUNTS
 * or enumeration). Errors: MC_EINVAL (job_cost_cpu_chosen), MC_ENOMEM,
 * and those of gridrank. *c is job_cost_free-safe afterwards. */
MC_MUST_USE mc_status job_cost_model(const job *j, job_cost *c, mc_error *err);
/* The same with the rates of cpu. */
MC_MUST_USE mc_status job_cost_model_cpu(const job *j, job_cost_cpu cpu, job_cost *c, mc_error *err);
/* A model over first..last with one cost for every rank (tests, and the
 * no-model case). */
MC_MUST_USE mc_status job_cost_uniform(uint64_t first, uint64_t last, uint64_t usec, job_cost *c,
                                       mc_error *err);
void job_cost_free(job_cost *c);

/* Predicted microseconds of ranks first..last (inside the model's range). */
uint64_t job_cost_range(const job_cost *c, uint64_t first, uint64_t last);
/* Calibration: what chunks of a job took (their CPU seconds, summed)
 * against what its model predicts for the same ranks. CPU seconds measure
 * the work where wall seconds also measure the load of the machine (a
 * loaded machine inflated a wall-time factor 7.4 times); a chunk of a
 * journal written before CPU seconds were recorded counts its wall
 * seconds (wall_chunks says how many). A chunk outside the model's ranks
 * is skipped. factor = seconds / predicted (the ratio of the sums) is the
 * model's scale on the CPU that ran them: a prediction times the factor is
 * the expected CPU time there. Its standard error over the chunks is the
 * ratio estimator's, sqrt(n / (n - 1) * sum (s_i - factor p_i)^2) / sum p_i:
 * it says how far the chunks disagree, so a sample of few or unlike chunks
 * (the first groups of a band 1 build tables the later ones reuse) shows a
 * large one. Without a model (every rank costs 1 us) the factor is the
 * observed microseconds per unit. */
typedef struct job_cost_observed {
    uint64_t chunks, units;
    uint64_t wall_chunks; /* chunks without CPU seconds: their wall seconds counted */
    double seconds;       /* observed: CPU seconds (wall for wall_chunks) */
    double predicted;     /* the model's seconds for the same ranks */
    double ss, sp, pp;    /* per chunk: sums of seconds^2, seconds x predicted, predicted^2 */
} job_cost_observed;
/* Adds the n chunks r to *o (zeroed by the caller first). */
void job_cost_observe(const job_cost *c, const job_result *r, size_t n, job_cost_observed *o);
/* Adds what b observed to *a (the chunks of several outputs as one sample). */
void job_cost_observed_add(job_cost_observed *a, const job_cost_observed *b);
/* seconds / predicted; 0 when nothing was observed. */
double job_cost_factor(const job_cost_observed *o);
/* The factor's standard error over the chunks; < 0 when it has none (fewer
 * than 2 chunks, nothing predicted). */
double job_cost_factor_error(const job_cost_observed *o);
/* The calibration as job split --calibrate and job status print it:
 * "factor 1.23 +- 0.04 (standard error over 12 chunks), from CPU seconds:
 * 123 s against 100 s predicted", then what limits the trust in it:
 * chunks counted by wall time, and "a rough factor" for fewer than 10
 * chunks, a standard error above 15 % or a sample under a CPU-minute (the
 * first chunks of a process build the tables that later ones reuse: 3
 * chunks of 2 groups at K = 16 took 2-6 times the usual CPU seconds; a
 * sample of minutes makes that small). */
void job_cost_calibration_text(const job_cost_observed *o, char *out, size_t cap);
/* Core-hours as job split and job status print them: 47810, 47.81, 0.0022. */
void job_cost_hours_text(double hours, char *out, size_t cap);
/* The largest cost of one rank. */
uint64_t job_cost_max_unit(const job_cost *c);

/* The rate (microseconds per group: the mean of the sampled groups, for
 * AVX2 scaled from the AVX-512 samples) of band-1 index band (1..416)
 * for a band-pair scan with the band engine at K clues on a CPU of class
 * cpu; 0 when K has no rates. Exposed for the tests. */
uint64_t job_cost_bandpair_usec(int K, int band, job_cost_cpu cpu);

#endif
