/* mc_clock — clocks in seconds (double), for phase timings and benchmarks.
 *
 * mc_wall_seconds: CLOCK_MONOTONIC (elapsed time; never goes back);
 * mc_cpu_seconds: CPU time of the whole process (on a shared machine it
 * measures the work, where the wall clock also measures the load);
 * mc_thread_cpu_seconds: CPU time of the calling thread.
 * Only differences between two readings of the same clock mean anything.
 */
#ifndef MC_CLOCK_H
#define MC_CLOCK_H

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

#endif
