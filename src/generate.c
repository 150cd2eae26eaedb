/* generate — random grids and minimal puzzles; see generate.h. */
#include "generate.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "solver.h"
#include "transform.h"

enum { FILL_OK, FILL_DEAD, FILL_ABORT };

struct gen_ctx {
    const geometry *geo;
    solver_ctx *solver;
    uint16_t *cand;              /* (ncells + 1) levels of ncells candidate masks */
    uint8_t val[MAX_CELLS];      /* the grid being filled */
    uint64_t nodes, budget;
};

gen_ctx *gen_new(const geometry *geo)
{
    gen_ctx *ctx = calloc(1, sizeof *ctx);
    if (!ctx) return NULL;
    ctx->geo = geo;
    ctx->solver = solver_new(geo);
    ctx->cand = malloc((size_t)(geo->ncells + 1) * (size_t)geo->ncells * sizeof *ctx->cand);
    if (!ctx->solver || !ctx->cand) {
        gen_free(ctx);
        return NULL;
    }
    ctx->budget = 64 * (uint64_t)geo->ncells;
    return ctx;
}

void gen_free(gen_ctx *ctx)
{
    if (!ctx) return;
    solver_free(ctx->solver);
    free(ctx->cand);
    free(ctx);
}

void gen_canonical_grid(const geometry *geo, grid *out)
{
    int R = geo->R, C = geo->C, N = geo->N;
    out->geo = geo;
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++) out->cell[r * N + c] = (uint8_t)((C * (r % R) + r / R + c) % N);
}

static int fill(gen_ctx *ctx, int level, prng *rng)
{
    const geometry *geo = ctx->geo;
    int n = geo->ncells;
    uint16_t *cand = ctx->cand + (size_t)level * (size_t)n;
    int best = -1, best_h = MAX_N + 1;
    for (int x = 0; x < n; x++) {
        if (ctx->val[x] != CELL_EMPTY) continue;
        int h = __builtin_popcount(cand[x]);
        if (h == 0) return FILL_DEAD;
        if (h < best_h) {
            best = x;
            best_h = h;
        }
    }
    if (best < 0) return FILL_OK;
    uint8_t digits[MAX_N];
    int nd = 0;
    for (unsigned w = cand[best]; w; w &= w - 1) digits[nd++] = (uint8_t)__builtin_ctz(w);
    prng_shuffle_u8(rng, digits, nd);
    uint16_t *next = cand + n;
    for (int i = 0; i < nd; i++) {
        if (++ctx->nodes > ctx->budget) return FILL_ABORT;
        uint16_t bit = (uint16_t)(1u << digits[i]);
        memcpy(next, cand, (size_t)n * sizeof *cand);
        next[best] = bit;
        for (int k = 0; k < geo->npeers; k++) next[geo->peer[best][k]] &= (uint16_t)~bit;
        ctx->val[best] = digits[i];
        int r = fill(ctx, level + 1, rng);
        if (r == FILL_OK) return FILL_OK;
        ctx->val[best] = CELL_EMPTY;
        if (r == FILL_ABORT) return FILL_ABORT;
    }
    return FILL_DEAD;
}

static void grid_backtrack(gen_ctx *ctx, prng *rng, grid *out)
{
    const geometry *geo = ctx->geo;
    uint16_t all = (uint16_t)((1u << geo->N) - 1);
    for (;;) {
        for (int x = 0; x < geo->ncells; x++) {
            ctx->cand[x] = all;
            ctx->val[x] = CELL_EMPTY;
        }
        ctx->nodes = 0;
        int r = fill(ctx, 0, rng);
        assert(r != FILL_DEAD); /* the empty grid always completes */
        if (r == FILL_OK) break;
    }
    out->geo = geo;
    memcpy(out->cell, ctx->val, (size_t)geo->ncells);
}

void gen_grid(gen_ctx *ctx, gen_method method, prng *rng, grid *out)
{
    if (method == GEN_TRANSFORM) {
        grid canon;
        transform t;
        gen_canonical_grid(ctx->geo, &canon);
        transform_random(&t, ctx->geo, rng);
        transform_apply(&t, &canon, out);
    } else {
        grid_backtrack(ctx, rng, out);
    }
    assert(grid_is_valid_solution(out));
}

/* Empties cell x (and its mirror when symmetric). */
static void clear_orbit(const geometry *geo, uint8_t *cells, int x, bool symmetric)
{
    cells[x] = CELL_EMPTY;
    if (symmetric) cells[gen_mirror(geo, x)] = CELL_EMPTY;
}

int gen_puzzle(gen_ctx *ctx, prng *rng, const grid *solution, bool symmetric, grid *puzzle)
{
    const geometry *geo = ctx->geo;
    assert(solution->geo == geo && grid_is_valid_solution(solution));
    *puzzle = *solution;
    uint8_t order[MAX_CELLS];
    int n = 0;
    for (int x = 0; x < geo->ncells; x++)
        if (!symmetric || x <= gen_mirror(geo, x)) order[n++] = (uint8_t)x;
    prng_shuffle_u8(rng, order, n);
    for (int i = 0; i < n; i++) {
        int x = order[i], y = gen_mirror(geo, x);
        clear_orbit(geo, puzzle->cell, x, symmetric);
        if (solver_count(ctx->solver, puzzle->cell, 2, NULL) != 1) {
            puzzle->cell[x] = solution->cell[x];
            if (symmetric) puzzle->cell[y] = solution->cell[y];
        }
    }
    return grid_clue_count(puzzle);
}

bool gen_is_minimal(gen_ctx *ctx, const grid *puzzle, bool symmetric)
{
    const geometry *geo = ctx->geo;
    if (solver_count(ctx->solver, puzzle->cell, 2, NULL) != 1) return false;
    grid p = *puzzle;
    for (int x = 0; x < geo->ncells; x++) {
        int y = gen_mirror(geo, x);
        if (p.cell[x] == CELL_EMPTY || (symmetric && y < x && p.cell[y] != CELL_EMPTY)) continue;
        clear_orbit(geo, p.cell, x, symmetric);
        int count = solver_count(ctx->solver, p.cell, 2, NULL);
        p.cell[x] = puzzle->cell[x];
        p.cell[y] = puzzle->cell[y];
        if (count < 2) return false;
    }
    return true;
}

/* ------------------------------------------------ the quick 9x9 stream */

typedef struct rgrid {
    uint16_t used[27];
    uint8_t *g;
    long nodes;
    prng *rng;
} rgrid;

static uint16_t rg_cands(const rgrid *s, int c)
{
    int r = c / 9, k = c % 9, b = (r / 3) * 3 + k / 3;
    return (uint16_t)(0x1FF & ~(s->used[r] | s->used[9 + k] | s->used[18 + b]));
}

static bool rg_fill(rgrid *s)
{
    if (++s->nodes > 5000) return false;
    int best = -1, bestn = 99;
    for (int c = 0; c < 81; c++) {
        if (s->g[c] != 0xFF) continue;
        int n = __builtin_popcount(rg_cands(s, c));
        if (n < bestn) bestn = n, best = c;
        if (n <= 1) break;
    }
    if (best < 0) return true;
    if (bestn == 0) return false;
    uint8_t order[9];
    int k = 0;
    for (uint16_t m = rg_cands(s, best); m; m &= (uint16_t)(m - 1)) order[k++] = (uint8_t)__builtin_ctz(m);
    prng_shuffle_u8(s->rng, order, k);
    int r = best / 9, col = best % 9, b = (r / 3) * 3 + col / 3;
    for (int i = 0; i < k; i++) {
        uint16_t bit = (uint16_t)(1u << order[i]);
        s->g[best] = order[i];
        s->used[r] |= bit, s->used[9 + col] |= bit, s->used[18 + b] |= bit;
        if (rg_fill(s)) return true;
        s->used[r] &= (uint16_t)~bit, s->used[9 + col] &= (uint16_t)~bit, s->used[18 + b] &= (uint16_t)~bit;
        s->g[best] = 0xFF;
        if (s->nodes > 5000) return false;
    }
    return false;
}

void gen_grid9_quick(prng *rng, uint8_t *g)
{
    for (;;) {
        rgrid s;
        memset(&s, 0, sizeof s);
        s.g = g;
        s.rng = rng;
        memset(g, 0xFF, 81);
        if (rg_fill(&s)) return;
    }
}
