/* engine_brute — every cell set of at most K cells through the solver: the
 * slow, obviously-correct twin of the checker for tiny shapes; see engine.h.
 *
 * Sets are tried by size, then in lexicographic order; a set that contains
 * a unique set already found is skipped, so exactly the minimal unique sets
 * are reported. Counts: nodes = sets looked at, candidates = sets solved
 * (one solver call each), puzzles = sets reported.
 */
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "grid.h"
#include "solver.h"

#define BRUTE_MAX_SETS 100000000.0

typedef struct brute {
    const geometry *geo;
    int clues;
    solver_ctx *sv;
    uint8_t puzzle[MAX_CELLS];
    uint64_t (*sets)[4];     /* the minimal unique sets found in the current grid */
    size_t nsets, capsets;
} brute;

static double binomial(int n, int k)
{
    double b = 1;
    for (int i = 1; i <= k; i++) b = b * (n - k + i) / i;
    return b;
}

static void free_state(void *state)
{
    brute *b = state;
    if (!b) return;
    solver_free(b->sv);
    free(b->sets);
    free(b);
}

static mc_status create(const job *j, void **state, mc_error *err)
{
    double sets = 0;
    for (int s = 1; s <= j->clues; s++) sets += binomial(j->geo->ncells, s);
    if (sets > BRUTE_MAX_SETS)
        return mc_fail(err, MC_EINVAL, "%s: engine brute would test %.3g cell sets per grid (limit %.0e)", j->path,
                       sets, BRUTE_MAX_SETS);
    brute *b = calloc(1, sizeof *b);
    if (!b || !(b->sv = solver_new(j->geo))) {
        free(b);
        return mc_fail(err, MC_ENOMEM, "out of memory");
    }
    b->geo = j->geo;
    b->clues = j->clues;
    *state = b;
    return MC_OK;
}

static bool contains_found_set(const brute *b, const uint64_t *set)
{
    for (size_t i = 0; i < b->nsets; i++) {
        const uint64_t *f = b->sets[i];
        if ((f[0] & ~set[0]) == 0 && (f[1] & ~set[1]) == 0 && (f[2] & ~set[2]) == 0 && (f[3] & ~set[3]) == 0)
            return true;
    }
    return false;
}

static mc_status run_grid(void *state, const uint8_t *g, const volatile sig_atomic_t *stop, work_counters *work,
                          engine_found_fn found, void *arg, mc_error *err)
{
    (void)err, (void)stop; /* tiny shapes only (at most 1e8 sets a grid) */
    brute *b = state;
    const int n = b->geo->ncells;
    int idx[MAX_CELLS];
    b->nsets = 0;
    for (int k = 1; k <= b->clues && k <= n; k++) {
        for (int i = 0; i < k; i++) idx[i] = i;
        for (;;) {
            uint64_t set[4] = {0, 0, 0, 0};
            for (int i = 0; i < k; i++) set[idx[i] >> 6] |= UINT64_C(1) << (idx[i] & 63);
            work->nodes++;
            if (!contains_found_set(b, set)) {
                memset(b->puzzle, CELL_EMPTY, (size_t)n);
                for (int i = 0; i < k; i++) b->puzzle[idx[i]] = g[idx[i]];
                work->candidates++;
                work->solver_calls++;
                if (solver_count(b->sv, b->puzzle, 2, NULL) == 1) {
                    if (b->nsets == b->capsets) {
                        size_t cap = b->capsets ? 2 * b->capsets : 64;
                        uint64_t(*s)[4] = realloc(b->sets, cap * sizeof *s);
                        if (!s) return MC_ENOMEM;
                        b->sets = s;
                        b->capsets = cap;
                    }
                    memcpy(b->sets[b->nsets++], set, sizeof set);
                    work->puzzles++;
                    found(arg, b->puzzle, k);
                }
            }
            int i = k - 1;
            while (i >= 0 && idx[i] == n - k + i) i--;
            if (i < 0) break;
            idx[i]++;
            for (int m = i + 1; m < k; m++) idx[m] = idx[m - 1] + 1;
        }
    }
    return MC_OK;
}

const engine_kind engine_brute = {"brute", create, run_grid, NULL, free_state};
