/* solver — see solver.h. The generic path for every shape lives here. */
#include "solver.h"

#include "solver9.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

typedef struct state {
    uint16_t cand[MAX_CELLS];
    int unsolved;
} state;

typedef struct frame {
    state st;
    int cell;        /* branching on a cell: the cell; on a digit: -1 */
    int unit;        /* branching on a digit: the unit */
    uint16_t digit;  /* branching on a digit: its bit */
    uint16_t rest;   /* cell: digits still to try; digit: places (unit indices) still to try */
} frame;

struct solver_ctx {
    const geometry *geo;
    frame *stack;    /* ncells + 1 frames */
    int queue[MAX_CELLS];
    uint64_t unit_bits[MAX_CELLS]; /* bit u set for the three units u of each cell */
    bool box_line;   /* use the box-line rule: it saves more than it costs only
                        from 16x16 up (bench_generate, 12x12 and smaller run
                        faster without it) */
    solver9_ctx *s9; /* the 9x9 fast path; NULL for other shapes */
};

solver_ctx *solver_new(const geometry *geo)
{
    solver_ctx *ctx = calloc(1, sizeof *ctx);
    if (!ctx) return NULL;
    ctx->geo = geo;
    ctx->box_line = geo->N >= 16;
    for (int c = 0; c < geo->ncells; c++)
        for (int i = 0; i < 3; i++) ctx->unit_bits[c] |= 1ull << geo->cell_units[c][i];
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

/* Propagation scratch: the queue of cells whose mask has just dropped to one
 * bit, and the units (bit u of a uint64_t) whose cells changed since the
 * hidden-single scan (dirty_h) and since the box-line rule (dirty_b) last
 * looked at them. */
typedef struct prop {
    const geometry *g;
    const uint64_t *unit_bits;
    uint16_t *cand;
    int *q, qn;
    uint64_t dirty_h, dirty_b;
} prop;

/* Removes the digits in `del` from the `len` cells cell0, cell0 + step, ...
 * Returns 0 when a cell loses its last candidate. */
static int eliminate(prop *pr, int cell0, int step, int len, uint16_t del)
{
    uint16_t *cand = pr->cand;
    for (int i = 0, x = cell0; i < len; i++, x += step) {
        uint16_t m = cand[x];
        if (!(m & del)) continue;
        m &= (uint16_t)~del;
        if (!m) return 0;
        cand[x] = m;
        if (!(m & (m - 1))) pr->q[pr->qn++] = x;
        pr->dirty_h |= pr->unit_bits[x];
        pr->dirty_b |= pr->unit_bits[x];
    }
    return 1;
}

/* Digits in exactly one of the n masks m[0], m[step], ... */
static inline uint16_t only_one(const uint16_t *m, int step, int n)
{
    uint16_t once = 0, twice = 0;
    for (int i = 0; i < n; i++) {
        twice |= once & m[i * step];
        once |= m[i * step];
    }
    return once & (uint16_t)~twice;
}

/* One direction of the box-line rule: rows or columns. A segment is where a
 * line meets a box: the lines of a box group (band for rows, stack for
 * columns) are p = R (rows) or C (columns) consecutive lines, each cut into
 * p segments of N / p cells. Segment (line l, block k) starts at cell
 * l * line_step + k * (N / p) * cell_step and runs cell_step apart. */
typedef struct line_dir {
    int p;                 /* lines per box group = segments per line */
    int line_step, cell_step;
    int unit0;             /* unit number of line 0 */
    int box_group, box_block; /* box of segment (l, k) = (l / p) * box_group + k * box_block */
} line_dir;

/* Pointing: a digit whose places in a box lie in one segment leaves the rest
 * of that line. Claiming: a digit whose places in a line lie in one segment
 * leaves the rest of that box. Only boxes and lines in todo are looked at.
 * Returns 0 on contradiction. */
static int box_line_dir(prop *pr, const line_dir *d, uint64_t todo)
{
    const int N = pr->g->N, p = d->p, len = N / p;
    const int seg_step = len * d->cell_step;
    const uint16_t *cand = pr->cand;
    uint16_t sm[MAX_N * MAX_N]; /* sm[l * p + k]: the candidates of segment (l, k) */
    for (int l = 0; l < N; l++)
        for (int k = 0; k < p; k++) {
            const uint16_t *c = cand + l * d->line_step + k * seg_step;
            uint16_t m = 0;
            for (int j = 0; j < len; j++) m |= c[j * d->cell_step];
            sm[l * p + k] = m;
        }
    for (int grp = 0; grp < N / p; grp++)
        for (int k = 0; k < p; k++) {
            if (!(todo >> (2 * N + grp * d->box_group + k * d->box_block) & 1)) continue;
            /* pointing: the box's segments are (grp * p + i, k) */
            uint16_t only = only_one(sm + grp * p * p + k, p, p);
            for (int i = 0; only && i < p; i++) {
                int l = grp * p + i;
                uint16_t u = sm[l * p + k] & only;
                if (!u) continue;
                for (int k2 = 0; k2 < p; k2++) {
                    if (k2 == k || !(sm[l * p + k2] & u)) continue;
                    if (!eliminate(pr, l * d->line_step + k2 * seg_step, d->cell_step, len, u)) return 0;
                    sm[l * p + k2] &= (uint16_t)~u;
                }
            }
        }
    for (int l = 0; l < N; l++) {
        if (!(todo >> (d->unit0 + l) & 1)) continue;
        /* claiming: the line's segments are (l, k) */
        uint16_t only = only_one(sm + l * p, 1, p);
        int grp = l / p;
        for (int k = 0; only && k < p; k++) {
            uint16_t u = sm[l * p + k] & only;
            if (!u) continue;
            for (int i = 0; i < p; i++) {
                int l2 = grp * p + i;
                if (l2 == l || !(sm[l2 * p + k] & u)) continue;
                if (!eliminate(pr, l2 * d->line_step + k * seg_step, d->cell_step, len, u)) return 0;
                sm[l2 * p + k] &= (uint16_t)~u;
            }
        }
    }
    return 1;
}

/* The box-line rule on the units in dirty_b, rows then columns. Returns 0 on
 * contradiction. */
static int box_line(prop *pr)
{
    const geometry *g = pr->g;
    const int N = g->N, R = g->R, C = g->C;
    uint64_t todo = pr->dirty_b;
    pr->dirty_b = 0;
    /* rows: R rows to a band, R stacks; box = band * R + stack */
    const line_dir rows = {.p = R, .line_step = N, .cell_step = 1, .unit0 = 0, .box_group = R, .box_block = 1};
    /* columns: C columns to a stack, C bands; box = band * R + stack */
    const line_dir cols = {.p = C, .line_step = 1, .cell_step = N, .unit0 = N, .box_group = 1, .box_block = R};
    return box_line_dir(pr, &rows, todo) && box_line_dir(pr, &cols, todo);
}

/* Propagates the queued cells (each with a one-bit mask, not yet removed from
 * its peers): naked singles, hidden singles, then the box-line rule, to a
 * fixpoint. Returns 0 on contradiction. A cell is queued exactly when its
 * mask drops to one bit, and `unsolved` counts the cells not yet through the
 * queue. Only units marked dirty are scanned: a unit none of whose cells
 * changed since its last scan has nothing new to give. */
static int propagate(solver_ctx *ctx, state *s, int qn, uint64_t dirty)
{
    const geometry *g = ctx->geo;
    const int N = g->N;
    const uint16_t all = (uint16_t)((1u << N) - 1);
    const uint64_t *ub = ctx->unit_bits;
    prop pr = {.g = g, .unit_bits = ub, .cand = s->cand, .q = ctx->queue, .qn = qn,
               .dirty_h = dirty, .dirty_b = dirty};
    int *q = ctx->queue;
    uint16_t *cand = s->cand;
    for (;;) {
        while (pr.qn > 0) {
            int c = q[--pr.qn];
            uint16_t bit = cand[c];
            s->unsolved--;
            const uint8_t *pe = g->peer[c];
            for (int i = 0; i < g->npeers; i++) {
                int p = pe[i];
                uint16_t m = cand[p];
                if (!(m & bit)) continue;
                m &= (uint16_t)~bit;
                if (!m) return 0;
                cand[p] = m;
                if (!(m & (m - 1))) q[pr.qn++] = p;
                pr.dirty_h |= ub[p];
            }
        }
        if (s->unsolved == 0) return 1;
        pr.dirty_b |= pr.dirty_h;
        /* hidden singles in the dirty units; a cell fixed here counts as
         * fixed for the units scanned after it */
        uint64_t todo = pr.dirty_h;
        pr.dirty_h = 0;
        while (todo) {
            int u = __builtin_ctzll(todo);
            todo &= todo - 1;
            const uint8_t *cells = g->unit[u];
            uint16_t once = 0, twice = 0, fixed = 0;
            for (int i = 0; i < N; i++) {
                uint16_t m = cand[cells[i]];
                if (!(m & (m - 1))) fixed |= m;
                twice |= once & m;
                once |= m;
            }
            if (once != all) return 0; /* a digit has no place */
            uint16_t hidden = (uint16_t)(once & ~twice & ~fixed);
            while (hidden) {
                uint16_t bit = hidden & (uint16_t)-hidden;
                hidden &= (uint16_t)(hidden - 1);
                for (int i = 0; i < N; i++) {
                    int c = cells[i];
                    if (cand[c] & bit) {
                        cand[c] = bit;
                        q[pr.qn++] = c;
                        pr.dirty_h |= ub[c];
                        break;
                    }
                }
            }
        }
        if (pr.qn > 0) continue;
        if (!pr.dirty_b || !ctx->box_line) return 1;
        if (!box_line(&pr)) return 0;
        if (pr.qn == 0 && !pr.dirty_h) return 1;
    }
}

/* Picks the branch of an unsolved state. When some cell has two candidates:
 * of the first N such cells, the one with the most unsolved peers sharing a
 * candidate with it (the branch that propagates furthest). Otherwise a digit
 * with exactly two places in a unit if there is one, else a cell with the
 * fewest candidates. */
static void choose_branch(const geometry *g, const state *s, frame *f)
{
    /* two-candidate cells: m has two bits when m & (m - 1) has one */
    int best = -1, bestd = -1, seen = 0;
    for (int c = 0; c < g->ncells && seen < g->N; c++) {
        uint16_t m = s->cand[c], r = m & (uint16_t)(m - 1);
        if (!r || (r & (r - 1))) continue;
        seen++;
        const uint8_t *pe = g->peer[c];
        int d = 0;
        for (int i = 0; i < g->npeers; i++) {
            uint16_t pm = s->cand[pe[i]];
            d += (pm & m) != 0 && (pm & (pm - 1)) != 0;
        }
        if (d > bestd) {
            bestd = d;
            best = c;
        }
    }
    if (best >= 0) {
        f->cell = best;
        f->rest = s->cand[best];
        return;
    }
    int bestn = 99;
    for (int c = 0; c < g->ncells; c++) {
        uint16_t m = s->cand[c];
        if (!(m & (m - 1))) continue;
        int n = __builtin_popcount(m);
        if (n < bestn) {
            bestn = n;
            best = c;
        }
    }
    f->cell = best;
    f->rest = s->cand[best];
    const int N = g->N;
    for (int u = 0; u < 3 * N; u++) {
        const uint8_t *cells = g->unit[u];
        uint16_t once = 0, twice = 0, thrice = 0;
        for (int i = 0; i < N; i++) {
            uint16_t m = s->cand[cells[i]];
            if (!(m & (m - 1))) continue;
            thrice |= twice & m;
            twice |= once & m;
            once |= m;
        }
        uint16_t two = twice & (uint16_t)~thrice;
        if (!two) continue;
        uint16_t bit = two & (uint16_t)-two;
        uint16_t places = 0;
        for (int i = 0; i < N; i++)
            if (s->cand[cells[i]] & bit) places |= (uint16_t)(1u << i);
        f->cell = -1;
        f->unit = u;
        f->digit = bit;
        f->rest = places;
        return;
    }
}

/* Loads the clues of puzzle into s: the digits each unit holds in one pass,
 * then each empty cell gets the digits none of its units holds. Clue cells
 * count as propagated; empty cells left with one candidate are queued.
 * Returns 0 when two clues clash or an empty cell has no candidate. */
static int load_clues(solver_ctx *ctx, const uint8_t *puzzle, state *s, int *qn)
{
    const geometry *g = ctx->geo;
    const uint16_t all = (uint16_t)((1u << g->N) - 1);
    uint16_t used[MAX_UNITS] = {0};
    for (int c = 0; c < g->ncells; c++) {
        if (puzzle[c] == CELL_EMPTY) continue;
        uint16_t bit = (uint16_t)(1u << puzzle[c]);
        const uint8_t *cu = g->cell_units[c];
        for (int i = 0; i < 3; i++) {
            if (used[cu[i]] & bit) return 0;
            used[cu[i]] |= bit;
        }
    }
    s->unsolved = g->ncells;
    for (int c = 0; c < g->ncells; c++) {
        if (puzzle[c] != CELL_EMPTY) {
            s->cand[c] = (uint16_t)(1u << puzzle[c]);
            s->unsolved--;
            continue;
        }
        const uint8_t *cu = g->cell_units[c];
        uint16_t m = all & (uint16_t)~(used[cu[0]] | used[cu[1]] | used[cu[2]]);
        if (!m) return 0;
        s->cand[c] = m;
        if (!(m & (m - 1))) ctx->queue[(*qn)++] = c;
    }
    return 1;
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
    if (limit < 1) limit = 1;
    if (res) {
        res->count = 0;
        res->witness_cell = -1;
        res->nodes = 0;
    }
    frame *sp = ctx->stack;
    state *s = &sp->st;
    int qn = 0;
    int ok = load_clues(ctx, puzzle, s, &qn) && propagate(ctx, s, qn, ~0ull >> (64 - 3 * N));

    int count = 0;
    uint64_t nodes = 1;
    int depth = 0;
    for (;;) {
        frame *f = &ctx->stack[depth];
        f->rest = 0;
        if (ok) {
            if (f->st.unsolved == 0) {
                record(g, &f->st, res, count);
                if (++count >= limit) break;
            } else {
                choose_branch(g, &f->st, f);
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
        memcpy(n->st.cand, f->st.cand, (size_t)g->ncells * sizeof n->st.cand[0]);
        n->st.unsolved = f->st.unsolved;
        int cell = f->cell;
        if (cell >= 0) {
            n->st.cand[cell] = bit;
        } else {
            cell = g->unit[f->unit][__builtin_ctz(bit)];
            n->st.cand[cell] = f->digit;
        }
        ctx->queue[0] = cell;
        depth++;
        nodes++;
        ok = propagate(ctx, &n->st, 1, ctx->unit_bits[cell]);
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
