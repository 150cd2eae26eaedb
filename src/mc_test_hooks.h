/* mc_test_hooks — the MC_TEST_* environment variables, read in one place.
 *
 * They exist only so that tests can make rare events happen on demand:
 *   MC_TEST_GRID_DELAY_MS=N  job_engine_run pauses N ms before each grid,
 *                            the whole time even when a signal comes (signal
 *                            tests find the job still running; a long pause
 *                            is a grid that outlasts the grace period)
 *   MC_TEST_JOURNAL_KILL=N   the N-th journal_append of the process writes
 *                            half its line and SIGKILLs the process
 *   MC_TEST_CORRUPT_FOUND    an MPI worker corrupts the puzzles it reports
 *                            (the master's re-check must catch it)
 *   MC_TEST_JOURNAL_ENOSPC=N the N-th journal_append of the process fails as
 *                            on a full disk (write error, ENOSPC), before
 *                            writing anything
 *   MC_TEST_CHUNK_LIE        the MPI master's first chunk message announces
 *                            2^40 units more than it holds (the worker must
 *                            refuse it)
 *   MC_TEST_ABORT_DELAY_MS=N the MPI master waits N ms before MPI_Abort (the
 *                            workers take the chunks still in flight)
 *   MC_TEST_BAND_CORRUPT=N   every band engine breaks invariant N on purpose
 *                            (band_options.test_corrupt: the run must stop
 *                            with an internal error)
 *   MC_TEST_BAND_MAX_PAIRS=N every band engine keeps at most N pairs for
 *                            band 3 (band_options.max_pairs), so that a
 *                            test reaches the bound in seconds
 *   MC_TEST_SHIPPED_COUNTS=P `minclue grids` takes P for the shipped band
 *                            counts grids/counts.txt.gz (a missing or
 *                            damaged one must be named)
 * Unset (the normal case) they are all 0 / false / NULL.
 */
#ifndef MC_TEST_HOOKS_H
#define MC_TEST_HOOKS_H

#include <stdbool.h>

typedef struct mc_test_hooks {
    long grid_delay_ms;
    long journal_kill;
    bool corrupt_found;
    long journal_enospc;
    bool chunk_lie;
    long abort_delay_ms;
    int band_corrupt;
    long band_max_pairs;
    const char *shipped_counts; /* NULL when unset */
} mc_test_hooks;

/* Reads the variables (afresh at each call; call it once per context). */
void mc_test_hooks_read(mc_test_hooks *h);

#endif
