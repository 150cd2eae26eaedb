/* engine — the search engines behind one small interface, chosen once per job.
 *
 * An engine takes one valid solution grid and reports every puzzle of at
 * most K clues it finds (through a callback) and the work it did (the
 * counters of work_counters.h, added to *work). Engines:
 *
 *     checker   the real search (checker.h): UAs, hitting sets, solver
 *     band      the band method (band_engine.h): 9x9 grids only, K 1..27
 *     brute     every K-cell subset through the solver: the slow twin for
 *               tiny shapes (refused when a grid would need > 1e8 sets)
 *     none      --dry-run: the grids travel, nothing is searched
 *
 * ENGINES (job_kinds.h) is the list; each engine is an `engine_kind` in
 * its own file engine_NAME.c. Adding an engine: one file defining
 * `const engine_kind engine_NAME` and one line in ENGINES.
 *
 * job_engine runs a chunk (consecutive units of a job: grids, or band-pair
 * groups for a source of groups, source.h) through the job's engine: it
 * checks the stop flag between units (and checker and check64 inside a
 * grid, every HITSET_HALT_NODES nodes), sums the counters into the job_result
 * and collects the puzzles with the ranks of their units.
 */
#ifndef MC_ENGINE_H
#define MC_ENGINE_H

#include <signal.h>
#include <stdint.h>

#include "job.h"
#include "job_result.h"
#include "mc_error.h"
#include "work_counters.h"

/* ENGINES (job_kinds.h) lists them. */

/* Called once per puzzle found: cells CELL_EMPTY or the grid's digit. */
typedef void (*engine_found_fn)(void *arg, const uint8_t *puzzle, int nclues);

typedef struct engine_kind {
    const char *name;        /* the job file's `engine = NAME` */
    /* Makes the engine's state for the job (j->geo, j->clues, options);
     * one per process, reused for every grid. Errors name j->path. */
    mc_status (*create)(const job *j, void **state, mc_error *err);
    /* One valid solution grid (geo->ncells digits): adds its work to *work,
     * calls found for each puzzle. Allocates nothing per grid beyond
     * geometric growth. stop (may be NULL): a flag a signal sets; an engine
     * whose grid can run long looks at it in its search loop and, once it
     * is set, gives the grid up: MC_STOPPED (the grid is not done). */
    mc_status (*run_grid)(void *state, const uint8_t *grid, const volatile sig_atomic_t *stop, work_counters *work,
                          engine_found_fn found, void *arg, mc_error *err);
    /* One band-pair group (a packed unit, bandpair_unit.h): calls found for
     * each puzzle (81 cells of one of its item grids) whose covering item
     * (bandpair_cover) is in the group. NULL when the engine takes no groups
     * (job_engine_takes_groups, job_kinds.h). */
    mc_status (*run_group)(void *state, const uint8_t *unit, const volatile sig_atomic_t *stop, work_counters *work,
                           engine_found_fn found, void *arg, mc_error *err);
    void (*free)(void *state); /* NULL safe */
} engine_kind;

#define ENGINE_DECLARE_(ID, name, ...) extern const engine_kind engine_##name;
ENGINES(ENGINE_DECLARE_)
#undef ENGINE_DECLARE_

/* The engine of a job_engine_kind; NULL for a value out of range. */
const engine_kind *engine_of(job_engine_kind k);

/* ---- a chunk through the job's engine ---- */
typedef struct job_engine job_engine;
/* One engine per process, reused for every chunk. */
MC_MUST_USE mc_status job_engine_new(const job *j, job_engine **out, mc_error *err);
void job_engine_free(job_engine *e);
/* What the single-process runner watches inside a chunk (its progress
 * lines while one chunk runs long): unit is called before each unit with
 * the units of the chunk done so far and the unit's rank, found after each
 * puzzle recorded; either may be NULL. Called from the thread that runs
 * the chunk. */
typedef struct job_engine_watch {
    void (*unit)(void *arg, uint64_t done, uint64_t rank);
    void (*found)(void *arg);
    void *arg;
} job_engine_watch;
/* w is copied; NULL: none (the default). */
void job_engine_set_watch(job_engine *e, const job_engine_watch *w);
/* Runs the chunk (count units of ranks first.., job_unit_bytes each).
 * Checks *stop between units, and the engine in its search (run_grid);
 * when it is set the result is marked abandoned. res->seconds is the
 * chunk's wall time. Test hook: MC_TEST_GRID_DELAY_MS (mc_test_hooks.h). */
MC_MUST_USE mc_status job_engine_run(job_engine *e, const uint8_t *grids, uint64_t first, uint64_t count,
                                     job_result *res, volatile sig_atomic_t *stop, mc_error *err);

#endif
