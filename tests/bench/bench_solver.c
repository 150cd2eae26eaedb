/* bench_solver — single core, limit 2: puzzles per second of the 9x9 solver.
 *
 *   (a) tests/data/seventeen.txt (1,967 17-clue puzzles, all unique);
 *   (b) the same puzzles with one clue removed, every clue in turn
 *       (17 x 1,967 = 33,439 puzzles, all ambiguous) — what the checker
 *       feeds the solver.
 * Each set is run through solver9_count2 (the checker's entry point) and
 * solver_count (full result: two solutions and the witness), repeated until
 * about `seconds` (default 5, first argument) have passed. Prints the build
 * banner, rates, search nodes per puzzle and a checksum of the counts.
 * Rates are given per wall-clock second and per second of this thread's CPU
 * time: on a machine shared with other jobs the second is the fairer one
 * (it still suffers from cache and core sharing).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "banner.h"
#include "gridfile.h"
#include "mc_clock.h"
#include "solver.h"
#include "solver9.h"


typedef struct set {
    const char *name;
    uint8_t (*p)[81];
    int n;
} set;

static long one_pass(int mode, const set *s, solver9_ctx *s9, solver_ctx *ctx, solver_result *res,
                     uint64_t *nodes)
{
    long sum = 0;
    uint8_t second[81];
    for (int i = 0; i < s->n; i++) {
        if (mode == 0) {
            sum += solver9_count2(s9, s->p[i], second);
            *nodes += solver9_nodes(s9);
        } else {
            sum += solver_count(ctx, s->p[i], 2, res);
            *nodes += res->nodes;
        }
    }
    return sum;
}

static void run(const set *s, double seconds, solver9_ctx *s9, solver_ctx *ctx, solver_result *res)
{
    static const char *modes[2] = {"solver9_count2", "solver_count  "};
    for (int mode = 0; mode < 2; mode++) {
        uint64_t nodes = 0;
        double t0 = mc_wall_seconds();
        long sum = one_pass(mode, s, s9, ctx, res, &nodes);
        double t1 = mc_wall_seconds();
        int reps = (int)(seconds / (t1 - t0 + 1e-9)) + 1;
        nodes = 0;
        long check = 0;
        t0 = mc_wall_seconds();
        double c0 = mc_thread_cpu_seconds();
        for (int r = 0; r < reps; r++) check += one_pass(mode, s, s9, ctx, res, &nodes);
        double c1 = mc_thread_cpu_seconds();
        t1 = mc_wall_seconds();
        double total = (double)reps * s->n;
        printf("%s %s: %8.0f puzzles/s wall, %8.0f puzzles/s cpu  (%d puzzles x %d reps in %.2f s "
               "wall, %.2f s cpu; %.2f nodes/puzzle; count sum %ld per pass)\n",
               s->name, modes[mode], total / (t1 - t0), total / (c1 - c0), s->n, reps, t1 - t0,
               c1 - c0, (double)nodes / total, sum);
        if (check != sum * reps) printf("  count mismatch between passes!\n");
    }
}

int main(int argc, char **argv)
{
    double seconds = argc > 1 ? atof(argv[1]) : 5.0;
    if (seconds <= 0) seconds = 5.0;
    mc_banner(stdout);
    gridfile *f;
    mc_error err;
    if (gridfile_open(MC_TEST_DATA "/seventeen.txt", geometry_9x9(), DIGITS_STD, &f, &err) != MC_OK) {
        fprintf(stderr, "%s\n", err.msg);
        return 2;
    }
    set a = {"(a) 17 clues       ", malloc(81 * 4096), 0};
    grid g;
    mc_status st;
    while ((st = gridfile_next(f, &g, NULL, &err)) == MC_OK && a.n < 4096) memcpy(a.p[a.n++], g.cell, 81);
    gridfile_free(f);
    if (st != MC_EOF) {
        fprintf(stderr, "%s\n", err.msg);
        return 2;
    }
    set b = {"(b) 17 minus 1 clue", malloc(81 * (size_t)a.n * 17), 0};
    for (int i = 0; i < a.n; i++)
        for (int c = 0; c < 81; c++)
            if (a.p[i][c] != CELL_EMPTY) {
                memcpy(b.p[b.n], a.p[i], 81);
                b.p[b.n++][c] = CELL_EMPTY;
            }
    solver9_ctx *s9 = solver9_new();
    solver_ctx *ctx = solver_new(geometry_9x9());
    solver_result *res = malloc(sizeof *res);
    printf("single core, limit 2, about %.0f s per measurement\n", seconds);
    run(&a, seconds, s9, ctx, res);
    run(&b, seconds, s9, ctx, res);
    solver9_free(s9);
    solver_free(ctx);
    free(res);
    free(a.p);
    free(b.p);
    return 0;
}
