/* test_band_item_bound — group mode's step 3c (a pair that the band-3
 * bound cuts in every item dropped before step 4) against its slow twin,
 * band_options.item_bound_plain (band_step5_twin.h): the same band-3
 * search, the same puzzles, and fewer pairs through step 4, on covering
 * groups of the 17-clue list at K = 17 (band 3 >= 7 clues: pass 1 of the
 * case split) and at K = 16. The K = 16 positive controls in group mode
 * (test_band_given) and tests/mutate/run (itembound16) check the rule
 * against lost puzzles from the other side. Step 5 passing over the items
 * step 3c cut (the lanes kept per pair) is checked against its fallback,
 * every item tested once the lanes would pass band_options.qlive_max:
 * the same counters and puzzles (mutation qlive16 from the other side).
 *
 * ctest-labels: unit
 * ctest-timeout: 900
 */
#include "band_step5_twin.h"

static void test_k17_pass1(void **state)
{
    (void)state;
    step5_run r;
    step5_sample_into(31, 4, 17, 7, STEP5_TWIN_ITEM_BOUND, step5_any, &r);
    print_message("K = 17: %d puzzles, step 4 passes %llu with step 3c, %llu without\n", r.puzzles,
                  (unsigned long long)r.passes_fast, (unsigned long long)r.passes_slow);
    assert_true(r.puzzles > 0);
    assert_true(r.passes_fast < r.passes_slow);
}

static void test_k16(void **state)
{
    (void)state;
    step5_run r;
    step5_sample_into(32, 3, 16, 0, STEP5_TWIN_ITEM_BOUND, step5_any, &r);
    print_message("K = 16: step 4 passes %llu with step 3c, %llu without\n", (unsigned long long)r.passes_fast,
                  (unsigned long long)r.passes_slow);
    assert_int_equal(r.puzzles, 0); /* no 16-clue puzzle exists */
    assert_true(r.passes_fast < r.passes_slow);
}

static void test_qlive_fallback(void **state)
{
    (void)state;
    step5_run r;
    step5_sample_into(33, 3, 17, 7, STEP5_TWIN_QLIVE, step5_any, &r);
    print_message("K = 17, pass 1: %d puzzles with and without the lanes kept\n", r.puzzles);
    assert_true(r.puzzles > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_k17_pass1), cmocka_unit_test(test_k16),
                                       cmocka_unit_test(test_qlive_fallback)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
