/* test_numtext — whole numbers and ranges in text.
 *
 * Oracles: hand-written spellings (good and bad; ints with bounds; decimals
 * with a bound), and printf: every number
 * printed with %llu must parse back to itself (seeded random numbers over
 * all bit lengths; a failure prints the seed).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "numtext.h"
#include "prng.h"

static void test_numbers(void **state)
{
    (void)state;
    uint64_t v = 99;
    assert_true(numtext_u64("0", &v));
    assert_int_equal(v, 0);
    assert_true(numtext_u64("007", &v));
    assert_int_equal(v, 7);
    assert_true(numtext_u64("18446744073709551615", &v));
    assert_true(v == UINT64_MAX);
    static const char *const bad[] = {"", "-1", "+1", " 1", "1 ", "1a", "0x10", "1.0", "1e3", "1,000",
                                      "18446744073709551616", "99999999999999999999", "-"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        v = 42;
        if (numtext_u64(bad[i], &v)) fail_msg("'%s' parsed as %llu", bad[i], (unsigned long long)v);
    }
}

static void test_ranges(void **state)
{
    (void)state;
    uint64_t lo = 0, hi = 0;
    assert_true(numtext_range("5", &lo, &hi));
    assert_true(lo == 5 && hi == 5);
    assert_true(numtext_range("1-40", &lo, &hi));
    assert_true(lo == 1 && hi == 40);
    assert_true(numtext_range("7-7", &lo, &hi));
    assert_true(lo == 7 && hi == 7);
    assert_true(numtext_range("0-18446744073709551615", &lo, &hi));
    assert_true(lo == 0 && hi == UINT64_MAX);
    static const char *const bad[] = {"", "3-2", "1-", "-2", "1--2", "a-b", "1-2-3", "1 - 2", "1-18446744073709551616",
                                      "-"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        if (numtext_range(bad[i], &lo, &hi)) fail_msg("'%s' parsed as %llu-%llu", bad[i], (unsigned long long)lo,
                                                      (unsigned long long)hi);
}

static void test_ints(void **state)
{
    (void)state;
    int v = 0;
    assert_true(numtext_int("16", 1, 16, &v));
    assert_int_equal(v, 16);
    assert_false(numtext_int("17", 1, 16, &v));
    assert_false(numtext_int("0", 1, 16, &v));
    assert_false(numtext_int("-1", 0, 16, &v)); /* -1 only where it means "the default" */
    assert_true(numtext_int("-1", -1, 16, &v));
    assert_int_equal(v, -1);
    assert_false(numtext_int("-2", -1, 16, &v));
    assert_true(numtext_int("2147483647", 0, 2147483647, &v));
    assert_int_equal(v, 2147483647);
    assert_false(numtext_int("2147483648", 0, 2147483647, &v));
    assert_false(numtext_int("4294967297", 0, 2147483647, &v));
}

/* Seconds as a journal line writes them (%.3f): plain decimals up to a
 * bound; every other spelling strtod takes (inf, nan, exponents, hex
 * floats, signs) is refused, so a value read is always finite. */
static void test_decimals(void **state)
{
    (void)state;
    double v = -1;
    assert_true(numtext_decimal("0", 1e9, &v));
    assert_true(v == 0);
    assert_true(numtext_decimal("12.250", 1e9, &v));
    assert_true(v == 12.25);
    assert_true(numtext_decimal("1000000000", 1e9, &v));
    assert_true(v == 1e9);
    static const char *const bad[] = {"", ".5", "5.", "-1", "+1", " 1", "1 ", "inf", "INF", "infinity", "nan",
                                      "1e3", "1E3", "1e308", "0x1p10", "0x10", "1.0.0", "1,5", "1000000000.001",
                                      "99999999999999999999999", "-0"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        v = 42;
        if (numtext_decimal(bad[i], 1e9, &v)) fail_msg("'%s' parsed as %g", bad[i], v);
        assert_true(v == 42);
    }
}

static void test_printf_round_trip(void **state)
{
    (void)state;
    const uint64_t seed = 20261123;
    prng r;
    prng_seed(&r, seed);
    char buf[64];
    for (int i = 0; i < 20000; i++) {
        int bits = i % 64 + 1;
        uint64_t x = prng_next(&r) >> (64 - bits), y = ~x, a, b;
        snprintf(buf, sizeof buf, "%llu", (unsigned long long)x);
        if (!numtext_u64(buf, &y) || y != x) fail_msg("seed %llu: '%s' read as %llu", (unsigned long long)seed, buf,
                                                     (unsigned long long)y);
        uint64_t z = x + (prng_next(&r) >> (64 - bits / 2 - 1));
        if (z < x) continue; /* overflow: not a range */
        snprintf(buf, sizeof buf, "%llu-%llu", (unsigned long long)x, (unsigned long long)z);
        if (!numtext_range(buf, &a, &b) || a != x || b != z)
            fail_msg("seed %llu: range '%s' misread", (unsigned long long)seed, buf);
        if (z > x) {
            snprintf(buf, sizeof buf, "%llu-%llu", (unsigned long long)z, (unsigned long long)x);
            if (numtext_range(buf, &a, &b)) fail_msg("seed %llu: '%s' accepted", (unsigned long long)seed, buf);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_numbers),
        cmocka_unit_test(test_ranges),
        cmocka_unit_test(test_ints),
        cmocka_unit_test(test_decimals),
        cmocka_unit_test(test_printf_round_trip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
