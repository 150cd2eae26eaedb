/* job_cost — the predicted cost of a job's ranks; see job_cost.h.
 *
 * The rates below are the committed output of bench_bandscan
 * (tests/bench/results/bench_bandscan.txt), copied as printed: CPU seconds
 * of one thread, in hundredths, of the two groups sampled at each band-1
 * index (K = 16: the second round of 2026-11-24, `bench_bandscan --k 16
 * --bands 13 --per-band 2 --grids 1 --checker`; K = 17: the first round,
 * `--k 17 --bands 7 --per-band 2 --grids 0`, whose refillings the second
 * round did not change). A band's rate is the mean of its nearest sampled
 * band (the lower one on a tie), as in the benchmark's projection; a group
 * also pays the enumeration of the groups, 3.09 core-hours for the
 * 983,959,110 groups of the catalogue (bench_bandpair), 11 us each. With
 * these rates the whole catalogue is 47,810 core-hours at K = 16 and 8.419
 * million at K = 17 (the benchmark's projections, from the unrounded
 * seconds: 47,700 and 8.419 million).
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
#include <stdlib.h>

#include "bandpair_rank.h"
#include "gridrank.h"

typedef struct stratum {
    int band;       /* the sampled band-1 index */
    int cs1, cs2;   /* the two sampled groups (grids): CPU seconds x 100 */
} stratum;

static const stratum group_k16[] = {
    {1, 4, 7},     {36, 9, 18},   {70, 12, 8},   {105, 4, 6},   {139, 33, 20},
    {174, 30, 6},  {209, 32, 16}, {243, 11, 16}, {278, 17, 22}, {312, 74, 36},
    {347, 16, 43}, {381, 90, 50}, {416, 51, 14}};
static const stratum group_k17[] = {
    {1, 193, 377},   {70, 608, 5420},  {139, 2688, 3540}, {209, 9381, 2138},
    {278, 624, 3385}, {347, 1219, 737}, {416, 5378, 149}};
/* bench_job_cost (tests/bench/results/bench_job_cost.txt): 2 grids of each
 * sampled minlex band (band 416 holds one grid, timed twice) */
static const stratum grid_band_k16[] = {
    {1, 24, 7},     {36, 21, 11},   {70, 21, 17},   {105, 26, 6},  {139, 36, 24},
    {174, 57, 25},  {209, 27, 50},  {243, 45, 40},  {278, 83, 102}, {312, 39, 141},
    {347, 212, 74}, {381, 189, 93}, {416, 7, 7}};
static const stratum grid_checker_k16[] = {
    {1, 11, 6},       {36, 36, 19},     {70, 150, 51},    {105, 152, 8},     {139, 418, 157},
    {174, 718, 139},  {209, 102, 458},  {243, 585, 360},  {278, 1577, 959},  {312, 253, 2513},
    {347, 3011, 938}, {381, 3710, 1208}, {416, 148, 149}};

#define NSTRATA(a) (sizeof(a) / sizeof((a)[0]))
#define ENUMERATION_USEC 11 /* 3.09 h / 983,959,110 groups */

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
    return (uint64_t)(s[best].cs1 + s[best].cs2) * 5000; /* (a + b) / 2 hundredths, in us */
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
    uint64_t sum = 0;
    for (size_t i = 0; i < c->n; i++) {
        const job_cost_segment *s = &c->seg[i];
        uint64_t lo = s->first > first ? s->first : first, hi = s->last < last ? s->last : last;
        if (lo <= hi) sum += (hi - lo + 1) * s->usec;
    }
    return sum;
}

uint64_t job_cost_max_unit(const job_cost *c)
{
    uint64_t m = 0;
    for (size_t i = 0; i < c->n; i++)
        if (c->seg[i].usec > m) m = c->seg[i].usec;
    return m;
}
