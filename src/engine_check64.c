/* engine_check64 — the 64-cell checker (check64.h) as an engine: grids of
 * at most 64 cells (4x4, 6x6, 8x8); see engine.h. */
#include "check64.h"
#include "engine.h"

static mc_status create(const job *j, void **state, mc_error *err)
{
    if (!check64_takes(j->geo))
        return mc_fail(err, MC_EINVAL, "%s: engine check64 takes grids of at most 64 cells, not %dx%d", j->path,
                       j->geo->N, j->geo->N);
    check64_options o;
    check64_options_default(&o, j->clues);
    check64 *c = check64_new(j->geo, &o);
    if (!c)
        return mc_fail(err, MC_ENOMEM, "%s: cannot make a check64 search for %dx%d grids", j->path, j->geo->N,
                       j->geo->N);
    *state = c;
    return MC_OK;
}

static mc_status run_grid(void *state, const uint8_t *grid, const volatile sig_atomic_t *stop, work_counters *work,
                          engine_found_fn found, void *arg, mc_error *err)
{
    check64_set_halt(state, stop);
    mc_status st = check64_run(state, grid, work, found, arg);
    if (st == MC_STOPPED) return st;
    if (st != MC_OK) return mc_fail(err, st, "check64: search failed (%s)", mc_status_name(st));
    return MC_OK;
}

static void free_state(void *state) { check64_free(state); }

const engine_kind engine_check64 = {"check64", create, run_grid, NULL, free_state};
