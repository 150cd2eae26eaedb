/* test_band_step5_slow — the fast step 5 against its slow twin
 * (band_step5_twin.h) with band 3 >= 6 clues (the 6/6/5 case included),
 * K = 17, on 3 covering groups (about 50 s a group).
 *
 * ctest-labels: slow
 * ctest-timeout: 3600
 */
#include "band_step5_twin.h"

static void test_six(void **state)
{
    (void)state;
    assert_true(step5_sample(20261125, 3, 17, 6, STEP5_TWIN_BAND3, step5_any) > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_six)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
