/* test_band_cross_c — part 3 of 3 of the default-suite cross-check: the
 * band engine and the checker against the complete list and each other on
 * 10 grids (band_cross.h).
 *
 * ctest-labels: unit golden
 * ctest-timeout: 1200
 */
#include "band_cross.h"

static void test_part(void **state)
{
    (void)state;
    cross_part(2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_part)};
    return cmocka_run_group_tests(tests, ctrl_setup, ctrl_teardown);
}
