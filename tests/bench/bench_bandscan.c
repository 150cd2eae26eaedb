/* bench_bandscan — what a band-pair scan of the whole catalogue costs: the
 * band engine's group mode on a stratified sample of groups, projected to
 * all 983,959,110 groups, beside the band engine per grid and the checker
 * per grid on grids of the same groups.
 *
 * usage: bench_bandscan [--k K] [--per-band N] [--bands B | --band1 LIST]
 *                       [--seed S] [--grids G] [--checker] [--two-band-solver]
 *        bench_bandscan [--k K] --group B L
 * --band3-min Z: only puzzles whose band 3 holds at least Z clues
 * (band_options.band3_min; K = 17, Z = 7: pass 1 of the case split).
 * The phases' seconds and counters summed over the sampled groups close
 * the output.
 * --two-band-solver: step 4 by the solver, as before digit templates
 * (band_options.two_band_solver), to compare both in one window.
 * --group: the one group of band-1 index B at local rank L, with every
 * counter of the band engine (profiling one heavy group).
 * Strata: B band-1 indices spread evenly over 1..416 (default 13: 1, 35,
 * 70, ..., 416), or the band-1 indices of --band1 LIST (increasing,
 * commas and ranges: "1,36,70,...,381,399-416", the tail where the rate
 * changes fast); in each, N groups (default 2) at local ranks drawn
 * uniformly (seeded) from 1..n_b, in the order of the strata. Each group: band_engine_run_group with
 * K clues (CPU seconds of the thread, items, puzzles). Projection: each of
 * the 416 bands takes its exact group count n_b (bandpair_rank.h) times the mean seconds
 * per group of its stratum (the nearest sampled band, the lower one on a
 * tie: the rule of job_cost.c); the sampling error
 * is the standard error of that stratified mean (per-stratum variance of
 * the sampled groups / N). The enumeration of the groups themselves is
 * bench_bandpair's (about 3 core-hours for the catalogue) and is added.
 * Per grid: the first G items (default 1) of each sampled group as grids,
 * the band engine per grid (band_engine_run) and, with --checker, the
 * checker; projected to 5,472,730,538 grids.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "band.h"
#include "band_engine.h"
#include "bandpair.h"
#include "bandpair_rank.h"
#include "band_scan.h"
#include "banner.h"
#include "checker.h"
#include "work_counters.h"
#include "geometry.h"
#include "mc_clock.h"
#include "prng.h"

#define CATALOGUE_GRIDS 5472730538.0

typedef struct pick {
    uint8_t pair[54];
    uint8_t band3[400 * 27];
    int n;
} pick;

static int pick_fn(void *arg, const bandpair_group *g)
{
    pick *p = arg;
    memcpy(p->pair, g->pair, 54);
    p->n = g->nband3 < 400 ? g->nband3 : 400;
    memcpy(p->band3, g->band3, (size_t)p->n * 27);
    return 1;
}

/* Parses --band1's LIST into sampled[] (increasing band-1 indices);
 * returns their count, or 0 if LIST is not such a list. */
static int parse_bands(const char *list, int *sampled)
{
    int n = 0, last = 0;
    for (const char *s = list; *s;) {
        char *end;
        long lo = strtol(s, &end, 10), hi = lo;
        if (end == s) return 0;
        if (*end == '-') {
            s = end + 1;
            hi = strtol(s, &end, 10);
            if (end == s) return 0;
        }
        if (lo <= last || hi < lo || hi > BAND_COUNT) return 0;
        for (long b = lo; b <= hi; b++) sampled[n++] = (int)b;
        last = (int)hi;
        if (*end == ',') end++;
        else if (*end) return 0;
        s = end;
    }
    return n;
}

int main(int argc, char **argv)
{
    int sampled[BAND_COUNT];
    const char *band_list = NULL;
    int K = 16, per = 2, nb = 13, grids = 1, with_checker = 0;
    uint64_t seed = 2026, group_local = 0;
    int group_band = 0, band3_min = 0, two_band_solver = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--k") && i + 1 < argc) K = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--per-band") && i + 1 < argc) per = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--bands") && i + 1 < argc) nb = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--band1") && i + 1 < argc) band_list = argv[++i];
        else if (!strcmp(argv[i], "--seed") && i + 1 < argc) seed = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--grids") && i + 1 < argc) grids = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--checker")) with_checker = 1;
        else if (!strcmp(argv[i], "--two-band-solver")) two_band_solver = 1;
        else if (!strcmp(argv[i], "--band3-min") && i + 1 < argc) band3_min = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--group") && i + 2 < argc) {
            group_band = atoi(argv[++i]);
            group_local = strtoull(argv[++i], NULL, 10);
        }
        else {
            fprintf(stderr, "usage: bench_bandscan [--k K] [--per-band N] [--bands B | --band1 LIST] [--seed S] "
                            "[--grids G] [--checker] [--band3-min Z] [--two-band-solver]\n       bench_bandscan [--k K] [--band3-min Z] --group B L\n");
            return 2;
        }
    }
    if (band_list && (nb = parse_bands(band_list, sampled)) < 2) {
        fprintf(stderr, "bench_bandscan: --band1 %s: 2 or more increasing band-1 indices in 1..416 "
                        "(\"1,36,399-416\")\n", band_list);
        return 2;
    }
    if (per < 2 || nb < 2 || nb > BAND_COUNT || K < 1 || K > 27) {
        fprintf(stderr, "bench_bandscan: --per-band >= 2, 2 <= --bands <= 416, 1 <= --k <= 27\n");
        return 2;
    }
    mc_banner(stdout);
    const char *scan;
    band_scan_best(&scan);
    printf("# two-band list scan: %s\n", scan);
    band_init();
    bandpair_ctx *ctx;
    if (bandpair_ctx_new(&ctx) != MC_OK) return 1;
    band_options o;
    band_options_default(&o, K);
    o.band3_min = band3_min;
    o.two_band_solver = two_band_solver;
    if (two_band_solver) printf("# step 4 by the solver (--two-band-solver)\n");
    band_engine *e = band_engine_new(&o);
    checker_options co;
    checker_options_default(&co, K);
    checker_ctx *c = with_checker ? checker_new(geometry_9x9(), &co) : NULL;
    pick *p = malloc(sizeof *p);
    if (!e || !p || (with_checker && !c)) return 1;
    if (group_band) {
        if (group_band > BAND_COUNT || group_local < 1 || group_local > bandpair_rank_band_count(group_band)) {
            fprintf(stderr, "bench_bandscan: --group B L: 1 <= B <= 416, 1 <= L <= the band's group count\n");
            return 2;
        }
        p->n = 0;
        if (bandpair_enumerate(ctx, group_band, group_local, group_local, true, pick_fn, p, NULL) != MC_OK) return 1;
        band_record r;
        if (band_engine_run_group(e, p->pair, p->band3, p->n, &r, NULL, NULL) != MC_OK) return 1;
        char buf[2048];
        work_counters_text(&r.work, buf, sizeof buf);
        printf("# K = %d, group %d:%llu, %d items\n%s\n", K, group_band, (unsigned long long)group_local, p->n, buf);
        free(p);
        band_engine_free(e);
        bandpair_ctx_free(ctx);
        return 0;
    }
    prng rng;
    prng_seed(&rng, seed);
    printf("# K = %d: %d strata x %d groups (seed %llu)%s; CPU s of the thread\n", K, nb, per,
           (unsigned long long)seed, band3_min ? ", band 3 >= --band3-min clues only" : "");
    if (band_list) printf("# band-1 indices: %s\n", band_list);
    if (band3_min) printf("# --band3-min %d\n", band3_min);
    band_record all;
    memset(&all, 0, sizeof all);
    printf("%6s %12s %6s %8s %8s %12s %10s %8s %8s %8s\n", "band1", "local", "items", "s/group", "s/item",
           "pairs", "pass2", "puzzles", "grid s", "chk s");
    double mean_of[BAND_COUNT + 1] = {0}, var_of[BAND_COUNT + 1] = {0};
    double sum_items = 0, sum_groups_s = 0, grid_s = 0, chk_s = 0;
    int ngroups = 0, ngrids = 0;
    for (int i = 0; i < nb; i++) {
        if (!band_list) sampled[i] = 1 + (int)((double)i * (BAND_COUNT - 1) / (nb - 1) + 0.5);
        int b = sampled[i];
        double s1 = 0, s2 = 0;
        for (int k = 0; k < per; k++) {
            uint64_t local = 1 + prng_next(&rng) % bandpair_rank_band_count(b);
            p->n = 0;
            if (bandpair_enumerate(ctx, b, local, local, true, pick_fn, p, NULL) != MC_OK) return 1;
            band_record r;
            if (band_engine_run_group(e, p->pair, p->band3, p->n, &r, NULL, NULL) != MC_OK) return 1;
            double gs = 0, cs = 0;
            for (int t = 0; t < grids && t < p->n; t++) {
                uint8_t g[81];
                memcpy(g, p->pair, 54);
                memcpy(g + 54, p->band3 + 27 * t, 27);
                band_record gr;
                if (band_engine_run(e, g, &gr, NULL, NULL) != MC_OK) return 1;
                gs += gr.seconds_total;
                if (c) {
                    double t0 = mc_thread_cpu_seconds();
                    checker_record cr;
                    if (checker_run(c, g, &cr, NULL, NULL) != MC_OK) return 1;
                    cs += mc_thread_cpu_seconds() - t0;
                }
                ngrids++;
            }
            grid_s += gs, chk_s += cs;
            int ng = grids < p->n ? grids : p->n;
            printf("%6d %12llu %6d %8.2f %8.3f %12llu %10llu %8llu %8.2f %8.2f\n", b, (unsigned long long)local, p->n,
                   r.seconds_total, p->n ? r.seconds_total / p->n : 0.0, (unsigned long long)r.pairs,
                   (unsigned long long)r.two_band_pass, (unsigned long long)r.puzzles, ng ? gs / ng : 0.0,
                   ng && c ? cs / ng : 0.0);
            fflush(stdout);
            work_counters_add(&all.work, &r.work);
            s1 += r.seconds_total;
            s2 += r.seconds_total * r.seconds_total;
            sum_items += p->n;
            sum_groups_s += r.seconds_total;
            ngroups++;
        }
        mean_of[b] = s1 / per;
        var_of[b] = (s2 - s1 * s1 / per) / (per - 1);
    }
    /* stratified projection: every band takes its nearest sampled band; the
     * strata's variances add with their total group counts */
    double total = 0, all_groups = 0, var_coh = 0, nsum[BAND_COUNT] = {0};
    for (int b = 1; b <= BAND_COUNT; b++) {
        int best = 0;
        for (int i = 1; i < nb; i++)
            if (abs(sampled[i] - b) < abs(sampled[best] - b)) best = i;
        double n = (double)bandpair_rank_band_count(b);
        all_groups += n;
        total += n * mean_of[sampled[best]];
        nsum[best] += n;
    }
    for (int i = 0; i < nb; i++) var_coh += nsum[i] * nsum[i] * var_of[sampled[i]] / per;
    const double enum_hours = 3.09; /* bench_bandpair: the groups with their band 3s, whole catalogue */
    double hours = total / 3600 + enum_hours, err = sqrt(var_coh) / 3600;
    printf("sampled: %d groups, %.2f items/group, %.3f s/group, %.4f s/item\n", ngroups, sum_items / ngroups,
           sum_groups_s / ngroups, sum_groups_s / sum_items);
    char only[64] = "";
    if (band3_min) snprintf(only, sizeof only, " (only band 3 >= %d clues)", band3_min);
    printf("projection, K = %d%s, band-pair scan of %.0f groups: %.4g core-hours (+- %.2g, one standard error of the "
           "stratified mean; %.2f of it the enumeration), %.4f s per catalogue grid\n",
           K, only, all_groups, hours, err, enum_hours, hours * 3600 / CATALOGUE_GRIDS);
    if (ngrids) {
        printf("per grid (%d grids of the sampled groups): band engine %.3f s/grid -> %.4g core-hours", ngrids,
               grid_s / ngrids, grid_s / ngrids * CATALOGUE_GRIDS / 3600);
        if (c) printf("; checker %.3f s/grid -> %.4g core-hours", chk_s / ngrids, chk_s / ngrids * CATALOGUE_GRIDS / 3600);
        printf("\n");
    }
    {
        char buf[2048];
        work_counters_text(&all.work, buf, sizeof buf);
        printf("phases and counters, all sampled groups: %s\n", buf);
    }
    printf("band engine memory: %.1f MiB\n", (double)band_engine_memory(e) / (1 << 20));
    free(p);
    checker_free(c);
    band_engine_free(e);
    bandpair_ctx_free(ctx);
    return 0;
}
