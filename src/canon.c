/* canon — see canon.h. The 9x9 path is in canon9.c; this file holds the
 * generic paths and the entry points.
 *
 * Fast 9x9 path (canon_minlex9, canon9.c)
 * ------------------------------
 * Take the grid in one of its two orientations and three rows A, B, C of one
 * band, meant to become rows 1, 2, 3 of the result. Relabel so that A reads
 * 0 1 ... 8 in the original column order: lab[A[c]] = c. Row B becomes the
 * permutation B'(c) = lab[B[c]], which never maps a column into its own
 * stack (box rule). A stack-respecting column permutation p (new column j is
 * old column p[j], q = p^-1) followed by the relabelling that keeps row A
 * reading 0..8 turns B' into its conjugate
 *     row2[j] = q[B'[p[j]]]
 * (and C' likewise). Only 12,096 permutations B' are possible; for each, a
 * table built once (under pthread_once) holds the smallest conjugate over all
 * 1296 column permutations and the list of every p that reaches it.
 *
 * Per grid: the 36 choices (orientation, band, ordered A/B) are looked up in
 * the table and the smallest row 2 kept with its ties; for each tie and each
 * listed p the conjugate of C' gives row 3, again keeping ties; for each
 * survivor the column order and the labels are now fixed, and rows 4..9 are
 * forced: all rows of a grid differ, so the smallest remaining row picks the
 * second band and every band lists its rows in increasing order. The
 * smallest completion wins; the number of survivors that reach it is the
 * automorphism count (each survivor is one distinct position map, and every
 * position map that yields the minlex form passes all three filters).
 *
 * Rows are packed into 36-bit integers (4 bits a cell, first cell most
 * significant), so integer order is lexicographic order.
 *
 * canon_is_minlex9 runs the same search with the grid itself as the best so
 * far and stops at the first candidate that is smaller.
 *
 * Generic paths (canon_minlex, canon_minlex_exhaustive)
 * -----------------------------------------------------
 * Exhaustive: for each orientation, each stack-respecting column order and
 * each row to become the first row, the relabelling is forced (the first row
 * reads 0..N-1) and so is the order of the remaining rows: two rows differ
 * in every column, so r's band comes first, every band lists its rows by
 * first cell, and bands follow in the order of their smallest first cell.
 * 2 * R! * C!^R * N candidates, most lost within the first band: about
 * 10 us a grid for 6x6, 0.13 ms for 8x8, 0.4 ms for 9x9, 15-30 ms for 12x12;
 * 16x16 (16 million column orders per orientation) is far too slow.
 *
 * Table (canon_minlex on shapes up to 9x9): the 9x9 table idea per shape,
 * built on first use: for every possible B' the smallest conjugate and the
 * column orders reaching it. Only (A, B, listed column order) candidates are
 * finished, as in the exhaustive loop. A few microseconds a grid up to 9x9.
 */
#include "canon.h"

#include <assert.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------------- */
/* Generic path                                                            */

/* Advances perm (length n) to the next permutation in lexicographic order;
 * false (and perm back to the identity) after the last one. */
static bool next_perm(uint8_t *perm, int n)
{
    int i = n - 2;
    while (i >= 0 && perm[i] >= perm[i + 1]) i--;
    if (i < 0) {
        for (int k = 0; k < n; k++) perm[k] = (uint8_t)k;
        return false;
    }
    int j = n - 1;
    while (perm[j] <= perm[i]) j--;
    uint8_t t = perm[i];
    perm[i] = perm[j];
    perm[j] = t;
    for (int a = i + 1, b = n - 1; a < b; a++, b--) {
        t = perm[a];
        perm[a] = perm[b];
        perm[b] = t;
    }
    return true;
}

typedef struct cand_search {
    const geometry *geo;
    int N, R, C;
    uint8_t band_of[MAX_N]; /* row -> band, to keep divisions out of the loop */
    uint8_t best[MAX_CELLS];
    int have_best, autos;
    transform best_t;
} cand_search;

/* Candidate: Y = one orientation of the grid, p the column order, r the row
 * to come first. Relabelling: row r reads 0..N-1. Two rows differ in
 * every column, so the forced order of the rows (r's band first, every band
 * in increasing order, bands by their smallest row) follows from the first
 * cells alone; the cells are then compared with the best so far up to the
 * first difference. */
static void try_candidate(cand_search *st, const uint8_t *Y, bool transposed, const uint8_t *p, int r)
{
    int N = st->N, R = st->R;
    uint8_t lab[MAX_N];
    for (int j = 0; j < N; j++) lab[Y[r * N + p[j]]] = (uint8_t)j;
    int c0 = p[0];
    uint8_t order[MAX_N], f[MAX_N];
    int n = 0;
    /* r's band: its other rows by first cell (most candidates lose here) */
    int band = st->band_of[r];
    order[n++] = (uint8_t)r;
    for (int i = band * R; i < band * R + R; i++) {
        if (i == r) continue;
        uint8_t v = lab[Y[i * N + c0]];
        int k = n;
        while (k > 1 && f[k - 1] > v) {
            f[k] = f[k - 1];
            order[k] = order[k - 1];
            k--;
        }
        f[k] = v;
        order[k] = (uint8_t)i;
        n++;
    }
    uint8_t cur[MAX_CELLS];
    int cmp = st->have_best ? 0 : -1;
    int i = 1;
    for (;; i++) {
        if (i == R) {
            /* the other bands: in order of their smallest first cell, each
             * listing its rows by first cell */
            uint8_t inv[MAX_N];
            memset(inv, 0xff, (size_t)N);
            for (int k = 0; k < N; k++)
                if (st->band_of[k] != band) inv[lab[Y[k * N + c0]]] = (uint8_t)k;
            uint8_t blist[MAX_N][MAX_N], blen[MAX_N] = {0}, border[MAX_N];
            int nbord = 0;
            for (int v = 0; v < N; v++) {
                int k = inv[v];
                if (k == 0xff) continue;
                int b = st->band_of[k];
                if (blen[b] == 0) border[nbord++] = (uint8_t)b;
                blist[b][blen[b]++] = (uint8_t)k;
            }
            for (int k = 0; k < nbord; k++)
                for (int m = 0; m < R; m++) order[n++] = blist[border[k]][m];
            assert(n == N);
        }
        if (i == N) break;
        const uint8_t *y = Y + order[i] * N;
        uint8_t *c = cur + i * N;
        const uint8_t *bst = st->best + i * N;
        for (int j = 0; j < N; j++) {
            uint8_t x = lab[y[p[j]]];
            c[j] = x;
            if (cmp == 0 && x != bst[j]) {
                if (x > bst[j]) return;
                cmp = -1;
            }
        }
    }
    if (cmp == 0) {
        st->autos++;
        return;
    }
    st->have_best = 1;
    st->autos = 1;
    for (int j = 0; j < N; j++) cur[j] = (uint8_t)j;
    memcpy(st->best, cur, (size_t)(N * N));
    transform *t = &st->best_t;
    transform_identity(t, st->geo);
    t->transpose = transposed;
    for (int k = 0; k < N; k++) {
        t->row[k] = order[k];
        t->col[k] = p[k];
        t->digit[k] = lab[k];
    }
}

/* ---------------------------------------------------------------------- */
/* Generic path with a table (shapes up to 9x9)                            */

/* The 9x9 idea for any shape small enough: a table, built once per shape,
 * maps every possible B' (row B relabelled by row A of the same band) to its
 * smallest conjugate under the column orders and the list of column orders
 * reaching it. A position map that yields the minlex form puts some A first
 * and the smallest band row under its column order second, so its column
 * order is listed for that (A, B); try_candidate finishes each listed candidate.
 * Far fewer candidates than the exhaustive loop. */

#define GT_MAX_WORK UINT64_C(40000000) /* cap on B' count x column orders */

typedef struct gtable {
    int N, ncp, nent;
    uint32_t hmask;
    uint8_t (*p)[MAX_N], (*q)[MAX_N];
    uint64_t *key, *min;
    uint32_t *off, *cnt;
    uint16_t *plist;
    uint32_t nplist, cap_plist;
    int32_t *slot; /* entry index + 1, 0 = empty */
} gtable;

static pthread_mutex_t gt_lock = PTHREAD_MUTEX_INITIALIZER;
static gtable *gt_cache[MAX_N + 1][MAX_N + 1];
static bool gt_tried[MAX_N + 1][MAX_N + 1];

static void gt_free(gtable *T)
{
    if (!T) return;
    free(T->p);
    free(T->q);
    free(T->key);
    free(T->min);
    free(T->off);
    free(T->cnt);
    free(T->plist);
    free(T->slot);
    free(T);
}

/* Counts (out == NULL) or lists the permutations b with b[c] outside the
 * stack of c. */
static void gt_bprimes(const geometry *geo, uint8_t *b, int c, uint32_t used, uint64_t *n, uint64_t *out)
{
    int N = geo->N, C = geo->C;
    if (c == N) {
        if (out) {
            uint64_t key = 0;
            for (int j = 0; j < N; j++) key = key << 4 | b[j];
            out[*n] = key;
        }
        (*n)++;
        return;
    }
    for (int v = 0; v < N; v++) {
        if ((used >> v & 1) || v / C == c / C) continue;
        b[c] = (uint8_t)v;
        gt_bprimes(geo, b, c + 1, used | UINT32_C(1) << v, n, out);
    }
}

static inline uint32_t gt_hash(uint64_t key, uint32_t mask)
{
    return (uint32_t)((key * UINT64_C(0x9E3779B97F4A7C15)) >> 32) & mask;
}

static gtable *gt_build(const geometry *geo)
{
    int N = geo->N, C = geo->C, ns = geo->nstacks;
    if (N > 9) return NULL;
    uint64_t ncp = 1;
    for (int k = 2; k <= ns; k++) ncp *= (uint64_t)k;
    uint64_t fc = 1;
    for (int k = 2; k <= C; k++) fc *= (uint64_t)k;
    for (int s = 0; s < ns; s++) ncp *= fc;
    uint8_t b[MAX_N];
    uint64_t nb = 0;
    gt_bprimes(geo, b, 0, 0, &nb, NULL);
    if (ncp > 65535 || nb * ncp > GT_MAX_WORK) return NULL;
    gtable *T = calloc(1, sizeof *T);
    if (!T) return NULL;
    T->N = N;
    T->ncp = (int)ncp;
    T->nent = (int)nb;
    uint32_t hsize = 1;
    while (hsize < 2 * nb) hsize <<= 1;
    T->hmask = hsize - 1;
    T->p = malloc(ncp * sizeof *T->p);
    T->q = malloc(ncp * sizeof *T->q);
    T->key = malloc(nb * sizeof *T->key);
    T->min = malloc(nb * sizeof *T->min);
    T->off = malloc(nb * sizeof *T->off);
    T->cnt = malloc(nb * sizeof *T->cnt);
    T->slot = calloc(hsize, sizeof *T->slot);
    T->cap_plist = (uint32_t)nb * 4;
    T->plist = malloc(T->cap_plist * sizeof *T->plist);
    if (!T->p || !T->q || !T->key || !T->min || !T->off || !T->cnt || !T->slot || !T->plist) {
        gt_free(T);
        return NULL;
    }
    /* column orders: stack order (outer) and the order inside each stack */
    uint8_t sp[MAX_N], inner[MAX_N][MAX_N];
    for (int s = 0; s < ns; s++) {
        sp[s] = (uint8_t)s;
        for (int k = 0; k < C; k++) inner[s][k] = (uint8_t)k;
    }
    int k = 0;
    do {
        for (;;) {
            for (int j = 0; j < N; j++) {
                int pj = sp[j / C] * C + inner[j / C][j % C];
                T->p[k][j] = (uint8_t)pj;
                T->q[k][pj] = (uint8_t)j;
            }
            k++;
            int s = 0;
            while (s < ns && !next_perm(inner[s], C)) s++;
            if (s == ns) break;
        }
    } while (next_perm(sp, ns));
    assert(k == T->ncp);
    uint64_t n = 0;
    gt_bprimes(geo, b, 0, 0, &n, T->key);
    for (int e = 0; e < T->nent; e++) {
        uint8_t bp[MAX_N];
        for (int j = 0; j < N; j++) bp[j] = (uint8_t)(T->key[e] >> (4 * (N - 1 - j)) & 15);
        uint64_t best = UINT64_MAX;
        T->off[e] = T->nplist;
        T->cnt[e] = 0;
        for (int m = 0; m < T->ncp; m++) {
            const uint8_t *p = T->p[m], *q = T->q[m];
            uint64_t full = 0;
            for (int j = 0; j < N; j++) full = full << 4 | q[bp[p[j]]];
            if (full > best) continue;
            if (full < best) {
                best = full;
                T->cnt[e] = 0;
                T->nplist = T->off[e];
            }
            if (T->nplist == T->cap_plist) {
                uint32_t cap = T->cap_plist * 2;
                uint16_t *np = realloc(T->plist, cap * sizeof *np);
                if (!np) {
                    gt_free(T);
                    return NULL;
                }
                T->plist = np;
                T->cap_plist = cap;
            }
            T->plist[T->nplist++] = (uint16_t)m;
            T->cnt[e]++;
        }
        T->min[e] = best;
        uint32_t h = gt_hash(T->key[e], T->hmask);
        while (T->slot[h]) h = (h + 1) & T->hmask;
        T->slot[h] = e + 1;
    }
    return T;
}

/* The table for the shape, built on first use; NULL when the shape is too
 * big for one (or memory ran out): the exhaustive loop is used then. */
static const gtable *gt_get(const geometry *geo)
{
    pthread_mutex_lock(&gt_lock);
    if (!gt_tried[geo->R][geo->C]) {
        gt_cache[geo->R][geo->C] = gt_build(geo);
        gt_tried[geo->R][geo->C] = true;
    }
    const gtable *T = gt_cache[geo->R][geo->C];
    pthread_mutex_unlock(&gt_lock);
    return T;
}

static int gt_lookup(const gtable *T, uint64_t key)
{
    uint32_t h = gt_hash(key, T->hmask);
    for (;;) {
        int32_t e = T->slot[h];
        if (e == 0) return -1;
        if (T->key[e - 1] == key) return e - 1;
        h = (h + 1) & T->hmask;
    }
}

/* ---------------------------------------------------------------------- */

static void search_init(cand_search *st, const grid *g, uint8_t X[2][MAX_CELLS])
{
    const geometry *geo = g->geo;
    memset(st, 0, sizeof *st);
    st->geo = geo;
    st->N = geo->N;
    st->R = geo->R;
    st->C = geo->C;
    for (int i = 0; i < geo->N; i++) st->band_of[i] = (uint8_t)(i / geo->R);
    int N = geo->N;
    memcpy(X[0], g->cell, (size_t)geo->ncells);
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++) X[1][c * N + r] = g->cell[r * N + c];
}

static int search_finish(const cand_search *st, grid *out, transform *to_canon)
{
    const geometry *geo = st->geo;
    assert(st->have_best);
    if (to_canon) *to_canon = st->best_t;
    out->geo = geo;
    memcpy(out->cell, st->best, (size_t)geo->ncells);
    memset(out->cell + geo->ncells, CELL_EMPTY, sizeof out->cell - (size_t)geo->ncells);
    return st->autos;
}

int canon_minlex_exhaustive(const grid *g, grid *out, transform *to_canon)
{
    const geometry *geo = g->geo;
    if (!grid_is_valid_solution(g)) {
        *out = *g;
        if (to_canon) transform_identity(to_canon, geo);
        return 0;
    }
    cand_search st;
    uint8_t X[2][MAX_CELLS];
    search_init(&st, g, X);
    int N = geo->N, C = geo->C;
    int ns = geo->nstacks; /* R stacks of C columns */
    int norient = geo->R == C ? 2 : 1;
    for (int o = 0; o < norient; o++) {
        uint8_t sp[MAX_N];           /* stack order */
        uint8_t inner[MAX_N][MAX_N]; /* column order inside each stack slot */
        for (int s = 0; s < ns; s++) sp[s] = (uint8_t)s;
        for (int s = 0; s < ns; s++)
            for (int k = 0; k < C; k++) inner[s][k] = (uint8_t)k;
        do {
            for (;;) {
                uint8_t p[MAX_N];
                for (int j = 0; j < N; j++) p[j] = (uint8_t)(sp[j / C] * C + inner[j / C][j % C]);
                for (int r = 0; r < N; r++) try_candidate(&st, X[o], o != 0, p, r);
                /* odometer over the inner permutations */
                int s = 0;
                while (s < ns && !next_perm(inner[s], C)) s++;
                if (s == ns) break;
            }
        } while (next_perm(sp, ns));
    }
    return search_finish(&st, out, to_canon);
}

int canon_minlex(const grid *g, grid *out, transform *to_canon)
{
    const geometry *geo = g->geo;
    const gtable *T = grid_is_valid_solution(g) ? gt_get(geo) : NULL;
    if (!T) return canon_minlex_exhaustive(g, out, to_canon);
    cand_search st;
    uint8_t X[2][MAX_CELLS];
    search_init(&st, g, X);
    int N = geo->N, R = geo->R;
    int norient = R == geo->C ? 2 : 1;
    typedef struct gcand {
        uint8_t o, a;
        int e;
    } gcand;
    gcand cand[2 * MAX_N * MAX_N];
    int ncand = 0;
    uint64_t best = UINT64_MAX;
    for (int o = 0; o < norient; o++) {
        const uint8_t *Xo = X[o];
        for (int a = 0; a < N; a++) {
            uint8_t lab[MAX_N];
            for (int c = 0; c < N; c++) lab[Xo[a * N + c]] = (uint8_t)c;
            int base = a - a % R;
            for (int b = base; b < base + R; b++) {
                if (b == a) continue;
                uint64_t key = 0;
                for (int c = 0; c < N; c++) key = key << 4 | lab[Xo[b * N + c]];
                int e = gt_lookup(T, key);
                assert(e >= 0);
                if (T->min[e] > best) continue;
                if (T->min[e] < best) {
                    best = T->min[e];
                    ncand = 0;
                }
                cand[ncand].o = (uint8_t)o;
                cand[ncand].a = (uint8_t)a;
                cand[ncand].e = e;
                ncand++;
            }
        }
    }
    for (int i = 0; i < ncand; i++) {
        const gcand *cd = &cand[i];
        const uint16_t *pl = T->plist + T->off[cd->e];
        for (uint32_t k = 0; k < T->cnt[cd->e]; k++) try_candidate(&st, X[cd->o], cd->o != 0, T->p[pl[k]], cd->a);
    }
    return search_finish(&st, out, to_canon);
}
