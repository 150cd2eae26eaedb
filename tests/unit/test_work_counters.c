/* test_work_counters — the functions generated from the counter table.
 *
 * Oracles: a record filled with distinct values (seeded), then
 * - format -> parse field by field gives the record back (seconds to the
 *   3 decimals the journal keeps), every key appears once, in the order of
 *   work_counters_keys(), and a key the table does not have is unknown;
 * - pack -> unpack gives the record back bit for bit;
 * - add doubles every field when a record is added to itself;
 * - JSON names every field once, by its C name (checked on the fields the
 *   checker and the CLI document: nodes, candidates, ua_initial, ...).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "checker.h"
#include "prng.h"
#include "work_counters.h"

static void fill(work_counters *w, prng *r)
{
    /* every field by its byte image: u64 counts, seconds as small doubles */
#define C_(name, key, text) w->name = prng_next(r) >> 8;
#define S_(name, key, text) w->name = (double)(prng_next(r) % 1000000) / 1000.0;
    WORK_COUNTERS(C_, S_)
#undef C_
#undef S_
}

static void test_format_parse(void **state)
{
    (void)state;
    prng r;
    prng_seed(&r, 77);
    work_counters w, back;
    fill(&w, &r);
    char buf[64 * WORK_COUNTERS_N + 1];
    size_t n = work_counters_format(&w, buf, sizeof buf);
    assert_int_equal(n, strlen(buf));
    memset(&back, 0, sizeof back);
    uint64_t seen = 0;
    char keys[1024] = "";
    char *save = NULL;
    for (char *tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        char *eq = strchr(tok, '=');
        assert_non_null(eq);
        *eq = 0;
        int i = work_counters_parse(&back, tok, eq + 1);
        assert_true(i >= 0 && i < WORK_COUNTERS_N);
        assert_false(seen >> i & 1);
        seen |= UINT64_C(1) << i;
        strcat(keys, *keys ? "," : "");
        strcat(keys, tok);
    }
    assert_true(seen == (WORK_COUNTERS_N == 64 ? ~UINT64_C(0) : (UINT64_C(1) << WORK_COUNTERS_N) - 1));
    assert_string_equal(keys, work_counters_keys());
#define C_(name, key, text) assert_true(back.name == w.name);
#define S_(name, key, text) assert_true(back.name > w.name - 0.0006 && back.name < w.name + 0.0006);
    WORK_COUNTERS(C_, S_)
#undef C_
#undef S_
    assert_int_equal(work_counters_parse(&back, "no_such_counter", "1"), -1);
    assert_int_equal(work_counters_parse(&back, "nodes", "x"), -2);
    assert_int_equal(work_counters_parse(&back, "nodes", "-1"), -2);
}

static void test_pack_add(void **state)
{
    (void)state;
    prng r;
    prng_seed(&r, 78);
    work_counters w, back, sum;
    fill(&w, &r);
    uint64_t words[WORK_COUNTERS_N];
    work_counters_pack(&w, words);
    memset(&back, 0xAB, sizeof back);
    work_counters_unpack(&back, words);
    assert_memory_equal(&back, &w, sizeof w);
    memset(&sum, 0, sizeof sum);
    work_counters_add(&sum, &w);
    work_counters_add(&sum, &w);
#define C_(name, key, text) assert_true(sum.name == 2 * w.name);
#define S_(name, key, text) assert_true(sum.name == 2 * w.name);
    WORK_COUNTERS(C_, S_)
#undef C_
#undef S_
    /* a checker record sees the same numbers by field and through .work */
    checker_record rec;
    memset(&rec, 0, sizeof rec);
    rec.work = w;
    assert_true(rec.nodes == w.nodes && rec.candidates == w.candidates && rec.seconds_search == w.seconds_search);
    checker_record tot;
    memset(&tot, 0, sizeof tot);
    rec.ua_initial_by_size[12] = 3;
    checker_record_add(&tot, &rec);
    checker_record_add(&tot, &rec);
    assert_true(tot.nodes == 2 * w.nodes && tot.ua_initial_by_size[12] == 6);
}

static void test_json_text(void **state)
{
    (void)state;
    work_counters w;
    memset(&w, 0, sizeof w);
    w.nodes = 46;
    w.candidates = 12;
    w.ua_initial = 14;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    work_counters_json(f, &w, ",", false);
    fclose(f);
    assert_non_null(strstr(buf, ",\"nodes\":46"));
    assert_non_null(strstr(buf, ",\"candidates\":12"));
    assert_non_null(strstr(buf, ",\"ua_initial\":14"));
    int fields = 0;
    for (const char *p = buf; (p = strchr(p, ':')); p++) fields++;
    assert_int_equal(fields, WORK_COUNTERS_N);
    free(buf);
    char text[1024];
    work_counters_text(&w, text, sizeof text);
    assert_non_null(strstr(text, "46 nodes"));
    assert_non_null(strstr(text, "12 candidates"));
}

/* A count of 1 reads in the singular ("1 puzzle", "1 two-band pass"), any
 * other in the plural, for every counter: the texts written out here; the
 * seconds come after the counts, named as CPU time of the engine's thread. */
static void test_text_one(void **state)
{
    (void)state;
    work_counters w;
    memset(&w, 0, sizeof w);
#define ONE_C_(name, key, text) w.name = 1;
#define ONE_S_(name, key, text)
    WORK_COUNTERS(ONE_C_, ONE_S_)
#undef ONE_C_
#undef ONE_S_
    char buf[2048];
    work_counters_text(&w, buf, sizeof buf);
    assert_non_null(strstr(buf, "1 initial UA, 1 second solution, 1 UA learned, 1 node, 1 candidate, 1 solver call, "
                                "1 puzzle, 1 two-band UA, 1 two-band UA learned, 1 band pair, 1 surviving pair, "
                                "1 two-band pass, 1 pair cut by the band-3 bound, 1 band-3 node, 1 band-3 check; "
                                "CPU seconds of the engine's thread: 0.00 s finding UAs, "));
#define TWO_C_(name, key, text) w.name = 2;
#define TWO_S_(name, key, text)
    WORK_COUNTERS(TWO_C_, TWO_S_)
#undef TWO_C_
#undef TWO_S_
    work_counters_text(&w, buf, sizeof buf);
    assert_non_null(strstr(buf, "2 initial UAs, 2 second solutions, 2 UAs learned, 2 nodes, 2 candidates, "
                                "2 solver calls, 2 puzzles, 2 two-band UAs, 2 two-band UAs learned, 2 band pairs, "
                                "2 surviving pairs, 2 two-band passes, 2 pairs cut by the band-3 bound, "
                                "2 band-3 nodes, 2 band-3 checks; CPU seconds of the engine's thread: "));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_format_parse),
        cmocka_unit_test(test_pack_add),
        cmocka_unit_test(test_json_text),
        cmocka_unit_test(test_text_one),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
