/* engine_band — the band method (band_engine.h) as an engine; see engine.h.
 * 9x9 grids only, K from 1 to 27; the checker's options (ua_max_size,
 * ua_limit, max_degree) are refused, `learn` is passed on. Grids go through
 * band_engine_run; band-pair groups (bandpair_unit.h) through
 * band_engine_run_group, which reports each puzzle in its covering item. */
#include "band_engine.h"
#include "bandpair_unit.h"
#include "engine.h"

static mc_status create(const job *j, void **state, mc_error *err)
{
    if (j->geo->R != 3 || j->geo->C != 3)
        return mc_fail(err, MC_EINVAL, "%s: engine band takes 9x9 grids only, not %dx%d", j->path, j->geo->N,
                       j->geo->N);
    if (j->clues < 1 || j->clues > 27)
        return mc_fail(err, MC_EINVAL, "%s: engine band takes clues from 1 to 27, not %d", j->path, j->clues);
    if (j->ua_max_size >= 0 || j->ua_limit >= 0 || j->max_degree >= 0)
        return mc_fail(err, MC_EINVAL, "%s: ua_max_size, ua_limit and max_degree are checker options, not band ones",
                       j->path);
    band_options o;
    band_options_default(&o, j->clues);
    if (j->learn >= 0) o.learn = j->learn;
    band_engine *e = band_engine_new(&o);
    if (!e) return mc_fail(err, MC_ENOMEM, "%s: cannot make a band engine", j->path);
    *state = e;
    return MC_OK;
}

/* An invariant that failed (MC_EINTERNAL) is named, and so is the bound on
 * pairs reached (MC_ELIMIT), with the way out; the run stops. */
static mc_status failed(const band_engine *e, mc_status st, mc_error *err)
{
    if (st == MC_EINTERNAL) return mc_fail(err, st, "band engine: %s", band_engine_failure(e));
    if (st == MC_ELIMIT)
        return mc_fail(err, st, "band engine: %s; the checker has none: engine = checker", band_engine_failure(e));
    return mc_fail(err, st, "band engine: %s", mc_status_name(st));
}

static mc_status run_grid(void *state, const uint8_t *grid, const volatile sig_atomic_t *stop, work_counters *work,
                          engine_found_fn found, void *arg, mc_error *err)
{
    (void)stop; /* a grid or group takes seconds: job_engine_run looks at the flag between them */
    band_record rec;
    mc_status st = band_engine_run(state, grid, &rec, found, arg);
    if (st != MC_OK) return failed(state, st, err);
    work_counters_add(work, &rec.work);
    return MC_OK;
}

/* The item index is dropped: the puzzle's cells say which item grid it is. */
typedef struct item_found_arg {
    engine_found_fn found;
    void *arg;
} item_found_arg;

static void on_item_found(void *arg, int item, const uint8_t *puzzle, int nclues)
{
    (void)item;
    item_found_arg *a = arg;
    a->found(a->arg, puzzle, nclues);
}

static mc_status run_group(void *state, const uint8_t *unit, const volatile sig_atomic_t *stop, work_counters *work,
                           engine_found_fn found, void *arg, mc_error *err)
{
    (void)stop;
    band_record rec;
    item_found_arg a = {found, arg};
    mc_status st = band_engine_run_group(state, bandpair_unit_pair(unit), bandpair_unit_band3(unit),
                                         bandpair_unit_nitems(unit), &rec, on_item_found, &a);
    if (st != MC_OK) return failed(state, st, err);
    work_counters_add(work, &rec.work);
    return MC_OK;
}

static void free_state(void *state) { band_engine_free(state); }

const engine_kind engine_band = {"band", create, run_grid, run_group, free_state};
