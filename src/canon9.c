/* canon9 — the 9x9 path of canon.h: minlex form by tables of band
 * conjugates (the method is described at the top of canon.c). */
#include "canon.h"

#include <assert.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "perm3.h"

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
    /* open addressing on the key; a slot packs key << 28 | rank << 14 | index
     * (rank = position of the entry's min among all distinct mins, so ranks
     * compare like mins and a look-up touches one cache line) */
    uint64_t slot[HASH_SIZE];
    uint64_t mins[NBPRIME]; /* the distinct mins in increasing order */
    int nmins;
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
    uint8_t b[9];
    t9_enumerate(b, 0, 0);
    assert(T9.nentries == NBPRIME);
    /* ranks of the distinct mins (few hundred; 14 bits available) */
    uint64_t *mins = T9.mins;
    int nmins = 0;
    for (int i = 0; i < NBPRIME; i++) {
        uint64_t v = T9.entry[i].min;
        int m = nmins;
        for (int a = 0; a < nmins; a++)
            if (mins[a] == v) m = a;
        if (m == nmins) mins[nmins++] = v;
    }
    for (int i = 1; i < nmins; i++)
        for (int m = i; m > 0 && mins[m] < mins[m - 1]; m--) {
            uint64_t t = mins[m];
            mins[m] = mins[m - 1];
            mins[m - 1] = t;
        }
    T9.nmins = nmins;
    assert(nmins < (1 << 14));
    memset(T9.slot, 0xff, sizeof T9.slot);
    for (int i = 0; i < NBPRIME; i++) {
        const bentry *e = &T9.entry[i];
        int lo = 0, hi = nmins - 1;
        while (lo < hi) {
            int mid = (lo + hi) / 2;
            if (mins[mid] < e->min) lo = mid + 1;
            else hi = mid;
        }
        uint32_t h = hash9(e->key);
        while (T9.slot[h] != UINT64_MAX) h = (h + 1) & (HASH_SIZE - 1);
        T9.slot[h] = e->key << 28 | (uint64_t)lo << 14 | (uint64_t)i;
    }
    assert(T9.maxcnt <= MAX_LIST);
}

/* The packed slot of key, or UINT64_MAX when key is no possible B' (the
 * grid was not valid). */
static inline uint64_t t9_lookup(uint64_t key)
{
    uint32_t h = hash9(key);
    for (;;) {
        uint64_t sl = T9.slot[h];
        if (sl >> 28 == key || sl == UINT64_MAX) return sl;
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

/* The fast path. Without target: the form into out (and to_canon), the
 * automorphism count returned. With target (= g, for canon_is_minlex9): the
 * search starts from g as the best so far and returns -1 as soon as some
 * candidate is smaller; otherwise the automorphism count (out and to_canon
 * unused). 0 for an invalid grid. */
static int canon9(const uint8_t *g, const uint8_t *target, uint8_t *out, transform *to_canon)
{
    pthread_once(&t9_once, t9_init);
    uint8_t dmax = 0;
    for (int i = 0; i < 81; i++) dmax = g[i] > dmax ? g[i] : dmax;
    if (dmax > 8) return 0;
    uint32_t best_rank = UINT32_MAX;
    if (target) {
        for (int j = 0; j < 9; j++)
            if (target[j] != j) return -1;
        uint64_t row2 = pack9(target + 9);
        uint64_t sl = t9_lookup(row2);
        if (sl == UINT64_MAX) return 0;
        if (T9.entry[sl & 0x3fff].min != row2) return -1;
        best_rank = (uint32_t)(sl >> 14) & 0x3fff;
    }
    uint8_t G[2][81];
    memcpy(G[0], g, 81);
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) G[1][c * 9 + r] = g[r * 9 + c];

    /* row 2: 36 table look-ups */
    cand9 cand[36];
    int ncand = 0;
    uint8_t lab[2][9][9]; /* lab[o][row][digit] = column of digit in that row */
    memset(lab, 0, sizeof lab); /* defined values even for an invalid grid */
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
                uint64_t sl = t9_lookup(key);
                if (sl == UINT64_MAX) return 0; /* not a valid grid */
                uint32_t rank = (uint32_t)(sl >> 14) & 0x3fff;
                if (rank > best_rank) continue;
                if (rank < best_rank) {
                    if (target) return -1;
                    best_rank = rank;
                    ncand = 0;
                }
                cand9 *cd = &cand[ncand++];
                cd->o = (uint8_t)o;
                cd->rowA = (uint8_t)r;
                cd->rowB = (uint8_t)rb;
                cd->rowC = (uint8_t)(base + (r % 3 + 3 - k) % 3);
                cd->e = &T9.entry[sl & 0x3fff];
            }
        }
    }

    uint64_t best2 = cand[0].e->min;
    /* row 3: conjugates of C' under the listed column permutations */
    surv9 surv[MAX_SURV];
    int nsurv = 0;
    uint64_t best3 = target ? pack9(target + 18) : UINT64_MAX;
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
                if (target) return -1;
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
    if (target) {
        memcpy(best, target + 27, sizeof best);
        best_surv = nsurv; /* stands for g itself */
    }
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
            if (target) return -1;
            memcpy(best, cur, sizeof best);
            memcpy(best_rows, rows, sizeof rows);
            best_surv = s;
            autos = 1;
        } else if (cmp == 0) {
            autos++;
        }
    }
    assert(best_surv >= 0);
    if (target) return autos;

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
    }
    for (int j = 0; j < 9; j++) {
        out[j] = (uint8_t)j;
        out[9 + j] = (uint8_t)(best2 >> (4 * (8 - j)) & 15);
        out[18 + j] = (uint8_t)(best3 >> (4 * (8 - j)) & 15);
    }
    memcpy(out + 27, best, sizeof best);
    return autos;
}

int canon_minlex9(const uint8_t *g, uint8_t *out, transform *to_canon)
{
    return canon9(g, NULL, out, to_canon);
}

bool canon_is_minlex9(const uint8_t *g, int *autos)
{
    int a = canon9(g, g, NULL, NULL);
    if (a <= 0) return false;
    if (autos) *autos = a;
    return true;
}

