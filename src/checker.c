/* checker — see checker.h. UAs (pattern finder on 9x9 when built in, the
 * reference finder otherwise), then the hitting-set search of hitset.h. */
#include "checker.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cellset.h"
#include "grid.h"
#include "hitset.h"
#include "mc_clock.h"
#include "ua.h"

struct checker_ctx {
    const geometry *geo;
    checker_options opt;
    hitset_ctx *hs;
    ua_store store;
    ua_finder *finder;          /* 9x9 only: the pattern finder */
    const volatile sig_atomic_t *halt; /* checker_set_halt */
    /* per run */
    const uint8_t *grid;
    checker_found_fn found;
    void *arg;
    uint8_t puzzle[MAX_CELLS];
};

/* Default UA size bound per shape: 9x9 follows McGuire et al. (12); the
 * small shapes take every minimal UA the reference finder reaches quickly. */
static int default_ua_max(const geometry *geo)
{
    if (geo->ncells <= 16) return 16;
    if (geo->ncells <= 36) return 12;
    if (geo->ncells <= 64) return 10;
    return 12;
}

void checker_options_default(checker_options *o, int clues)
{
    o->clues = clues;
    o->ua_max_size = 0; /* 0: per shape (see default_ua_max) */
    o->ua_limit = 0;
    o->max_degree = HITSET_MAX_DEGREE;
    o->learn = 1;
    o->first = 0;
    o->givens = cs81_empty();
}

checker_ctx *checker_new(const geometry *geo, const checker_options *opt)
{
    if (geo->ncells > CHECKER_MAX_CELLS || !cs81_subset(opt->givens, cs81_first_n(geo->ncells))) return NULL;
    checker_ctx *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    c->geo = geo;
    c->opt = *opt;
    if (c->opt.ua_max_size <= 0) c->opt.ua_max_size = default_ua_max(geo);
    if (c->opt.ua_max_size > CHECKER_MAX_UA_SIZE) c->opt.ua_max_size = CHECKER_MAX_UA_SIZE;
    ua_store_init(&c->store);
    c->hs = hitset_new(geo);
    if (geo->ncells == 81) c->finder = ua_finder_new();
    if (!c->hs || (geo->ncells == 81 && !c->finder)) {
        checker_free(c);
        return NULL;
    }
    return c;
}

void checker_free(checker_ctx *c)
{
    if (!c) return;
    hitset_free(c->hs);
    ua_finder_free(c->finder);
    ua_store_free(&c->store);
    free(c);
}

static void on_found(void *arg, cs81 cells, int n)
{
    checker_ctx *c = arg;
    memset(c->puzzle, CELL_EMPTY, (size_t)c->geo->ncells);
    int x;
    CS81_FOREACH(x, cells) c->puzzle[x] = c->grid[x];
    if (c->found) c->found(c->arg, c->puzzle, n);
}

void checker_set_halt(checker_ctx *c, const volatile sig_atomic_t *flag) { c->halt = flag; }

mc_status checker_run(checker_ctx *c, const uint8_t *sol, checker_record *rec, checker_found_fn found,
                      void *arg)
{
    memset(rec, 0, sizeof *rec);
    double t0 = mc_thread_cpu_seconds(); /* engine seconds: CPU time of this thread */
    c->grid = sol;
    c->found = found;
    c->arg = arg;
    ua_store_clear(&c->store);
    mc_status st = c->finder && c->opt.ua_max_size <= 12
                       ? ua_find(c->finder, sol, c->opt.ua_max_size, &c->store)
                       : ua_find_reference(c->geo, sol, c->opt.ua_max_size, &c->store);
    if (st != MC_OK) return st;
    double t1 = mc_thread_cpu_seconds();
    int nuse = c->store.n;
    if (c->opt.ua_limit > 0 && nuse > c->opt.ua_limit) nuse = c->opt.ua_limit;
    if (nuse > HITSET_MAX_INITIAL) nuse = HITSET_MAX_INITIAL;
    for (int i = 0; i < nuse; i++) {
        int s = cs81_count(c->store.set[i]);
        if (s > CHECKER_MAX_UA_SIZE) s = CHECKER_MAX_UA_SIZE;
        rec->ua_initial_by_size[s]++;
    }
    rec->ua_initial = (uint64_t)nuse;

    hitset_options ho;
    /* givens: the hitting sets hold them (forced) and K more cells, or
     * every cell when that is fewer (K is checked by hitset_run) */
    int size = c->opt.clues + cs81_count(c->opt.givens);
    if (c->opt.clues >= 0 && c->opt.clues <= c->geo->ncells && size > c->geo->ncells) size = c->geo->ncells;
    hitset_options_default(&ho, size);
    ho.forced = c->opt.givens;
    ho.max_initial = nuse;
    ho.max_degree = c->opt.max_degree;
    ho.learn = c->opt.learn;
    ho.first = c->opt.first;
    ho.halt = c->halt;
    hitset_stats hs;
    st = hitset_run(c->hs, sol, c->store.set, nuse, &ho, on_found, c, &hs);
    if (st != MC_OK) return st;
    if (hs.halted) return MC_STOPPED;
    double t2 = mc_thread_cpu_seconds();
    rec->ua_second = hs.second;
    rec->ua_learned = hs.learned;
    rec->nodes = hs.nodes;
    rec->candidates = hs.candidates;
    rec->solver_calls = hs.solver_calls;
    rec->puzzles = hs.puzzles;
    rec->seconds_ua = t1 - t0;
    rec->seconds_search = t2 - t1;
    rec->seconds_total = t2 - t0;
    return MC_OK;
}

void checker_record_add(checker_record *sum, const checker_record *r)
{
    for (int k = 0; k <= CHECKER_MAX_UA_SIZE; k++) sum->ua_initial_by_size[k] += r->ua_initial_by_size[k];
    work_counters_add(&sum->work, &r->work);
}
