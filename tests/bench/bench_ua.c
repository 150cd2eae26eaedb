/* bench_ua — the unavoidable-set finders on random 9x9 grids.
 *
 * usage: bench_ua [GRIDS [REFERENCE_GRIDS]]   (defaults 1000 and 50)
 *
 * Grids: gen_grid9_quick with prng seed 4242 (not the catalogue's build
 * seed). Prints the build banner, ms per grid for ua_find (max size 12) and
 * for ua_find_reference on the first REFERENCE_GRIDS grids, the mean number
 * of minimal UAs per grid by size, and whether both finders agreed on the
 * grids where both ran. One core; wall-clock (monotonic) and process CPU
 * time (the latter is the fairer figure on a shared, loaded machine).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "banner.h"
#include "mc_clock.h"
#include "generate.h"
#include "pattern.h"
#include "ua.h"

int main(int argc, char **argv)
{
    int ngrids = argc > 1 ? atoi(argv[1]) : 1000;
    int nref = argc > 2 ? atoi(argv[2]) : 50;
    if (ngrids < 1 || nref < 0 || nref > ngrids) {
        fprintf(stderr, "usage: bench_ua [GRIDS [REFERENCE_GRIDS]]\n");
        return 2;
    }
    mc_banner(stdout);
    const geometry *geo = geometry_9x9();
    uint8_t *grids = malloc((size_t)ngrids * 81);
    ua_finder *f = ua_finder_new();
    if (!grids || !f) return 2;
    prng rng;
    prng_seed(&rng, 4242);
    for (int i = 0; i < ngrids; i++) gen_grid9_quick(&rng, grids + 81 * i);
    ua_store s, r;
    ua_store_init(&s);
    ua_store_init(&r);
    long count[13] = {0};
    /* warm-up */
    if (ua_find(f, grids, 12, &s) != MC_OK) return 2;
    double t0 = mc_wall_seconds(), c0 = mc_cpu_seconds();
    for (int i = 0; i < ngrids; i++) {
        ua_store_clear(&s);
        if (ua_find(f, grids + 81 * i, 12, &s) != MC_OK) return 2;
        for (int k = 0; k < s.n; k++) count[cs81_count(s.set[k])]++;
    }
    double tf = mc_wall_seconds() - t0, cf = mc_cpu_seconds() - c0;
    printf("catalogue: %d patterns\n", ua_finder_patterns(f));
    printf("ua_find (patterns), max size 12: %d grids, %.3f ms per grid wall, %.3f ms CPU\n", ngrids,
           1e3 * tf / ngrids, 1e3 * cf / ngrids);
    printf("mean minimal UAs per grid by size:");
    long tot = 0;
    for (int z = 4; z <= 12; z++) {
        printf(" %d:%.2f", z, (double)count[z] / ngrids);
        tot += count[z];
    }
    printf(" total:%.2f\n", (double)tot / ngrids);
    double tr = 0, cr = 0;
    int agree = 0;
    for (int i = 0; i < nref; i++) {
        ua_store_clear(&r);
        ua_store_clear(&s);
        double a = mc_wall_seconds(), ac = mc_cpu_seconds();
        if (ua_find_reference(geo, grids + 81 * i, 12, &r) != MC_OK) return 2;
        tr += mc_wall_seconds() - a;
        cr += mc_cpu_seconds() - ac;
        if (ua_find(f, grids + 81 * i, 12, &s) != MC_OK) return 2;
        agree += s.n == r.n && !memcmp(s.set, r.set, sizeof(cs81) * (size_t)s.n);
    }
    if (nref)
        printf("ua_find_reference, max size 12: %d grids, %.1f ms per grid wall, %.1f ms CPU; finders agree on %d of %d\n",
               nref, 1e3 * tr / nref, 1e3 * cr / nref, agree, nref);
    ua_store_free(&s);
    ua_store_free(&r);
    ua_finder_free(f);
    free(grids);
    return 0;
}
