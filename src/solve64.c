/* solve64 — see solve64.h. */
#include "solve64.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"

typedef struct state {
    uint64_t pos[SOLVE64_MAX_N];
    uint64_t placed[SOLVE64_MAX_N];
    uint64_t open;
} state;

struct solve64 {
    int N, ncells, nunits;
    uint64_t unit[3 * SOLVE64_MAX_N];
    uint64_t peers[64];
    /* per call */
    solve64_fn fn;
    void *arg;
    uint64_t found;
    int stop;
    uint64_t nodes;
    uint8_t sol[64];
    uint64_t ref[SOLVE64_MAX_N];  /* solve64_near: the reference grid's cells per digit */
    int maxdiff;                  /* solve64_near: the most cells differing from it (else 64) */
};

#define BIT(x) (UINT64_C(1) << (x))

solve64 *solve64_new(const geometry *geo)
{
    if (geo->ncells > 64 || geo->N > SOLVE64_MAX_N) return NULL;
    solve64 *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->N = geo->N;
    s->ncells = geo->ncells;
    s->nunits = 3 * geo->N;
    for (int u = 0; u < s->nunits; u++)
        for (int i = 0; i < geo->N; i++) s->unit[u] |= BIT(geo->unit[u][i]);
    for (int x = 0; x < geo->ncells; x++)
        for (int i = 0; i < geo->npeers; i++) s->peers[x] |= BIT(geo->peer[x][i]);
    return s;
}

void solve64_free(solve64 *s) { free(s); }

/* Places digit d in cell x; false when d is no longer possible there. */
static inline bool assign(const solve64 *s, state *t, int x, int d)
{
    uint64_t b = BIT(x);
    if (!(t->pos[d] & b)) return false;
    for (int e = 0; e < s->N; e++) t->pos[e] &= ~b;
    t->pos[d] = (t->pos[d] & ~s->peers[x]) | b;
    t->placed[d] |= b;
    t->open &= ~b;
    return true;
}

/* Singles to a fixpoint; false at a dead end. */
static bool propagate(const solve64 *s, state *t)
{
    const int N = s->N;
    for (;;) {
        bool changed = false;
        uint64_t ones = 0, twos = 0;
        for (int d = 0; d < N; d++) {
            twos |= ones & t->pos[d];
            ones |= t->pos[d];
        }
        if (t->open & ~ones) return false;
        uint64_t single = t->open & ~twos;
        while (single) {
            int x = __builtin_ctzll(single);
            single &= single - 1;
            if (!(t->open & BIT(x))) continue;
            int d = 0;
            while (d < N && !(t->pos[d] & BIT(x))) d++;
            if (d == N || !assign(s, t, x, d)) return false;
            changed = true;
        }
        for (int d = 0; d < N; d++) {
            for (int u = 0; u < s->nunits; u++) {
                if (t->placed[d] & s->unit[u]) continue;
                uint64_t m = t->pos[d] & s->unit[u];
                if (!m) return false;
                if (m & (m - 1)) continue;
                if (!assign(s, t, __builtin_ctzll(m), d)) return false;
                changed = true;
            }
        }
        if (!changed) return true;
    }
}

static void search(solve64 *s, const state *in)
{
    state t = *in;
    s->nodes++;
    if (!propagate(s, &t)) return;
    if (s->maxdiff < 64) {
        int diff = 0;
        for (int d = 0; d < s->N; d++) diff += __builtin_popcountll(t.placed[d] & ~s->ref[d]);
        if (diff > s->maxdiff) return;
    }
    if (!t.open) {
        for (int d = 0; d < s->N; d++) {
            uint64_t m = t.placed[d];
            while (m) {
                s->sol[__builtin_ctzll(m)] = (uint8_t)d;
                m &= m - 1;
            }
        }
        s->found++;
        if (s->fn(s->arg, s->sol)) s->stop = 1;
        return;
    }
    /* an open cell with the fewest candidates */
    uint64_t ones = 0, twos = 0, threes = 0;
    for (int d = 0; d < s->N; d++) {
        threes |= twos & t.pos[d];
        twos |= ones & t.pos[d];
        ones |= t.pos[d];
    }
    uint64_t two = t.open & twos & ~threes;
    int x;
    if (two) {
        x = __builtin_ctzll(two);
    } else {
        int best = 99;
        x = -1;
        for (uint64_t m = t.open; m; m &= m - 1) {
            int c = __builtin_ctzll(m), n = 0;
            for (int d = 0; d < s->N; d++) n += (int)((t.pos[d] >> c) & 1);
            if (n < best) {
                best = n;
                x = c;
            }
        }
    }
    for (int d = 0; d < s->N && !s->stop; d++) {
        if (!(t.pos[d] & BIT(x))) continue;
        state c = t;
        if (assign(s, &c, x, d)) search(s, &c);
    }
}

static bool load(const solve64 *s, const uint8_t *puzzle, state *t)
{
    uint64_t all = s->ncells == 64 ? ~UINT64_C(0) : BIT(s->ncells) - 1;
    for (int d = 0; d < s->N; d++) {
        t->pos[d] = all;
        t->placed[d] = 0;
    }
    t->open = all;
    for (int x = 0; x < s->ncells; x++)
        if (puzzle[x] != CELL_EMPTY && (puzzle[x] >= s->N || !assign(s, t, x, puzzle[x]))) return false;
    return true;
}

static uint64_t run(solve64 *s, const uint8_t *puzzle, solve64_fn fn, void *arg)
{
    state t;
    s->fn = fn;
    s->arg = arg;
    s->found = 0;
    s->stop = 0;
    s->maxdiff = 64;
    if (load(s, puzzle, &t)) search(s, &t);
    return s->found;
}

typedef struct count_arg {
    int limit, seen, ncells;
    uint8_t *sol[2];
} count_arg;

static int keep(void *arg, const uint8_t *sol)
{
    count_arg *c = arg;
    if (c->seen < 2 && c->sol[c->seen]) memcpy(c->sol[c->seen], sol, (size_t)c->ncells);
    c->seen++;
    return c->seen >= c->limit;
}

int solve64_count(solve64 *s, const uint8_t *puzzle, int limit, uint8_t *sol0, uint8_t *sol1, uint64_t *nodes)
{
    count_arg c = {limit < 1 ? 1 : limit, 0, s->ncells, {sol0, sol1}};
    uint64_t before = s->nodes;
    uint64_t n = run(s, puzzle, keep, &c);
    if (nodes) *nodes += s->nodes - before;
    return (int)n;
}

uint64_t solve64_each(solve64 *s, const uint8_t *puzzle, solve64_fn fn, void *arg)
{
    return run(s, puzzle, fn, arg);
}

uint64_t solve64_near(solve64 *s, const uint8_t *puzzle, const uint8_t *ref, int maxdiff, solve64_fn fn, void *arg)
{
    state t;
    s->fn = fn;
    s->arg = arg;
    s->found = 0;
    s->stop = 0;
    for (int d = 0; d < s->N; d++) s->ref[d] = 0;
    for (int x = 0; x < s->ncells; x++) s->ref[ref[x]] |= BIT(x);
    s->maxdiff = maxdiff;
    if (load(s, puzzle, &t)) search(s, &t);
    s->maxdiff = 64;
    return s->found;
}
