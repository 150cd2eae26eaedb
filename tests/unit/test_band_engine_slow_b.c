/* test_band_engine_slow_b — both engines against the complete list, K = 17
 * and 16, on grids 151-300 of tests/data/seventeen-grids.txt
 * (band_engine_slow.h; test_band_engine_slow takes 1-150).
 *
 * ctest-labels: slow
 * ctest-timeout: 36000
 * ctest-args: 151-300
 */
#include "band_engine_slow.h"

int main(int argc, char **argv) { return slow_main(argc, argv); }
