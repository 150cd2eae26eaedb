/* test_trace — the explaining solver against the fast solver and known counts.
 *
 * ctest-labels: unit
 * ctest-timeout: 600
 *
 * Oracles: solver_count (an independent implementation), a plain validity
 * check of every solution, the 288 solutions of the empty 4x4 grid, and seed
 * 000's Problem 1 with its published solution. Random puzzles of every shape
 * are seeded; a failure prints the shape and the seed. MC_TEST_SCALE=k in
 * the environment runs k times as many random rounds.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "generate.h"
#include "solver.h"
#include "trace.h"

static const int shapes[][2] = {{2, 2}, {2, 3}, {3, 2}, {2, 4}, {4, 2}, {3, 3}, {3, 4}, {4, 3}, {4, 4}};
#define NSHAPES ((int)(sizeof shapes / sizeof shapes[0]))

static void fail_at(const geometry *geo, uint64_t seed, const char *what)
{
    print_error("%s failed on %dx%d, seed %llu\n", what, geo->R, geo->C, (unsigned long long)seed);
    fail();
}

/* The call tree is well formed: ids in order, parents earlier, results add
 * up, at most two children, f never falls, net time within total. */
static void check_tree(const trace_ctx *ctx, const geometry *geo, uint64_t seed)
{
    int n = trace_node_count(ctx);
    const trace_node *nd = trace_nodes(ctx);
    int *sum = calloc((size_t)n + 1, sizeof *sum), *kids = calloc((size_t)n + 1, sizeof *kids);
    assert_true(sum && kids);
    int height = 0;
    for (int i = 0; i < n; i++) {
        if (nd[i].id != i + 1) fail_at(geo, seed, "node ids");
        if (nd[i].depth > height) height = nd[i].depth;
        if (nd[i].f < nd[i].f0 && nd[i].result > 0) fail_at(geo, seed, "f grows");
        if (nd[i].t_net > nd[i].t_total + 1e-9) fail_at(geo, seed, "net <= total");
        if (i == 0) {
            if (nd[i].parent != 0 || nd[i].jh != 1 || nd[i].assumed_box != -1) fail_at(geo, seed, "root");
            continue;
        }
        int p = nd[i].parent;
        if (p < 1 || p > i) fail_at(geo, seed, "parent before child");
        const trace_node *pn = &nd[p - 1];
        if (pn->branch_box != nd[i].assumed_box || pn->branch_digit != nd[i].assumed_digit)
            fail_at(geo, seed, "child assumes the branching");
        if (nd[i].depth != pn->depth + 1 || nd[i].jh / 2 != pn->depth + 1) fail_at(geo, seed, "depth and jh");
        uint16_t want = kids[p] == 0 ? pn->branch_first : (uint16_t)(pn->branch_set & ~pn->branch_first);
        if (nd[i].assumed_set != want) fail_at(geo, seed, "K1 then K2");
        kids[p]++;
        sum[p] += nd[i].result;
    }
    for (int i = 0; i < n; i++) {
        if (kids[i + 1] > 2) fail_at(geo, seed, "binary tree");
        if (kids[i + 1] > 0 && sum[i + 1] != nd[i].result) fail_at(geo, seed, "results add up");
        if (kids[i + 1] == 0 && nd[i].result > 1) fail_at(geo, seed, "leaf result");
    }
    if (height != trace_height(ctx)) fail_at(geo, seed, "height");
    free(sum);
    free(kids);
}

static void check_against_solver(trace_ctx *tr, solver_ctx *sv, const geometry *geo, const uint8_t *puzzle,
                                 int limit, uint64_t seed, int *seen)
{
    solver_result *res = malloc(sizeof *res);
    assert_non_null(res);
    uint8_t sol[MAX_CELLS];
    int a = trace_solve(tr, puzzle, limit, sol);
    int b = solver_count(sv, puzzle, limit, res);
    if (a != b) {
        print_error("trace %d, solver %d, limit %d\n", a, b, limit);
        fail_at(geo, seed, "trace count == solver count");
    }
    if (a >= 1) {
        grid g;
        g.geo = geo;
        memcpy(g.cell, sol, (size_t)geo->ncells);
        if (!grid_is_valid_solution(&g)) fail_at(geo, seed, "trace solution valid");
        for (int x = 0; x < geo->ncells; x++)
            if (puzzle[x] != CELL_EMPTY && puzzle[x] != sol[x]) fail_at(geo, seed, "solution keeps clues");
        if (a == 1 && memcmp(sol, res->sol[0], (size_t)geo->ncells)) fail_at(geo, seed, "same unique solution");
    }
    check_tree(tr, geo, seed);
    seen[a < 2 ? a : 2]++;
    free(res);
}

/* Random puzzles of every shape: minimal ones (1 solution), with clues
 * removed (several), with a clue changed (often none), random clue subsets. */
static void test_random_against_solver(void **state)
{
    (void)state;
    int seen[3] = {0, 0, 0};
    /* MC_TEST_SCALE=k runs k times as many rounds (longer manual checks) */
    const char *env = getenv("MC_TEST_SCALE");
    int scale = env && atoi(env) > 0 ? atoi(env) : 1;
    for (int s = 0; s < NSHAPES; s++) {
        const geometry *geo = geometry_get(shapes[s][0], shapes[s][1]);
        trace_ctx *tr = trace_new(geo);
        solver_ctx *sv = solver_new(geo);
        gen_ctx *gen = gen_new(geo);
        assert_true(tr && sv && gen);
        int rounds = (geo->N <= 8 ? 40 : geo->N == 9 ? 25 : 4) * scale;
        for (uint64_t seed = 1; seed <= (uint64_t)rounds; seed++) {
            prng rng;
            prng_seed(&rng, seed * 7919 + (uint64_t)s);
            grid sol, puz;
            gen_grid(gen, seed % 2 ? GEN_BACKTRACK : GEN_TRANSFORM, &rng, &sol);
            gen_puzzle(gen, &rng, &sol, seed % 3 == 0, &puz);
            trace_set_seed_rules(tr, seed % 4 == 1); /* SUDOC2's rules must agree too */
            check_against_solver(tr, sv, geo, puz.cell, 2, seed, seen);
            grid p = puz;
            for (int k = 0, x; k < 2; k++) { /* fewer clues */
                do x = (int)prng_below(&rng, (uint64_t)geo->ncells);
                while (p.cell[x] == CELL_EMPTY);
                p.cell[x] = CELL_EMPTY;
            }
            check_against_solver(tr, sv, geo, p.cell, 2, seed, seen);
            check_against_solver(tr, sv, geo, p.cell, 7, seed, seen);
            p = puz; /* a changed clue */
            int x;
            do x = (int)prng_below(&rng, (uint64_t)geo->ncells);
            while (p.cell[x] == CELL_EMPTY);
            p.cell[x] = (uint8_t)((p.cell[x] + 1 + prng_below(&rng, (uint64_t)geo->N - 1)) % geo->N);
            check_against_solver(tr, sv, geo, p.cell, 2, seed, seen);
            grid_clear(&p, geo); /* a random half of the grid's cells, one changed */
            for (int y = 0; y < geo->ncells; y++)
                if (prng_next(&rng) >> 63) p.cell[y] = sol.cell[y];
            check_against_solver(tr, sv, geo, p.cell, 3, seed, seen);
            p.cell[x] = (uint8_t)((sol.cell[x] + 1) % geo->N);
            check_against_solver(tr, sv, geo, p.cell, 2, seed, seen);
        }
        trace_free(tr);
        solver_free(sv);
        gen_free(gen);
    }
    print_message("random puzzles: %d with 0, %d with 1, %d with more solutions\n", seen[0], seen[1], seen[2]);
    assert_true(seen[0] > 20 && seen[1] > 20 && seen[2] > 20);
}

static void test_empty_shidoku(void **state)
{
    (void)state;
    const geometry *geo = geometry_get(2, 2);
    trace_ctx *tr = trace_new(geo);
    assert_non_null(tr);
    grid g;
    grid_clear(&g, geo);
    assert_int_equal(trace_solve(tr, g.cell, 1000, NULL), 288);
    check_tree(tr, geo, 0);
    assert_int_equal(trace_solve(tr, g.cell, 100, NULL), 100);
    check_tree(tr, geo, 0);
    trace_free(tr);
}

static void test_clashing_clues(void **state)
{
    (void)state;
    const geometry *geo = geometry_9x9();
    trace_ctx *tr = trace_new(geo);
    assert_non_null(tr);
    grid g;
    grid_clear(&g, geo);
    g.cell[0] = g.cell[10] = 4; /* same box */
    assert_int_equal(trace_solve(tr, g.cell, 2, NULL), 0);
    grid_clear(&g, geo);
    g.cell[0] = g.cell[8] = 4; /* same row */
    assert_int_equal(trace_solve(tr, g.cell, 2, NULL), 0);
    grid_clear(&g, geo);
    g.cell[0] = g.cell[72] = 4; /* same column */
    assert_int_equal(trace_solve(tr, g.cell, 2, NULL), 0);
    trace_free(tr);
}

/* Schoenhage, SUDOC2 (2007), section 5, Problem 1, parsed into g; a trace context for it. */
static const char *const problem1 =
    "......5.1....4..6.6253.......17.2......4.6.83..7.......83.....97...5.4.....9..1..";

static trace_ctx *trace_problem1(grid *g)
{
    const geometry *geo = NULL;
    size_t len;
    mc_error err;
    assert_int_equal(grid_parse(problem1, strlen(problem1), &geo, DIGITS_STD, g, &len, &err), MC_OK);
    trace_ctx *tr = trace_new(geo);
    assert_non_null(tr);
    return tr;
}

/* Schoenhage, SUDOC2 (2007), section 5, Problem 1 and the solution printed there. */
static void test_schoenhage_problem1(void **state)
{
    (void)state;
    const char *answer = "934268571178549362625371894861732945592416783347895216483127659719653428256984137";
    grid g;
    trace_ctx *tr = trace_problem1(&g);
    const geometry *geo = g.geo;
    uint8_t sol[MAX_CELLS];
    assert_int_equal(trace_solve(tr, g.cell, 2, sol), 1);
    for (int x = 0; x < 81; x++) assert_int_equal(sol[x] + 1, answer[x] - '0');
    check_tree(tr, geo, 0);
    const trace_node *root = trace_nodes(tr);
    assert_int_equal(root->f0, 24);
    /* SUDOC2's INFER needs 11 calls of height 5; ours must stay as small */
    print_message("Problem 1: %d calls, height %d\n", trace_node_count(tr), trace_height(tr));
    assert_true(trace_node_count(tr) <= 11 && trace_height(tr) <= 5);
    trace_free(tr);
}

/* Seed mode reproduces SUDOC2's published protocol of Problem 1 row by
 * row: jh, e, f0 -> f, and the branching dn / oct. The seed writes dn and oct
 * with the low digit first (dn = r' + 4 s' + 16 n in hex, oct = the 9-bit word
 * q_n(r', s') with bit r + 3 s). The one difference: SUDOC2's call jh = 2
 * (a contradiction) stops at f = 61, ours at 62 — f at a contradiction
 * depends on the order in which the queue met it. */
static void test_seed_protocol(void **state)
{
    (void)state;
    static const struct {
        int jh, e, f0, f;
        const char *dn, *oct;
    } table[] = {
        {1, 1, 24, 30, "99", "500"}, {3, 1, 31, 31, "89", "050"}, {5, 0, 32, 49, "E", "E"},
        {4, 1, 32, 37, "59", "044"}, {7, 1, 38, 38, "49", "003"}, {9, 0, 39, 39, "29", "022"},
        {11, 0, 40, 51, "E", "E"},   {10, 0, 40, 62, "E", "E"},   {8, 1, 39, 81, "E", "E"},
        {6, 0, 38, 54, "E", "E"},    {2, 0, 31, 61, "E", "E"},
    };
    grid g;
    trace_ctx *tr = trace_problem1(&g);
    const geometry *geo = g.geo;
    trace_set_seed_rules(tr, true);
    assert_int_equal(trace_solve(tr, g.cell, 2, NULL), 1);
    check_tree(tr, geo, 0);
    assert_int_equal(trace_node_count(tr), 11);
    assert_int_equal(trace_height(tr), 5);
    const trace_node *nd = trace_nodes(tr);
    for (int k = 0; k < 11; k++) {
        const trace_node *x = NULL;
        for (int i = 0; i < 11; i++)
            if (nd[i].jh == table[k].jh) x = &nd[i];
        assert_non_null(x);
        assert_int_equal(x->result, table[k].e);
        assert_int_equal(x->f0, table[k].f0);
        if (table[k].jh != 2) assert_int_equal(x->f, table[k].f);
        if (table[k].dn[0] == 'E') {
            assert_int_equal(x->branch_box, -1);
            continue;
        }
        int dn = (table[k].dn[0] - '0') + 16 * (table[k].dn[1] - '0');
        int oct = (table[k].oct[0] - '0') + 8 * (table[k].oct[1] - '0') + 64 * (table[k].oct[2] - '0');
        int n = dn / 16, band = dn % 16 % 4, stack = dn % 16 / 4;
        uint16_t set = 0;
        for (int t = 0; t < 9; t++)
            if (oct >> t & 1) set |= (uint16_t)(1u << ((t % 3) * 3 + t / 3));
        assert_int_equal(x->branch_digit + 1, n);
        assert_int_equal(x->branch_box, band * 3 + stack);
        assert_int_equal(x->branch_set, set);
    }
    trace_set_seed_rules(tr, false);
    trace_free(tr);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_schoenhage_problem1),
        cmocka_unit_test(test_seed_protocol),
        cmocka_unit_test(test_clashing_clues),
        cmocka_unit_test(test_empty_shidoku),
        cmocka_unit_test(test_random_against_solver),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
