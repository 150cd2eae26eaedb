/* bench_enumerate — orderly enumeration speed on one core.
 *
 * usage: bench_enumerate [BAND...]   (default: a fixed set of bands)
 * Prints the build banner, then per band: grids, work counters (band-2
 * nodes, nodes that pass the band/stack checks, leaves) and grids/s, and
 * the total. The table build (band.h) is timed separately. Times are CPU
 * seconds of the process (see mc_cpu_seconds()).
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "band.h"
#include "banner.h"
#include "enumerate.h"
#include "mc_clock.h"

int main(int argc, char **argv)
{
    static const int fixed[] = {1, 30, 200, 224, 250, 300, 350, 400};
    int n = argc > 1 ? argc - 1 : (int)(sizeof fixed / sizeof fixed[0]);
    mc_banner(stdout);
    double t0 = mc_cpu_seconds();
    band_init();
    printf("band tables: %.3f s\n", mc_cpu_seconds() - t0);
    printf("%6s %12s %12s %12s %12s %9s %12s\n", "band", "grids", "band2-nodes", "passed", "leaves", "seconds",
           "grids/s");
    uint64_t total = 0;
    double tsum = 0;
    for (int i = 0; i < n; i++) {
        int b = argc > 1 ? atoi(argv[i + 1]) : fixed[i];
        enumerate_stats st;
        double t = mc_cpu_seconds();
        if (enumerate_band_stats(b, NULL, NULL, &st) != MC_OK) {
            fprintf(stderr, "bench_enumerate: band %d failed\n", b);
            return 1;
        }
        t = mc_cpu_seconds() - t;
        total += st.grids;
        tsum += t;
        printf("%6d %12llu %12llu %12llu %12llu %9.3f %12.0f\n", b, (unsigned long long)st.grids,
               (unsigned long long)st.band2_nodes, (unsigned long long)st.band2_pass, (unsigned long long)st.leaves, t,
               (double)st.grids / t);
        fflush(stdout);
    }
    printf("total %llu grids in %.3f s: %.0f grids/s\n", (unsigned long long)total, tsum, (double)total / tsum);
    return 0;
}
