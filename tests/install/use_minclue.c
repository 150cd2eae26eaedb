/* use_minclue — a program built against an installed libminclue (through
 * pkg-config or find_package) by tests/cli/test_install*.sh; it uses only
 * minclue.h, and its oracles only minclue_solve and the rules of Sudoku.
 *
 *   use_minclue PUZZLE17 GRIDS4   solve and canon on a 17-clue puzzle and
 *                                 its grid; the error codes (NULL pointers,
 *                                 bad sizes, every option out of range, the
 *                                 engines' shapes); the 4x4 grids of the
 *                                 file GRIDS4 searched with one context at
 *                                 K = 4 and 5 against a brute-force twin
 *                                 built on minclue_solve alone, with
 *                                 `first`, and with a callback that re-enters
 *                                 its context or frees it
 *   use_minclue --band PUZZLE17   the band engine on the puzzle's grid at
 *                                 K = 16: no puzzle (a second)
 *   use_minclue --seventeen GRIDS17 N
 *                                 grid N of GRIDS17 (tests/data/seventeen-
 *                                 grids.txt: a grid and every 17-clue puzzle
 *                                 in it) at K = 17: the checker and the band
 *                                 engine each list exactly those puzzles,
 *                                 and with `first` each stops at one of
 *                                 them (minutes)
 * Exit status 0 when every check passes; each failure is printed.
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include <minclue.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "install_check.h"

/* ---- oracles: the rules, and minclue_solve ---- */

static int digit_of(char ch) { return ch >= '1' && ch <= '9' ? ch - '1' : ch >= 'A' && ch <= 'G' ? ch - 'A' + 9 : -1; }

/* g is a valid solution grid of boxes R x C (by rule, not through the
 * library) that agrees with the puzzle's clues (puzzle may be NULL). */
static int solves(const char *puzzle, const char *g, int R, int C)
{
    int N = R * C;
    if ((int)strlen(g) != N * N) return 0;
    for (int i = 0; i < N * N; i++) {
        int d = digit_of(g[i]);
        if (d < 0 || d >= N) return 0;
        if (puzzle && puzzle[i] != '.' && puzzle[i] != '0' && puzzle[i] != g[i]) return 0;
    }
    for (int u = 0; u < N; u++) {
        unsigned r = 0, c = 0, b = 0;
        for (int k = 0; k < N; k++) {
            r |= 1u << digit_of(g[u * N + k]);
            c |= 1u << digit_of(g[k * N + u]);
            b |= 1u << digit_of(g[(u / R * R + k / C) * N + u % R * C + k % C]);
        }
        if (r != (1u << N) - 1 || c != r || b != r) return 0;
    }
    return 1;
}

/* A solution grid of boxes R x C by formula: row r is the row 0 pattern
 * shifted by (r mod R) * C + r / R. */
static void pattern_grid(int R, int C, char *out)
{
    int N = R * C;
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++) out[r * N + c] = "123456789ABCDEFG"[((r % R) * C + r / R + c) % N];
    out[N * N] = 0;
}

/* A list of puzzles (texts). */
typedef struct found {
    char (*p)[MINCLUE_MAX_TEXT];
    int n, cap, bad;
    const char *grid;
    int clues; /* each has at most this many */
} found;

static void found_add(found *f, const char *puzzle)
{
    if (f->n == f->cap) {
        f->cap = f->cap ? 2 * f->cap : 64;
        f->p = realloc(f->p, (size_t)f->cap * sizeof *f->p);
        if (!f->p) exit(2);
    }
    snprintf(f->p[f->n++], MINCLUE_MAX_TEXT, "%s", puzzle);
}

/* The callback: the puzzle's clues are the grid's digits, their number is
 * nclues, at most K, and it was not reported before. */
static void on_puzzle(void *user, const char *puzzle, int nclues)
{
    found *f = user;
    int k = 0;
    for (const char *s = puzzle; *s; s++)
        if (*s != '.') {
            k++;
            if (*s != f->grid[s - puzzle]) f->bad++;
        }
    if (k != nclues || k > f->clues || strlen(puzzle) != strlen(f->grid)) f->bad++;
    for (int i = 0; i < f->n; i++) f->bad += !strcmp(f->p[i], puzzle);
    found_add(f, puzzle);
}

static int cmp(const void *a, const void *b) { return strcmp(a, b); }

/* a and b list the same puzzles (each sorted here) */
static int same(found *a, found *b)
{
    qsort(a->p, (size_t)a->n, sizeof *a->p, cmp);
    qsort(b->p, (size_t)b->n, sizeof *b->p, cmp);
    int ok = a->n == b->n;
    for (int i = 0; ok && i < a->n; i++) ok = !strcmp(a->p[i], b->p[i]);
    return ok;
}

static int listed(const found *f, const char *puzzle)
{
    for (int i = 0; i < f->n; i++)
        if (!strcmp(f->p[i], puzzle)) return 1;
    return 0;
}

/* The twin on a 4x4 grid: every subset of at most K cells whose puzzle is
 * unique and minimal (each clue taken away gives a second solution). */
static void brute4(const char *grid, int K, found *out)
{
    for (unsigned m = 1; m < 1u << 16; m++) {
        if (__builtin_popcount(m) > K) continue;
        char p[17];
        for (int i = 0; i < 16; i++) p[i] = (m >> i & 1) ? grid[i] : '.';
        p[16] = 0;
        if (minclue_solve(p, NULL) != 1) continue;
        int minimal = 1;
        for (int i = 0; i < 16 && minimal; i++) {
            if (!(m >> i & 1)) continue;
            p[i] = '.';
            minimal = minclue_solve(p, NULL) == 2;
            p[i] = grid[i];
        }
        if (minimal) found_add(out, p);
    }
}

/* ---- solve, canon, the error codes ---- */

static void check_solve_canon(const char *p17, char *grid)
{
    /* solve: unique, and a valid grid with the clues; one clue less: more
     * than one solution (there is no 16-clue puzzle) */
    CHECK(minclue_solve(p17, grid) == 1, "solve: the 17-clue puzzle has one solution");
    CHECK(solves(p17, grid, 3, 3), "solve: the solution is a grid with the puzzle's clues");
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
}

/* Every status has its own text; every pointer argument is checked. */
static void check_null_and_texts(const char *grid)
{
    for (int st = MINCLUE_ENULL; st <= MINCLUE_OK; st++) {
        const char *t = minclue_strerror(st);
        CHECK(t && *t && strcmp(t, minclue_strerror(1)), "strerror(%d) has a text of its own", st);
        for (int o = MINCLUE_ENULL; o < st; o++) CHECK(strcmp(t, minclue_strerror(o)), "strerror(%d) = (%d)", st, o);
    }
    char out[MINCLUE_MAX_TEXT];
    CHECK(minclue_canon(grid, NULL) == MINCLUE_ENULL, "canon without an output buffer");
    CHECK(minclue_canon(NULL, out) == MINCLUE_ENULL, "canon without a grid");
    CHECK(minclue_solve(NULL, out) == MINCLUE_ENULL, "solve without a puzzle");
    minclue_search_options_init(NULL, 17); /* nothing to do, no crash */
    int st = 0;
    CHECK(minclue_search_new(NULL, &st) == NULL && st == MINCLUE_ENULL, "search_new without options: %d", st);
    CHECK(minclue_search_new(NULL, NULL) == NULL, "search_new without options or status");
    minclue_search_options o;
    minclue_search_options_init(&o, 16);
    minclue_search *s = minclue_search_new(&o, NULL);
    CHECK(s != NULL, "search_new with a NULL status");
    CHECK(minclue_search_grid(NULL, grid, NULL, NULL) == MINCLUE_ENULL, "search_grid without a context");
    CHECK(minclue_search_grid(s, NULL, NULL, NULL) == MINCLUE_ENULL, "search_grid without a grid");
    minclue_search_free(s);
    minclue_search_free(NULL);
}

/* A context for o: OK or EOPTIONS. When made, one search of a valid grid
 * of its shape must not fail (an accepted option is a working one), and on
 * 4x4 it must give the twin's puzzles (one of them with first); returns
 * the search's result, or the status of _new. */
static long try_options(const minclue_search_options *o)
{
    static found twin[17]; /* of the 4x4 pattern grid, by K, made once */
    int st = 1;
    minclue_search *s = minclue_search_new(o, &st);
    if (!s) return st;
    CHECK(st == MINCLUE_OK, "search_new gave a context and status %d", st);
    int R = o->box_rows ? o->box_rows : 3, C = o->box_cols ? o->box_cols : 3;
    char g[MINCLUE_MAX_TEXT];
    pattern_grid(R, C, g);
    CHECK(solves(NULL, g, R, C), "the pattern grid %dx%d is valid", R, C);
    found f = {.grid = g, .clues = o->clues};
    long n = minclue_search_grid(s, g, on_puzzle, &f);
    CHECK(n >= 0 && n == f.n && !f.bad, "boxes %dx%d, K = %d, engine %d: accepted, then search gives %ld (%s)", R, C,
          o->clues, o->engine, n, n < 0 ? minclue_strerror((int)n) : "ok");
    if (R * C == 4 && n >= 0) {
        found *b = &twin[o->clues];
        if (!b->grid) {
            b->grid = "-";
            brute4(g, o->clues, b);
        }
        CHECK(o->first ? n == (b->n > 0) && (n == 0 || listed(b, f.p[0])) : same(&f, b),
              "4x4, K = %d, ua_max_size %d, ua_limit %d, max_degree %d, no_learn %d, first %d: %ld puzzles, twin %d",
              o->clues, o->ua_max_size, o->ua_limit, o->max_degree, o->no_learn, o->first, n, b->n);
    }
    free(f.p);
    minclue_search_free(s);
    return n < 0 ? n : MINCLUE_OK;
}

/* The options' size, each option's range, the engines' shapes. */
static void check_options(void)
{
    minclue_search_options o;
    minclue_search_options_init(&o, 4);
    o.box_rows = o.box_cols = 2;
    CHECK(try_options(&o) == MINCLUE_OK, "the defaults on 4x4 boxes");

    /* sizes: only sizeof. The options end where a page that cannot be
     * read begins, so a library that reads past sizeof crashes here. */
    long page = sysconf(_SC_PAGESIZE);
    unsigned char *map = mmap(NULL, 2 * (size_t)page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (map == MAP_FAILED || mprotect(map + page, (size_t)page, PROT_NONE)) exit(2);
    minclue_search_options *edge = (minclue_search_options *)(map + page - sizeof o);
    size_t sizes[] = {0, 1, sizeof o - 1, sizeof o - sizeof(int), sizeof o + 1, sizeof o + 8, 0xdeadbeef,
                      (size_t)-1};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        *edge = o;
        edge->size = sizes[i];
        int st = 0;
        minclue_search *s = minclue_search_new(edge, &st);
        CHECK(!s && st == MINCLUE_EOPTIONS, "size %zu (sizeof %zu): status %d", sizes[i], sizeof o, st);
        minclue_search_free(s);
    }
    *edge = o;
    CHECK(try_options(edge) == MINCLUE_OK, "options at the end of a page");
    munmap(map, 2 * (size_t)page);
    for (int i = 0; i < 7; i++) {
        minclue_search_options b = o;
        b.reserved[i] = 1;
        CHECK(try_options(&b) == MINCLUE_EOPTIONS, "reserved[%d] = 1", i);
    }

    /* shapes: the checker takes boxes 2x2, 2x3, 2x4 and 3x3 (the grids of
     * at most 81 cells the text names), the band engine 3x3, check64 2x2,
     * 2x3 and 2x4; 0 means 3 */
    for (int engine = MINCLUE_ENGINE_CHECKER; engine <= MINCLUE_ENGINE_CHECK64; engine++)
        for (int r = -1; r <= 5; r++)
            for (int c = -1; c <= 5; c++) {
                minclue_search_options b;
                minclue_search_options_init(&b, 4);
                b.engine = engine;
                b.box_rows = r;
                b.box_cols = c;
                int R = r ? r : 3, C = c ? c : 3;
                int ok = engine == MINCLUE_ENGINE_BAND      ? R == 3 && C == 3
                         : engine == MINCLUE_ENGINE_CHECK64 ? R == 2 && C >= 2 && C <= 4
                                                            : (R == 2 && C >= 2 && C <= 4) || (R == 3 && C == 3);
                long st = try_options(&b);
                CHECK(st == (ok ? MINCLUE_OK : MINCLUE_EOPTIONS), "engine %d, boxes %dx%d: %ld, want %d", engine, r,
                      c, st, ok ? MINCLUE_OK : MINCLUE_EOPTIONS);
            }

    /* one option at a time, each value from below its range to above */
    struct {
        const char *name;
        int engine, rows, lo, hi, from, to;
        size_t off;
    } range[] = {
        {"clues", 0, 2, 1, 16, -1, 18, offsetof(minclue_search_options, clues)},
        {"clues", 0, 3, 1, 81, -1, 83, offsetof(minclue_search_options, clues)},
        {"clues", 1, 3, 1, 27, -1, 29, offsetof(minclue_search_options, clues)},
        {"ua_max_size", 0, 2, 0, 24, -1, 26, offsetof(minclue_search_options, ua_max_size)},
        {"ua_max_size", 0, 3, 0, 24, -1, 26, offsetof(minclue_search_options, ua_max_size)},
        {"ua_max_size", 1, 3, 0, 0, -1, 2, offsetof(minclue_search_options, ua_max_size)},
        {"ua_limit", 0, 2, 0, 1000, -1, 2, offsetof(minclue_search_options, ua_limit)},
        {"ua_limit", 1, 3, 0, 0, -1, 2, offsetof(minclue_search_options, ua_limit)},
        {"max_degree", 0, 2, 0, 5, -1, 17, offsetof(minclue_search_options, max_degree)},
        {"max_degree", 0, 3, 0, 5, -1, 17, offsetof(minclue_search_options, max_degree)},
        {"max_degree", 1, 3, 0, 0, -1, 2, offsetof(minclue_search_options, max_degree)},
        {"no_learn", 0, 2, 0, 1, -1, 2, offsetof(minclue_search_options, no_learn)},
        {"no_learn", 1, 3, 0, 1, -1, 2, offsetof(minclue_search_options, no_learn)},
        {"first", 0, 2, 0, 1, -1, 2, offsetof(minclue_search_options, first)},
        {"first", 1, 3, 0, 1, -1, 2, offsetof(minclue_search_options, first)},
        {"clues", 2, 2, 1, 16, -1, 18, offsetof(minclue_search_options, clues)},
        {"ua_max_size", 2, 2, 0, 0, -1, 2, offsetof(minclue_search_options, ua_max_size)},
        {"ua_limit", 2, 2, 0, 0, -1, 2, offsetof(minclue_search_options, ua_limit)},
        {"max_degree", 2, 2, 0, 0, -1, 2, offsetof(minclue_search_options, max_degree)},
        {"no_learn", 2, 2, 0, 0, -1, 2, offsetof(minclue_search_options, no_learn)},
        {"first", 2, 2, 0, 1, -1, 2, offsetof(minclue_search_options, first)},
        {"engine", 0, 3, 0, 1, -1, 3, offsetof(minclue_search_options, engine)},
    };
    for (size_t i = 0; i < sizeof range / sizeof range[0]; i++)
        for (int v = range[i].from; v <= range[i].to; v++) {
            minclue_search_options b;
            minclue_search_options_init(&b, range[i].rows == 2 ? 4 : 16);
            b.engine = range[i].engine;
            b.box_rows = b.box_cols = range[i].rows;
            memcpy((char *)&b + range[i].off, &v, sizeof v);
            int ok = v >= range[i].lo && v <= range[i].hi;
            /* 4x4: each accepted value searches a grid; 9x9 (where a search
             * takes a second or more): the context only */
            long st;
            if (range[i].rows == 2) {
                st = try_options(&b);
            } else {
                minclue_search *s = minclue_search_new(&b, NULL);
                st = s ? MINCLUE_OK : MINCLUE_EOPTIONS;
                minclue_search_free(s);
            }
            CHECK(st == (ok ? MINCLUE_OK : MINCLUE_EOPTIONS), "engine %d, boxes %dx%d, %s = %d: %ld, want %d",
                  b.engine, range[i].rows, range[i].rows, range[i].name, v, st, ok ? MINCLUE_OK : MINCLUE_EOPTIONS);
        }
}

/* ---- 4x4 searches against the twin ---- */

/* A callback that searches its own context again (refused: EBUSY), on the
 * first puzzle, and goes on collecting. */
typedef struct reenter {
    found f;
    minclue_search *s;
    long inner;
    int calls;
} reenter;

static void on_puzzle_reenter(void *user, const char *puzzle, int nclues)
{
    reenter *r = user;
    if (r->calls++ == 0) r->inner = minclue_search_grid(r->s, r->f.grid, on_puzzle_reenter, r);
    on_puzzle(&r->f, puzzle, nclues);
}

/* A callback that frees its own context on the first puzzle. */
static void on_puzzle_free(void *user, const char *puzzle, int nclues)
{
    reenter *r = user;
    r->calls++;
    minclue_search_free(r->s);
    on_puzzle(&r->f, puzzle, nclues);
}

/* A callback that uses another context on the same grid (allowed). */
static void on_puzzle_other(void *user, const char *puzzle, int nclues)
{
    reenter *r = user;
    if (r->calls++ == 0) {
        found f = {.grid = r->f.grid, .clues = r->f.clues};
        r->inner = minclue_search_grid(r->s, r->f.grid, on_puzzle, &f);
        free(f.p);
    }
    on_puzzle(&r->f, puzzle, nclues);
}

/* One context per (K, first) for the batch of 4x4 grids. */
static void check_search4(const char *grids4, const char *grid9, int engine)
{
    minclue_search *ctx[2][2];
    for (int k = 0; k < 2; k++)
        for (int first = 0; first < 2; first++) {
            minclue_search_options o;
            minclue_search_options_init(&o, 4 + k);
            o.box_rows = o.box_cols = 2;
            o.engine = engine;
            o.first = first;
            int st;
            ctx[k][first] = minclue_search_new(&o, &st);
            CHECK(ctx[k][first] != NULL, "search context K = %d first %d: %s", 4 + k, first, minclue_strerror(st));
            if (!ctx[k][first]) exit(1);
        }
    CHECK(minclue_search_grid(ctx[0][0], grid9, NULL, NULL) == MINCLUE_ESHAPE, "search: a 9x9 grid in a 4x4 context");
    FILE *in = fopen(grids4, "r");
    if (!in) exit(2);
    char line[256];
    int grids = 0;
    long total[2] = {0, 0}, firsts = 0;
    while (fgets(line, sizeof line, in) && grids < 12) {
        if (line[0] == '#' || strlen(line) < 16) continue;
        line[16] = 0;
        grids++;
        for (int k = 0; k < 2; k++) {
            int K = 4 + k;
            found b = {.grid = line, .clues = K};
            brute4(line, K, &b);
            found f = {.grid = line, .clues = K};
            long n = minclue_search_grid(ctx[k][0], line, on_puzzle, &f);
            CHECK(n == f.n && !f.bad, "grid %s K = %d: %ld puzzles reported, %d by callback, %d bad", line, K, n, f.n,
                  f.bad);
            CHECK(same(&f, &b), "grid %s K = %d: search %d puzzles, brute force %d", line, K, f.n, b.n);
            total[k] += n;

            /* first: one puzzle of the twin's when it has any, else none */
            found g = {.grid = line, .clues = K};
            n = minclue_search_grid(ctx[k][1], line, on_puzzle, &g);
            CHECK(n == (b.n > 0) && g.n == n && !g.bad && (n == 0 || listed(&b, g.p[0])),
                  "grid %s K = %d first: %ld puzzles (%d by callback), twin %d", line, K, n, g.n, b.n);
            firsts += n;

            /* re-entry from the callback is refused; the search it
             * interrupts is whole */
            reenter r = {.f = {.grid = line, .clues = K}, .s = ctx[k][0], .inner = 1};
            n = minclue_search_grid(ctx[k][0], line, on_puzzle_reenter, &r);
            CHECK(b.n == 0 || r.inner == MINCLUE_EBUSY, "grid %s K = %d: re-entry gives %ld, want EBUSY", line, K,
                  r.inner);
            CHECK(n == b.n && same(&r.f, &b) && !r.f.bad, "grid %s K = %d with re-entry: %ld puzzles, twin %d", line,
                  K, n, b.n);
            /* another context from the callback is fine */
            reenter a = {.f = {.grid = line, .clues = K}, .s = ctx[1 - k][0], .inner = -99};
            n = minclue_search_grid(ctx[k][0], line, on_puzzle_other, &a);
            CHECK(n == b.n && same(&a.f, &b) && (b.n == 0 || a.inner >= 0),
                  "grid %s K = %d, another context inside: %ld puzzles, twin %d, inner %ld", line, K, n, b.n, a.inner);
            free(b.p);
            free(f.p);
            free(g.p);
            free(r.f.p);
            free(a.f.p);
        }
    }
    fclose(in);
    for (int k = 0; k < 2; k++)
        for (int first = 0; first < 2; first++) minclue_search_free(ctx[k][first]);
    CHECK(grids == 12 && total[0] > 0 && total[1] > total[0], "searched %d grids, %ld and %ld puzzles", grids,
          total[0], total[1]);
    printf("4x4, engine %d: %d grids, K = 4: %ld puzzles, K = 5: %ld, each list the brute-force twin's; first: %ld; "
           "re-entry refused\n",
           engine, grids, total[0], total[1], firsts);
    if (engine != MINCLUE_ENGINE_CHECKER) return;

    /* a callback that frees its context: freed when the search returns,
     * no callback after the free (sanitizer builds check the memory) */
    minclue_search_options o;
    minclue_search_options_init(&o, 5);
    o.box_rows = o.box_cols = 2;
    minclue_search *s = minclue_search_new(&o, NULL);
    in = fopen(grids4, "r");
    while (fgets(line, sizeof line, in) && (line[0] == '#' || strlen(line) < 16)) continue;
    fclose(in);
    line[16] = 0;
    reenter r = {.f = {.grid = line, .clues = 5}, .s = s};
    long n = s ? minclue_search_grid(s, line, on_puzzle_free, &r) : -1;
    CHECK(n >= 2 && r.calls == 1, "a callback that frees its context: %ld puzzles, %d callbacks", n, r.calls);
    free(r.f.p);
}

/* ---- 9x9, the band engine ---- */

static minclue_search *context9(int engine, int K, int first)
{
    minclue_search_options o;
    minclue_search_options_init(&o, K);
    o.engine = engine;
    o.first = first;
    int st;
    minclue_search *s = minclue_search_new(&o, &st);
    CHECK(s != NULL, "engine %d, K = %d, first %d: %s", engine, K, first, minclue_strerror(st));
    if (!s) exit(1);
    return s;
}

/* K = 16 on a grid with a 17: no puzzle from the band engine (there is no
 * 16-clue puzzle; the checker takes ten times longer to say so). */
static int band16(const char *p17)
{
    char grid[MINCLUE_MAX_TEXT];
    CHECK(minclue_solve(p17, grid) == 1, "the 17-clue puzzle is unique");
    minclue_search *s = context9(MINCLUE_ENGINE_BAND, 16, 0);
    found f = {.grid = grid, .clues = 16};
    clock_t t0 = clock();
    long n = minclue_search_grid(s, grid, on_puzzle, &f);
    CHECK(n == 0 && f.n == 0, "band engine, K = 16: %ld puzzles", n);
    minclue_search_free(s);
    printf("band engine, K = 16: %ld puzzles, %.2f s CPU\n", n, (double)(clock() - t0) / CLOCKS_PER_SEC);
    return fails != 0;
}

/* Grid n of the seventeen-grids file and its puzzles. */
static int read_grid17(const char *path, int n, char *grid, found *list)
{
    FILE *in = fopen(path, "r");
    if (!in) return 0;
    char line[256];
    int g = 0;
    while (fgets(line, sizeof line, in)) {
        if (line[0] == 'G') g++;
        if (g == n && line[0] == 'G') snprintf(grid, MINCLUE_MAX_TEXT, "%.81s", line + 2);
        if (g == n && line[0] == 'P') {
            line[83] = 0;
            found_add(list, line + 2);
        }
    }
    fclose(in);
    return g >= n;
}

static int seventeen(const char *path, int n)
{
    char grid[MINCLUE_MAX_TEXT];
    found list = {.clues = 17};
    CHECK(read_grid17(path, n, grid, &list) && list.n > 0, "grid %d of %s", n, path);
    if (fails) return 1;
    const char *name[] = {"checker", "band"};
    for (int engine = MINCLUE_ENGINE_CHECKER; engine <= MINCLUE_ENGINE_BAND; engine++) {
        minclue_search *s = context9(engine, 17, 0);
        found f = {.grid = grid, .clues = 17};
        clock_t t0 = clock();
        long c = minclue_search_grid(s, grid, on_puzzle, &f);
        CHECK(c == f.n && !f.bad && same(&f, &list), "%s, K = 17: %ld puzzles, the list %d", name[engine], c, list.n);
        printf("%s, K = 17: %ld puzzles, the list of grid %d has %d; %.1f s CPU\n", name[engine], c, n, list.n,
               (double)(clock() - t0) / CLOCKS_PER_SEC);
        minclue_search_free(s);
        free(f.p);
        s = context9(engine, 17, 1);
        found g = {.grid = grid, .clues = 17};
        t0 = clock();
        c = minclue_search_grid(s, grid, on_puzzle, &g);
        CHECK(c == 1 && g.n == 1 && !g.bad && listed(&list, g.p[0]), "%s, K = 17, first: %ld puzzles", name[engine],
              c);
        printf("%s, K = 17, first: %ld puzzle; %.1f s CPU\n", name[engine], c, (double)(clock() - t0) / CLOCKS_PER_SEC);
        minclue_search_free(s);
        free(g.p);
    }
    free(list.p);
    return fails != 0;
}

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IOLBF, 0); /* each failure shown, even before a crash */
    printf("%s (API %d)\n", minclue_version(), MINCLUE_API_VERSION);
    if (argc == 3 && !strcmp(argv[1], "--band")) return band16(argv[2]);
    if (argc == 4 && !strcmp(argv[1], "--seventeen")) return seventeen(argv[2], atoi(argv[3]));
    if (argc != 3) {
        fprintf(stderr, "usage: use_minclue PUZZLE17 GRIDS4 | --band PUZZLE17 | --seventeen GRIDS17 N\n");
        return 2;
    }
    char grid[MINCLUE_MAX_TEXT];
    check_solve_canon(argv[1], grid);
    check_null_and_texts(grid);
    check_options();
    check_search4(argv[2], grid, MINCLUE_ENGINE_CHECKER);
    check_search4(argv[2], grid, MINCLUE_ENGINE_CHECK64);
    return fails != 0;
}
