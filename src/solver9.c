/* solver9 — see solver9.h. */
#include "solver9.h"

#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define BAND_FULL 0x7FFFFFFu
#define STACK_MAX 82

typedef struct s9state {
    uint32_t F[27];        /* [9 * band + digit]: cells where digit may stand */
    uint32_t unsolved[3];  /* per band */
    uint32_t dirty;        /* bit 9 * band + digit: word changed, not yet examined */
} s9state;

typedef struct s9frame {
    s9state st;            /* the state before branching */
    uint32_t rest;         /* digits still to try at the branch cell */
    int band, bit;
} s9frame;

struct solver9_ctx {
    s9state cur;
    uint32_t sol[2][27];   /* first two solutions, as F words */
    int nsol;
    uint64_t nodes;
    s9frame stack[STACK_MAX];
};

/* ---- tables, built once ---- */

static uint8_t row_boxes[512];     /* 9-bit row slice -> 3 bits: which boxes are non-empty */
static uint16_t row_single[512];   /* 9-bit row slice -> itself if one bit, else 0 */
static uint32_t triad_mask[512];   /* non-empty triads -> cells of triads on a permutation (0: none) */
static uint32_t band_peer[27];     /* cells of the band sharing row or box, the cell excluded */
static uint32_t col_bits[9];       /* the three cells of a column in a band */
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static void build_tables(void)
{
    for (int x = 0; x < 512; x++) {
        int m = 0;
        for (int j = 0; j < 3; j++)
            if ((x >> (3 * j)) & 7) m |= 1 << j;
        row_boxes[x] = (uint8_t)m;
        row_single[x] = (uint16_t)((x && !(x & (x - 1))) ? x : 0);
    }
    static const int perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    for (int t = 0; t < 512; t++) {
        uint32_t m = 0;
        for (int k = 0; k < 6; k++) {
            int ok = 1;
            for (int i = 0; i < 3; i++) ok &= (t >> (3 * i + perms[k][i])) & 1;
            if (!ok) continue;
            for (int i = 0; i < 3; i++) m |= 7u << (9 * i + 3 * perms[k][i]);
        }
        triad_mask[t] = m;
    }
    for (int p = 0; p < 27; p++) {
        int r = p / 9, c = p % 9;
        uint32_t m = 0;
        for (int q = 0; q < 27; q++)
            if (q != p && (q / 9 == r || (q % 9) / 3 == c / 3)) m |= 1u << q;
        band_peer[p] = m;
    }
    for (int c = 0; c < 9; c++) col_bits[c] = (1u | 1u << 9 | 1u << 18) << c;
}

solver9_ctx *solver9_new(void)
{
    pthread_once(&tables_once, build_tables);
    solver9_ctx *ctx = calloc(1, sizeof *ctx);
    return ctx;
}

void solver9_free(solver9_ctx *ctx) { free(ctx); }

/* ---- placing and propagating ---- */

/* Places digit d at (b, p); the caller has checked that d may stand there and
 * that the cell is unsolved. */
static inline void place(s9state *s, int b, int d, int p)
{
    uint32_t bit = 1u << p;
    uint32_t *Fb = s->F + 9 * b;
    uint32_t keep = Fb[d] & ~band_peer[p];
    uint32_t dirty = 0;
    for (int e = 0; e < 9; e++) {
        uint32_t w = Fb[e];
        uint32_t nw = w & ~bit;
        dirty |= (uint32_t)(nw != w) << e;
        Fb[e] = nw;
    }
    dirty |= (uint32_t)(keep != (Fb[d] | bit)) << d;
    Fb[d] = keep;
    s->dirty |= dirty << (9 * b);
    uint32_t col = col_bits[p % 9];
    for (int k = 1; k < 3; k++) {
        int ob = (b + k) % 3;
        uint32_t w = s->F[9 * ob + d];
        if (w & col) {
            s->F[9 * ob + d] = w & ~col;
            s->dirty |= 1u << (9 * ob + d);
        }
    }
    s->unsolved[b] &= ~bit;
}

/* The band/digit word i: triad rule and row singles. Returns 0 on contradiction. */
static inline int update_word(s9state *s, int i)
{
    int b = i >= 18 ? 2 : i >= 9 ? 1 : 0;
    int d = i - 9 * b;
    uint32_t w = s->F[i];
    uint32_t t = row_boxes[w & 511] | (uint32_t)row_boxes[(w >> 9) & 511] << 3 |
                 (uint32_t)row_boxes[w >> 18] << 6;
    uint32_t m = triad_mask[t];
    if (!m) return 0;
    w &= m;
    s->F[i] = w;
    uint32_t single = ((uint32_t)row_single[w & 511] | (uint32_t)row_single[(w >> 9) & 511] << 9 |
                       (uint32_t)row_single[w >> 18] << 18) &
                      s->unsolved[b];
    while (single) {
        int p = __builtin_ctz(single);
        single &= single - 1;
        if (!((s->F[i] >> p) & 1)) return 0;
        place(s, b, d, p);
    }
    return 1;
}

/* Naked singles over all bands. Returns -1 on contradiction, else the number
 * of cells placed; when none, biv[b] holds the unsolved cells with exactly
 * two candidates. */
static inline int naked_singles(s9state *s, uint32_t biv[3])
{
    int placed = 0;
    for (int b = 0; b < 3; b++) {
        const uint32_t *Fb = s->F + 9 * b;
        uint32_t a1 = 0, a2 = 0, a3 = 0;
        for (int d = 0; d < 9; d++) {
            uint32_t x = Fb[d];
            a3 |= a2 & x;
            a2 |= a1 & x;
            a1 |= x;
        }
        uint32_t u = s->unsolved[b];
        if (u & ~a1) return -1;
        uint32_t one = u & ~a2;
        biv[b] = u & a2 & ~a3;
        while (one) {
            int p = __builtin_ctz(one);
            one &= one - 1;
            uint32_t bit = 1u << p;
            int d = 0;
            while (d < 9 && !(s->F[9 * b + d] & bit)) d++;
            if (d == 9) return -1; /* emptied by a placement just made */
            place(s, b, d, p);
            placed++;
        }
    }
    return placed;
}

/* Hidden singles in columns. Returns -1 on contradiction, else cells placed. */
static inline int column_singles(s9state *s)
{
    int placed = 0;
    for (int d = 0; d < 9; d++) {
        uint32_t a1 = 0, a2 = 0, fixed = 0;
        for (int b = 0; b < 3; b++) {
            uint32_t w = s->F[9 * b + d];
            uint32_t f = w & ~s->unsolved[b];
            fixed |= f | f >> 9 | f >> 18;
            for (int r = 0; r < 3; r++) {
                uint32_t x = (w >> (9 * r)) & 511;
                a2 |= a1 & x;
                a1 |= x;
            }
        }
        if ((a1 & 511) != 511) return -1;
        uint32_t one = a1 & ~a2 & ~fixed & 511;
        while (one) {
            int c = __builtin_ctz(one);
            one &= one - 1;
            for (int b = 0; b < 3; b++) {
                uint32_t x = s->F[9 * b + d] & col_bits[c] & s->unsolved[b];
                if (x) {
                    int p = __builtin_ctz(x);
                    place(s, b, d, p);
                    placed++;
                    break;
                }
            }
        }
    }
    return placed;
}

/* Propagates to a fixpoint. Returns 0 on contradiction; else 1 and biv[]. */
static int propagate(s9state *s, uint32_t biv[3])
{
    for (;;) {
        while (s->dirty) {
            int i = __builtin_ctz(s->dirty);
            s->dirty &= s->dirty - 1;
            if (!update_word(s, i)) return 0;
        }
        if ((s->unsolved[0] | s->unsolved[1] | s->unsolved[2]) == 0) return 1;
        int n = naked_singles(s, biv);
        if (n < 0) return 0;
        if (n > 0 || s->dirty) continue;
        n = column_singles(s);
        if (n < 0) return 0;
        if (n == 0 && !s->dirty) return 1;
    }
}

/* Candidates (9 bits) of cell (b, p). */
static inline uint32_t cell_digits(const s9state *s, int b, int p)
{
    uint32_t m = 0;
    for (int d = 0; d < 9; d++) m |= ((s->F[9 * b + d] >> p) & 1) << d;
    return m;
}

static void choose_branch(const s9state *s, const uint32_t biv[3], int *band, int *bit)
{
    for (int b = 0; b < 3; b++)
        if (biv[b]) {
            *band = b;
            *bit = __builtin_ctz(biv[b]);
            return;
        }
    int best = 10;
    for (int b = 0; b < 3; b++) {
        uint32_t u = s->unsolved[b];
        while (u) {
            int p = __builtin_ctz(u);
            u &= u - 1;
            int n = __builtin_popcount(cell_digits(s, b, p));
            if (n < best) {
                best = n;
                *band = b;
                *bit = p;
            }
        }
    }
}

/* Sets up ctx->cur from the puzzle. Returns 0 when the clues clash. */
static int load(solver9_ctx *ctx, const uint8_t *puzzle)
{
    s9state *s = &ctx->cur;
    for (int i = 0; i < 27; i++) s->F[i] = BAND_FULL;
    s->unsolved[0] = s->unsolved[1] = s->unsolved[2] = BAND_FULL;
    s->dirty = 0;
    for (int b = 0; b < 3; b++)
        for (int p = 0; p < 27; p++) {
            int d = puzzle[27 * b + p];
            if (d == CELL_EMPTY) continue;
            assert(d < 9);
            if (!((s->F[9 * b + d] >> p) & 1)) return 0;
            place(s, b, d, p);
        }
    return 1;
}

/* The search. Counts solutions up to limit, keeps the first two. */
static int search(solver9_ctx *ctx, const uint8_t *puzzle, int limit)
{
    ctx->nsol = 0;
    ctx->nodes = 1;
    if (!load(ctx, puzzle)) return 0;
    s9state *s = &ctx->cur;
    int depth = 0;
    int count = 0;
    uint32_t biv[3];
    for (;;) {
        if (propagate(s, biv)) {
            if ((s->unsolved[0] | s->unsolved[1] | s->unsolved[2]) == 0) {
                if (count < 2) memcpy(ctx->sol[count], s->F, sizeof s->F);
                if (++count >= limit) break;
            } else {
                int b = 0, p = 0;
                choose_branch(s, biv, &b, &p);
                uint32_t m = cell_digits(s, b, p);
                assert(m & (m - 1));
                int d = __builtin_ctz(m);
                s9frame *f = &ctx->stack[depth++];
                f->st = *s;
                f->rest = m & (m - 1);
                f->band = b;
                f->bit = p;
                ctx->nodes++;
                place(s, b, d, p);
                continue;
            }
        }
        /* backtrack */
        if (depth == 0) break;
        s9frame *f = &ctx->stack[depth - 1];
        int d = __builtin_ctz(f->rest);
        f->rest &= f->rest - 1;
        if (f->rest) {
            *s = f->st;
        } else {
            *s = f->st;
            depth--;
        }
        ctx->nodes++;
        place(s, f->band, d, f->bit);
    }
    ctx->nsol = count < 2 ? count : 2;
    return count;
}

static void to_digits(const uint32_t *F, uint8_t *out)
{
    for (int b = 0; b < 3; b++)
        for (int d = 0; d < 9; d++) {
            uint32_t w = F[9 * b + d];
            while (w) {
                int p = __builtin_ctz(w);
                w &= w - 1;
                out[27 * b + p] = (uint8_t)d;
            }
        }
}

int solver9_count(solver9_ctx *ctx, const uint8_t *puzzle, int limit, solver_result *res)
{
    if (limit < 1) limit = 1;
    int count = search(ctx, puzzle, limit);
    if (res) {
        res->count = count;
        res->nodes = ctx->nodes;
        res->witness_cell = -1;
        for (int k = 0; k < ctx->nsol; k++) to_digits(ctx->sol[k], res->sol[k]);
        if (count >= 2)
            for (int c = 0; c < 81; c++)
                if (res->sol[0][c] != res->sol[1][c]) {
                    res->witness_cell = c;
                    res->witness_digit[0] = res->sol[0][c];
                    res->witness_digit[1] = res->sol[1][c];
                    break;
                }
    }
    return count;
}

int solver9_count2(solver9_ctx *ctx, const uint8_t *puzzle, uint8_t *second)
{
    int count = search(ctx, puzzle, 2);
    if (count == 2 && second) to_digits(ctx->sol[1], second);
    return count;
}

void solver9_first_solution(const solver9_ctx *ctx, uint8_t *out)
{
    assert(ctx->nsol >= 1);
    to_digits(ctx->sol[0], out);
}

uint64_t solver9_nodes(const solver9_ctx *ctx) { return ctx->nodes; }
