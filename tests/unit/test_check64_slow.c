/* test_check64_slow — check64 against the checker on the whole fixed
 * sample of 2000 ES 8x8 grids (tests/data/es8x8-sample.txt, seed 8).
 *
 * ctest-labels: slow golden
 * ctest-timeout: 36000
 *
 * K = 13: neither finds a puzzle on any of the 2000 grids (the minimum is
 * 14); K = 14: the same lists on the first 300, and on every grid of
 * tests/data/es8x8-k14.txt the same lists holding the 14-clue puzzles the
 * file gives; the 64-bit core against the checker at K = 13 on the first
 * 500.
 */
#include "check64_cross.h"

static void test_k13_all(void **state)
{
    (void)state;
    assert_int_equal(cross_8x8(0, 2000, 13, CHECK64_CORE_HITSET), 0);
}

static void test_k14(void **state)
{
    (void)state;
    uint64_t n = cross_8x8(0, 300, 14, CHECK64_CORE_HITSET);
    fprintf(stderr, "K = 14 on 300 grids: %llu puzzles\n", (unsigned long long)n);
}

static void test_k14_file(void **state)
{
    (void)state;
    int ngrids, expected;
    uint64_t n = cross_8x8_expected(MC_TEST_DATA "/es8x8-k14.txt", 0, -1, 14, CHECK64_CORE_HITSET, &ngrids,
                                    &expected);
    assert_true(ngrids >= 50);
    assert_true(expected >= ngrids);
    assert_true(n >= (uint64_t)expected);
}

static void test_bits_core(void **state)
{
    (void)state;
    assert_int_equal(cross_8x8(0, 500, 13, CHECK64_CORE_BITS), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_k13_all), cmocka_unit_test(test_k14),
                                       cmocka_unit_test(test_k14_file),
                                       cmocka_unit_test(test_bits_core)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
