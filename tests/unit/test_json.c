/* test_json — the strict reader: good documents parse to the values they
 * hold (escapes, surrogate pairs, numbers, nesting); each kind of bad text
 * fails with its line and column (trailing data, a key twice, bad escapes,
 * control characters, bad UTF-8, bad numbers, too deep, truncation at every
 * length of a good document); json_same names the first difference, a
 * missing and an unknown key, and compares numbers exactly (counts as
 * integers, other numbers as exact decimals, none through a double).
 * ctest-labels: unit
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"

static json_value *parse_ok(const char *text)
{
    json_value *v;
    mc_error err;
    if (json_parse(text, strlen(text), "t.json", &v, &err) != MC_OK) fail_msg("%s: %s", text, err.msg);
    return v;
}

static void parse_bad(const char *text, size_t len, const char *where_what)
{
    json_value *v;
    mc_error err;
    mc_status st = json_parse(text, len, "t.json", &v, &err);
    if (st != MC_EFORMAT) fail_msg("'%.*s' parsed (status %d)", (int)len, text, st);
    assert_null(v);
    if (where_what && !strstr(err.msg, where_what)) fail_msg("'%.*s': %s", (int)len, text, err.msg);
}

static void test_good(void **state)
{
    (void)state;
    json_value *v = parse_ok(" {\"a\": [1, -2.5e3, 0, true, false, null], \"b\": \"x\\\"\\\\\\/\\n\\u00e9\\ud83d\\ude00\","
                             " \"c\": {}, \"d\": []}\n");
    assert_int_equal(v->type, JSON_OBJECT);
    assert_int_equal(v->n, 4);
    const json_value *a = json_get(v, "a");
    assert_int_equal(a->type, JSON_ARRAY);
    assert_int_equal(a->n, 6);
    assert_string_equal(a->item[1].text, "-2.5e3");
    assert_int_equal(a->item[3].type, JSON_TRUE);
    assert_int_equal(a->item[5].type, JSON_NULL);
    assert_string_equal(json_get_string(v, "b"), "x\"\\/\n\xc3\xa9\xf0\x9f\x98\x80");
    assert_int_equal(json_get(v, "c")->n, 0);
    assert_null(json_get(v, "e"));
    assert_null(json_get_string(v, "a"));
    json_free(v);
    v = parse_ok("\"\xe2\x82\xac\"");
    assert_string_equal(v->text, "\xe2\x82\xac");
    json_free(v);
}

static void test_bad(void **state)
{
    (void)state;
    static const struct {
        const char *text, *msg;
    } cases[] = {
        {"{\"a\": 1} x", "t.json:1:10: more text after the JSON value"},
        {"{\"a\": 1}\n{}", "t.json:2:1: more text"},
        {"{\"a\": 1,\n \"b\": 2, \"a\": 3}", "t.json:1:1: the key \"a\" twice"},
        {"[{\"k\": 1, \"k\": 1}]", "t.json:1:2: the key \"k\" twice"},
        {"\"\\x\"", "bad escape"},
        {"\"\\u12g4\"", "bad \\u escape"},
        {"\"\\ud83d\"", "lone high surrogate"},
        {"\"\\ude00\"", "lone low surrogate"},
        {"\"\\u0000\"", "\\u0000"},
        {"\"a\tb\"", "control character"},
        {"\"\xc3\"", "not valid UTF-8"},
        {"\"\xc0\xaf\"", "not valid UTF-8"},
        {"\"\xed\xa0\x80\"", "not valid UTF-8"},
        {"01", "more text"},
        {"-", "bad number"},
        {"1.", "bad number"},
        {"1e", "bad number"},
        {".5", "not a JSON value"},
        {"{\"a\" 1}", "':' expected"},
        {"{1: 2}", "a key (a string) expected"},
        {"[1 2]", "',' or ']' expected"},
        {"[1,]", "not a JSON value"},
        {"{\"a\": 1,}", "a key (a string) expected"},
        {"tru", "not a JSON value"},
        {"", "the text ends"},
        {"   ", "the text ends"},
        {"'a'", "not a JSON value"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) parse_bad(cases[i].text, strlen(cases[i].text), cases[i].msg);
    parse_bad("[1]\0", 4, "more text"); /* a NUL byte after the value */
    char deep[2 * JSON_MAX_DEPTH + 8];
    memset(deep, '[', JSON_MAX_DEPTH + 2);
    memset(deep + JSON_MAX_DEPTH + 2, ']', JSON_MAX_DEPTH + 2);
    parse_bad(deep, 2 * JSON_MAX_DEPTH + 4, "nested too deep");
    json_free(parse_ok("[[[[[[[[[[1]]]]]]]]]]"));
    /* every cut of a good document fails (the whole one parses) */
    const char *good = "{\"outputs\": [{\"output\": \"/a\\u00e9\", \"first\": 1}], \"n\": -12.5, \"t\": true}";
    for (size_t n = 0; n < strlen(good); n++) parse_bad(good, n, NULL);
    json_free(parse_ok(good));
}

static void test_same(void **state)
{
    (void)state;
    json_value *a = parse_ok("{\"x\": 1, \"o\": [{\"c\": 2, \"d\": \"s\"}], \"f\": 1.5}");
    json_value *b = parse_ok("{\"f\": 15e-1, \"o\": [{\"d\": \"s\", \"c\": 2}], \"x\": 1}");
    json_diff d;
    assert_true(json_same(a, b, &d));
    json_free(b);
    b = parse_ok("{\"x\": 1, \"o\": [{\"c\": 3, \"d\": \"s\"}], \"f\": 1.5}");
    assert_false(json_same(a, b, &d));
    assert_string_equal(d.where, "o[0].c");
    assert_string_equal(d.why, "differs");
    char text[64];
    json_brief(d.have, text, sizeof text);
    assert_string_equal(text, "3");
    json_free(b);
    b = parse_ok("{\"x\": 1, \"o\": [{\"c\": 2, \"d\": \"s\"}], \"f\": 1.5, \"claim\": \"all\"}");
    assert_false(json_same(a, b, &d));
    assert_string_equal(d.where, "claim");
    assert_string_equal(d.why, "unknown");
    json_free(b);
    b = parse_ok("{\"x\": 1, \"o\": [{\"c\": 2}], \"f\": 1.5}");
    assert_false(json_same(a, b, &d));
    assert_string_equal(d.where, "o[0].d");
    assert_string_equal(d.why, "missing");
    json_free(b);
    b = parse_ok("{\"x\": \"1\", \"o\": [], \"f\": 1.5}");
    assert_false(json_same(a, b, &d));
    assert_string_equal(d.where, "x");
    json_brief(d.have, text, sizeof text);
    assert_string_equal(text, "\"1\"");
    json_free(b);
    json_free(a);
}

/* Do the one-number documents a and b hold the same value? */
static bool same_numbers(const char *a, const char *b)
{
    json_value *x = parse_ok(a), *y = parse_ok(b);
    json_diff d;
    bool same = json_same(x, y, &d);
    assert_true(json_same(y, x, &d) == same);
    json_free(x);
    json_free(y);
    return same;
}

static void test_same_numbers(void **state)
{
    (void)state;
    static const char *const same[][2] = {
        {"25728", "25728"}, {"0", "-0"}, {"1.5", "15e-1"}, {"1.50", "1.5"}, {"0.05", "5E-2"},
        {"-12.5e3", "-12500.0"}, {"0.0", "0e7"}, {"100.0", "1e2"}, {"1e-400", "10e-401"},
    };
    static const char *const differ[][2] = {
        {"25728", "25727.9999999999999"}, /* the count against a number a double rounds to it */
        {"4", "3.9999999999999999"}, {"0", "1e-400"}, {"0", "0.0"}, {"25728", "25728.0"}, {"25728", "2.5728e4"},
        {"25728", "25729"}, {"1.5", "-1.5"}, {"1.5", "1.05"}, {"0.5", "0.05"}, {"3.9999999999999999", "4.0"},
        {"1e-400", "0.0"}, {"1e1000000000000000000", "10e999999999999999999"}, {"18446744073709551616", "18446744073709551617"},
    };
    for (size_t i = 0; i < sizeof same / sizeof same[0]; i++)
        if (!same_numbers(same[i][0], same[i][1])) fail_msg("%s and %s differ", same[i][0], same[i][1]);
    for (size_t i = 0; i < sizeof differ / sizeof differ[0]; i++)
        if (same_numbers(differ[i][0], differ[i][1])) fail_msg("%s and %s taken as the same", differ[i][0], differ[i][1]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_good),
        cmocka_unit_test(test_bad),
        cmocka_unit_test(test_same),
        cmocka_unit_test(test_same_numbers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
