/* test_bandscan_control — the positive control of a band-pair scan
 * (bandscan_control.h), default-suite size.
 *
 * ctest-labels: unit
 * ctest-timeout: 900
 *
 * Group rank 5928436 (band 1 index 6, local rank 681): the two known
 * 17-clue puzzles it covers, exactly, at K = 17 (about 40 s); nothing at
 * K = 16 on the five groups 5928436-5928440. The ranges are from
 * tests/data/README (small ranges holding known 17s).
 */
#include "bandscan_control.h"

static void test_k17(void **state)
{
    (void)state;
    assert_int_equal(bsc_run(5928436, 5928436, 17), 2);
}

static void test_k16(void **state)
{
    (void)state;
    assert_int_equal(bsc_run(5928436, 5928440, 16), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_k16), cmocka_unit_test(test_k17)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
