/* bench_bandscan — what a band-pair scan of the whole catalogue costs: the
 * band engine's group mode on a stratified sample of groups, projected to
 * all 983,959,110 groups, beside the band engine per grid and the checker
 * per grid on grids of the same groups.
 *
 * usage: bench_bandscan [--k K] [--per-band N] [--bands B | --band1 LIST]
 *                       [--seed S] [--grids G] [--checker] [--two-band-solver] [--avx2]
 *        bench_bandscan [--k K] --group B L
 *        bench_bandscan [--k K] [--seed S] --uniform N
 *        bench_bandscan [--k K] [--seed S] --window N --starts W
 * --band3-min Z: only puzzles whose band 3 holds at least Z clues
 * (band_options.band3_min; K = 17, Z = 7: pass 1 of the case split).
 * The phases' seconds and counters summed over the sampled groups close
 * the output.
 * --two-band-solver: step 4 by the solver, as before digit templates
 * (band_options.two_band_solver), to compare both in one window.
 * --avx2: the band engine's vector versions at most AVX2 on a CPU that
 * runs AVX-512 (band_options.scan_avx2; the same counters), to measure
 * what the groups cost without AVX-512 beside the widest, same groups,
 * same build, same window (the factor of job_cost.c's AVX2 class).
 * --group: the one group of band-1 index B at local rank L, with every
 * counter of the band engine (profiling one heavy group).
 * Strata: B band-1 indices spread evenly over 1..416 (default 13: 1, 35,
 * 70, ..., 416), or the band-1 indices of --band1 LIST (increasing,
 * commas and ranges: "1,36,70,...,381,399-416", the tail where the rate
 * changes fast); in each, N groups (default 2) at local ranks drawn
 * uniformly (seeded) from 1..n_b, in the order of the strata. Each group: band_engine_run_group with
 * K clues (CPU seconds of the thread to 0.1 ms, items, puzzles). Projection: each of
 * the 416 bands takes its exact group count n_b (bandpair_rank.h) times the mean seconds
 * per group of its stratum (the nearest sampled band, the lower one on a
 * tie; with --band1 1-416 every band is its own stratum, as in job_cost.c,
 * whose rates are the groups this mode prints); the sampling error
 * is the standard error of that stratified mean (per-stratum variance of
 * the sampled groups / N). The enumeration of the groups themselves is
 * bench_bandpair's (about 3 core-hours for the catalogue) and is added.
 * Per grid: the first G items (default 1) of each sampled group as grids,
 * the band engine per grid (band_engine_run) and, with --checker, the
 * checker; projected to 5,472,730,538 grids.
 * --uniform N: N single groups at global ranks drawn uniformly (seeded,
 * default UNIFORM_SEED) from 1..983,959,110, run in the order drawn on one
 * engine (a group keeps band 1's valid sets only when the group before it
 * had the same band 1: counted as "kept"). Each group's phases (finding
 * UAs, tables, pairs, band 3, the rest of the engine) and counters; the
 * mean seconds per group with its standard error, projected to the
 * catalogue (uniform weights: every group counts once), beside the
 * projection of job_cost's rates (a rate per band-1 index) and, stratum
 * by stratum, the uniform mean of the groups
 * whose band 1 is nearest that sampled band. --warm: each drawn group
 * run right after the group before it (global rank - 1, not counted), as
 * in a scan: the same groups, band 1's sets kept when that group has the
 * same band 1; beside the run without it, the per-group cost of band 1.
 * --fresh: each drawn group on a new engine (band_engine_new), as one
 * group per process runs: its buffers grown and first touched in the
 * group's CPU time. --seed-each: draw i the first of seed S + i, so that
 * `--seed S+i --uniform 1`, one process per group, runs the same groups.
 * --window N --starts W: W start ranks drawn uniformly (seeded), N
 * consecutive groups from each (into the next band 1 if one ends), as a
 * scan runs them: band 1's valid sets kept over the groups of one band 1.
 * The same phases and counters: beside --uniform, what a group pays for
 * not following a group of its band 1.
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
#include "job_cost.h"
#include "mc_clock.h"
#include "prng.h"

#define CATALOGUE_GRIDS 5472730538.0
/* --uniform and --window draw with this seed unless --seed is given: the
 * draws of tests/bench/results/bench_bandscan.txt */
#define UNIFORM_SEED 58
/* bench_bandpair: the groups with their band 3s, whole catalogue */
#define ENUM_HOURS 3.09

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

/* The i-th of nb sampled band-1 indices spread evenly over 1..416 (the
 * default sample, --bands nb). */
static int spread_band(int i, int nb) { return 1 + (int)((double)i * (BAND_COUNT - 1) / (nb - 1) + 0.5); }

/* The index into sampled[0..n) of the sampled band nearest band (the lower
 * one on a tie): the stratum band belongs to. */
static int nearest_sampled(const int *sampled, int n, int band)
{
    int best = 0;
    for (int i = 1; i < n; i++)
        if (abs(sampled[i] - band) < abs(sampled[best] - band)) best = i;
    return best;
}

/* --uniform and --window report by the 13 strata of the default sample
 * (STRATA bands, spread_band: each band-1 index in the stratum of its
 * nearest). job_cost.c has a rate per band-1 index, so the model column
 * of a stratum is its indices' mean, weighted by their groups. */
#define STRATA 13
static int stratum_band[STRATA];

static int stratum_of(int band)
{
    if (!stratum_band[0])
        for (int i = 0; i < STRATA; i++) stratum_band[i] = spread_band(i, STRATA);
    return nearest_sampled(stratum_band, STRATA, band);
}

/* The groups run by --uniform or --window: seconds of each (for the mean
 * and its standard error), the counters and phases summed, by stratum. */
typedef struct tally {
    band_engine *e;
    int K, n, kept, last_band, items, verbose, skip;
    double s1, s2;
    band_record all;
    int sn[STRATA];
    double ss[STRATA];
} tally;

static void tally_group(tally *t, int band, uint64_t local, const band_record *r, int items, bool kept)
{
    double s = r->seconds_total;
    double rest = s - r->seconds_ua - r->seconds_tables - r->seconds_pairs - r->seconds_band3;
    if (t->verbose)
        printf("%6d %10llu %11llu %5d %4d %8.4f %7.4f %7.4f %7.4f %7.4f %7.4f %11llu %10llu %9llu\n", band,
               (unsigned long long)local, (unsigned long long)bandpair_rank_join(band, local), items, kept ? 1 : 0, s,
               r->seconds_ua, r->seconds_tables, r->seconds_pairs, r->seconds_band3, rest,
               (unsigned long long)r->pairs, (unsigned long long)r->survivors, (unsigned long long)r->band3_nodes);
    work_counters_add(&t->all.work, &r->work);
    t->n++;
    t->kept += kept;
    t->items += items;
    t->s1 += s;
    t->s2 += s * s;
    int k = stratum_of(band);
    t->sn[k]++;
    t->ss[k] += s;
}

typedef struct window_arg {
    tally *t;
    mc_status st;
} window_arg;

/* bandpair_enumerate's callback: the group run at once, as a scan does;
 * nonzero (stop) on an engine error. */
static int window_fn(void *arg, const bandpair_group *g)
{
    window_arg *w = arg;
    band_record r;
    bool kept = g->band1 == w->t->last_band;
    if ((w->st = band_engine_run_group(w->t->e, g->pair, g->band3, g->nband3, &r, NULL, NULL)) != MC_OK) return 1;
    if (w->t->skip > 0) w->t->skip--;
    else tally_group(w->t, g->band1, g->local_rank, &r, g->nband3, kept);
    w->t->last_band = g->band1;
    return 0;
}

/* Groups first..first + count - 1 (global ranks), into the next band 1s. */
static mc_status run_ranks(bandpair_ctx *ctx, tally *t, uint64_t first, uint64_t count)
{
    window_arg w = {t, MC_OK};
    while (count > 0) {
        int b;
        uint64_t local;
        if (!bandpair_rank_split(first, &b, &local)) return MC_OK;
        uint64_t last = local + count - 1, nb = bandpair_rank_band_count(b);
        if (last > nb) last = nb;
        mc_status st = bandpair_enumerate(ctx, b, local, last, true, window_fn, &w, NULL);
        if (w.st != MC_OK) return w.st;
        if (st != MC_OK) return st;
        count -= last - local + 1;
        first += last - local + 1;
    }
    return MC_OK;
}

static void tally_header(void)
{
    printf("%6s %10s %11s %5s %4s %8s %7s %7s %7s %7s %7s %11s %10s %9s\n", "band1", "local", "global", "items",
           "kept", "s", "ua", "tables", "pairs", "band3", "rest", "pairs", "survivors", "nodes3");
}

/* The mean per group and its standard error, the phases per group, the
 * counters, the projection; with strata, the model's and stratum by
 * stratum. */
static void tally_report(const tally *t, const char *what, bool strata)
{
    if (t->n < 2) return;
    const band_record *a = &t->all;
    double n = t->n, mean = t->s1 / n, var = (t->s2 - t->s1 * t->s1 / n) / (n - 1), se = sqrt(var / n);
    double T = (double)BANDPAIR_RANK_TOTAL;
    printf("%s: %d groups (%d after a group of their band 1), %.2f items/group; s/group %.5f +- %.5f (one standard "
           "error; sd %.5f)\n", what, t->n, t->kept, t->items / n, mean, se, sqrt(var));
    printf("%s, phases per group (ua / tables / pairs / band 3 / rest = total): %.5f / %.5f / %.5f / %.5f / %.5f = "
           "%.5f s\n", what, a->seconds_ua / n, a->seconds_tables / n, a->seconds_pairs / n, a->seconds_band3 / n,
           (a->seconds_total - a->seconds_ua - a->seconds_tables - a->seconds_pairs - a->seconds_band3) / n,
           a->seconds_total / n);
    printf("%s, projection at its mean, K = %d: %.4g core-hours (+- %.2g; %.2f of it the enumeration)\n", what, t->K,
           mean * T / 3600 + ENUM_HOURS, se * T / 3600, ENUM_HOURS);
    char buf[2048];
    work_counters_text(&a->work, buf, sizeof buf);
    printf("%s, counters: %s\n", what, buf);
    if (!strata) return;
    /* job_cost's rates (a rate per band-1 index, committed), weighted by
     * the groups of each band */
    job_cost_cpu cpu = job_cost_cpu_here();
    double model = 0, wsum[STRATA] = {0}, rate[STRATA] = {0};
    for (int b = 1; b <= BAND_COUNT; b++) {
        double nb = (double)bandpair_rank_band_count(b);
        double us = (double)job_cost_bandpair_usec(t->K, b, cpu);
        model += nb * us;
        wsum[stratum_of(b)] += nb;
        rate[stratum_of(b)] += nb * us / 1e6;
    }
    for (int k = 0; k < STRATA; k++)
        if (wsum[k] > 0) rate[k] /= wsum[k]; /* the stratum's mean, by groups */
    printf("%s, job_cost's rates (%s, enumeration included): %.5f s/group, %.4g core-hours\n", what,
           job_cost_cpu_name(cpu), model / T / 1e6, model / 1e6 / 3600);
    printf("%s, stratum by stratum: band  weight  uniform groups  uniform s/group  job_cost s/group\n", what);
    for (int k = 0; k < STRATA; k++)
        printf("  %4d %7.4f %5d %10.5f %10.5f\n", stratum_band[k], wsum[k] / T, t->sn[k],
               t->sn[k] ? t->ss[k] / t->sn[k] : 0.0, rate[k]);
}

int main(int argc, char **argv)
{
    int sampled[BAND_COUNT];
    const char *band_list = NULL;
    int K = 16, per = 2, nb = 13, grids = 1, with_checker = 0;
    uint64_t seed = 2026, group_local = 0;
    int group_band = 0, band3_min = 0, two_band_solver = 0, avx2 = 0, seed_given = 0, uniform = 0, window = 0, starts = 3,
        warm = 0, fresh = 0, seed_each = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--k") && i + 1 < argc) K = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--per-band") && i + 1 < argc) per = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--bands") && i + 1 < argc) nb = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--band1") && i + 1 < argc) band_list = argv[++i];
        else if (!strcmp(argv[i], "--seed") && i + 1 < argc) seed = strtoull(argv[++i], NULL, 10), seed_given = 1;
        else if (!strcmp(argv[i], "--grids") && i + 1 < argc) grids = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--uniform") && i + 1 < argc) uniform = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--window") && i + 1 < argc) window = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--starts") && i + 1 < argc) starts = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--warm")) warm = 1;
        else if (!strcmp(argv[i], "--fresh")) fresh = 1;
        else if (!strcmp(argv[i], "--seed-each")) seed_each = 1;
        else if (!strcmp(argv[i], "--checker")) with_checker = 1;
        else if (!strcmp(argv[i], "--two-band-solver")) two_band_solver = 1;
        else if (!strcmp(argv[i], "--avx2")) avx2 = 1;
        else if (!strcmp(argv[i], "--band3-min") && i + 1 < argc) band3_min = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--group") && i + 2 < argc) {
            group_band = atoi(argv[++i]);
            group_local = strtoull(argv[++i], NULL, 10);
        }
        else {
            fprintf(stderr, "usage: bench_bandscan [--k K] [--per-band N] [--bands B | --band1 LIST] [--seed S] "
                            "[--grids G] [--checker] [--band3-min Z] [--two-band-solver] [--avx2]\n       bench_bandscan [--k K] [--band3-min Z] --group B L\n"
                            "       bench_bandscan [--k K] [--seed S] [--seed-each] [--warm | --fresh] --uniform N\n"
                            "       bench_bandscan [--k K] [--seed S] --window N [--starts W]\n");
            return 2;
        }
    }
    if (band_list && (nb = parse_bands(band_list, sampled)) < 2) {
        fprintf(stderr, "bench_bandscan: --band1 %s: 2 or more increasing band-1 indices in 1..416 "
                        "(\"1,36,399-416\")\n", band_list);
        return 2;
    }
    if (uniform < 0 || window < 0 || starts < 1 || (uniform && window)) {
        fprintf(stderr, "bench_bandscan: --uniform N or --window N (N >= 1), --starts >= 1\n");
        return 2;
    }
    if ((uniform || window) && !seed_given) seed = UNIFORM_SEED;
    if (per < 2 || nb < 2 || nb > BAND_COUNT || K < 1 || K > 27) {
        fprintf(stderr, "bench_bandscan: --per-band >= 2, 2 <= --bands <= 416, 1 <= --k <= 27\n");
        return 2;
    }
    mc_banner(stdout);
    const char *scan;
    band_scan_upto(avx2 ? BAND_SIMD_AVX2 : BAND_SIMD_AVX512, &scan);
    printf("# two-band list scan: %s%s\n", scan, avx2 ? " (--avx2)" : "");
    band_init();
    bandpair_ctx *ctx;
    if (bandpair_ctx_new(&ctx) != MC_OK) return 1;
    band_options o;
    band_options_default(&o, K);
    o.band3_min = band3_min;
    o.two_band_solver = two_band_solver;
    o.scan_avx2 = avx2;
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
    if (uniform || window) {
        tally t;
        memset(&t, 0, sizeof t);
        t.e = e, t.K = K, t.verbose = 1;
        if (uniform)
            printf("# K = %d: %d groups at global ranks drawn uniformly from 1..%llu (seed %llu), in the order drawn; "
                   "CPU s of the thread%s\n", K, uniform, (unsigned long long)BANDPAIR_RANK_TOTAL,
                   (unsigned long long)seed,
                   warm ? "; each after the group before it (--warm, not counted)"
                        : fresh ? "; each on a new engine (--fresh)" : "");
        else
            printf("# K = %d: %d windows of %d consecutive groups from start ranks drawn uniformly (seed %llu); CPU s "
                   "of the thread\n", K, starts, window, (unsigned long long)seed);
        tally_header();
        for (int i = 0; i < (uniform ? uniform : starts); i++) {
            uint64_t span = uniform ? 1 : (uint64_t)window;
            if (seed_each) prng_seed(&rng, seed + (uint64_t)i);
            uint64_t first = 1 + prng_below(&rng, BANDPAIR_RANK_TOTAL - span + 1);
            if (fresh) {
                band_engine_free(e);
                if (!(e = band_engine_new(&o))) return 1;
                t.e = e, t.last_band = 0;
            }
            /* --warm: the group before it first, not counted */
            t.skip = warm && first > 1;
            if (run_ranks(ctx, &t, first - (uint64_t)t.skip, span + (uint64_t)t.skip) != MC_OK) return 1;
            fflush(stdout);
        }
        tally_report(&t, uniform ? "uniform" : "window", uniform != 0);
        printf("band engine memory: %.1f MiB\n", (double)band_engine_memory(e) / (1 << 20));
        free(p);
        band_engine_free(e);
        bandpair_ctx_free(ctx);
        return 0;
    }
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
        if (!band_list) sampled[i] = spread_band(i, nb);
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
            printf("%6d %12llu %6d %8.4f %8.5f %12llu %10llu %8llu %8.2f %8.2f\n", b, (unsigned long long)local, p->n,
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
        int best = nearest_sampled(sampled, nb, b);
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
