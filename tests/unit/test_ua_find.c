/* test_ua_find — pattern normal forms and the fast pattern finder.
 *
 * ctest-labels: unit
 * ctest-timeout: 900
 *
 * Oracles: the complete reference finder (ua_find_reference) on held-out
 * random grids (prng seeds 9001.., the catalogue was built with seed 1),
 * the solver (every match is a minimal UA), and random transforms (normal
 * forms are invariant, the finder's output moves with the grid). With the
 * argument --slow the agreement check runs on 2,000 grids instead of 100.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "band_table.h"
#include "generate.h"
#include "pattern.h"
#include "transform.h"
#include "ua.h"

static int agree_grids = 100;

static void fail_seed(const char *what, uint64_t seed)
{
    print_error("%s failed, seed %llu\n", what, (unsigned long long)seed);
    fail();
}

static void random_grid(prng *rng, grid *g)
{
    grid_clear(g, geometry_9x9());
    gen_grid9_quick(rng, g->cell);
    assert_true(grid_is_valid_solution(g));
}

/* Every line of the built-in catalogue parses, is in normal form, and the
 * finder loads all of them. */
static void test_catalogue_loads(void **state)
{
    (void)state;
    int lines = 0;
    const char *s = pattern_catalogue_text;
    char line[PATTERN_TEXT_MAX + 64];
    while (*s) {
        const char *e = strchr(s, '\n');
        assert_non_null(e);
        size_t len = (size_t)(e - s);
        if (len && s[0] != '#') {
            assert_true(len < sizeof line);
            memcpy(line, s, len);
            line[len] = 0;
            pattern p;
            mc_error err;
            if (pattern_parse(line, &p, &err) != MC_OK) {
                print_error("%s: %s\n", line, err.msg);
                fail();
            }
            char back[PATTERN_TEXT_MAX];
            pattern_format(&p, back);
            assert_string_equal(back, line);
            lines++;
        }
        s = e + 1;
    }
    assert_true(lines > 400);
    ua_finder *f = ua_finder_new();
    assert_non_null(f);
    assert_int_equal(ua_finder_patterns(f), lines);
    ua_finder_free(f);
}

static void test_parse_rejects(void **state)
{
    (void)state;
    pattern p;
    mc_error err;
    assert_int_equal(pattern_parse("4 1x2 r1c1a:b r2c4a:b r1c4b:a r2c1b:a", &p, &err), MC_OK);
    assert_int_equal(p.n, 4);
    const char *bad[] = {
        "",
        "4 1x2 r1c1a:b r2c4a:b r1c4b:a",              /* too few cells */
        "4 1x2 r1c1a:b r2c4a:b r1c4b:a r2c1b:a r3c3a:a", /* trailing text */
        "4 1x2 r2c4a:b r1c1a:b r1c4b:a r2c1b:a",        /* not in normal form */
        "4 1x2 r1c1a:b r2c4a:b r1c4b:a r1c4b:a",        /* cell twice */
        "4 1x2 r1c1a:b r2c4a:b r1c4b:a r2c1c:a",        /* no trade */
        "4 1x2 r1c1a:b r2c4a:b r1c4b:a r2c0b:a",        /* column 0 */
        "x 1x2 r1c1a:b",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        if (pattern_parse(bad[i], &p, &err) == MC_OK) {
            print_error("accepted: '%s'\n", bad[i]);
            fail();
        }
}

/* Normal forms are invariant under the group and the format round-trips. */
static void test_normal_form_invariant(void **state)
{
    (void)state;
    const geometry *geo = geometry_9x9();
    ua_store s;
    ua_store_init(&s);
    for (uint64_t seed = 500; seed < 504; seed++) {
        prng rng;
        prng_seed(&rng, seed);
        grid g, h;
        random_grid(&rng, &g);
        ua_store_clear(&s);
        assert_int_equal(ua_find_reference(geo, g.cell, 12, &s), MC_OK);
        for (int i = 0; i < s.n; i++) {
            pattern p, q, r;
            if (!pattern_from_ua(g.cell, s.set[i], &p)) fail_seed("no normal form", seed);
            transform t;
            transform_random(&t, geo, &rng);
            transform_apply(&t, &g, &h);
            if (!pattern_from_ua(h.cell, transform_apply_cs81(&t, s.set[i]), &q)) fail_seed("no normal form", seed);
            if (pattern_cmp(&p, &q) != 0 || memcmp(&p, &q, sizeof p) != 0) fail_seed("normal form not invariant", seed);
            char text[PATTERN_TEXT_MAX];
            pattern_format(&p, text);
            mc_error err;
            if (pattern_parse(text, &r, &err) != MC_OK || memcmp(&p, &r, sizeof p) != 0)
                fail_seed("format round trip", seed);
        }
    }
    ua_store_free(&s);
}

static void test_matches_are_minimal(void **state)
{
    (void)state;
    const geometry *geo = geometry_9x9();
    solver_ctx *ctx = solver_new(geo);
    ua_finder *f = ua_finder_new();
    ua_store s;
    ua_store_init(&s);
    for (uint64_t seed = 600; seed < 605; seed++) {
        prng rng;
        prng_seed(&rng, seed);
        grid g;
        random_grid(&rng, &g);
        ua_store_clear(&s);
        assert_int_equal(ua_find(f, g.cell, 12, &s), MC_OK);
        for (int i = 0; i < s.n; i++) {
            if (cs81_count(s.set[i]) > 12) fail_seed("size", seed);
            if (!ua_is_minimal(ctx, geo, g.cell, s.set[i])) fail_seed("match is not a minimal UA", seed);
        }
    }
    ua_store_free(&s);
    ua_finder_free(f);
    solver_free(ctx);
}

/* Whether u lies inside one band of rows, cell by cell. */
static bool inside_one_band(cs81 u)
{
    int band = -1, c;
    CS81_FOREACH(c, u) {
        if (band >= 0 && c / 27 != band) return false;
        band = c / 27;
    }
    return true;
}

/* ua_find_group against its slow twin, ua_find on each grid: the band 3s of
 * a pair are every filling of the third band's columns (up to 150, the
 * grid's own first), as the items of a group in the band engine; the
 * lists must be equal set for set, at sizes 12 and 10, once ua_find's UAs
 * inside one band of rows are taken out (the group leaves them out, and
 * there must be some). The group replays its grids 64 at a time, so some
 * pairs must have more than 64. */
static void test_group_equals_single(void **state)
{
    (void)state;
    ua_finder *f = ua_finder_new();
    enum { MAXG = 150 };
    static uint8_t band3[BAND_TABLE_MAX_FILLINGS * 27];
    ua_store out[MAXG], one;
    for (int i = 0; i < MAXG; i++) ua_store_init(&out[i]);
    ua_store_init(&one);
    long items = 0, shared_only = 0, one_band = 0;
    int most = 0;
    for (uint64_t seed = 800; seed < 808; seed++) {
        prng rng;
        prng_seed(&rng, seed);
        grid g;
        random_grid(&rng, &g);
        int n = band_table_fillings(g.cell + 54, band3);
        assert_true(n >= 1);
        if (n > MAXG) n = MAXG;
        if (n > most) most = n;
        int size = seed & 1 ? 10 : 12;
        for (int i = 0; i < n; i++) ua_store_clear(&out[i]);
        assert_int_equal(ua_find_group(f, g.cell, band3, n, size, out), MC_OK);
        for (int i = 0; i < n; i++) {
            uint8_t cells[81];
            memcpy(cells, g.cell, 54);
            memcpy(cells + 54, band3 + 27 * (size_t)i, 27);
            ua_store_clear(&one);
            assert_int_equal(ua_find(f, cells, size, &one), MC_OK);
            int kept = 0;
            for (int k = 0; k < one.n; k++)
                if (!inside_one_band(one.set[k])) one.set[kept++] = one.set[k];
            one_band += one.n - kept;
            one.n = kept;
            if (one.n != out[i].n || memcmp(one.set, out[i].set, sizeof(cs81) * (size_t)one.n)) {
                print_error("item %d: ua_find %d UAs, ua_find_group %d (max size %d)\n", i, one.n, out[i].n, size);
                fail_seed("ua_find_group against ua_find", seed);
            }
            for (int k = 0; k < one.n; k++) shared_only += one.set[k].w[0] >> 54 == 0 && one.set[k].w[1] == 0;
            items++;
        }
    }
    print_message("%ld items (at most %d of one pair), %.1f UAs of each outside band 3, %.1f inside one band\n",
                  items, most, (double)shared_only / (double)items, (double)one_band / (double)items);
    assert_true(items > 100);
    assert_true(one_band > items);
    assert_true(most > 64);
    for (int i = 0; i < MAXG; i++) ua_store_free(&out[i]);
    ua_store_free(&one);
    ua_finder_free(f);
}

/* The held-out agreement: pattern finder == reference finder, as sets, for
 * every size bound 4..12 (the smaller bounds are prefixes, checked on a few
 * grids), plus the mean counts per size. */
static void test_agrees_with_reference(void **state)
{
    (void)state;
    const geometry *geo = geometry_9x9();
    ua_finder *f = ua_finder_new();
    ua_store a, b;
    ua_store_init(&a);
    ua_store_init(&b);
    long count[13] = {0};
    for (int k = 0; k < agree_grids; k++) {
        uint64_t seed = 9001 + (uint64_t)k;
        prng rng;
        prng_seed(&rng, seed);
        grid g;
        random_grid(&rng, &g);
        int sizes[] = {12, 10, 8};
        for (int z = 0; z < (k < 5 ? 3 : 1); z++) {
            ua_store_clear(&a);
            ua_store_clear(&b);
            assert_int_equal(ua_find(f, g.cell, sizes[z], &a), MC_OK);
            assert_int_equal(ua_find_reference(geo, g.cell, sizes[z], &b), MC_OK);
            if (a.n != b.n || memcmp(a.set, b.set, sizeof(cs81) * (size_t)a.n)) {
                print_error("pattern finder %d UAs, reference %d (max size %d)\n", a.n, b.n, sizes[z]);
                fail_seed("agreement with the reference finder", seed);
            }
        }
        /* the last run was max size 12 only when k >= 5; recount at 12 */
        if (k < 5) {
            ua_store_clear(&b);
            assert_int_equal(ua_find_reference(geo, g.cell, 12, &b), MC_OK);
        }
        for (int i = 0; i < b.n; i++) count[cs81_count(b.set[i])]++;
    }
    printf("mean minimal UAs per grid over %d held-out grids:", agree_grids);
    long tot = 0;
    for (int s = 4; s <= 12; s++) {
        printf(" %d:%.2f", s, (double)count[s] / agree_grids);
        tot += count[s];
    }
    printf(" total %.2f\n", (double)tot / agree_grids);
    assert_true(tot / agree_grids > 150);
    ua_store_free(&a);
    ua_store_free(&b);
    ua_finder_free(f);
}

/* ua_find moves with the grid: UAs of t(G) are t of the UAs of G; also on
 * the well-known grids of tests/data (the most symmetric one included). */
static void test_transform_and_known_grids(void **state)
{
    (void)state;
    const geometry *geo = geometry_9x9();
    ua_finder *f = ua_finder_new();
    ua_store a, b, ta;
    ua_store_init(&a);
    ua_store_init(&b);
    ua_store_init(&ta);
    FILE *fp = fopen(MC_TEST_DATA "/known-grids.txt", "r");
    assert_non_null(fp);
    char line[1024];
    uint64_t seed = 700;
    while (fgets(line, sizeof line, fp)) {
        if (line[0] == '#' || strlen(line) < 81) continue;
        grid g, h;
        const geometry *gg = geo;
        size_t tl;
        mc_error err;
        assert_int_equal(grid_parse(line, strlen(line), &gg, DIGITS_STD, &g, &tl, &err), MC_OK);
        prng rng;
        prng_seed(&rng, seed);
        transform t;
        transform_random(&t, geo, &rng);
        transform_apply(&t, &g, &h);
        ua_store_clear(&a);
        ua_store_clear(&b);
        ua_store_clear(&ta);
        assert_int_equal(ua_find(f, g.cell, 12, &a), MC_OK);
        assert_int_equal(ua_find(f, h.cell, 12, &b), MC_OK);
        for (int i = 0; i < a.n; i++) assert_int_equal(ua_store_add(&ta, transform_apply_cs81(&t, a.set[i])), MC_OK);
        ua_store_normalize(&ta);
        if (ta.n != b.n || memcmp(ta.set, b.set, sizeof(cs81) * (size_t)b.n)) fail_seed("finder invariance", seed);
        ua_store_clear(&b);
        assert_int_equal(ua_find_reference(geo, g.cell, 12, &b), MC_OK);
        if (a.n != b.n || memcmp(a.set, b.set, sizeof(cs81) * (size_t)a.n)) fail_seed("known grid agreement", seed);
        seed++;
    }
    fclose(fp);
    ua_store_free(&a);
    ua_store_free(&b);
    ua_store_free(&ta);
    ua_finder_free(f);
}

int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "--slow")) agree_grids = 2000;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_catalogue_loads),
        cmocka_unit_test(test_parse_rejects),
        cmocka_unit_test(test_normal_form_invariant),
        cmocka_unit_test(test_matches_are_minimal),
        cmocka_unit_test(test_group_equals_single),
        cmocka_unit_test(test_agrees_with_reference),
        cmocka_unit_test(test_transform_and_known_grids),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
