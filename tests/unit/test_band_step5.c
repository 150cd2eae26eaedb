/* test_band_step5 — the fast step 5 against its slow twin
 * (band_step5_twin.h) on 4 covering groups, K = 17 with band 3 >= 7 clues
 * (pass 1 of the case split; about 15 s). The 6/6/5 case is in
 * test_band_step5_slow. And step 6's learning: the UAs of second
 * solutions minimized against the differences as they are
 * (STEP5_TWIN_LEARN) on 2 other groups: the same puzzles, and the
 * minimized ones must save final checks (a minimization that does
 * nothing fails; one that drops a cell it needs stops the run on the
 * invariant of band_engine.h).
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

static void test_learn_minimized(void **state)
{
    (void)state;
    step5_run r;
    step5_sample_into(13, 2, 17, 7, STEP5_TWIN_LEARN, step5_any, &r);
    print_message("final checks: %llu with minimized UAs, %llu with the differences\n",
                  (unsigned long long)r.checks_fast, (unsigned long long)r.checks_slow);
    assert_true(r.puzzles > 0);
    assert_true(r.checks_fast < r.checks_slow);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_pass1), cmocka_unit_test(test_learn_minimized)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
