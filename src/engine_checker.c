/* engine_checker — the real search (checker.h) as an engine; see engine.h. */
#include "checker.h"
#include "engine.h"

static mc_status create(const job *j, void **state, mc_error *err)
{
    checker_options o;
    checker_options_default(&o, j->clues);
    if (j->ua_max_size >= 0) o.ua_max_size = j->ua_max_size;
    if (j->ua_limit >= 0) o.ua_limit = j->ua_limit;
    if (j->max_degree >= 0) o.max_degree = j->max_degree;
    if (j->learn >= 0) o.learn = j->learn;
    checker_ctx *c = checker_new(j->geo, &o);
    if (!c)
        return mc_fail(err, MC_ENOMEM, "%s: cannot make a checker for %dx%d grids", j->path, j->geo->N, j->geo->N);
    *state = c;
    return MC_OK;
}

static mc_status run_grid(void *state, const uint8_t *grid, const volatile sig_atomic_t *stop, work_counters *work,
                          engine_found_fn found, void *arg, mc_error *err)
{
    (void)err;
    checker_record rec;
    checker_set_halt(state, stop);
    mc_status st = checker_run(state, grid, &rec, found, arg);
    if (st == MC_OK) work_counters_add(work, &rec.work);
    return st;
}

static void free_state(void *state) { checker_free(state); }

const engine_kind engine_checker = {"checker", create, run_grid, NULL, free_state};
