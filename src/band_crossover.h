/* band_crossover — which engine a 9x9 search gets when none is named.
 *
 * The band engine beats the checker on 9x9 grids at K = 16 and 17, where a
 * grid has few or no puzzles and the checker's hitting-set search is long;
 * above that its tables and X x Y pairs grow with K while the checker finds
 * puzzles at once (they get dense: K = 21 --first took the checker 0.01-0.17
 * s per grid; the band engine more than 20 s on the catalogue's first grid,
 * 78 s in an earlier trial, and on the others it hit the 20 s limit at
 * K = 18 already). The crossover was measured
 * by `bench_band --crossover` (tests/bench/results/bench_band.txt: both
 * engines, K = 16-22, 24, 27, with and without --first, on 4 grids, each run
 * bounded by a CPU limit of 20 s): BAND_CROSSOVER_MAX_K is the largest K up
 * to which the band engine's CPU time summed over those grids was the
 * smaller at every K, with all its runs finished, in both modes (K = 16:
 * 1.2-1.5 s against 6.8-7.6 s; K = 17: 14-17 s against 27 s and more than
 * 35 s). At K = 18 neither engine finished within the limit on 3 of the 4
 * grids: a tie, which goes to the checker.
 *
 * The rule: a 9x9 grid with K from 1 to BAND_CROSSOVER_MAX_K and no checker
 * option (ua_max_size, ua_limit, max_degree: the band engine takes none)
 * gets the band engine; everything else the checker. `search` without
 * --engine and jobs without an `engine` key (job_engine_default) apply it;
 * an engine named by the user is always obeyed.
 */
#ifndef MC_BAND_CROSSOVER_H
#define MC_BAND_CROSSOVER_H

#include <stdbool.h>

#define BAND_CROSSOVER_MAX_K 17

/* True when a search of K clues on grids of R x C boxes without a named
 * engine goes to the band engine (checker_options: a checker-only option
 * was given). */
bool band_crossover_use_band(int R, int C, int K, bool checker_options);

#endif
