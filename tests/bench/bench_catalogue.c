/* bench_catalogue — catalogue file size and decoding speed on one core.
 *
 * usage: bench_catalogue [BAND...] (default: a fixed set of bands)
 * Enumerates the bands into a temporary catalogue file (in catalogue order,
 * as the real catalogue), reports bits per grid, then the decoding rate of
 * a full sequential read (best of 3) and of random seeks, in CPU seconds.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "banner.h"
#include "catalogue.h"
#include "enumerate.h"
#include "mc_clock.h"
#include "prng.h"

static int append_fn(void *arg, const uint8_t *g)
{
    mc_error err;
    if (catalogue_append(arg, g, &err) != MC_OK) {
        fprintf(stderr, "bench_catalogue: %s\n", err.msg);
        exit(1);
    }
    return 0;
}

int main(int argc, char **argv)
{
    static const int fixed[] = {224, 235, 250, 259, 300, 330, 380};
    int n = argc > 1 ? argc - 1 : (int)(sizeof fixed / sizeof fixed[0]);
    mc_banner(stdout);
    char path[64];
    snprintf(path, sizeof path, "/tmp/bench_catalogue_%ld.cat", (long)getpid());
    mc_error err;
    catalogue_writer *w;
    if (catalogue_create(path, geometry_9x9(), 1, &w, &err) != MC_OK) {
        fprintf(stderr, "%s\n", err.msg);
        return 1;
    }
    double t = mc_cpu_seconds();
    for (int i = 0; i < n; i++) {
        int b = argc > 1 ? atoi(argv[i + 1]) : fixed[i];
        if (enumerate_band(b, append_fn, w, NULL) != MC_OK) return 1;
        printf("band %d enumerated\n", b);
    }
    if (catalogue_finish(w, &err) != MC_OK) {
        fprintf(stderr, "%s\n", err.msg);
        return 1;
    }
    double tw = mc_cpu_seconds() - t;
    struct stat sb;
    stat(path, &sb);
    catalogue_reader *r;
    if (catalogue_open(path, &r, &err) != MC_OK) {
        fprintf(stderr, "%s\n", err.msg);
        return 1;
    }
    uint64_t count = catalogue_count(r);
    printf("%llu grids, %lld bytes: %.2f bits per grid (enumerate + write %.1f s)\n", (unsigned long long)count,
           (long long)sb.st_size, 8.0 * (double)sb.st_size / (double)count, tw);
    double best = 1e9;
    uint64_t sum = 0;
    for (int rep = 0; rep < 3; rep++) {
        if (catalogue_seek(r, 1, &err) != MC_OK) return 1;
        uint8_t g[81];
        uint64_t rank;
        double t0 = mc_cpu_seconds();
        while (catalogue_next(r, g, &rank, &err) == MC_OK) sum += g[80];
        double dt = mc_cpu_seconds() - t0;
        if (dt < best) best = dt;
    }
    printf("sequential decoding: %.0f grids/s (best of 3; checksum %llu)\n", (double)count / best,
           (unsigned long long)sum);
    prng rng;
    prng_seed(&rng, 42);
    double t0 = mc_cpu_seconds();
    int seeks = 200;
    for (int i = 0; i < seeks; i++) {
        uint8_t g[81];
        if (catalogue_seek(r, 1 + prng_below(&rng, count), &err) != MC_OK ||
            catalogue_next(r, g, NULL, &err) != MC_OK) {
            fprintf(stderr, "%s\n", err.msg);
            return 1;
        }
    }
    printf("random seek + read: %.2f ms per seek (blocks of 65536 grids)\n", 1000 * (mc_cpu_seconds() - t0) / seeks);
    catalogue_close(r);
    remove(path);
    return 0;
}
