/* use_minclue — a program built against an installed libminclue (through
 * pkg-config) by tests/cli/test_install.sh; it uses only minclue.h.
 *
 *   use_minclue PUZZLE17 GRIDS4   checks solve and canon on a 17-clue puzzle
 *                                 and its grid, and searches the 4x4 grids of
 *                                 the file GRIDS4 for their 4-clue puzzles
 *                                 with one context, against a brute-force
 *                                 twin built on minclue_solve alone
 *   use_minclue --seventeen PUZZLE17   searches the puzzle's grid for 17-clue
 *                                 puzzles (about a minute) and checks that
 *                                 the puzzle is among them
 * Exit status 0 when every check passes; each failure is printed.
 */
#include <minclue.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fails;
#define CHECK(c, ...)                                                                                        \
    do {                                                                                                     \
        if (!(c)) {                                                                                          \
            printf("FAIL: " __VA_ARGS__);                                                                    \
            printf("\n");                                                                                    \
            fails++;                                                                                         \
        }                                                                                                    \
    } while (0)

/* A valid 9x9 solution grid that agrees with the puzzle's clues (by rule,
 * not through the library). */
static int solves(const char *puzzle, const char *g)
{
    if (strlen(g) != 81) return 0;
    for (int i = 0; i < 81; i++) {
        if (g[i] < '1' || g[i] > '9') return 0;
        if (puzzle[i] != '.' && puzzle[i] != '0' && puzzle[i] != g[i]) return 0;
    }
    for (int u = 0; u < 9; u++) {
        int r = 0, c = 0, b = 0;
        for (int k = 0; k < 9; k++) {
            r |= 1 << (g[u * 9 + k] - '1');
            c |= 1 << (g[k * 9 + u] - '1');
            b |= 1 << (g[(u / 3 * 3 + k / 3) * 9 + u % 3 * 3 + k % 3] - '1');
        }
        if (r != 511 || c != 511 || b != 511) return 0;
    }
    return 1;
}

typedef struct found {
    char (*p)[MINCLUE_MAX_TEXT];
    int n, cap, bad;
    const char *grid;
    int clues;
} found;

static void on_puzzle(void *user, const char *puzzle, int nclues)
{
    found *f = user;
    int k = 0;
    for (const char *s = puzzle; *s; s++)
        if (*s != '.') {
            k++;
            if (*s != f->grid[s - puzzle]) f->bad++;
        }
    if (k != nclues || k != f->clues) f->bad++;
    if (f->n == f->cap) {
        f->cap = f->cap ? 2 * f->cap : 64;
        f->p = realloc(f->p, (size_t)f->cap * sizeof *f->p);
        if (!f->p) exit(2);
    }
    snprintf(f->p[f->n++], MINCLUE_MAX_TEXT, "%s", puzzle);
}

static int cmp(const void *a, const void *b) { return strcmp(a, b); }

int main(int argc, char **argv)
{
    printf("%s (API %d)\n", minclue_version(), MINCLUE_API_VERSION);
    if (argc == 3 && !strcmp(argv[1], "--seventeen")) {
        char grid[MINCLUE_MAX_TEXT];
        CHECK(minclue_solve(argv[2], grid) == 1, "the 17-clue puzzle is unique");
        minclue_search_options o;
        minclue_search_options_init(&o, 17);
        int st;
        minclue_search *s = minclue_search_new(&o, &st);
        CHECK(s != NULL, "search context: %s", minclue_strerror(st));
        found f = {.grid = grid, .clues = 17};
        long n = minclue_search_grid(s, grid, on_puzzle, &f);
        int hit = 0;
        for (int i = 0; i < f.n; i++) hit |= !strcmp(f.p[i], argv[2]);
        CHECK(n >= 1 && n == f.n && !f.bad && hit, "K = 17 finds the known puzzle (%ld puzzles)", n);
        printf("K = 17: %ld puzzles, the known one %s\n", n, hit ? "among them" : "MISSING");
        minclue_search_free(s);
        free(f.p);
        return fails != 0;
    }
    if (argc != 3) {
        fprintf(stderr, "usage: use_minclue PUZZLE17 GRIDS4 | --seventeen PUZZLE17\n");
        return 2;
    }
    const char *p17 = argv[1];

    /* solve: unique, and a valid grid with the clues; one clue less: more
     * than one solution (there is no 16-clue puzzle) */
    char grid[MINCLUE_MAX_TEXT];
    CHECK(minclue_solve(p17, grid) == 1, "solve: the 17-clue puzzle has one solution");
    CHECK(solves(p17, grid), "solve: the solution is a grid with the puzzle's clues");
    char p16[MINCLUE_MAX_TEXT];
    strcpy(p16, p17);
    *strpbrk(p16, "123456789") = '.';
    CHECK(minclue_solve(p16, NULL) == 2, "solve: 16 of its clues have several solutions");
    CHECK(minclue_solve("12345", NULL) == MINCLUE_EFORMAT, "solve: a short puzzle is a format error");

    /* canon: one form for the grid, its transpose with digits relabelled
     * and two rows swapped; the form is its own form and no larger */
    char t[MINCLUE_MAX_TEXT], c1[MINCLUE_MAX_TEXT], c2[MINCLUE_MAX_TEXT], c3[MINCLUE_MAX_TEXT];
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) t[(r == 0 ? 1 : r == 1 ? 0 : r) * 9 + c] = (char)('1' + (grid[c * 9 + r] - '1' + 4) % 9);
    t[81] = 0;
    int a1 = minclue_canon(grid, c1), a2 = minclue_canon(t, c2), a3 = minclue_canon(c1, c3);
    CHECK(a1 >= 1 && a1 == a2 && a2 == a3, "canon: automorphism counts %d %d %d", a1, a2, a3);
    CHECK(!strcmp(c1, c2) && !strcmp(c1, c3) && strcmp(c1, grid) <= 0, "canon: one minlex form");
    CHECK(minclue_canon(p17, c3) == MINCLUE_EINVALID, "canon: a puzzle is not a solution grid");

    /* search, 4x4 grids, K = 4, one context for the batch; the twin: every
     * 4-cell subset with the grid's digits, kept when minclue_solve says 1 */
    minclue_search_options o;
    minclue_search_options_init(&o, 4);
    o.box_rows = o.box_cols = 2;
    int st;
    minclue_search *s = minclue_search_new(&o, &st);
    CHECK(s != NULL, "search context: %s", minclue_strerror(st));
    if (!s) return 1;
    minclue_search_options bad = o;
    bad.reserved[3] = 1;
    CHECK(minclue_search_new(&bad, &st) == NULL && st == MINCLUE_EOPTIONS, "reserved fields must be zero");
    CHECK(minclue_search_grid(s, grid, NULL, NULL) == MINCLUE_ESHAPE, "search: a 9x9 grid in a 4x4 context");
    FILE *in = fopen(argv[2], "r");
    if (!in) return 2;
    char line[256];
    int grids = 0;
    long total = 0;
    while (fgets(line, sizeof line, in) && grids < 12) {
        if (line[0] == '#' || strlen(line) < 16) continue;
        line[16] = 0;
        grids++;
        found f = {.grid = line, .clues = 4};
        long n = minclue_search_grid(s, line, on_puzzle, &f);
        CHECK(n == f.n && !f.bad, "grid %s: %ld puzzles reported, %d by callback, %d bad", line, n, f.n, f.bad);
        found b = {.grid = line, .clues = 4};
        for (int m = 0; m < 1 << 16; m++) {
            if (__builtin_popcount((unsigned)m) != 4) continue;
            char p[17];
            for (int i = 0; i < 16; i++) p[i] = (m >> i & 1) ? line[i] : '.';
            p[16] = 0;
            if (minclue_solve(p, NULL) == 1) on_puzzle(&b, p, 4);
        }
        qsort(f.p, (size_t)f.n, sizeof *f.p, cmp);
        qsort(b.p, (size_t)b.n, sizeof *b.p, cmp);
        int same = f.n == b.n;
        for (int i = 0; same && i < f.n; i++) same = !strcmp(f.p[i], b.p[i]);
        CHECK(same, "grid %s: search %d puzzles, brute force %d", line, f.n, b.n);
        total += n;
        free(f.p);
        free(b.p);
    }
    fclose(in);
    minclue_search_free(s);
    CHECK(grids == 12 && total > 0, "searched %d grids, %ld puzzles", grids, total);
    printf("4x4, K = 4: %d grids, %ld puzzles, each set equal to the brute-force twin's\n", grids, total);
    return fails != 0;
}
