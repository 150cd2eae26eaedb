/* test_job_split — cutting a job into parts (job_split.h) and the cost
 * model behind it (job_cost.h).
 *
 * The fast cut (segment by segment) is checked against a slow twin that
 * adds the cost rank by rank and walks every rank; the partition is checked
 * rank by rank (every rank in exactly one part, parts in order, none
 * empty); the balance against the bound of job_split.h. The cost model is
 * checked against the published per-band grid counts (tests/data), the
 * group counts of bandpair_rank and the projections of bench_bandscan and
 * bench_job_cost, on each CPU class.
 * ctest-labels: unit
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bandpair_rank.h"
#include "job.h"
#include "job_cost.h"
#include "job_split.h"
#include "prng.h"

/* ---- the slow twin: the definition, rank by rank ---- */

static uint64_t unit_cost(const job_cost *c, uint64_t r)
{
    for (size_t i = 0; i < c->n; i++)
        if (c->seg[i].first <= r && r <= c->seg[i].last) return c->seg[i].usec;
    fail_msg("rank %llu outside the model", (unsigned long long)r);
    return 0;
}

static void slow_ends(const job_cost *c, uint64_t first, uint64_t last, uint64_t n, uint64_t *end)
{
    uint64_t len = last - first + 1;
    uint64_t *pre = malloc((len + 1) * sizeof *pre); /* pre[k] = cost of the first k ranks */
    assert_non_null(pre);
    pre[0] = 0;
    for (uint64_t k = 1; k <= len; k++) pre[k] = pre[k - 1] + unit_cost(c, first + k - 1);
    uint64_t total = pre[len], prev = first - 1;
    for (uint64_t i = 1; i < n; i++) {
        /* floor(i T / N) in 128 bits: the obvious way */
        uint64_t target = (uint64_t)((unsigned __int128)i * total / n);
        uint64_t r = first;
        while (pre[r - first + 1] < target) r++;
        if (r < prev + 1) r = prev + 1;
        if (r > last - (n - i)) r = last - (n - i);
        end[i - 1] = prev = r;
    }
    end[n - 1] = last;
    free(pre);
}

/* Every rank in exactly one part, in order, no part empty; the balance
 * bound: each part below ceil(T / N) + the largest unit cost. */
static void check_partition(const job_cost *c, uint64_t first, uint64_t last, uint64_t n, const uint64_t *end)
{
    uint64_t part = 0, in_part = 0, cost = 0, total = job_cost_range(c, first, last);
    uint64_t bound = (total + n - 1) / n + job_cost_max_unit(c);
    for (uint64_t r = first; r <= last; r++) {
        assert_true(part < n);
        in_part++;
        cost += unit_cost(c, r);
        if (r == end[part]) {
            assert_true(in_part >= 1);
            if (cost > bound)
                fail_msg("part %llu costs %llu > bound %llu", (unsigned long long)part + 1, (unsigned long long)cost,
                         (unsigned long long)bound);
            part++, in_part = 0, cost = 0;
        }
    }
    assert_int_equal(part, n);
    assert_int_equal(end[n - 1], last);
}

/* A model of random segments over first..last. */
static void random_model(prng *g, uint64_t first, uint64_t last, job_cost *c)
{
    assert_int_equal(job_cost_uniform(first, last, 1, c, NULL), MC_OK);
    size_t nseg = 1 + prng_below(g, 12);
    job_cost_segment *s = calloc(nseg, sizeof *s);
    assert_non_null(s);
    uint64_t at = first;
    size_t k = 0;
    for (; k < nseg && at <= last; k++) {
        uint64_t len = k + 1 == nseg ? last - at + 1 : 1 + prng_below(g, last - at + 1);
        uint64_t usec = prng_below(g, 4) == 0 ? 1 : 1 + prng_below(g, 1000000);
        s[k] = (job_cost_segment){at, at + len - 1, usec};
        at += len;
    }
    free(c->seg);
    c->seg = s;
    c->n = k;
}

static void test_random_partitions(void **state)
{
    (void)state;
    const uint64_t seed = 20261125;
    prng g;
    prng_seed(&g, seed);
    for (int t = 0; t < 400; t++) {
        uint64_t first = 1 + prng_below(&g, 2000000000), len = 1 + prng_below(&g, t < 200 ? 50 : 4000);
        uint64_t last = first + len - 1;
        uint64_t n = prng_below(&g, 3) == 0 ? len : 1 + prng_below(&g, len < 300 ? len : 300);
        job_cost c;
        random_model(&g, first, last, &c);
        uint64_t *fast = calloc(n, sizeof *fast), *slow = calloc(n, sizeof *slow);
        assert_true(fast && slow);
        mc_error err;
        if (job_split_ranges(&c, first, last, n, fast, &err) != MC_OK) fail_msg("seed %llu trial %d: %s",
                                                                                (unsigned long long)seed, t, err.msg);
        slow_ends(&c, first, last, n, slow);
        for (uint64_t i = 0; i < n; i++)
            if (fast[i] != slow[i])
                fail_msg("seed %llu trial %d (ranks %llu-%llu, %llu parts): part %llu ends at %llu, the slow twin "
                         "says %llu",
                         (unsigned long long)seed, t, (unsigned long long)first, (unsigned long long)last,
                         (unsigned long long)n, (unsigned long long)i + 1, (unsigned long long)fast[i],
                         (unsigned long long)slow[i]);
        check_partition(&c, first, last, n, fast);
        free(fast);
        free(slow);
        job_cost_free(&c);
    }
}

/* Cost 1 per rank: the parts' counts differ by at most one. */
static void test_count_balance(void **state)
{
    (void)state;
    job_cost c;
    assert_int_equal(job_cost_uniform(1, 288, 1, &c, NULL), MC_OK);
    for (uint64_t n = 1; n <= 288; n++) {
        uint64_t end[288];
        assert_int_equal(job_split_ranges(&c, 1, 288, n, end, NULL), MC_OK);
        uint64_t lo = UINT64_MAX, hi = 0, prev = 0;
        for (uint64_t i = 0; i < n; i++) {
            uint64_t k = end[i] - prev;
            lo = k < lo ? k : lo;
            hi = k > hi ? k : hi;
            prev = end[i];
        }
        assert_true(hi - lo <= 1);
        assert_int_equal(lo, 288 / n);
    }
    job_cost_free(&c);
}

static void test_bad_counts(void **state)
{
    (void)state;
    job_cost c;
    assert_int_equal(job_cost_uniform(5, 7, 1, &c, NULL), MC_OK);
    uint64_t end[8];
    mc_error err;
    assert_int_equal(job_split_ranges(&c, 5, 7, 0, end, &err), MC_EINVAL);
    assert_non_null(strstr(err.msg, "at least 1 part"));
    assert_int_equal(job_split_ranges(&c, 5, 7, 4, end, &err), MC_EINVAL);
    assert_non_null(strstr(err.msg, "4 parts but only 3 ranks (5-7)"));
    assert_int_equal(job_split_ranges(&c, 5, 5, 2, end, &err), MC_EINVAL);
    assert_non_null(strstr(err.msg, "only 1 rank (5-5)"));
    assert_int_equal(job_split_ranges(&c, 5, 7, 3, end, &err), MC_OK);
    assert_int_equal(end[0], 5);
    assert_int_equal(end[1], 6);
    assert_int_equal(end[2], 7);
    job_cost_free(&c);
    assert_int_equal(job_cost_uniform(1, 5000000, 1, &c, NULL), MC_OK);
    assert_int_equal(job_split_ranges(&c, 1, 5000000, JOB_SPLIT_MAX_PARTS + 1, end, &err), MC_EINVAL);
    job_cost_free(&c);
}

/* ---- the cost model ---- */

static void bandpair_job(job *j, int K, uint64_t first, uint64_t last)
{
    job_init(j);
    j->source = JOB_SOURCE_BANDPAIRS;
    j->engine = JOB_ENGINE_BAND;
    j->clues = K;
    j->first = first;
    j->last = last;
}

/* The whole catalogue: one segment per band-1 index that has groups, the
 * group counts of bandpair_rank, and the catalogue's core-hours on each
 * CPU class. The oracle is the samples' own sum, done apart from
 * job_cost.c: each index's mean of job_cost_samples.h times its group
 * count from bandpair_rank.c's table (K = 16 11,549.398 core-hours, +- 154
 * one standard error; K = 17 456,028.096, +- 14,346), plus 3 us of
 * enumeration a group (0.820); AVX2 the sums times 29,380 / 20,340 and
 * 1,114,000 / 841,000. bench_bandscan's own projection of the samples of
 * 1..398 printed 1.155e4 at K = 16 (tests/bench/results/
 * bench_bandscan.txt, 2026-12-07); uniform draws gave 11,580-11,810
 * (+- 890) and 475,700 (+- 116,000). Each index's mean rounds to 1 us:
 * at most 0.14 core-hours over the catalogue, within the tolerance. */
static void test_bandpair_model_catalogue(void **state)
{
    (void)state;
    static const struct { job_cost_cpu cpu; int K; double hours, tol; } want[] = {
        {JOB_COST_AVX512, 16, 11549.398 + 0.820, 2e-5},
        {JOB_COST_AVX512, 17, 456028.096 + 0.820, 2e-5},
        {JOB_COST_AVX2, 16, 11549.398 * 29380 / 20340 + 0.820, 2e-5},
        {JOB_COST_AVX2, 17, 456028.096 * 1114000 / 841000 + 0.820, 2e-5}};
    for (size_t w = 0; w < sizeof want / sizeof want[0]; w++) {
        job j;
        bandpair_job(&j, want[w].K, 1, BANDPAIR_RANK_TOTAL);
        job_cost c;
        assert_int_equal(job_cost_model_cpu(&j, want[w].cpu, &c, NULL), MC_OK);
        assert_true(c.modelled);
        assert_int_equal(c.cpu, want[w].cpu);
        assert_non_null(strstr(c.origin, "bench_bandscan"));
        assert_non_null(strstr(c.origin, want[w].cpu == JOB_COST_AVX512 ? "on an AVX-512 CPU" : "without AVX-512"));
        if (want[w].cpu == JOB_COST_AVX2) assert_null(strstr(c.origin, "on an AVX-512 CPU"));
        uint64_t at = 1;
        int b = 1;
        for (size_t i = 0; i < c.n; i++, b++) {
            while (bandpair_rank_band_count(b) == 0) b++;
            assert_int_equal(c.seg[i].first, at);
            assert_int_equal(c.seg[i].last - c.seg[i].first + 1, bandpair_rank_band_count(b));
            assert_int_equal(c.seg[i].usec, job_cost_bandpair_usec(want[w].K, b, want[w].cpu));
            at = c.seg[i].last + 1;
        }
        assert_int_equal(at, BANDPAIR_RANK_TOTAL + 1);
        double h = (double)job_cost_range(&c, 1, BANDPAIR_RANK_TOTAL) / 3.6e9;
        print_message("%s, K = %d: the model's catalogue is %.0f core-hours (projection %.0f)\n",
                      job_cost_cpu_name(want[w].cpu), want[w].K, h, want[w].hours);
        assert_true(h > want[w].hours * (1 - want[w].tol) && h < want[w].hours * (1 + want[w].tol));
        /* 1,000 parts: within 0.01% of the mean (bound: one group) */
        uint64_t *end = calloc(1000, sizeof *end);
        assert_non_null(end);
        assert_int_equal(job_split_ranges(&c, 1, BANDPAIR_RANK_TOTAL, 1000, end, NULL), MC_OK);
        double mean = (double)job_cost_range(&c, 1, BANDPAIR_RANK_TOTAL) / 1000, worst = 0;
        for (int i = 0; i < 1000; i++) {
            double p = (double)job_cost_range(&c, i ? end[i - 1] + 1 : 1, end[i]);
            double d = p > mean ? p / mean - 1 : 1 - p / mean;
            worst = d > worst ? d : worst;
        }
        assert_true(worst < 1e-4);
        free(end);
        job_cost_free(&c);
        job_free(&j);
    }
    for (int cpu = 0; cpu < JOB_COST_CPUS; cpu++) {
        assert_int_equal(job_cost_bandpair_usec(15, 1, (job_cost_cpu)cpu), 0);
        assert_int_equal(job_cost_bandpair_usec(16, 0, (job_cost_cpu)cpu), 0);
        assert_int_equal(job_cost_bandpair_usec(16, 417, (job_cost_cpu)cpu), 0);
    }
    /* every index its own samples' mean (in 0.1 ms), plus 3 us of
     * enumeration: band 1 at K = 16 the sum of its 100 groups, 17,317 */
    assert_int_equal(job_cost_bandpair_usec(16, 1, JOB_COST_AVX512), 17317 + 3);
    /* band 381, K = 16: 10 groups summing to 6,604; K = 17: 6 groups,
     * 3,129 + 11,672 + 32,978 + 8,788 + 1,938 + 6,629 = 65,134 */
    assert_int_equal(job_cost_bandpair_usec(16, 381, JOB_COST_AVX512), 66040 + 3);
    assert_int_equal(job_cost_bandpair_usec(17, 381, JOB_COST_AVX512), 1085567 + 3);
    /* band 390 no longer borrows 381's rate, nor 391 399's: 10 groups
     * summing to 6,560 and 4,416 */
    assert_int_equal(job_cost_bandpair_usec(16, 390, JOB_COST_AVX512), 65600 + 3);
    assert_int_equal(job_cost_bandpair_usec(16, 391, JOB_COST_AVX512), 44160 + 3);
    /* the tail (bench_bandscan --band1 399-416, 100 groups at K = 16):
     * band 399 4.41 / 100 s */
    assert_int_equal(job_cost_bandpair_usec(16, 399, JOB_COST_AVX512), 44103);
    /* and band 416 at K = 17, 280 groups summing to 94.98 s */
    assert_int_equal(job_cost_bandpair_usec(17, 416, JOB_COST_AVX512), 339214 + 3);
    /* without AVX-512: the AVX-512 means times 29,380 / 20,340 (K = 16)
     * and 1,114,000 / 841,000 (K = 17), rounded */
    assert_int_equal(job_cost_bandpair_usec(16, 381, JOB_COST_AVX2), 95391 + 3);
    assert_int_equal(job_cost_bandpair_usec(17, 381, JOB_COST_AVX2), 1437956 + 3);
    assert_int_equal(job_cost_bandpair_usec(16, 399, JOB_COST_AVX2), 63700 + 3);
}

/* The model against complete strata run to the end on an AVX-512 CPU
 * (jobs/proofs/9x9/RECORD.txt, copied as data): the measured CPU seconds
 * of each stratum against the AVX-512 model of the same ranks: measured /
 * predicted between 1 / 1.25 and 1.25.
 * K = 17, strata 413-416: the chunks' cpu= of the journals
 * jobs/proofs/9x9/results/k17-b413-{1..4}/journal, each chunk counted once
 * (the redone one by its last line), summed by the band-1 index of the
 * chunk's first rank; the ranks are those of these chunks (a chunk of 16
 * runs over into the next index). K = 17, strata 404 and 408: the cpu= of
 * the chunks of results/k17-b404-{1..4} and results/k17-b408-{1..4} (their
 * parts end where the stratum does; 408 took 1.31 of the model whose tail
 * had 80 groups an index, 1.11 of the one with 280). K = 17, strata 411
 * and 412: the chunks' cpu= of results/k17-b411-{1..4} by the band-1 index
 * of each chunk's first rank, as for 413-416. K = 16, strata 1 and
 * 404: the CPU (user + sys) of the runs, master and mpirun included.
 * K = 16, strata 405-410: the chunks' cpu= of results/k16-b405-{1..8}
 * by the band-1 index of each chunk's first rank (411-416, under 1,000
 * groups of whole chunks each, are left out: a chunk of 256 there is a
 * large share of the index). */
static void test_bandpair_model_strata(void **state)
{
    (void)state;
    static const struct { int K, band; uint64_t first, last; double cpu; } rec[] = {
        {17, 413, 983955153, 983956096, 50.782},
        {17, 414, 983956097, 983958649, 163.068},
        {17, 415, 983958650, 983958985, 55.409},
        {17, 416, 983958986, 983959110, 45.320},
        {17, 404, 983527332, 983550165, 8858.3},
        {17, 408, 983797698, 983832366, 7618.8},
        {17, 411, 983928907, 983939450, 984.3},
        {17, 412, 983939451, 983955152, 972.5},
        {16, 1, 1, 54496, 1048.6},
        {16, 404, 983527332, 983550165, 864.0},
        {16, 405, 983550166, 983658919, 4618.3},
        {16, 406, 983658920, 983759234, 2255.7},
        {16, 407, 983759235, 983797710, 1176.3},
        {16, 408, 983797711, 983832467, 949.4},
        {16, 409, 983832468, 983891670, 1268.3},
        {16, 410, 983891671, 983929046, 650.7}};
    int off = 0;
    for (size_t i = 0; i < sizeof rec / sizeof rec[0]; i++) {
        job j;
        bandpair_job(&j, rec[i].K, 1, BANDPAIR_RANK_TOTAL);
        job_cost c;
        assert_int_equal(job_cost_model_cpu(&j, JOB_COST_AVX512, &c, NULL), MC_OK);
        assert_true(c.modelled);
        double p = (double)job_cost_range(&c, rec[i].first, rec[i].last) / 1e6;
        print_message("K = %d, band %d (ranks %llu-%llu): %.1f s measured, %.1f s predicted: %.2f\n", rec[i].K,
                      rec[i].band, (unsigned long long)rec[i].first, (unsigned long long)rec[i].last, rec[i].cpu, p,
                      rec[i].cpu / p);
        off += !(rec[i].cpu < 1.25 * p && p < 1.25 * rec[i].cpu);
        job_cost_free(&c);
        job_free(&j);
    }
    assert_int_equal(off, 0);
}

/* The class a model takes: $MINCLUE_COST_CPU when set, else this CPU's
 * (AVX-512 exactly when it has avx512f, as /proc/cpuinfo says where there
 * is one); another value of the variable is an error naming it. */
static void test_cost_cpu_choice(void **state)
{
    (void)state;
    char *saved = getenv("MINCLUE_COST_CPU") ? strdup(getenv("MINCLUE_COST_CPU")) : NULL;
    job j;
    bandpair_job(&j, 17, 1, BANDPAIR_RANK_TOTAL);
    job_cost c;
    mc_error err;
    static const char *const names[JOB_COST_CPUS] = {"avx512", "avx2"};
    for (int cpu = 0; cpu < JOB_COST_CPUS; cpu++) {
        setenv("MINCLUE_COST_CPU", names[cpu], 1);
        assert_int_equal(job_cost_model(&j, &c, NULL), MC_OK);
        assert_int_equal(c.cpu, cpu);
        assert_string_equal(job_cost_cpu_name(c.cpu), names[cpu]);
        assert_int_equal(c.seg[0].usec, job_cost_bandpair_usec(17, 1, (job_cost_cpu)cpu));
        job_cost_free(&c);
    }
    static const char *const bad[] = {"avx-512", "AVX2", "sse4", " avx2"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        setenv("MINCLUE_COST_CPU", bad[i], 1);
        assert_int_equal(job_cost_model(&j, &c, &err), MC_EINVAL);
        assert_non_null(strstr(err.msg, "MINCLUE_COST_CPU"));
        assert_non_null(strstr(err.msg, bad[i]));
        job_cost_free(&c);
    }
    /* unset (or empty): this CPU's class */
    FILE *f = fopen("/proc/cpuinfo", "r");
    int avx512 = -1;
    if (f) {
        char line[8192];
        avx512 = 0;
        while (fgets(line, sizeof line, f))
            if (!strncmp(line, "flags", 5) && strstr(line, " avx512f")) avx512 = 1;
        fclose(f);
    }
    for (int empty = 0; empty < 2; empty++) {
        if (empty) setenv("MINCLUE_COST_CPU", "", 1);
        else unsetenv("MINCLUE_COST_CPU");
        assert_int_equal(job_cost_model(&j, &c, NULL), MC_OK);
        assert_int_equal(c.cpu, job_cost_cpu_here());
        if (avx512 >= 0) assert_int_equal(c.cpu, avx512 ? JOB_COST_AVX512 : JOB_COST_AVX2);
        job_cost_free(&c);
    }
    print_message("this CPU takes the %s rates\n", job_cost_cpu_name(job_cost_cpu_here()));
    if (saved) setenv("MINCLUE_COST_CPU", saved, 1);
    else unsetenv("MINCLUE_COST_CPU");
    free(saved);
    job_free(&j);
}

/* A range over cheap and dear bands: the cost split differs from the count
 * split, and balances what the count split does not. */
static void test_cost_beats_count(void **state)
{
    (void)state;
    job j;
    uint64_t first = bandpair_rank_band_first(300), last = BANDPAIR_RANK_TOTAL;
    bandpair_job(&j, 16, first, last);
    job_cost c, u;
    assert_int_equal(job_cost_model(&j, &c, NULL), MC_OK);
    assert_int_equal(job_cost_uniform(first, last, 1, &u, NULL), MC_OK);
    enum { N = 8 };
    uint64_t ec[N], eu[N];
    assert_int_equal(job_split_ranges(&c, first, last, N, ec, NULL), MC_OK);
    assert_int_equal(job_split_ranges(&u, first, last, N, eu, NULL), MC_OK);
    double mean = (double)job_cost_range(&c, first, last) / N, spread_c = 0, spread_u = 0;
    for (int i = 0; i < N; i++) {
        double pc = (double)job_cost_range(&c, i ? ec[i - 1] + 1 : first, ec[i]) / mean;
        double pu = (double)job_cost_range(&c, i ? eu[i - 1] + 1 : first, eu[i]) / mean;
        spread_c = fabs(pc - 1) > spread_c ? fabs(pc - 1) : spread_c;
        spread_u = fabs(pu - 1) > spread_u ? fabs(pu - 1) : spread_u;
    }
    print_message("bands 300-416 in %d parts: cost split within %.2g%%, count split within %.0f%% of the mean cost\n",
                  N, 100 * spread_c, 100 * spread_u);
    assert_true(spread_c < 1e-4);
    assert_true(spread_u > 0.1);
    job_cost_free(&c);
    job_cost_free(&u);
    job_free(&j);
}

static void test_no_model(void **state)
{
    (void)state;
    job j;
    bandpair_job(&j, 15, 1, 100);
    job_cost c;
    assert_int_equal(job_cost_model(&j, &c, NULL), MC_OK);
    assert_false(c.modelled);
    assert_non_null(strstr(c.why, "K = 16, 17"));
    assert_int_equal(job_cost_range(&c, 1, 100), 100);
    job_cost_free(&c);
    j.clues = 16;
    j.engine = JOB_ENGINE_NONE;
    assert_int_equal(job_cost_model(&j, &c, NULL), MC_OK);
    assert_false(c.modelled);
    assert_non_null(strstr(c.why, "engine none"));
    job_cost_free(&c);
    j.source = JOB_SOURCE_GRIDS;
    j.engine = JOB_ENGINE_CHECKER;
    assert_int_equal(job_cost_model(&j, &c, NULL), MC_OK);
    assert_false(c.modelled);
    assert_int_equal(c.n, 1);
    job_cost_free(&c);
    job_free(&j);
}

/* Source enumerate: one segment per minlex band, sized by the published
 * counts of tests/data/es-grids-per-band.txt (read through the shipped
 * counts file, grids/counts.txt.gz). */
static void test_enumerate_model(void **state)
{
    (void)state;
    const char *src = getenv("MC_SOURCE_DIR");
    assert_non_null(src);
    char counts[1024];
    snprintf(counts, sizeof counts, "%s/grids/counts.txt.gz", src);
    setenv("MINCLUE_COUNTS", counts, 1);
    uint64_t published[417] = {0};
    FILE *f = fopen(MC_TEST_DATA "/es-grids-per-band.txt", "r");
    assert_non_null(f);
    char line[256];
    while (fgets(line, sizeof line, f)) {
        int b;
        unsigned long long n;
        if (line[0] != '#' && sscanf(line, "%d %llu", &b, &n) == 2 && b >= 1 && b <= 416) published[b] = n;
    }
    fclose(f);
    job j;
    job_init(&j);
    j.source = JOB_SOURCE_ENUMERATE;
    j.engine = JOB_ENGINE_BAND;
    j.clues = 16;
    j.band_lo = 2;
    j.band_hi = 4;
    j.first = published[1] + 1 + 1000;
    j.last = published[1] + published[2] + published[3] + published[4] - 7;
    job_cost c;
    mc_error err;
    if (job_cost_model(&j, &c, &err) != MC_OK) fail_msg("%s", err.msg);
    assert_true(c.modelled);
    assert_int_equal(c.n, 3);
    assert_int_equal(c.seg[0].first, j.first);
    assert_int_equal(c.seg[0].last, published[1] + published[2]);
    assert_int_equal(c.seg[1].last - c.seg[1].first + 1, published[3]);
    assert_int_equal(c.seg[2].last, j.last);
    /* bands 2-4 take the rate of sampled band 1: (0.08 + 0.03) / 2 s per grid */
    assert_int_equal(c.seg[1].usec, 55000);
    job_cost_free(&c);
    j.engine = JOB_ENGINE_CHECKER;
    assert_int_equal(job_cost_model(&j, &c, NULL), MC_OK);
    assert_true(c.modelled);
    assert_int_equal(c.seg[0].usec, 60000); /* (0.08 + 0.04) / 2 */
    job_cost_free(&c);
    /* without AVX-512 (bench_job_cost, c0ce794): (0.10 + 0.05) / 2 and (0.11 + 0.07) / 2 */
    for (int w = 0; w < 2; w++) {
        j.engine = w ? JOB_ENGINE_CHECKER : JOB_ENGINE_BAND;
        assert_int_equal(job_cost_model_cpu(&j, JOB_COST_AVX2, &c, NULL), MC_OK);
        assert_true(c.modelled && c.cpu == JOB_COST_AVX2);
        assert_non_null(strstr(c.origin, "without AVX-512"));
        assert_int_equal(c.seg[1].usec, w ? 90000 : 75000);
        job_cost_free(&c);
    }
    /* the whole catalogue: the benchmark's projections (from unrounded
     * seconds): AVX-512 (fee262c), band engine 1.088e5 core-hours,
     * checker 1.192e6; AVX2 (c0ce794), 1.746e5 and 1.83e6 */
    static const struct { job_cost_cpu cpu; job_engine_kind e; double hours; } want[] = {
        {JOB_COST_AVX512, JOB_ENGINE_BAND, 1.088e5},
        {JOB_COST_AVX512, JOB_ENGINE_CHECKER, 1.192e6},
        {JOB_COST_AVX2, JOB_ENGINE_BAND, 1.746e5},
        {JOB_COST_AVX2, JOB_ENGINE_CHECKER, 1.83e6}};
    j.band_lo = 1;
    j.band_hi = 416;
    j.first = 1;
    j.last = 5472730538u;
    for (size_t w = 0; w < sizeof want / sizeof want[0]; w++) {
        j.engine = want[w].e;
        assert_int_equal(job_cost_model_cpu(&j, want[w].cpu, &c, NULL), MC_OK);
        assert_int_equal(c.n, 401); /* the bands that hold grids */
        double h = (double)job_cost_range(&c, 1, j.last) / 3.6e9;
        print_message("enumerate, %s, engine %s: the model's catalogue is %.4g core-hours (projection %.4g)\n",
                      job_cost_cpu_name(want[w].cpu), job_engine_name(want[w].e), h, want[w].hours);
        assert_true(h > want[w].hours * 0.98 && h < want[w].hours * 1.02);
        job_cost_free(&c);
    }
    j.clues = 17;
    assert_int_equal(job_cost_model(&j, &c, NULL), MC_OK);
    assert_false(c.modelled);
    job_cost_free(&c);
    job_free(&j);
}

/* ---- part job files ---- */

static const char JOBTEXT[] = "# a comment line\n"
                              "source = grids grids.txt   # the grids\n"
                              "clues = 4\n"
                              "ranks = 1-288\n"
                              "chunk = 8 # eight\n"
                              "engine = brute\n"
                              "output = out\n";

static void test_part_text(void **state)
{
    (void)state;
    char dir[] = "/tmp/test_job_split_XXXXXX";
    assert_non_null(mkdtemp(dir));
    char name[256], grids[256];
    snprintf(name, sizeof name, "%s/a.job", dir);
    snprintf(grids, sizeof grids, "%s/grids.txt", dir);
    FILE *f = fopen(grids, "w");
    assert_non_null(f);
    fclose(f);
    job j;
    mc_error err;
    if (job_parse(name, JOBTEXT, &j, &err) != MC_OK) fail_msg("%s", err.msg);
    char *t = job_split_text(JOBTEXT, &j, 100, 150, "out-2", 0, "# part 2\n");
    assert_non_null(t);
    /* the job's comment line is dropped; a key's own comment stays */
    assert_string_equal(t, "# part 2\nsource = grids grids.txt   # the grids\nclues = 4\n"
                           "ranks = 100-150\nchunk = 8 # eight\nengine = brute\noutput = out-2\n");
    job p;
    if (job_parse(name, t, &p, &err) != MC_OK) fail_msg("%s", err.msg);
    assert_int_equal(p.first, 100);
    assert_int_equal(p.last, 150);
    assert_int_equal(p.chunk, 8);
    assert_string_equal(p.source_path, j.source_path);
    job_free(&p);
    free(t);
    /* no ranks line: added after the source; absolute paths for another directory */
    const char *noranks = "source = grids grids.txt\nclues = 4\noutput = out\n";
    t = job_split_text(noranks, &j, 1, 9, "/elsewhere/out-1", 1, NULL);
    assert_non_null(t);
    char want[1024];
    snprintf(want, sizeof want, "source = grids %s\nranks = 1-9\nclues = 4\noutput = /elsewhere/out-1\n", grids);
    assert_string_equal(t, want);
    free(t);
    char *v;
    assert_int_equal(job_split_key_line(JOBTEXT, "output", &v), 7);
    assert_string_equal(v, "out");
    free(v);
    assert_int_equal(job_split_key_line(JOBTEXT, "chunk", &v), 5);
    assert_string_equal(v, "8");
    free(v);
    assert_int_equal(job_split_key_line(noranks, "ranks", &v), 0);
    assert_null(v);
    /* an output holding " #" is written as "\#", read back whole */
    t = job_split_text(noranks, &j, 1, 9, "/h #1/out-1", 1, NULL);
    assert_non_null(t);
    snprintf(want, sizeof want, "source = grids %s\nranks = 1-9\nclues = 4\noutput = /h \\#1/out-1\n", grids);
    assert_string_equal(t, want);
    assert_int_equal(job_split_key_line(t, "output", &v), 4);
    assert_string_equal(v, "/h #1/out-1");
    free(v);
    if (job_parse(name, t, &p, &err) != MC_OK) fail_msg("%s", err.msg);
    assert_string_equal(p.output, "/h #1/out-1");
    job_free(&p);
    free(t);
    job_free(&j);
    unlink(grids);
    rmdir(dir);
}

/* '#' in a value: written as "\#", read back as '#'; any other '\' is itself */
static void test_value_escape(void **state)
{
    (void)state;
    static const char *values[] = {"h #1/g.txt", "#", "a\\#b", "\\", "plain", "a\\b #c #d", ""};
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
        char *e = job_value_escape(values[i]);
        assert_non_null(e);
        for (const char *c = strchr(e, '#'); c; c = strchr(c + 1, '#')) assert_true(c > e && c[-1] == '\\');
        job_value_unescape(e);
        assert_string_equal(e, values[i]);
        free(e);
    }
    char v[] = "h \\#1 \\x";
    job_value_unescape(v);
    assert_string_equal(v, "h #1 \\x");
}

/* A job file line by the grammar job_parse reads: comments, trimming, the
 * first '=' (job_line_split, shared by job_parse and the part files). */
static void test_line_split(void **state)
{
    (void)state;
    static const struct {
        const char *line;
        bool kv;
        const char *text, *key, *val;
    } cases[] = {
        {"  clues = 16  # sixteen", true, "clues = 16", "clues", "16"},
        {"# a comment = not a key", false, "", NULL, NULL},
        {"   ", false, "", NULL, NULL},
        {"path#1 = a=b#c", true, "path#1 = a=b#c", "path#1", "a=b#c"},
        {"novalue\t# x = y", false, "novalue", NULL, NULL},
        {"output =", true, "output =", "output", ""},
        {"= 5", true, "= 5", "", "5"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        job_line l;
        const char *line = cases[i].line;
        assert_int_equal(job_line_split(line, strlen(line), &l), cases[i].kv);
        assert_int_equal(l.tlen, strlen(cases[i].text));
        assert_memory_equal(l.text, cases[i].text, l.tlen);
        if (!cases[i].kv) continue;
        assert_int_equal(l.klen, strlen(cases[i].key));
        assert_memory_equal(l.key, cases[i].key, l.klen);
        assert_int_equal(l.vlen, strlen(cases[i].val));
        assert_memory_equal(l.val, cases[i].val, l.vlen);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_partitions), cmocka_unit_test(test_count_balance),
        cmocka_unit_test(test_bad_counts),         cmocka_unit_test(test_bandpair_model_catalogue),
        cmocka_unit_test(test_bandpair_model_strata),
        cmocka_unit_test(test_cost_beats_count),   cmocka_unit_test(test_no_model),
        cmocka_unit_test(test_enumerate_model),    cmocka_unit_test(test_part_text),
        cmocka_unit_test(test_line_split),
        cmocka_unit_test(test_value_escape),       cmocka_unit_test(test_cost_cpu_choice),
    };
    /* the model's figures below are those of the AVX-512 rates unless a
     * test names its class */
    setenv("MINCLUE_COST_CPU", "avx512", 1);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
