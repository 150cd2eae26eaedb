/* minclue — the public interface (minclue.h) over solver, canon, checker,
 * band engine and check64: text in and out at the edge, the internal types behind
 * opaque contexts. Every public function checks its pointers (ENULL);
 * minclue_search_new validates every option against what the engine it
 * makes takes, so an accepted context never fails a search for its
 * options. A context is busy while its search runs: re-entry from a
 * callback is refused (EBUSY) and a free from a callback is deferred to
 * the end of the search. */
#include "minclue.h"

#include <stdlib.h>
#include <string.h>

#include "build_info.h"
#include "canon.h"
#include "band_engine.h"
#include "check64.h"
#include "checker.h"
#include "grid.h"
#include "hitset.h"
#include "solver.h"

/* The layout of API 1 (minclue.h of minclue 0.1.0): `first` took its
 * reserved[0], and the size is unchanged. */
typedef struct options_api1 {
    size_t size;
    int clues, box_rows, box_cols, engine, ua_max_size, ua_limit, max_degree, no_learn;
    int reserved[8];
} options_api1;
_Static_assert(sizeof(options_api1) == sizeof(minclue_search_options), "the options' size is the ABI");
_Static_assert(offsetof(options_api1, reserved) == offsetof(minclue_search_options, first),
               "first is API 1's reserved[0]");

MINCLUE_API const char *minclue_version(void) { return "minclue " MC_VERSION; }

MINCLUE_API const char *minclue_strerror(int status)
{
    switch (status) {
    case MINCLUE_OK: return "ok";
    case MINCLUE_EFORMAT: return "not a grid or puzzle (length or character)";
    case MINCLUE_EINVALID: return "not a valid solution grid";
    case MINCLUE_ESHAPE: return "a grid of another shape than the context's";
    case MINCLUE_EOPTIONS: return "bad search options";
    case MINCLUE_ENOMEM: return "out of memory";
    case MINCLUE_EINTERNAL: return "internal error";
    case MINCLUE_EBUSY: return "the context is searching (called from its own callback)";
    case MINCLUE_ENULL: return "a NULL pointer where one is required";
    default: return "unknown status";
    }
}

/* Text to grid (shape from the length unless *geo is set). */
static int parse(const char *text, const geometry **geo, grid *g)
{
    if (!text) return MINCLUE_ENULL;
    size_t n = strnlen(text, MINCLUE_MAX_TEXT);
    size_t tl = 0;
    mc_error err;
    if (n >= MINCLUE_MAX_TEXT || grid_parse(text, n, geo, DIGITS_STD, g, &tl, &err) != MC_OK || tl != n)
        return MINCLUE_EFORMAT;
    return MINCLUE_OK;
}

static void format(const geometry *geo, const uint8_t *cells, char *out)
{
    for (int i = 0; i < geo->ncells; i++)
        out[i] = cells[i] == CELL_EMPTY ? '.' : grid_digit_char(geo->N, DIGITS_STD, cells[i]);
    out[geo->ncells] = 0;
}

MINCLUE_API int minclue_solve(const char *puzzle, char *solution)
{
    const geometry *geo = NULL;
    grid g;
    int st = parse(puzzle, &geo, &g);
    if (st != MINCLUE_OK) return st;
    mc_error err;
    if (grid_check(&g, DIGITS_STD, &err) != MC_OK) return 0; /* clashing clues */
    solver_ctx *ctx = solver_new(geo);
    if (!ctx) return MINCLUE_ENOMEM;
    solver_result res;
    int count = solver_count(ctx, g.cell, 2, &res);
    solver_free(ctx);
    if (count == 1 && solution) format(geo, res.sol[0], solution);
    return count > 2 ? 2 : count;
}

MINCLUE_API int minclue_canon(const char *text, char *out)
{
    if (!out) return MINCLUE_ENULL;
    const geometry *geo = NULL;
    grid g, m;
    int st = parse(text, &geo, &g);
    if (st != MINCLUE_OK) return st;
    if (!grid_is_valid_solution(&g)) return MINCLUE_EINVALID;
    int autos = canon_minlex(&g, &m, NULL);
    if (autos < 1) return MINCLUE_EINTERNAL;
    format(geo, m.cell, out);
    return autos;
}

/* ---- search ---- */

struct minclue_search {
    const geometry *geo;
    checker_ctx *checker; /* one of the three engines */
    band_engine *band;
    check64 *c64;
    int busy;             /* a search is running (the callback may be in it) */
    int free_pending;     /* minclue_search_free was called from a callback */
    minclue_puzzle_fn fn;
    void *user;
    long found;
    char text[MINCLUE_MAX_TEXT];
};

MINCLUE_API void minclue_search_options_init(minclue_search_options *o, int clues)
{
    if (!o) return;
    memset(o, 0, sizeof *o);
    o->size = sizeof *o;
    o->clues = clues;
    o->box_rows = o->box_cols = 3;
    o->engine = MINCLUE_ENGINE_CHECKER;
}

/* The shapes a search takes: those whose grids the text edge reads (the
 * shape follows from the length, geometry_for_cells) with at most
 * CHECKER_MAX_CELLS cells; the band engine 9x9 only. */
static const geometry *search_shape(const minclue_search_options *v)
{
    const geometry *geo = geometry_get(v->box_rows ? v->box_rows : 3, v->box_cols ? v->box_cols : 3);
    if (!geo || geo != geometry_for_cells(geo->ncells) || geo->ncells > CHECKER_MAX_CELLS) return NULL;
    if (v->engine == MINCLUE_ENGINE_BAND && geo->ncells != 81) return NULL;
    if (v->engine == MINCLUE_ENGINE_CHECK64 && !check64_takes(geo)) return NULL;
    return geo;
}

/* The options are in range for their engine (all but the shape). */
static int options_ok(const minclue_search_options *v, const geometry *geo)
{
    for (size_t i = 0; i < sizeof v->reserved / sizeof v->reserved[0]; i++)
        if (v->reserved[i]) return 0;
    if ((v->no_learn != 0 && v->no_learn != 1) || (v->first != 0 && v->first != 1)) return 0;
    if (v->engine == MINCLUE_ENGINE_BAND)
        return v->clues >= 1 && v->clues <= 27 && !v->ua_max_size && !v->ua_limit && !v->max_degree;
    if (v->engine == MINCLUE_ENGINE_CHECK64)
        return v->clues >= 1 && v->clues <= geo->ncells && !v->ua_max_size && !v->ua_limit && !v->max_degree &&
               !v->no_learn;
    return v->engine == MINCLUE_ENGINE_CHECKER && v->clues >= 1 && v->clues <= geo->ncells &&
           v->ua_max_size >= 0 && v->ua_max_size <= CHECKER_MAX_UA_SIZE && v->ua_limit >= 0 &&
           v->max_degree >= 0 && v->max_degree <= HITSET_MAX_DEGREE;
}

MINCLUE_API minclue_search *minclue_search_new(const minclue_search_options *o, int *status)
{
    int dummy;
    if (!status) status = &dummy;
    *status = MINCLUE_ENULL;
    if (!o) return NULL;
    /* the size first: nothing past it is read unless it is this header's */
    *status = MINCLUE_EOPTIONS;
    if (o->size != sizeof *o) return NULL;
    const geometry *geo = search_shape(o);
    if (!geo || !options_ok(o, geo)) return NULL;
    *status = MINCLUE_ENOMEM;
    minclue_search *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->geo = geo;
    if (o->engine == MINCLUE_ENGINE_BAND) {
        band_options bo;
        band_options_default(&bo, o->clues);
        bo.learn = !o->no_learn;
        bo.first = o->first;
        s->band = band_engine_new(&bo);
    } else if (o->engine == MINCLUE_ENGINE_CHECK64) {
        check64_options c6;
        check64_options_default(&c6, o->clues);
        c6.first = o->first;
        s->c64 = check64_new(geo, &c6);
    } else {
        checker_options co;
        checker_options_default(&co, o->clues);
        if (o->ua_max_size) co.ua_max_size = o->ua_max_size;
        if (o->ua_limit) co.ua_limit = o->ua_limit;
        if (o->max_degree) co.max_degree = o->max_degree;
        co.learn = !o->no_learn;
        co.first = o->first;
        s->checker = checker_new(geo, &co);
    }
    if (!s->checker && !s->band && !s->c64) {
        free(s);
        return NULL;
    }
    *status = MINCLUE_OK;
    return s;
}

static void on_found(void *arg, const uint8_t *puzzle, int nclues)
{
    minclue_search *s = arg;
    s->found++;
    if (!s->fn || s->free_pending) return;
    format(s->geo, puzzle, s->text);
    s->fn(s->user, s->text, nclues);
}

static void search_free(minclue_search *s)
{
    checker_free(s->checker);
    band_engine_free(s->band);
    check64_free(s->c64);
    free(s);
}

MINCLUE_API long minclue_search_grid(minclue_search *s, const char *text, minclue_puzzle_fn fn, void *user)
{
    if (!s || !text) return MINCLUE_ENULL;
    if (s->busy) return MINCLUE_EBUSY;
    const geometry *geo = NULL;
    grid g;
    int st = parse(text, &geo, &g);
    if (st != MINCLUE_OK) return st;
    if (geo != s->geo) return MINCLUE_ESHAPE;
    if (!grid_is_valid_solution(&g)) return MINCLUE_EINVALID;
    s->fn = fn;
    s->user = user;
    s->found = 0;
    s->busy = 1;
    mc_status ms;
    if (s->band) {
        band_record rec;
        ms = band_engine_run(s->band, g.cell, &rec, on_found, s);
    } else if (s->c64) {
        work_counters w = {0};
        ms = check64_run(s->c64, g.cell, &w, on_found, s);
    } else {
        checker_record rec;
        ms = checker_run(s->checker, g.cell, &rec, on_found, s);
    }
    s->busy = 0;
    long found = s->found;
    if (s->free_pending) search_free(s);
    if (ms == MC_ENOMEM) return MINCLUE_ENOMEM;
    if (ms != MC_OK) return MINCLUE_EINTERNAL;
    return found;
}

MINCLUE_API void minclue_search_free(minclue_search *s)
{
    if (!s) return;
    if (s->busy) {
        s->free_pending = 1;
        return;
    }
    search_free(s);
}
