/* use_minclue_api1 — a program built against minclue.h of API 1
 * (tests/install/minclue_api1.h) and run on the installed libminclue by
 * tests/cli/test_install.sh: the library keeps the ABI of the options (the
 * same size, the same fields, reserved fields zero) and the behaviour old
 * callers had.
 *
 *   use_minclue_api1 GRIDS4   the 4x4 grids of the file at K = 4 with the
 *                             API 1 options (the checker, every puzzle):
 *                             the counts of a brute-force twin built on
 *                             minclue_solve; a reserved field set: EOPTIONS
 * Exit status 0 when every check passes; each failure is printed.
 */
#include <stdio.h>
#include <string.h>

#include "install_check.h"
#include "minclue_api1.h"

/* The 4-cell subsets of the grid whose puzzle is unique (no puzzle of 4x4
 * has fewer than 4 clues, so each is minimal). */
static long twin4(const char *grid)
{
    long n = 0;
    for (unsigned m = 0; m < 1u << 16; m++) {
        if (__builtin_popcount(m) != 4) continue;
        char p[17];
        for (int i = 0; i < 16; i++) p[i] = (m >> i & 1) ? grid[i] : '.';
        p[16] = 0;
        n += minclue_solve(p, NULL) == 1;
    }
    return n;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: use_minclue_api1 GRIDS4\n");
        return 2;
    }
    printf("%s, built against API %d\n", minclue_version(), MINCLUE_API_VERSION);
    minclue_search_options o;
    minclue_search_options_init(&o, 4);
    o.box_rows = o.box_cols = 2;
    int st;
    minclue_search *s = minclue_search_new(&o, &st);
    CHECK(s != NULL, "API 1 options: %s", minclue_strerror(st));
    if (!s) return 1;
    for (int i = 0; i < 8; i++) {
        minclue_search_options bad = o;
        bad.reserved[i] = 2;
        CHECK(minclue_search_new(&bad, &st) == NULL && st == MINCLUE_EOPTIONS, "reserved[%d] = 2: %d", i, st);
    }
    FILE *in = fopen(argv[1], "r");
    if (!in) return 2;
    char line[256];
    int grids = 0;
    long total = 0;
    while (fgets(line, sizeof line, in) && grids < 12) {
        if (line[0] == '#' || strlen(line) < 16) continue;
        line[16] = 0;
        grids++;
        long n = minclue_search_grid(s, line, NULL, NULL), want = twin4(line);
        CHECK(n == want, "grid %s: %ld puzzles, the twin %ld", line, n, want);
        total += n;
    }
    fclose(in);
    minclue_search_free(s);
    CHECK(grids == 12 && total > 0, "%d grids, %ld puzzles", grids, total);
    printf("API 1 caller: %d 4x4 grids, K = 4: %ld puzzles, as the twin\n", grids, total);
    return fails != 0;
}
