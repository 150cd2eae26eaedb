/* mc_clock — clocks in seconds (double), for phase timings and benchmarks.
 *
 * mc_wall_seconds: CLOCK_MONOTONIC (elapsed time; never goes back);
 * mc_cpu_seconds: CPU time of the whole process (on a shared machine it
 * measures the work, where the wall clock also measures the load);
 * mc_thread_cpu_seconds: CPU time of the calling thread.
 * Only differences between two readings of the same clock mean anything.
 * mc_utc_text: Unix seconds as UTC text ("2026-12-07T03:02:09Z", "?" when
 * out of range): every timestamp the tool writes (journal notes,
 * certificates, job status).
 */
#ifndef MC_CLOCK_H
#define MC_CLOCK_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

static inline double mc_clock_seconds(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static inline double mc_wall_seconds(void) { return mc_clock_seconds(CLOCK_MONOTONIC); }
static inline double mc_cpu_seconds(void) { return mc_clock_seconds(CLOCK_PROCESS_CPUTIME_ID); }
static inline double mc_thread_cpu_seconds(void) { return mc_clock_seconds(CLOCK_THREAD_CPUTIME_ID); }

static inline void mc_utc_text(int64_t t, char *out, size_t cap)
{
    time_t tt = (time_t)t;
    struct tm tm;
    if (gmtime_r(&tt, &tm)) strftime(out, cap, "%Y-%m-%dT%H:%M:%SZ", &tm);
    else snprintf(out, cap, "?");
}

#endif
