/* job_status_output — one output of `job status` read and judged (see
 * job_status_output.c for what "complete" and "resumable" mean), for
 * job_status.c.
 */
#ifndef MC_JOB_STATUS_OUTPUT_H
#define MC_JOB_STATUS_OUTPUT_H

#include <stddef.h>

#include "job_status.h"
#include "mc_error.h"

/* o (zeroed) filled from the argument arg (an output directory or a job
 * file) as of s->now; its timed chunks are appended to s->ticks (*tick_cap
 * its room). Errors: out of memory, a job file that does not load (or a
 * name ending in .job that is not there). */
MC_MUST_USE mc_status job_status_output_read(job_status *s, job_status_output *o, const char *arg,
                                             double stall_after, size_t *tick_cap, mc_error *err);
/* Orders job_rank_range by first, then last (qsort). */
int job_status_cmp_range(const void *a, const void *b);

#endif
