/* job_result — what one chunk (a work unit of a job) produced.
 *
 * A result names its chunk (first rank, grid count, checksum of its grids),
 * holds the work counters of work_counters.h summed over its grids (r.nodes,
 * or r.work), the chunk's wall and CPU seconds and the puzzles found, in grid
 * order; each (rank, puzzle) at most once (job_puzzles_first_repeat finds a
 * repeat). found is a growable array owned by the result (job_result_free);
 * job_result_clear keeps it for reuse.
 */
#ifndef MC_JOB_RESULT_H
#define MC_JOB_RESULT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "geometry.h"
#include "mc_error.h"
#include "work_counters.h"

typedef struct job_puzzle {
    uint64_t rank;
    uint8_t cell[MAX_CELLS];
} job_puzzle;

typedef struct job_result {
    uint64_t first, count, checksum;
    WORK_COUNTERS_MEMBER;
    double seconds;          /* wall seconds of the chunk */
    double cpu_seconds;      /* CPU seconds of the process over the chunk (cpu_known) */
    bool cpu_known;          /* false: not recorded (journal lines written before cpu= was added) */
    int64_t at;              /* when its journal line was written (Unix seconds); 0: not recorded */
    bool abandoned;          /* stopped by a signal before the end: not done */
    job_puzzle *found;       /* nfound puzzles, grid order; cells past the grid's are CELL_EMPTY */
    size_t nfound, cap;
} job_result;

void job_result_clear(job_result *r);           /* keeps the found buffer */
MC_MUST_USE mc_status job_result_add_found(job_result *r, uint64_t rank, const uint8_t *puzzle, int ncells);
void job_result_free(job_result *r);
/* Sorts the n puzzles p by rank, then cells, and returns the index of the
 * first one listed twice for the same rank (equal to the one before it),
 * or n when there is none. With across_ranks: sorted by cells, then rank,
 * and the first puzzle listed for two different ranks (p[i - 1].rank and
 * p[i].rank). */
size_t job_puzzles_first_repeat(job_puzzle *p, size_t n, bool across_ranks);

#endif
