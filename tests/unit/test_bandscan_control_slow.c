/* test_bandscan_control_slow — the positive control of a band-pair scan
 * (bandscan_control.h) on larger ranges.
 *
 * ctest-labels: slow
 * ctest-timeout: 14400
 *
 * K = 17, exactly the known 17s covered:
 * - group rank 15661534 (band 1 index 10): the densest group, 21 known 17s;
 * - ranks 5928436-5928440 (band 1 index 6): 2 known 17s in 5 groups;
 * - ranks 30077246-30077250 (band 1 index 18): 1 known 17;
 * K = 16 on the same ranges: nothing.
 */
#include "bandscan_control.h"

static void test_dense(void **state)
{
    (void)state;
    assert_int_equal(bsc_run(15661534, 15661534, 17), 21);
    assert_int_equal(bsc_run(15661534, 15661534, 16), 0);
}

static void test_ranges(void **state)
{
    (void)state;
    assert_int_equal(bsc_run(5928436, 5928440, 17), 2);
    assert_int_equal(bsc_run(30077246, 30077250, 17), 1);
    assert_int_equal(bsc_run(30077246, 30077250, 16), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_dense), cmocka_unit_test(test_ranges)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
