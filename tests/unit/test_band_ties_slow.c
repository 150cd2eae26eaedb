/* test_band_ties_slow — test_band_ties on the 6/6/5 case: 3 covering
 * groups of known 17s with 6 clues in band 3 and in band 1 or 2 (every
 * 6/6/5 puzzle ties), K = 17 with band 3 >= 6, the items' strictness from
 * the cover order against band_options.ties_plain (band_step5_twin.h).
 *
 * ctest-labels: slow
 * ctest-timeout: 3600
 */
#include "band_step5_twin.h"

static bool tie6(const cov17 *r) { return step5_tie_at(r, 6); }

static void test_ties_six(void **state)
{
    (void)state;
    assert_true(step5_sample(665, 3, 17, 6, STEP5_TWIN_TIES, tie6) > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_ties_six)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
