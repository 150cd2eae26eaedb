/* test_grid — grid text format and grid files: parser edge cases and every
 * error message (wrong length, bad character, digit out of range, hex style,
 * trailers, comments, blank lines, gzip, truncated gzip, mixed shapes).
 * ctest-labels: unit
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include <cmocka.h>

#include "grid.h"
#include "gridfile.h"

static const char *P1 =
    "......5.1....4..6.6253.......17.2......4.6.83..7.......83.....97...5.4.....9..1..";
static const char *S1 =
    "934268571178549362625371894861732945592416783347895216483127659719653428256984137";

static mc_status parse(const char *text, const geometry *geo, digit_style style, grid *g,
                       mc_error *err)
{
    size_t tok = 0;
    return grid_parse(text, strlen(text), &geo, style, g, &tok, err);
}

static void test_parse_roundtrip(void **state)
{
    (void)state;
    grid g;
    mc_error err;
    const geometry *geo = NULL;
    size_t tok = 0;
    assert_int_equal(grid_parse(P1, strlen(P1), &geo, DIGITS_STD, &g, &tok, &err), MC_OK);
    assert_ptr_equal(geo, geometry_9x9());
    assert_int_equal(tok, 81);
    assert_int_equal(g.cell[0], CELL_EMPTY);
    assert_int_equal(g.cell[6], 4); /* '5' is digit 4 inside */
    assert_int_equal(grid_clue_count(&g), 24);
    assert_false(grid_is_complete(&g));
    char out[MAX_CELLS + 1];
    grid_format(&g, DIGITS_STD, out);
    assert_string_equal(out, P1);
    /* '0' and '-' are empty too and format back as '.' */
    char alt[82];
    strcpy(alt, P1);
    alt[0] = '0';
    alt[1] = '-';
    assert_int_equal(parse(alt, NULL, DIGITS_STD, &g, &err), MC_OK);
    grid_format(&g, DIGITS_STD, out);
    assert_string_equal(out, P1);
    /* a complete valid grid */
    assert_int_equal(parse(S1, NULL, DIGITS_STD, &g, &err), MC_OK);
    assert_true(grid_is_complete(&g));
    assert_true(grid_is_valid_solution(&g));
    assert_int_equal(grid_check(&g, DIGITS_STD, &err), MC_OK);
}

static void test_parse_lengths(void **state)
{
    (void)state;
    grid g;
    mc_error err;
    assert_int_equal(parse("123", NULL, DIGITS_STD, &g, &err), MC_EFORMAT);
    assert_string_equal(err.msg, "wrong length 3 (expected 16, 36, 64, 81, 144 or 256 cells)");
    assert_int_equal(parse("", NULL, DIGITS_STD, &g, &err), MC_EFORMAT);
    assert_string_equal(err.msg, "wrong length 0 (expected 16, 36, 64, 81, 144 or 256 cells)");
    /* 82 characters */
    char longer[100];
    snprintf(longer, sizeof longer, "%s1", P1);
    assert_int_equal(parse(longer, NULL, DIGITS_STD, &g, &err), MC_EFORMAT);
    assert_string_equal(err.msg, "wrong length 82 (expected 16, 36, 64, 81, 144 or 256 cells)");
    /* fixed shape: a 16-cell line against 3x3 */
    assert_int_equal(parse("1.....3..2.....4", geometry_9x9(), DIGITS_STD, &g, &err), MC_EFORMAT);
    assert_string_equal(err.msg, "wrong length 16 (expected 81 cells for 3x3 boxes)");
    /* 36 cells read as 3x2 when told so, 2x3 by default */
    const char *six = "1.....2.....3.....4.....5.....6.....";
    const geometry *geo = NULL;
    size_t tok;
    assert_int_equal(grid_parse(six, strlen(six), &geo, DIGITS_STD, &g, &tok, &err), MC_OK);
    assert_ptr_equal(geo, geometry_get(2, 3));
    geo = geometry_get(3, 2);
    assert_int_equal(grid_parse(six, strlen(six), &geo, DIGITS_STD, &g, &tok, &err), MC_OK);
    assert_ptr_equal(g.geo, geometry_get(3, 2));
    /* the token stops at whitespace or ':'; len bounds the text */
    const char *tr = "1.....3..2.....4:1:1342243142133124";
    geo = NULL;
    assert_int_equal(grid_parse(tr, strlen(tr), &geo, DIGITS_STD, &g, &tok, &err), MC_OK);
    assert_int_equal(tok, 16);
    geo = NULL;
    assert_int_equal(grid_parse(P1, 80, &geo, DIGITS_STD, &g, &tok, &err), MC_EFORMAT);
    assert_string_equal(err.msg, "wrong length 80 (expected 16, 36, 64, 81, 144 or 256 cells)");
}

static void test_parse_characters(void **state)
{
    (void)state;
    grid g;
    mc_error err;
    char t[82];
    strcpy(t, P1);
    t[4] = 'x';
    assert_int_equal(parse(t, NULL, DIGITS_STD, &g, &err), MC_EFORMAT);
    assert_string_equal(err.msg, "bad character 'x' at column 5");
    t[4] = '\x01';
    assert_int_equal(parse(t, NULL, DIGITS_STD, &g, &err), MC_EFORMAT);
    assert_string_equal(err.msg, "bad character 0x01 at column 5");
    t[4] = '\xe9';
    assert_int_equal(parse(t, NULL, DIGITS_STD, &g, &err), MC_EFORMAT);
    assert_string_equal(err.msg, "bad character 0xe9 at column 5");
    /* letters are digits 10.. in the standard style: out of range for 9x9 */
    strcpy(t, P1);
    t[2] = 'A';
    assert_int_equal(parse(t, NULL, DIGITS_STD, &g, &err), MC_EFORMAT);
    assert_string_equal(err.msg, "digit 'A' at column 3 is out of range for 3x3 boxes");
    /* 4x4 (N = 4): '5' is out of range, '4' is fine */
    assert_int_equal(parse("1.....3..2.....5", NULL, DIGITS_STD, &g, &err), MC_EFORMAT);
    assert_string_equal(err.msg, "digit '5' at column 16 is out of range for 2x2 boxes");
    assert_int_equal(parse("1.....3..2.....4", NULL, DIGITS_STD, &g, &err), MC_OK);
    /* 16x16 standard style: 1-9 then A-G (lower case accepted), H is bad */
    char big[257];
    memset(big, '.', 256);
    big[256] = 0;
    big[0] = 'G';
    big[1] = 'a';
    big[17] = '9';
    assert_int_equal(parse(big, NULL, DIGITS_STD, &g, &err), MC_OK);
    assert_int_equal(g.cell[0], 15);
    assert_int_equal(g.cell[1], 9);
    assert_int_equal(g.cell[17], 8);
    char out[MAX_CELLS + 1];
    grid_format(&g, DIGITS_STD, out);
    assert_int_equal(out[0], 'G');
    assert_int_equal(out[1], 'A');
    big[1] = 'H';
    assert_int_equal(parse(big, NULL, DIGITS_STD, &g, &err), MC_EFORMAT);
    assert_string_equal(err.msg, "bad character 'H' at column 2");
    /* 12x12 (3x4): 'C' is digit 12 (index 11), 'D' out of range */
    char mid[145];
    memset(mid, '.', 144);
    mid[144] = 0;
    mid[5] = 'C';
    assert_int_equal(parse(mid, NULL, DIGITS_STD, &g, &err), MC_OK);
    assert_int_equal(g.cell[5], 11);
    mid[5] = 'D';
    assert_int_equal(parse(mid, NULL, DIGITS_STD, &g, &err), MC_EFORMAT);
    assert_string_equal(err.msg, "digit 'D' at column 6 is out of range for 3x4 boxes");
}

static void test_parse_hex(void **state)
{
    (void)state;
    grid g;
    mc_error err;
    char big[257];
    memset(big, '.', 256);
    big[256] = 0;
    big[0] = '0';
    big[1] = 'F';
    big[2] = 'a';
    big[3] = '-';
    const geometry *geo = geometry_get(4, 4);
    assert_int_equal(parse(big, geo, DIGITS_HEX, &g, &err), MC_OK);
    assert_int_equal(g.cell[0], 0); /* '0' is a digit in the hex style */
    assert_int_equal(g.cell[1], 15);
    assert_int_equal(g.cell[2], 10);
    assert_int_equal(g.cell[3], CELL_EMPTY);
    char out[MAX_CELLS + 1];
    grid_format(&g, DIGITS_HEX, out);
    assert_memory_equal(out, "0FA.", 4);
    assert_int_equal(grid_digit_char(16, DIGITS_HEX, 0), '0');
    assert_int_equal(grid_digit_char(16, DIGITS_STD, 0), '1');
    assert_int_equal(grid_digit_char(16, DIGITS_STD, 15), 'G');
    assert_int_equal(grid_digit_char(16, DIGITS_HEX, CELL_EMPTY), '.');
    big[4] = 'G';
    assert_int_equal(parse(big, geo, DIGITS_HEX, &g, &err), MC_EFORMAT);
    assert_string_equal(err.msg, "bad character 'G' at column 5");
    /* hex digit 9 on a 9x9 grid is out of range */
    char t[82];
    strcpy(t, P1);
    t[0] = '9';
    assert_int_equal(parse(t, NULL, DIGITS_HEX, &g, &err), MC_EFORMAT);
    assert_string_equal(err.msg, "digit '9' at column 1 is out of range for 3x3 boxes");
}

static void test_check_clashes(void **state)
{
    (void)state;
    grid g;
    mc_error err;
    /* Problem 6 of Schoenhage's SUDOC2 (2007): two 4s in column 5 */
    assert_int_equal(parse("2..8.....4.9.73.......46..5.7....19........243...4.....5..8....1...5.7.8...63....",
                           NULL, DIGITS_STD, &g, &err),
                     MC_OK);
    assert_int_equal(grid_check(&g, DIGITS_STD, &err), MC_EINVAL);
    assert_string_equal(err.msg, "digit 4 twice in column 5 (r3c5 and r6c5)");
    /* a row clash and a box clash */
    assert_int_equal(parse("1..1............", NULL, DIGITS_STD, &g, &err), MC_OK);
    assert_int_equal(grid_check(&g, DIGITS_STD, &err), MC_EINVAL);
    assert_string_equal(err.msg, "digit 1 twice in row 1 (r1c1 and r1c4)");
    assert_int_equal(parse("2....2..........", NULL, DIGITS_STD, &g, &err), MC_OK);
    assert_int_equal(grid_check(&g, DIGITS_STD, &err), MC_EINVAL);
    assert_string_equal(err.msg, "digit 2 twice in box 1 (r1c1 and r2c2)");
    /* a complete grid with a swap is not a valid solution */
    assert_int_equal(parse(S1, NULL, DIGITS_STD, &g, &err), MC_OK);
    uint8_t t = g.cell[0];
    g.cell[0] = g.cell[1];
    g.cell[1] = t;
    assert_false(grid_is_valid_solution(&g));
    grid_clear(&g, geometry_9x9());
    assert_int_equal(grid_clue_count(&g), 0);
    assert_int_equal(grid_check(&g, DIGITS_STD, &err), MC_OK);
}

/* ---- files ---- */

static char *write_temp(const char *text, size_t len, int gz)
{
    static int serial;
    char *path = malloc(256);
    snprintf(path, 256, "/tmp/mc_test_grid_%d_%d%s", (int)getpid(), serial++, gz ? ".gz" : ".txt");
    if (gz) {
        gzFile f = gzopen(path, "wb");
        assert_non_null(f);
        assert_int_equal(gzwrite(f, text, (unsigned)len), (int)len);
        gzclose(f);
    } else {
        FILE *f = fopen(path, "wb");
        assert_non_null(f);
        assert_int_equal(fwrite(text, 1, len, f), len);
        fclose(f);
    }
    return path;
}

static const char *FILE_TEXT =
    "# a comment\n"
    "\n"
    "   \t\n"
    "1.....3..2.....4 Shidoku, from Moler\n"
    "   # indented comment\n"
    "1....2....3....4:diag:extra\n"
    "......5.1....4..6.6253.......17.2......4.6.83..7.......83.....97...5.4.....9..1..\r\n"
    "12x..............\n"
    "1.....2.....3.....4.....5.....6.....\ttab trailer\n"
    "1.....3..2.....4"; /* no final newline */

static void read_file_checks(const char *path, const char *name)
{
    gridfile *f;
    mc_error err;
    assert_int_equal(gridfile_open(path, NULL, DIGITS_STD, &f, &err), MC_OK);
    assert_string_equal(gridfile_name(f), name);
    grid g;
    const char *tr;
    char out[MAX_CELLS + 1], msg[600];
    assert_int_equal(gridfile_next(f, &g, &tr, &err), MC_OK);
    assert_int_equal(gridfile_line(f), 4);
    assert_ptr_equal(g.geo, geometry_get(2, 2));
    assert_string_equal(tr, "Shidoku, from Moler");
    assert_int_equal(gridfile_next(f, &g, &tr, &err), MC_OK);
    assert_int_equal(gridfile_line(f), 6);
    assert_string_equal(tr, "diag:extra");
    grid_format(&g, DIGITS_STD, out);
    assert_string_equal(out, "1....2....3....4");
    assert_int_equal(gridfile_next(f, &g, &tr, &err), MC_OK);
    assert_int_equal(gridfile_line(f), 7);
    assert_ptr_equal(g.geo, geometry_9x9());
    assert_string_equal(tr, "");
    assert_int_equal(gridfile_next(f, &g, &tr, &err), MC_EFORMAT);
    snprintf(msg, sizeof msg, "%s:8: wrong length 17 (expected 16, 36, 64, 81, 144 or 256 cells)", name);
    assert_string_equal(err.msg, msg);
    /* the reader goes on after a format error */
    assert_int_equal(gridfile_next(f, &g, &tr, &err), MC_OK);
    assert_int_equal(gridfile_line(f), 9);
    assert_ptr_equal(g.geo, geometry_get(2, 3));
    assert_string_equal(tr, "tab trailer");
    assert_int_equal(gridfile_next(f, &g, &tr, &err), MC_OK);
    assert_int_equal(gridfile_line(f), 10);
    assert_ptr_equal(g.geo, geometry_get(2, 2));
    assert_int_equal(gridfile_next(f, &g, &tr, &err), MC_EOF);
    assert_int_equal(gridfile_next(f, &g, &tr, &err), MC_EOF);
    gridfile_free(f);
}

static void test_file_plain_and_gzip(void **state)
{
    (void)state;
    char *p = write_temp(FILE_TEXT, strlen(FILE_TEXT), 0);
    read_file_checks(p, p);
    unlink(p);
    free(p);
    p = write_temp(FILE_TEXT, strlen(FILE_TEXT), 1);
    read_file_checks(p, p);
    unlink(p);
    free(p);
}

static void test_file_fixed_shape_errors(void **state)
{
    (void)state;
    const char *text = "1.....3..2.....4\n1.x...3..2.....4\n1.....3..2.....9\n";
    char *p = write_temp(text, strlen(text), 0);
    gridfile *f;
    mc_error err;
    char msg[600];
    assert_int_equal(gridfile_open(p, geometry_9x9(), DIGITS_STD, &f, &err), MC_OK);
    grid g;
    assert_int_equal(gridfile_next(f, &g, NULL, &err), MC_EFORMAT);
    snprintf(msg, sizeof msg, "%s:1: wrong length 16 (expected 81 cells for 3x3 boxes)", p);
    assert_string_equal(err.msg, msg);
    gridfile_free(f);
    assert_int_equal(gridfile_open(p, NULL, DIGITS_STD, &f, &err), MC_OK);
    assert_int_equal(gridfile_next(f, &g, NULL, &err), MC_OK);
    assert_int_equal(gridfile_next(f, &g, NULL, &err), MC_EFORMAT);
    snprintf(msg, sizeof msg, "%s:2: bad character 'x' at column 3", p);
    assert_string_equal(err.msg, msg);
    assert_int_equal(gridfile_next(f, &g, NULL, &err), MC_EFORMAT);
    snprintf(msg, sizeof msg, "%s:3: digit '9' at column 16 is out of range for 2x2 boxes", p);
    assert_string_equal(err.msg, msg);
    assert_int_equal(gridfile_next(f, &g, NULL, &err), MC_EOF);
    gridfile_free(f);
    unlink(p);
    free(p);
}

static void test_file_missing(void **state)
{
    (void)state;
    gridfile *f = NULL;
    mc_error err;
    assert_int_equal(gridfile_open("/nonexistent/dir/puzzles.txt", NULL, DIGITS_STD, &f, &err),
                     MC_EIO);
    assert_string_equal(err.msg, "/nonexistent/dir/puzzles.txt: cannot open: No such file or directory");
}

static void test_file_truncated_gzip(void **state)
{
    (void)state;
    /* many lines, compressed, then cut: every line before the cut reads, then MC_EIO */
    size_t n = 3000, len = n * 82;
    char *text = malloc(len + 1);
    for (size_t i = 0; i < n; i++) {
        memcpy(text + 82 * i, S1, 81);
        text[82 * i + 81] = '\n';
        text[82 * i + (i % 81)] = '.';
    }
    char *p = write_temp(text, len, 1);
    FILE *fp = fopen(p, "rb");
    fseek(fp, 0, SEEK_END);
    long size = ftell(fp);
    fclose(fp);
    assert_true(size > 100);
    assert_int_equal(truncate(p, size / 2), 0);
    gridfile *f;
    mc_error err;
    assert_int_equal(gridfile_open(p, NULL, DIGITS_STD, &f, &err), MC_OK);
    grid g;
    mc_status st;
    long lines = 0;
    while ((st = gridfile_next(f, &g, NULL, &err)) == MC_OK) {
        lines++;
        assert_int_equal(grid_clue_count(&g), 80); /* no half line passes as a line */
    }
    assert_int_equal(st, MC_EIO);
    assert_true(lines > 0 && lines < (long)n);
    char msg[600];
    snprintf(msg, sizeof msg, "%s:%ld: truncated compressed file", p, lines + 1);
    assert_string_equal(err.msg, msg);
    gridfile_free(f);
    /* a file cut inside the gzip header */
    assert_int_equal(truncate(p, 5), 0);
    assert_int_equal(gridfile_open(p, NULL, DIGITS_STD, &f, &err), MC_OK);
    assert_int_equal(gridfile_next(f, &g, NULL, &err), MC_EIO);
    snprintf(msg, sizeof msg, "%s:1: truncated compressed file", p);
    assert_string_equal(err.msg, msg);
    gridfile_free(f);
    unlink(p);
    free(p);
    free(text);
}

static void test_linereader_long_lines(void **state)
{
    (void)state;
    /* lines longer than the initial buffer grow it */
    size_t len = 5000;
    char *text = malloc(len + 10);
    memset(text, 'a', len);
    strcpy(text + len, "\n#x\n");
    char *p = write_temp(text, strlen(text), 0);
    linereader *r;
    mc_error err;
    assert_int_equal(linereader_open(p, &r, &err), MC_OK);
    char *line;
    size_t n;
    assert_int_equal(linereader_next(r, &line, &n, &err), MC_OK);
    assert_int_equal(n, len);
    assert_int_equal(strlen(line), len);
    assert_int_equal(linereader_next(r, &line, &n, &err), MC_OK);
    assert_string_equal(line, "#x");
    assert_int_equal(linereader_line(r), 2);
    assert_int_equal(linereader_next(r, &line, &n, &err), MC_EOF);
    linereader_free(r);
    gridfile_free(NULL);
    linereader_free(NULL);
    unlink(p);
    free(p);
    free(text);
}

/* A NUL byte is a bad line of its own (file:line, column), never glued to
 * the next line, in plain and gzipped files; the lines after it keep their
 * numbers and are read. */
static void nul_checks(int gz)
{
    static const char text[] = "# a comment\0 with a NUL\n"
                               "1.....3..2.....4\n"
                               "1....2....3....4 note\0x\n"
                               "1.....3..2.....4\n"
                               "\0\n";
    char *p = write_temp(text, sizeof text - 1, gz);
    gridfile *f;
    mc_error err;
    char msg[600];
    grid g;
    const char *tr;
    assert_int_equal(gridfile_open(p, NULL, DIGITS_STD, &f, &err), MC_OK);
    assert_int_equal(gridfile_next(f, &g, &tr, &err), MC_EFORMAT);
    snprintf(msg, sizeof msg, "%s:1: NUL byte at column 12 (a binary file?)", p);
    assert_string_equal(err.msg, msg);
    assert_int_equal(gridfile_next(f, &g, &tr, &err), MC_OK);
    assert_int_equal(gridfile_line(f), 2);
    assert_int_equal(gridfile_next(f, &g, &tr, &err), MC_EFORMAT);
    snprintf(msg, sizeof msg, "%s:3: NUL byte at column 22 (a binary file?)", p);
    assert_string_equal(err.msg, msg);
    assert_int_equal(gridfile_next(f, &g, &tr, &err), MC_OK);
    assert_int_equal(gridfile_line(f), 4);
    assert_string_equal(tr, "");
    assert_int_equal(gridfile_next(f, &g, &tr, &err), MC_EFORMAT);
    snprintf(msg, sizeof msg, "%s:5: NUL byte at column 1 (a binary file?)", p);
    assert_string_equal(err.msg, msg);
    assert_int_equal(gridfile_next(f, &g, &tr, &err), MC_EOF);
    gridfile_free(f);
    unlink(p);
    free(p);
}

static void test_file_nul_byte(void **state)
{
    (void)state;
    nul_checks(0);
    nul_checks(1);
}

/* An endless line ends in an error within LINE_MAX_BYTES, and the reader
 * stays failed (no EOF that would pass for a complete file). */
static void test_file_endless_line(void **state)
{
    (void)state;
    linereader *r;
    mc_error err;
    char *line;
    size_t n;
    char msg[600];
    assert_int_equal(linereader_open("/dev/zero", &r, &err), MC_OK);
    assert_int_equal(linereader_next(r, &line, &n, &err), MC_EIO);
    snprintf(msg, sizeof msg, "/dev/zero:1: binary or overlong line: no newline in %u bytes",
             (unsigned)LINE_MAX_BYTES);
    assert_string_equal(err.msg, msg);
    assert_int_equal(linereader_next(r, &line, &n, &err), MC_EIO);
    linereader_free(r);
    /* a text line one byte too long, then a good line: the error is on line 2 */
    size_t len = (size_t)LINE_MAX_BYTES + 1;
    char *text = malloc(len + 40);
    assert_non_null(text);
    strcpy(text, "1.....3..2.....4\n");
    size_t off = strlen(text);
    memset(text + off, 'x', len);
    strcpy(text + off + len, "\n1.....3..2.....4\n");
    char *p = write_temp(text, strlen(text), 0);
    gridfile *f;
    grid g;
    assert_int_equal(gridfile_open(p, NULL, DIGITS_STD, &f, &err), MC_OK);
    assert_int_equal(gridfile_next(f, &g, NULL, &err), MC_OK);
    assert_int_equal(gridfile_next(f, &g, NULL, &err), MC_EIO);
    snprintf(msg, sizeof msg, "%s:2: binary or overlong line: no newline in %u bytes", p, (unsigned)LINE_MAX_BYTES);
    assert_string_equal(err.msg, msg);
    assert_int_equal(gridfile_next(f, &g, NULL, &err), MC_EIO);
    gridfile_free(f);
    unlink(p);
    free(p);
    /* exactly LINE_MAX_BYTES is still a line */
    text[off + len - 1] = '\n';
    text[off + len] = 0;
    p = write_temp(text, strlen(text), 0);
    assert_int_equal(linereader_open(p, &r, &err), MC_OK);
    assert_int_equal(linereader_next(r, &line, &n, &err), MC_OK);
    assert_int_equal(linereader_next(r, &line, &n, &err), MC_OK);
    assert_int_equal(n, (size_t)LINE_MAX_BYTES);
    assert_int_equal(linereader_next(r, &line, &n, &err), MC_EOF);
    linereader_free(r);
    unlink(p);
    free(p);
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_roundtrip),       cmocka_unit_test(test_parse_lengths),
        cmocka_unit_test(test_parse_characters),      cmocka_unit_test(test_parse_hex),
        cmocka_unit_test(test_check_clashes),         cmocka_unit_test(test_file_plain_and_gzip),
        cmocka_unit_test(test_file_fixed_shape_errors), cmocka_unit_test(test_file_missing),
        cmocka_unit_test(test_file_truncated_gzip),   cmocka_unit_test(test_linereader_long_lines),
        cmocka_unit_test(test_file_nul_byte),         cmocka_unit_test(test_file_endless_line),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
