/* engine — the engine table and the chunk runner; see engine.h. */
#include "engine.h"

#include <assert.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mc_clock.h"
#include "mc_test_hooks.h"
#include "source.h"

#define ENGINE_ENTRY_(ID, name, ...) [JOB_ENGINE_##ID] = &engine_##name,
static const engine_kind *const engines[JOB_ENGINE_COUNT] = {ENGINES(ENGINE_ENTRY_)};
#undef ENGINE_ENTRY_

const engine_kind *engine_of(job_engine_kind k)
{
    return (int)k >= 0 && k < JOB_ENGINE_COUNT ? engines[k] : NULL;
}

struct job_engine {
    const job *j;
    const engine_kind *kind;
    void *state;
    int ncells;         /* cells of a found puzzle */
    size_t unit;        /* bytes of a unit */
    bool groups;        /* units are band-pair groups: run_group */
    long grid_delay_ns; /* test hook: pause per unit */
    job_engine_watch watch;
};

mc_status job_engine_new(const job *j, job_engine **out, mc_error *err)
{
    assert(j->geo);
    job_engine *e = calloc(1, sizeof *e);
    if (!e) return mc_fail(err, MC_ENOMEM, "out of memory");
    mc_test_hooks hooks;
    mc_test_hooks_read(&hooks);
    e->grid_delay_ns = 1000000L * hooks.grid_delay_ms;
    e->j = j;
    e->kind = engine_of(j->engine);
    e->ncells = j->geo->ncells;
    e->unit = job_unit_bytes(j);
    e->groups = job_source_gives_groups(j->source);
    assert(!e->kind || (e->kind->run_group != NULL) == job_engine_takes_groups(j->engine));
    mc_status st = !e->kind ? mc_fail(err, MC_EINVAL, "%s: no such engine (%d)", j->path, (int)j->engine)
                   : e->groups && !e->kind->run_group
                       ? mc_fail(err, MC_EINVAL, "%s: engine %s cannot take the band-pair groups of source %s", j->path,
                                 e->kind->name, job_source_name(j->source))
                       : e->kind->create(j, &e->state, err);
    if (st != MC_OK) {
        free(e);
        return st;
    }
    *out = e;
    return MC_OK;
}

void job_engine_set_watch(job_engine *e, const job_engine_watch *w)
{
    if (w) e->watch = *w;
    else memset(&e->watch, 0, sizeof e->watch);
}

void job_engine_free(job_engine *e)
{
    if (!e) return;
    e->kind->free(e->state);
    free(e);
}

typedef struct found_arg {
    job_result *res;
    uint64_t rank;
    int ncells;
    mc_status st;
    const job_engine_watch *watch;
} found_arg;

static void on_found(void *arg, const uint8_t *puzzle, int nclues)
{
    (void)nclues;
    found_arg *fa = arg;
    if (job_result_add_found(fa->res, fa->rank, puzzle, fa->ncells) != MC_OK) fa->st = MC_ENOMEM;
    else if (fa->watch->found) fa->watch->found(fa->watch->arg);
}

mc_status job_engine_run(job_engine *e, const uint8_t *grids, uint64_t first, uint64_t count, job_result *res,
                         volatile sig_atomic_t *stop, mc_error *err)
{
    const int nc = e->ncells;
    const size_t unit = e->unit;
    double t0 = mc_wall_seconds(), c0 = mc_cpu_seconds();
    job_result_clear(res);
    res->first = first;
    res->count = count;
    res->checksum = job_checksum_units(e->j, grids, count);
    for (uint64_t i = 0; i < count; i++) {
        if (stop && *stop) {
            res->abandoned = true;
            break;
        }
        if (e->watch.unit) e->watch.unit(e->watch.arg, i, first + i);
        if (e->grid_delay_ns > 0) {
            struct timespec ts = {e->grid_delay_ns / 1000000000L, e->grid_delay_ns % 1000000000L};
            while (nanosleep(&ts, &ts) != 0 && errno == EINTR) continue; /* a signal does not cut it short */
        }
        found_arg fa = {res, first + i, nc, MC_OK, &e->watch};
        const uint8_t *u = grids + i * (uint64_t)unit;
        mc_status st = e->groups ? e->kind->run_group(e->state, u, stop, &res->work, on_found, &fa, err)
                                 : e->kind->run_grid(e->state, u, stop, &res->work, on_found, &fa, err);
        if (st == MC_STOPPED) {
            res->abandoned = true;
            break;
        }
        if (st != MC_OK) {
            if (st == MC_ENOMEM) return mc_fail(err, MC_ENOMEM, "out of memory");
            char why[MC_ERROR_MSG_MAX / 2] = "";
            if (err && (st == MC_EINTERNAL || st == MC_ELIMIT)) snprintf(why, sizeof why, ": %.200s", err->msg);
            return mc_fail(err, st, "%s of rank %llu: the %s engine failed (%s)%s", e->groups ? "group" : "grid",
                           (unsigned long long)(first + i), e->kind->name, mc_status_name(st), why);
        }
        if (fa.st != MC_OK) return mc_fail(err, MC_ENOMEM, "out of memory");
    }
    res->seconds = mc_wall_seconds() - t0;
    res->cpu_seconds = mc_cpu_seconds() - c0;
    res->cpu_known = true;
    return MC_OK;
}
