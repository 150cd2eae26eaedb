/* bench_seventeen_cover — the covering band-pair item of every puzzle of a
 * 17-clue list and the rank of its group (data for the positive control of
 * the group-wise scans; tests/unit/cover_check.h has the record and line
 * format).
 *
 * usage: bench_seventeen_cover PUZZLES > cover.txt
 *   PUZZLES  one puzzle a line (plain or gzip; '#' comments), e.g.
 *            tests/data/seventeen-all.txt.gz
 * Group counts per band-1 index come from the rank table (bandpair_rank.h).
 * Each puzzle is solved (it must have one solution), its covering item found
 * with bandpair_cover, and the local rank of the item's pair found by one
 * enumeration of the pairs of each band 1 present (without band 3s, stopped
 * at the last pair needed). Progress and timing go to stderr. Exit 1 on a
 * bad input line (file:line named), a puzzle without a unique solution or a
 * pair not found among the groups.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../unit/cover_check.h"
#include "banner.h"
#include "mc_clock.h"

typedef struct input {
    cov17 *r;
    size_t n, cap;
} input;

static bool add_puzzle(void *arg, const char *line)
{
    input *in = arg;
    if (in->n == in->cap) {
        in->cap = in->cap ? in->cap * 2 : 4096;
        cov17 *nr = realloc(in->r, in->cap * sizeof *nr);
        if (!nr) return false;
        in->r = nr;
    }
    return cov17_parse_puzzle(line, in->r[in->n++].puzzle);
}

static void progress(int band, size_t done) { fprintf(stderr, "band %d: %zu puzzles ranked\n", band, done); }

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: bench_seventeen_cover PUZZLES > cover.txt\n");
        return 2;
    }
    uint64_t groups[BAND_COUNT + 1], before[BAND_COUNT + 2];
    cov17_counts(groups, before);
    input in = {NULL, 0, 0};
    if (cov17_read_lines(argv[1], add_puzzle, &in) < 0) return 1;
    bandpair_ctx *ctx;
    solver_ctx *sv = solver_new(geometry_9x9());
    if (!sv || bandpair_ctx_new(&ctx) != MC_OK) {
        fprintf(stderr, "bench_seventeen_cover: out of memory\n");
        return 1;
    }
    double t0 = mc_cpu_seconds();
    for (size_t i = 0; i < in.n; i++) {
        uint8_t p[81];
        memcpy(p, in.r[i].puzzle, 81);
        if (!cov17_cover(ctx, sv, p, &in.r[i])) {
            fprintf(stderr, "%s: puzzle %zu has no unique solution\n", argv[1], i + 1);
            return 1;
        }
    }
    double t1 = mc_cpu_seconds();
    long missing = cov17_rank(ctx, in.r, in.n, before, progress);
    double t2 = mc_cpu_seconds();
    if (missing != 0) {
        fprintf(stderr, "bench_seventeen_cover: %ld covering pairs not found among the groups\n", missing);
        return 1;
    }
    int bands = 0;
    bool seen[BAND_COUNT + 1] = {false};
    for (size_t i = 0; i < in.n; i++)
        if (!seen[in.r[i].band1]) seen[in.r[i].band1] = true, bands++;
    printf("# Covering band-pair items (bandpair_cover) of the %zu puzzles of %s, in its order.\n", in.n, argv[1]);
    printf("# Made by: bench_seventeen_cover %s\n", argv[1]);
    printf("# Columns: GLOBAL BAND1 LOCAL BAND2 SLOT B0 B1 B2 S0 S1 S2 PUZZLE (tests/unit/cover_check.h):\n");
    printf("# group rank over all band-1 indices, band 1 index, rank among the groups of band 1, band 2 index,\n");
    printf("# covering slot of the puzzle as written (0..2 bands, 3..5 stacks), clues per band and stack.\n");
    printf("# %d band-1 indices; covers %.1f s, local ranks %.1f s (CPU, one core).\n", bands, t1 - t0, t2 - t1);
    char line[256];
    for (size_t i = 0; i < in.n; i++) {
        cov17_format(&in.r[i], line);
        puts(line);
    }
    fprintf(stderr, "%zu puzzles, %d band-1 indices; covers %.1f s, local ranks %.1f s\n", in.n, bands, t1 - t0,
            t2 - t1);
    bandpair_ctx_free(ctx);
    solver_free(sv);
    free(in.r);
    return 0;
}
