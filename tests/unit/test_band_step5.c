/* test_band_step5 — the fast step 5 against its slow twin
 * (band_step5_twin.h) on 4 covering groups, K = 17 with band 3 >= 7 clues
 * (pass 1 of the case split; about 15 s). The 6/6/5 case is in
 * test_band_step5_slow.
 *
 * ctest-labels: unit
 * ctest-timeout: 900
 */
#include "band_step5_twin.h"

static void test_pass1(void **state)
{
    (void)state;
    assert_true(step5_sample(5, 4, 17, 7, STEP5_TWIN_BAND3, step5_any) > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_pass1)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
