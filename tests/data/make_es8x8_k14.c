/* make_es8x8_k14 — writes es8x8-k14.txt: essentially different 8x8 grids
 * (2x4 boxes) that have 14-clue puzzles, each with puzzles of it, found by
 * a neighbourhood search from known 14-clue puzzles.
 *
 *   make_es8x8_k14 [--grids N] [--per-grid P] [--seed S] [--from FILE] [PUZZLE...] > es8x8-k14.txt
 *
 * Seeds: each PUZZLE argument (64 characters, digits 1-8 and '.'), and with
 * --from every puzzle token of FILE's lines (the output format below, so
 * the file can seed its own remake; complete grids on a line are skipped).
 * Each seed must have exactly 14 clues and be a minimal unique puzzle.
 *
 * Search: a pool of 14-clue puzzles, taken first in first out, starting
 * with the seeds. For a puzzle P of the pool every {-1,+1} move is tried,
 * in an order shuffled with the prng seeded by S (default 14): drop one
 * clue, put any digit on one empty cell; the result Q is kept when
 * solve64 counts exactly one solution. Q's solution is put in canonical
 * form (canon_minlex) and Q is mapped by the same transform. A new
 * canonical grid is recorded with Q until N grids (default 60) are
 * recorded; a new puzzle of a recorded grid is added to its line, up to P
 * puzzles a line (default 8); every puzzle added to a line joins the pool.
 * Same arguments, same file: the search order depends only on them.
 *
 * Invariants of what is written, checked before it is: each grid is a
 * valid solution grid in its own minlex form, the grids are distinct, and
 * each puzzle on a grid's line has 14 clues equal to the grid's digits and
 * is a minimal unique puzzle by the plain solver (solver.c: one solution;
 * each one-clue-less subset has two), a solver independent of the search's
 * solve64.
 *
 * Output: comment lines (the command line, the build banner, the format),
 * then per grid one line: the 64 digits of the grid, then its puzzles
 * (64 characters each, '.' empty), separated by single spaces.
 * Stops with an error when the pool runs out before N grids.
 * Bad input: one line naming the argument or file:line, exit 2.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "banner.h"
#include "canon.h"
#include "gridfile.h"
#include "prng.h"
#include "solve64.h"
#include "solver.h"
#include "transform.h"

#define CLUES 14

typedef struct pz64 {
    uint8_t cell[64];
} pz64;

typedef struct found_grid {
    uint8_t canon[64];
    int npz;
    pz64 *pz; /* per_grid puzzles, in the canonical frame */
} found_grid;

typedef struct search {
    const geometry *geo;
    solve64 *fast;
    solver_ctx *plain;
    prng rng;
    int want, per_grid;
    found_grid *grid;
    int ngrids;
    pz64 *pool; /* puzzles in the canonical frame of their grid */
    int npool, cap_pool;
    long tried, unique;
} search;

/* The one-line error and exit 2. */
static void die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "make_es8x8_k14: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    exit(2);
}

static int clue_count(const uint8_t *pz)
{
    int n = 0;
    for (int x = 0; x < 64; x++) n += pz[x] != CELL_EMPTY;
    return n;
}

/* The plain solver's check: pz is unique and dropping any clue leaves a
 * puzzle with a second solution. */
static int minimal_unique(search *s, const uint8_t *pz)
{
    uint8_t t[MAX_CELLS];
    memset(t, CELL_EMPTY, sizeof t);
    memcpy(t, pz, 64);
    if (solver_count(s->plain, t, 2, NULL) != 1) return 0;
    for (int x = 0; x < 64; x++) {
        if (pz[x] == CELL_EMPTY) continue;
        t[x] = CELL_EMPTY;
        int n = solver_count(s->plain, t, 2, NULL);
        t[x] = pz[x];
        if (n != 2) return 0;
    }
    return 1;
}

static void pool_push(search *s, const uint8_t *pz)
{
    if (s->npool == s->cap_pool) {
        s->cap_pool = s->cap_pool ? 2 * s->cap_pool : 64;
        s->pool = realloc(s->pool, sizeof *s->pool * (size_t)s->cap_pool);
        if (!s->pool) die("out of memory");
    }
    memcpy(s->pool[s->npool++].cell, pz, 64);
}

/* Records the unique 14-clue puzzle pz with solution sol (original frame):
 * its grid's line gets it (a new grid while fewer than want are recorded),
 * and then the pool too. Returns 1 when it was new. */
static int record(search *s, const uint8_t *pz, const uint8_t *sol)
{
    grid g, c;
    transform t;
    g.geo = s->geo;
    memcpy(g.cell, sol, 64);
    if (canon_minlex(&g, &c, &t) == 0) die("internal: a solution grid that canon_minlex refuses");
    pz64 q;
    transform_apply_cells(&t, pz, q.cell);
    for (int x = 0; x < 64; x++)
        if (q.cell[x] != CELL_EMPTY && q.cell[x] != c.cell[x]) die("internal: a mapped clue off its grid");
    found_grid *f = NULL;
    for (int i = 0; i < s->ngrids && !f; i++)
        if (memcmp(s->grid[i].canon, c.cell, 64) == 0) f = &s->grid[i];
    if (!f) {
        if (s->ngrids == s->want) return 0;
        f = &s->grid[s->ngrids++];
        memcpy(f->canon, c.cell, 64);
        f->npz = 0;
    }
    if (f->npz == s->per_grid) return 0;
    for (int i = 0; i < f->npz; i++)
        if (memcmp(f->pz[i].cell, q.cell, 64) == 0) return 0;
    if (!minimal_unique(s, q.cell)) die("internal: a unique 14-clue puzzle that is not minimal");
    f->pz[f->npz++] = q;
    pool_push(s, q.cell);
    return 1;
}

/* Every {-1,+1} move of pz (a unique 14-clue puzzle), in shuffled order. */
static void explore(search *s, const uint8_t *pz)
{
    uint8_t clue[CLUES], empty[64], digit[8];
    int nc = 0, ne = 0;
    for (int x = 0; x < 64; x++) {
        if (pz[x] != CELL_EMPTY) clue[nc++] = (uint8_t)x;
        else empty[ne++] = (uint8_t)x;
    }
    for (int d = 0; d < 8; d++) digit[d] = (uint8_t)d;
    prng_shuffle_u8(&s->rng, clue, nc);
    prng_shuffle_u8(&s->rng, empty, ne);
    uint8_t q[64], sol[64];
    memcpy(q, pz, 64);
    for (int i = 0; i < nc; i++) {
        uint8_t keep = q[clue[i]];
        q[clue[i]] = CELL_EMPTY;
        for (int j = 0; j < ne; j++) {
            prng_shuffle_u8(&s->rng, digit, 8);
            for (int k = 0; k < 8; k++) {
                q[empty[j]] = digit[k];
                s->tried++;
                if (solve64_count(s->fast, q, 2, sol, NULL, NULL) == 1) {
                    s->unique++;
                    record(s, q, sol);
                }
            }
            q[empty[j]] = CELL_EMPTY;
        }
        q[clue[i]] = keep;
    }
}

/* A seed: parsed, 14 clues, minimal unique; recorded. where names it. */
static void add_seed(search *s, const char *text, size_t len, const char *where)
{
    const geometry *geo = s->geo;
    grid p;
    size_t tok;
    mc_error err;
    if (grid_parse(text, len, &geo, DIGITS_STD, &p, &tok, &err) != MC_OK) die("%s: %s", where, err.msg);
    int n = clue_count(p.cell);
    if (n == 64) return; /* a grid on a data line */
    if (n != CLUES) die("%s: %d clues, want %d", where, n, CLUES);
    uint8_t sol[64];
    int count = solve64_count(s->fast, p.cell, 2, sol, NULL, NULL);
    if (count != 1) die("%s: %s", where, count ? "more than one solution" : "no solution");
    if (!minimal_unique(s, p.cell)) die("%s: not minimal (a clue can be dropped)", where);
    record(s, p.cell, sol);
}

/* Every whitespace-separated token of FILE's non-comment lines is a seed. */
static void add_seeds_from(search *s, const char *path)
{
    linereader *r;
    mc_error err;
    char *line, where[600];
    size_t len;
    if (linereader_open(path, &r, &err) != MC_OK) die("%s", err.msg);
    mc_status st;
    while ((st = linereader_next(r, &line, &len, &err)) == MC_OK) {
        if (line[0] == '#') continue;
        for (char *tok = strtok(line, " \t\r"); tok; tok = strtok(NULL, " \t\r")) {
            snprintf(where, sizeof where, "%s:%ld", path, linereader_line(r));
            add_seed(s, tok, strlen(tok), where);
        }
    }
    if (st != MC_EOF) die("%s", err.msg);
    linereader_free(r);
}

static int number(const char *opt, const char *v, int lo, int hi)
{
    char *end;
    long n = strtol(v, &end, 10);
    if (*v == 0 || *end != 0 || n < lo || n > hi) die("%s wants a number in %d..%d, not '%s'", opt, lo, hi, v);
    return (int)n;
}

int main(int argc, char **argv)
{
    search s = {0};
    s.geo = geometry_get(2, 4);
    s.fast = solve64_new(s.geo);
    s.plain = solver_new(s.geo);
    if (!s.fast || !s.plain) die("out of memory");
    s.want = 60;
    s.per_grid = 8;
    uint64_t seed = 14;
    for (int i = 1; i < argc; i++) /* options first: the seeds are recorded with them */
        if (strcmp(argv[i], "--grids") == 0 && i + 1 < argc) s.want = number("--grids", argv[++i], 1, 100000);
        else if (strcmp(argv[i], "--per-grid") == 0 && i + 1 < argc) s.per_grid = number("--per-grid", argv[++i], 1, 1000);
        else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc) seed = (uint64_t)number("--seed", argv[++i], 0, 1 << 30);
        else if (strcmp(argv[i], "--from") == 0 && i + 1 < argc) i++;
        else if (argv[i][0] == '-') {
            fprintf(stderr, "usage: make_es8x8_k14 [--grids N] [--per-grid P] [--seed S] [--from FILE] [PUZZLE...]\n");
            return 2;
        }
    prng_seed(&s.rng, seed);
    s.grid = calloc((size_t)s.want, sizeof *s.grid);
    if (!s.grid) die("out of memory");
    for (int i = 0; i < s.want; i++)
        if (!(s.grid[i].pz = malloc(sizeof *s.grid[i].pz * (size_t)s.per_grid))) die("out of memory");
    for (int i = 1; i < argc; i++) {
        char where[64];
        if (strcmp(argv[i], "--from") == 0) add_seeds_from(&s, argv[++i]);
        else if (argv[i][0] == '-') i++;
        else {
            snprintf(where, sizeof where, "argument %d", i);
            add_seed(&s, argv[i], strlen(argv[i]), where);
        }
    }
    if (s.npool == 0) die("no seed puzzle (give PUZZLE arguments or --from FILE)");

    int full = 0; /* every grid recorded and every line full: nothing left to add */
    for (int i = 0; i < s.npool && !full; i++) {
        pz64 p = s.pool[i]; /* explore may move the pool */
        explore(&s, p.cell);
        full = s.ngrids == s.want;
        for (int j = 0; j < s.ngrids && full; j++) full = s.grid[j].npz == s.per_grid;
        if ((i + 1) % 25 == 0)
            fprintf(stderr, "pool %d/%d: %d grids, %ld moves, %ld unique\n", i + 1, s.npool, s.ngrids, s.tried,
                    s.unique);
    }
    if (s.ngrids < s.want) die("the pool ran out with %d grids of %d", s.ngrids, s.want);
    for (int i = 0; i < s.ngrids; i++) { /* before anything is written */
        grid g, c;
        g.geo = s.geo;
        memcpy(g.cell, s.grid[i].canon, 64);
        if (!grid_is_valid_solution(&g) || canon_minlex(&g, &c, NULL) == 0 || memcmp(c.cell, g.cell, 64) != 0)
            die("internal: grid %d is not a valid grid in minlex form", i + 1);
    }

    printf("# ES 8x8 grids (2x4 boxes) that have 14-clue puzzles, with puzzles of them, made by\n#   ");
    for (int i = 0; i < argc; i++) {
        const char *a = i ? argv[i] : "make_es8x8_k14";
        printf("%s%s", a, i + 1 < argc ? " " : "\n");
    }
    printf("# ");
    mc_banner(stdout);
    printf("# (tests/data/make_es8x8_k14.c: a {-1,+1} neighbourhood search from the seed puzzles)\n"
           "# One grid a line: its 64 digits (minlex form, canon_minlex), then its 14-clue\n"
           "# minimal unique puzzles found, in that frame (64 characters, '.' empty).\n");
    long total = 0;
    for (int i = 0; i < s.ngrids; i++) {
        const found_grid *f = &s.grid[i];
        for (int x = 0; x < 64; x++) putchar('1' + f->canon[x]);
        for (int j = 0; j < f->npz; j++) {
            putchar(' ');
            for (int x = 0; x < 64; x++) putchar(f->pz[j].cell[x] == CELL_EMPTY ? '.' : '1' + f->pz[j].cell[x]);
        }
        putchar('\n');
        total += f->npz;
    }
    fprintf(stderr, "%d grids, %ld puzzles; %ld moves tried, %ld unique\n", s.ngrids, total, s.tried, s.unique);
    for (int i = 0; i < s.want; i++) free(s.grid[i].pz);
    free(s.grid);
    free(s.pool);
    solve64_free(s.fast);
    solver_free(s.plain);
    return fflush(stdout) == 0 ? 0 : 1;
}
