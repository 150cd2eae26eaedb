/* minclue — the public interface (minclue.h) over solver, canon and
 * checker: text in and out at the edge, the internal types behind opaque
 * contexts. */
#include "minclue.h"

#include <stdlib.h>
#include <string.h>

#include "build_info.h"
#include "canon.h"
#include "checker.h"
#include "grid.h"
#include "solver.h"

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
    default: return "unknown status";
    }
}

/* Text to grid (shape from the length unless *geo is set). */
static int parse(const char *text, const geometry **geo, grid *g)
{
    if (!text) return MINCLUE_EFORMAT;
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
    checker_ctx *checker;
    minclue_puzzle_fn fn;
    void *user;
    long found;
    char text[MINCLUE_MAX_TEXT];
};

MINCLUE_API void minclue_search_options_init(minclue_search_options *o, int clues)
{
    memset(o, 0, sizeof *o);
    o->size = sizeof *o;
    o->clues = clues;
    o->box_rows = o->box_cols = 3;
    o->engine = MINCLUE_ENGINE_CHECKER;
}

MINCLUE_API minclue_search *minclue_search_new(const minclue_search_options *o, int *status)
{
    int dummy;
    if (!status) status = &dummy;
    *status = MINCLUE_EOPTIONS;
    /* a caller built against this header or a later one (whose struct
     * begins with these fields); fields past our size must be zero */
    if (!o || o->size < offsetof(minclue_search_options, reserved)) return NULL;
    minclue_search_options v;
    memset(&v, 0, sizeof v);
    memcpy(&v, o, o->size < sizeof v ? o->size : sizeof v);
    for (size_t i = 0; i < sizeof v.reserved / sizeof v.reserved[0]; i++)
        if (v.reserved[i]) return NULL;
    for (size_t i = sizeof v; i < o->size; i++)
        if (((const unsigned char *)o)[i]) return NULL;
    if (v.engine != MINCLUE_ENGINE_CHECKER) return NULL;
    const geometry *geo = geometry_get(v.box_rows ? v.box_rows : 3, v.box_cols ? v.box_cols : 3);
    if (!geo || v.clues < 1 || v.clues > geo->ncells) return NULL;
    checker_options co;
    checker_options_default(&co, v.clues);
    if (v.ua_max_size < 0 || v.ua_max_size > CHECKER_MAX_UA_SIZE || v.ua_limit < 0 || v.max_degree < 0 ||
        v.max_degree > 16 || (v.no_learn != 0 && v.no_learn != 1))
        return NULL;
    if (v.ua_max_size) co.ua_max_size = v.ua_max_size;
    if (v.ua_limit) co.ua_limit = v.ua_limit;
    if (v.max_degree) co.max_degree = v.max_degree;
    if (v.no_learn) co.learn = 0;
    *status = MINCLUE_ENOMEM;
    minclue_search *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->geo = geo;
    s->checker = checker_new(geo, &co);
    if (!s->checker) {
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
    if (!s->fn) return;
    format(s->geo, puzzle, s->text);
    s->fn(s->user, s->text, nclues);
}

MINCLUE_API long minclue_search_grid(minclue_search *s, const char *text, minclue_puzzle_fn fn, void *user)
{
    if (!s) return MINCLUE_EOPTIONS;
    const geometry *geo = NULL;
    grid g;
    int st = parse(text, &geo, &g);
    if (st != MINCLUE_OK) return st;
    if (geo != s->geo) return MINCLUE_ESHAPE;
    if (!grid_is_valid_solution(&g)) return MINCLUE_EINVALID;
    s->fn = fn;
    s->user = user;
    s->found = 0;
    checker_record rec;
    mc_status ms = checker_run(s->checker, g.cell, &rec, on_found, s);
    if (ms == MC_ENOMEM) return MINCLUE_ENOMEM;
    if (ms != MC_OK) return MINCLUE_EINTERNAL;
    return s->found;
}

MINCLUE_API void minclue_search_free(minclue_search *s)
{
    if (!s) return;
    checker_free(s->checker);
    free(s);
}
