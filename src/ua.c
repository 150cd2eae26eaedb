/* ua — see ua.h. The store, the solver checks, ua_from_solution and the
 * complete reference finder. The fast pattern finder is in ua_find.c.
 *
 * Reference finder: how it works and why it misses nothing.
 *
 *   Let U be a minimal UA of G with |U| <= max_size, and S any other solution
 *   of "G without U". S differs from G in a subset of U, and that subset is
 *   itself unavoidable, so by minimality S differs from G in exactly U. Let
 *   D be the set of digits G holds on U. In each row, S and G agree outside
 *   U, so S puts on the row's U cells exactly the digits G has there: S uses
 *   only digits of D on U. Hence S is a solution of the puzzle P_D = "G with
 *   every cell holding a digit of D emptied" whose difference set from G is
 *   U and whose set of moved digits is exactly D. Every digit of U occurs at
 *   least twice (ua.h), so 2 <= |D| <= max_size / 2.
 *
 *   Moreover, in each row S puts on U the digits G has there, so S places
 *   every digit of D on at least two cells of U (each digit of U occurs at
 *   least twice in U).
 *
 *   The finder runs, for every digit subset D with 2 <= |D| <= max_size / 2,
 *   an exact enumeration of all solutions of P_D that differ from G in at
 *   most max_size cells and place every digit of D on at least two changed
 *   cells (a depth-first fill of the emptied cells in row-major order under
 *   the row, column and box constraints; the only pruning is by lower bounds
 *   on the changed cells still to come that hold for every such completion,
 *   see below), and collects their difference sets. So the collection C
 *   contains every minimal UA of size <= max_size, and every member of C is
 *   unavoidable (G and the other solution both complete "G without it"). The minimal members of C are
 *   then exactly the minimal UAs of size <= max_size: a minimal UA has no
 *   unavoidable proper subset, in particular none in C; and a non-minimal
 *   member V of C contains a minimal UA W, |W| < |V| <= max_size, which is
 *   in C. ua_store_normalize keeps exactly the minimal members.
 *
 *   Lower bound: when digit d is placed in a cell x where G has another
 *   digit, every not yet filled cell q sharing a unit with x where G has d
 *   can no longer receive d, so q must change too. The set F of such forced
 *   cells is kept. Let need = the sum over d in D of max(0, 2 - times d was
 *   placed on a changed cell so far); every changed cell places one digit,
 *   so at least max(|F|, need) cells change later, and at least need cells
 *   must remain. Branches with changed + max(|F|, need) > max_size or fewer
 *   than need cells left hold no wanted completion.
 */
#include "ua.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "sort.h"

/* ---------------------------------------------------------------- store */

void ua_store_init(ua_store *s)
{
    s->set = NULL;
    s->n = s->cap = 0;
}

void ua_store_free(ua_store *s)
{
    free(s->set);
    ua_store_init(s);
}

void ua_store_clear(ua_store *s) { s->n = 0; }

mc_status ua_store_add(ua_store *s, cs81 u)
{
    if (s->n == s->cap) {
        int cap = s->cap ? 2 * s->cap : 256;
        cs81 *p = realloc(s->set, sizeof *p * (size_t)cap);
        if (!p) return MC_ENOMEM;
        s->set = p;
        s->cap = cap;
    }
    s->set[s->n++] = u;
    return MC_OK;
}

static int cmp_cs81(const void *a, const void *b) { return cs81_cmp(*(const cs81 *)a, *(const cs81 *)b); }

/* The sets in cs81_cmp's order: a merge sort (sort_cs81) with the store's
 * room past n as its scratch (grown to 2 n, geometrically, so a store used
 * again needs no allocation); qsort, the same order, when it cannot grow. */
void ua_store_sort(ua_store *s)
{
    if (s->n < 2) return;
    if (s->cap < 2 * s->n) {
        int cap = s->cap;
        while (cap < 2 * s->n) cap *= 2;
        cs81 *p = realloc(s->set, sizeof *p * (size_t)cap);
        if (!p) {
            qsort(s->set, (size_t)s->n, sizeof *s->set, cmp_cs81);
            return;
        }
        s->set = p;
        s->cap = cap;
    }
    sort_cs81(s->set, s->n, s->set + s->n);
}

void ua_store_normalize(ua_store *s)
{
    if (s->n == 0) return;
    ua_store_sort(s);
    /* After sorting, every set that could be inside set i comes before it
     * (strictly smaller); the kept prefix holds only minimal members. */
    int kept = 0;
    for (int i = 0; i < s->n; i++) {
        cs81 u = s->set[i];
        if (kept > 0 && cs81_eq(s->set[kept - 1], u)) continue;
        bool super = false;
        int cu = cs81_count(u);
        for (int j = 0; j < kept && cs81_count(s->set[j]) < cu; j++)
            if (cs81_subset(s->set[j], u)) {
                super = true;
                break;
            }
        if (!super) s->set[kept++] = u;
    }
    s->n = kept;
}

/* ------------------------------------------------------- solver checks */

static void blank(const geometry *geo, const uint8_t *g, cs81 u, uint8_t *puzzle)
{
    memcpy(puzzle, g, (size_t)geo->ncells);
    int c;
    CS81_FOREACH(c, u) puzzle[c] = CELL_EMPTY;
}

bool ua_is_unavoidable(solver_ctx *ctx, const geometry *geo, const uint8_t *g, cs81 u)
{
    assert(geo->ncells <= 81);
    uint8_t puzzle[MAX_CELLS];
    blank(geo, g, u, puzzle);
    return solver_count(ctx, puzzle, 2, NULL) >= 2;
}

bool ua_is_minimal(solver_ctx *ctx, const geometry *geo, const uint8_t *g, cs81 u)
{
    if (cs81_is_empty(u) || !ua_is_unavoidable(ctx, geo, g, u)) return false;
    int c;
    CS81_FOREACH(c, u) {
        cs81 v = u;
        cs81_del(&v, c);
        if (ua_is_unavoidable(ctx, geo, g, v)) return false;
    }
    return true;
}

static cs81 diff_set(const geometry *geo, const uint8_t *a, const uint8_t *b)
{
    cs81 d = cs81_empty();
    for (int c = 0; c < geo->ncells; c++)
        if (a[c] != b[c]) cs81_add(&d, c);
    return d;
}

cs81 ua_from_solution(solver_ctx *ctx, const geometry *geo, const uint8_t *g, const uint8_t *other)
{
    assert(geo->ncells <= 81);
    cs81 u = diff_set(geo, g, other);
    /* One pass suffices: if "G without U \ {c}" is unique, so is "G without
     * V \ {c}" for every later V inside U (more clues). When U \ {c} is
     * still unavoidable, jump to the difference set of the other solution,
     * which lies inside U \ {c}. */
    uint8_t puzzle[MAX_CELLS];
    solver_result res;
    cs81 todo = u;
    while (!cs81_is_empty(todo)) {
        int c = cs81_pop(&todo);
        if (!cs81_has(u, c)) continue;
        cs81 v = u;
        cs81_del(&v, c);
        blank(geo, g, v, puzzle);
        if (solver_count(ctx, puzzle, 2, &res) >= 2) {
            const uint8_t *alt = memcmp(res.sol[0], g, (size_t)geo->ncells) ? res.sol[0] : res.sol[1];
            u = diff_set(geo, g, alt);
            assert(cs81_subset(u, v));
            todo = cs81_and(todo, u);
        }
    }
    return u;
}

/* ------------------------------------------------- reference enumerator */

typedef struct ref_ctx {
    const geometry *geo;
    const uint8_t *g;
    int max_size;
    uint16_t dmask;                 /* D */
    int ncell;                      /* emptied cells, row-major */
    uint8_t cell[81];
    uint8_t idx[81];                /* position of a cell in cell[], 255 if kept */
    uint8_t pos[MAX_UNITS][MAX_N];  /* pos[unit][d]: the cell of the unit where G has d */
    uint16_t used[MAX_UNITS];       /* D digits placed so far per unit */
    uint8_t placed[MAX_N];          /* times each digit was placed on a changed cell */
    ua_store *out;
    mc_status st;
} ref_ctx;

static void ref_fill(ref_ctx *r, int i, int cost, cs81 forced, cs81 diff, int need)
{
    if (r->st != MC_OK) return;
    if (i == r->ncell) {
        if (cost > 0 && need == 0) r->st = ua_store_add(r->out, diff);
        return;
    }
    const geometry *geo = r->geo;
    int x = r->cell[i];
    const uint8_t *u = geo->cell_units[x];
    bool must_change = cs81_has(forced, x);
    (void)must_change;
    cs81_del(&forced, x);
    uint16_t cand = r->dmask & ~(r->used[u[0]] | r->used[u[1]] | r->used[u[2]]);
    int gx = r->g[x];
    int left = r->ncell - i - 1; /* cells after this one */
    while (cand) {
        int d = __builtin_ctz(cand);
        cand &= (uint16_t)(cand - 1);
        uint16_t bit = (uint16_t)(1u << d);
        cs81 f = forced, df = diff;
        int c2 = cost, need2 = need;
        if (d != gx) {
            c2++;
            cs81_add(&df, x);
            if (r->placed[d]++ < 2) need2--;
            for (int k = 0; k < 3; k++) {
                int q = r->pos[u[k]][d];
                if (r->idx[q] != 255 && r->idx[q] > i) cs81_add(&f, q);
            }
        } else {
            assert(!must_change);
        }
        int nf = cs81_count(f);
        if (c2 + (nf > need2 ? nf : need2) <= r->max_size && need2 <= left) {
            r->used[u[0]] |= bit;
            r->used[u[1]] |= bit;
            r->used[u[2]] |= bit;
            ref_fill(r, i + 1, c2, f, df, need2);
            r->used[u[0]] &= (uint16_t)~bit;
            r->used[u[1]] &= (uint16_t)~bit;
            r->used[u[2]] &= (uint16_t)~bit;
        }
        if (d != gx) r->placed[d]--;
    }
}

mc_status ua_find_reference(const geometry *geo, const uint8_t *g, int max_size, ua_store *out)
{
    assert(geo->ncells <= 81 && geo->N <= 16);
    ref_ctx *r = malloc(sizeof *r);
    if (!r) return MC_ENOMEM;
    memset(r, 0, sizeof *r);
    r->geo = geo;
    r->g = g;
    r->max_size = max_size;
    r->out = out;
    r->st = MC_OK;
    int N = geo->N;
    for (int c = 0; c < geo->ncells; c++) assert(g[c] < N); /* a valid solution grid */
    for (int u = 0; u < 3 * N; u++)
        for (int k = 0; k < N; k++) r->pos[u][g[geo->unit[u][k]]] = geo->unit[u][k];
    int maxd = max_size / 2 < N ? max_size / 2 : N;
    for (uint32_t D = 0; D < (1u << N) && r->st == MC_OK; D++) {
        int nd = __builtin_popcount(D);
        if (nd < 2 || nd > maxd) continue;
        r->dmask = (uint16_t)D;
        r->ncell = 0;
        for (int c = 0; c < geo->ncells; c++) {
            if ((D >> g[c]) & 1) {
                r->idx[c] = (uint8_t)r->ncell;
                r->cell[r->ncell++] = (uint8_t)c;
            } else {
                r->idx[c] = 255;
            }
        }
        memset(r->used, 0, sizeof r->used);
        memset(r->placed, 0, sizeof r->placed);
        ref_fill(r, 0, 0, cs81_empty(), cs81_empty(), 2 * nd);
    }
    mc_status st = r->st;
    free(r);
    if (st == MC_OK) ua_store_normalize(out);
    return st;
}
