/* bench_job — how fast the job runner's master can read grids from a source.
 *
 *   bench_job [N] [CATALOGUE]
 *
 * Makes N (default 2,000,000) distinct 9x9 grids: seeded random symmetries
 * (relabelling, rows within bands, bands, columns within stacks, stacks) of
 * the grids in tests/data/known-grids.txt, sorted into lexicographic order
 * as a catalogue would hold them, and writes them to CATALOGUE (default
 * /tmp/bench_job.cat, kept for tests/bench/bench_run.sh). Then it times what
 * the master does per chunk: job_source_read of chunks of 10,000 grids and
 * their checksum. Prints grids per second.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "banner.h"
#include "catalogue.h"
#include "gridfile.h"
#include "engine.h"
#include "job.h"
#include "source.h"
#include "mc_clock.h"
#include "prng.h"

#define SEED 20261121u
#define CHUNK 10000

static int cmp81(const void *a, const void *b) { return memcmp(a, b, 81); }

static void random_symmetry(prng *p, const uint8_t *in, uint8_t *out)
{
    uint8_t relabel[9], bands[3], stacks[3], rows[9], cols[9];
    for (int i = 0; i < 9; i++) relabel[i] = (uint8_t)i;
    for (int i = 0; i < 3; i++) bands[i] = stacks[i] = (uint8_t)i;
    prng_shuffle_u8(p, relabel, 9);
    prng_shuffle_u8(p, bands, 3);
    prng_shuffle_u8(p, stacks, 3);
    for (int b = 0; b < 3; b++) {
        uint8_t r[3] = {0, 1, 2}, c[3] = {0, 1, 2};
        prng_shuffle_u8(p, r, 3);
        prng_shuffle_u8(p, c, 3);
        for (int i = 0; i < 3; i++) {
            rows[3 * b + i] = (uint8_t)(3 * bands[b] + r[i]);
            cols[3 * b + i] = (uint8_t)(3 * stacks[b] + c[i]);
        }
    }
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) out[9 * r + c] = relabel[in[9 * rows[r] + cols[c]]];
}

int main(int argc, char **argv)
{
    uint64_t n = argc > 1 ? strtoull(argv[1], NULL, 10) : 2000000;
    const char *path = argc > 2 ? argv[2] : "/tmp/bench_job.cat";
    mc_banner(stdout);
    mc_error err;
    gridfile *gf;
    if (gridfile_open(MC_TEST_DATA "/known-grids.txt", geometry_9x9(), DIGITS_STD, &gf, &err) != MC_OK) {
        fprintf(stderr, "%s\n", err.msg);
        return 1;
    }
    uint8_t base[16][81];
    int nbase = 0;
    grid g;
    const char *tr;
    while (nbase < 16 && gridfile_next(gf, &g, &tr, &err) == MC_OK) memcpy(base[nbase++], g.cell, 81);
    gridfile_free(gf);
    uint8_t *grids = malloc(n * 81);
    if (!grids) return 1;
    prng p;
    prng_seed(&p, SEED);
    for (uint64_t i = 0; i < n; i++) random_symmetry(&p, base[i % (uint64_t)nbase], grids + 81 * i);
    qsort(grids, n, 81, cmp81);
    uint64_t m = 0;
    for (uint64_t i = 0; i < n; i++)
        if (m == 0 || memcmp(grids + 81 * (m - 1), grids + 81 * i, 81) != 0) memmove(grids + 81 * m++, grids + 81 * i, 81);
    double t0 = mc_wall_seconds();
    catalogue_writer *w;
    if (catalogue_create(path, geometry_9x9(), 1, &w, &err) != MC_OK) {
        fprintf(stderr, "%s\n", err.msg);
        return 1;
    }
    for (uint64_t i = 0; i < m; i++)
        if (catalogue_append(w, grids + 81 * i, &err) != MC_OK) {
            fprintf(stderr, "%s\n", err.msg);
            return 1;
        }
    if (catalogue_finish(w, &err) != MC_OK) {
        fprintf(stderr, "%s\n", err.msg);
        return 1;
    }
    printf("catalogue %s: %llu distinct grids (seed %u), written in %.2f s\n", path, (unsigned long long)m, SEED,
           mc_wall_seconds() - t0);
    /* what the master does: read chunk after chunk, checksum each */
    char text[512];
    snprintf(text, sizeof text, "source = catalogue %s\nclues = 16\nchunk = %d\noutput = /tmp/bench_job.out\n", path,
             CHUNK);
    job j;
    if (job_parse("bench.job", text, &j, &err) != MC_OK || job_resolve(&j, &err) != MC_OK) {
        fprintf(stderr, "%s\n", err.msg);
        return 1;
    }
    job_source *src;
    if (job_source_open(&j, &src, &err) != MC_OK) {
        fprintf(stderr, "%s\n", err.msg);
        return 1;
    }
    uint8_t *buf = malloc((size_t)CHUNK * 81);
    uint64_t sum = 0;
    t0 = mc_wall_seconds();
    for (uint64_t i = 0; i < job_nchunks(&j); i++) {
        uint64_t f, c;
        job_chunk_range(&j, i, &f, &c);
        if (job_source_read(src, f, c, buf, &err) != MC_OK) {
            fprintf(stderr, "%s\n", err.msg);
            return 1;
        }
        sum ^= job_checksum_grids(buf, c, 81);
        if (memcmp(buf, grids + 81 * (f - 1), (size_t)c * 81) != 0) {
            fprintf(stderr, "catalogue grids differ from the written ones at rank %llu\n", (unsigned long long)f);
            return 1;
        }
    }
    double el = mc_wall_seconds() - t0;
    printf("master source read + checksum, chunks of %d: %llu grids in %.3f s = %.0f grids/s (xor of sums %016llx)\n",
           CHUNK, (unsigned long long)m, el, (double)m / el, (unsigned long long)sum);
    job_source_close(src);
    job_free(&j);
    free(buf);
    free(grids);
    return 0;
}
