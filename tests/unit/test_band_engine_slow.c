/* test_band_engine_slow — both engines against the complete list, K = 17
 * and 16, on grids 1-150 of tests/data/seventeen-grids.txt
 * (band_engine_slow.h; test_band_engine_slow_b takes 151-300).
 *
 * ctest-labels: slow
 * ctest-timeout: 36000
 * ctest-args: 1-150
 */
#include "band_engine_slow.h"

int main(int argc, char **argv) { return slow_main(argc, argv); }
