/* solver — see solver.h. The generic path for every shape lives here. */
#include "solver.h"

#include "solver9.h"

#include <stdlib.h>
#include <string.h>

typedef struct state {
    uint16_t cand[MAX_CELLS];
    int unsolved;
} state;

typedef struct frame {
    state st;
    int cell;        /* branching cell */
    uint16_t rest;   /* digits still to try there */
} frame;

struct solver_ctx {
    const geometry *geo;
    frame *stack;    /* ncells + 1 frames */
    int queue[MAX_CELLS];
    solver9_ctx *s9; /* the 9x9 fast path; NULL for other shapes */
};

solver_ctx *solver_new(const geometry *geo)
{
    solver_ctx *ctx = calloc(1, sizeof *ctx);
    if (!ctx) return NULL;
    ctx->geo = geo;
    ctx->stack = malloc(sizeof(frame) * (size_t)(geo->ncells + 1));
    if (geo->R == 3 && geo->C == 3) ctx->s9 = solver9_new();
    if (!ctx->stack || (geo->R == 3 && geo->C == 3 && !ctx->s9)) {
        solver_free(ctx);
        return NULL;
    }
    return ctx;
}

void solver_free(solver_ctx *ctx)
{
    if (!ctx) return;
    free(ctx->stack);
    solver9_free(ctx->s9);
    free(ctx);
}

/* Fixes digit d in cell c and propagates naked and hidden singles.
 * Returns 0 on contradiction. A cell is solved when its mask has one bit and
 * it has been through assign (tracked by `unsolved` bookkeeping: a cell is
 * queued exactly when its mask drops to one bit). */
static int propagate(solver_ctx *ctx, state *s, int qn)
{
    const geometry *g = ctx->geo;
    int *q = ctx->queue;
    int N = g->N;
    for (;;) {
        while (qn > 0) {
            int c = q[--qn];
            uint16_t bit = s->cand[c];
            s->unsolved--;
            const uint8_t *pe = g->peer[c];
            for (int i = 0; i < g->npeers; i++) {
                int p = pe[i];
                uint16_t m = s->cand[p];
                if (!(m & bit)) continue;
                m &= (uint16_t)~bit;
                if (!m) return 0;
                s->cand[p] = m;
                if (!(m & (m - 1))) q[qn++] = p;
            }
        }
        if (s->unsolved == 0) return 1;
        /* hidden singles */
        for (int u = 0; u < 3 * N && qn == 0; u++) {
            uint16_t once = 0, twice = 0, fixed = 0;
            for (int i = 0; i < N; i++) {
                uint16_t m = s->cand[g->unit[u][i]];
                if (!(m & (m - 1))) fixed |= m;
                twice |= once & m;
                once |= m;
            }
            if ((once | fixed) != (uint16_t)((1u << N) - 1)) return 0; /* a digit has no place */
            uint16_t hidden = (uint16_t)(once & ~twice & ~fixed);
            while (hidden) {
                uint16_t bit = hidden & (uint16_t)-hidden;
                hidden &= (uint16_t)(hidden - 1);
                for (int i = 0; i < N; i++) {
                    int c = g->unit[u][i];
                    if (s->cand[c] & bit) {
                        s->cand[c] = bit;
                        q[qn++] = c;
                        break;
                    }
                }
            }
        }
        if (qn == 0) return 1;
    }
}

static void record(const geometry *g, const state *s, solver_result *res, int k)
{
    if (!res || k >= 2) return;
    for (int c = 0; c < g->ncells; c++) res->sol[k][c] = (uint8_t)__builtin_ctz(s->cand[c]);
}

int solver_count_generic(solver_ctx *ctx, const uint8_t *puzzle, int limit, solver_result *res)
{
    const geometry *g = ctx->geo;
    int N = g->N;
    uint16_t all = (uint16_t)((1u << N) - 1);
    if (limit < 1) limit = 1;
    if (res) {
        res->count = 0;
        res->witness_cell = -1;
        res->nodes = 0;
    }
    frame *sp = ctx->stack;
    state *s = &sp->st;
    for (int c = 0; c < g->ncells; c++) s->cand[c] = all;
    s->unsolved = g->ncells;
    /* Clues: narrow each clue cell, then propagate them all at once. A clash
     * between two clues empties a peer mask inside propagate. */
    int qn = 0;
    for (int c = 0; c < g->ncells; c++) {
        if (puzzle[c] == CELL_EMPTY) continue;
        s->cand[c] = (uint16_t)(1u << puzzle[c]);
        ctx->queue[qn++] = c;
    }

    int count = 0;
    uint64_t nodes = 1;
    int depth = 0;
    int ok = propagate(ctx, s, qn);
    for (;;) {
        frame *f = &ctx->stack[depth];
        f->rest = 0;
        if (ok) {
            if (f->st.unsolved == 0) {
                record(g, &f->st, res, count);
                if (++count >= limit) break;
            } else {
                /* branch on the unsolved cell with the fewest candidates */
                int best = -1, bestn = 99;
                for (int c = 0; c < g->ncells; c++) {
                    uint16_t m = f->st.cand[c];
                    if (!(m & (m - 1))) continue;
                    int n = __builtin_popcount(m);
                    if (n < bestn) {
                        bestn = n;
                        best = c;
                        if (n == 2) break;
                    }
                }
                f->cell = best;
                f->rest = f->st.cand[best];
            }
        }
        while (ctx->stack[depth].rest == 0) {
            if (depth == 0) goto finished;
            depth--;
        }
        f = &ctx->stack[depth];
        uint16_t bit = f->rest & (uint16_t)-f->rest;
        f->rest &= (uint16_t)(f->rest - 1);
        frame *n = &ctx->stack[depth + 1];
        n->st = f->st;
        n->st.cand[f->cell] = bit;
        ctx->queue[0] = f->cell;
        depth++;
        nodes++;
        ok = propagate(ctx, &n->st, 1);
    }
finished:
    if (res) {
        res->count = count;
        res->nodes = nodes;
        if (count >= 2) {
            for (int c = 0; c < g->ncells; c++)
                if (res->sol[0][c] != res->sol[1][c]) {
                    res->witness_cell = c;
                    res->witness_digit[0] = res->sol[0][c];
                    res->witness_digit[1] = res->sol[1][c];
                    break;
                }
        }
    }
    return count;
}

int solver_count(solver_ctx *ctx, const uint8_t *puzzle, int limit, solver_result *res)
{
    if (ctx->s9) return solver9_count(ctx->s9, puzzle, limit, res);
    return solver_count_generic(ctx, puzzle, limit, res);
}
