/* trace — the explaining solver (Schoenhage's INFER); see trace.h. */
#include "mc_clock.h"
#include "trace.h"

#include <assert.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct item {
    uint8_t box, digit;
    uint16_t w;
} item;

struct trace_ctx {
    const geometry *geo;
    int N, R, C, ncells;
    uint16_t rowmask[MAX_N]; /* positions of local row lr (lr < R) */
    uint16_t colmask[MAX_N]; /* positions of local column lc (lc < C) */
    uint8_t cell_box[MAX_CELLS], cell_pos[MAX_CELLS];
    uint8_t box_cell[MAX_N][MAX_N];
    uint8_t band_box[MAX_N][MAX_N];  /* band -> its R boxes */
    uint8_t stack_box[MAX_N][MAX_N]; /* stack -> its C boxes */
    int max_depth;
    uint16_t *states; /* (max_depth + 1) patterns of N * N words */
    item *queue;
    int qcap, qhead, qtail;
    int f; /* fixed pairs of the pattern being worked on */
    trace_node *nodes;
    int nnodes, cap, height;
    bool have_solution, oom;
    bool seed_rules; /* SUDOC2's rule set and branching order exactly */
    uint8_t solution[MAX_CELLS];
};

static int popc(unsigned x) { return __builtin_popcount(x); }

trace_ctx *trace_new(const geometry *geo)
{
    trace_ctx *ctx = calloc(1, sizeof *ctx);
    if (!ctx) return NULL;
    ctx->geo = geo;
    int N = ctx->N = geo->N, R = ctx->R = geo->R, C = ctx->C = geo->C;
    ctx->ncells = geo->ncells;
    for (int lr = 0; lr < R; lr++)
        for (int lc = 0; lc < C; lc++) {
            ctx->rowmask[lr] |= (uint16_t)(1u << (lr * C + lc));
            ctx->colmask[lc] |= (uint16_t)(1u << (lr * C + lc));
        }
    for (int cell = 0; cell < geo->ncells; cell++) {
        int r = geo->row[cell], c = geo->col[cell], b = geo->box[cell];
        int p = (r % R) * C + c % C;
        ctx->cell_box[cell] = (uint8_t)b;
        ctx->cell_pos[cell] = (uint8_t)p;
        ctx->box_cell[b][p] = (uint8_t)cell;
    }
    /* box = band * R + stack: bands hold R boxes, stacks hold C boxes */
    for (int band = 0; band < C; band++)
        for (int i = 0; i < R; i++) ctx->band_box[band][i] = (uint8_t)(band * R + i);
    for (int stack = 0; stack < R; stack++)
        for (int k = 0; k < C; k++) ctx->stack_box[stack][k] = (uint8_t)(k * R + stack);
    /* every push shrinks the total popcount (<= N^3) of the pattern, and each
     * level of the recursion starts with a push */
    ctx->max_depth = N * N * N + 1;
    ctx->qcap = N * N * N + N * N + 1;
    ctx->states = malloc((size_t)(ctx->max_depth + 1) * (size_t)(N * N) * sizeof *ctx->states);
    ctx->queue = malloc((size_t)ctx->qcap * sizeof *ctx->queue);
    ctx->cap = 64;
    ctx->nodes = malloc((size_t)ctx->cap * sizeof *ctx->nodes);
    if (!ctx->states || !ctx->queue || !ctx->nodes) {
        trace_free(ctx);
        return NULL;
    }
    return ctx;
}

void trace_free(trace_ctx *ctx)
{
    if (!ctx) return;
    free(ctx->states);
    free(ctx->queue);
    free(ctx->nodes);
    free(ctx);
}

int trace_node_count(const trace_ctx *ctx) { return ctx->nnodes; }
const trace_node *trace_nodes(const trace_ctx *ctx) { return ctx->nodes; }
int trace_height(const trace_ctx *ctx) { return ctx->height; }

/* q[b][n] = v (v a subset of the old word). Returns false when v is empty. */
static bool push(trace_ctx *ctx, uint16_t *q, int b, int n, uint16_t v)
{
    uint16_t *slot = &q[b * ctx->N + n];
    if (v == *slot) return true;
    assert((v & ~*slot) == 0);
    *slot = v;
    if (v == 0) return false;
    if (popc(v) == 1) ctx->f++;
    assert(ctx->qtail < ctx->qcap);
    ctx->queue[ctx->qtail++] = (item){(uint8_t)b, (uint8_t)n, v};
    return true;
}

/* Removes the positions in mask from every digit of box b outside keep. */
static bool clear_box(trace_ctx *ctx, uint16_t *q, int b, unsigned keep, uint16_t mask)
{
    int N = ctx->N;
    for (int j = 0; j < N; j++)
        if (!(keep >> j & 1) && (q[b * N + j] & mask))
            if (!push(ctx, q, b, j, (uint16_t)(q[b * N + j] & ~mask))) return false;
    return true;
}

/* One item: box fullness, pointing, claiming. */
static bool process(trace_ctx *ctx, uint16_t *q, item it)
{
    int N = ctx->N, R = ctx->R, C = ctx->C;
    int b = it.box, n = it.digit;
    uint16_t w = it.w;
    if (q[b * N + n] != w) return true; /* superseded by a later item */
    int h = popc(w);
    /* fullness of the box */
    if (h == 1 && !clear_box(ctx, q, b, 1u << n, w)) return false;
    if (h == 2 || h == 3) {
        for (int k = 0; k < N; k++) {
            if (k == n) continue;
            uint16_t wk = q[b * N + k];
            if (h == 2 && wk == w) {
                if (!clear_box(ctx, q, b, (1u << n) | (1u << k), w)) return false;
                continue;
            }
            uint16_t u = (uint16_t)(w | wk);
            if (popc(u) != 3) continue;
            for (int m = k + 1; m < N; m++) {
                if (m == n || (q[b * N + m] & ~u)) continue;
                if (!clear_box(ctx, q, b, (1u << n) | (1u << k) | (1u << m), u)) return false;
            }
        }
        if (q[b * N + n] != w) return true;
    }
    int band = b / R, stack = b % R;
    bool in_one_row = false, in_one_col = false;
    for (int lr = 0; lr < R; lr++) in_one_row |= (w & ~ctx->rowmask[lr]) == 0;
    for (int lc = 0; lc < C; lc++) in_one_col |= (w & ~ctx->colmask[lc]) == 0;
    for (int lr = 0; lr < R; lr++) {
        uint16_t rm = ctx->rowmask[lr];
        if ((w & ~rm) == 0) { /* pointing: n in this row of the band lies in b */
            for (int i = 0; i < R; i++) {
                int t = ctx->band_box[band][i];
                if (t != b && (q[t * N + n] & rm))
                    if (!push(ctx, q, t, n, (uint16_t)(q[t * N + n] & ~rm))) return false;
            }
        } else if ((w & rm) == 0 && !(ctx->seed_rules && in_one_row)) { /* claiming: b gives up row lr */
            int only = -1, places = 0;
            for (int i = 0; i < R; i++) {
                int t = ctx->band_box[band][i];
                if (t != b && (q[t * N + n] & rm)) {
                    only = t;
                    places++;
                }
            }
            if (places == 0) return false;
            if (places == 1 && !push(ctx, q, only, n, (uint16_t)(q[only * N + n] & rm))) return false;
        }
    }
    for (int lc = 0; lc < C; lc++) {
        uint16_t cm = ctx->colmask[lc];
        if ((w & ~cm) == 0) {
            for (int k = 0; k < C; k++) {
                int t = ctx->stack_box[stack][k];
                if (t != b && (q[t * N + n] & cm))
                    if (!push(ctx, q, t, n, (uint16_t)(q[t * N + n] & ~cm))) return false;
            }
        } else if ((w & cm) == 0 && !(ctx->seed_rules && in_one_col)) {
            int only = -1, places = 0;
            for (int k = 0; k < C; k++) {
                int t = ctx->stack_box[stack][k];
                if (t != b && (q[t * N + n] & cm)) {
                    only = t;
                    places++;
                }
            }
            if (places == 0) return false;
            if (places == 1 && !push(ctx, q, only, n, (uint16_t)(q[only * N + n] & cm))) return false;
        }
    }
    return true;
}

/* Removes the digits in mask from cell x. */
static bool clear_cell(trace_ctx *ctx, uint16_t *q, int x, unsigned mask)
{
    int b = ctx->cell_box[x], N = ctx->N;
    uint16_t bit = (uint16_t)(1u << ctx->cell_pos[x]);
    for (int d = 0; d < N; d++)
        if ((mask >> d & 1) && (q[b * N + d] & bit))
            if (!push(ctx, q, b, d, (uint16_t)(q[b * N + d] & ~bit))) return false;
    return true;
}

/* Cell reasoning when the queue is empty: naked singles, pairs, triples.
 * Returns false on a contradiction; pushes items for every change. */
static bool sweep(trace_ctx *ctx, uint16_t *q)
{
    const geometry *geo = ctx->geo;
    int N = ctx->N;
    uint16_t cand[MAX_CELLS];
    for (int x = 0; x < ctx->ncells; x++) cand[x] = 0;
    for (int b = 0; b < N; b++)
        for (int n = 0; n < N; n++)
            for (unsigned w = q[b * N + n]; w; w &= w - 1)
                cand[ctx->box_cell[b][__builtin_ctz(w)]] |= (uint16_t)(1u << n);
    for (int x = 0; x < ctx->ncells; x++) {
        if (cand[x] == 0) return false;
        if (popc(cand[x]) == 1) {
            int n = __builtin_ctz(cand[x]), b = ctx->cell_box[x];
            uint16_t bit = (uint16_t)(1u << ctx->cell_pos[x]);
            if (q[b * N + n] != bit && !push(ctx, q, b, n, (uint16_t)(q[b * N + n] & bit))) return false;
        }
    }
    if (ctx->qtail > ctx->qhead) return true;
    for (int u = 0; u < 3 * N; u++) {
        const uint8_t *cells = geo->unit[u];
        uint8_t small[MAX_N];
        int ns = 0;
        for (int i = 0; i < N; i++) {
            int h = popc(cand[cells[i]]);
            if (h == 2 || h == 3) small[ns++] = cells[i];
        }
        for (int i = 0; i < ns; i++)
            for (int j = i + 1; j < ns; j++) {
                unsigned ij = cand[small[i]] | cand[small[j]];
                if (popc(ij) == 2) {
                    for (int k = 0; k < N; k++)
                        if (cells[k] != small[i] && cells[k] != small[j] && !clear_cell(ctx, q, cells[k], ij))
                            return false;
                    continue;
                }
                if (popc(ij) != 3) continue;
                for (int k = j + 1; k < ns; k++) {
                    unsigned ijk = ij | cand[small[k]];
                    if (popc(ijk) != 3) continue;
                    for (int m = 0; m < N; m++)
                        if (cells[m] != small[i] && cells[m] != small[j] && cells[m] != small[k] &&
                            !clear_cell(ctx, q, cells[m], ijk))
                            return false;
                }
            }
    }
    return true;
}

/* Runs the queue and the sweeps to a fixed point. False: no solution. */
static bool propagate(trace_ctx *ctx, uint16_t *q)
{
    for (;;) {
        while (ctx->qhead < ctx->qtail)
            if (!process(ctx, q, ctx->queue[ctx->qhead++])) return false;
        if (ctx->f == ctx->ncells) return true;
        ctx->qhead = ctx->qtail = 0;
        if (ctx->seed_rules) return true;
        if (!sweep(ctx, q)) return false;
        if (ctx->qhead == ctx->qtail) return true;
    }
}

static int new_node(trace_ctx *ctx)
{
    if (ctx->nnodes == ctx->cap) {
        int cap = ctx->cap * 2;
        trace_node *nodes = realloc(ctx->nodes, (size_t)cap * sizeof *nodes);
        if (!nodes) {
            ctx->oom = true;
            return -1;
        }
        ctx->nodes = nodes;
        ctx->cap = cap;
    }
    trace_node *node = &ctx->nodes[ctx->nnodes];
    memset(node, 0, sizeof *node);
    node->id = ctx->nnodes + 1;
    node->assumed_box = node->branch_box = -1;
    return ctx->nnodes++;
}

/* SUDOC2's branching: the smallest word >= 2 bits, scanning SUDOC2's
 * addresses dn = r' + 4 s' + 16 n downwards (digit N-1 first; within a
 * digit the stacks s' from the right, within a stack the bands r' from the
 * bottom), the first such word on ties. */
static int seed_branch(const trace_ctx *ctx, const uint16_t *q)
{
    int N = ctx->N, R = ctx->R, C = ctx->C, best = -1, best_h = N + 1;
    for (int n = N - 1; n >= 0; n--)
        for (int stack = R - 1; stack >= 0; stack--)
            for (int band = C - 1; band >= 0; band--) {
                int i = (band * R + stack) * N + n, h = popc(q[i]);
                if (h >= 2 && h < best_h) {
                    best = i;
                    best_h = h;
                }
            }
    return best;
}

/* SUDOC2's "highest bit": its positions are numbered lr + R * lc (column
 * by column), so the highest is the last column's lowest cell in u. */
static uint16_t seed_highest(const trace_ctx *ctx, uint16_t u)
{
    int best = -1, best_key = -1;
    for (unsigned w = u; w; w &= w - 1) {
        int p = __builtin_ctz(w), key = (p % ctx->C) * ctx->R + p / ctx->C;
        if (key > best_key) {
            best_key = key;
            best = p;
        }
    }
    return (uint16_t)(1u << best);
}

void trace_set_seed_rules(trace_ctx *ctx, bool on) { ctx->seed_rules = on; }

/* One call of INFER on states[level] with the queue as prepared by the
 * caller and ctx->f set. Returns the solutions found, capped at limit. */
static int infer(trace_ctx *ctx, int level, int f0, int limit, int idx)
{
    int N = ctx->N, NN = N * N;
    double t0 = mc_wall_seconds();
    uint16_t *q = ctx->states + (size_t)level * (size_t)NN;
    int result = 0;
    double t_children = 0;
    if (level > ctx->height) ctx->height = level;
    ctx->nodes[idx].f0 = f0;
    bool ok = propagate(ctx, q);
    ctx->qhead = ctx->qtail = 0;
    int f = ctx->f;
    ctx->nodes[idx].f = f;
    if (ok && f == ctx->ncells) {
        result = 1;
        if (!ctx->have_solution) {
            for (int b = 0; b < N; b++)
                for (int n = 0; n < N; n++)
                    ctx->solution[ctx->box_cell[b][__builtin_ctz(q[b * N + n])]] = (uint8_t)n;
            ctx->have_solution = true;
        }
    } else if (ok) {
        int best = ctx->seed_rules ? seed_branch(ctx, q) : -1, best_h = N + 1;
        for (int i = 0; i < NN && best_h > 2 && !ctx->seed_rules; i++) {
            int h = popc(q[i]);
            if (h >= 2 && h < best_h) {
                best = i;
                best_h = h;
            }
        }
        assert(best >= 0);
        int b = best / N, n = best % N;
        uint16_t u = q[best];
        uint16_t v = (uint16_t)(1u << (31 - __builtin_clz(u)));
        if (ctx->seed_rules) v = seed_highest(ctx, u);
        ctx->nodes[idx].branch_box = b;
        ctx->nodes[idx].branch_digit = n;
        ctx->nodes[idx].branch_set = u;
        ctx->nodes[idx].branch_first = v;
        assert(level + 1 <= ctx->max_depth);
        uint16_t *child = q + NN;
        int depth = ctx->nodes[idx].depth, jh = 2 * (depth + 1);
        for (int j = 0; j < 2 && result < limit; j++) {
            uint16_t want = j == 0 ? v : (uint16_t)(u & ~v);
            int cidx = new_node(ctx);
            if (cidx < 0) return result;
            trace_node *c = &ctx->nodes[cidx];
            c->parent = ctx->nodes[idx].id;
            c->depth = depth + 1;
            c->jh = jh + j;
            c->assumed_box = b;
            c->assumed_digit = n;
            c->assumed_set = want;
            memcpy(child, q, (size_t)NN * sizeof *q);
            ctx->f = f;
            ctx->qhead = ctx->qtail = 0;
            bool pushed = push(ctx, child, b, n, want);
            assert(pushed);
            (void)pushed;
            result += infer(ctx, level + 1, ctx->f, limit - result, cidx);
            t_children += ctx->nodes[cidx].t_total;
            if (ctx->oom) break;
        }
    }
    trace_node *node = &ctx->nodes[idx];
    node->result = result;
    node->t_total = mc_wall_seconds() - t0;
    node->t_net = node->t_total - t_children;
    return result;
}

int trace_solve(trace_ctx *ctx, const uint8_t *puzzle, int limit, uint8_t *solution)
{
    assert(limit >= 1);
    int N = ctx->N, NN = N * N;
    uint16_t full = (uint16_t)((1u << N) - 1);
    uint16_t *q = ctx->states;
    for (int i = 0; i < NN; i++) q[i] = full;
    ctx->nnodes = 0;
    ctx->height = 0;
    ctx->have_solution = ctx->oom = false;
    ctx->f = 0;
    ctx->qhead = ctx->qtail = 0;
    int idx = new_node(ctx);
    if (idx < 0) return -1;
    ctx->nodes[idx].jh = 1;
    bool clash = false;
    for (int x = 0; x < ctx->ncells; x++) {
        if (puzzle[x] == CELL_EMPTY) continue;
        int n = puzzle[x], b = ctx->cell_box[x];
        assert(n < N);
        uint16_t bit = (uint16_t)(1u << ctx->cell_pos[x]);
        if (!(q[b * N + n] & bit)) {
            clash = true; /* n already fixed elsewhere in the box */
            continue;
        }
        bool pushed = push(ctx, q, b, n, bit);
        assert(pushed);
        (void)pushed;
    }
    int count;
    if (clash) {
        trace_node *node = &ctx->nodes[idx];
        node->f0 = node->f = ctx->f;
        count = 0;
    } else {
        count = infer(ctx, 0, ctx->f, limit, idx);
    }
    if (ctx->oom) return -1;
    if (solution && count > 0) memcpy(solution, ctx->solution, (size_t)ctx->ncells);
    return count;
}

/* "r5c6,r6c6" for the positions of set in box b. */
static void format_cells(const trace_ctx *ctx, int b, uint16_t set, char *out)
{
    char *p = out;
    for (unsigned w = set; w; w &= w - 1) {
        int x = ctx->box_cell[b][__builtin_ctz(w)];
        p += sprintf(p, "%sr%dc%d", p == out ? "" : ",", ctx->geo->row[x] + 1, ctx->geo->col[x] + 1);
    }
    *p = 0;
}

void trace_print(const trace_ctx *ctx, FILE *out, const char *prefix, digit_style style)
{
    int N = ctx->N;
    char cells[MAX_N * 8 + 8];
    fprintf(out, "%s%5s %4s %3s %2s %4s %2s %4s %11s %11s  %s\n", prefix, "call", "jh", "h", "e", "f0", "->", "f",
            "total_us", "net_us", "tree: assumption: branching (digit in box at cells; E = none)");
    for (int i = 0; i < ctx->nnodes; i++) {
        const trace_node *nd = &ctx->nodes[i];
        fprintf(out, "%s%5d %4d %3d %2d %4d %2s %4d %11.1f %11.1f  %*s", prefix, nd->id, nd->jh, nd->depth,
                nd->result, nd->f0, "->", nd->f, 1e6 * nd->t_total, 1e6 * nd->t_net, 2 * nd->depth, "");
        if (nd->assumed_box < 0) {
            fputs("puzzle", out);
        } else {
            format_cells(ctx, nd->assumed_box, nd->assumed_set, cells);
            fprintf(out, "%c %s %s", grid_digit_char(N, style, nd->assumed_digit),
                    popc(nd->assumed_set) == 1 ? "at" : "in", cells);
        }
        if (nd->branch_box < 0) {
            fputs(": E\n", out);
        } else {
            format_cells(ctx, nd->branch_box, nd->branch_set, cells);
            fprintf(out, ": %c in box %d at %s\n", grid_digit_char(N, style, nd->branch_digit),
                    nd->branch_box + 1, cells);
        }
    }
    fprintf(out, "%scalls %d, height %d, solutions %d (capped at the limit), %.1f us\n", prefix, ctx->nnodes,
            ctx->height, ctx->nnodes ? ctx->nodes[0].result : 0, ctx->nnodes ? 1e6 * ctx->nodes[0].t_total : 0.0);
}
