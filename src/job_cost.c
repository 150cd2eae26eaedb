/* job_cost — the predicted cost of a job's ranks; see job_cost.h.
 *
 * The rates below are the committed output of the benchmarks, copied as
 * printed: CPU seconds of one thread, in hundredths, of the groups (grids)
 * sampled at each band-1 index (minlex band). There is one set per CPU
 * class, since the sieve and the list scan run 512-bit or 256-bit code
 * and the same group takes 1.3-1.8 times longer without AVX-512
 * (bench_bandscan.txt). A band's rate is the mean of its nearest sampled
 * band (the lower one on a tie), as in the benchmark's projection; a group
 * also pays the enumeration of the groups, 0.85 core-hours for the
 * 983,959,110 groups of the catalogue (bench_bandpair.txt), 3 us each.
 *
 * AVX-512 (an AMD EPYC with avx2, avx512f/bw/cd/dq/vl, bmi2, popcnt):
 *   group K = 16: build 581c2ee (the two-band differences learned
 *     unminimized; the engine's sorts without qsort), `bench_bandscan --k
 *     16 --bands 13 --per-band 2 --grids 0`, 2026-12-01 (its projection
 *     10,660 core-hours; 10,520 and 10,620 in the other rounds; the
 *     reference 18f745b 37,660-37,740 beside them, 3.53-3.59x);
 *   group K = 17: build 581c2ee, `--k 17 --bands 13 --per-band 10
 *     --grids 0`, 2026-12-01 (387,000; the reference 18f745b 794,900
 *     beside it);
 *   grid K = 16: bench_job_cost, build fee262c, 2026-11-29 (band engine
 *     108,800, checker 1.19 million core-hours; 296,000 and 1.49 million
 *     with the engine of 2026-11-25);
 *   group K = 16 and 17, the tail (every band-1 index 399-416, where the
 *     13 strata had band 416 alone): build 9690de6, `bench_bandscan --k 17
 *     --band1 399-416 --per-band 40 --grids 0` and `--k 16 --band1 399-416
 *     --per-band 20 --grids 0`, 2026-12-06; checked against the complete
 *     strata of jobs/proofs/9x9/RECORD.txt (test_job_split).
 * AVX2 without AVX-512 (an AMD EPYC with avx2, bmi2, popcnt), 2026-11-28:
 *   group K = 16: build c0ce794, `--k 16 --bands 13 --per-band 2 --grids
 *     1` (29,380; step 3c of b04bc91 leaves K = 16 within the noise);
 *   group K = 17: build 895df9a (the list restricted to X), `--k 17
 *     --bands 13 --per-band 10 --grids 0` (763,400; b04bc91 899,700,
 *     c0ce794 1,114,000);
 *   grid K = 16: bench_job_cost, the same CPU and build (band engine
 *     174,600 core-hours, checker 1.83 million);
 *   group K = 16 and 17, the tail: not measured; it takes the AVX-512
 *     tail's samples times the ratio of the two classes' projections of
 *     the catalogue, K = 16 29,380 / 10,660 and K = 17 763,400 / 387,000
 *     (the factor the rest of the catalogue shows between them).
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

/* The bands sampled: bench_bandscan's band-1 indices and bench_job_cost's
 * minlex bands, 13 spread over 1..416. */
#define NSTRATA 13
static const int SAMPLED_BAND[NSTRATA] = {1, 36, 70, 105, 139, 174, 209, 243, 278, 312, 347, 381, 416};

/* The rates of one kind of work: n groups (grids) sampled at each band,
 * cs[i] their CPU seconds x 100 at SAMPLED_BAND[i]. */
typedef struct rate_table {
    int n; /* 1..10 */
    int cs[NSTRATA][10];
} rate_table;

/* The tail: every band-1 index from TAIL_FIRST to 416, n groups each,
 * cs[b - TAIL_FIRST][k] their CPU seconds x 100. There the rate changes
 * fast from one index to the next (K = 17: band 413 0.05 s a group, band
 * 416 0.36 s), and the 13 strata alone priced 399-416 all at band 416. */
#define TAIL_FIRST 399
#define TAIL_BANDS (416 - TAIL_FIRST + 1)
#define TAIL_MAX 80
typedef struct tail_table {
    int n; /* 2..TAIL_MAX */
    int cs[TAIL_BANDS][TAIL_MAX];
} tail_table;

/* The rates of one CPU class. */
typedef struct cpu_rates {
    rate_table group_k16, group_k17;
    /* the tail of the group rates (the AVX-512 samples), and the factor
     * this class's tail takes over them */
    const tail_table *tail_k16, *tail_k17;
    double tail_scale_k16, tail_scale_k17;
    /* bench_job_cost: 2 grids of each sampled minlex band (band 416 holds
     * one grid, timed twice) */
    rate_table grid_band_k16, grid_checker_k16;
    const char *origin_groups, *origin_grids;
} cpu_rates;

#define ORIGIN_GROUPS(cpu)                                                                                            \
    "per band-1 index, bench_bandscan's sampled groups on " cpu " (tests/bench/results/bench_bandscan.txt) plus the " \
    "group enumeration"
#define ORIGIN_GRIDS(cpu)                                                                                              \
    "per minlex band, bench_job_cost's grids of 13 sampled bands on " cpu " (tests/bench/results/bench_job_cost.txt)"

/* AVX-512, bench_bandscan --band1 399-416 (see the comment at the top). */
static const tail_table TAIL_K16 = {20,
    {
        /* 399 */ {6, 5, 5, 14, 2, 2, 4, 7, 2, 2, 3, 5, 2, 2, 4, 3, 4, 6, 2, 3},
        /* 400 */ {3, 2, 2, 2, 2, 2, 3, 2, 5, 3, 2, 2, 1, 1, 2, 2, 2, 2, 3, 3},
        /* 401 */ {7, 4, 5, 5, 5, 5, 2, 6, 4, 6, 6, 11, 4, 4, 2, 4, 4, 5, 7, 2},
        /* 402 */ {1, 2, 2, 2, 1, 4, 2, 2, 2, 3, 2, 2, 1, 1, 1, 2, 2, 3, 2, 2},
        /* 403 */ {3, 3, 3, 5, 2, 5, 3, 2, 2, 2, 3, 2, 2, 1, 1, 2, 2, 3, 10, 3},
        /* 404 */ {7, 5, 3, 1, 6, 5, 2, 5, 4, 1, 5, 2, 4, 2, 5, 3, 5, 8, 2, 4},
        /* 405 */ {19, 6, 2, 2, 3, 4, 2, 3, 6, 7, 4, 5, 3, 6, 5, 8, 5, 4, 4, 5},
        /* 406 */ {3, 2, 3, 2, 3, 3, 3, 2, 3, 3, 2, 3, 2, 2, 4, 2, 3, 2, 2, 6},
        /* 407 */ {6, 5, 7, 3, 2, 4, 3, 6, 1, 3, 2, 4, 3, 4, 3, 3, 2, 4, 2, 2},
        /* 408 */ {3, 2, 3, 4, 2, 1, 5, 2, 4, 8, 1, 1, 3, 2, 3, 1, 1, 2, 4, 3},
        /* 409 */ {3, 3, 2, 3, 2, 2, 2, 1, 1, 2, 2, 2, 1, 2, 1, 2, 3, 2, 4, 3},
        /* 410 */ {2, 2, 1, 2, 1, 2, 1, 2, 1, 3, 3, 3, 2, 3, 2, 1, 2, 2, 3, 2},
        /* 411 */ {1, 1, 2, 2, 2, 1, 1, 1, 1, 2, 2, 2, 1, 2, 2, 1, 2, 2, 2, 2},
        /* 412 */ {5, 2, 2, 2, 2, 1, 2, 1, 1, 1, 2, 2, 2, 1, 2, 2, 2, 2, 1, 1},
        /* 413 */ {2, 1, 1, 2, 4, 2, 2, 2, 2, 1, 1, 2, 2, 3, 5, 5, 2, 1, 5, 2},
        /* 414 */ {2, 4, 1, 1, 2, 2, 1, 2, 1, 4, 3, 2, 1, 1, 1, 2, 1, 1, 1, 2},
        /* 415 */ {3, 2, 2, 1, 1, 2, 3, 1, 1, 1, 2, 1, 3, 2, 3, 3, 1, 2, 3, 2},
        /* 416 */ {3, 1, 6, 2, 5, 4, 2, 3, 2, 2, 2, 2, 11, 6, 3, 2, 1, 5, 3, 3},
    }};
static const tail_table TAIL_K17 = {80,
    {
        /* 399 */ {34, 24, 32, 128, 16, 12, 29, 98, 16, 39, 24, 121, 21, 8, 93, 24, 31, 126, 12, 20,
                   50, 34, 29, 42, 64, 29, 93, 37, 44, 71, 52, 16, 63, 41, 143, 35, 27, 12, 162, 11,
                   45, 30, 71, 12, 14, 37, 377, 84, 41, 19, 33, 15, 17, 39, 52, 16, 67, 20, 76, 63,
                   10, 31, 25, 101, 18, 23, 37, 440, 145, 52, 84, 8, 18, 184, 18, 330, 18, 21, 14, 84},
        /* 400 */ {10, 6, 6, 26, 113, 5, 12, 40, 7, 36, 90, 31, 8, 26, 4, 113, 23, 23, 13, 11,
                   32, 40, 9, 21, 9, 47, 7, 86, 8, 17, 9, 12, 31, 27, 26, 16, 11, 9, 15, 9,
                   10, 182, 6, 28, 70, 33, 6, 8, 47, 9, 13, 15, 25, 61, 41, 22, 25, 48, 7, 9,
                   10, 7, 7, 11, 6, 4, 38, 5, 40, 36, 28, 7, 75, 41, 40, 9, 32, 15, 5, 26},
        /* 401 */ {69, 25, 18, 118, 148, 7, 24, 41, 17, 104, 78, 27, 25, 42, 23, 19, 16, 49, 34, 87,
                   62, 48, 14, 77, 106, 49, 89, 121, 79, 60, 111, 32, 115, 43, 19, 73, 90, 20, 33, 45,
                   45, 27, 46, 18, 20, 26, 53, 28, 20, 32, 73, 26, 52, 27, 168, 22, 135, 34, 66, 65,
                   40, 163, 30, 16, 26, 34, 25, 40, 73, 36, 48, 42, 40, 31, 21, 801, 43, 61, 11, 37},
        /* 402 */ {6, 12, 4, 31, 7, 11, 33, 7, 51, 5, 53, 8, 3, 7, 68, 18, 15, 14, 4, 11,
                   27, 22, 49, 13, 23, 8, 18, 5, 74, 25, 36, 6, 23, 27, 4, 5, 25, 7, 19, 3,
                   26, 3, 6, 9, 6, 5, 4, 31, 19, 9, 6, 47, 14, 8, 4, 43, 7, 7, 52, 67,
                   9, 35, 5, 6, 43, 13, 16, 36, 27, 27, 14, 38, 4, 7, 11, 14, 4, 22, 9, 19},
        /* 403 */ {8, 41, 35, 8, 14, 31, 9, 106, 6, 7, 18, 68, 83, 3, 13, 7, 6, 6, 11, 31,
                   10, 9, 28, 22, 34, 15, 9, 7, 11, 6, 10, 16, 10, 11, 5, 10, 11, 8, 7, 71,
                   25, 14, 26, 13, 18, 8, 9, 8, 5, 7, 27, 8, 63, 154, 5, 15, 31, 12, 9, 13,
                   17, 16, 10, 21, 29, 11, 16, 12, 21, 14, 8, 3, 8, 14, 13, 11, 31, 51, 15, 11},
        /* 404 */ {12, 80, 13, 9, 52, 55, 36, 6, 9, 20, 8, 10, 18, 4, 46, 8, 25, 128, 6, 61,
                   13, 7, 54, 17, 12, 15, 76, 10, 32, 45, 25, 51, 13, 17, 36, 12, 8, 7, 197, 4,
                   13, 23, 163, 199, 29, 35, 10, 25, 40, 11, 48, 11, 62, 25, 18, 75, 12, 20, 143, 32,
                   84, 16, 7, 6, 28, 10, 12, 18, 8, 9, 5, 26, 59, 31, 8, 8, 6, 23, 8, 16},
        /* 405 */ {23, 33, 55, 9, 34, 24, 71, 12, 114, 18, 20, 19, 110, 26, 156, 24, 148, 57, 34, 88,
                   150, 30, 32, 20, 28, 16, 89, 16, 25, 13, 35, 20, 23, 17, 37, 11, 35, 28, 68, 168,
                   36, 89, 40, 68, 23, 16, 42, 51, 29, 23, 174, 11, 84, 39, 28, 27, 38, 8, 96, 11,
                   135, 25, 71, 17, 40, 19, 18, 15, 26, 45, 30, 23, 12, 31, 54, 9, 34, 28, 17, 28},
        /* 406 */ {32, 6, 10, 10, 9, 26, 5, 9, 7, 10, 16, 8, 6, 143, 11, 12, 6, 8, 9, 7,
                   4, 52, 7, 10, 36, 10, 129, 14, 38, 8, 23, 35, 14, 24, 8, 11, 40, 12, 4, 12,
                   5, 13, 22, 19, 7, 29, 5, 11, 14, 10, 11, 11, 76, 6, 15, 5, 13, 7, 81, 8,
                   8, 51, 27, 10, 4, 44, 9, 6, 42, 4, 28, 5, 6, 31, 24, 5, 9, 12, 13, 16},
        /* 407 */ {29, 18, 24, 75, 13, 15, 26, 31, 23, 11, 21, 30, 10, 56, 23, 8, 28, 11, 18, 36,
                   37, 33, 19, 9, 38, 20, 13, 49, 15, 28, 32, 15, 30, 26, 52, 17, 25, 35, 9, 57,
                   41, 16, 46, 15, 24, 7, 21, 11, 18, 40, 18, 56, 41, 26, 31, 15, 11, 26, 16, 37,
                   202, 33, 19, 16, 9, 55, 76, 9, 73, 40, 29, 36, 22, 15, 13, 16, 30, 22, 124, 14},
        /* 408 */ {7, 18, 13, 12, 13, 51, 12, 31, 12, 37, 23, 5, 8, 6, 26, 17, 5, 11, 13, 6,
                   15, 14, 26, 36, 16, 9, 16, 31, 12, 10, 10, 22, 17, 11, 23, 6, 5, 29, 6, 6,
                   16, 20, 9, 10, 26, 8, 13, 29, 8, 23, 15, 12, 4, 61, 14, 76, 9, 9, 25, 14,
                   28, 6, 8, 13, 37, 22, 16, 6, 15, 23, 16, 6, 13, 19, 8, 8, 6, 30, 12, 6},
        /* 409 */ {16, 4, 16, 5, 9, 10, 9, 3, 4, 6, 14, 29, 13, 9, 11, 10, 32, 10, 18, 9,
                   9, 17, 15, 14, 16, 19, 13, 6, 45, 21, 21, 6, 8, 3, 8, 12, 7, 9, 6, 18,
                   9, 16, 21, 72, 7, 6, 9, 35, 17, 22, 10, 13, 29, 20, 12, 12, 17, 7, 6, 54,
                   5, 3, 27, 6, 4, 20, 29, 6, 43, 13, 39, 21, 9, 5, 5, 51, 5, 12, 8, 14},
        /* 410 */ {17, 11, 24, 10, 6, 9, 6, 5, 19, 8, 5, 14, 14, 20, 10, 7, 13, 25, 10, 6,
                   6, 84, 15, 5, 6, 6, 94, 8, 7, 8, 33, 5, 6, 25, 11, 14, 21, 21, 19, 5,
                   9, 6, 4, 5, 5, 50, 10, 5, 3, 6, 3, 8, 4, 5, 7, 9, 56, 3, 12, 12,
                   4, 17, 21, 17, 6, 5, 11, 3, 5, 8, 3, 11, 8, 4, 8, 11, 9, 11, 17, 4},
        /* 411 */ {7, 20, 12, 8, 6, 5, 4, 20, 27, 7, 20, 7, 8, 13, 8, 7, 5, 7, 17, 6,
                   6, 8, 6, 5, 6, 8, 15, 9, 5, 7, 15, 18, 6, 16, 4, 5, 55, 6, 30, 6,
                   4, 7, 13, 10, 3, 16, 11, 4, 13, 4, 14, 4, 4, 6, 6, 6, 4, 5, 7, 3,
                   5, 15, 3, 20, 4, 3, 3, 5, 18, 4, 4, 5, 4, 4, 3, 28, 3, 9, 4, 5},
        /* 412 */ {19, 3, 7, 4, 4, 3, 14, 5, 11, 5, 5, 4, 10, 11, 15, 3, 3, 4, 4, 2,
                   3, 6, 4, 7, 4, 3, 7, 3, 9, 3, 6, 6, 12, 18, 11, 5, 5, 5, 4, 21,
                   10, 3, 13, 3, 6, 3, 4, 5, 4, 4, 2, 4, 3, 3, 3, 3, 3, 3, 8, 2,
                   9, 5, 3, 3, 4, 5, 15, 5, 2, 6, 8, 2, 5, 5, 3, 4, 5, 8, 3, 3},
        /* 413 */ {5, 5, 5, 4, 5, 5, 9, 5, 5, 9, 6, 5, 4, 5, 5, 5, 4, 5, 6, 8,
                   5, 5, 5, 6, 5, 6, 8, 4, 5, 5, 5, 8, 5, 8, 5, 5, 5, 6, 5, 6,
                   4, 3, 4, 7, 6, 4, 4, 3, 3, 4, 5, 3, 4, 6, 3, 4, 3, 4, 6, 4,
                   3, 4, 3, 4, 3, 4, 4, 3, 4, 6, 3, 4, 3, 4, 6, 6, 3, 4, 3, 4},
        /* 414 */ {9, 4, 7, 9, 4, 11, 4, 14, 4, 11, 4, 5, 5, 7, 13, 4, 5, 9, 6, 5,
                   4, 7, 7, 5, 3, 4, 4, 9, 6, 4, 5, 4, 3, 46, 3, 11, 10, 5, 10, 39,
                   3, 4, 4, 3, 3, 3, 4, 3, 3, 5, 3, 18, 3, 2, 5, 3, 3, 5, 15, 14,
                   7, 4, 3, 3, 3, 3, 12, 3, 3, 3, 2, 4, 4, 3, 5, 5, 9, 3, 3, 2},
        /* 415 */ {6, 12, 47, 32, 7, 15, 6, 8, 55, 4, 5, 5, 13, 5, 22, 7, 66, 47, 8, 12,
                   5, 7, 12, 3, 15, 18, 7, 3, 4, 10, 19, 5, 8, 70, 11, 111, 17, 48, 14, 4,
                   4, 4, 8, 18, 8, 3, 6, 37, 10, 4, 10, 5, 3, 6, 15, 21, 6, 10, 9, 5,
                   11, 25, 4, 13, 4, 3, 37, 50, 9, 9, 10, 13, 4, 6, 83, 4, 8, 20, 7, 5},
        /* 416 */ {31, 25, 21, 17, 89, 17, 12, 53, 57, 8, 28, 23, 14, 302, 48, 7, 343, 11, 10, 9,
                   15, 22, 10, 17, 14, 20, 16, 15, 16, 89, 7, 26, 142, 41, 10, 43, 10, 5, 13, 20,
                   22, 58, 21, 229, 64, 89, 25, 62, 20, 8, 42, 148, 94, 13, 21, 26, 17, 43, 13, 91,
                   18, 21, 22, 21, 27, 9, 24, 24, 19, 9, 13, 28, 24, 11, 28, 14, 13, 13, 93, 44},
    }};

static const cpu_rates RATES[JOB_COST_CPUS] = {
    [JOB_COST_AVX512] =
        {
            .group_k16 = {2,
                  {
                      {2, 2}, {2, 5}, {3, 2}, {1, 1}, {8, 4}, {8, 1}, {7, 4}, {2, 3}, {3, 4}, {14, 5}, {3, 7},
                      {16, 8}, {5, 2}}},
            .group_k17 = {10,
                  {
                      {50, 80, 137, 92, 178, 20, 26, 18, 122, 45},
                      {105, 31, 385, 33, 90, 22, 42, 89, 193, 17},
                      {583, 84, 640, 144, 130, 156, 215, 121, 393, 532},
                      {54, 36, 33, 10, 39, 47, 8, 18, 60, 11},
                      {70, 296, 12, 45, 219, 111, 111, 176, 115, 372},
                      {211, 74, 77, 37, 324, 131, 68, 146, 70, 85},
                      {28, 704, 12, 462, 105, 66, 213, 57, 12, 618},
                      {27, 61, 65, 98, 267, 95, 39, 64, 10, 45},
                      {12, 85, 27, 66, 21, 23, 27, 14, 74, 40},
                      {25, 85, 180, 149, 166, 205, 249, 794, 312, 145},
                      {86, 83, 9, 122, 10, 27, 90, 35, 110, 99},
                      {76, 15, 27, 25, 124, 76, 103, 20, 71, 28},
                      {71, 13, 12, 21, 128, 55, 9, 40, 6, 67}}},
            .grid_band_k16 = {2,
                  {
                      {8, 3}, {5, 5}, {9, 7}, {10, 3}, {13, 9}, {20, 10}, {11, 19}, {14, 14}, {28, 21},
                      {15, 41}, {46, 18}, {53, 28}, {5, 3}}},
            .grid_checker_k16 = {2,
                  {
                      {8, 4}, {24, 14}, {125, 42}, {118, 6}, {347, 136}, {578, 112}, {87, 380}, {463, 250},
                      {1085, 724}, {213, 1808}, {2126, 701}, {2851, 1040}, {143, 134}}},
            .tail_k16 = &TAIL_K16,
            .tail_k17 = &TAIL_K17,
            .tail_scale_k16 = 1,
            .tail_scale_k17 = 1,
            .origin_groups = ORIGIN_GROUPS("an AVX-512 CPU"),
            .origin_grids = ORIGIN_GRIDS("an AVX-512 CPU")},
    [JOB_COST_AVX2] =
        {
            .group_k16 = {2,
                  {
                      {4, 5}, {7, 11}, {6, 7}, {5, 6}, {16, 15}, {18, 5}, {18, 10}, {8, 7}, {9, 11}, {43, 12},
                      {11, 22}, {47, 27}, {31, 14}}},
            .group_k17 = {10,
                  {
                      {120, 198, 312, 200, 462, 35, 44, 31, 260, 100},
                      {223, 67, 776, 75, 187, 40, 87, 157, 353, 28},
                      {1064, 174, 1351, 334, 296, 345, 428, 259, 744, 1056},
                      {116, 78, 69, 23, 68, 83, 14, 42, 103, 18},
                      {132, 612, 32, 96, 426, 237, 226, 333, 234, 830},
                      {424, 156, 162, 80, 629, 248, 149, 262, 116, 171},
                      {48, 1196, 21, 959, 238, 113, 378, 118, 20, 1120},
                      {55, 129, 106, 155, 462, 192, 68, 101, 20, 70},
                      {27, 200, 58, 134, 47, 55, 63, 33, 142, 84},
                      {45, 142, 324, 302, 356, 400, 527, 1446, 516, 257},
                      {142, 146, 13, 208, 14, 42, 134, 61, 202, 171},
                      {162, 35, 73, 58, 272, 162, 186, 30, 132, 50},
                      {145, 33, 29, 45, 310, 104, 17, 89, 10, 112}}},
            .grid_band_k16 = {2,
                  {
                      {10, 5}, {8, 8}, {13, 12}, {20, 5}, {23, 14}, {27, 15}, {15, 30}, {19, 19}, {48, 34},
                      {22, 66}, {70, 28}, {79, 40}, {6, 7}}},
            .grid_checker_k16 = {2,
                  {
                      {11, 7}, {36, 23}, {207, 66}, {187, 9}, {535, 190}, {824, 158}, {124, 559}, {656, 376},
                      {1711, 1076}, {339, 2812}, {3098, 1066}, {4339, 1470}, {197, 195}}},
            .tail_k16 = &TAIL_K16,
            .tail_k17 = &TAIL_K17,
            .tail_scale_k16 = 29380.0 / 10660, /* the two classes' projections of the catalogue */
            .tail_scale_k17 = 763400.0 / 387000,
            .origin_groups = ORIGIN_GROUPS("an AVX2 CPU without AVX-512"),
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
 * lower one on a tie). With a tail (NULL: none), the sampled bands are the
 * strata below TAIL_FIRST and every tail band, whose mean is scaled by
 * scale (the strata at or above TAIL_FIRST are not used). */
static uint64_t rate_of(const rate_table *t, const tail_table *tail, double scale, int band)
{
    const int first_tail = tail ? TAIL_FIRST : 417;
    size_t best = 0;
    for (size_t i = 1; i < NSTRATA && SAMPLED_BAND[i] < first_tail; i++)
        if (abs(SAMPLED_BAND[i] - band) < abs(SAMPLED_BAND[best] - band)) best = i;
    uint64_t sum = 0;
    if (band >= first_tail || first_tail - band < abs(SAMPLED_BAND[best] - band)) { /* a tail band is nearest */
        const int *cs = tail->cs[(band > first_tail ? band : first_tail) - first_tail];
        for (int k = 0; k < tail->n; k++) sum += (uint64_t)cs[k];
        return (uint64_t)((double)sum * 10000 / tail->n * scale + 0.5);
    }
    for (int k = 0; k < t->n; k++) sum += (uint64_t)t->cs[best][k];
    return sum * 10000 / (uint64_t)t->n; /* the mean in hundredths of s, in us */
}

uint64_t job_cost_bandpair_usec(int K, int band, job_cost_cpu cpu)
{
    const cpu_rates *r = &RATES[cpu];
    if (band < 1 || band > 416) return 0;
    if (K == 16) return rate_of(&r->group_k16, r->tail_k16, r->tail_scale_k16, band) + ENUMERATION_USEC;
    if (K == 17) return rate_of(&r->group_k17, r->tail_k17, r->tail_scale_k17, band) + ENUMERATION_USEC;
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
        if (st == MC_OK && n) add_segment(c, j, at, at + n - 1, rate_of(t, NULL, 1, b));
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
