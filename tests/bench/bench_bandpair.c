/* bench_bandpair — band-pair group enumeration speed on one core.
 *
 * usage: bench_bandpair                a stratified sample (below)
 *        bench_bandpair BAND...        whole bands, with their band 3s
 *        bench_bandpair --count-all    canonical pairs (groups) of all 416
 *                                      band-1 indices, without band 3s
 * The sample: band-1 indices 1, 8, 24, ..., 408, 416 (every 16th); per band,
 * the groups are counted without band 3s (time T_pairs), then 4 windows of
 * 20,000 groups at local ranks 1, n/4+1, n/2+1, 3n/4+1 are enumerated with
 * and without band 3s: the difference is the band-3 cost per group, so the
 * band's projected time is T_pairs + n * (band-3 cost per group). For the
 * whole catalogue, each of the 416 bands takes its exact group count n_b and
 * pair time from tests/bench/results/bench_bandpair_count_all.txt (made by
 * --count-all) and the band-3 cost and items per group of the nearest
 * sampled band (stratified by band-1 index); the spread of the strata gives
 * a rough sampling error.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "band.h"
#include "bandpair.h"
#include "banner.h"
#include "mc_clock.h"

static int run(bandpair_ctx *ctx, int b, int with_band3, bandpair_stats *total, double *tsum)
{
    bandpair_stats st;
    memset(&st, 0, sizeof st);
    double t = mc_cpu_seconds();
    if (bandpair_enumerate(ctx, b, 1, 0, with_band3, NULL, NULL, &st) != MC_OK) {
        fprintf(stderr, "bench_bandpair: band %d failed\n", b);
        return 1;
    }
    t = mc_cpu_seconds() - t;
    *tsum += t;
    total->leaves += st.leaves;
    total->pairs += st.pairs;
    total->empty += st.empty;
    total->items += st.items;
    if (st.max_nband3 > total->max_nband3) total->max_nband3 = st.max_nband3;
    printf("%6d %10llu %10llu %12llu %6llu %8.3f %10.0f %10.0f\n", b, (unsigned long long)st.leaves,
           (unsigned long long)st.pairs, (unsigned long long)st.items, (unsigned long long)st.max_nband3, t,
           (double)st.pairs / t, (double)st.items / t);
    fflush(stdout);
    return 0;
}

typedef struct win {
    uint64_t groups, items;
} win;

static int win_fn(void *arg, const bandpair_group *g)
{
    win *w = arg;
    w->groups++;
    w->items += (uint64_t)g->nband3;
    return 0;
}

static int sample(bandpair_ctx *ctx)
{
    enum { W = 20000 };
    int bands[BAND_COUNT], n = 0;
    bands[n++] = 1;
    for (int b = 8; b < BAND_COUNT; b += 16) bands[n++] = b;
    bands[n++] = 416;
    printf("# stratified sample: count pass (no band 3s) + 4 windows of %d groups with and without band 3s\n", W);
    printf("%6s %10s %8s %8s %10s %10s %12s %10s\n", "band1", "groups", "T_pairs", "items/g", "us_b3/g",
           "proj_s", "groups/s", "items/s");
    double b3cost[BAND_COUNT + 1] = {0}, ipgs[BAND_COUNT + 1] = {0};
    for (int i = 0; i < n; i++) {
        int b = bands[i];
        bandpair_stats st;
        memset(&st, 0, sizeof st);
        double t = mc_cpu_seconds();
        if (bandpair_enumerate(ctx, b, 1, 0, false, NULL, NULL, &st) != MC_OK) return 1;
        double tpairs = mc_cpu_seconds() - t;
        uint64_t ng = st.pairs;
        win with = {0, 0}, without = {0, 0};
        double t_with = 0, t_without = 0;
        for (int k = 0; k < 4 && ng; k++) {
            uint64_t first = ng * (uint64_t)k / 4 + 1, last = first + W - 1;
            if (last > ng) last = ng;
            t = mc_cpu_seconds();
            if (bandpair_enumerate(ctx, b, first, last, true, win_fn, &with, NULL) != MC_OK) return 1;
            t_with += mc_cpu_seconds() - t;
            t = mc_cpu_seconds();
            if (bandpair_enumerate(ctx, b, first, last, false, win_fn, &without, NULL) != MC_OK) return 1;
            t_without += mc_cpu_seconds() - t;
        }
        double b3 = with.groups ? (t_with - t_without) / (double)with.groups : 0;
        if (b3 < 0) b3 = 0;
        double ipg = with.groups ? (double)with.items / (double)with.groups : 0;
        double proj = tpairs + (double)ng * b3;
        /* the sampled band stands for the bands nearest to it */
        int lo = i == 0 ? 1 : (bands[i - 1] + b) / 2 + 1, hi = i == n - 1 ? BAND_COUNT : (b + bands[i + 1]) / 2;
        for (int k = lo; k <= hi; k++) b3cost[k] = b3, ipgs[k] = ipg;
        printf("%6d %10llu %8.3f %8.2f %10.2f %10.1f %12.0f %10.0f\n", b, (unsigned long long)ng, tpairs, ipg,
               b3 * 1e6, proj, (double)ng / proj, (double)ng * ipg / proj);
        fflush(stdout);
    }
    FILE *f = fopen(MC_SOURCE_DIR "/tests/bench/results/bench_bandpair_count_all.txt", "r");
    if (!f) {
        printf("no bench_bandpair_count_all.txt: no catalogue projection\n");
        return 0;
    }
    char line[512];
    double sum_groups = 0, sum_items = 0, sum_time = 0, sum_pairs_time = 0, var_items = 0;
    int seen = 0;
    while (fgets(line, sizeof line, f)) {
        int b;
        unsigned long long leaves, groups, items, mx;
        double sec;
        if (sscanf(line, "%d %llu %llu %llu %llu %lf", &b, &leaves, &groups, &items, &mx, &sec) != 6) continue;
        if (b < 1 || b > BAND_COUNT || items != 0) continue; /* the pairs-only table (--count-all) */
        seen++;
        sum_groups += (double)groups;
        sum_items += (double)groups * ipgs[b];
        sum_pairs_time += sec;
        sum_time += sec + (double)groups * b3cost[b];
    }
    fclose(f);
    /* spread: items per group over the sampled bands (unweighted) */
    double mean = 0;
    for (int i = 0; i < n; i++) mean += ipgs[bands[i]] / n;
    for (int i = 0; i < n; i++) var_items += (ipgs[bands[i]] - mean) * (ipgs[bands[i]] - mean) / (n - 1);
    printf("catalogue (%d bands, exact group counts): %.0f groups, projected %.4g items (%.2f items/group; "
           "sampled bands: mean %.2f, sd %.2f), %.0f CPU s (%.0f s of it pairs) = %.2f core-hours: %.0f groups/s, "
           "%.0f items/s\n",
           seen, sum_groups, sum_items, sum_items / sum_groups, mean, sqrt(var_items), sum_time, sum_pairs_time,
           sum_time / 3600, sum_groups / sum_time, sum_items / sum_time);
    return 0;
}

int main(int argc, char **argv)
{
    mc_banner(stdout);
    double t0 = mc_cpu_seconds();
    band_init();
    printf("band tables: %.3f s\n", mc_cpu_seconds() - t0);
    bandpair_ctx *ctx;
    if (bandpair_ctx_new(&ctx) != MC_OK) return 1;
    if (argc == 1) {
        int r = sample(ctx);
        bandpair_ctx_free(ctx);
        return r;
    }
    int count_all = strcmp(argv[1], "--count-all") == 0;
    int bands[BAND_COUNT], n = 0;
    if (count_all) {
        for (int b = 1; b <= BAND_COUNT; b++) bands[n++] = b;
    } else {
        for (int i = 1; i < argc && n < BAND_COUNT; i++) bands[n++] = atoi(argv[i]);
    }
    printf("%s\n", count_all ? "# groups only (no band 3s)" : "# groups with their band 3s");
    printf("%6s %10s %10s %12s %6s %8s %10s %10s\n", "band1", "leaves", "groups", "items", "max", "seconds",
           "groups/s", "items/s");
    bandpair_stats total;
    memset(&total, 0, sizeof total);
    double tsum = 0;
    for (int i = 0; i < n; i++)
        if (run(ctx, bands[i], !count_all, &total, &tsum)) return 1;
    printf("total: %d bands, %llu leaves, %llu groups (%llu empty), %llu items, largest group %llu band 3s, %.1f s: "
           "%.0f groups/s, %.0f items/s, %.2f items/group\n",
           n, (unsigned long long)total.leaves, (unsigned long long)total.pairs, (unsigned long long)total.empty,
           (unsigned long long)total.items, (unsigned long long)total.max_nband3, tsum, (double)total.pairs / tsum,
           (double)total.items / tsum, total.pairs ? (double)total.items / (double)total.pairs : 0.0);
    bandpair_ctx_free(ctx);
    return 0;
}
