/* engine_none — the dry run: units (grids or band-pair groups) travel,
 * nothing is searched; see engine.h. */
#include "engine.h"

static mc_status create(const job *j, void **state, mc_error *err)
{
    (void)j;
    (void)err;
    *state = NULL;
    return MC_OK;
}

static mc_status run_grid(void *state, const uint8_t *grid, const volatile sig_atomic_t *stop, work_counters *work,
                          engine_found_fn found, void *arg, mc_error *err)
{
    (void)state, (void)grid, (void)stop, (void)work, (void)found, (void)arg, (void)err;
    return MC_OK;
}

static void free_state(void *state) { (void)state; }

const engine_kind engine_none = {"none", create, run_grid, run_grid, free_state};
