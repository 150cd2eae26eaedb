/* check64 — see check64.h. */
#include "check64.h"

#include <assert.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"
#include "hitset.h"
#include "mc_clock.h"
#include "solve64.h"
#include "ua64.h"

#define BIT(x) (UINT64_C(1) << (x))
#define MAX_DEPTH 65

struct check64 {
    const geometry *geo;
    check64_options opt;
    ua64 *uf;
    solve64 *sv;
    hitset_ctx *hs;
    uint64_t *list;          /* MAX_DEPTH lists of CHECK64_MAX_UAS sets */
    int n[MAX_DEPTH];
    /* per grid */
    const uint8_t *grid;
    check64_found_fn found;
    void *arg;
    work_counters *w;
    int stop;                          /* first puzzle, or halted: every loop unwinds */
    int halted;
    const volatile sig_atomic_t *halt; /* check64_set_halt */
    uint8_t puzzle[64], sol[2][64];
    uint64_t shrunk;         /* shrink: the smallest difference so far */
    /* node scratch (used before a node's children are entered) */
    uint64_t live[CHECK64_MAX_UAS], order[CHECK64_MAX_UAS];
    uint8_t size[CHECK64_MAX_UAS];
    cs81 sets[CHECK64_MAX_UAS];   /* the initial sets for hitset */
    uint64_t half[2][2];          /* [split][side]: left, right half; top, bottom half */
    int side[2];                  /* the current run's side per split */
    int nsplit;
};

void check64_options_default(check64_options *o, int clues)
{
    o->clues = clues;
    o->ua_digits = 0; /* per shape */
    o->ua_max = 512;
    o->ua_size = 0;
    o->first = 0;
    o->core = CHECK64_CORE_HITSET;
    o->cycles = 1;
    o->split = 1;
    o->unions = 0;
}

int check64_takes(const geometry *geo) { return geo->ncells <= 64; }

check64 *check64_new(const geometry *geo, const check64_options *o)
{
    if (!check64_takes(geo)) return NULL;
    check64 *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    c->geo = geo;
    c->opt = *o;
    if (c->opt.ua_digits <= 0) c->opt.ua_digits = geo->N <= 4 ? 4 : geo->N <= 6 ? 3 : 5;
    if (c->opt.ua_digits > geo->N) c->opt.ua_digits = geo->N;
    if (c->opt.ua_size <= 0 || c->opt.ua_size > geo->ncells) c->opt.ua_size = geo->ncells <= 36 ? geo->ncells : 12;
    if (c->opt.ua_max <= 0 || c->opt.ua_max > CHECK64_MAX_UAS / 2) c->opt.ua_max = CHECK64_MAX_UAS / 2;
    if (c->opt.split < 0 || c->opt.split > 2) c->opt.split = 0;
    for (int x = 0; x < geo->ncells; x++) {
        c->half[0][geo->col[x] < geo->N / 2 ? 0 : 1] |= BIT(x);
        c->half[1][geo->row[x] < geo->N / 2 ? 0 : 1] |= BIT(x);
    }
    c->uf = ua64_new(geo);
    c->sv = solve64_new(geo);
    c->list = malloc(sizeof *c->list * MAX_DEPTH * CHECK64_MAX_UAS);
    c->hs = hitset_new(geo);
    if (!c->uf || !c->sv || !c->list || !c->hs) {
        check64_free(c);
        return NULL;
    }
    return c;
}

void check64_free(check64 *c)
{
    if (!c) return;
    ua64_free(c->uf);
    solve64_free(c->sv);
    hitset_free(c->hs);
    free(c->list);
    free(c);
}

static inline uint64_t *list_of(check64 *c, int depth) { return c->list + (size_t)depth * CHECK64_MAX_UAS; }

/* c->puzzle: the grid's digits on the cells, empty elsewhere. */
static void fill_puzzle(check64 *c, uint64_t cells)
{
    memset(c->puzzle, CELL_EMPTY, (size_t)c->geo->ncells);
    for (uint64_t m = cells; m; m &= m - 1) {
        int x = __builtin_ctzll(m);
        c->puzzle[x] = c->grid[x];
    }
}

static int solve(check64 *c, uint64_t cells)
{
    fill_puzzle(c, cells);
    c->w->solver_calls++;
    return solve64_count(c->sv, c->puzzle, 2, c->sol[0], c->sol[1], NULL);
}

/* Is the unique set `cells` minimal: does every clue dropped leave a
 * second solution? A known UA missed by the rest settles a clue without
 * the solver. */
static bool is_minimal(check64 *c, uint64_t cells)
{
    const uint64_t *fam = list_of(c, 0);
    for (uint64_t m = cells; m; m &= m - 1) {
        uint64_t rest = cells & ~(m & -m);
        bool missed = false;
        for (int i = 0; i < c->n[0] && !missed; i++) missed = !(fam[i] & rest);
        if (!missed && solve(c, rest) == 1) return false;
    }
    return true;
}

static void report(check64 *c, uint64_t cells)
{
    c->w->puzzles++;
    if (c->opt.first) c->stop = 1;
    if (!c->found) return;
    fill_puzzle(c, cells);
    c->found(c->arg, c->puzzle, __builtin_popcountll(cells));
}

static int smallest(void *arg, const uint8_t *sol)
{
    check64 *c = arg;
    uint64_t d = 0;
    for (int i = 0; i < c->geo->ncells; i++)
        if (sol[i] != c->grid[i]) d |= BIT(i);
    if (d && __builtin_popcountll(d) < __builtin_popcountll(c->shrunk)) c->shrunk = d;
    return 0;
}

/* A minimal UA inside the UA x: the smallest difference between the grid
 * and a solution of the puzzle that empties the cells of x (a smaller UA
 * inside it would be such a difference too). */
static uint64_t shrink(check64 *c, uint64_t x)
{
    for (int i = 0; i < c->geo->ncells; i++) c->puzzle[i] = (x >> i) & 1 ? CELL_EMPTY : c->grid[i];
    c->shrunk = x;
    c->w->solver_calls++;
    (void)solve64_each(c->sv, c->puzzle, smallest, c);
    return c->shrunk;
}

/* Whether the run of the current sides is the one that owns the puzzle
 * cells: per split, the first side holding at most K / 2 of its cells. */
static bool owned(const check64 *c, uint64_t cells)
{
    for (int s = 0; s < c->nsplit; s++) {
        int first = __builtin_popcountll(cells & c->half[s][0]) <= c->opt.clues / 2 ? 0 : 1;
        if (first != c->side[s]) return false;
    }
    return true;
}

static void hitset_found(void *arg, cs81 cells, int n)
{
    check64 *c = arg;
    assert(n == __builtin_popcountll(cells.w[0]));
    (void)n;
    if (owned(c, cells.w[0])) report(c, cells.w[0]);
}

/* Every known set is hit by `chosen` (the clues of the node at depth).
 * Returns true when the node is done (unique: reported if minimal), false
 * when a second solution gave a new unhit set (appended to the lists of
 * depth and its ancestors that have room). */
static bool candidate(check64 *c, uint64_t chosen, int depth)
{
    c->w->candidates++;
    int k = solve(c, chosen);
    assert(k >= 1);
    if (k == 1) {
        if (is_minimal(c, chosen)) report(c, chosen);
        return true;
    }
    const uint8_t *other = memcmp(c->sol[0], c->grid, (size_t)c->geo->ncells) ? c->sol[0] : c->sol[1];
    uint64_t x = 0;
    for (int i = 0; i < c->geo->ncells; i++)
        if (other[i] != c->grid[i]) x |= BIT(i);
    assert(x && !(x & chosen));
    c->w->ua_second++;
    x = shrink(c, x);
    for (int d = depth; d >= 0; d--)
        if (c->n[d] < CHECK64_MAX_UAS) list_of(c, d)[c->n[d]++] = x;
    return false;
}

static void search(check64 *c, int depth, uint64_t chosen, uint64_t dead)
{
    const int r = c->opt.clues - depth;
    uint64_t *L = list_of(c, depth);
    if ((++c->w->nodes & (HITSET_HALT_NODES - 1)) == 0 && c->halt && *c->halt) c->stop = c->halted = 1;
    if (c->stop) return;
    if (c->n[depth] == 0 && candidate(c, chosen, depth)) return;
    if (r == 0) return;
    /* bound: a greedy packing of pairwise disjoint live parts, smallest
     * first (a counting sort by live size); the smallest part */
    const int n = c->n[depth];
    uint64_t *live = c->live;
    uint8_t *size = c->size;
    int start[66] = {0};
    uint64_t best = 0, all = ~UINT64_C(0);
    int bestn = 65;
    for (int i = 0; i < n; i++) {
        uint64_t l = L[i] & ~dead;
        if (!l) return;
        all &= l;
        int k = __builtin_popcountll(l);
        live[i] = l;
        size[i] = (uint8_t)k;
        start[k + 1]++;
        if (k < bestn) {
            bestn = k;
            best = l;
        }
    }
    for (int k = 1; k <= 65; k++) start[k] += start[k - 1];
    for (int i = 0; i < n; i++) c->order[start[size[i]]++] = live[i];
    uint64_t acc = 0;
    int parts = 0;
    for (int i = 0; i < n; i++) {
        uint64_t l = c->order[i];
        if (!(l & acc)) {
            acc |= l;
            if (++parts > r) return;
        }
    }
    if (parts == r) {
        /* tight: every clue left lies in a part, one per part, so the
         * cells outside the parts are dead for the whole subtree */
        dead |= ~acc;
        all = ~UINT64_C(0);
        bestn = 65;
        for (int i = 0; i < n; i++) {
            uint64_t l = L[i] & ~dead;
            if (!l) return;
            all &= l;
            int k = __builtin_popcountll(l);
            if (k < bestn) {
                bestn = k;
                best = l;
            }
        }
    }
    /* the children's cells: with one clue left those in every part */
    int cell[64], hits[64], nc = 0;
    uint64_t branch = r == 1 ? all : best;
    for (uint64_t m = branch; m; m &= m - 1) {
        int x = __builtin_ctzll(m), h = 0;
        if (r > 1)
            for (int i = 0; i < c->n[depth]; i++) h += (int)((L[i] >> x) & 1);
        int j = nc++;
        while (j > 0 && hits[j - 1] < h) {
            cell[j] = cell[j - 1];
            hits[j] = hits[j - 1];
            j--;
        }
        cell[j] = x;
        hits[j] = h;
    }
    uint64_t *child = list_of(c, depth + 1);
    for (int k = 0; k < nc && !c->stop; k++) {
        int x = cell[k];
        int m = 0;
        for (int i = 0; i < c->n[depth]; i++)
            if (!((L[i] >> x) & 1)) child[m++] = L[i];
        c->n[depth + 1] = m;
        search(c, depth + 1, chosen | BIT(x), dead);
        dead |= BIT(x);
    }
}

void check64_set_halt(check64 *c, const volatile sig_atomic_t *flag) { c->halt = flag; }

mc_status check64_run(check64 *c, const uint8_t *sol, work_counters *work, check64_found_fn found, void *arg)
{
    if (c->opt.clues < 1 || c->opt.clues > c->geo->ncells) return MC_EINVAL;
    work_counters w = {0};
    double t0 = mc_thread_cpu_seconds();
    c->grid = sol;
    c->found = found;
    c->arg = arg;
    c->w = &w;
    c->stop = c->halted = 0;
    int n = 0;
    mc_status st = ua64_find(c->uf, sol, c->opt.ua_digits, c->opt.ua_size, list_of(c, 0), c->opt.ua_max, &n,
                             NULL, NULL);
    if (st != MC_OK) return st;
    if (c->opt.cycles) {
        uint64_t *fam = list_of(c, 0);
        n += ua64_cycles(c->geo, sol, fam + n, CHECK64_MAX_UAS - n);
        n = ua64_minimize(fam, n);
        if (n > c->opt.ua_max) n = c->opt.ua_max;
    }
    c->n[0] = n;
    w.ua_initial = (uint64_t)n;
    double t1 = mc_thread_cpu_seconds();
    if (c->opt.core == CHECK64_CORE_HITSET) {
        hitset_options ho;
        hitset_options_default(&ho, c->opt.clues);
        ho.first = c->opt.first;
        ho.halt = c->halt;
        ho.max_degree = c->opt.unions ? HITSET_MAX_DEGREE : 1;
        c->nsplit = c->opt.first ? 0 : c->opt.split;
        uint64_t *fam = list_of(c, 0);
        for (int run = 0; run < 1 << c->nsplit; run++) {
            int m = n < HITSET_MAX_INITIAL ? n : HITSET_MAX_INITIAL;
            for (int i = 0; i < m; i++) {
                c->sets[i].w[0] = fam[i];
                c->sets[i].w[1] = 0;
            }
            ho.max_initial = m;
            ho.ncaps = c->nsplit;
            for (int s = 0; s < c->nsplit; s++) {
                c->side[s] = (run >> s) & 1;
                ho.cap_region[s].w[0] = c->half[s][c->side[s]];
                ho.cap_region[s].w[1] = 0;
                ho.cap[s] = c->opt.clues / 2;
            }
            hitset_stats hst;
            st = hitset_run(c->hs, sol, c->sets, m, &ho, hitset_found, c, &hst);
            if (st != MC_OK) return st;
            if (hst.halted) return MC_STOPPED;
            w.ua_second += hst.second;
            w.ua_learned += hst.learned;
            w.nodes += hst.nodes;
            w.candidates += hst.candidates;
            w.solver_calls += hst.solver_calls;
            if (run + 1 == 1 << c->nsplit) break;
            /* the next run starts with the sets this one learned */
            int nl;
            const cs81 *learned = hitset_learned(c->hs, &nl);
            for (int i = 0; i < nl && n < CHECK64_MAX_UAS; i++) fam[n++] = learned[i].w[0];
            n = ua64_minimize(fam, n);
        }
    } else {
        search(c, 0, 0, 0);
        if (c->halted) return MC_STOPPED;
        w.ua_learned = w.ua_second;
    }
    double t2 = mc_thread_cpu_seconds();
    w.seconds_ua = t1 - t0;
    w.seconds_search = t2 - t1;
    w.seconds_total = t2 - t0;
    work_counters_add(work, &w);
    return MC_OK;
}
