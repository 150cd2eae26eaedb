/* canon — see canon.h.
 *
 * Fast 9x9 path (canon_minlex9)
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
 * Generic path (canon_minlex)
 * ---------------------------
 * For each orientation, each stack-respecting column permutation and each row
 * to become the first row, the relabelling is forced (the first row reads
 * 0..N-1) and, as above, the order of the remaining rows is forced. That is
 * 2 * R! * C!^R * N candidates; the order of the rows follows from their
 * first cells (two rows differ in every column), and most candidates lose
 * within the first band. About 10 us a grid for 6x6, 0.13 ms for 8x8, 0.4 ms
 * for 9x9, 10-20 ms for 12x12; 16x16 (4x4 boxes, 16 million column orders
 * per orientation) is far too slow to be useful.
 */
#include "canon.h"

#include <assert.h>
#include <pthread.h>
#include <stdbool.h>
#include <string.h>

/* ---------------------------------------------------------------------- */
/* Tables for the 9x9 path                                                 */

#define NCOLPERM 1296
#define NBPRIME 12096
#define HASH_BITS 15
#define HASH_SIZE (1 << HASH_BITS)
#define MAX_LIST_TOTAL 65536
#define MAX_LIST 18 /* longest list of column permutations for one B' */

typedef struct bentry {
    uint64_t key;  /* packed B' */
    uint64_t min;  /* packed smallest conjugate */
    uint32_t off;  /* first index into plist */
    uint32_t cnt;  /* number of column permutations reaching min */
} bentry;

static struct {
    uint8_t p[NCOLPERM][9], q[NCOLPERM][9];
    bentry entry[NBPRIME];
    int nentries;
    int16_t slot[HASH_SIZE]; /* index into entry, -1 = empty */
    uint16_t plist[MAX_LIST_TOTAL];
    uint32_t nplist;
    uint32_t maxcnt;
} T9;

static pthread_once_t t9_once = PTHREAD_ONCE_INIT;

static inline uint64_t pack9(const uint8_t *r)
{
    uint64_t v = 0;
    for (int j = 0; j < 9; j++) v = v << 4 | r[j];
    return v;
}

static inline uint32_t hash9(uint64_t key)
{
    return (uint32_t)((key * UINT64_C(0x9E3779B97F4A7C15)) >> (64 - HASH_BITS));
}

static void t9_add(const uint8_t *b)
{
    bentry *e = &T9.entry[T9.nentries];
    e->key = pack9(b);
    e->min = UINT64_MAX;
    e->off = T9.nplist;
    e->cnt = 0;
    for (int k = 0; k < NCOLPERM; k++) {
        const uint8_t *p = T9.p[k], *q = T9.q[k];
        uint64_t v = 0;
        for (int j = 0; j < 9; j++) v = v << 4 | q[b[p[j]]];
        if (v < e->min) {
            e->min = v;
            e->cnt = 0;
        }
        if (v == e->min) {
            assert(e->off + e->cnt < MAX_LIST_TOTAL);
            T9.plist[e->off + e->cnt++] = (uint16_t)k;
        }
    }
    T9.nplist = e->off + e->cnt;
    if (e->cnt > T9.maxcnt) T9.maxcnt = e->cnt;
    uint32_t h = hash9(e->key);
    while (T9.slot[h] >= 0) h = (h + 1) & (HASH_SIZE - 1);
    T9.slot[h] = (int16_t)T9.nentries;
    T9.nentries++;
}

/* Every permutation b of 0..8 with b[c] outside the stack of c. */
static void t9_enumerate(uint8_t *b, int c, unsigned used)
{
    if (c == 9) {
        t9_add(b);
        return;
    }
    for (int v = 0; v < 9; v++) {
        if ((used >> v & 1) || v / 3 == c / 3) continue;
        b[c] = (uint8_t)v;
        t9_enumerate(b, c + 1, used | 1u << v);
    }
}

static const uint8_t perm3[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};

static void t9_init(void)
{
    int k = 0;
    for (int s = 0; s < 6; s++)
        for (int a = 0; a < 6; a++)
            for (int b = 0; b < 6; b++)
                for (int c = 0; c < 6; c++, k++) {
                    const uint8_t *inner[3] = {perm3[a], perm3[b], perm3[c]};
                    for (int j = 0; j < 9; j++) {
                        int p = perm3[s][j / 3] * 3 + inner[j / 3][j % 3];
                        T9.p[k][j] = (uint8_t)p;
                        T9.q[k][p] = (uint8_t)j;
                    }
                }
    memset(T9.slot, 0xff, sizeof T9.slot);
    uint8_t b[9];
    t9_enumerate(b, 0, 0);
    assert(T9.nentries == NBPRIME);
    assert(T9.maxcnt <= MAX_LIST);
}

static inline const bentry *t9_lookup(uint64_t key)
{
    uint32_t h = hash9(key);
    for (;;) {
        int i = T9.slot[h];
        assert(i >= 0);
        if (T9.entry[i].key == key) return &T9.entry[i];
        h = (h + 1) & (HASH_SIZE - 1);
    }
}

/* ---------------------------------------------------------------------- */
/* 9x9 fast path                                                           */

typedef struct cand9 {
    uint8_t o, rowA, rowB, rowC; /* orientation; rows 0..8 of that orientation */
    const bentry *e;
} cand9;

typedef struct surv9 {
    uint8_t cand;
    uint16_t perm; /* index into T9.p */
} surv9;

/* Survivors of the top-band filter: at most 36 candidates times the longest
 * list of column permutations (18, checked when the table is built). The
 * 648-automorphism grid reaches the bound. */
#define MAX_SURV (36 * MAX_LIST)

int canon_minlex9(const uint8_t *g, uint8_t *out, transform *to_canon)
{
    pthread_once(&t9_once, t9_init);
    uint8_t G[2][81];
    memcpy(G[0], g, 81);
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) G[1][c * 9 + r] = g[r * 9 + c];

    /* row 2: 36 table look-ups */
    cand9 cand[36];
    int ncand = 0;
    uint64_t best2 = UINT64_MAX;
    uint8_t lab[2][9][9]; /* lab[o][row][digit] = column of digit in that row */
    for (int o = 0; o < 2; o++) {
        const uint8_t *X = G[o];
        for (int r = 0; r < 9; r++)
            for (int c = 0; c < 9; c++) lab[o][r][X[r * 9 + c]] = (uint8_t)c;
        for (int r = 0; r < 9; r++) {
            const uint8_t *la = lab[o][r];
            int base = r - r % 3;
            for (int k = 1; k < 3; k++) {
                int rb = base + (r % 3 + k) % 3;
                const uint8_t *B = X + rb * 9;
                uint64_t key = 0;
                for (int c = 0; c < 9; c++) key = key << 4 | la[B[c]];
                const bentry *e = t9_lookup(key);
                if (e->min > best2) continue;
                if (e->min < best2) {
                    best2 = e->min;
                    ncand = 0;
                }
                cand9 *cd = &cand[ncand++];
                cd->o = (uint8_t)o;
                cd->rowA = (uint8_t)r;
                cd->rowB = (uint8_t)rb;
                cd->rowC = (uint8_t)(base + (r % 3 + 3 - k) % 3);
                cd->e = e;
            }
        }
    }

    /* row 3: conjugates of C' under the listed column permutations */
    surv9 surv[MAX_SURV];
    int nsurv = 0;
    uint64_t best3 = UINT64_MAX;
    for (int i = 0; i < ncand; i++) {
        const cand9 *cd = &cand[i];
        const uint8_t *la = lab[cd->o][cd->rowA];
        const uint8_t *Crow = G[cd->o] + cd->rowC * 9;
        uint8_t cp[9];
        for (int c = 0; c < 9; c++) cp[c] = la[Crow[c]];
        const uint16_t *pl = T9.plist + cd->e->off;
        for (uint32_t k = 0; k < cd->e->cnt; k++) {
            const uint8_t *p = T9.p[pl[k]], *q = T9.q[pl[k]];
            uint64_t v = 0;
            for (int j = 0; j < 9; j++) v = v << 4 | q[cp[p[j]]];
            if (v > best3) continue;
            if (v < best3) {
                best3 = v;
                nsurv = 0;
            }
            assert(nsurv < MAX_SURV);
            surv[nsurv].cand = (uint8_t)i;
            surv[nsurv].perm = pl[k];
            nsurv++;
        }
    }

    /* rows 4..9: two rows of a grid differ in every column, so the order of
     * the remaining rows follows from their first cells alone; the cells are
     * then compared with the best so far until the first difference. */
    uint8_t best[54], cur[54];
    uint8_t best_rows[6] = {0};
    int best_surv = -1, autos = 0;
    for (int s = 0; s < nsurv; s++) {
        const cand9 *cd = &cand[surv[s].cand];
        const uint8_t *p = T9.p[surv[s].perm], *q = T9.q[surv[s].perm];
        const uint8_t *la = lab[cd->o][cd->rowA];
        const uint8_t *X = G[cd->o];
        uint8_t L[9];
        for (int d = 0; d < 9; d++) L[d] = q[la[d]];
        int band = cd->rowA / 3;
        int c0 = p[0];
        uint8_t f[6], rows[6];
        int n = 0;
        for (int r = 0; r < 9; r++) {
            if (r / 3 == band) continue;
            f[n] = L[X[r * 9 + c0]];
            rows[n++] = (uint8_t)r;
        }
        /* sort each band by first cell, then the band with the smaller
         * first row first */
        for (int h = 0; h < 6; h += 3)
            for (int i = h + 1; i < h + 3; i++)
                for (int k = i; k > h && f[k] < f[k - 1]; k--) {
                    uint8_t t = f[k];
                    f[k] = f[k - 1];
                    f[k - 1] = t;
                    t = rows[k];
                    rows[k] = rows[k - 1];
                    rows[k - 1] = t;
                }
        if (f[3] < f[0]) {
            for (int i = 0; i < 3; i++) {
                uint8_t t = rows[i];
                rows[i] = rows[i + 3];
                rows[i + 3] = t;
            }
        }
        int cmp = best_surv < 0 ? -1 : 0;
        for (int i = 0; i < 6 && cmp <= 0; i++) {
            const uint8_t *Xr = X + rows[i] * 9;
            uint8_t *cr = cur + i * 9;
            const uint8_t *br = best + i * 9;
            for (int j = 0; j < 9; j++) {
                uint8_t x = L[Xr[p[j]]];
                cr[j] = x;
                if (cmp == 0 && x != br[j]) {
                    cmp = x < br[j] ? -1 : 1;
                    if (cmp > 0) break;
                }
            }
        }
        if (cmp < 0) {
            memcpy(best, cur, sizeof best);
            memcpy(best_rows, rows, sizeof rows);
            best_surv = s;
            autos = 1;
        } else if (cmp == 0) {
            autos++;
        }
    }
    assert(best_surv >= 0);

    const cand9 *cd = &cand[surv[best_surv].cand];
    const uint8_t *p = T9.p[surv[best_surv].perm], *q = T9.q[surv[best_surv].perm];
    if (to_canon) {
        transform_identity(to_canon, geometry_9x9());
        to_canon->transpose = cd->o != 0;
        to_canon->row[0] = cd->rowA;
        to_canon->row[1] = cd->rowB;
        to_canon->row[2] = cd->rowC;
        for (int a = 0; a < 6; a++) to_canon->row[3 + a] = best_rows[a];
        for (int j = 0; j < 9; j++) to_canon->col[j] = p[j];
        const uint8_t *la = lab[cd->o][cd->rowA];
        for (int d = 0; d < 9; d++) to_canon->digit[d] = q[la[d]];
        assert(transform_is_valid(to_canon));
    }
    for (int j = 0; j < 9; j++) {
        out[j] = (uint8_t)j;
        out[9 + j] = (uint8_t)(best2 >> (4 * (8 - j)) & 15);
        out[18 + j] = (uint8_t)(best3 >> (4 * (8 - j)) & 15);
    }
    memcpy(out + 27, best, sizeof best);
    return autos;
}

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

typedef struct gen_state {
    const geometry *geo;
    int N, R, C;
    uint8_t band_of[MAX_N]; /* row -> band, to keep divisions out of the loop */
    uint8_t best[MAX_CELLS];
    int have_best, autos;
    transform best_t;
} gen_state;

/* Candidate: Y = one orientation of the grid, p the column order, r the row
 * to come first. Relabelling: row r reads 0..N-1. Two rows differ in
 * every column, so the forced order of the rows (r's band first, every band
 * in increasing order, bands by their smallest row) follows from the first
 * cells alone; the cells are then compared with the best so far up to the
 * first difference. */
static void gen_try(gen_state *st, const uint8_t *Y, bool transposed, const uint8_t *p, int r)
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

int canon_minlex(const grid *g, grid *out, transform *to_canon)
{
    const geometry *geo = g->geo;
    gen_state st;
    memset(&st, 0, sizeof st);
    st.geo = geo;
    st.N = geo->N;
    st.R = geo->R;
    st.C = geo->C;
    for (int i = 0; i < geo->N; i++) st.band_of[i] = (uint8_t)(i / geo->R);
    int N = geo->N, R = geo->R, C = geo->C;
    int ns = geo->nstacks; /* R stacks of C columns */
    uint8_t X[2][MAX_CELLS];
    memcpy(X[0], g->cell, (size_t)geo->ncells);
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++) X[1][c * N + r] = g->cell[r * N + c];
    int norient = R == C ? 2 : 1;
    (void)C;
    for (int o = 0; o < norient; o++) {
        uint8_t sp[MAX_N];         /* stack order */
        uint8_t inner[MAX_N][MAX_N]; /* column order inside each stack slot */
        for (int s = 0; s < ns; s++) sp[s] = (uint8_t)s;
        for (int s = 0; s < ns; s++)
            for (int k = 0; k < geo->C; k++) inner[s][k] = (uint8_t)k;
        do {
            for (;;) {
                uint8_t p[MAX_N];
                for (int j = 0; j < N; j++)
                    p[j] = (uint8_t)(sp[j / geo->C] * geo->C + inner[j / geo->C][j % geo->C]);
                for (int r = 0; r < N; r++) gen_try(&st, X[o], o != 0, p, r);
                /* odometer over the inner permutations */
                int s = 0;
                while (s < ns && !next_perm(inner[s], geo->C)) s++;
                if (s == ns) break;
            }
        } while (next_perm(sp, ns));
    }
    assert(st.have_best);
    if (to_canon) *to_canon = st.best_t;
    out->geo = geo;
    memcpy(out->cell, st.best, (size_t)geo->ncells);
    memset(out->cell + geo->ncells, CELL_EMPTY, sizeof out->cell - (size_t)geo->ncells);
    return st.autos;
}
