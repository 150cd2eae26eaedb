/* ua64 — see ua64.h. */
#include "ua64.h"

#include <stdlib.h>
#include <string.h>

#include "grid.h"
#include "solve64.h"
#include "templates64.h"

struct ua64 {
    const geometry *geo;
    solve64 *sv;
    templates64 *tp;
    uint64_t *diff;     /* differences collected for the current grid */
    size_t n, cap;
    int max_size;
    int nomem;
    const uint8_t *grid;
};

ua64 *ua64_new(const geometry *geo)
{
    if (geo->ncells > 64) return NULL;
    ua64 *u = calloc(1, sizeof *u);
    if (!u) return NULL;
    u->geo = geo;
    u->sv = solve64_new(geo);
    u->tp = templates64_new(geo);
    if (!u->sv || !u->tp) {
        ua64_free(u);
        return NULL;
    }
    return u;
}

void ua64_free(ua64 *u)
{
    if (!u) return;
    solve64_free(u->sv);
    templates64_free(u->tp);
    free(u->diff);
    free(u);
}

static int keep(ua64 *u, uint64_t d)
{
    if (u->n == u->cap) {
        size_t cap = u->cap ? 2 * u->cap : 4096;
        uint64_t *p = realloc(u->diff, cap * sizeof *p);
        if (!p) {
            u->nomem = 1;
            return 1;
        }
        u->diff = p;
        u->cap = cap;
    }
    u->diff[u->n++] = d;
    return 0;
}

static int collect(void *arg, const uint8_t *sol)
{
    ua64 *u = arg;
    uint64_t d = 0;
    for (int x = 0; x < u->geo->ncells; x++)
        if (sol[x] != u->grid[x]) d |= UINT64_C(1) << x;
    if (!d || __builtin_popcountll(d) > u->max_size) return 0;
    return keep(u, d);
}

static int collect_diff(void *arg, uint64_t d) { return keep(arg, d); }

static int by_size(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    int px = __builtin_popcountll(x), py = __builtin_popcountll(y);
    if (px != py) return px < py ? -1 : 1;
    return x < y ? -1 : x > y;
}

/* Sorts by size and keeps the sets that contain no kept set (the kept ones
 * are smaller or equal in size, so every subset of a set comes before it). */
static size_t minimize(uint64_t *set, size_t n)
{
    qsort(set, n, sizeof *set, by_size);
    size_t kept = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t s = set[i];
        size_t j = 0;
        while (j < kept && (set[j] & ~s) != 0) j++;
        if (j < kept) continue;
        set[kept++] = s;
    }
    return kept;
}

int ua64_minimize(uint64_t *set, int n) { return n > 0 ? (int)minimize(set, (size_t)n) : 0; }

/* The cycles of the permutation a[i] -> b[i] (i < N, position i is cell
 * cell[0][i] in line a and cell[1][i] in line b) as cell masks. */
static int cycles_of(const uint8_t *a, const uint8_t *b, const int cell[2][8], int N, uint64_t *out, int cap)
{
    int pos[8], m = 0;
    for (int i = 0; i < N; i++) pos[a[i]] = i;
    unsigned seen = 0;
    for (int i = 0; i < N; i++) {
        if ((seen >> i) & 1) continue;
        uint64_t set = 0;
        for (int j = i; !((seen >> j) & 1); j = pos[b[j]]) {
            seen |= 1u << j;
            set |= UINT64_C(1) << cell[0][j] | UINT64_C(1) << cell[1][j];
        }
        if (m < cap) out[m++] = set;
    }
    return m;
}

int ua64_cycles(const geometry *g, const uint8_t *sol, uint64_t *out, int cap)
{
    const int N = g->N;
    int n = 0;
    uint8_t a[8], b[8];
    int cell[2][8];
    for (int t = 0; t < 2; t++) {            /* t = 0: rows of a band; 1: columns of a stack */
        int width = t == 0 ? g->R : g->C;    /* lines per strip */
        for (int x = 0; x < N; x++)
            for (int y = x + 1; y < N && y / width == x / width; y++) {
                for (int i = 0; i < N; i++) {
                    cell[0][i] = t == 0 ? x * N + i : i * N + x;
                    cell[1][i] = t == 0 ? y * N + i : i * N + y;
                    a[i] = sol[cell[0][i]];
                    b[i] = sol[cell[1][i]];
                }
                n += cycles_of(a, b, cell, N, out + n, cap - n);
            }
    }
    return n;
}

/* The differences collected, minimized, to out. */
static mc_status finish(ua64 *u, uint64_t *out, int cap, int *n, int *found)
{
    if (u->nomem) return MC_ENOMEM;
    size_t kept = minimize(u->diff, u->n);
    int m = kept < (size_t)cap ? (int)kept : cap;
    memcpy(out, u->diff, (size_t)m * sizeof *out);
    *n = m;
    if (found) *found = (int)kept;
    return MC_OK;
}

mc_status ua64_find(ua64 *u, const uint8_t *sol, int max_digits, int max_size, uint64_t *out, int cap, int *n,
                    int *found, uint64_t *solutions)
{
    u->n = 0;
    u->grid = sol;
    u->nomem = 0;
    uint64_t s = templates64_differences(u->tp, sol, max_digits, max_size, collect_diff, u);
    if (solutions) *solutions += s;
    return finish(u, out, cap, n, found);
}

mc_status ua64_find_by_solver(ua64 *u, const uint8_t *sol, int max_digits, int max_size, uint64_t *out, int cap,
                              int *n, int *found, uint64_t *solutions)
{
    const geometry *g = u->geo;
    const int N = g->N;
    u->n = 0;
    u->grid = sol;
    u->max_size = max_size;
    u->nomem = 0;
    uint8_t puzzle[64];
    for (unsigned D = 0; D < (1u << N); D++) {
        int k = __builtin_popcount(D);
        if (k < 2 || k > max_digits) continue;
        for (int x = 0; x < g->ncells; x++) puzzle[x] = (D >> sol[x]) & 1 ? CELL_EMPTY : sol[x];
        uint64_t s = solve64_near(u->sv, puzzle, sol, max_size, collect, u);
        if (solutions) *solutions += s;
        if (u->nomem) return MC_ENOMEM;
    }
    return finish(u, out, cap, n, found);
}
