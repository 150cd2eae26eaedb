/* test_band_bound — band_bound's versions (step 3c, 16 items at a time)
 * against a greedy loop over each item's own UAs, and the band engine with
 * them against the engine that tests the items one by one.
 *
 * ctest-labels: unit
 * ctest-timeout: 900
 *
 * 1. Batches of 1..16 random items, each with 0..128 UAs: a band-3 part
 *    (1..4 cells, half of them inside one stack) and a bands-1+2 part
 *    (4..12 of 54 cells), and random strictness (e_1, e_2, f_s in 0..1).
 *    For random pairs X u Y (2..7 cells in each band; runs of pairs with
 *    the same X, so that the cached xw is used and renewed), zhi from
 *    max(|X|, |Y|) - 1 to + 3 and q_s in 0..4 (so that a stack's cap is often -1 or 0): the answer
 *    of each version, lane by lane, equals the oracle's. The oracle:
 *    an item whose bands admit the pair keeps, in k order, each UA that X
 *    and Y both miss and whose part meets no part kept before, and dies
 *    when it keeps more than zhi, or more than zhi - f_s - q_s inside stack
 *    s. Versions the CPU cannot run are reported and skipped. Both answers
 *    (live, dead), and deaths by a stack alone, must occur.
 * 2. Group mode (band_step5_twin.h, STEP5_TWIN_SCAN, whose slow engine
 *    also tests the items one by one): covering groups of known 17s at
 *    K = 16 (no puzzle) and at K = 17 with band 3 >= 7: the same counters
 *    (pairs, survivors, two-band passes, band-3 nodes, solver calls,
 *    learned UAs) and the same puzzles.
 */
#include "band_step5_twin.h"

#include "band_bound.h"

#define STACK(s) (UINT32_C(0x1C0E07) << (3 * (s)))

typedef struct item {
    int n, band_strict[2], strict[3];
    uint32_t part[BAND_BOUND_UAS];
    int8_t stack[BAND_BOUND_UAS]; /* the stack holding part[k], -1: none */
    uint64_t p12[BAND_BOUND_UAS];
} item;

static uint64_t random_bits(prng *r, int below, int k)
{
    uint64_t s = 0;
    while (__builtin_popcountll(s) < k) s |= UINT64_C(1) << prng_below(r, (uint64_t)below);
    return s;
}

static void random_item(prng *r, item *it)
{
    it->n = (int)prng_below(r, BAND_BOUND_UAS + 1);
    for (int k = 0; k < it->n; k++) {
        int cells = 1 + (int)prng_below(r, 4);
        if (prng_below(r, 2)) { /* inside one stack */
            uint32_t st = STACK(prng_below(r, 3));
            uint32_t p = 0;
            while (__builtin_popcount(p) < cells) p |= (uint32_t)random_bits(r, 27, 1) & st;
            it->part[k] = p;
        } else {
            it->part[k] = (uint32_t)random_bits(r, 27, cells);
        }
        it->p12[k] = random_bits(r, 54, 4 + (int)prng_below(r, 9));
        it->stack[k] = -1;
        for (int s = 0; s < 3; s++)
            if (!(it->part[k] & ~STACK(s))) it->stack[k] = (int8_t)s;
    }
    for (int j = 0; j < 2; j++) it->band_strict[j] = (int)prng_below(r, 2);
    for (int s = 0; s < 3; s++) it->strict[s] = (int)prng_below(r, 2);
}

/* 0: live; 1: dead by the count in all; 2: dead by a stack; 3: not admitted. */
static int oracle(const item *it, uint32_t x, uint32_t y, int zhi, const int q[3])
{
    if (__builtin_popcount(x) + it->band_strict[0] > zhi || __builtin_popcount(y) + it->band_strict[1] > zhi)
        return 3;
    uint64_t q12 = (uint64_t)x | (uint64_t)y << 27;
    uint32_t used = 0;
    int all = 0, in[3] = {0, 0, 0};
    for (int k = 0; k < it->n; k++) {
        if ((it->p12[k] & q12) || (it->part[k] & used)) continue;
        used |= it->part[k];
        if (++all > zhi) return 1;
        for (int s = 0; s < 3; s++)
            if (!(it->part[k] & ~STACK(s)) && ++in[s] > zhi - it->strict[s] - q[s]) return 2;
    }
    return 0;
}

static void test_versions(void **state)
{
    (void)state;
    band_bound_live_fn best = band_bound_best();
    bool avx2 = band_bound_has_avx2(), avx512 = band_bound_has_avx512();
    print_message("best: %s; avx2 %s, avx512 %s\n",
                  best == band_bound_live_avx512 ? "avx512" : best == band_bound_live_avx2 ? "avx2" : "none",
                  avx2 ? "run" : "skipped", avx512 ? "run" : "skipped");
    const struct {
        const char *name;
        band_bound_live_fn fn;
    } version[3] = {{"scalar", band_bound_live_scalar},
                    {"avx2", avx2 ? band_bound_live_avx2 : NULL},
                    {"avx512", avx512 ? band_bound_live_avx512 : NULL}};
    prng r;
    prng_seed(&r, 20261129);
    static item it[BAND_BOUND_LANES];
    static band_bound b;
    long count[4] = {0, 0, 0, 0};
    for (int t = 0; t < 300; t++) {
        int lanes = 1 + (int)prng_below(&r, BAND_BOUND_LANES);
        band_bound_clear(&b);
        for (int i = 0; i < lanes; i++) {
            random_item(&r, &it[i]);
            band_bound_lane(&b, i, it[i].part, it[i].stack, it[i].p12, it[i].n, it[i].band_strict, it[i].strict);
        }
        for (int rx = 0; rx < 8; rx++) {
            uint32_t x = (uint32_t)random_bits(&r, 27, 2 + (int)prng_below(&r, 6));
            for (int ry = 0; ry < 8; ry++) {
                uint32_t y = (uint32_t)random_bits(&r, 27, 2 + (int)prng_below(&r, 6));
                int nx = __builtin_popcount(x), ny = __builtin_popcount(y);
                int zhi = (nx > ny ? nx : ny) - 1 + (int)prng_below(&r, 5), q[3];
                for (int s = 0; s < 3; s++) q[s] = (int)prng_below(&r, 5);
                uint32_t want = 0;
                for (int i = 0; i < lanes; i++) {
                    int o = oracle(&it[i], x, y, zhi, q);
                    count[o]++;
                    if (!o) want |= 1u << i;
                }
                for (int v = 0; v < 3; v++) {
                    if (!version[v].fn) continue;
                    uint32_t got = version[v].fn(&b, x, y, zhi, q);
                    if (got != want) fail_msg("trial %d: %s %#x, oracle %#x", t, version[v].name, got, want);
                }
            }
        }
    }
    print_message("lanes: %ld live, %ld dead in all, %ld dead by a stack, %ld not admitted\n", count[0], count[1],
                  count[2], count[3]);
    for (int o = 0; o < 4; o++) assert_true(count[o] > 1000);
}

static void test_engine_k16(void **state)
{
    (void)state;
    step5_run r;
    step5_sample_into(33, 3, 16, 0, STEP5_TWIN_SCAN, step5_any, &r);
    assert_int_equal(r.puzzles, 0); /* no 16-clue puzzle exists */
}

static void test_engine_k17(void **state)
{
    (void)state;
    assert_true(step5_sample(34, 2, 17, 7, STEP5_TWIN_SCAN, step5_any) > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_versions), cmocka_unit_test(test_engine_k16),
                                       cmocka_unit_test(test_engine_k17)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
