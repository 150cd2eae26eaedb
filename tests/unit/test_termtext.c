/* test_termtext — text made safe for a terminal: control characters, DEL,
 * C1 controls, a backslash and bytes outside valid UTF-8 are escaped, every
 * other character (ASCII, valid UTF-8 of 2, 3 and 4 bytes) passes as it is;
 * a cut never splits an escape or a character and ends in "..."; the
 * length, the copy and the stream agree.
 * ctest-labels: unit
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "termtext.h"

static void expect(const char *in, const char *want)
{
    char out[256];
    assert_string_equal(termtext_escape(out, sizeof out, in), want);
    assert_int_equal(termtext_len(in), strlen(want));
    char *d = termtext_dup(in);
    assert_non_null(d);
    assert_string_equal(d, want);
    free(d);
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    assert_non_null(m);
    termtext_put(m, in);
    fclose(m);
    assert_string_equal(buf, want);
    free(buf);
}

static void test_escapes(void **state)
{
    (void)state;
    expect("", "");
    expect("/tmp/out-1", "/tmp/out-1");
    expect("a\nb", "a\\nb");                          /* a newline is no new line */
    expect("x\r\t\x1b[31mred", "x\\r\\t\\e[31mred");  /* nor a colour */
    expect("\x01\x1f\x7f", "\\x01\\x1f\\x7f");
    expect("back\\slash", "back\\\\slash");
    expect("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80", "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80");
    expect("c1 \xc2\x9b", "c1 \\xc2\\x9b");          /* CSI as U+009B */
    expect("\xc2\xa0", "\xc2\xa0");                   /* U+00A0 is no control */
    expect("bad \xff\xc3", "bad \\xff\\xc3");         /* not UTF-8, a cut character */
    expect("\xc0\xaf \xe0\x80\xaf \xed\xa0\x80 \xf4\x90\x80\x80", /* overlong, surrogate, above U+10FFFF */
           "\\xc0\\xaf \\xe0\\x80\\xaf \\xed\\xa0\\x80 \\xf4\\x90\\x80\\x80");
}

static void test_cut(void **state)
{
    (void)state;
    char out[16];
    assert_string_equal(termtext_escape(out, 8, "abcdefghij"), "abcd...");
    assert_string_equal(termtext_escape(out, 8, "abc\ndefgh"), "abc...");      /* "\n" whole or not at all */
    assert_string_equal(termtext_escape(out, 9, "ab\xc3\xa9\xc3\xa9\xc3\xa9z"), "ab\xc3\xa9...");
    assert_string_equal(termtext_escape(out, 11, "ab\xc3\xa9\xc3\xa9\xc3\xa9z"), "ab\xc3\xa9\xc3\xa9\xc3\xa9z");
    assert_string_equal(termtext_escape(out, 3, "abcdef"), "ab");
    assert_string_equal(termtext_escape(out, 1, "abcdef"), "");
    for (size_t cap = 4; cap < sizeof out; cap++) { /* every cut of an escaped text is a prefix of it, and "..." */
        const char *in = "\x1b\xc3\xa9\\\xff", *whole = "\\e\xc3\xa9\\\\\\xff";
        termtext_escape(out, cap, in);
        size_t n = strlen(out);
        assert_true(n < cap);
        if (n == strlen(whole)) {
            assert_string_equal(out, whole);
        } else {
            assert_true(n >= 3 && !strcmp(out + n - 3, "..."));
            assert_memory_equal(out, whole, n - 3);
            const char *ends[] = {"", "\\e", "\\e\xc3\xa9", "\\e\xc3\xa9\\\\"};
            int at_boundary = 0;
            for (size_t k = 0; k < 4; k++) at_boundary |= strlen(ends[k]) == n - 3;
            assert_true(at_boundary);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_escapes),
        cmocka_unit_test(test_cut),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
