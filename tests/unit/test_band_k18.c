/* test_band_k18 — K = 18 with first-stop: the band engine against the
 * checker on whether a grid has a puzzle of at most 18 clues.
 *
 * ctest-labels: slow
 * ctest-timeout: 14400
 *
 * The band engine with first = 1 and the checker run on each grid below;
 * every puzzle either reports is checked by the plain solver (found_list.h:
 * unique, minimal, the grid's digits, no duplicate) and both agree on
 * whether a puzzle of at most 18 clues exists. Where the checker lists
 * every puzzle (test_k18_none), the band engine's puzzle must be one of
 * them; where it stops at its first (test_k18_some), each engine reports
 * exactly one.
 * Grids (K = 18, measured one at a time on the 2-core test machine under
 * load; engine seconds as reported, CPU where said):
 * - the catalogue's first grid (tests/data/known-grids.txt, rank 1; its
 *   minimum is 19, see test_band_owner): checker 0.9-1.5 s, band engine
 *   3.9 s: no puzzle;
 * - the most symmetric grid (648 automorphisms, known-grids.txt): checker
 *   0.5-0.6 s, band engine 0.9 s: no puzzle;
 *   (test_k18_none, about 5 s of CPU for both grids)
 * - grids 1-3 of seventeen-grids.txt (test_k18_some): they hold 17s, so
 *   the answer is yes. The checker's full K = 18 search does not finish
 *   there within 600 s wall (it lists every 18 as well), so on these grids
 *   it runs with first = 1 (stop at its first puzzle, as the band engine):
 *   both must report exactly one puzzle of at most 18 clues, each checked
 *   by the plain solver. Measured (engine seconds, other core busy): band
 *   engine 17.9, 84.1, 59.8 s; checker 25.1, 265.2, 697.3 s; the whole
 *   test about 15 minutes of CPU.
 * Argument: a test name pattern (cmocka), e.g. test_k18_none.
 */
#define FOUND_MAX 1024
#include "band_control.h"

#include "prng.h"

static bool known_grid(const char *note, uint8_t g81[81])
{
    FILE *f = fopen(MC_TEST_DATA "/known-grids.txt", "r");
    if (!f) return false;
    char line[512];
    bool ok = false;
    while (!ok && fgets(line, sizeof line, f)) {
        if (line[0] == '#' || !strstr(line, note)) continue;
        for (int c = 0; c < 81; c++) g81[c] = (uint8_t)(line[c] - '1');
        ok = true;
    }
    fclose(f);
    return ok;
}

/* The checker's output: every puzzle checked and counted (found_list.h,
 * which keeps the first FOUND_MAX), and the wanted sets looked for among all
 * of them, however many. */
typedef struct watch {
    found_list f;
    cs81 want[CTRL_MAXP + 1];
    bool seen[CTRL_MAXP + 1];
    int nwant;
} watch;

static void watch_add(void *arg, const uint8_t *pz, int n)
{
    watch *w = arg;
    cs81 s = cs81_empty();
    for (int c = 0; c < 81; c++)
        if (pz[c] != CELL_EMPTY) cs81_add(&s, c);
    for (int i = 0; i < w->nwant; i++) w->seen[i] |= cs81_eq(w->want[i], s);
    found_list_add(&w->f, pz, n);
}

/* One grid; list: its 17-clue puzzles from the complete list (NULL: none
 * known), each of which the checker must report when it lists all (ck
 * without first). Returns whether a puzzle exists. */
static bool agree(const char *name, const uint8_t *g81, const ctrl_grid *list, solver_ctx *s, checker_ctx *ck,
                  bool ck_first)
{
    band_options bo;
    band_options_default(&bo, 18);
    bo.first = 1;
    band_record br;
    found_list fb = ctrl_run(&bo, g81, s, &br);
    static watch w;
    memset(&w, 0, sizeof w);
    w.f.grid = g81;
    w.f.solver = s;
    if (fb.n && !ck_first) w.want[w.nwant++] = fb.set[0];
    for (int i = 0; list && !ck_first && i < list->npuzzles; i++) w.want[w.nwant++] = list->puzzle[i];
    checker_record cr;
    assert_int_equal(checker_run(ck, g81, &cr, watch_add, &w), MC_OK);
    print_message("%s: K = 18: band first %d puzzle(s) (%.1f s), checker %d (%.1f s)\n", name, fb.n,
                  br.seconds_total, w.f.n, cr.seconds_total);
    assert_int_equal(w.f.bad, 0);
    assert_int_equal(w.f.dup, 0); /* among the first FOUND_MAX */
    assert_int_equal(fb.bad, 0);
    assert_true(fb.n <= 1);
    assert_int_equal(fb.n > 0, w.f.n > 0);
    if (fb.n) assert_true(cs81_count(fb.set[0]) <= 18);
    if (ck_first) {
        assert_true(w.f.n <= 1);
        if (w.f.n) assert_true(cs81_count(w.f.set[0]) <= 18);
    }
    for (int i = 0; i < w.nwant; i++) assert_true(w.seen[i]); /* the band's puzzle, then the list's */
    return w.f.n > 0;
}

static solver_ctx *sv;
static checker_ctx *ck, *ck1; /* every puzzle; first = 1 */

static int k18_setup(void **state)
{
    if (ctrl_setup(state) != 0) return -1;
    checker_options co;
    checker_options_default(&co, 18);
    sv = solver_new(geometry_9x9());
    ck = checker_new(geometry_9x9(), &co);
    co.first = 1;
    ck1 = checker_new(geometry_9x9(), &co);
    return sv && ck && ck1 ? 0 : -1;
}

static int k18_teardown(void **state)
{
    checker_free(ck);
    checker_free(ck1);
    solver_free(sv);
    return ctrl_teardown(state);
}

/* the grids without a puzzle of at most 18 clues */
static void test_k18_none(void **state)
{
    (void)state;
    uint8_t g[81];
    assert_true(known_grid("rank 1:", g));
    assert_false(agree("rank-1 grid", g, NULL, sv, ck, false));
    assert_true(known_grid("the most symmetric grid", g));
    assert_false(agree("most symmetric grid", g, NULL, sv, ck, false));
}

/* grids with 17s: the answer is yes */
static void test_k18_some(void **state)
{
    (void)state;
    for (int i = 0; i < 3; i++) {
        char name[32];
        snprintf(name, sizeof name, "seventeen-grids %d", i + 1);
        assert_true(agree(name, ctrl[i].grid, &ctrl[i], sv, ck1, true));
    }
}

/* The band engine alone on a randomly transformed copy of seventeen-grids
 * grid 1 (seed 18; about 90 s here, so not in the default suite's
 * test_band_engine, which runs grid 1 itself): one puzzle, unique and
 * minimal, at most 18 clues. */
static void test_k18_first_transformed(void **state)
{
    (void)state;
    band_options o;
    band_options_default(&o, 18);
    o.first = 1;
    uint8_t tg[81];
    transform t;
    prng rng;
    prng_seed(&rng, 18);
    transform_random(&t, geometry_9x9(), &rng);
    transform_apply_cells(&t, ctrl[0].grid, tg);
    band_record r;
    found_list f = ctrl_run(&o, tg, sv, &r);
    print_message("grid 1 transformed: K = 18 first: %d puzzle(s), %llu band-3 checks, %.1f s\n", f.n,
                  (unsigned long long)r.band3_checks, r.seconds_total);
    assert_int_equal(f.n, 1);
    assert_true(cs81_count(f.set[0]) <= 18);
}

/* Argument: a cmocka test name pattern (e.g. test_k18_none); default all. */
int main(int argc, char **argv)
{
    if (argc > 1) cmocka_set_test_filter(argv[1]);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_k18_none),
        cmocka_unit_test(test_k18_some),
        cmocka_unit_test(test_k18_first_transformed),
    };
    return cmocka_run_group_tests(tests, k18_setup, k18_teardown);
}
