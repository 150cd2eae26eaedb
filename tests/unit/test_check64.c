/* test_check64 — the 64-cell checker against its slow twins.
 *
 * ctest-labels: unit golden
 * ctest-timeout: 900
 *
 * solve64 against the plain solver (solver.c) on random sub-puzzles of 8x8
 * grids; ua64 against the minimal UAs by definition on 4x4 grids (every
 * cell set) and its band and stack cycles (unavoidable, a partition of
 * each line pair); templates64 against a plain count, and ua64_find (the
 * templates) against ua64_find_by_solver on 8x8 and 6x6 grids; check64 (both cores; the hitset core split in two
 * searches by the left and right halves) against brute force and the checker on
 * all 288 4x4 grids (K = 4 and 5) and against the checker on the 49 ES 6x6
 * grids (K = 8: 2619 puzzles) and on ES 8x8 grids of the fixed sample
 * (K = 13: none; K = 14: the same lists), and at K = 14 on the first
 * ES8X8_K14_DEFAULT grids of tests/data/es8x8-k14.txt (the same lists,
 * holding every 14-clue puzzle the file gives; two more with the degree-k
 * unions on). Bad input: K out of range,
 * a shape of more than 64 cells, and the reader of es8x8-k14.txt on bad
 * lines. hitset's vector bodies against its scalar twin on check64's sets
 * (compaction and caps). test_check64_slow runs the whole sample and all
 * of es8x8-k14.txt.
 */
#include <unistd.h>

#include "check64_cross.h"
#include "hitset.h"

/* The grids of tests/data/es8x8-k14.txt checked here (the first ones):
 * about 25 s of CPU for both engines (tests/data/README has the figures),
 * what the default suite's 15 minutes leave; test_check64_slow checks all
 * of them. */
#define ES8X8_K14_DEFAULT 6
#include "prng.h"
#include "solve64.h"
#include "templates64.h"
#include "ua64.h"

static void test_solve64_vs_solver(void **state)
{
    (void)state;
    const geometry *geo = geometry_get(2, 4);
    uint8_t grids[64 * 20];
    assert_int_equal(load_grids(MC_TEST_DATA "/es8x8-sample.txt", geo, grids, 20), 20);
    solve64 *s = solve64_new(geo);
    solver_ctx *ref = solver_new(geo);
    prng p;
    prng_seed(&p, 64);
    int counts[3] = {0};
    for (int t = 0; t < 3000; t++) {
        const uint8_t *g = grids + 64 * (t % 20);
        uint8_t pz[64];
        int k = 8 + (int)prng_below(&p, 30);
        memset(pz, CELL_EMPTY, sizeof pz);
        for (int i = 0; i < k; i++) {
            int x = (int)prng_below(&p, 64);
            pz[x] = g[x];
        }
        if (t % 7 == 0) pz[prng_below(&p, 64)] = (uint8_t)prng_below(&p, 8); /* maybe a clash or no solution */
        uint8_t s0[64], s1[64];
        solver_result r;
        int a = solve64_count(s, pz, 2, s0, s1, NULL);
        int b = solver_count(ref, pz, 2, &r);
        if (a != b) fprintf(stderr, "seed 64, trial %d: solve64 %d, solver %d\n", t, a, b);
        assert_int_equal(a, b);
        counts[a]++;
        for (int i = 0; i < a; i++) { /* each solution given is a completion of the clues */
            const uint8_t *sol = i ? s1 : s0;
            grid sg;
            sg.geo = geo;
            memcpy(sg.cell, sol, 64);
            mc_error err;
            assert_int_equal(grid_check(&sg, DIGITS_STD, &err), MC_OK);
            for (int x = 0; x < 64; x++)
                if (pz[x] != CELL_EMPTY) assert_int_equal(sol[x], pz[x]);
        }
        if (a == 2) assert_memory_not_equal(s0, s1, 64);
    }
    assert_true(counts[0] > 0 && counts[1] > 0 && counts[2] > 0); /* all three outcomes were exercised */
    solve64_free(s);
    solver_free(ref);
}

static void test_ua64_vs_definition(void **state)
{
    (void)state;
    const geometry *geo = geometry_get(2, 2);
    uint8_t grids[16 * 288];
    assert_int_equal(load_grids(MC_TEST_DATA "/grids-4x4-all.txt", geo, grids, 288), 288);
    ua64 *u = ua64_new(geo);
    solver_ctx *sv = solver_new(geo);
    for (int i = 0; i < 288; i += 41) {
        uint64_t want[4096], got[4096];
        /* the minimal UAs by definition: S is unavoidable when the puzzle
         * of the other cells has a second solution */
        int nw = brute_minimal_sets(sv, geo, grids + 16 * i, 16, false, want);
        int ng = 0, found = 0;
        assert_int_equal(ua64_find(u, grids + 16 * i, 4, 16, got, 4096, &ng, &found, NULL), MC_OK);
        qsort(got, (size_t)ng, sizeof *got, cmp_mask);
        assert_int_equal(ng, nw);
        assert_int_equal(found, nw);
        assert_memory_equal(got, want, sizeof *got * (size_t)nw);
        /* with at most 2 digits: exactly the sets whose cells hold 2 digits */
        assert_int_equal(ua64_find(u, grids + 16 * i, 2, 16, got, 4096, &ng, NULL, NULL), MC_OK);
        int two = 0;
        for (int j = 0; j < nw; j++) {
            unsigned digits = 0;
            for (uint64_t m = want[j]; m; m &= m - 1) digits |= 1u << grids[16 * i + __builtin_ctzll(m)];
            two += __builtin_popcount(digits) <= 2;
        }
        assert_int_equal(ng, two);
    }
    ua64_free(u);
    solver_free(sv);
}

typedef struct grid_buf {
    uint8_t g[64][36];
    int n;
} grid_buf;

static int keep6(void *arg, const uint8_t *g)
{
    grid_buf *b = arg;
    if (b->n < 64) memcpy(b->g[b->n], g, 36);
    b->n++;
    return 0;
}

/* templates64_all against a plain count: every permutation of the columns
 * (row r takes column p[r]) that puts one cell in each box is a template,
 * each once. */
static int brute_templates(const geometry *g, int row, unsigned cols, unsigned boxes)
{
    if (row == g->N) return 1;
    int n = 0;
    for (int c = 0; c < g->N; c++) {
        int b = g->box[row * g->N + c];
        if (!((cols >> c) & 1) && !((boxes >> b) & 1)) n += brute_templates(g, row + 1, cols | 1u << c, boxes | 1u << b);
    }
    return n;
}

static void test_templates64(void **state)
{
    (void)state;
    const int shape[3][3] = {{2, 2, 16}, {2, 3, 288}, {2, 4, 9216}}; /* boxes R x C, templates */
    for (int s = 0; s < 3; s++) {
        const geometry *g = geometry_get(shape[s][0], shape[s][1]);
        templates64 *t = templates64_new(g);
        assert_non_null(t);
        int n;
        const uint64_t *all = templates64_all(t, &n);
        assert_int_equal(n, shape[s][2]);
        assert_int_equal(n, brute_templates(g, 0, 0, 0));
        for (int i = 0; i < n; i++) {
            unsigned rows = 0, cols = 0, boxes = 0;
            for (uint64_t m = all[i]; m; m &= m - 1) {
                int x = __builtin_ctzll(m);
                rows |= 1u << g->row[x];
                cols |= 1u << g->col[x];
                boxes |= 1u << g->box[x];
            }
            unsigned full = (1u << g->N) - 1;
            assert_int_equal(__builtin_popcountll(all[i]), g->N);
            assert_true(rows == full && cols == full && boxes == full);
            if (i > 0) assert_true(all[i] != all[i - 1]);
        }
        templates64_free(t);
    }
    assert_null(templates64_new(geometry_9x9()));
}

/* ua64_find (templates) against ua64_find_by_solver (the subset puzzles
 * solved): the same minimal UAs, in the same order, on 8x8 grids of the
 * sample for the family check64 takes (5 digits, 12 cells: few grids, the
 * solver needs about 2 s each) and wider ones, and on the 49 ES 6x6
 * grids with at most 4 digits, any size. */
static void test_ua64_templates_vs_solver(void **state)
{
    (void)state;
    const geometry *geo = geometry_get(2, 4);
    uint8_t grids[64 * 24];
    assert_int_equal(load_grids(MC_TEST_DATA "/es8x8-sample.txt", geo, grids, 24), 24);
    ua64 *u = ua64_new(geo);
    assert_non_null(u);
    static uint64_t a[65536], b[65536];
    const int family[4][3] = {{5, 12, 2}, {4, 16, 12}, {3, 64, 24}, {2, 64, 24}}; /* digits, size, grids */
    for (int f = 0; f < 4; f++)
        for (int i = 0; i < family[f][2]; i++) {
            int na, nb, fa, fb;
            const uint8_t *g = grids + 64 * (23 - i);
            assert_int_equal(ua64_find(u, g, family[f][0], family[f][1], a, 65536, &na, &fa, NULL), MC_OK);
            assert_int_equal(ua64_find_by_solver(u, g, family[f][0], family[f][1], b, 65536, &nb, &fb, NULL), MC_OK);
            assert_true(na > 0);
            assert_int_equal(na, nb);
            assert_int_equal(fa, fb);
            assert_memory_equal(a, b, sizeof *a * (size_t)na);
            /* the cap keeps the smallest */
            int nc, fc;
            assert_int_equal(ua64_find(u, g, family[f][0], family[f][1], a, 7, &nc, &fc, NULL), MC_OK);
            assert_int_equal(nc, 7);
            assert_int_equal(fc, fb);
            assert_memory_equal(a, b, sizeof *a * 7);
        }
    ua64_free(u);
    const geometry *g6 = geometry_get(2, 3);
    grid_buf buf = {.n = 0};
    mc_error err;
    assert_int_equal(enumerate_shape(g6, keep6, &buf, NULL, &err), MC_OK);
    u = ua64_new(g6);
    for (int i = 0; i < buf.n; i++) {
        int na, nb, fa, fb;
        assert_int_equal(ua64_find(u, buf.g[i], 4, 36, a, 65536, &na, &fa, NULL), MC_OK);
        assert_int_equal(ua64_find_by_solver(u, buf.g[i], 4, 36, b, 65536, &nb, &fb, NULL), MC_OK);
        assert_int_equal(na, nb);
        assert_memory_equal(a, b, sizeof *a * (size_t)na);
    }
    ua64_free(u);
}

/* ua64_cycles against the definition: each set is unavoidable (the puzzle
 * of the other cells has a second solution, plain solver); the cycles of
 * each of the line pairs (rows of a band, columns of a stack) partition
 * its 2N cells, so their sizes add up to pairs x 2N. */
static void test_ua64_cycles(void **state)
{
    (void)state;
    const geometry *geo = geometry_get(2, 4);
    uint8_t grids[64 * 20];
    assert_int_equal(load_grids(MC_TEST_DATA "/es8x8-sample.txt", geo, grids, 20), 20);
    solver_ctx *sv = solver_new(geo);
    const int pairs = 4 * 1 + 2 * 6; /* 4 bands of 2 rows, 2 stacks of 4 columns */
    for (int i = 0; i < 20; i++) {
        const uint8_t *g = grids + 64 * i;
        uint64_t set[256];
        int n = ua64_cycles(geo, g, set, 256);
        assert_true(n >= pairs && n <= pairs * 4);
        int cells = 0;
        for (int j = 0; j < n; j++) {
            cells += __builtin_popcountll(set[j]);
            uint8_t pz[64];
            for (int x = 0; x < 64; x++) pz[x] = (set[j] >> x) & 1 ? CELL_EMPTY : g[x];
            assert_int_equal(solver_count(sv, pz, 2, NULL), 2);
        }
        assert_int_equal(cells, pairs * 16);
        /* the cap is kept */
        assert_int_equal(ua64_cycles(geo, g, set, 5), 5);
    }
    solver_free(sv);
}

/* check64 (both cores) and the checker on grids[0..n) of geo with K
 * clues list the same puzzles; with brute (4x4) all three are compared
 * with every cell set by brute force, else both cores with the checker.
 * Returns the puzzles in all; *with gets the grids that have one. */
static uint64_t cross_small(const geometry *geo, const uint8_t *grids, int n, int K, bool brute, int *with)
{
    solver_ctx *sv = solver_new(geo);
    xlist a = {0}, b = {0}, c = {0}, d = {0};
    work_counters w = {0};
    checker_options co;
    checker_options_default(&co, K);
    checker_ctx *ck = checker_new(geo, &co);
    char what[3][64];
    snprintf(what[0], sizeof what[0], "%dx%d check64 hitset / %s", geo->N, geo->N, brute ? "brute" : "checker");
    snprintf(what[1], sizeof what[1], "%dx%d check64 bits / %s", geo->N, geo->N, brute ? "brute" : "checker");
    snprintf(what[2], sizeof what[2], "%dx%d checker / brute", geo->N, geo->N);
    uint64_t total = 0;
    *with = 0;
    for (int i = 0; i < n; i++) {
        const uint8_t *g = grids + (size_t)geo->ncells * (size_t)i;
        run_check64(&a, geo, g, K, CHECK64_CORE_HITSET, sv, &w);
        run_check64(&b, geo, g, K, CHECK64_CORE_BITS, sv, &w);
        run_checker(&c, ck, geo, g, sv, NULL);
        const xlist *ref = &c;
        if (brute) {
            run_brute(&d, geo, g, K, sv);
            ref = &d;
        }
        assert_same(&a, ref, what[0], i);
        assert_same(&b, ref, what[1], i);
        if (brute) assert_same(&c, &d, what[2], i);
        total += (uint64_t)a.n;
        *with += a.n > 0;
    }
    checker_free(ck);
    free(a.set);
    free(b.set);
    free(c.set);
    free(d.set);
    solver_free(sv);
    return total;
}

static void test_4x4_all_grids(void **state)
{
    (void)state;
    const geometry *geo = geometry_get(2, 2);
    uint8_t grids[16 * 288];
    assert_int_equal(load_grids(MC_TEST_DATA "/grids-4x4-all.txt", geo, grids, 288), 288);
    for (int K = 3; K <= 5; K++) {
        int with;
        uint64_t total = cross_small(geo, grids, 288, K, true, &with);
        if (K == 3) assert_int_equal(total, 0); /* the minimum is 4 */
        else assert_true(total > 0);
    }
}

static void test_6x6_es_grids(void **state)
{
    (void)state;
    const geometry *geo = geometry_get(2, 3);
    grid_buf buf = {.n = 0};
    mc_error err;
    assert_int_equal(enumerate_shape(geo, keep6, &buf, NULL, &err), MC_OK);
    assert_int_equal(buf.n, 49);
    for (int K = 7; K <= 8; K++) {
        int with;
        uint64_t total = cross_small(geo, &buf.g[0][0], 49, K, false, &with);
        /* the published minimum is 8: none with 7; with 8, the counts the
         * checker gave when the minimum was first proved here (README) */
        assert_int_equal(total, K == 7 ? 0 : 2619);
        assert_int_equal(with, K == 7 ? 0 : 29);
    }
}

/* K = 9 on the 6x6 grid of the minimum puzzle (README): 7,120 minimal
 * puzzles, dense enough that a node of the split search (hitset region
 * caps) whose every known set is hit gets a new family from its second
 * solution; the caps must read that family (they read the one before, and
 * lost 2 of the 7,120: ......45...3.1..6....2..3....4...6.. among them). */
static void test_6x6_k9_split(void **state)
{
    (void)state;
    const geometry *geo = geometry_get(2, 3);
    const char *text = "123456456123214365635241362514541632";
    uint8_t g[36];
    for (int i = 0; i < 36; i++) g[i] = (uint8_t)(text[i] - '1');
    int with;
    assert_int_equal(cross_small(geo, g, 1, 9, false, &with), 7120);
}

static void test_8x8_k13(void **state)
{
    (void)state;
    assert_int_equal(cross_8x8(0, 200, 13, CHECK64_CORE_HITSET), 0);
    assert_int_equal(cross_8x8(200, 230, 13, CHECK64_CORE_BITS), 0);
}

/* K = 14: the same lists on grids that have 14-clue puzzles, each list
 * holding the puzzles the file gives (tests/data/es8x8-k14.txt, made by
 * make_es8x8_k14: see tests/data/README), and on the first 50 sample grids. */
static void test_8x8_k14(void **state)
{
    (void)state;
    int ngrids, expected;
    uint64_t n = cross_8x8_expected(MC_TEST_DATA "/es8x8-k14.txt", 0, ES8X8_K14_DEFAULT, 14, CHECK64_CORE_HITSET,
                                    &ngrids, &expected);
    assert_true(ngrids >= 50);
    assert_true(expected >= ES8X8_K14_DEFAULT);
    assert_true(n >= (uint64_t)expected);
    n = cross_8x8(0, 50, 14, CHECK64_CORE_HITSET);
    /* the degree-k unions on: the same lists */
    int ng2, ex2;
    uint64_t n2 = cross_8x8_expected(MC_TEST_DATA "/es8x8-k14.txt", ES8X8_K14_DEFAULT, ES8X8_K14_DEFAULT + 2, 14,
                                     CROSS_HITSET_UNIONS, &ng2, &ex2);
    assert_true(ex2 >= 2 && n2 >= (uint64_t)ex2);
    fprintf(stderr, "K = 14 on 50 sample grids: %llu puzzles\n", (unsigned long long)n);
}

/* The reader of es8x8-k14.txt: a good line (the file's first grid and one
 * of its puzzles) loads; each bad second line is refused with its file,
 * line and reason. */
static void test_k14_file_errors(void **state)
{
    (void)state;
    k14_file f;
    char msg[1400];
    assert_int_equal(k14_file_load(MC_TEST_DATA "/es8x8-k14.txt", K14_CLUES, &f, msg, sizeof msg), 0);
    char grid_text[65], pz[65];
    for (int x = 0; x < 64; x++) {
        grid_text[x] = (char)('1' + f.grid[x]);
        pz[x] = (f.expect[0].mask[0] >> x) & 1 ? grid_text[x] : '.';
    }
    grid_text[64] = pz[64] = 0;
    k14_file_free(&f);
    int first = (int)strcspn(pz, "12345678"), other = (int)strcspn(pz + first + 1, "12345678") + first + 1;
    char bad_digit[65], fewer[65], bad_char[65], bad_grid[65];
    memcpy(bad_digit, pz, 65);
    bad_digit[first] = bad_digit[first] == '8' ? '1' : (char)(bad_digit[first] + 1);
    memcpy(fewer, pz, 65);
    fewer[first] = '.';
    memcpy(bad_char, pz, 65);
    bad_char[other] = 'x';
    memcpy(bad_grid, grid_text, 65);
    bad_grid[0] = grid_text[1]; /* a digit twice in row 1 */
    char line[8][300];
    const char *why[8] = {"clue", "13 clues, want 14", "bad character", "no puzzle after the grid", "listed twice",
                          "not a valid solution grid", "a space at the end", "two spaces"};
    snprintf(line[0], sizeof line[0], "%s %s", grid_text, bad_digit);
    snprintf(line[1], sizeof line[1], "%s %s", grid_text, fewer);
    snprintf(line[2], sizeof line[2], "%s %s", grid_text, bad_char);
    snprintf(line[3], sizeof line[3], "%s", grid_text);
    snprintf(line[4], sizeof line[4], "%s %s %s", grid_text, pz, pz);
    snprintf(line[5], sizeof line[5], "%s %s", bad_grid, pz);
    snprintf(line[6], sizeof line[6], "%s %s ", grid_text, pz);
    snprintf(line[7], sizeof line[7], "%s %s  %s", grid_text, pz, pz);
    for (int t = -1; t < 8; t++) {
        char path[] = "/tmp/test_check64_k14_XXXXXX";
        int fd = mkstemp(path);
        assert_true(fd >= 0);
        FILE *out = fdopen(fd, "w");
        assert_non_null(out);
        fprintf(out, "# a comment\n%s %s\n%s\n", grid_text, pz, t < 0 ? "" : line[t]);
        fclose(out);
        int rc = k14_file_load(path, K14_CLUES, &f, msg, sizeof msg);
        if (t < 0) {
            assert_int_equal(rc, 0);
            assert_int_equal(f.n, 1);
            assert_int_equal(f.expect[0].n, 1);
            k14_file_free(&f);
        } else {
            char where[64];
            snprintf(where, sizeof where, "%s:3: ", path);
            if (rc == 0 || strncmp(msg, where, strlen(where)) != 0 || !strstr(msg, why[t]))
                fprintf(stderr, "bad line %d: rc %d, message '%s', want '%s...%s'\n", t, rc, rc ? msg : "",
                        where, why[t]);
            assert_int_equal(rc, -1);
            assert_int_equal(strncmp(msg, where, strlen(where)), 0);
            assert_non_null(strstr(msg, why[t]));
            assert_int_equal(f.n, 0);
        }
        unlink(path);
    }
}

static void test_bad_input(void **state)
{
    (void)state;
    check64_options o;
    check64_options_default(&o, 13);
    assert_null(check64_new(geometry_9x9(), &o)); /* 81 cells: not taken */
    assert_false(check64_takes(geometry_9x9()));
    assert_true(check64_takes(geometry_get(2, 4)));
    const geometry *geo = geometry_get(2, 2);
    uint8_t g[16];
    assert_int_equal(load_grids(MC_TEST_DATA "/grids-4x4-all.txt", geo, g, 1), 1);
    work_counters w = {0};
    for (int K = -1; K <= 17; K += 18) { /* 0 and 17: out of 1..16 */
        o.clues = K < 0 ? 0 : K;
        check64 *c = check64_new(geo, &o);
        assert_non_null(c);
        assert_int_equal(check64_run(c, g, &w, NULL, NULL), MC_EINVAL);
        check64_free(c);
    }
}

/* hitset's vector bodies against its scalar twin on the sets check64
 * searches (8x8, ua64_find's sets of three sample grids, K = 13 and on
 * one K = 14, each half capped at K / 2 in turn): compaction runs here (by transposes, or set by set in
 * the twin), with the caps' vectors of sets outside the region. The same
 * puzzles in the same order and the same counts. */
typedef struct twin_found {
    int n;
    cs81 set[256];
} twin_found;

static void cap_found(void *arg, cs81 cells, int n)
{
    (void)n;
    twin_found *l = arg;
    if (l->n < 256) l->set[l->n++] = cells;
}

static void test_8x8_hitset_twin(void **state)
{
    (void)state;
    const geometry *geo = geometry_get(2, 4);
    static uint8_t grids[64 * 81];
    assert_int_equal(load_grids(MC_TEST_DATA "/es8x8-sample.txt", geo, grids, 81), 81);
    const int pick[3] = {20, 60, 80}; /* 12,831, 1,852 and 2,822 nodes in check64 at K = 13 */
    ua64 *u = ua64_new(geo);
    hitset_ctx *h = hitset_new(geo);
    assert_non_null(u);
    assert_non_null(h);
    static uint64_t fam[4096];
    static cs81 sets[HITSET_MAX_INITIAL];
    static twin_found found[2];
    uint64_t total = 0;
    for (int gi = 0; gi < 3; gi++) {
        const uint8_t *g = grids + 64 * pick[gi];
        int n = 0;
        assert_int_equal(ua64_find(u, g, 5, 12, fam, 4096, &n, NULL, NULL), MC_OK);
        if (n > HITSET_MAX_INITIAL) n = HITSET_MAX_INITIAL;
        for (int i = 0; i < n; i++) sets[i] = (cs81){{fam[i], 0}};
        for (int run = 0; run < (gi == 1 ? 4 : 2); run++) {
            const int K = 13 + run / 2, side = run % 2;
            hitset_stats st[2];
            for (int simd = 0; simd < 2; simd++) {
                hitset_options o;
                hitset_options_default(&o, K);
                o.max_degree = 1;
                o.simd = simd;
                o.ncaps = 1;
                o.cap_region[0] = cs81_empty();
                for (int x = 0; x < 64; x++)
                    if ((geo->col[x] < 4) == (side == 0)) cs81_add(&o.cap_region[0], x);
                o.cap[0] = K / 2;
                memset(&found[simd], 0, sizeof found[simd]);
                assert_int_equal(hitset_run(h, g, sets, n, &o, cap_found, &found[simd], &st[simd]), MC_OK);
            }
            assert_memory_equal(&found[0], &found[1], sizeof found[0]);
            assert_true(st[0].nodes == st[1].nodes);
            assert_true(st[0].candidates == st[1].candidates);
            assert_true(st[0].solver_calls == st[1].solver_calls);
            assert_true(st[0].learned == st[1].learned);
            print_message("8x8 twin, sample grid %d, K = %d, half %d capped: %llu nodes\n", pick[gi], K, side,
                          (unsigned long long)st[0].nodes);
            total += st[0].nodes;
        }
    }
    assert_true(total > 1000);
    hitset_free(h);
    ua64_free(u);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_solve64_vs_solver), cmocka_unit_test(test_ua64_vs_definition),
        cmocka_unit_test(test_ua64_cycles),       cmocka_unit_test(test_templates64),
        cmocka_unit_test(test_ua64_templates_vs_solver),
        cmocka_unit_test(test_4x4_all_grids),     cmocka_unit_test(test_6x6_es_grids),
        cmocka_unit_test(test_6x6_k9_split),      cmocka_unit_test(test_8x8_k13),           cmocka_unit_test(test_8x8_k14),
        cmocka_unit_test(test_k14_file_errors),   cmocka_unit_test(test_bad_input),
        cmocka_unit_test(test_8x8_hitset_twin),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
