/* test_generate — grids and minimal puzzles from generate.c on every shape.
 *
 * ctest-labels: unit
 * ctest-timeout: 600
 *
 * Oracles independent of generate.c: a unit-by-unit validity check, a plain
 * backtracking solution counter (small shapes), the canonical-grid formula
 * checked cell by cell, and the published counts of 4x4 grids (288) and of
 * minimal 4-clue 4x4 puzzles (25,728), both recomputed here by brute force.
 * Random checks print the shape and the seed when they fail.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "generate.h"
#include "solver.h"

static const int shapes[][2] = {{2, 2}, {2, 3}, {3, 2}, {2, 4}, {4, 2}, {3, 3}, {3, 4}, {4, 3}, {4, 4}};
#define NSHAPES ((int)(sizeof shapes / sizeof shapes[0]))

static void fail_at(const geometry *geo, uint64_t seed, const char *what)
{
    print_error("%s failed on %dx%d, seed %llu\n", what, geo->R, geo->C, (unsigned long long)seed);
    fail();
}

/* Every unit holds every digit exactly once. */
static bool slow_valid(const grid *g)
{
    const geometry *geo = g->geo;
    int N = geo->N;
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++)
            if (g->cell[r * N + c] >= N) return false;
    for (int a = 0; a < N; a++) {
        unsigned rows = 0, cols = 0, boxes = 0;
        for (int i = 0; i < N; i++) {
            rows |= 1u << g->cell[a * N + i];
            cols |= 1u << g->cell[i * N + a];
            int br = (a / geo->R) * geo->R + i / geo->C, bc = (a % geo->R) * geo->C + i % geo->C;
            boxes |= 1u << g->cell[br * N + bc];
        }
        unsigned all = (1u << N) - 1;
        if (rows != all || cols != all || boxes != all) return false;
    }
    return true;
}

/* Plain backtracking: solutions of cells (in place), counted up to limit. */
static bool slow_ok(const geometry *geo, const uint8_t *cells, int x, int d)
{
    int N = geo->N, r = x / N, c = x % N;
    for (int y = 0; y < geo->ncells; y++) {
        if (y == x || cells[y] != d) continue;
        int yr = y / N, yc = y % N;
        if (yr == r || yc == c || (yr / geo->R == r / geo->R && yc / geo->C == c / geo->C)) return false;
    }
    return true;
}

static int slow_count(const geometry *geo, uint8_t *cells, int from, int limit)
{
    int x = from;
    while (x < geo->ncells && cells[x] != CELL_EMPTY) x++;
    if (x == geo->ncells) return 1;
    int found = 0;
    for (int d = 0; d < geo->N && found < limit; d++) {
        if (!slow_ok(geo, cells, x, d)) continue;
        cells[x] = (uint8_t)d;
        found += slow_count(geo, cells, x + 1, limit - found);
        cells[x] = CELL_EMPTY;
    }
    return found;
}

static bool clues_consistent(const geometry *geo, const uint8_t *cells)
{
    for (int x = 0; x < geo->ncells; x++)
        if (cells[x] != CELL_EMPTY && !slow_ok(geo, cells, x, cells[x])) return false;
    return true;
}

static int slow_solutions(const geometry *geo, const uint8_t *puzzle, int limit)
{
    uint8_t cells[MAX_CELLS];
    memcpy(cells, puzzle, (size_t)geo->ncells);
    if (!clues_consistent(geo, cells)) return 0;
    return slow_count(geo, cells, 0, limit);
}

static void test_canonical_grid(void **state)
{
    (void)state;
    for (int s = 0; s < NSHAPES; s++) {
        const geometry *geo = geometry_get(shapes[s][0], shapes[s][1]);
        grid g;
        gen_canonical_grid(geo, &g);
        if (!slow_valid(&g)) fail_at(geo, 0, "canonical grid valid");
    }
    /* Behringer's canonical Hexadoku: row 0 is 0..F, row 1 is row 0 shifted
     * left by 4, row 4 is row 0 shifted left by 1. */
    const geometry *geo = geometry_get(4, 4);
    grid g;
    gen_canonical_grid(geo, &g);
    for (int c = 0; c < 16; c++) {
        assert_int_equal(g.cell[c], c);
        assert_int_equal(g.cell[16 + c], (c + 4) % 16);
        assert_int_equal(g.cell[4 * 16 + c], (c + 1) % 16);
    }
}

static void test_grids_valid(void **state)
{
    (void)state;
    for (int s = 0; s < NSHAPES; s++) {
        const geometry *geo = geometry_get(shapes[s][0], shapes[s][1]);
        gen_ctx *ctx = gen_new(geo);
        assert_non_null(ctx);
        for (int m = 0; m < 2; m++)
            for (uint64_t seed = 1; seed <= 20; seed++) {
                prng rng;
                prng_seed(&rng, seed);
                grid g;
                gen_grid(ctx, m ? GEN_TRANSFORM : GEN_BACKTRACK, &rng, &g);
                if (!slow_valid(&g)) fail_at(geo, seed, m ? "transform grid valid" : "backtrack grid valid");
            }
        gen_free(ctx);
    }
}

/* Same seed, same grids and puzzles; different seeds, different grids. */
static void test_reproducible(void **state)
{
    (void)state;
    for (int s = 0; s < NSHAPES; s++) {
        const geometry *geo = geometry_get(shapes[s][0], shapes[s][1]);
        gen_ctx *a = gen_new(geo), *b = gen_new(geo);
        assert_true(a && b);
        for (int m = 0; m < 2; m++) {
            prng ra, rb, rc;
            prng_seed(&ra, 77);
            prng_seed(&rb, 77);
            prng_seed(&rc, 78);
            grid ga, gb, gc, pa, pb;
            gen_grid(a, (gen_method)m, &ra, &ga);
            gen_grid(b, (gen_method)m, &rb, &gb);
            gen_grid(a, (gen_method)m, &rc, &gc);
            if (memcmp(ga.cell, gb.cell, (size_t)geo->ncells)) fail_at(geo, 77, "same seed same grid");
            if (!memcmp(ga.cell, gc.cell, (size_t)geo->ncells)) fail_at(geo, 78, "different seed different grid");
            if (geo->N <= 9) {
                gen_puzzle(a, &ra, &ga, m == 1, &pa);
                gen_puzzle(b, &rb, &gb, m == 1, &pb);
                if (memcmp(pa.cell, pb.cell, (size_t)geo->ncells)) fail_at(geo, 77, "same seed same puzzle");
            }
        }
        gen_free(a);
        gen_free(b);
    }
}

/* Puzzles: clues taken from the grid, unique, minimal (checked here without
 * gen_is_minimal), symmetric when asked. */
static void check_puzzles(int R, int C, int rounds, bool symmetric)
{
    const geometry *geo = geometry_get(R, C);
    gen_ctx *ctx = gen_new(geo);
    solver_ctx *solver = solver_new(geo);
    assert_true(ctx && solver);
    bool slow = geo->ncells <= 64;
    for (uint64_t seed = 1; seed <= (uint64_t)rounds; seed++) {
        prng rng;
        prng_seed(&rng, seed * 1000 + (uint64_t)symmetric);
        grid sol, puz;
        gen_grid(ctx, seed % 2 ? GEN_BACKTRACK : GEN_TRANSFORM, &rng, &sol);
        int clues = gen_puzzle(ctx, &rng, &sol, symmetric, &puz);
        int seen = 0;
        for (int x = 0; x < geo->ncells; x++) {
            if (puz.cell[x] == CELL_EMPTY) continue;
            seen++;
            if (puz.cell[x] != sol.cell[x]) fail_at(geo, seed, "clue from the grid");
            if (symmetric && puz.cell[gen_mirror(geo, x)] == CELL_EMPTY) fail_at(geo, seed, "symmetric pattern");
        }
        assert_int_equal(seen, clues);
        int n = slow ? slow_solutions(geo, puz.cell, 2) : solver_count(solver, puz.cell, 2, NULL);
        if (n != 1) fail_at(geo, seed, "puzzle unique");
        for (int x = 0; x < geo->ncells; x++) {
            int y = gen_mirror(geo, x);
            if (puz.cell[x] == CELL_EMPTY || (symmetric && y < x)) continue;
            grid p = puz;
            p.cell[x] = CELL_EMPTY;
            if (symmetric) p.cell[y] = CELL_EMPTY;
            n = slow ? slow_solutions(geo, p.cell, 2) : solver_count(solver, p.cell, 2, NULL);
            if (n != 2) fail_at(geo, seed, "puzzle minimal");
        }
        if (!gen_is_minimal(ctx, &puz, symmetric)) fail_at(geo, seed, "gen_is_minimal agrees");
        if (!symmetric && clues > 0) {
            /* adding back any missing clue keeps it unique but not minimal */
            for (int x = 0; x < geo->ncells; x++)
                if (puz.cell[x] == CELL_EMPTY) {
                    grid p = puz;
                    p.cell[x] = sol.cell[x];
                    if (gen_is_minimal(ctx, &p, false)) fail_at(geo, seed, "superset not minimal");
                    break;
                }
        }
    }
    solver_free(solver);
    gen_free(ctx);
}

static void test_puzzles_small(void **state)
{
    (void)state;
    check_puzzles(2, 2, 60, false);
    check_puzzles(2, 2, 30, true);
    check_puzzles(2, 3, 20, false);
    check_puzzles(3, 2, 20, true);
    check_puzzles(2, 4, 8, false);
    check_puzzles(4, 2, 8, true);
}

static void test_puzzles_large(void **state)
{
    (void)state;
    check_puzzles(3, 3, 12, false);
    check_puzzles(3, 3, 6, true);
    check_puzzles(3, 4, 3, false);
    check_puzzles(4, 3, 2, true);
    check_puzzles(4, 4, 2, false);
}

/* All 4x4 grids by plain backtracking, row-major. */
static void all_grids(const geometry *geo, uint8_t *cells, int x, uint8_t (*out)[16], int *n)
{
    if (x == geo->ncells) {
        memcpy(out[(*n)++], cells, 16);
        return;
    }
    for (int d = 0; d < geo->N; d++) {
        if (!slow_ok(geo, cells, x, d)) continue;
        cells[x] = (uint8_t)d;
        all_grids(geo, cells, x + 1, out, n);
        cells[x] = CELL_EMPTY;
    }
}

/* Over all 288 4x4 grids, every 4-subset of cells: the unique ones are the
 * 4-clue puzzles (none has fewer clues, so all are minimal): 25,728. */
static void test_shidoku_four_clue_count(void **state)
{
    (void)state;
    const geometry *geo = geometry_get(2, 2);
    static uint8_t grids[300][16];
    uint8_t cells[16];
    memset(cells, CELL_EMPTY, sizeof cells);
    int ngrids = 0;
    all_grids(geo, cells, 0, grids, &ngrids);
    assert_int_equal(ngrids, 288);
    gen_ctx *ctx = gen_new(geo);
    solver_ctx *solver = solver_new(geo);
    assert_true(ctx && solver);
    long unique = 0, minimal = 0, unique_three = 0;
    for (int g = 0; g < ngrids; g++) {
        for (int a = 0; a < 16; a++)
            for (int b = a + 1; b < 16; b++)
                for (int c = b + 1; c < 16; c++) {
                    grid p;
                    grid_clear(&p, geo);
                    p.cell[a] = grids[g][a];
                    p.cell[b] = grids[g][b];
                    p.cell[c] = grids[g][c];
                    if (slow_solutions(geo, p.cell, 2) == 1) unique_three++;
                    for (int d = c + 1; d < 16; d++) {
                        p.cell[d] = grids[g][d];
                        int n = slow_solutions(geo, p.cell, 2);
                        assert_int_equal(n, solver_count(solver, p.cell, 2, NULL));
                        if (n == 1) {
                            unique++;
                            if (gen_is_minimal(ctx, &p, false)) minimal++;
                        }
                        p.cell[d] = CELL_EMPTY;
                    }
                }
    }
    assert_int_equal(unique_three, 0);
    assert_int_equal(unique, 25728);
    assert_int_equal(minimal, 25728);
    solver_free(solver);
    gen_free(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_canonical_grid),
        cmocka_unit_test(test_grids_valid),
        cmocka_unit_test(test_reproducible),
        cmocka_unit_test(test_puzzles_small),
        cmocka_unit_test(test_puzzles_large),
        cmocka_unit_test(test_shidoku_four_clue_count),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
