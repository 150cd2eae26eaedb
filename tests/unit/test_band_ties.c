/* test_band_ties — group mode's strictness from the cover order
 * (bandpair_tie_rivals: band 3 tied with band 1 or 2 is searched only in
 * an item that can cover the tie) against its slow twin,
 * band_options.ties_plain (band_step5_twin.h), on 4 covering groups of
 * known 17s whose band 3 ties with band 1 or 2 at 7 clues (7/7/3: 56 of
 * the 49,158), K = 17 with band 3 >= 7 (a few seconds). Both must report
 * the same puzzles, at least one. The 6/6/5 case (12,499 of the 17s, where
 * every puzzle ties) is in test_band_ties_slow.
 *
 * ctest-labels: unit
 * ctest-timeout: 900
 */
#include "band_step5_twin.h"

static bool tie7(const cov17 *r) { return step5_tie_at(r, 7); }

static void test_ties_pass1(void **state)
{
    (void)state;
    assert_true(step5_sample(7, 4, 17, 7, STEP5_TWIN_TIES, tie7) > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_ties_pass1)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
