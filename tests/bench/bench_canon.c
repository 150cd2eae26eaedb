/* bench_canon — grids per second of canon_minlex9 on one core.
 *
 * Fixed inputs (seeded): set "random": 2,000 grids from the randomized
 * backtracker of tests/unit/random_grid.h, each under 50 random transforms
 * (100,000 grids); set "known": the grids of tests/data/known-grids.txt
 * (highly symmetric ones among them) under random transforms, 100,000 grids.
 * The one-off table build is timed separately. Each set is timed three
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

#define SET 100000

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

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

static void run(const char *name, uint8_t (*grids)[81], int n)
{
    for (int rep = 0; rep < 3; rep++) {
        uint64_t sum = 0, autos = 0;
        uint8_t out[81];
        double t0 = now();
        for (int i = 0; i < n; i++) {
            autos += (uint64_t)canon_minlex9(grids[i], out, NULL);
            for (int j = 0; j < 81; j += 8) sum = sum * 31 + out[j];
        }
        double dt = now() - t0;
        printf("%-7s run %d: %d grids in %.3f s = %.0f grids/s (%.2f us/grid; automorphisms sum %llu, checksum %016llx)\n",
               name, rep + 1, n, dt, n / dt, 1e6 * dt / n, (unsigned long long)autos, (unsigned long long)sum);
    }
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
        double t0 = now();
        canon_minlex9(g.cell, tmp, NULL); /* builds the table */
        printf("table build and first grid: %.3f s\n", now() - t0);
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
    return 0;
}
