/* bench_bandpair — band-pair group enumeration speed on one core.
 *
 * usage: bench_bandpair [BAND...]      whole bands (default: a stratified
 *                                      sample, every 32nd band-1 index
 *                                      from 5, plus 1 and 416)
 *        bench_bandpair --count-all    canonical pairs (groups) of all 416
 *                                      band-1 indices, without band 3s
 * Per band: leaves (rows 4-6 tried), groups, items (band 3s kept), the
 * largest group, CPU seconds, groups/s and items/s. Times are CPU seconds of
 * the process (mc_cpu_seconds()).
 */
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

int main(int argc, char **argv)
{
    mc_banner(stdout);
    double t0 = mc_cpu_seconds();
    band_init();
    printf("band tables: %.3f s\n", mc_cpu_seconds() - t0);
    bandpair_ctx *ctx;
    if (bandpair_ctx_new(&ctx) != MC_OK) return 1;
    int count_all = argc > 1 && strcmp(argv[1], "--count-all") == 0;
    int bands[BAND_COUNT], n = 0;
    if (count_all) {
        for (int b = 1; b <= BAND_COUNT; b++) bands[n++] = b;
    } else if (argc > 1) {
        for (int i = 1; i < argc && n < BAND_COUNT; i++) bands[n++] = atoi(argv[i]);
    } else {
        bands[n++] = 1;
        for (int b = 5; b <= BAND_COUNT; b += 32) bands[n++] = b;
        bands[n++] = 416;
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
