/* test_band_given_slow_a — the positive control of the K = 16 path at
 * length (given_slow.h; test_band_given is the default suite's share):
 * 500 grid cases (seed 1001) and 5 checker cases,
 * one clue of each drawn 17-clue puzzle as given, each reported exactly.
 * With test_band_given_slow_b it makes 1,000 grid cases, 40 group cases
 * and 10 checker cases (about 3 s per grid case, 8 s per group case and
 * 55 s per checker case of CPU).
 *
 * ctest-labels: slow
 * ctest-timeout: 14400
 */
#define GRID_CASES 500
#define GRID_SEED 1001
#define CHECKER_CASES 5
#define GROUP_CASES 0
#include "given_slow.h"
