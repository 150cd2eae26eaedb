/* job_cost — the predicted cost of a job's ranks; see job_cost.h.
 *
 * The rates are the committed output of the benchmarks, copied as
 * printed: CPU seconds of one thread of the groups sampled at each band-1
 * index (job_cost_samples.h, to 0.1 ms) and of the grids sampled at 13
 * minlex bands (below, in hundredths). There is one set per CPU class:
 * the same group took 1.3-1.45 times longer on the AMD EPYC without
 * AVX-512 measured than on the one with it (bench_bandscan.txt). A
 * band-1 index's group rate is the mean of its own samples; a minlex
 * band's grid rate is the mean of its nearest sampled band (the lower one
 * on a tie). A group also pays the
 * enumeration of the groups, 0.85 core-hours for the 983,959,110 groups
 * of the catalogue (bench_bandpair.txt), 3 us each.
 *
 * AVX-512 (an AMD EPYC with avx2, avx512f/bw/cd/dq/vl, bmi2, popcnt):
 *   group K = 16 and 17: every band-1 index 1..416 its own sampled
 *     groups; how many, their builds and seeds: job_cost_samples.h;
 *     checked against the complete strata of jobs/proofs/9x9/RECORD.txt
 *     (test_job_split);
 *   grid K = 16: bench_job_cost, build fee262c, 2026-11-29 (band engine
 *     108,800, checker 1.19 million core-hours; 296,000 and 1.49 million
 *     with the engine of 2026-11-25).
 * AVX2 without AVX-512 (an AMD EPYC with avx2, bmi2, popcnt):
 *   group K = 16 and 17: not measured index by index; the AVX-512 samples
 *     times what the same engine (0eb336a, and c0ce794 that holds it) took
 *     on both CPUs over bench_bandscan's 13 strata: K = 16 29,380 core-hours
 *     on the AVX2 CPU (2026-11-28) against 20,340 on the AVX-512 one
 *     (2026-11-27), 1.44; K = 17 1,114,000 against 796,000 and 886,000 in
 *     two windows, 1,114,000 / 841,000 = 1.32 (18f745b gave 1.36 and
 *     1.28-1.42 alike). On the AVX-512 CPU the engine limited to its
 *     AVX2 versions takes 1.00-1.04 times as long at K = 16 and 1.19-1.42
 *     at K = 17 (bench_bandscan --avx2, build 2522160, 2026-12-07): the
 *     vector width is little of the factor at K = 16, much of it at
 *     K = 17;
 *   grid K = 16: bench_job_cost, build c0ce794, 2026-11-28 (band engine
 *     174,600 core-hours, checker 1.83 million).
 * K = 17 per grid was not measured.
 */
#include "job_cost.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "band_scan.h"
#include "bandpair_rank.h"
#include "gridrank.h"
#include "job_cost_samples.h"

/* The bands of bench_job_cost's grids: 13 minlex bands spread over 1..416. */
#define NSTRATA 13
static const int SAMPLED_BAND[NSTRATA] = {1, 36, 70, 105, 139, 174, 209, 243, 278, 312, 347, 381, 416};

/* The rates of the grids: n grids sampled at each band, cs[i] their CPU
 * seconds x 100 at SAMPLED_BAND[i]. */
typedef struct rate_table {
    int n; /* 1..10 */
    int cs[NSTRATA][10];
} rate_table;

/* The rates of one CPU class. */
typedef struct cpu_rates {
    /* the groups: the factor this class takes over the AVX-512 samples of
     * job_cost_samples.h (SAMPLES_K16, SAMPLES_K17), which every class
     * shares */
    double scale_k16, scale_k17;
    /* bench_job_cost: 2 grids of each sampled minlex band (band 416 holds
     * one grid, timed twice) */
    rate_table grid_band_k16, grid_checker_k16;
    const char *origin_groups, *origin_grids;
} cpu_rates;

#define ORIGIN_GROUPS(how)                                                                                         \
    "per band-1 index, bench_bandscan's sampled groups " how " (tests/bench/results/bench_bandscan.txt) plus the " \
    "group enumeration"
#define ORIGIN_GRIDS(cpu)                                                                                              \
    "per minlex band, bench_job_cost's grids of 13 sampled bands on " cpu " (tests/bench/results/bench_job_cost.txt)"

static const cpu_rates RATES[JOB_COST_CPUS] = {
    [JOB_COST_AVX512] =
        {
            .grid_band_k16 = {2,
                  {
                      {8, 3}, {5, 5}, {9, 7}, {10, 3}, {13, 9}, {20, 10}, {11, 19}, {14, 14}, {28, 21},
                      {15, 41}, {46, 18}, {53, 28}, {5, 3}}},
            .grid_checker_k16 = {2,
                  {
                      {8, 4}, {24, 14}, {125, 42}, {118, 6}, {347, 136}, {578, 112}, {87, 380}, {463, 250},
                      {1085, 724}, {213, 1808}, {2126, 701}, {2851, 1040}, {143, 134}}},
            .scale_k16 = 1,
            .scale_k17 = 1,
            .origin_groups = ORIGIN_GROUPS("on an AVX-512 CPU"),
            .origin_grids = ORIGIN_GRIDS("an AVX-512 CPU")},
    [JOB_COST_AVX2] =
        {
            .grid_band_k16 = {2,
                  {
                      {10, 5}, {8, 8}, {13, 12}, {20, 5}, {23, 14}, {27, 15}, {15, 30}, {19, 19}, {48, 34},
                      {22, 66}, {70, 28}, {79, 40}, {6, 7}}},
            .grid_checker_k16 = {2,
                  {
                      {11, 7}, {36, 23}, {207, 66}, {187, 9}, {535, 190}, {824, 158}, {124, 559}, {656, 376},
                      {1711, 1076}, {339, 2812}, {3098, 1066}, {4339, 1470}, {197, 195}}},
            .scale_k16 = 29380.0 / 20340, /* the same engine on both classes (see the top) */
            .scale_k17 = 1114000.0 / 841000,
            .origin_groups = ORIGIN_GROUPS("scaled to an AVX2 CPU without AVX-512 by what one engine took on both"),
            .origin_grids = ORIGIN_GRIDS("an AVX2 CPU without AVX-512")},
};

#define ENUMERATION_USEC 3 /* 0.85 h / 983,959,110 groups */

static const char *const CPU_NAME[JOB_COST_CPUS] = {[JOB_COST_AVX512] = "avx512", [JOB_COST_AVX2] = "avx2"};

const char *job_cost_cpu_name(job_cost_cpu cpu) { return CPU_NAME[cpu]; }

job_cost_cpu job_cost_cpu_here(void) { return band_scan_has_avx512() ? JOB_COST_AVX512 : JOB_COST_AVX2; }

mc_status job_cost_cpu_chosen(job_cost_cpu *cpu, mc_error *err)
{
    const char *env = getenv("MINCLUE_COST_CPU");
    if (!env || !*env) {
        *cpu = job_cost_cpu_here();
        return MC_OK;
    }
    for (int i = 0; i < JOB_COST_CPUS; i++)
        if (!strcmp(env, CPU_NAME[i])) {
            *cpu = (job_cost_cpu)i;
            return MC_OK;
        }
    return mc_fail(err, MC_EINVAL, "MINCLUE_COST_CPU=%s: the rates are of avx512 or avx2", env);
}

/* Mean microseconds of t's samples at the sampled band nearest band (the
 * lower one on a tie). */
static uint64_t rate_of(const rate_table *t, int band)
{
    size_t best = 0;
    for (size_t i = 1; i < NSTRATA; i++)
        if (abs(SAMPLED_BAND[i] - band) < abs(SAMPLED_BAND[best] - band)) best = i;
    uint64_t sum = 0;
    for (int k = 0; k < t->n; k++) sum += (uint64_t)t->cs[best][k];
    return sum * 10000 / (uint64_t)t->n; /* the mean in hundredths of s, in us */
}

/* Mean microseconds of the groups sampled at band-1 index band (1..416),
 * times scale (the samples are in units of 0.1 ms). */
static uint64_t group_rate(const sample_row *rows, double scale, int band)
{
    assert(band >= 1 && band <= 416);
    const sample_row *r = &rows[band - 1];
    uint64_t sum = 0;
    for (int k = 0; k < r->n; k++) sum += (uint64_t)r->v[k];
    return (uint64_t)((double)sum * 100 / r->n * scale + 0.5);
}

uint64_t job_cost_bandpair_usec(int K, int band, job_cost_cpu cpu)
{
    const cpu_rates *r = &RATES[cpu];
    if (band < 1 || band > 416) return 0;
    if (K == 16) return group_rate(SAMPLES_K16, r->scale_k16, band) + ENUMERATION_USEC;
    if (K == 17) return group_rate(SAMPLES_K17, r->scale_k17, band) + ENUMERATION_USEC;
    return 0;
}

static mc_status alloc_segments(job_cost *c, size_t n, mc_error *err)
{
    c->seg = calloc(n, sizeof *c->seg);
    if (!c->seg) return mc_fail(err, MC_ENOMEM, "out of memory");
    c->n = 0;
    return MC_OK;
}

/* Appends the part of band ranks lo..hi that lies in the job's range. */
static void add_segment(job_cost *c, const job *j, uint64_t lo, uint64_t hi, uint64_t usec)
{
    if (hi < j->first || lo > j->last || lo > hi) return;
    job_cost_segment *s = &c->seg[c->n++];
    s->first = lo < j->first ? j->first : lo;
    s->last = hi > j->last ? j->last : hi;
    s->usec = usec ? usec : 1;
}

mc_status job_cost_uniform(uint64_t first, uint64_t last, uint64_t usec, job_cost *c, mc_error *err)
{
    assert(first >= 1 && first <= last);
    *c = (job_cost){0};
    if (alloc_segments(c, 1, err) != MC_OK) return MC_ENOMEM;
    c->seg[0] = (job_cost_segment){first, last, usec ? usec : 1};
    c->n = 1;
    return MC_OK;
}

static mc_status model_groups(const job *j, job_cost *c, mc_error *err)
{
    if (alloc_segments(c, 416, err) != MC_OK) return MC_ENOMEM;
    for (int b = 1; b <= 416; b++) {
        uint64_t lo = bandpair_rank_band_first(b), n = bandpair_rank_band_count(b);
        if (n) add_segment(c, j, lo, lo + n - 1, job_cost_bandpair_usec(j->clues, b, c->cpu));
    }
    c->modelled = true;
    c->origin = RATES[c->cpu].origin_groups;
    return MC_OK;
}

static mc_status model_grids(const job *j, const rate_table *t, job_cost *c, mc_error *err)
{
    const char *cache = getenv("MINCLUE_COUNTS");
    gridrank *gr;
    mc_status st = gridrank_open(cache && *cache ? cache : NULL, &gr, err);
    if (st != MC_OK) return st;
    uint64_t at = 0;
    if ((st = alloc_segments(c, 416, err)) == MC_OK) st = gridrank_band_first(gr, j->band_lo, &at, err);
    for (int b = j->band_lo; st == MC_OK && b <= j->band_hi; b++) {
        uint64_t n;
        st = gridrank_band_count(gr, b, &n, err);
        if (st == MC_OK && n) add_segment(c, j, at, at + n - 1, rate_of(t, b));
        at += n;
    }
    gridrank_free(gr);
    if (st != MC_OK) return st;
    c->modelled = true;
    c->origin = RATES[c->cpu].origin_grids;
    return MC_OK;
}

mc_status job_cost_model(const job *j, job_cost *c, mc_error *err)
{
    job_cost_cpu cpu = JOB_COST_AVX2;
    *c = (job_cost){0};
    mc_status st = job_cost_cpu_chosen(&cpu, err);
    return st == MC_OK ? job_cost_model_cpu(j, cpu, c, err) : st;
}

mc_status job_cost_model_cpu(const job *j, job_cost_cpu cpu, job_cost *c, mc_error *err)
{
    assert(j->first >= 1 && j->first <= j->last);
    *c = (job_cost){0};
    c->cpu = cpu;
    mc_status st = MC_OK;
    if (j->source == JOB_SOURCE_BANDPAIRS && j->engine == JOB_ENGINE_BAND) {
        if (j->clues == 16 || j->clues == 17) return model_groups(j, c, err);
        c->why = "no rates for a band-pair scan at this K (measured: K = 16, 17)";
    } else if (j->source == JOB_SOURCE_BANDPAIRS) {
        c->why = "no rates for engine none (a dry run)";
    } else if (j->source == JOB_SOURCE_ENUMERATE && j->clues == 16 && j->engine == JOB_ENGINE_BAND) {
        st = model_grids(j, &RATES[cpu].grid_band_k16, c, err);
    } else if (j->source == JOB_SOURCE_ENUMERATE && j->clues == 16 && j->engine == JOB_ENGINE_CHECKER) {
        st = model_grids(j, &RATES[cpu].grid_checker_k16, c, err);
    } else if (j->source == JOB_SOURCE_ENUMERATE) {
        c->why = "no per-grid rates for this engine and K (measured: K = 16, engines band and checker)";
    } else {
        c->why = "no rates for this source (models: bandpairs and enumerate)";
    }
    if (st != MC_OK || c->modelled) return st;
    const char *why = c->why;
    free(c->seg);
    st = job_cost_uniform(j->first, j->last, 1, c, err);
    c->why = why;
    return st;
}

void job_cost_free(job_cost *c)
{
    if (!c) return;
    free(c->seg);
    *c = (job_cost){0};
}

uint64_t job_cost_range(const job_cost *c, uint64_t first, uint64_t last)
{
    size_t lo = 0, hi = c->n; /* the first segment that ends at or after first */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (c->seg[mid].last < first) lo = mid + 1;
        else hi = mid;
    }
    uint64_t sum = 0;
    for (size_t i = lo; i < c->n && c->seg[i].first <= last; i++) {
        const job_cost_segment *s = &c->seg[i];
        uint64_t a = s->first > first ? s->first : first, b = s->last < last ? s->last : last;
        if (a <= b) sum += (b - a + 1) * s->usec;
    }
    return sum;
}

void job_cost_observe(const job_cost *c, const job_result *r, size_t n, job_cost_observed *o)
{
    uint64_t lo = c->n ? c->seg[0].first : 1, hi = c->n ? c->seg[c->n - 1].last : 0;
    for (size_t i = 0; i < n; i++) {
        if (r[i].count == 0 || r[i].first < lo || r[i].first + r[i].count - 1 > hi) continue;
        o->chunks++;
        o->units += r[i].count;
        double s = r[i].cpu_known ? r[i].cpu_seconds : r[i].seconds;
        double p = (double)job_cost_range(c, r[i].first, r[i].first + r[i].count - 1) / 1e6;
        o->wall_chunks += !r[i].cpu_known;
        o->seconds += s;
        o->predicted += p;
        o->ss += s * s;
        o->sp += s * p;
        o->pp += p * p;
    }
}

void job_cost_observed_add(job_cost_observed *a, const job_cost_observed *b)
{
    a->chunks += b->chunks;
    a->units += b->units;
    a->wall_chunks += b->wall_chunks;
    a->seconds += b->seconds;
    a->predicted += b->predicted;
    a->ss += b->ss;
    a->sp += b->sp;
    a->pp += b->pp;
}

double job_cost_factor_error(const job_cost_observed *o)
{
    if (o->chunks < 2 || !(o->predicted > 0)) return -1;
    double f = job_cost_factor(o), n = (double)o->chunks;
    double resid = o->ss - 2 * f * o->sp + f * f * o->pp; /* sum (s_i - f p_i)^2 */
    if (resid < 0) resid = 0;                              /* rounding */
    return sqrt(n / (n - 1) * resid) / o->predicted;
}

void job_cost_calibration_text(const job_cost_observed *o, char *out, size_t cap)
{
    double f = job_cost_factor(o), se = job_cost_factor_error(o);
    size_t n = 0;
    if (se >= 0)
        n += (size_t)snprintf(out, cap, "factor %.3g +- %.2g (standard error over %llu chunks)", f, se,
                              (unsigned long long)o->chunks);
    else
        n += (size_t)snprintf(out, cap, "factor %.3g (one chunk: no standard error)", f);
    if (n < cap)
        n += (size_t)snprintf(out + n, cap - n, ", from %s seconds: %.4g s against %.4g s predicted",
                              o->wall_chunks == o->chunks ? "wall" : o->wall_chunks ? "CPU and wall" : "CPU",
                              o->seconds, o->predicted);
    if (n < cap && o->wall_chunks)
        n += (size_t)snprintf(out + n, cap - n, "; %llu chunks of a journal without CPU seconds counted by wall "
                              "time, which a loaded machine inflates", (unsigned long long)o->wall_chunks);
    const bool few = o->chunks < 10, loose = se < 0 || se > 0.15 * f, small = o->seconds < 60;
    if (n < cap && (few || loose || small))
        snprintf(out + n, cap - n, "; a rough factor (%s%s%s%s%s): calibrate with a sample of more chunks and a "
                 "CPU-minute or more", few ? "fewer than 10 chunks" : "", few && (loose || small) ? ", " : "",
                 loose ? "standard error above 15 %" : "", loose && small ? ", " : "",
                 small ? "under a CPU-minute: the first chunks of a process build tables" : "");
}

void job_cost_hours_text(double hours, char *out, size_t cap)
{
    snprintf(out, cap, hours >= 100 ? "%.0f" : hours >= 1 ? "%.2f" : "%.2g", hours);
}

double job_cost_factor(const job_cost_observed *o) { return o->predicted > 0 ? o->seconds / o->predicted : 0; }

uint64_t job_cost_max_unit(const job_cost *c)
{
    uint64_t m = 0;
    for (size_t i = 0; i < c->n; i++)
        if (c->seg[i].usec > m) m = c->seg[i].usec;
    return m;
}
