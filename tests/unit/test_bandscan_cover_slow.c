/* test_bandscan_cover_slow — test_bandscan_cover on 200 covering groups
 * drawn with another seed (bandscan_control.h, bsc_cover_sample).
 *
 * ctest-labels: slow
 * ctest-timeout: 28800
 */
#include "bandscan_control.h"

static void test_sample(void **state)
{
    (void)state;
    assert_true(bsc_cover_sample(20261126, 200, 0) >= 200);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_sample)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
