/* test_band_cross_a — half 1 of the band engine's default-suite cross-check
 * against the complete list (band_cross.h).
 *
 * ctest-labels: unit
 * ctest-timeout: 1200
 */
#include "band_cross.h"

static void test_half(void **state)
{
    (void)state;
    cross_half(0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_half)};
    return cmocka_run_group_tests(tests, ctrl_setup, ctrl_teardown);
}
