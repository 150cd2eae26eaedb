/* bench_job_cost — the per-grid rates of the cost model of `job split`
 * for source enumerate (job_cost.c): K = 16 CPU seconds per grid of the
 * band engine and of the checker on grids drawn from minlex bands spread
 * over 1..416, projected to the whole catalogue.
 *
 * usage: bench_job_cost [--k K] [--bands B] [--per-band N] [--seed S]
 * Strata: B minlex bands spread evenly over 1..416 (default 13, as
 * bench_bandscan; a band that holds no grid is replaced by the next one
 * that does); in each, N grids (default 2) at catalogue ranks drawn
 * uniformly (seeded) from the band, unranked with the shipped counts
 * (grids/counts.txt.gz). Each grid: band_engine_run and checker_run, CPU
 * seconds of the thread. Projection: every band takes its exact grid count
 * times the mean of its nearest sampled band.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "band.h"
#include "band_engine.h"
#include "banner.h"
#include "checker.h"
#include "geometry.h"
#include "gridrank.h"
#include "mc_clock.h"
#include "prng.h"

int main(int argc, char **argv)
{
    int K = 16, nb = 13, per = 2;
    uint64_t seed = 2026;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--k") && i + 1 < argc) K = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--bands") && i + 1 < argc) nb = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--per-band") && i + 1 < argc) per = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--seed") && i + 1 < argc) seed = strtoull(argv[++i], NULL, 10);
        else {
            fprintf(stderr, "usage: bench_job_cost [--k K] [--bands B] [--per-band N] [--seed S]\n");
            return 2;
        }
    }
    if (nb < 2 || nb > 416 || per < 1 || K < 1 || K > 27) {
        fprintf(stderr, "bench_job_cost: 2 <= --bands <= 416, --per-band >= 1, 1 <= --k <= 27\n");
        return 2;
    }
    mc_banner(stdout);
    mc_error err;
    gridrank *gr;
    if (gridrank_open(MC_SOURCE_DIR "/grids/counts.txt.gz", &gr, &err) != MC_OK) {
        fprintf(stderr, "bench_job_cost: %s\n", err.msg);
        return 1;
    }
    band_init();
    band_options o;
    band_options_default(&o, K);
    band_engine *e = band_engine_new(&o);
    checker_options co;
    checker_options_default(&co, K);
    checker_ctx *c = checker_new(geometry_9x9(), &co);
    if (!e || !c) return 1;
    prng rng;
    prng_seed(&rng, seed);
    printf("# K = %d: %d minlex bands x %d grids (seed %llu); CPU s of the thread\n", K, nb, per,
           (unsigned long long)seed);
    printf("%6s %12s %8s %8s\n", "band", "rank", "band s", "chk s");
    int sampled[416];
    double band_mean[417] = {0}, chk_mean[417] = {0};
    uint64_t count[417] = {0};
    for (int b = 1; b <= 416; b++)
        if (gridrank_band_count(gr, b, &count[b], &err) != MC_OK) {
            fprintf(stderr, "bench_job_cost: %s\n", err.msg);
            return 1;
        }
    for (int i = 0; i < nb; i++) {
        int b = 1 + (int)((double)i * 415 / (nb - 1) + 0.5);
        while (b < 416 && count[b] == 0) b++;
        sampled[i] = b;
        uint64_t first;
        if (gridrank_band_first(gr, b, &first, &err) != MC_OK) return 1;
        for (int k = 0; k < per; k++) {
            uint64_t rank = first + prng_next(&rng) % count[b];
            uint8_t g[81];
            if (gridrank_unrank(gr, rank, g, &err) != MC_OK) {
                fprintf(stderr, "bench_job_cost: %s\n", err.msg);
                return 1;
            }
            band_record r;
            if (band_engine_run(e, g, &r, NULL, NULL) != MC_OK) return 1;
            double t0 = mc_thread_cpu_seconds();
            checker_record cr;
            if (checker_run(c, g, &cr, NULL, NULL) != MC_OK) return 1;
            double cs = mc_thread_cpu_seconds() - t0;
            printf("%6d %12llu %8.2f %8.2f\n", b, (unsigned long long)rank, r.seconds_total, cs);
            fflush(stdout);
            band_mean[b] += r.seconds_total / per;
            chk_mean[b] += cs / per;
        }
    }
    double band_s = 0, chk_s = 0, grids = 0;
    for (int b = 1; b <= 416; b++) {
        int best = 0;
        for (int i = 1; i < nb; i++)
            if (abs(sampled[i] - b) < abs(sampled[best] - b)) best = i;
        band_s += (double)count[b] * band_mean[sampled[best]];
        chk_s += (double)count[b] * chk_mean[sampled[best]];
        grids += (double)count[b];
    }
    printf("projection, K = %d, %.0f catalogue grids: band engine %.4g core-hours (%.3f s/grid), checker %.4g "
           "core-hours (%.3f s/grid)\n",
           K, grids, band_s / 3600, band_s / grids, chk_s / 3600, chk_s / grids);
    checker_free(c);
    band_engine_free(e);
    gridrank_free(gr);
    return 0;
}
