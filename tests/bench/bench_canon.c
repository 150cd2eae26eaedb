/* bench_canon — grids per second of canon_minlex9 on one core.
 *
 * Fixed inputs (seeded): set "random": 2,000 grids from the randomized
 * backtracker of tests/unit/random_grid.h, each under 50 random transforms
 * (100,000 grids); set "known": the grids of tests/data/known-grids.txt
 * (highly symmetric ones among them) under random transforms, 100,000 grids.
 * Also canon_minlex (the generic table path) on 20,000 random 6x6, 8x8 and
 * 9x9 grids. Rates are given by wall clock and by the thread's CPU time (the machine
 * is shared; the CPU-time rate is the one-core rate). The one-off table
 * build is timed separately. canon_is_minlex9 is timed on
 * the random set relabelled so the first row reads 1..9 (almost all answers
 * "no") and on its forms (all "yes"). Each set is timed three
 * times; all three rates are printed. A checksum of the forms guards against
 * the work being optimised away and makes runs comparable.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../unit/random_grid.h"
#include "banner.h"
#include "canon.h"
#include "mc_clock.h"

#define SET 100000

static int load_known(uint8_t (*k)[81], int max)
{
    FILE *f = fopen(MC_TEST_DATA "/known-grids.txt", "r");
    if (!f) {
        perror(MC_TEST_DATA "/known-grids.txt");
        exit(2);
    }
    char line[1024];
    int n = 0;
    while (n < max && fgets(line, sizeof line, f)) {
        if (line[0] == '#' || strlen(line) < 81) continue;
        for (int i = 0; i < 81; i++) k[n][i] = (uint8_t)(line[i] - '1');
        n++;
    }
    fclose(f);
    return n;
}

static void run_is_minlex(const char *name, uint8_t (*grids)[81], int n)
{
    for (int rep = 0; rep < 3; rep++) {
        uint64_t yes = 0;
        double t0 = mc_wall_seconds(), c0 = mc_thread_cpu_seconds();
        for (int i = 0; i < n; i++) yes += canon_is_minlex9(grids[i], NULL);
        double dt = mc_wall_seconds() - t0, dc = mc_thread_cpu_seconds() - c0;
        printf("%-16s run %d: %d grids, wall %.3f s = %.0f grids/s, cpu %.3f s = %.0f grids/s (%llu minlex)\n",
               name, rep + 1, n, dt, n / dt, dc, n / dc, (unsigned long long)yes);
    }
}

static void run(const char *name, uint8_t (*grids)[81], int n)
{
    for (int rep = 0; rep < 3; rep++) {
        uint64_t sum = 0, autos = 0;
        uint8_t out[81];
        double t0 = mc_wall_seconds(), c0 = mc_thread_cpu_seconds();
        for (int i = 0; i < n; i++) {
            autos += (uint64_t)canon_minlex9(grids[i], out, NULL);
            for (int j = 0; j < 81; j += 8) sum = sum * 31 + out[j];
        }
        double dt = mc_wall_seconds() - t0, dc = mc_thread_cpu_seconds() - c0;
        printf("%-16s run %d: %d grids, wall %.3f s = %.0f grids/s, cpu %.3f s = %.0f grids/s = %.2f us/grid "
               "(automorphisms sum %llu, checksum %016llx)\n",
               name, rep + 1, n, dt, n / dt, dc, n / dc, 1e6 * dc / n, (unsigned long long)autos,
               (unsigned long long)sum);
    }
}

/* canon_minlex (table path) on other shapes: 20,000 random grids each. */
static void run_generic(int R, int C, prng *rng)
{
    enum { M = 20000 };
    const geometry *geo = geometry_get(R, C);
    grid *gs = malloc(sizeof(grid) * M);
    if (!gs) exit(2);
    for (int i = 0; i < M; i++) random_grid_make(geo, rng, &gs[i]);
    grid out;
    canon_minlex(&gs[0], &out, NULL); /* builds the shape's table */
    for (int rep = 0; rep < 3; rep++) {
        uint64_t autos = 0;
        double t0 = mc_wall_seconds(), c0 = mc_thread_cpu_seconds();
        for (int i = 0; i < M; i++) autos += (uint64_t)canon_minlex(&gs[i], &out, NULL);
        double dt = mc_wall_seconds() - t0, dc = mc_thread_cpu_seconds() - c0;
        printf("generic %dx%d      run %d: %d grids, wall %.3f s = %.0f grids/s, cpu %.3f s = %.0f grids/s "
               "(automorphisms sum %llu)\n",
               R, C, rep + 1, M, dt, M / dt, dc, M / dc, (unsigned long long)autos);
    }
    free(gs);
}

int main(void)
{
    mc_banner(stdout);
    const geometry *geo = geometry_9x9();
    uint8_t(*grids)[81] = malloc(sizeof(uint8_t[81]) * SET);
    if (!grids) return 2;

    prng rng;
    prng_seed(&rng, 20261121);
    {
        grid g;
        uint8_t tmp[81];
        random_grid_make(geo, &rng, &g);
        double t0 = mc_wall_seconds();
        canon_minlex9(g.cell, tmp, NULL); /* builds the table */
        printf("table build and first grid: %.3f s\n", mc_wall_seconds() - t0);
    }
    int n = 0;
    while (n < SET) {
        grid g;
        random_grid_make(geo, &rng, &g);
        for (int k = 0; k < 50 && n < SET; k++) {
            transform t;
            transform_random(&t, geo, &rng);
            transform_apply_cells(&t, g.cell, grids[n++]);
        }
    }
    run("random", grids, n);
    /* relabelled so that the first row reads 1..9 (else the answer is
     * immediate) */
    for (int i = 0; i < n; i++) {
        uint8_t lab[9];
        for (int j = 0; j < 9; j++) lab[grids[i][j]] = (uint8_t)j;
        for (int c = 0; c < 81; c++) grids[i][c] = lab[grids[i][c]];
    }
    run_is_minlex("is_minlex relab", grids, n);
    for (int i = 0; i < n; i++) canon_minlex9(grids[i], grids[i], NULL);
    run_is_minlex("is_minlex forms", grids, n);

    uint8_t known[32][81];
    int nk = load_known(known, 32);
    n = 0;
    while (n < SET) {
        transform t;
        transform_random(&t, geo, &rng);
        transform_apply_cells(&t, known[n % nk], grids[n]);
        n++;
    }
    run("known", grids, n);
    free(grids);
    run_generic(2, 3, &rng);
    run_generic(2, 4, &rng);
    run_generic(3, 3, &rng);
    return 0;
}
