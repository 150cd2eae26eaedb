/* test_job_json — job_json_string, the JSON strings of summary.json, the
 * certificate and job status --json. Oracle: the strict reader (json.h).
 * Every cut (each cap from 3 up) is one valid JSON string whose value is a
 * prefix of the text that ends on a character boundary (never half of a
 * UTF-8 character or of an escape); with JOB_JSON_CAP(strlen) the whole
 * text is there (a text of one character included), and the return value
 * says which; job_json_dup is the whole.
 * ctest-labels: unit
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "job_journal.h"
#include "json.h"

/* Is the cut at byte n of s on a character boundary? */
static bool boundary(const char *s, size_t n) { return s[n] == 0 || ((unsigned char)s[n] & 0xc0) != 0x80; }

static void every_cut(const char *s)
{
    size_t len = strlen(s), cap = JOB_JSON_CAP(len);
    char *out = malloc(cap);
    assert_non_null(out);
    size_t last = 0;
    for (size_t c = 3; c <= cap; c++) {
        bool whole = job_json_string(out, c, s);
        assert_true(strlen(out) < c);
        json_value *v;
        mc_error err;
        if (json_parse(out, strlen(out), "cut", &v, &err) != MC_OK) fail_msg("cap %zu of \"%s\": %s", c, s, err.msg);
        assert_int_equal(v->type, JSON_STRING);
        assert_true(v->n <= len && !memcmp(v->text, s, v->n));
        if (!boundary(s, v->n)) fail_msg("cap %zu: cut inside a character at byte %zu", c, v->n);
        assert_true(v->n >= last); /* more room, never less text */
        last = v->n;
        assert_true(whole == (v->n == len));
        json_free(v);
    }
    assert_int_equal(last, len); /* JOB_JSON_CAP holds it all */
    char *d = job_json_dup(s);
    assert_non_null(d);
    assert_string_equal(d, out);
    free(d);
    free(out);
}

static void test_cuts(void **state)
{
    (void)state;
    every_cut("");
    every_cut("x");                         /* one character, whole in JOB_JSON_CAP(1) */
    every_cut("\xc3\xa9");                  /* é alone */
    every_cut("caf\xc3\xa9\xc3\xa9\xc3\xa9 \xe2\x82\xac\xf0\x9f\x98\x80 \"q\" \\ \n\x1f");
    char long_name[8201];                   /* 4,100 x é, as an output's name */
    for (int i = 0; i < 4100; i++) memcpy(long_name + 2 * i, "\xc3\xa9", 2);
    long_name[8200] = 0;
    every_cut(long_name + 8200 - 600);      /* 300 x é, every cut */
    static char cut[8192], whole[JOB_JSON_CAP(8200)];
    assert_false(job_json_string(cut, sizeof cut, long_name));
    assert_int_equal(strlen(cut) % 2, 0); /* the quotes and whole é: an even count */
    json_value *v;
    mc_error err;
    assert_int_equal(json_parse(cut, strlen(cut), "cut", &v, &err), MC_OK);
    json_free(v);
    assert_true(job_json_string(whole, sizeof whole, long_name));
    assert_int_equal(strlen(whole), 8202);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cuts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
