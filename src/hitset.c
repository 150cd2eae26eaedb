/* hitset — see hitset.h for the search; hitset_inline.h for the vectors. */
#include "hitset.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"
#include "hitset_inline.h"
#include "solver.h"

#define MAXW 8                  /* words of the widest family (512 sets) */
#define CLQW 4                  /* words per degree of union flags (256 unions) */
#define MAXDEPTH 82             /* frames 0..K, K <= 81 */
#define LEARN_KEEP 4096         /* learned sets remembered for hitset_learned */
#define RECENT 64               /* last learned sets, tried before the solver */
#define CLIQUE_STEPS 400000     /* work bound for building the unions */
#define HS_COMPACT_MIN_R 9     /* compaction at children with this many clues left or more */

typedef struct family {
    int W, n;                               /* words per vector; sets held (n <= 64 W) */
    cs81 ua[HITSET_MAX_UAS];
    uint64_t cellvec[81][MAXW] __attribute__((aligned(64)));
    uint64_t capout[HITSET_MAX_CAPS][MAXW]; /* the sets with a cell outside cap region i */
} family;

typedef struct frame {
    uint64_t u[MAXW] __attribute__((aligned(64)));
    uint64_t clq[HITSET_MAX_DEGREE + 1][CLQW] __attribute__((aligned(32)));
    cs81 dead, chosen;
    int fam;                                /* 0: top family; e + 1: owned by frame e */
} frame;

struct hitset_ctx {
    const geometry *geo;
    int ncells;
    cs81 allcells;
    solver_ctx *solver;
    family *fam;                            /* MAXDEPTH + 1: [0] top, [d + 1] frame d's own */
    frame *fr;                              /* MAXDEPTH + 1 */
    uint64_t (*clqcell)[HITSET_MAX_DEGREE + 1][CLQW]; /* per cell: unions it touches */
    int nclq[HITSET_MAX_DEGREE + 1];
    long clique_steps;
    cs81 *learned;
    int nlearned;
    cs81 recent[RECENT];                    /* ring of the last learned sets (learn = 1) */
    int nrecent, rpos;
    /* per run */
    const uint8_t *grid;
    int K, maxdeg, learn, simd, first;
    int ncaps, cap[HITSET_MAX_CAPS];
    bool cap_has;                           /* the caps noted a region with sets inside: */
    uint64_t cap_in[MAXW];                  /* its unhit sets inside (cap_branch) */
    cs81 cap_region[HITSET_MAX_CAPS];
    bool stop; /* first = 1 and a puzzle was reported, or halted: every loop unwinds */
    const volatile sig_atomic_t *halt;
    hitset_stats *st;
    hitset_found_fn found;
    void *arg;
    uint8_t puzzle[MAX_CELLS];
    solver_result res;
};

void hitset_options_default(hitset_options *o, int clues)
{
    o->clues = clues;
    o->max_initial = HITSET_MAX_INITIAL;
    o->max_degree = HITSET_MAX_DEGREE;
    o->clique_pool = 48;
    o->learn = 1;
    o->simd = 1;
    o->first = 0;
    o->forced = cs81_empty();
    o->ncaps = 0;
    o->halt = NULL;
}

/* Counts a node; every HITSET_HALT_NODES nodes looks at the caller's halt
 * flag, and once it is set every loop unwinds as after a first puzzle. */
static inline void count_node(hitset_ctx *h)
{
    if ((++h->st->nodes & (HITSET_HALT_NODES - 1)) == 0 && h->halt && *h->halt) {
        h->stop = true;
        h->st->halted = true;
    }
}

/* A set of a grid of at most 64 cells (narrow) has no cell in w[1]: the
 * narrow versions of the node, leaf and caps bodies read their sets through
 * nar(), so that the compiler drops the second word's work. */
HV_ALWAYS cs81 nar(cs81 s, const int narrow)
{
    if (narrow) s.w[1] = 0;
    return s;
}

/* Whether chosen exceeds a region cap. */
static bool over_cap(const hitset_ctx *h, cs81 chosen)
{
    for (int i = 0; i < h->ncaps; i++)
        if (cs81_count(cs81_and(chosen, h->cap_region[i])) > h->cap[i]) return true;
    return false;
}

hitset_ctx *hitset_new(const geometry *geo)
{
    if (geo->ncells > 81) return NULL;
    hitset_ctx *h = calloc(1, sizeof *h);
    if (!h) return NULL;
    h->geo = geo;
    h->ncells = geo->ncells;
    h->allcells = cs81_empty();
    for (int c = 0; c < geo->ncells; c++) cs81_add(&h->allcells, c);
    h->solver = solver_new(geo);
    h->fam = aligned_alloc(64, sizeof(family) * (MAXDEPTH + 1));
    h->fr = aligned_alloc(64, sizeof(frame) * (MAXDEPTH + 1));
    h->clqcell = aligned_alloc(64, sizeof(*h->clqcell) * 81);
    h->learned = malloc(sizeof(cs81) * LEARN_KEEP);
    if (!h->solver || !h->fam || !h->fr || !h->clqcell || !h->learned) {
        hitset_free(h);
        return NULL;
    }
    return h;
}

void hitset_free(hitset_ctx *h)
{
    if (!h) return;
    solver_free(h->solver);
    free(h->fam);
    free(h->fr);
    free(h->clqcell);
    free(h->learned);
    free(h);
}

const cs81 *hitset_learned(const hitset_ctx *h, int *n)
{
    *n = h->nlearned;
    return h->learned;
}

/* ---- families ---------------------------------------------------------- */

static int words_for(int n)
{
    if (n <= 64) return 1;
    if (n <= 128) return 2;
    if (n <= 256) return 4;
    return MAXW;
}

static void family_reset(const hitset_ctx *h, family *F, int W)
{
    F->W = W;
    F->n = 0;
    for (int c = 0; c < h->ncells; c++) memset(F->cellvec[c], 0, sizeof(uint64_t) * (size_t)W);
    for (int i = 0; i < h->ncaps; i++) memset(F->capout[i], 0, sizeof(uint64_t) * (size_t)W);
}

/* Whether set u has a cell outside cap region i (the family's capout). */
static inline bool outside_cap(const hitset_ctx *h, cs81 u, int i)
{
    return !cs81_is_empty(cs81_andnot(u, h->cap_region[i]));
}

/* Appends u; returns its index, or -1 when the family is full. */
static int family_append(const hitset_ctx *h, family *F, cs81 u)
{
    if (F->n >= 64 * F->W) return -1;
    int j = F->n++;
    F->ua[j] = u;
    int c;
    CS81_FOREACH(c, u) hv_set(F->cellvec[c], j);
    for (int i = 0; i < h->ncaps; i++)
        if (outside_cap(h, u, i)) hv_set(F->capout[i], j);
    return j;
}

/* Makes F the family of the sets src[j] for the bits j of u (srcW words),
 * in order, with W words: per 64 sets and per word of the sets, their 64
 * words transposed (hv_transpose64) are the cells' words of set bits. The
 * same family as family_reset and family_append of each set give (K = 13
 * on 8x8, 300 unseen grids: 14.96 -> 13.96 G instructions; compaction 10 %
 * -> 5 % of the samples of a profile). */
static void family_gather(const hitset_ctx *h, family *F, int W, const cs81 *src, const uint64_t *u, int srcW)
{
    int n = 0, j;
    HV_FOREACH(j, u, srcW) F->ua[n++] = src[j];
    F->W = W;
    F->n = n;
    const int words = h->ncells <= 64 ? 1 : 2;
    uint64_t rows[64];
    for (int b = 0; b < W; b++) {
        int m = n - 64 * b < 0 ? 0 : n - 64 * b > 64 ? 64 : n - 64 * b;
        const cs81 *set = F->ua + 64 * b;
        for (int k = 0; k < words; k++) {
            for (int i = 0; i < 64; i++) rows[i] = i < m ? set[i].w[k] : 0;
            hv_transpose64(rows);
            int top = h->ncells - 64 * k < 64 ? h->ncells - 64 * k : 64;
            for (int c = 0; c < top; c++) F->cellvec[64 * k + c][b] = rows[c];
        }
        for (int i = 0; i < h->ncaps; i++) {
            uint64_t out = 0;
            for (int t = 0; t < m; t++)
                if (outside_cap(h, set[t], i)) out |= UINT64_C(1) << t;
            F->capout[i][b] = out;
        }
    }
}

/* Gathers frame d's unhit sets into frame d's own family (index d + 1):
 * by transposes (family_gather), or with simd = 0 set by set (its twin). */
static void compact(hitset_ctx *h, int d)
{
    frame *f = &h->fr[d];
    const family *src = &h->fam[f->fam];
    family *dst = &h->fam[d + 1];
    int n = hv_count(f->u, src->W), j;
    if (h->simd) {
        family_gather(h, dst, words_for(n + 8), src->ua, f->u, src->W);
    } else {
        family_reset(h, dst, words_for(n + 8));
        HV_FOREACH(j, f->u, src->W) family_append(h, dst, src->ua[j]);
    }
    f->fam = d + 1;
    memset(f->u, 0, sizeof f->u);
    for (int i = 0; i < n; i++) hv_set(f->u, i);
}

/* ---- solver checks ----------------------------------------------------- */

static int count_clues(hitset_ctx *h, cs81 clues, int limit)
{
    memset(h->puzzle, CELL_EMPTY, (size_t)h->ncells);
    int c;
    CS81_FOREACH(c, clues) h->puzzle[c] = h->grid[c];
    h->st->solver_calls++;
    return solver_count(h->solver, h->puzzle, limit, &h->res);
}

/* The cells where the second solution in h->res differs from the grid. */
static cs81 second_diff(hitset_ctx *h)
{
    const uint8_t *other = h->res.sol[0];
    if (memcmp(other, h->grid, (size_t)h->ncells) == 0) other = h->res.sol[1];
    cs81 d = cs81_empty();
    for (int c = 0; c < h->ncells; c++)
        if (other[c] != h->grid[c]) cs81_add(&d, c);
    return d;
}

/* Shrinks the unavoidable set u to a minimal one: a cell is dropped while
 * the rest stays unavoidable (then the new difference, a subset, is taken). */
static cs81 shrink(hitset_ctx *h, cs81 u)
{
    cs81 todo = u;
    int x;
    CS81_FOREACH(x, todo) {
        if (!cs81_has(u, x)) continue;
        cs81 t = u;
        cs81_del(&t, x);
        if (count_clues(h, cs81_andnot(h->allcells, t), 2) >= 2) u = second_diff(h);
    }
    return u;
}

/* 1 when the puzzle on `cells` is unique. Otherwise *ua is an unavoidable
 * set not hit by cells: a recently learned one (-1; no solver call, not a
 * candidate: the family may have had no room for it) or a new one from the
 * second solution (0). */
static int check(hitset_ctx *h, cs81 cells, cs81 *ua)
{
    for (int i = 0; i < h->nrecent; i++)
        if (!cs81_intersects(h->recent[i], cells)) {
            *ua = h->recent[i];
            return -1;
        }
    h->st->candidates++;
    if (count_clues(h, cells, 2) == 1) return 1;
    cs81 u = second_diff(h);
    if (h->learn) u = shrink(h, u);
    *ua = u;
    return 0;
}

static void report_if_minimal(hitset_ctx *h, cs81 cells)
{
    int x;
    CS81_FOREACH(x, cells) {
        cs81 t = cells;
        cs81_del(&t, x);
        if (count_clues(h, t, 2) == 1) return;
    }
    h->st->puzzles++;
    if (h->found) h->found(h->arg, cells, cs81_count(cells));
    if (h->first) h->stop = true;
}

/* Adds learned set u to the families of frames 0..d that have room (all of
 * them have u unhit: it avoids frame d's cells, hence every prefix). With
 * must, frame d is guaranteed to hold it afterwards (frame d's u is zero
 * then, so a fresh own family {u} is enough). fresh: new from the solver
 * (counted, listed, put in the ring of recent sets); otherwise a set of
 * the ring, only placed. */
static void add_learned(hitset_ctx *h, int d, cs81 u, bool must, bool fresh)
{
    if (fresh) h->st->second++;
    int idx = -1;
    if (h->learn) {
        if (fresh) {
            h->st->learned++;
            h->st->learned_by_size[cs81_count(u)]++;
            if (h->nlearned < LEARN_KEEP) h->learned[h->nlearned++] = u;
            h->recent[h->rpos] = u;
            h->rpos = (h->rpos + 1) % RECENT;
            if (h->nrecent < RECENT) h->nrecent++;
        }
        int last = -1;
        for (int i = 0; i <= d; i++) {
            frame *f = &h->fr[i];
            if (f->fam != last) {
                last = f->fam;
                idx = family_append(h, &h->fam[last], u);
            }
            if (idx >= 0) hv_set(f->u, idx);
        }
    } else if (must && h->fr[d].fam == d + 1) {
        idx = family_append(h, &h->fam[d + 1], u);
        if (idx >= 0) hv_set(h->fr[d].u, idx);
    }
    if (must && idx < 0) {
        frame *f = &h->fr[d];
        family_reset(h, &h->fam[d + 1], 1);
        family_append(h, &h->fam[d + 1], u);
        f->fam = d + 1;
        memset(f->u, 0, sizeof f->u);
        hv_set(f->u, 0);
    }
}

/* ---- the search -------------------------------------------------------- */

static void enter(hitset_ctx *h, int d, int r);

/* One clue left: the cells that hit every unhit set, minus dead ones. */
HV_ALWAYS void leaf_body(hitset_ctx *h, int d, const int W, const int narrow)
{
    frame *f = &h->fr[d];
    const family *F = &h->fam[f->fam];
    cs81 cand = nar(cs81_andnot(h->allcells, f->dead), narrow);
    int j;
    HV_FOREACH(j, f->u, W) {
        cand = cs81_and(cand, nar(F->ua[j], narrow));
        if (cs81_is_empty(cand)) return;
    }
    while (!cs81_is_empty(cand) && !h->stop) {
        int c = cs81_pop(&cand);
        cs81 t = f->chosen;
        cs81_add(&t, c);
        cs81 u;
        int k = check(h, t, &u);
        if (k > 0) {
            report_if_minimal(h, t);
        } else {
            if (k == 0) add_learned(h, d, u, false, true);
            cand = cs81_and(cand, u);
        }
    }
}

/* Tight nodes. The live parts P[0..m) of m unhit sets are pairwise
 * disjoint and m clues are left, so each part gets exactly one clue and no
 * clue lies outside them: every unhit set must meet a part. settle_bits()
 * propagates this on the unhit sets u of family F in bit-vector form:
 * M[q] = the unhit sets meeting part q; a set in no M[q] cuts; the sets in
 * exactly one M[q] (units: the clue of part q must hit them) keep only the
 * cells of P[q] lying in all of them; repeated until no part shrinks (the
 * rules are monotone, so the fixpoint does not depend on the order).
 *
 * M (m x W words, row q = part q) holds the sets meeting each part on
 * entry when `have` (a settled parent's rows, restricted to u) and is
 * computed here otherwise; it is kept up to date for the children. tw
 * (W words) is incremental: on entry the sets that were not yet units (a
 * settled parent's sets meeting two or more parts; all ones at a tight
 * root) — every other unit is already folded into its part, which only
 * shrinks — and on return the sets meeting two or more parts. */
HV_ALWAYS bool settle_bits(const family *F, const uint64_t *u, cs81 *P, int m, uint64_t *M, bool have,
                           uint64_t *tw, const int W, const int narrow)
{
    for (int q = 0; q < m && !have; q++) {
        uint64_t *Mq = M + q * W;
        for (int w = 0; w < W; w++) Mq[w] = 0;
        int c;
        CS81_FOREACH(c, nar(P[q], narrow)) for (int w = 0; w < W; w++) Mq[w] |= F->cellvec[c][w];
        for (int w = 0; w < W; w++) Mq[w] &= u[w];
    }
    for (;;) {
        uint64_t once[MAXW], twice[MAXW], miss = 0;
        for (int w = 0; w < W; w++) once[w] = twice[w] = 0;
        for (int q = 0; q < m; q++)
            for (int w = 0; w < W; w++) {
                twice[w] |= once[w] & M[q * W + w];
                once[w] |= M[q * W + w];
            }
        for (int w = 0; w < W; w++) miss |= u[w] & ~once[w];
        if (miss) return false;
        for (int w = 0; w < W; w++) {
            uint64_t t = tw[w];
            tw[w] = twice[w];
            twice[w] = ~twice[w] & t; /* the new units (of any part) */
        }
        bool changed = false;
        for (int q = 0; q < m; q++) {
            uint64_t U[MAXW], any = 0;
            for (int w = 0; w < W; w++) {
                U[w] = M[q * W + w] & twice[w];
                any |= U[w];
            }
            if (!any) continue;
            cs81 np = nar(P[q], narrow);
            int j, c;
            HV_FOREACH(j, U, W) np = cs81_and(np, nar(F->ua[j], narrow));
            if (cs81_is_empty(np)) return false;
            if (cs81_eq(np, nar(P[q], narrow))) continue;
            P[q] = np;
            changed = true;
            uint64_t *Mq = M + q * W;
            for (int w = 0; w < W; w++) Mq[w] = 0;
            CS81_FOREACH(c, np) for (int w = 0; w < W; w++) Mq[w] |= F->cellvec[c][w];
            for (int w = 0; w < W; w++) Mq[w] &= u[w];
        }
        if (!changed) return true;
    }
}

static void tight_rec(hitset_ctx *h, int d, cs81 chosen, const cs81 *P, int m, const uint64_t *u, const uint64_t *M,
                      const uint64_t *tw, int W, int narrow);

/* A settled tight node: branches on the smallest part, each child takes
 * one of its cells, drops the part and the sets that cell hits, and is
 * settled before it is entered. Siblings differ in the cell taken from that
 * part, so every set is produced once. With no part left every set is hit:
 * a candidate. */
HV_ALWAYS void tight_rec_body(hitset_ctx *h, int d, cs81 chosen, const cs81 *P, int m, const uint64_t *u,
                              const uint64_t *M, const uint64_t *tw, const int W, const int narrow)
{
    count_node(h);
    if (h->ncaps && over_cap(h, chosen)) return;
    if (m == 0) {
        cs81 ua;
        int k = check(h, chosen, &ua);
        if (k > 0) report_if_minimal(h, chosen);
        else if (k == 0) add_learned(h, d, ua, false, true);
        return;
    }
    const family *F = &h->fam[h->fr[d].fam];
    int bi = 0, bn = cs81_count(nar(P[0], narrow));
    for (int i = 1; i < m; i++) {
        int n = cs81_count(nar(P[i], narrow));
        if (n < bn) {
            bn = n;
            bi = i;
        }
    }
    cs81 br = nar(P[bi], narrow), Q[MAXDEPTH];
    uint64_t u2[MAXW], M2[MAXDEPTH * MAXW], tw2[MAXW];
    while (!cs81_is_empty(br) && !h->stop) {
        int c = cs81_pop(&br), q = 0;
        const uint64_t *cv = F->cellvec[c];
        for (int w = 0; w < W; w++) u2[w] = u[w] & ~cv[w];
        for (int i = 0; i < m; i++) {
            if (i == bi) continue;
            Q[q] = nar(P[i], narrow);
            for (int w = 0; w < W; w++) M2[q * W + w] = M[i * W + w] & ~cv[w];
            q++;
        }
        for (int w = 0; w < W; w++) tw2[w] = tw[w];
        if (!settle_bits(F, u2, Q, m - 1, M2, true, tw2, W, narrow)) continue;
        cs81 ch = chosen;
        cs81_add(&ch, c);
        tight_rec(h, d, ch, Q, m - 1, u2, M2, tw2, W, narrow);
    }
}

/* The bodies are made once per word count W (1, 2, 4, 8: word_class 0..3)
 * and narrow (0, 1), and each caller picks its one from a table indexed
 * [word_class(W)][narrow]. */
static inline int word_class(int W) { return W == 1 ? 0 : W == 2 ? 1 : W == 4 ? 2 : 3; }
/* A grid of at most 64 cells: its sets have no cell in w[1] (nar). */
static inline int narrow_of(const hitset_ctx *h) { return h->ncells <= 64; }

#define TIGHT_FN(W, N)                                                                                   \
    static void tight_rec_##W##_##N(hitset_ctx *h, int d, cs81 ch, const cs81 *P, int m, const uint64_t *u, \
                                    const uint64_t *M, const uint64_t *tw)                                  \
    {                                                                                                       \
        tight_rec_body(h, d, ch, P, m, u, M, tw, W, N);                                                     \
    }
#define TIGHT_FNS(W) TIGHT_FN(W, 0) TIGHT_FN(W, 1)
TIGHT_FNS(1)
TIGHT_FNS(2)
TIGHT_FNS(4)
TIGHT_FNS(8)

typedef void (*tight_fn)(hitset_ctx *, int, cs81, const cs81 *, int, const uint64_t *, const uint64_t *,
                         const uint64_t *);
static const tight_fn tight_of[4][2] = {
    {tight_rec_1_0, tight_rec_1_1}, {tight_rec_2_0, tight_rec_2_1}, {tight_rec_4_0, tight_rec_4_1},
    {tight_rec_8_0, tight_rec_8_1}};

static void tight_rec(hitset_ctx *h, int d, cs81 chosen, const cs81 *P, int m, const uint64_t *u, const uint64_t *M,
                      const uint64_t *tw, int W, int narrow)
{
    tight_of[word_class(W)][narrow](h, d, chosen, P, m, u, M, tw);
}

HV_ALWAYS void tight_body(hitset_ctx *h, int d, int r, cs81 *P, const int W, const int narrow)
{
    frame *f = &h->fr[d];
    const family *F = &h->fam[f->fam];
    uint64_t u[MAXW];
    for (int w = 0; w < W; w++) u[w] = f->u[w];
    uint64_t M[MAXDEPTH * MAXW], tw[MAXW];
    for (int w = 0; w < W; w++) tw[w] = ~UINT64_C(0);
    if (!settle_bits(F, u, P, r, M, false, tw, W, narrow)) return;
    tight_rec(h, d, f->chosen, P, r, u, M, tw, W, narrow);
}

/* Local improvement of a packing P[0..lb) of the live parts of the unhit
 * sets u: a part P[p] is replaced by two or more other pairwise disjoint
 * live parts that meet no other part (taken in set order), and a set
 * meeting no part becomes a part, as long as lb <= r. The sets meeting only
 * part p are M[p] & ~twice, as in settle_bits. Returns the new count. */
HV_ALWAYS int packing_improve(const family *F, const uint64_t *u, cs81 dead, cs81 *P, int lb, int r,
                                   const int W, const int narrow)
{
    dead = nar(dead, narrow);
    uint64_t M[MAXDEPTH * MAXW];
again:
    if (lb > r) return lb;
    uint64_t once[MAXW], twice[MAXW];
    for (int w = 0; w < W; w++) once[w] = twice[w] = 0;
    for (int q = 0; q < lb; q++) {
        uint64_t *Mq = M + q * W;
        for (int w = 0; w < W; w++) Mq[w] = 0;
        int c;
        CS81_FOREACH(c, P[q]) for (int w = 0; w < W; w++) Mq[w] |= F->cellvec[c][w];
        for (int w = 0; w < W; w++) {
            Mq[w] &= u[w];
            twice[w] |= once[w] & Mq[w];
            once[w] |= Mq[w];
        }
    }
    for (int w = 0; w < W; w++) {
        uint64_t x = u[w] & ~once[w]; /* a set meeting no part: one more part */
        if (x) {
            P[lb++] = cs81_andnot(nar(F->ua[w * 64 + __builtin_ctzll(x)], narrow), dead);
            goto again;
        }
    }
    for (int p = 0; p < lb; p++) {
        uint64_t U[MAXW];
        int cnt = 0;
        for (int w = 0; w < W; w++) {
            U[w] = M[p * W + w] & ~twice[w];
            cnt += __builtin_popcountll(U[w]);
        }
        if (cnt < 3) continue; /* the part's own set and at least two others */
        cs81 got[MAXDEPTH], a = cs81_empty();
        int k = 0, j;
        HV_FOREACH(j, U, W) {
            cs81 l = cs81_andnot(nar(F->ua[j], narrow), dead);
            if (lb - 1 + k > r || cs81_intersects(l, a) || cs81_eq(l, nar(P[p], narrow))) continue;
            a = cs81_or(a, l);
            got[k++] = l;
        }
        if (k < 2) continue;
        P[p] = got[0];
        for (int t = 1; t < k; t++) P[lb++] = got[t];
        goto again;
    }
    return lb;
}

/* The number of unhit sets (u) that cell vector cv hits. */
HV_ALWAYS int cell_hits(const uint64_t *u, const uint64_t *cv, const int W)
{
    int k = 0;
    for (int w = 0; w < W; w++) k += __builtin_popcountll(u[w] & cv[w]);
    return k;
}

/* The branch set of a node under caps: among the live parts of the sets
 * noted by the caps (inside one region) of at most 4 cells more than the
 * smallest, the one whose cells hit the most of those sets on average
 * (the first such in set order). Counting only the sets inside the region
 * binds its cap sooner than counting all (K = 13 on 8x8, 300 unseen grids:
 * the smallest part 8,070 nodes per grid, this rule 6,971, counting all
 * unhit sets 7,279; parts of at most 2 or 3 cells more than the smallest
 * 7,301-7,429, of 5, 6 or any number more 7,026-7,098). Not inlined: its
 * arrays stay off the stack frames of the recursion. */
static __attribute__((noinline)) cs81 cap_branch(const hitset_ctx *h, const frame *f, const family *F, const int W,
                                                  const int narrow)
{
    const cs81 dead = nar(f->dead, narrow);
    cs81 part[HITSET_MAX_UAS], all = cs81_empty(), br = cs81_empty();
    int size[HITSET_MAX_UAS], hits[81], n = 0, mins = 82, j, c;
    HV_FOREACH(j, h->cap_in, W) {
        part[n] = cs81_andnot(nar(F->ua[j], narrow), dead);
        size[n] = cs81_count(part[n]);
        if (size[n] < mins) mins = size[n];
        n++;
    }
    for (int q = 0; q < n; q++)
        if (size[q] <= mins + 4) all = cs81_or(all, part[q]);
    CS81_FOREACH(c, all) hits[c] = cell_hits(h->cap_in, F->cellvec[c], W);
    int bsum = -1;
    for (int q = 0; q < n; q++) {
        if (size[q] > mins + 4) continue;
        int sum = 0;
        CS81_FOREACH(c, part[q]) sum += hits[c];
        sum = sum * 64 / size[q];
        if (sum > bsum) {
            bsum = sum;
            br = part[q];
        }
    }
    return br;
}

/* Two or more clues left: bound, pick the branch set, recurse. */
HV_ALWAYS void node_body(hitset_ctx *h, int d, int r, const int W, const int simd, const int narrow)
{
    frame *f = &h->fr[d];
    const family *F = &h->fam[f->fam];
    const cs81 dead = nar(f->dead, narrow);
    for (int k = r + 1; k <= h->maxdeg; k++)
        if (!hv_is_zero(f->clq[k], CLQW, simd)) return;
    int lb = 0, nlv = 0;
    cs81 acc = cs81_empty();
    cs81 P[MAXDEPTH], L[HITSET_MAX_UAS];
    int j;
    /* Most nodes are cut by the packing or the tight search: the sizes
     * needed for the branch choice are counted only after that. The live
     * parts are kept in set order (L) for the second packing. */
    HV_FOREACH(j, f->u, W) {
        cs81 l = cs81_andnot(nar(F->ua[j], narrow), dead);
        if (cs81_is_empty(l)) return;
        L[nlv++] = l;
        if (!cs81_intersects(l, acc)) {
            acc = cs81_or(acc, l);
            P[lb++] = l;
            /* r parts: tight. The rest of the scan is not needed: a later set
             * meeting no part (disjoint or all dead) makes settle_bits cut. */
            if (lb == r) {
                tight_body(h, d, r, P, W, narrow);
                return;
            }
        }
    }
    /* Near tight (one or two parts short): improve the first packing before
     * the second is built. */
    if (lb + 2 >= r) {
        lb = packing_improve(F, f->u, dead, P, lb, r, W, narrow);
        if (lb > r) return;
        if (lb == r) {
            tight_body(h, d, r, P, W, narrow);
            return;
        }
    }
    /* A second packing, smallest live parts first (per size a list, last
     * set first), often finds more parts than the first (in set order);
     * then a local improvement. */
    int16_t head[82], next[HITSET_MAX_UAS];
    int mins = 81, maxs = 0;
    for (int s = 0; s < 82; s++) head[s] = -1;
    for (int i = 0; i < nlv; i++) {
        int n = cs81_count(nar(L[i], narrow));
        next[i] = head[n];
        head[n] = (int16_t)i;
        if (n > maxs) maxs = n;
        if (n < mins) mins = n;
    }
    int lb2 = 0;
    acc = cs81_empty();
    for (int s = mins; s <= maxs; s++)
        for (int i = head[s]; i >= 0; i = next[i]) {
            const cs81 l = nar(L[i], narrow);
            if (!cs81_intersects(l, acc)) {
                acc = cs81_or(acc, l);
                P[lb2++] = l;
                if (lb2 == r) {
                    tight_body(h, d, r, P, W, narrow);
                    return;
                }
            }
        }
    lb2 = packing_improve(F, f->u, dead, P, lb2, r, W, narrow);
    if (lb2 > r) return;
    if (lb2 == r) {
        tight_body(h, d, r, P, W, narrow);
        return;
    }
    /* The branch set: under caps that noted sets inside a region,
     * cap_branch's; otherwise among the live parts with at most one cell
     * more than the smallest, the one whose cells hit the most unhit sets
     * on average (the first such in list order). */
    cs81 br = L[head[mins]];
    int bsum = -1;
    if (h->ncaps && h->cap_has)
        br = cap_branch(h, f, F, W, narrow);
    else
        for (int s = mins; s <= mins + 1 && s <= maxs; s++)
            for (int i = head[s]; i >= 0; i = next[i]) {
                cs81 l = nar(L[i], narrow);
                int sum = 0, c;
                CS81_FOREACH(c, l) sum += cell_hits(f->u, F->cellvec[c], W);
                sum = sum * 64 / s;
                if (sum > bsum) {
                    bsum = sum;
                    br = l;
                }
            }
    /* Children in order of the number of unhit sets their cell hits, most
     * first: that cell is dead for all later siblings. */
    int cells[81], deg[81], nb = 0;
    while (!cs81_is_empty(br)) {
        int c = cs81_pop(&br), k = cell_hits(f->u, F->cellvec[c], W);
        int i = nb++;
        while (i > 0 && deg[i - 1] < k) {
            deg[i] = deg[i - 1];
            cells[i] = cells[i - 1];
            i--;
        }
        deg[i] = k;
        cells[i] = c;
    }
    frame *ch = &h->fr[d + 1];
    for (int bi = 0; bi < nb && !h->stop; bi++) {
        int c = cells[bi];
        hv_andnot(ch->u, f->u, F->cellvec[c], W, simd);
        ch->dead = f->dead;
        ch->chosen = f->chosen;
        cs81_add(&ch->chosen, c);
        ch->fam = f->fam;
        for (int k = 2; k <= h->maxdeg; k++) hv_andnot(ch->clq[k], f->clq[k], h->clqcell[c][k], CLQW, simd);
        if (W > 1 && r - 1 >= HS_COMPACT_MIN_R && words_for(hv_count(ch->u, W) + 8) < W) compact(h, d + 1);
        enter(h, d + 1, r - 1);
        cs81_add(&f->dead, c);
    }
}

/* node_W_S_N, leaf_W_N: the bodies for W words, simd S, narrow N
 * (node_of[word_class(W)][S][N], leaf_of[word_class(W)][N]). */
#define NODE_FN(W, S, N)                                                                                \
    static void node_##W##_##S##_##N(hitset_ctx *h, int d, int r) { node_body(h, d, r, W, S, N); }
#define LEAF_FN(W, N) \
    static void leaf_##W##_##N(hitset_ctx *h, int d) { leaf_body(h, d, W, N); }
#define NODE_FNS(W)                                                                                     \
    NODE_FN(W, 0, 0) NODE_FN(W, 1, 0) NODE_FN(W, 0, 1) NODE_FN(W, 1, 1) LEAF_FN(W, 0) LEAF_FN(W, 1)
NODE_FNS(1)
NODE_FNS(2)
NODE_FNS(4)
NODE_FNS(8)

typedef void (*node_fn)(hitset_ctx *, int, int);
typedef void (*leaf_fn)(hitset_ctx *, int);
/* [log2 W][simd][narrow] */
static const node_fn node_of[4][2][2] = {
    {{node_1_0_0, node_1_0_1}, {node_1_1_0, node_1_1_1}},
    {{node_2_0_0, node_2_0_1}, {node_2_1_0, node_2_1_1}},
    {{node_4_0_0, node_4_0_1}, {node_4_1_0, node_4_1_1}},
    {{node_8_0_0, node_8_0_1}, {node_8_1_0, node_8_1_1}},
};
static const leaf_fn leaf_of[4][2] = {
    {leaf_1_0, leaf_1_1}, {leaf_2_0, leaf_2_1}, {leaf_4_0, leaf_4_1}, {leaf_8_0, leaf_8_1}};

static void dispatch(hitset_ctx *h, int d, int r)
{
    int W = h->fam[h->fr[d].fam].W;
    int lw = word_class(W), narrow = narrow_of(h);
    if (r == 1) leaf_of[lw][narrow](h, d);
    else node_of[lw][h->simd ? 1 : 0][narrow](h, d, r);
}

/* A greedy packing of the live parts part[ord[0..n)] (each minus the
 * dead cells so far) inside a region R with left clues left: false when it
 * finds more than left parts; exactly left make R's cells outside the
 * parts dead. */
HV_ALWAYS bool cap_pack(const cs81 *part, const int16_t *ord, int n, cs81 R, int left, cs81 *dead)
{
    cs81 acc = cs81_empty();
    int parts = 0;
    for (int t = 0; t < n; t++) {
        cs81 l = cs81_andnot(part[ord[t]], *dead);
        if (cs81_is_empty(l)) return false;
        if (!cs81_intersects(l, acc)) {
            if (++parts > left) return false;
            acc = cs81_or(acc, l);
        }
    }
    if (parts == left) *dead = cs81_or(*dead, cs81_andnot(R, acc));
    return true;
}

/* The region caps at frame f. The sets read are the unhit ones with no
 * cell outside the region (in = u minus the family's capout, made as sets
 * are appended). A set whose cells outside the region are all dead has its
 * live part inside too, but is left out: any packing of live parts inside
 * the region bounds its clues, and reading only the sets inside costs a
 * word per vector instead of a pass per live cell outside.
 *
 * Three greedy packings of their live parts, in set order, smallest first
 * and in reverse set order, each with the dead cells the ones before it
 * made: more parts than the region's clues left cuts (false); exactly as
 * many make the region's cells outside the parts dead (each part takes one
 * of the region's clues left). The packings differ, and the dead cells of
 * each hold for the others (K = 13 on 8x8, 300 unseen grids, nodes per
 * grid: one packing 9,944, three 8,070, with the branch on the smallest
 * part; 9,176 and 6,971 with the branch below; 11,123 before, one packing
 * and the smallest part as it was before the caps' dead cells).
 *
 * Notes the region with the smallest live part inside (h->cap_in, its
 * sets): the node branches on one of its parts (cap_branch), so that the
 * caps bind early. */
HV_ALWAYS bool caps_body(hitset_ctx *h, frame *f, const family *F, const int W, const int narrow)
{
    int best = 82;
    h->cap_has = false;
    for (int i = 0; i < h->ncaps; i++) {
        const cs81 R = nar(h->cap_region[i], narrow);
        int left = h->cap[i] - cs81_count(cs81_and(f->chosen, R)), j;
        if (left < 0) return false;
        uint64_t in[MAXW];
        for (int w = 0; w < W; w++) in[w] = f->u[w] & ~F->capout[i][w];
        cs81 dead = nar(f->dead, narrow), part[HITSET_MAX_UAS];
        int n = 0, mins = 82, maxs = 0;
        int16_t head[82], next[HITSET_MAX_UAS], order[3][HITSET_MAX_UAS];
        for (int s = 0; s < 82; s++) head[s] = -1;
        HV_FOREACH(j, in, W) {
            cs81 l = cs81_andnot(nar(F->ua[j], narrow), dead);
            int k = cs81_count(l);
            part[n] = l;
            next[n] = head[k];
            head[k] = (int16_t)n++;
            if (k < mins) mins = k;
            if (k > maxs) maxs = k;
        }
        /* set order, smallest first (per size the last set first), reverse
         * set order */
        int no = 0;
        for (int s = mins; s <= maxs; s++)
            for (int q = head[s]; q >= 0; q = next[q]) order[1][no++] = (int16_t)q;
        for (int q = 0; q < n; q++) {
            order[0][q] = (int16_t)q;
            order[2][q] = (int16_t)(n - 1 - q);
        }
        for (int o = 0; o < 3; o++)
            if (!cap_pack(part, order[o], n, R, left, &dead)) return false;
        f->dead = cs81_or(f->dead, dead);
        if (n && mins < best) {
            best = mins;
            h->cap_has = true;
            for (int w = 0; w < W; w++) h->cap_in[w] = in[w];
        }
    }
    return true;
}

#define CAPS_FN(W, N) \
    static bool caps_##W##_##N(hitset_ctx *h, frame *f, const family *F) { return caps_body(h, f, F, W, N); }
#define CAPS_FNS(W) CAPS_FN(W, 0) CAPS_FN(W, 1)
CAPS_FNS(1)
CAPS_FNS(2)
CAPS_FNS(4)
CAPS_FNS(8)

typedef bool (*caps_fn)(hitset_ctx *, frame *, const family *);
static const caps_fn caps_of[4][2] = {
    {caps_1_0, caps_1_1}, {caps_2_0, caps_2_1}, {caps_4_0, caps_4_1}, {caps_8_0, caps_8_1}};

static bool apply_caps(hitset_ctx *h, frame *f, const family *F)
{
    return caps_of[word_class(F->W)][narrow_of(h)](h, f, F);
}

/* Frame d is set up with r clues left. */

static void enter(hitset_ctx *h, int d, int r)
{
    if (h->stop) return;
    frame *f = &h->fr[d];
    count_node(h);
    const family *F = &h->fam[f->fam];
    if (hv_is_zero(f->u, F->W, 0)) {
        cs81 u;
        int k = check(h, f->chosen, &u);
        if (k > 0) {
            report_if_minimal(h, f->chosen);
            return;
        }
        if (r == 0) {
            if (k == 0) add_learned(h, d, u, false, true);
            return;
        }
        add_learned(h, d, u, true, k == 0);
    }
    if (r == 0) return;
    if (h->ncaps) {
        /* the frame's family as it is now: add_learned above may have
         * given the frame a new one (f->fam, f->u), and the caps read the
         * sets f->u names */
        if (!apply_caps(h, f, &h->fam[f->fam])) return;
    }
    dispatch(h, d, r);
}

/* ---- unions of pairwise disjoint sets (degree k) ------------------------ */

static void clique_dfs(hitset_ctx *h, const family *F, int pool, int start, int k, cs81 uni)
{
    for (int j = start; j < pool; j++) {
        if (++h->clique_steps > CLIQUE_STEPS) return;
        if (cs81_intersects(F->ua[j], uni)) continue;
        cs81 nu = cs81_or(uni, F->ua[j]);
        int nk = k + 1;
        if (nk > HITSET_MAX_DEGREE) return;
        if (nk >= 2 && h->nclq[nk] < 64 * CLQW) {
            int t = h->nclq[nk]++;
            int c;
            CS81_FOREACH(c, nu) h->clqcell[c][nk][t >> 6] |= UINT64_C(1) << (t & 63);
        }
        if (nk < h->maxdeg) clique_dfs(h, F, pool, j + 1, nk, nu);
    }
}

/* ---- entry ------------------------------------------------------------- */

mc_status hitset_run(hitset_ctx *h, const uint8_t *sol, const cs81 *uas, int nuas,
                     const hitset_options *opt, hitset_found_fn found, void *arg, hitset_stats *st)
{
    memset(st, 0, sizeof *st);
    if (opt->clues < 0 || opt->clues > h->ncells || opt->clues >= MAXDEPTH || nuas < 0 ||
        opt->max_degree > HITSET_MAX_DEGREE)
        return MC_EINVAL;
    h->grid = sol;
    h->K = opt->clues;
    h->maxdeg = opt->max_degree < 2 ? 1 : opt->max_degree;
    h->learn = opt->learn;
    h->simd = opt->simd;
    h->first = opt->first;
    if (opt->ncaps < 0 || opt->ncaps > HITSET_MAX_CAPS) return MC_EINVAL;
    h->ncaps = opt->ncaps;
    for (int i = 0; i < h->ncaps; i++) {
        h->cap_region[i] = opt->cap_region[i];
        h->cap[i] = opt->cap[i];
    }
    h->stop = false;
    h->halt = opt->halt;
    h->st = st;
    h->found = found;
    h->arg = arg;
    h->nlearned = 0;
    h->nrecent = h->rpos = 0;

    int maxinit = opt->max_initial > 0 ? opt->max_initial : HITSET_MAX_INITIAL;
    if (maxinit > HITSET_MAX_UAS) maxinit = HITSET_MAX_UAS;
    family *top = &h->fam[0];
    int n = 0;
    family_reset(h, top, words_for(nuas < maxinit ? nuas + 64 : maxinit + 64));
    for (int i = 0; i < nuas && n < maxinit; i++) {
        if (cs81_is_empty(uas[i])) continue;
        if (family_append(h, top, uas[i]) < 0) break;
        n++;
    }
    st->initial = (uint64_t)n;

    frame *f = &h->fr[0];
    memset(f, 0, sizeof *f);
    for (int i = 0; i < n; i++) hv_set(f->u, i);
    f->fam = 0;
    cs81 forced = cs81_and(opt->forced, h->allcells);
    int nforced = cs81_count(forced);
    if (nforced > h->K) return MC_EINVAL;
    f->chosen = forced;

    memset(h->clqcell, 0, sizeof(*h->clqcell) * 81);
    memset(h->nclq, 0, sizeof h->nclq);
    h->clique_steps = 0;
    if (h->maxdeg >= 2) {
        int pool = opt->clique_pool > 0 ? opt->clique_pool : 48;
        if (pool > n) pool = n;
        clique_dfs(h, top, pool, 0, 0, cs81_empty());
        for (int k = 2; k <= h->maxdeg; k++) {
            st->cliques[k] = (uint64_t)h->nclq[k];
            for (int t = 0; t < h->nclq[k]; t++) f->clq[k][t >> 6] |= UINT64_C(1) << (t & 63);
        }
    }
    int c;
    CS81_FOREACH(c, forced) {
        hv_andnot(f->u, f->u, top->cellvec[c], MAXW, 0);
        for (int k = 2; k <= h->maxdeg; k++) hv_andnot(f->clq[k], f->clq[k], h->clqcell[c][k], CLQW, 0);
    }
    enter(h, 0, h->K - nforced);
    return MC_OK;
}
