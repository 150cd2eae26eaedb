/* solver9 — see solver9.h. */
#include "solver9.h"
#include "solver9_simd.h"

#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "perm3.h"

#define BAND_FULL 0x7FFFFFFu
#define STACK_MAX 82
#define DBIT(b, d) (1u << (3 * (d) + (b)))

typedef struct s9state {
    uint32_t F[27];        /* [9 * band + digit]: cells where digit may stand */
    uint32_t unsolved[3];  /* per band */
    uint32_t dirty;        /* bit 3 * digit + band: word changed, not yet examined */
} s9state;

typedef struct s9frame {
    s9state st;            /* the state before branching */
    uint32_t rest;         /* digits still to try at the branch cell */
    int band, bit;
} s9frame;

struct solver9_ctx {
    s9state cur;
    s9state base[SOLVER9_BASES]; /* solver9_base_*: propagated, no contradiction */
    bool base_ok[SOLVER9_BASES];
    uint32_t sol[2][27];   /* first two solutions, as F words */
    int nsol;
    uint64_t nodes;
    s9frame stack[STACK_MAX];
};

/* ---- tables, built once ---- */

static uint8_t row_boxes[512];     /* 9-bit row slice -> 3 bits: which boxes are non-empty */
static uint16_t row_single[512];   /* 9-bit row slice -> itself if one bit, else 0 */
static uint16_t triad_perm[512];   /* non-empty triads -> triads on some permutation (0: none) */
static uint32_t triad_mask[512];   /* the same as the cells of those triads in a band word */
static uint32_t band_peer[27];     /* cells of the band sharing row or box, the cell excluded */
static uint32_t col_bits[9];       /* the three cells of a column in a band */
static uint32_t spread3[512];      /* bit e -> bit 3e (digits of a band -> their dirty bits) */
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
    for (int t = 0; t < 512; t++) {
        uint32_t m = 0;
        for (int k = 0; k < 6; k++) {
            int ok = 1;
            for (int i = 0; i < 3; i++) ok &= (t >> (3 * i + perm3[k][i])) & 1;
            if (!ok) continue;
            for (int i = 0; i < 3; i++) m |= 7u << (9 * i + 3 * perm3[k][i]);
            for (int i = 0; i < 3; i++) triad_perm[t] |= (uint16_t)(1u << (3 * i + perm3[k][i]));
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
    for (int x = 0; x < 512; x++)
        for (int e = 0; e < 9; e++)
            if ((x >> e) & 1) spread3[x] |= 1u << (3 * e);
}

solver9_ctx *solver9_new(void)
{
    pthread_once(&tables_once, build_tables);
    solver9_ctx *ctx = calloc(1, sizeof *ctx);
    return ctx;
}

void solver9_free(solver9_ctx *ctx) { free(ctx); }

/* ---- placing and propagating ---- */

/* The 9-bit set of columns of the cells x (27 bits), and back. */
static inline uint32_t fold_cols(uint32_t x) { return (x | x >> 9 | x >> 18) & 511; }
static inline uint32_t col_cells(uint32_t cols) { return cols | cols << 9 | cols << 18; }

/* Removes the columns cm (27-bit column cells) from digit d in the bands other than b. */
static inline void clear_cols(s9state *s, int b, int d, uint32_t cm)
{
    int b1 = b == 2 ? 0 : b + 1, b2 = b == 0 ? 2 : b - 1;
    uint32_t x = s->F[9 * b1 + d];
    if (x & cm) {
        s->F[9 * b1 + d] = x & ~cm;
        s->dirty |= DBIT(b1, d);
    }
    x = s->F[9 * b2 + d];
    if (x & cm) {
        s->F[9 * b2 + d] = x & ~cm;
        s->dirty |= DBIT(b2, d);
    }
}

/* Removes the cells x of band b from every digit but d. */
static inline void clear_others(s9state *s, int b, int d, uint32_t x)
{
    uint32_t *Fb = s->F + 9 * b;
    uint32_t keep = Fb[d];
    uint32_t hit = s9_clear_cells(Fb, x);
    Fb[d] = keep;
    s->dirty |= spread3[hit & ~(1u << d)] << b;
}

/* Places digit d at (b, p): the caller has checked that d may stand there
 * and that the cell is unsolved. */
static inline void place(s9state *s, int b, int d, int p)
{
    uint32_t bit = 1u << p;
    clear_others(s, b, d, bit);
    uint32_t w = s->F[9 * b + d];
    uint32_t nw = w & ~band_peer[p];
    if (nw != w) {
        s->F[9 * b + d] = nw;
        s->dirty |= DBIT(b, d);
    }
    clear_cols(s, b, d, col_bits[p % 9]);
    s->unsolved[b] &= ~bit;
}

/* All three band words of digit d; bands: the ones changed since they were
 * last examined. Two rules, applied in turn until neither changes a word:
 *  - the row rule, in a band: the digit fills one cell in each row and one
 *    in each box, so the row->box choice is a permutation of three; the
 *    (row, box) triads on no permutation are removed (pointing/claiming);
 *  - the stack rule, in a stack: the same on the (band, column) triads.
 * No permutation left = contradiction. Then the row singles of the words are
 * placed in bulk: the rules have already cleared their rows, boxes and
 * columns from the digit, so only the other digits lose the cells. A hidden
 * single in a box or a column ends up as a row single this way. Returns 0 on
 * contradiction. */
static inline int update_digit(s9state *s, int d, uint32_t bands)
{
    uint32_t *F = s->F;
    uint32_t touched = bands;
    for (;;) {
        while (bands) {
            int b = __builtin_ctz(bands);
            bands &= bands - 1;
            uint32_t w = F[9 * b + d];
            uint32_t t = row_boxes[w & 511] | (uint32_t)row_boxes[(w >> 9) & 511] << 3 |
                         (uint32_t)row_boxes[w >> 18] << 6;
            uint32_t m = triad_mask[t];
            if (!m) return 0;
            F[9 * b + d] = w & m;
        }
        uint32_t w0 = F[d], w1 = F[9 + d], w2 = F[18 + d];
        uint32_t f0 = fold_cols(w0), f1 = fold_cols(w1), f2 = fold_cols(w2);
        uint32_t g0 = 0, g1 = 0, g2 = 0;
        for (int st = 0; st < 9; st += 3) {
            uint32_t t = ((f0 >> st) & 7) | ((f1 >> st) & 7) << 3 | ((f2 >> st) & 7) << 6;
            uint32_t a = triad_perm[t];
            if (!a) return 0;
            g0 |= (a & 7) << st;
            g1 |= ((a >> 3) & 7) << st;
            g2 |= (a >> 6) << st;
        }
        bands = (uint32_t)(g0 != f0) | (uint32_t)(g1 != f1) << 1 | (uint32_t)(g2 != f2) << 2;
        if (!bands) break;
        touched |= bands;
        F[d] = w0 & col_cells(g0);
        F[9 + d] = w1 & col_cells(g1);
        F[18 + d] = w2 & col_cells(g2);
    }
    while (touched) {
        int b = __builtin_ctz(touched);
        touched &= touched - 1;
        uint32_t w = F[9 * b + d];
        uint32_t single = ((uint32_t)row_single[w & 511] | (uint32_t)row_single[(w >> 9) & 511] << 9 |
                           (uint32_t)row_single[w >> 18] << 18) &
                          s->unsolved[b];
        if (single) {
            s->unsolved[b] &= ~single;
            clear_others(s, b, d, single);
        }
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
        uint32_t *Fb = s->F + 9 * b;
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
        if (!one) continue;
        placed = 1;
        s->unsolved[b] = u & ~one;
        for (int d = 0; d < 9; d++) {
            uint32_t x = Fb[d] & one;
            if (!x) continue;
            uint32_t w = Fb[d], y = x;
            while (y) {
                w &= ~band_peer[__builtin_ctz(y)];
                y &= y - 1;
            }
            if ((w & x) != x) return -1; /* two of them in one row or box */
            if (w != Fb[d]) {
                Fb[d] = w;
                s->dirty |= DBIT(b, d);
            }
            uint32_t cols = fold_cols(x);
            if (__builtin_popcount(cols) != __builtin_popcount(x)) return -1; /* same column */
            clear_cols(s, b, d, col_cells(cols));
        }
    }
    return placed;
}

/* Propagates to a fixpoint. Returns 0 on contradiction; else 1 and biv[]. */
static int propagate(s9state *s, uint32_t biv[3])
{
    for (;;) {
        while (s->dirty) {
            uint32_t dirty = s->dirty;
            int d = (int)((unsigned)__builtin_ctz(dirty) * 11u >> 5); /* i / 3 for i < 27 */
            uint32_t bands = (dirty >> (3 * d)) & 7;
            s->dirty = dirty & ~(7u << (3 * d));
            if (!update_digit(s, d, bands)) return 0;
        }
        if ((s->unsolved[0] | s->unsolved[1] | s->unsolved[2]) == 0) return 1;
        int n = naked_singles(s, biv);
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
    /* no cell with two candidates: one with three, else the fewest */
    for (int b = 0; b < 3; b++) {
        const uint32_t *Fb = s->F + 9 * b;
        uint32_t a1 = 0, a2 = 0, a3 = 0, a4 = 0;
        for (int d = 0; d < 9; d++) {
            uint32_t x = Fb[d];
            a4 |= a3 & x;
            a3 |= a2 & x;
            a2 |= a1 & x;
            a1 |= x;
        }
        uint32_t three = s->unsolved[b] & a3 & ~a4;
        if (three) {
            *band = b;
            *bit = __builtin_ctz(three);
            return;
        }
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
    uint32_t clue[27] = {0}, peers[27] = {0}, all[3], colseen[9] = {0};
    s9_clue_cells(puzzle, all);
    for (int b = 0; b < 3; b++) {
        uint32_t x = all[b];
        while (x) {
            int p = __builtin_ctz(x);
            x &= x - 1;
            int d = puzzle[27 * b + p];
            assert(d < 9);
            int i = 9 * b + d;
            uint32_t col = 1u << (p % 9);
            if (((peers[i] >> p) & 1) | (colseen[d] & col)) return 0; /* clash */
            peers[i] |= band_peer[p];
            clue[i] |= 1u << p;
            colseen[d] |= col;
        }
    }
    for (int b = 0; b < 3; b++)
        for (int d = 0; d < 9; d++) {
            int i = 9 * b + d;
            uint32_t other_cols = col_cells(colseen[d] & ~fold_cols(clue[i]));
            s->F[i] = BAND_FULL & ~peers[i] & ~other_cols & ~(all[b] & ~clue[i]);
        }
    for (int b = 0; b < 3; b++) s->unsolved[b] = BAND_FULL & ~all[b];
    s->dirty = (1u << 27) - 1;
    return 1;
}

static int search_from(solver9_ctx *ctx, int limit);

/* The search. Counts solutions up to limit, keeps the first two. */
static int search(solver9_ctx *ctx, const uint8_t *puzzle, int limit)
{
    ctx->nsol = 0;
    ctx->nodes = 1;
    if (!load(ctx, puzzle)) return 0;
    return search_from(ctx, limit);
}

/* The search from ctx->cur (loaded or placed, not yet propagated). */
static int search_from(solver9_ctx *ctx, int limit)
{
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
                assert(depth < STACK_MAX);
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

/* ---- base states ---- */

/* Places grid's digit at each cell of cells (cells 0..63 in w[0], 64..80 in
 * w[1]) on ctx->cur. The grid is a solution of the state's clues, so each
 * digit is still a candidate (propagation only removes candidates no
 * solution has); a cell already solved holds that digit, and placing it
 * again changes nothing. */
static void place_cells(solver9_ctx *ctx, const uint8_t *grid, const uint64_t cells[2])
{
    for (int k = 0; k < 2; k++)
        for (uint64_t m = cells[k]; m; m &= m - 1) {
            int c = 64 * k + __builtin_ctzll(m), b = c / 27, p = c % 27;
            assert(grid[c] < 9 && ((ctx->cur.F[9 * b + grid[c]] >> p) & 1));
            place(&ctx->cur, b, grid[c], p);
        }
}

/* Saves ctx->cur, propagated, as base slot; false on contradiction. */
static bool keep_base(solver9_ctx *ctx, int slot)
{
    uint32_t biv[3];
    ctx->base_ok[slot] = propagate(&ctx->cur, biv) != 0;
    ctx->base[slot] = ctx->cur;
    return ctx->base_ok[slot];
}

bool solver9_base_load(solver9_ctx *ctx, int slot, const uint8_t *puzzle)
{
    assert(slot >= 0 && slot < SOLVER9_BASES);
    if (!load(ctx, puzzle)) return ctx->base_ok[slot] = false;
    return keep_base(ctx, slot);
}

bool solver9_base_extend(solver9_ctx *ctx, int from, int slot, const uint8_t *grid, const uint64_t cells[2])
{
    assert(from >= 0 && from < SOLVER9_BASES && slot >= 0 && slot < SOLVER9_BASES);
    if (!ctx->base_ok[from]) return ctx->base_ok[slot] = false;
    ctx->cur = ctx->base[from];
    place_cells(ctx, grid, cells);
    return keep_base(ctx, slot);
}

int solver9_count2_base(solver9_ctx *ctx, int slot, const uint8_t *grid, const uint64_t cells[2], uint8_t *second)
{
    assert(slot >= 0 && slot < SOLVER9_BASES);
    ctx->nsol = 0;
    ctx->nodes = 1;
    if (!ctx->base_ok[slot]) return 0;
    ctx->cur = ctx->base[slot];
    place_cells(ctx, grid, cells);
    int count = search_from(ctx, 2);
    if (count == 2 && second) to_digits(ctx->sol[1], second);
    return count;
}
