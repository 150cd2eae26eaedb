/* check64_crossover — which engine a search of 4x4, 6x6 or 8x8 grids gets
 * when none is named.
 *
 * check64 (check64.h) and the checker (checker.h) list the same puzzles;
 * check64 reads its initial UAs off the digit templates and holds a cell
 * set in one uint64_t, the checker finds UAs by size and holds 81-bit sets.
 * Measured by bench_check64_cross (tests/bench/results/bench_check64_cross.txt:
 * both engines on the same grids for each K, CPU seconds per grid, the
 * puzzles equal):
 *
 *     shape  K       check64 s/grid  checker s/grid  faster
 *     8x8    8-13    0.0023-0.0033   0.013-0.015     check64, 4.5-5.9 times
 *            14      0.019           0.043           check64, 2.3 times
 *            15      0.23            0.80            check64, 3.5 times
 *            16, 17  5.2, 64         5.4, 68         check64, 1.04-1.05 times
 *     6x6    5-7     0.0001-0.0003   0.004           check64, 14-33 times
 *            8, 9    0.0067, 0.26    0.0081, 0.27    check64, 1.2 and 1.04 times
 *            10      2.2             1.5             checker, 1.5 times
 *     4x4    3       0.00004         0.00009         check64
 *            4-8     0.0005-0.0024   0.0003-0.0013   checker, 1.1-1.9 times
 *
 * (20 sample 8x8 grids, fewer where a K passed 12 CPU s: K = 16 5, K = 17
 * one; the 49 ES 6x6 grids, K = 9 31, K = 10 4; all 288 4x4 grids.) Below
 * the K measured a grid has no puzzle and both engines do as at the
 * smallest; 8x8 above K = 17 was not measured (over a minute a grid) and
 * stays with the checker.
 *
 * The rule: grids of R x C boxes and K in the shape's range below, with no
 * checker option (ua_max_size, ua_limit, max_degree, and no learn off:
 * check64 takes none), get check64; everything else the checker (or the
 * band engine on 9x9: band_crossover.h, asked first). `search` without
 * --engine, `minimum --estimate` and jobs without an `engine` key
 * (job_engine_default) apply it; an engine named by the user is always
 * obeyed.
 */
#ifndef MC_CHECK64_CROSSOVER_H
#define MC_CHECK64_CROSSOVER_H

#include <stdbool.h>

/* check64 for K from 1 to these, per shape */
#define CHECK64_CROSSOVER_8X8_MAX_K 17
#define CHECK64_CROSSOVER_6X6_MAX_K 9
#define CHECK64_CROSSOVER_4X4_MAX_K 3

/* True when a search of K clues on grids of R x C boxes without a named
 * engine goes to check64 (checker_options: a checker-only option was
 * given, or learning turned off). */
bool check64_crossover_use(int R, int C, int K, bool checker_options);

#endif
