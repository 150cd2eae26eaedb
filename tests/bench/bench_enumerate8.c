/* bench_enumerate8 — orderly enumeration of the ES 8x8 grids (2x4 boxes) on
 * one core.
 *
 * usage: bench_enumerate8
 * Prints the build banner, the time to build the band tables, then per
 * minlex 2x8 band: grids, CPU seconds and grids/s, and the total (all
 * 1,673,187 grids). Times are CPU seconds of the process (see mc_cpu_seconds()).
 */
#include <stdio.h>
#include <time.h>

#include "banner.h"
#include "enumerate.h"
#include "enumerate8.h"
#include "mc_clock.h"

int main(void)
{
    mc_banner(stdout);
    double t0 = mc_cpu_seconds();
    int nb = enumerate8_band_count();
    printf("band tables: %.3f s, %d minlex bands\n", mc_cpu_seconds() - t0, nb);
    printf("%5s %17s %10s %9s %12s\n", "band", "rows 1-2", "grids", "seconds", "grids/s");
    uint64_t total = 0;
    double tsum = 0;
    for (int b = 1; b <= nb; b++) {
        uint64_t n;
        double t = mc_cpu_seconds();
        if (enumerate8_band(b, NULL, 0, NULL, NULL, &n) != MC_OK) {
            fprintf(stderr, "bench_enumerate8: band %d failed\n", b);
            return 1;
        }
        t = mc_cpu_seconds() - t;
        char rows[17];
        const uint8_t *B = enumerate8_band_minlex(b);
        for (int i = 0; i < 16; i++) rows[i] = (char)('1' + B[i]);
        rows[16] = 0;
        printf("%5d %17s %10llu %9.3f %12.0f\n", b, rows, (unsigned long long)n, t, t > 0 ? (double)n / t : 0);
        total += n;
        tsum += t;
    }
    printf("total %llu grids in %.3f s: %.0f grids/s\n", (unsigned long long)total, tsum,
           tsum > 0 ? (double)total / tsum : 0);
    return 0;
}
