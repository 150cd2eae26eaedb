/* test_solver — the solver against a slow reference and published facts.
 *
 * The reference is Moler's algorithm (Cleve Moler, "Sudokus loesen mit MATLAB"): fill naked singles one at a
 * time, recomputing every candidate list; when none is left, branch
 * recursively on a cell with the fewest candidates. It counts solutions up
 * to a limit. Random puzzles of every shape (0, 1 and many solutions) are
 * compared on count, solution and witness; failures print the seed.
 * ctest-labels: unit
 * ctest-timeout: 600
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "generate.h"
#include "gridfile.h"
#include "prng.h"
#include "solver.h"
#include "solver9.h"
#include "solver9_simd.h"
#include "transform.h"

/* ---- the reference: Moler's recursive backtracker ---- */

typedef struct ref {
    const geometry *g;
    int limit, count;
    uint8_t first[MAX_CELLS];
    uint64_t nodes, max_nodes; /* max_nodes 0 = unbounded */
    prng *rng;                 /* non-NULL: try candidates in random order */
} ref;

/* Candidate mask of an empty cell: digits not used by any peer. */
static unsigned ref_candidates(const geometry *g, const uint8_t *x, int c)
{
    unsigned used = 0;
    for (int p = 0; p < g->ncells; p++) {
        if (p == c || x[p] == CELL_EMPTY) continue;
        if (g->row[p] == g->row[c] || g->col[p] == g->col[c] || g->box[p] == g->box[c])
            used |= 1u << x[p];
    }
    return ((1u << g->N) - 1) & ~used;
}

static void ref_solve(ref *r, const uint8_t *in)
{
    const geometry *g = r->g;
    uint8_t x[MAX_CELLS];
    memcpy(x, in, (size_t)g->ncells);
    if (r->max_nodes && r->nodes >= r->max_nodes) return;
    r->nodes++;
    for (;;) {
        int best = -1, bestn = 99;
        unsigned bestm = 0;
        for (int c = 0; c < g->ncells; c++) {
            if (x[c] != CELL_EMPTY) continue;
            unsigned m = ref_candidates(g, x, c);
            int n = __builtin_popcount(m);
            if (n < bestn) {
                bestn = n;
                best = c;
                bestm = m;
            }
        }
        if (best < 0) { /* solved */
            if (r->count == 0) memcpy(r->first, x, (size_t)g->ncells);
            r->count++;
            return;
        }
        if (bestn == 0) return;
        if (bestn == 1) { /* a singleton: fill it and look again */
            x[best] = (uint8_t)__builtin_ctz(bestm);
            continue;
        }
        int digits[MAX_N], nd = 0;
        for (int d = 0; d < g->N; d++)
            if (bestm >> d & 1) digits[nd++] = d;
        if (r->rng)
            for (int i = nd - 1; i > 0; i--) {
                int j = (int)prng_below(r->rng, (uint64_t)i + 1);
                int t = digits[i];
                digits[i] = digits[j];
                digits[j] = t;
            }
        for (int i = 0; i < nd && r->count < r->limit; i++) {
            x[best] = (uint8_t)digits[i];
            ref_solve(r, x);
        }
        return;
    }
}

/* Clues that clash make the count 0 (Moler's loop only looks at empty cells). */
static bool ref_clues_ok(const geometry *g, const uint8_t *x)
{
    for (int a = 0; a < g->ncells; a++)
        for (int b = a + 1; b < g->ncells; b++)
            if (x[a] != CELL_EMPTY && x[a] == x[b] &&
                (g->row[a] == g->row[b] || g->col[a] == g->col[b] || g->box[a] == g->box[b]))
                return false;
    return true;
}

static int ref_count(const geometry *g, const uint8_t *puzzle, int limit, uint8_t *first)
{
    ref r = {.g = g, .limit = limit};
    if (!ref_clues_ok(g, puzzle)) return 0;
    ref_solve(&r, puzzle);
    if (first && r.count) memcpy(first, r.first, (size_t)g->ncells);
    return r.count < limit ? r.count : limit;
}

/* A random solution grid: the reference fills the empty grid trying digits in
 * random order; restarts when it wanders too long. */
static void random_grid(const geometry *g, prng *rng, uint8_t *out)
{
    uint8_t empty[MAX_CELLS];
    memset(empty, CELL_EMPTY, sizeof empty);
    for (;;) {
        ref r = {.g = g, .limit = 1, .rng = rng, .max_nodes = 20000};
        ref_solve(&r, empty);
        if (r.count) {
            memcpy(out, r.first, (size_t)g->ncells);
            return;
        }
    }
}

/* Keeps `clues` cells of grid chosen at random. */
static void random_puzzle(const geometry *g, prng *rng, const uint8_t *grid_cells, int clues,
                          uint8_t *out)
{
    uint8_t order[MAX_CELLS];
    for (int c = 0; c < g->ncells; c++) order[c] = (uint8_t)c;
    prng_shuffle_u8(rng, order, g->ncells);
    memset(out, CELL_EMPTY, MAX_CELLS);
    for (int i = 0; i < clues; i++) out[order[i]] = grid_cells[order[i]];
}

static bool is_solution_of(const geometry *g, const uint8_t *puzzle, const uint8_t *sol)
{
    grid s;
    s.geo = g;
    memcpy(s.cell, sol, (size_t)g->ncells);
    if (!grid_is_valid_solution(&s)) return false;
    for (int c = 0; c < g->ncells; c++)
        if (puzzle[c] != CELL_EMPTY && puzzle[c] != sol[c]) return false;
    return true;
}

/* Checks one solver answer against the reference. */
static void check_against_ref(solver_ctx *ctx, const geometry *g, const uint8_t *puzzle,
                              int limit, bool generic, const char *what, uint64_t seed)
{
    solver_result res;
    uint8_t first[MAX_CELLS];
    int want = ref_count(g, puzzle, limit, first);
    int got = generic ? solver_count_generic(ctx, puzzle, limit, &res)
                      : solver_count(ctx, puzzle, limit, &res);
    if (got != want || res.count != got)
        fail_msg("%dx%d %s seed %llu limit %d: solver %d (res %d), reference %d", g->R, g->C, what,
                 (unsigned long long)seed, limit, got, res.count, want);
    if (got >= 1 && !is_solution_of(g, puzzle, res.sol[0]))
        fail_msg("%dx%d %s seed %llu: first solution wrong", g->R, g->C, what, (unsigned long long)seed);
    if (got == 1 && limit >= 2 && memcmp(res.sol[0], first, (size_t)g->ncells) != 0)
        fail_msg("%dx%d %s seed %llu: unique solution differs from reference", g->R, g->C, what,
                 (unsigned long long)seed);
    if (got < 2 && res.witness_cell != -1)
        fail_msg("%dx%d %s seed %llu: witness without ambiguity", g->R, g->C, what,
                 (unsigned long long)seed);
    if (got >= 2) {
        if (!is_solution_of(g, puzzle, res.sol[1]) ||
            memcmp(res.sol[0], res.sol[1], (size_t)g->ncells) == 0)
            fail_msg("%dx%d %s seed %llu: second solution wrong", g->R, g->C, what,
                     (unsigned long long)seed);
        int c = res.witness_cell;
        if (c < 0 || c >= g->ncells || puzzle[c] != CELL_EMPTY ||
            res.witness_digit[0] == res.witness_digit[1] || res.witness_digit[0] != res.sol[0][c] ||
            res.witness_digit[1] != res.sol[1][c])
            fail_msg("%dx%d %s seed %llu: bad witness", g->R, g->C, what, (unsigned long long)seed);
        /* each witness digit completes to a solution, by the reference */
        for (int k = 0; k < 2; k++) {
            uint8_t p[MAX_CELLS];
            memcpy(p, puzzle, MAX_CELLS);
            p[c] = res.witness_digit[k];
            if (ref_count(g, p, 1, NULL) != 1)
                fail_msg("%dx%d %s seed %llu: witness digit %d does not complete", g->R, g->C,
                         what, (unsigned long long)seed, k);
        }
    }
}

typedef struct shape_plan {
    int R, C;
    int puzzles;        /* random puzzles per kind */
    int min_clues;      /* clue counts drawn from [min_clues, ncells] */
} shape_plan;

static const shape_plan plans[] = {
    {2, 2, 300, 0},   {2, 3, 300, 4},  {3, 2, 300, 4},  {2, 4, 200, 14},
    {4, 2, 100, 14},  {3, 3, 200, 22}, {3, 4, 60, 55},  {4, 4, 25, 140},
};

static int tally[3]; /* answers 0, 1, >= 2 seen in the random comparison */

static void run_random_shape(const shape_plan *pl, uint64_t base)
{
    const geometry *g = geometry_get(pl->R, pl->C);
    assert_non_null(g);
    solver_ctx *ctx = solver_new(g);
    assert_non_null(ctx);
    int local[3] = {0, 0, 0};
    for (int i = 0; i < pl->puzzles; i++) {
        uint64_t seed = base + (uint64_t)i;
        prng rng;
        prng_seed(&rng, seed);
        uint8_t sol[MAX_CELLS], puz[MAX_CELLS];
        random_grid(g, &rng, sol);
        int clues = pl->min_clues + (int)prng_below(&rng, (uint64_t)(g->ncells - pl->min_clues + 1));
        random_puzzle(g, &rng, sol, clues, puz);
        int limit = 1 + (int)prng_below(&rng, 4);
        check_against_ref(ctx, g, puz, limit, false, "puzzle", seed);
        check_against_ref(ctx, g, puz, limit, true, "puzzle/generic", seed);
        local[ref_count(g, puz, 2, NULL)]++;
        /* a wrong clue: a digit the grid does not have there, no clash with the clues */
        if (clues < g->ncells) {
            int c;
            do c = (int)prng_below(&rng, (uint64_t)g->ncells);
            while (puz[c] != CELL_EMPTY);
            int d = (sol[c] + 1 + (int)prng_below(&rng, (uint64_t)g->N - 1)) % g->N;
            puz[c] = (uint8_t)d;
            check_against_ref(ctx, g, puz, 2, false, "wrong clue", seed);
            local[ref_count(g, puz, 2, NULL)]++;
        }
        /* a clash between two clues */
        if (i % 10 == 0) {
            int c = (int)prng_below(&rng, (uint64_t)g->ncells);
            int p = g->peer[c][prng_below(&rng, (uint64_t)g->npeers)];
            puz[c] = sol[c];
            puz[p] = sol[c];
            check_against_ref(ctx, g, puz, 2, false, "clash", seed);
            assert_int_equal(solver_count(ctx, puz, 2, NULL), 0);
        }
    }
    for (int k = 0; k < 3; k++) tally[k] += local[k];
    print_message("%dx%d: %d puzzles with 0, %d with 1, %d with >= 2 solutions\n", g->R, g->C,
                  local[0], local[1], local[2]);
    solver_free(ctx);
}

static void test_random_every_shape(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof plans / sizeof plans[0]; i++)
        run_random_shape(&plans[i], 1000000u * (i + 1));
    /* the comparison must have seen every kind of answer */
    assert_true(tally[0] > 50);
    assert_true(tally[1] > 50);
    assert_true(tally[2] > 50);
}

/* ---- published examples ---- */

static void parse81(const char *text, uint8_t *cells)
{
    grid g;
    const geometry *geo = NULL;
    size_t tok;
    mc_error err;
    assert_int_equal(grid_parse(text, strlen(text), &geo, DIGITS_STD, &g, &tok, &err), MC_OK);
    memcpy(cells, g.cell, MAX_CELLS);
}

/* Looks up a named line of grids/sample-puzzles.txt. */
static void sample(const char *name, grid *out)
{
    gridfile *f;
    mc_error err;
    assert_int_equal(gridfile_open(MC_TEST_DATA "/../../grids/sample-puzzles.txt", NULL, DIGITS_STD,
                                   &f, &err),
                     MC_OK);
    const char *tr;
    mc_status st;
    while ((st = gridfile_next(f, out, &tr, &err)) == MC_OK)
        if (!strcmp(tr, name)) break;
    assert_int_equal(st, MC_OK);
    gridfile_free(f);
}

static int count_both(const grid *g, int limit, solver_result *res)
{
    solver_ctx *ctx = solver_new(g->geo);
    assert_non_null(ctx);
    solver_result gen;
    int a = solver_count(ctx, g->cell, limit, res);
    int b = solver_count_generic(ctx, g->cell, limit, &gen);
    assert_int_equal(a, b);
    if (a == 1) assert_memory_equal(res->sol[0], gen.sol[0], (size_t)g->geo->ncells);
    int r = ref_count(g->geo, g->cell, limit, NULL);
    assert_int_equal(a, r);
    solver_free(ctx);
    return a;
}

static void test_seed000_problems(void **state)
{
    (void)state;
    grid g;
    solver_result res;
    uint8_t want[MAX_CELLS];
    parse81("934268571178549362625371894861732945592416783347895216483127659719653428256984137", want);
    sample("seed000-problem1", &g);
    assert_int_equal(count_both(&g, 2, &res), 1);
    assert_memory_equal(res.sol[0], want, 81);
    const char *unique[] = {"seed000-problem2", "seed000-problem3", "seed000-problem5"};
    for (int i = 0; i < 3; i++) {
        sample(unique[i], &g);
        assert_int_equal(count_both(&g, 2, &res), 1);
        assert_true(is_solution_of(g.geo, g.cell, res.sol[0]));
    }
    sample("seed000-problem4", &g);
    assert_int_equal(count_both(&g, 2, &res), 0);
    sample("seed000-problem6", &g);
    assert_int_equal(count_both(&g, 2, &res), 0);
    mc_error err;
    assert_int_equal(grid_check(&g, DIGITS_STD, &err), MC_EINVAL);
    assert_string_equal(err.msg, "digit 4 twice in column 5 (r3c5 and r6c5)");
}

static void test_moler_examples(void **state)
{
    (void)state;
    grid g;
    solver_result res;
    uint8_t want[MAX_CELLS];
    parse81("925631847618574293374982561749826135852413976163795482287359614491267358536148729", want);
    sample("seed001-moler-9x9", &g);
    assert_int_equal(count_both(&g, 2, &res), 1);
    assert_memory_equal(res.sol[0], want, 81);
    sample("seed001-shidoku", &g);
    assert_int_equal(count_both(&g, 10, &res), 1);
    sample("seed001-diag", &g);
    assert_int_equal(count_both(&g, 10, &res), 2);
    /* the two solutions are transposes of each other */
    for (int r = 0; r < 4; r++)
        for (int c = 0; c < 4; c++) assert_int_equal(res.sol[0][r * 4 + c], res.sol[1][c * 4 + r]);
}

static void test_empty_4x4(void **state)
{
    (void)state;
    const geometry *g = geometry_get(2, 2);
    uint8_t empty[MAX_CELLS];
    memset(empty, CELL_EMPTY, sizeof empty);
    solver_ctx *ctx = solver_new(g);
    solver_result res;
    assert_int_equal(solver_count(ctx, empty, 100000, &res), 288);
    assert_int_equal(ref_count(g, empty, 100000, NULL), 288);
    assert_int_equal(solver_count(ctx, empty, 288, &res), 288);
    assert_int_equal(solver_count(ctx, empty, 287, &res), 287);
    assert_int_equal(solver_count(ctx, empty, 1, &res), 1);
    assert_int_equal(res.witness_cell, -1);
    assert_true(is_solution_of(g, empty, res.sol[0]));
    solver_free(ctx);
}

static void test_seventeen(void **state)
{
    (void)state;
    gridfile *f;
    mc_error err;
    assert_int_equal(gridfile_open(MC_TEST_DATA "/seventeen.txt", geometry_9x9(), DIGITS_STD, &f, &err),
                     MC_OK);
    solver_ctx *ctx = solver_new(geometry_9x9());
    grid g;
    solver_result res, gen;
    int n = 0;
    mc_status st;
    while ((st = gridfile_next(f, &g, NULL, &err)) == MC_OK) {
        assert_int_equal(grid_clue_count(&g), 17);
        assert_int_equal(solver_count(ctx, g.cell, 2, &res), 1);
        assert_true(is_solution_of(g.geo, g.cell, res.sol[0]));
        assert_int_equal(solver_count_generic(ctx, g.cell, 2, &gen), 1);
        assert_memory_equal(res.sol[0], gen.sol[0], 81);
        n++;
    }
    assert_int_equal(st, MC_EOF);
    assert_true(n > 1900);
    gridfile_free(f);
    solver_free(ctx);
}

/* A context is reused across calls and shapes do not leak state: the same
 * puzzle gives the same answer before and after unrelated calls. */
static void test_context_reuse(void **state)
{
    (void)state;
    const geometry *g = geometry_9x9();
    solver_ctx *ctx = solver_new(g);
    uint8_t p1[MAX_CELLS], p2[MAX_CELLS];
    parse81("......5.1....4..6.6253.......17.2......4.6.83..7.......83.....97...5.4.....9..1..", p1);
    memset(p2, CELL_EMPTY, sizeof p2);
    solver_result a, b;
    assert_int_equal(solver_count(ctx, p1, 2, &a), 1);
    assert_int_equal(solver_count(ctx, p2, 5, &b), 5);
    assert_int_equal(b.witness_cell >= 0, 1);
    assert_int_equal(solver_count(ctx, p1, 2, &b), 1);
    assert_memory_equal(a.sol[0], b.sol[0], 81);
    assert_int_equal(solver_count(ctx, p1, 2, NULL), 1);
    solver_free(ctx);
    solver_free(NULL);
}


/* ---- near-minimal puzzles of the large shapes ----
 * The reference is far too slow here, so the oracles are the grid the
 * puzzle was made from and invariance: a minimal puzzle has that grid as its
 * one solution, and so does every transform of it (each searched in another
 * order); the puzzle less one clue has two or more solutions, in every
 * transform too, and both reported solutions are valid and differ. */

static void check_transforms(solver_ctx *ctx, prng *rng, const grid *puz, const grid *sol, int want,
                             uint64_t seed)
{
    const geometry *g = puz->geo;
    for (int k = 0; k < 4; k++) {
        transform t;
        grid tp, ts;
        if (k == 0) {
            tp = *puz;
            ts = *sol;
        } else {
            transform_random(&t, g, rng);
            transform_apply(&t, puz, &tp);
            transform_apply(&t, sol, &ts);
        }
        solver_result res;
        int n = solver_count_generic(ctx, tp.cell, 2, &res);
        if (n != want)
            fail_msg("%dx%d seed %llu transform %d: %d solutions, want %d", g->R, g->C,
                     (unsigned long long)seed, k, n, want);
        if (want == 1 && memcmp(res.sol[0], ts.cell, (size_t)g->ncells) != 0)
            fail_msg("%dx%d seed %llu transform %d: not the grid", g->R, g->C, (unsigned long long)seed, k);
        if (want == 2) {
            int c = res.witness_cell;
            if (!is_solution_of(g, tp.cell, res.sol[0]) || !is_solution_of(g, tp.cell, res.sol[1]) ||
                memcmp(res.sol[0], res.sol[1], (size_t)g->ncells) == 0 || c < 0 ||
                res.witness_digit[0] != res.sol[0][c] || res.witness_digit[1] != res.sol[1][c])
                fail_msg("%dx%d seed %llu transform %d: solutions or witness wrong", g->R, g->C,
                         (unsigned long long)seed, k);
        }
    }
}

static void test_near_minimal_large(void **state)
{
    (void)state;
    static const struct { int R, C, puzzles; } plan[] = {{4, 4, 3}, {3, 4, 12}, {4, 3, 6}};
    for (size_t s = 0; s < sizeof plan / sizeof plan[0]; s++) {
        const geometry *g = geometry_get(plan[s].R, plan[s].C);
        gen_ctx *gen = gen_new(g);
        solver_ctx *ctx = solver_new(g);
        assert_non_null(gen);
        assert_non_null(ctx);
        for (int i = 0; i < plan[s].puzzles; i++) {
            uint64_t seed = 5150000u + 100u * s + (uint64_t)i;
            prng rng;
            prng_seed(&rng, seed);
            grid sol, puz;
            gen_grid(gen, GEN_BACKTRACK, &rng, &sol);
            gen_puzzle(gen, &rng, &sol, false, &puz);
            check_transforms(ctx, &rng, &puz, &sol, 1, seed);
            for (int k = 0; k < 3; k++) {
                int c;
                do c = (int)prng_below(&rng, (uint64_t)g->ncells);
                while (puz.cell[c] == CELL_EMPTY);
                grid less = puz;
                less.cell[c] = CELL_EMPTY;
                check_transforms(ctx, &rng, &less, &sol, 2, seed);
            }
        }
        solver_free(ctx);
        gen_free(gen);
    }
}

/* ---- the 9x9 fast path against the generic path ---- */

static void compare_fast_generic(solver_ctx *ctx, solver9_ctx *s9, const uint8_t *puz, int limit,
                                 const char *what, uint64_t seed)
{
    const geometry *g = geometry_9x9();
    solver_result fast, gen;
    int a = solver_count(ctx, puz, limit, &fast);
    int b = solver_count_generic(ctx, puz, limit, &gen);
    if (a != b || fast.count != a)
        fail_msg("9x9 %s seed %llu limit %d: fast %d, generic %d", what, (unsigned long long)seed,
                 limit, a, b);
    if (a >= 1 && !is_solution_of(g, puz, fast.sol[0]))
        fail_msg("9x9 %s seed %llu: fast solution wrong", what, (unsigned long long)seed);
    if (a == 1 && limit >= 2 && memcmp(fast.sol[0], gen.sol[0], 81) != 0)
        fail_msg("9x9 %s seed %llu: unique solutions differ", what, (unsigned long long)seed);
    if (a >= 2) {
        int c = fast.witness_cell;
        if (!is_solution_of(g, puz, fast.sol[1]) || memcmp(fast.sol[0], fast.sol[1], 81) == 0 ||
            c < 0 || fast.sol[0][c] == fast.sol[1][c] || fast.witness_digit[0] != fast.sol[0][c] ||
            fast.witness_digit[1] != fast.sol[1][c])
            fail_msg("9x9 %s seed %llu: second solution or witness wrong", what,
                     (unsigned long long)seed);
    }
    /* the lean entry point agrees with the full one */
    uint8_t second[81], first[81];
    int k = solver9_count2(s9, puz, second);
    if (k != (b < 2 ? b : 2) && !(limit < 2 && b == 1))
        fail_msg("9x9 %s seed %llu: count2 %d, generic %d", what, (unsigned long long)seed, k, b);
    if (k >= 1) {
        solver9_first_solution(s9, first);
        if (!is_solution_of(g, puz, first))
            fail_msg("9x9 %s seed %llu: count2 first solution wrong", what, (unsigned long long)seed);
    }
    if (k == 2 && (!is_solution_of(g, puz, second) || memcmp(first, second, 81) == 0))
        fail_msg("9x9 %s seed %llu: count2 second solution wrong", what, (unsigned long long)seed);
}

static void test_fast9_random(void **state)
{
    (void)state;
    const geometry *g = geometry_9x9();
    solver_ctx *ctx = solver_new(g);
    solver9_ctx *s9 = solver9_new();
    int seen[3] = {0, 0, 0};
    for (uint64_t grid_seed = 0; grid_seed < 150; grid_seed++) {
        prng rng;
        prng_seed(&rng, 77000000u + grid_seed);
        uint8_t sol[MAX_CELLS], puz[MAX_CELLS];
        random_grid(g, &rng, sol);
        for (int i = 0; i < 20; i++) {
            uint64_t seed = (77000000u + grid_seed) * 100 + (uint64_t)i;
            int clues = 17 + (int)prng_below(&rng, 40);
            random_puzzle(g, &rng, sol, clues, puz);
            int limit = i % 4 == 0 ? 1 + (int)prng_below(&rng, 40) : 2;
            compare_fast_generic(ctx, s9, puz, limit, "puzzle", seed);
            /* a wrong clue */
            int c;
            do c = (int)prng_below(&rng, 81);
            while (puz[c] != CELL_EMPTY);
            puz[c] = (uint8_t)((sol[c] + 1 + prng_below(&rng, 8)) % 9);
            compare_fast_generic(ctx, s9, puz, 2, "wrong clue", seed);
            seen[solver_count_generic(ctx, puz, 2, NULL)]++;
        }
    }
    print_message("9x9 wrong-clue puzzles: %d with 0, %d with 1, %d with >= 2 solutions\n", seen[0],
                  seen[1], seen[2]);
    assert_true(seen[0] > 100);
    /* the 17-clue list with one clue removed: all ambiguous */
    gridfile *f;
    mc_error err;
    assert_int_equal(gridfile_open(MC_TEST_DATA "/seventeen.txt", g, DIGITS_STD, &f, &err), MC_OK);
    grid gr;
    int n = 0;
    while (gridfile_next(f, &gr, NULL, &err) == MC_OK) {
        if (n++ % 4) continue;
        uint8_t puz[MAX_CELLS];
        memcpy(puz, gr.cell, MAX_CELLS);
        int c = n % 81;
        while (puz[c] == CELL_EMPTY) c = (c + 1) % 81;
        puz[c] = CELL_EMPTY;
        compare_fast_generic(ctx, s9, puz, 2, "seventeen minus one", (uint64_t)n);
        assert_int_equal(solver_count(ctx, puz, 2, NULL), 2);
    }
    gridfile_free(f);
    /* counting far past 2: the empty grid and sparse puzzles */
    uint8_t empty[MAX_CELLS];
    memset(empty, CELL_EMPTY, sizeof empty);
    compare_fast_generic(ctx, s9, empty, 5000, "empty", 0);
    solver9_free(s9);
    solver_free(ctx);
}

/* The base states of the 9x9 path (solver9_base_*): band 3 of a random grid
 * in slot 0, band 3 and a random band-1 set X in slot 1, then sets Y of
 * band 2, as the band engine's two-band check; and sparse random clue sets
 * of the whole grid split over the two levels. Each count must equal
 * solver9_count2 on the whole puzzle, the solutions must solve it (the
 * second differing from the first), and both outcomes must occur. A slot
 * whose clues clash gives 0. */
static void test_fast9_base(void **state)
{
    (void)state;
    const geometry *g = geometry_9x9();
    solver9_ctx *s9 = solver9_new(), *whole9 = solver9_new();
    int seen[3] = {0, 0, 0};
    for (uint64_t grid_seed = 0; grid_seed < 40; grid_seed++) {
        prng rng;
        prng_seed(&rng, 91000000u + grid_seed);
        uint8_t sol[MAX_CELLS], p0[81];
        random_grid(g, &rng, sol);
        bool whole = grid_seed % 4 == 3; /* sparse clues anywhere, not band 3 */
        memset(p0, CELL_EMPTY, sizeof p0);
        for (int c = 0; c < 81; c++)
            if (whole ? prng_below(&rng, 9) == 0 : c >= 54) p0[c] = sol[c];
        assert_true(solver9_base_load(s9, 0, p0));
        for (int xi = 0; xi < 20; xi++) {
            uint64_t cx[2] = {0, 0};
            int nx = 6 + (int)prng_below(&rng, 4);
            for (int k = 0; k < nx; k++) {
                int c = whole ? (int)prng_below(&rng, 81) : (int)prng_below(&rng, 27);
                cx[c >> 6] |= UINT64_C(1) << (c & 63);
            }
            assert_true(solver9_base_extend(s9, 0, 1, sol, cx));
            for (int yi = 0; yi < 20; yi++) {
                uint64_t cy[2] = {0, 0};
                int ny = 6 + (int)prng_below(&rng, 5);
                for (int k = 0; k < ny; k++) {
                    int c = whole ? (int)prng_below(&rng, 81) : 27 + (int)prng_below(&rng, 27);
                    cy[c >> 6] |= UINT64_C(1) << (c & 63);
                }
                uint8_t puz[81], second[81], first[81], rs[81];
                memcpy(puz, p0, 81);
                for (int c = 0; c < 81; c++)
                    if (((cx[c >> 6] | cy[c >> 6]) >> (c & 63)) & 1) puz[c] = sol[c];
                int want = solver9_count2(whole9, puz, rs);
                int got = solver9_count2_base(s9, 1, sol, cy, second);
                if (got != want)
                    fail_msg("grid seed %llu, X %d, Y %d: base count %d, whole puzzle %d",
                             (unsigned long long)grid_seed, xi, yi, got, want);
                seen[got]++;
                solver9_first_solution(s9, first);
                if (!is_solution_of(g, puz, first)) fail_msg("base: first solution wrong");
                if (got == 2 && (!is_solution_of(g, puz, second) || memcmp(first, second, 81) == 0))
                    fail_msg("base: second solution wrong");
            }
        }
    }
    print_message("9x9 base states: %d unique, %d with >= 2 solutions\n", seen[1], seen[2]);
    assert_int_equal(seen[0], 0);
    assert_true(seen[1] > 100 && seen[2] > 100);
    /* clashing clues: a digit twice in a row of slot 0, then in slot 1 */
    uint8_t p[81];
    memset(p, CELL_EMPTY, sizeof p);
    p[0] = p[1] = 4;
    assert_false(solver9_base_load(s9, 0, p));
    uint64_t none[2] = {0, 0};
    uint8_t sol[81];
    prng rng;
    prng_seed(&rng, 5);
    random_grid(g, &rng, sol);
    assert_false(solver9_base_extend(s9, 0, 1, sol, none));
    assert_int_equal(solver9_count2_base(s9, 0, sol, none, NULL), 0);
    assert_int_equal(solver9_count2_base(s9, 1, sol, none, NULL), 0);
    solver9_free(whole9);
    solver9_free(s9);
}

/* The vector helpers of the 9x9 path give the same results as their scalar twins. */
static void test_fast9_simd_twins(void **state)
{
    (void)state;
    prng rng;
    prng_seed(&rng, 4242);
    for (int it = 0; it < 100000; it++) {
        uint32_t a[9], b[9];
        for (int e = 0; e < 9; e++) a[e] = b[e] = (uint32_t)prng_next(&rng) & (uint32_t)prng_next(&rng) & 0x7FFFFFF;
        uint32_t x = (uint32_t)prng_next(&rng) & (uint32_t)prng_next(&rng) & 0x7FFFFFF;
        if (it % 3 == 0) x &= ~x + 1; /* often a single cell */
        uint32_t ha = s9_clear_cells_scalar(a, x), hb = s9_clear_cells(b, x);
        if (ha != hb || memcmp(a, b, sizeof a) != 0) fail_msg("clear_cells differs, iteration %d", it);
        uint8_t puz[96];
        for (int c = 0; c < 96; c++) puz[c] = prng_below(&rng, 3) ? CELL_EMPTY : (uint8_t)prng_below(&rng, 9);
        uint32_t ca[3], cb[3];
        s9_clue_cells_scalar(puz, ca);
        s9_clue_cells(puz, cb);
        if (memcmp(ca, cb, sizeof ca) != 0) fail_msg("clue_cells differs, iteration %d", it);
    }
    print_message("vector helpers: %s\n", S9_SIMD ? "SSE2 compared with scalar" : "scalar only in this build");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_seed000_problems), cmocka_unit_test(test_moler_examples),
        cmocka_unit_test(test_empty_4x4),        cmocka_unit_test(test_context_reuse),
        cmocka_unit_test(test_seventeen),        cmocka_unit_test(test_random_every_shape),
        cmocka_unit_test(test_fast9_random),      cmocka_unit_test(test_near_minimal_large),
        cmocka_unit_test(test_fast9_simd_twins),  cmocka_unit_test(test_fast9_base),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
