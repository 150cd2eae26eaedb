/* minimum — the proof of the fewest clues of a unique puzzle (minimum.h). */
#include "minimum.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "band_engine.h"
#include "canon.h"
#include "check64.h"
#include "enumerate.h"
#include "grid.h"
#include "mc_clock.h"
#include "prng.h"

static const char *const engine_names[] = {"checker", "band", "check64"};

const char *minimum_engine_name(minimum_engine e)
{
    assert(e >= MINIMUM_CHECKER && e <= MINIMUM_CHECK64);
    return engine_names[e];
}

int minimum_kmax(minimum_engine e, const geometry *geo) { return e == MINIMUM_BAND ? 27 : geo->ncells; }

/* ---- one engine for one K, grid by grid ---- */

/* The first puzzle a step finds, as text. */
typedef struct first_found {
    const geometry *geo;
    bool have;
    char text[MAX_CELLS + 1];
} first_found;

static void on_found(void *arg, const uint8_t *puzzle, int n)
{
    (void)n;
    first_found *f = arg;
    if (f->have) return;
    grid g;
    g.geo = f->geo;
    memcpy(g.cell, puzzle, (size_t)f->geo->ncells);
    grid_format(&g, DIGITS_STD, f->text);
    f->have = true;
}

/* The band engine stops each grid at its first puzzle; first = true does
 * the same for the others. */
typedef struct runner {
    checker_ctx *c;
    band_engine *be;
    check64 *c64;
} runner;

/* MC_EINVAL when the engine does not take the shape. */
static mc_status engine_takes(minimum_engine eng, const geometry *geo, mc_error *err)
{
    if (eng == MINIMUM_BAND && !(geo->R == 3 && geo->C == 3))
        return mc_fail(err, MC_EINVAL, "the band engine takes 9x9 grids only, not %dx%d", geo->N, geo->N);
    if (eng == MINIMUM_CHECK64 && !check64_takes(geo))
        return mc_fail(err, MC_EINVAL, "check64 takes grids of at most 64 cells, not %dx%d", geo->N, geo->N);
    return MC_OK;
}

static mc_status runner_open(runner *rn, const geometry *geo, minimum_engine eng, const checker_options *copt, int K,
                             bool first, mc_error *err)
{
    memset(rn, 0, sizeof *rn);
    mc_status st = engine_takes(eng, geo, err);
    if (st != MC_OK) return st;
    if (eng == MINIMUM_CHECK64) {
        check64_options o;
        check64_options_default(&o, K);
        o.first = first;
        rn->c64 = check64_new(geo, &o);
    } else if (eng == MINIMUM_BAND) {
        band_options bo;
        band_options_default(&bo, K);
        bo.first = 1;
        bo.learn = copt->learn;
        rn->be = band_engine_new(&bo);
    } else {
        checker_options ko = *copt;
        ko.clues = K;
        ko.first = first;
        rn->c = checker_new(geo, &ko);
    }
    if (!rn->c && !rn->be && !rn->c64) return mc_fail(err, MC_ENOMEM, "out of memory");
    return MC_OK;
}

/* One grid: its work added to *w (zeroed by the caller). */
static mc_status runner_run(runner *rn, const uint8_t *g, work_counters *w, first_found *ff, mc_error *err)
{
    checker_record r;
    band_record br;
    mc_status st = rn->c64 ? check64_run(rn->c64, g, w, on_found, ff)
                   : rn->be ? band_engine_run(rn->be, g, &br, on_found, ff)
                            : checker_run(rn->c, g, &r, on_found, ff);
    if (st != MC_OK) {
        bool named = rn->be && (st == MC_EINTERNAL || st == MC_ELIMIT);
        return mc_fail(err, st, "search failed: %s%s%s%s", mc_status_name(st), named ? ": " : "",
                       named ? band_engine_failure(rn->be) : "",
                       st == MC_ELIMIT ? "; the checker has none: --engine checker" : "");
    }
    if (!rn->c64) work_counters_add(w, rn->be ? &br.work : &r.work);
    return MC_OK;
}

static void runner_close(runner *rn)
{
    checker_free(rn->c);
    band_engine_free(rn->be);
    check64_free(rn->c64);
}

/* One step in the making: the engine, the sums and the first puzzle. */
typedef struct stepper {
    runner rn;
    const geometry *geo;
    minimum_step *s;
    first_found ff;
    double w0, c0;
} stepper;

static mc_status step_open(stepper *sp, const geometry *geo, minimum_engine eng, const checker_options *copt, int K,
                           bool first, minimum_step *s, mc_error *err)
{
    memset(s, 0, sizeof *s);
    s->K = K;
    sp->geo = geo;
    sp->s = s;
    sp->ff = (first_found){geo, false, {0}};
    sp->w0 = mc_wall_seconds();
    sp->c0 = mc_cpu_seconds();
    return runner_open(&sp->rn, geo, eng, copt, K, first, err);
}

/* One grid through the step; *puzzles: whether it has one. */
static mc_status step_grid(stepper *sp, const uint8_t *g, bool *puzzles, mc_error *err)
{
    minimum_step *s = sp->s;
    work_counters w = {0};
    mc_status st = runner_run(&sp->rn, g, &w, &sp->ff, err);
    if (st != MC_OK) return st;
    *puzzles = w.puzzles > 0;
    if (*puzzles && !s->with) {
        s->example_index = s->grids;
        memcpy(s->example_grid, g, (size_t)sp->geo->ncells);
    }
    s->grids++;
    s->with += *puzzles;
    work_counters_add(&s->work, &w);
    return MC_OK;
}

static void step_close(stepper *sp)
{
    runner_close(&sp->rn);
    minimum_step *s = sp->s;
    s->seconds = mc_wall_seconds() - sp->w0;
    s->cpu_seconds = mc_cpu_seconds() - sp->c0;
    if (s->with) {
        assert(sp->ff.have);
        memcpy(s->example, sp->ff.text, sizeof s->example);
    }
}

/* ---- the ES grids of a small shape ---- */

#define ES_STRIDE 36 /* bytes per grid while sorting: ncells digits, zeros after */

mc_status minimum_grids_add(minimum_grids *l, const uint8_t *g, size_t len)
{
    assert(len <= l->stride);
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 1024;
        uint8_t *p = realloc(l->cells, cap * l->stride);
        if (!p) return MC_ENOMEM;
        l->cells = p;
        l->cap = cap;
    }
    uint8_t *dst = l->cells + l->n++ * l->stride;
    memcpy(dst, g, len);
    memset(dst + len, 0, l->stride - len);
    return MC_OK;
}

typedef struct enum_ctx {
    const geometry *geo;
    uint8_t cur[MAX_CELLS];
    uint64_t count;
    minimum_grids list; /* stride ES_STRIDE */
    mc_status st;
} enum_ctx;

/* Every grid with first row 0..N-1 (plain backtracking), each added as its
 * minlex form. */
static void enum_rec(enum_ctx *e, int cell)
{
    const geometry *g = e->geo;
    if (e->st != MC_OK) return;
    if (cell == g->ncells) {
        e->count++;
        grid in, out;
        in.geo = g;
        memcpy(in.cell, e->cur, (size_t)g->ncells);
        if (canon_minlex(&in, &out, NULL) <= 0) {
            e->st = MC_EINTERNAL;
            return;
        }
        e->st = minimum_grids_add(&e->list, out.cell, (size_t)g->ncells);
        return;
    }
    if (cell < g->N) {
        e->cur[cell] = (uint8_t)cell;
        enum_rec(e, cell + 1);
        return;
    }
    for (int d = 0; d < g->N; d++) {
        int ok = 1;
        for (int i = 0; i < g->npeers && ok; i++) {
            int p = g->peer[cell][i];
            if (p < cell && e->cur[p] == d) ok = 0;
        }
        if (!ok) continue;
        e->cur[cell] = (uint8_t)d;
        enum_rec(e, cell + 1);
    }
}

static int cmp_es(const void *a, const void *b) { return memcmp(a, b, ES_STRIDE); }

mc_status minimum_es_grids(const geometry *geo, uint8_t **grids, size_t *nes, uint64_t *count, mc_error *err)
{
    *grids = NULL;
    *nes = 0;
    *count = 0;
    if (geo->ncells > ES_STRIDE)
        return mc_fail(err, MC_EINVAL, "%dx%d boxes: the ES grids are listed for shapes of at most %d cells",
                       geo->R, geo->C, ES_STRIDE);
    enum_ctx *e = calloc(1, sizeof *e);
    if (!e) return mc_fail(err, MC_ENOMEM, "out of memory");
    e->geo = geo;
    e->list.stride = ES_STRIDE;
    enum_rec(e, 0);
    mc_status st = e->st;
    if (st != MC_OK) {
        free(e->list.cells);
        free(e);
        return mc_fail(err, st, "enumeration failed (%s)",
                       st == MC_ENOMEM ? "out of memory" : "canonical form error");
    }
    uint8_t *cells = e->list.cells;
    qsort(cells, e->list.n, ES_STRIDE, cmp_es);
    const size_t nc = (size_t)geo->ncells;
    size_t k = 0;
    for (size_t i = 0; i < e->list.n; i++) {
        const uint8_t *gi = cells + i * ES_STRIDE;
        if (k > 0 && memcmp(gi, cells + (k - 1) * nc, nc) == 0) continue;
        memmove(cells + k * nc, gi, nc); /* k * nc <= i * ES_STRIDE: never ahead of the reading */
        k++;
    }
    *grids = cells;
    *nes = k;
    *count = e->count;
    free(e);
    return MC_OK;
}

/* ---- a proof over a list of grids ---- */

static void hook_step(const minimum_hooks *h, const minimum_step *s)
{
    if (h && h->on_step) h->on_step(h->arg, s);
}

static void hook_grid(const minimum_hooks *h, int K, uint64_t done, uint64_t total)
{
    if (h && h->on_grid) h->on_grid(h->arg, K, done, total);
}

mc_status minimum_prove(const geometry *geo, const uint8_t *grids, size_t n, minimum_engine eng,
                        const checker_options *copt, int from, const minimum_hooks *hooks, minimum_proof *out,
                        mc_error *err)
{
    memset(out, 0, sizeof *out);
    const int kmax = minimum_kmax(eng, geo);
    mc_status st = engine_takes(eng, geo, err);
    if (st != MC_OK) return st;
    if (from < 1 || from > kmax) return mc_fail(err, MC_EINVAL, "K from %d: the engine takes 1 to %d", from, kmax);
    for (int K = from; K <= kmax; K++) {
        stepper sp;
        st = step_open(&sp, geo, eng, copt, K, false, &out->last, err);
        for (size_t i = 0; i < n && st == MC_OK; i++) {
            bool puzzles;
            st = step_grid(&sp, grids + i * (size_t)geo->ncells, &puzzles, err);
        }
        step_close(&sp);
        if (st != MC_OK) return st;
        hook_step(hooks, &out->last);
        if (out->last.with) {
            out->minimum = K;
            out->proved = K > from;
            return MC_OK;
        }
    }
    return MC_OK;
}

/* ---- streamed passes over an enumerated shape ---- */

typedef struct pass {
    stepper sp;
    bool stop_at_puzzle;
    uint64_t total;
    const minimum_hooks *hooks;
    mc_status st;
    mc_error *err;
} pass;

static int pass_grid(void *arg, const uint8_t *g)
{
    pass *p = arg;
    bool puzzles;
    p->st = step_grid(&p->sp, g, &puzzles, p->err);
    if (p->st != MC_OK) return 1;
    hook_grid(p->hooks, p->sp.s->K, p->sp.s->grids, p->total);
    return p->stop_at_puzzle && puzzles;
}

/* K over every ES grid of the shape, or up to the first with a puzzle. */
static mc_status pass_run(const geometry *geo, minimum_engine eng, const checker_options *copt, int K,
                          bool stop_at_puzzle, uint64_t total, const minimum_hooks *hooks, minimum_step *s,
                          mc_error *err)
{
    pass p = {.stop_at_puzzle = stop_at_puzzle, .total = total, .hooks = hooks, .st = MC_OK, .err = err};
    hook_grid(hooks, K, 0, total);
    mc_status st = step_open(&p.sp, geo, eng, copt, K, stop_at_puzzle, s, err);
    if (st == MC_OK) {
        mc_error eerr;
        st = enumerate_shape(geo, pass_grid, &p, NULL, &eerr);
        if (p.st != MC_OK) st = p.st;
        else if (st != MC_OK) mc_fail(err, st, "enumeration of the %dx%d grids failed: %s", geo->N, geo->N, eerr.msg);
    }
    step_close(&p.sp);
    return st;
}

static mc_status count_es(const geometry *geo, uint64_t *count, double *seconds, mc_error *err)
{
    double w0 = mc_wall_seconds();
    mc_error eerr;
    mc_status st = enumerate_shape(geo, NULL, NULL, count, &eerr); /* count only */
    *seconds = mc_wall_seconds() - w0;
    if (st != MC_OK) return mc_fail(err, st, "counting the %dx%d grids failed: %s", geo->N, geo->N, eerr.msg);
    return MC_OK;
}

mc_status minimum_prove_es(const geometry *geo, minimum_engine eng, const checker_options *copt, int M,
                           const minimum_hooks *hooks, minimum_proof *out, uint64_t *count, mc_error *err)
{
    memset(out, 0, sizeof *out);
    *count = 0;
    mc_status st = engine_takes(eng, geo, err);
    if (st != MC_OK) return st;
    if (M < 2 || M > minimum_kmax(eng, geo)) return mc_fail(err, MC_EINVAL, "minimum %d out of range", M);
    double secs;
    st = count_es(geo, count, &secs, err);
    if (st != MC_OK) return st;
    if (hooks && hooks->on_count) hooks->on_count(hooks->arg, *count, secs);
    st = pass_run(geo, eng, copt, M - 1, false, *count, hooks, &out->last, err);
    if (st != MC_OK) return st;
    if (out->last.grids != *count) /* the count and the pass are the same enumeration */
        return mc_fail(err, MC_EINTERNAL, "the K = %d pass saw %llu grids, the count was %llu: no proof", M - 1,
                       (unsigned long long)out->last.grids, (unsigned long long)*count);
    hook_step(hooks, &out->last);
    if (out->last.with) {
        out->minimum = M - 1;
        return MC_OK;
    }
    st = pass_run(geo, eng, copt, M, true, *count, hooks, &out->last, err);
    if (st != MC_OK) return st;
    hook_step(hooks, &out->last);
    if (out->last.with) {
        out->minimum = M;
        out->proved = true;
    }
    return MC_OK;
}

/* ---- the estimate ---- */

/* Picks the grids of sorted ranks want[0..n) (1-based, repeats allowed)
 * out of the enumeration, in enumeration order. */
typedef struct pick_ctx {
    const uint64_t *want;
    int n, next, ncells;
    uint64_t rank;
    uint8_t *out;
} pick_ctx;

static int pick_fn(void *arg, const uint8_t *g)
{
    pick_ctx *p = arg;
    p->rank++;
    while (p->next < p->n && p->want[p->next] == p->rank)
        memcpy(p->out + (size_t)p->next++ * (size_t)p->ncells, g, (size_t)p->ncells);
    return p->next == p->n;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

mc_status minimum_estimate_run(const geometry *geo, int n, uint64_t seed, minimum_engine eng,
                               const checker_options *copt, int K, const minimum_hooks *hooks,
                               minimum_estimate *out, mc_error *err)
{
    memset(out, 0, sizeof *out);
    if (n < 1) return mc_fail(err, MC_EINVAL, "an estimate needs at least 1 grid");
    mc_status st = engine_takes(eng, geo, err);
    if (st != MC_OK) return st;
    st = count_es(geo, &out->es_grids, &out->enum_seconds, err);
    if (st != MC_OK) return st;
    if (out->es_grids == 0) return mc_fail(err, MC_EINTERNAL, "no %dx%d grid enumerated", geo->N, geo->N);
    uint64_t *want = malloc(sizeof *want * (size_t)n);
    uint8_t *grids = malloc((size_t)n * (size_t)geo->ncells);
    if (!want || !grids) {
        free(want);
        free(grids);
        return mc_fail(err, MC_ENOMEM, "out of memory");
    }
    prng p;
    prng_seed(&p, seed);
    for (int i = 0; i < n; i++) want[i] = 1 + prng_below(&p, out->es_grids);
    qsort(want, (size_t)n, sizeof *want, cmp_u64);
    pick_ctx pc = {want, n, 0, geo->ncells, 0, grids};
    mc_error eerr;
    st = enumerate_shape(geo, pick_fn, &pc, NULL, &eerr);
    if (st != MC_OK || pc.next != n) {
        free(want);
        free(grids);
        return mc_fail(err, st != MC_OK ? st : MC_EINTERNAL, "enumeration of the %dx%d grids failed: %s", geo->N,
                       geo->N, st != MC_OK ? eerr.msg : "a rank drawn was not reached");
    }
    if (hooks && hooks->on_count) hooks->on_count(hooks->arg, out->es_grids, out->enum_seconds);
    stepper sp;
    minimum_step *s = &out->step;
    hook_grid(hooks, K, 0, (uint64_t)n);
    st = step_open(&sp, geo, eng, copt, K, false, s, err);
    double cpu = 0;
    for (int i = 0; i < n && st == MC_OK; i++) {
        bool puzzles;
        double c0 = mc_cpu_seconds();
        st = step_grid(&sp, grids + (size_t)i * (size_t)geo->ncells, &puzzles, err);
        cpu += mc_cpu_seconds() - c0;
        if (st == MC_OK) hook_grid(hooks, K, (uint64_t)i + 1, (uint64_t)n);
    }
    step_close(&sp);
    free(want);
    free(grids);
    if (st != MC_OK) return st;
    s->cpu_seconds = cpu; /* the searches only */
    out->cpu_per_grid = cpu / n;
    out->core_hours = out->cpu_per_grid * (double)out->es_grids / 3600.0;
    return MC_OK;
}
