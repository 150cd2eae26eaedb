/* bench_generate — minimal puzzles per second (one core), every shape, and
 * complete grids per second by both methods.
 *
 * Fixed seeds: seed 1 for every run, so two runs do the same work. A puzzle
 * is counted from the random grid to the minimal puzzle (grid generation
 * included). Rates are per CPU second of this thread (CLOCK_THREAD_CPUTIME_ID),
 * so a loaded machine disturbs them less than wall time would; wall time is
 * printed too. Results: tests/bench/results/bench_generate.txt.
 */
#include <stdio.h>
#include <time.h>

#include "banner.h"
#include "generate.h"
#include "mc_clock.h"

static void bench_puzzles(int R, int C, int count, bool symmetric)
{
    const geometry *geo = geometry_get(R, C);
    gen_ctx *ctx = gen_new(geo);
    if (!ctx) return;
    prng rng;
    prng_seed(&rng, 1);
    long clues = 0;
    int lo = MAX_CELLS, hi = 0;
    double t0 = mc_thread_cpu_seconds(), w0 = mc_wall_seconds();
    for (int i = 0; i < count; i++) {
        grid sol, puz;
        gen_grid(ctx, GEN_BACKTRACK, &rng, &sol);
        int n = gen_puzzle(ctx, &rng, &sol, symmetric, &puz);
        clues += n;
        if (n < lo) lo = n;
        if (n > hi) hi = n;
    }
    double t = mc_thread_cpu_seconds() - t0, w = mc_wall_seconds() - w0;
    printf("minimal puzzles %2dx%-2d (%dx%d boxes)%s: %5d in %7.2f cpu s (%7.2f wall s) = %9.1f puzzles/s; "
           "clues mean %.1f, min %d, max %d\n",
           geo->N, geo->N, R, C, symmetric ? ", symmetric" : "           ", count, t, w, count / t,
           (double)clues / count, lo, hi);
    fflush(stdout);
    gen_free(ctx);
}

static void bench_grids(int R, int C, int count, gen_method m)
{
    const geometry *geo = geometry_get(R, C);
    gen_ctx *ctx = gen_new(geo);
    if (!ctx) return;
    prng rng;
    prng_seed(&rng, 1);
    unsigned check = 0;
    double t0 = mc_thread_cpu_seconds();
    for (int i = 0; i < count; i++) {
        grid g;
        gen_grid(ctx, m, &rng, &g);
        check += g.cell[geo->ncells - 1];
    }
    double t = mc_thread_cpu_seconds() - t0;
    printf("grids %2dx%-2d %-9s: %6d in %6.2f cpu s = %10.1f grids/s (check %u)\n", geo->N, geo->N,
           m == GEN_BACKTRACK ? "backtrack" : "transform", count, t, count / t, check);
    fflush(stdout);
    gen_free(ctx);
}

int main(void)
{
    mc_banner(stdout);
    bench_puzzles(3, 3, 2000, false);
    bench_puzzles(4, 4, 40, false);
    bench_puzzles(3, 3, 1000, true);
    bench_puzzles(2, 2, 20000, false);
    bench_puzzles(2, 3, 5000, false);
    bench_puzzles(2, 4, 1000, false);
    bench_puzzles(3, 4, 500, false);
    bench_grids(3, 3, 20000, GEN_BACKTRACK);
    bench_grids(3, 3, 20000, GEN_TRANSFORM);
    bench_grids(4, 4, 2000, GEN_BACKTRACK);
    bench_grids(4, 4, 2000, GEN_TRANSFORM);
    return 0;
}
