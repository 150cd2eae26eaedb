/* test_pattern — normal forms of UA patterns: text round trips, ordering,
 * invariance under the symmetry group.
 *
 * - Every line of the built-in catalogue parses, formats back to the same
 *   text, and the catalogue is strictly increasing in pattern_cmp (sizes
 *   first); pattern_cmp is reflexive and antisymmetric on it.
 * - A cell order other than the normal one is refused.
 * - Invariance (the oracle is the group itself): for the minimal UAs of
 *   seeded random grids (the complete reference finder), the normal form of
 *   a UA equals the normal form of its image under a random transform of
 *   the grid, and formats and parses back to itself. A failure prints the
 *   seed.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "generate.h"
#include "grid.h"
#include "pattern.h"
#include "transform.h"
#include "ua.h"

/* The catalogue's patterns, in file order. */
static pattern *load_catalogue(int *n)
{
    const char *t = pattern_catalogue_text;
    int cap = 1024, k = 0;
    pattern *ps = malloc(sizeof *ps * (size_t)cap);
    assert_non_null(ps);
    char line[PATTERN_TEXT_MAX + 2], back[PATTERN_TEXT_MAX];
    while (*t) {
        const char *nl = strchr(t, '\n');
        size_t len = nl ? (size_t)(nl - t) : strlen(t);
        assert_true(len < sizeof line);
        memcpy(line, t, len);
        line[len] = 0;
        t += len + (nl ? 1 : 0);
        if (!len || line[0] == '#') continue;
        if (k == cap) {
            ps = realloc(ps, sizeof *ps * (size_t)(cap *= 2));
            assert_non_null(ps);
        }
        mc_error err;
        if (pattern_parse(line, &ps[k], &err) != MC_OK) fail_msg("'%s': %s", line, err.msg);
        pattern_format(&ps[k], back);
        assert_string_equal(back, line);
        k++;
    }
    *n = k;
    return ps;
}

static int sign(int x) { return (x > 0) - (x < 0); }

static void test_catalogue_round_trip_and_order(void **state)
{
    (void)state;
    int n;
    pattern *ps = load_catalogue(&n);
    assert_true(n > 100);
    for (int i = 0; i + 1 < n; i++) {
        if (pattern_cmp(&ps[i], &ps[i + 1]) >= 0) fail_msg("catalogue lines %d and %d out of order", i, i + 1);
        assert_true(ps[i].n <= ps[i + 1].n);
    }
    for (int i = 0; i < n; i += 7)
        for (int j = 0; j < n; j += 11) {
            int c = pattern_cmp(&ps[i], &ps[j]);
            assert_int_equal(sign(c), -sign(pattern_cmp(&ps[j], &ps[i])));
            assert_int_equal(c == 0, i == j);
            if (ps[i].n != ps[j].n) assert_int_equal(sign(c), ps[i].n < ps[j].n ? -1 : 1);
        }
    free(ps);
}

static void test_not_normal_refused(void **state)
{
    (void)state;
    pattern p;
    mc_error err;
    assert_int_equal(pattern_parse("4 1x2 r1c1a:b r2c4a:b r1c4b:a r2c1b:a", &p, &err), MC_OK);
    assert_int_equal(pattern_parse("4 1x2 r1c1a:b r2c4a:b r2c1b:a r1c4b:a", &p, &err), MC_EFORMAT);
    assert_int_equal(pattern_parse("4 1x2 r1c1a:b r2c4a:b r1c4b:a", &p, &err), MC_EFORMAT);
    assert_int_equal(pattern_parse("", &p, &err), MC_EFORMAT);
}

static void test_group_invariance(void **state)
{
    (void)state;
    const uint64_t seed = 1123;
    prng rng;
    prng_seed(&rng, seed);
    const geometry *geo = geometry_9x9();
    ua_store s;
    ua_store_init(&s);
    long checked = 0;
    for (int gi = 0; gi < 4; gi++) {
        grid g, h;
        g.geo = geo;
        gen_grid9_quick(&rng, g.cell);
        ua_store_clear(&s);
        assert_int_equal(ua_find_reference(geo, g.cell, 10, &s), MC_OK);
        for (int k = 0; k < s.n; k++) {
            pattern p, q, r;
            if (!pattern_from_ua(g.cell, s.set[k], &p)) fail_msg("seed %llu grid %d: UA %d has no normal form",
                                                                 (unsigned long long)seed, gi, k);
            transform t;
            transform_random(&t, geo, &rng);
            transform_apply(&t, &g, &h);
            cs81 u = transform_apply_cs81(&t, s.set[k]);
            assert_true(pattern_from_ua(h.cell, u, &q));
            if (pattern_cmp(&p, &q) != 0) fail_msg("seed %llu grid %d: UA %d changes its normal form under a transform",
                                                   (unsigned long long)seed, gi, k);
            char text[PATTERN_TEXT_MAX];
            pattern_format(&p, text);
            mc_error err;
            assert_int_equal(pattern_parse(text, &r, &err), MC_OK);
            assert_int_equal(pattern_cmp(&p, &r), 0);
            checked++;
        }
    }
    assert_true(checked > 100);
    ua_store_free(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_catalogue_round_trip_and_order),
        cmocka_unit_test(test_not_normal_refused),
        cmocka_unit_test(test_group_invariance),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
