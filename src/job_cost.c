/* job_cost — the predicted cost of a job's ranks; see job_cost.h.
 *
 * The rates below are the committed output of bench_bandscan
 * (tests/bench/results/bench_bandscan.txt), copied as printed: CPU seconds
 * of one thread, in hundredths, of the groups sampled at each band-1 index
 * (K = 16: the entry of the band tables' listing search and the sieve
 * taking X's vector, build 8ce9174, round 6 (the reference 18f745b 37,310
 * core-hours in the same window), `bench_bandscan --k 16 --bands 13
 * --per-band 2 --grids 1`, 2 groups, on an AMD EPYC with AVX-512 (avx2,
 * avx512f/bw/cd/dq/vl, bmi2, popcnt); K = 17: the entry of the vector scan of the
 * two-band list (band_scan), `--k 17 --bands 13 --per-band 10 --grids 0`,
 * 10 groups, the same CPU). A band's rate is the mean of its
 * nearest sampled band (the lower one on a tie), as in the benchmark's
 * projection; a group also pays the enumeration of the groups, 0.85
 * core-hours for the 983,959,110 groups of the catalogue
 * (bench_bandpair.txt), 3 us each. With these rates the whole catalogue is
 * 20,300 core-hours at K = 16 and 834,000 at K = 17 (the benchmark's
 * projections, from the unrounded seconds: 20,310 and 833,500).
 *
 * Source enumerate runs the engine per grid: the rates are those of
 * bench_job_cost (tests/bench/results/bench_job_cost.txt, 2026-11-25), the
 * band engine and the checker at K = 16 on 2 grids drawn from each of 13
 * minlex bands (1, 36, ..., 416, as above), CPU seconds in hundredths as
 * printed; the whole catalogue comes to 296,000 core-hours with the band
 * engine and 1.49 million with the checker. K = 17 per grid was not
 * measured.
 */
#include "job_cost.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

#include "bandpair_rank.h"
#include "gridrank.h"

typedef struct stratum {
    int band;  /* the sampled band-1 index */
    int n;      /* the groups (grids) sampled there, 1..10 */
    int cs[10]; /* their CPU seconds x 100 */
} stratum;

static const stratum group_k16[] = {
    {1, 2, {4, 4}},     {36, 2, {6, 9}},    {70, 2, {5, 5}},    {105, 2, {3, 5}},  {139, 2, {12, 10}},
    {174, 2, {12, 3}},  {209, 2, {10, 6}},  {243, 2, {6, 5}},   {278, 2, {6, 7}},  {312, 2, {28, 8}},
    {347, 2, {7, 13}},  {381, 2, {32, 18}}, {416, 2, {19, 8}}};
static const stratum group_k17[] = {
    {1, 10, {107, 176, 266, 145, 374, 34, 45, 33, 243, 90}},
    {36, 10, {216, 116, 894, 116, 170, 72, 76, 151, 327, 29}},
    {70, 10, {1023, 155, 1137, 255, 208, 256, 402, 196, 644, 875}},
    {105, 10, {90, 67, 58, 20, 68, 81, 14, 31, 100, 18}},
    {139, 10, {121, 507, 41, 101, 349, 328, 390, 329, 223, 657}},
    {174, 10, {362, 285, 134, 99, 582, 369, 121, 281, 124, 149}},
    {209, 10, {68, 1306, 43, 1316, 184, 141, 464, 119, 38, 1062}},
    {243, 10, {102, 228, 287, 518, 523, 351, 161, 212, 54, 178}},
    {278, 10, {46, 480, 122, 309, 106, 88, 95, 54, 185, 167}},
    {312, 10, {107, 368, 702, 613, 492, 843, 979, 3530, 695, 510}},
    {347, 10, {259, 264, 17, 496, 20, 109, 396, 133, 488, 395}},
    {381, 10, {337, 49, 105, 119, 567, 408, 182, 40, 125, 48}},
    {416, 10, {267, 26, 22, 33, 639, 300, 35, 157, 13, 209}}};
/* bench_job_cost (tests/bench/results/bench_job_cost.txt): 2 grids of each
 * sampled minlex band (band 416 holds one grid, timed twice) */
static const stratum grid_band_k16[] = {
    {1, 2, {24, 7}},     {36, 2, {21, 11}},   {70, 2, {21, 17}},   {105, 2, {26, 6}},  {139, 2, {36, 24}},
    {174, 2, {57, 25}},  {209, 2, {27, 50}},  {243, 2, {45, 40}},  {278, 2, {83, 102}}, {312, 2, {39, 141}},
    {347, 2, {212, 74}}, {381, 2, {189, 93}}, {416, 2, {7, 7}}};
static const stratum grid_checker_k16[] = {
    {1, 2, {11, 6}},       {36, 2, {36, 19}},     {70, 2, {150, 51}},    {105, 2, {152, 8}},
    {139, 2, {418, 157}},  {174, 2, {718, 139}},  {209, 2, {102, 458}},  {243, 2, {585, 360}},
    {278, 2, {1577, 959}}, {312, 2, {253, 2513}}, {347, 2, {3011, 938}}, {381, 2, {3710, 1208}},
    {416, 2, {148, 149}}};

#define NSTRATA(a) (sizeof(a) / sizeof((a)[0]))
#define ENUMERATION_USEC 3 /* 0.85 h / 983,959,110 groups */

static const char ORIGIN_GROUPS[] =
    "per band-1 index, bench_bandscan's sampled groups (tests/bench/results/bench_bandscan.txt) plus the "
    "group enumeration";
static const char ORIGIN_GRIDS[] =
    "per minlex band, bench_job_cost's grids of 13 sampled bands (tests/bench/results/bench_job_cost.txt)";

/* Mean microseconds of the stratum nearest band. */
static uint64_t rate_of(const stratum *s, size_t n, int band)
{
    size_t best = 0;
    for (size_t i = 1; i < n; i++)
        if (abs(s[i].band - band) < abs(s[best].band - band)) best = i;
    uint64_t sum = 0;
    for (int k = 0; k < s[best].n; k++) sum += (uint64_t)s[best].cs[k];
    return sum * 10000 / (uint64_t)s[best].n; /* the mean in hundredths of s, in us */
}

uint64_t job_cost_bandpair_usec(int K, int band)
{
    if (band < 1 || band > 416) return 0;
    if (K == 16) return rate_of(group_k16, NSTRATA(group_k16), band) + ENUMERATION_USEC;
    if (K == 17) return rate_of(group_k17, NSTRATA(group_k17), band) + ENUMERATION_USEC;
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
        if (n) add_segment(c, j, lo, lo + n - 1, job_cost_bandpair_usec(j->clues, b));
    }
    c->modelled = true;
    c->origin = ORIGIN_GROUPS;
    return MC_OK;
}

static mc_status model_grids(const job *j, const stratum *s, size_t ns, job_cost *c, mc_error *err)
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
        if (st == MC_OK && n) add_segment(c, j, at, at + n - 1, rate_of(s, ns, b));
        at += n;
    }
    gridrank_free(gr);
    if (st != MC_OK) return st;
    c->modelled = true;
    c->origin = ORIGIN_GRIDS;
    return MC_OK;
}

mc_status job_cost_model(const job *j, job_cost *c, mc_error *err)
{
    assert(j->first >= 1 && j->first <= j->last);
    *c = (job_cost){0};
    mc_status st = MC_OK;
    if (j->source == JOB_SOURCE_BANDPAIRS && j->engine == JOB_ENGINE_BAND) {
        if (j->clues == 16 || j->clues == 17) return model_groups(j, c, err);
        c->why = "no rates for a band-pair scan at this K (measured: K = 16, 17)";
    } else if (j->source == JOB_SOURCE_BANDPAIRS) {
        c->why = "no rates for engine none (a dry run)";
    } else if (j->source == JOB_SOURCE_ENUMERATE && j->clues == 16 && j->engine == JOB_ENGINE_BAND) {
        st = model_grids(j, grid_band_k16, NSTRATA(grid_band_k16), c, err);
    } else if (j->source == JOB_SOURCE_ENUMERATE && j->clues == 16 && j->engine == JOB_ENGINE_CHECKER) {
        st = model_grids(j, grid_checker_k16, NSTRATA(grid_checker_k16), c, err);
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
        o->seconds += r[i].seconds;
        o->predicted += (double)job_cost_range(c, r[i].first, r[i].first + r[i].count - 1) / 1e6;
    }
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
