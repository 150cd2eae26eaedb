/* test_band — the 416 minlex bands and the band -> index table.
 * ctest-labels: unit golden
 *
 * Oracles: the published count (416) and the first and last band (text in
 * es-grids-per-band.txt's header), the orbit-stabilizer identity (the orbits
 * of the 2,612,736 bands with first row 123456789 have sizes 7776/|Aut|),
 * and a slow twin (all 7,776 maps) on random bands.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "band.h"
#include "prng.h"

static void to_text(const uint8_t *b, char *s)
{
    for (int i = 0; i < 27; i++) s[i] = (char)('1' + b[i]);
    s[27] = 0;
}

static void test_first_last_sorted(void **state)
{
    (void)state;
    char s[28];
    to_text(band_minlex(1), s);
    assert_string_equal(s, "123456789456789123789123456");
    to_text(band_minlex(416), s);
    assert_string_equal(s, "123456789457893612986217354");
    for (int i = 1; i < BAND_COUNT; i++) assert_true(memcmp(band_minlex(i), band_minlex(i + 1), 27) < 0);
    for (int i = 1; i <= BAND_COUNT; i++) {
        uint8_t m[27];
        band_minlex_slow(band_minlex(i), m);
        assert_memory_equal(m, band_minlex(i), 27);
        assert_int_equal(band_index(band_minlex(i)), i);
    }
}

static void test_orbit_sizes(void **state)
{
    (void)state;
    static uint16_t ids[BAND_MAPS];
    long total = 0;
    for (int i = 1; i <= BAND_COUNT; i++) {
        int n = band_automorphisms(i, ids);
        assert_true(n >= 1 && BAND_MAPS % n == 0);
        assert_int_equal(ids[0], 0);
        total += BAND_MAPS / n;
    }
    assert_int_equal(total, 2612736);
}

/* A random valid band: row 1 a random permutation, then rows 2-3 by
 * randomized backtracking. */
static void random_band(prng *rng, uint8_t *b)
{
    for (;;) {
        uint8_t p[9] = {0, 1, 2, 3, 4, 5, 6, 7, 8};
        prng_shuffle_u8(rng, p, 9);
        memcpy(b, p, 9);
        bool ok = true;
        for (int r = 1; r < 3 && ok; r++) {
            for (int c = 0; c < 9 && ok; c++) {
                uint16_t used = 0;
                for (int k = 0; k < c; k++) used |= (uint16_t)(1u << b[r * 9 + k]);
                for (int rr = 0; rr < r; rr++)
                    for (int k = 0; k < 3; k++) used |= (uint16_t)(1u << b[rr * 9 + (c / 3) * 3 + k]);
                uint8_t cand[9];
                int n = 0;
                for (int d = 0; d < 9; d++)
                    if (!(used & (1u << d))) cand[n++] = (uint8_t)d;
                if (!n) ok = false;
                else b[r * 9 + c] = cand[prng_below(rng, (uint64_t)n)];
            }
        }
        if (ok) return;
    }
}

static void test_random_bands_against_slow(void **state)
{
    (void)state;
    uint64_t seed = 416;
    prng rng;
    prng_seed(&rng, seed);
    for (int t = 0; t < 3000; t++) {
        uint8_t b[27], m[27], y[27];
        random_band(&rng, b);
        band_minlex_slow(b, m);
        int idx = band_index(b);
        if (idx < 1 || idx > BAND_COUNT || memcmp(band_minlex(idx), m, 27) != 0)
            fail_msg("band index mismatch on random band %d (seed %llu)", t, (unsigned long long)seed);
        int id;
        assert_int_equal(band_index_map(b, &id), idx);
        band_map_apply(id, b, y);
        if (memcmp(y, m, 27) != 0) fail_msg("band map does not give the minlex form (seed %llu)", (unsigned long long)seed);
        /* stacks: a grid's stack is a band read transposed */
    }
}

static void test_stack_index(void **state)
{
    (void)state;
    /* rank-1 grid: every band and stack is band 1 */
    const char *g1 = "123456789456789123789123456214365897365897214897214365531642978642978531978531642";
    uint8_t g[81];
    for (int i = 0; i < 81; i++) g[i] = (uint8_t)(g1[i] - '1');
    for (int s = 0; s < 3; s++) {
        uint8_t x[27], m[27];
        for (int i = 0; i < 3; i++)
            for (int c = 0; c < 9; c++) x[i * 9 + c] = g[c * 9 + 3 * s + i];
        band_minlex_slow(x, m);
        assert_memory_equal(band_minlex(band_index_stack(g, s)), m, 27);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_first_last_sorted),
        cmocka_unit_test(test_orbit_sizes),
        cmocka_unit_test(test_random_bands_against_slow),
        cmocka_unit_test(test_stack_index),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
