/* test_progress — the progress line: when it prints and what it says.
 *
 * The lines go to a temporary file and are read back; no timing is
 * asserted beyond "an interval of 0 prints every update" and "a fresh line
 * with a 30 s interval prints nothing yet".
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "progress.h"

static size_t read_back(FILE *f, char *buf, size_t cap)
{
    fflush(f);
    rewind(f);
    size_t n = fread(buf, 1, cap - 1, f);
    buf[n] = 0;
    return n;
}

static void test_quiet_until_interval(void **state)
{
    (void)state;
    FILE *f = tmpfile();
    assert_non_null(f);
    progress p;
    progress_init_file(&p, "grids", 10, f, false);
    progress_update(&p, 1, NULL);
    char buf[512];
    assert_int_equal(read_back(f, buf, sizeof buf), 0);
    /* nothing printed and the run was short: no final line either */
    progress_done(&p, 1, NULL);
    assert_int_equal(read_back(f, buf, sizeof buf), 0);
    fclose(f);
}

static void test_plain_lines(void **state)
{
    (void)state;
    FILE *f = tmpfile();
    assert_non_null(f);
    progress p;
    progress_init_file(&p, "grids", 10, f, false);
    p.interval = 0;
    p.start -= 10; /* ten seconds ago: a rate and an ETA exist */
    progress_update(&p, 5, "3 puzzles");
    char buf[512];
    read_back(f, buf, sizeof buf);
    assert_non_null(strstr(buf, "5/10 grids"));
    assert_non_null(strstr(buf, ", ETA "));
    assert_non_null(strstr(buf, ", 3 puzzles\n"));
    assert_null(strchr(buf, '\r'));
    progress_done(&p, 10, NULL);
    read_back(f, buf, sizeof buf);
    const char *second = strchr(buf, '\n') + 1;
    assert_non_null(strstr(second, "10/10 grids"));
    assert_null(strstr(second, "ETA")); /* done: no time left */
    assert_int_equal(buf[strlen(buf) - 1], '\n');
    fclose(f);
}

static void test_tty_line_in_place(void **state)
{
    (void)state;
    FILE *f = tmpfile();
    assert_non_null(f);
    progress p;
    progress_init_file(&p, "puzzles", 0, f, true);
    assert_true(p.interval > 0 && p.interval < 30);
    p.interval = 0;
    progress_update(&p, 7, NULL);
    char buf[512];
    size_t n = read_back(f, buf, sizeof buf);
    assert_int_equal(buf[0], '\r');
    assert_non_null(strstr(buf, "7 puzzles"));
    /* no total: the count and the unit side by side, no "/N" between them
     * (the rate, "%.1f/s", may hold a "7/" of its own) */
    assert_non_null(strstr(buf, "\r7 puzzles"));
    assert_true(n > 3 && !strcmp(buf + n - 3, "\033[K"));
    progress_done(&p, 8, "x");
    n = read_back(f, buf, sizeof buf);
    assert_int_equal(buf[n - 1], '\n');
    assert_non_null(strstr(buf, "8 puzzles"));
    fclose(f);
}

/* One of a thing: "1 puzzle", "0/1 grid"; none or many: plural. */
static void test_singular(void **state)
{
    (void)state;
    static const struct {
        uint64_t total, done;
        const char *want;
    } cases[] = {{0, 1, "1 puzzle,"}, {0, 0, "0 puzzles,"}, {0, 2, "2 puzzles,"}, {1, 0, "0/1 puzzle,"},
                 {1, 1, "1/1 puzzle,"}, {2, 1, "1/2 puzzles,"}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        FILE *f = tmpfile();
        assert_non_null(f);
        progress p;
        progress_init_file(&p, "puzzles", cases[i].total, f, false);
        p.interval = 0;
        progress_update(&p, cases[i].done, NULL);
        char buf[512];
        read_back(f, buf, sizeof buf);
        if (!strstr(buf, cases[i].want)) fail_msg("want '%s' in '%s'", cases[i].want, buf);
        fclose(f);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_quiet_until_interval),
        cmocka_unit_test(test_plain_lines),
        cmocka_unit_test(test_tty_line_in_place),
        cmocka_unit_test(test_singular),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
