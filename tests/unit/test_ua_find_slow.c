/* test_ua_find_slow — test_ua_find's agreement check on 2,000 held-out
 * grids (the same source, compiled with the slow count).
 *
 * ctest-labels: slow
 * ctest-timeout: 3600
 * ctest-args: --slow
 */
#include "test_ua_find.c"
