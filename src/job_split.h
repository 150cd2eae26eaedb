/* job_split — a job cut into N jobs whose ranks partition its range.
 *
 * The range first..last is cut into N consecutive parts,
 *
 *     part i (1..N) = ranks end[i-1] + 1 .. end[i],  end[0] = first - 1, end[N] = last
 *
 * each holding at least one rank, balanced by the predicted cost C of a
 * cost model (job_cost.h; cost 1 per rank balances counts): with T the cost
 * of the whole range, end[i] is the first rank r with C(first..r) >=
 * floor(i T / N), moved up to end[i-1] + 1 or down to last - (N - i) when
 * every part would not otherwise get a rank. So each part costs less than
 * T / N plus the largest cost of one rank.
 *
 * A part's job file is the job's text with `ranks = I-J` (replaced, or
 * added after the source line) and its own `output` (the job's output with
 * "-i" appended); the job's comment lines are dropped (they speak of the
 * whole job: "minclue run jobs/tiny4x4.job"), every other line is kept.
 * Written to another directory, relative source and output paths are made
 * absolute (they are resolved against the job file's directory). Values
 * written are escaped as job files need ('#' as "\#", job_value_escape).
 */
#ifndef MC_JOB_SPLIT_H
#define MC_JOB_SPLIT_H

#include <stdint.h>

#include "job.h"
#include "job_cost.h"
#include "mc_error.h"

/* At most this many parts (a Slurm array is smaller still). */
#define JOB_SPLIT_MAX_PARTS 1000000

/* The last ranks end[0..n-1] of the n parts of first..last (see above).
 * MC_EINVAL when n is 0, above JOB_SPLIT_MAX_PARTS or above the number of
 * ranks; c must cover first..last. */
MC_MUST_USE mc_status job_split_ranges(const job_cost *c, uint64_t first, uint64_t last, uint64_t n,
                                       uint64_t *end, mc_error *err);

/* The job file text of one part: text is the job file j was loaded from
 * (name: its path), ranks first..last, output the part's output directory
 * (written escaped); header: the part's first line(s); absolute: make
 * relative source paths absolute. Returns a malloc'd string, NULL when out
 * of memory. */
char *job_split_text(const char *text, const job *j, uint64_t first, uint64_t last, const char *output,
                     int absolute, const char *header);

/* Line of a key in a job file's text (0: absent), and its value (a
 * malloc'd copy without comment, "\#" read as '#', NULL when absent or out
 * of memory). */
long job_split_key_line(const char *text, const char *key, char **value);

#endif
