/* test_band_scan — band_scan's three versions return the same index, and
 * the band engine with the widest one does exactly what it does with the
 * scalar one.
 *
 * ctest-labels: unit
 * ctest-timeout: 900
 *
 * 1. Lists of 0..300 random sets (sparse, so that a pair meets most of
 *    them, as in the engine) and sets q; in some lists one set is made
 *    disjoint from q at a chosen place (each position of the 32- and
 *    16-set rounds and of the tails). Oracle: a loop over the list here.
 *    Versions the CPU cannot run are reported and skipped.
 * 1b. band_scan_filter's three versions on the same kind of lists and
 *    sets x: the sets x misses, in order, as a loop here finds them; the
 *    entries of out past the count are not looked at.
 * 2. Group mode (band_step5_twin.h, STEP5_TWIN_SCAN): 2 covering groups
 *    of known 17s, K = 17 with band 3 >= 7, the engine with the widest
 *    version against band_options.scan_scalar: the same counters (pairs,
 *    survivors, two-band passes, band-3 nodes, solver calls, learned UAs)
 *    and the same puzzles, at least one. The twin also scans the whole
 *    list for every pair, where the engine scans only the sets the pair's
 *    X misses from an X's second pair on (list_dead), so this checks that
 *    restriction too, with the sets learned along the way.
 * 3. Grid mode, the same twin: grids 1 and 2 of seventeen-grids.txt
 *    (band_control.h), K = 17 with band 3 >= 7: the same counters and the
 *    same puzzles, and the list was scanned (survivors > 0).
 * 4. The AVX2 versions against the widest (band_options.scan_avx2), on a
 *    CPU that runs AVX-512 (skipped elsewhere: there the two are one):
 *    the groups of 2 (STEP5_TWIN_AVX2) and the grids of 3 with every
 *    counter of the record the same (ctrl_same_counters), and the same
 *    puzzles.
 */
#include "band_step5_twin.h"
#include "band_control.h"

#include "band_scan.h"
#include "band_bound.h"

static int oracle(const uint64_t *list, int n, uint64_t q)
{
    int i = 0;
    while (i < n && (list[i] & q) != 0) i++;
    return i;
}

/* k random bits below bit `below` (repeats allowed). */
static uint64_t random_bits(prng *r, int k, int below)
{
    uint64_t w = 0;
    for (int j = 0; j < k; j++) w |= UINT64_C(1) << prng_below(r, (uint64_t)below);
    return w;
}

/* A set of 4..15 draws of 54 bits: a pair meets most of them. */
static uint64_t sparse(prng *r) { return random_bits(r, 4 + (int)prng_below(r, 12), 54); }

/* 0..300 sparse sets into list; their number. */
static int sparse_list(prng *r, uint64_t list[300])
{
    int n = (int)prng_below(r, 301);
    for (int i = 0; i < n; i++) list[i] = sparse(r);
    return n;
}

static void test_versions(void **state)
{
    (void)state;
    const char *name;
    band_scan_fn best = band_scan_best(&name);
    bool avx2 = band_scan_has_avx2(), avx512 = band_scan_has_avx512();
    print_message("best: %s; avx2 %s, avx512 %s\n", name, avx2 ? "run" : "skipped", avx512 ? "run" : "skipped");
    prng r;
    prng_seed(&r, 20261125);
    uint64_t list[300];
    int hits = 0;
    for (int t = 0; t < 20000; t++) {
        int n = sparse_list(&r, list);
        uint64_t q = random_bits(&r, 8 + (int)prng_below(&r, 10), 54);
        /* a set meeting q in every list, then maybe one missing it */
        for (int i = 0; i < n; i++)
            if (!(list[i] & q)) list[i] |= q & -q;
        if (n && prng_below(&r, 4)) {
            int at = (int)prng_below(&r, (uint64_t)n);
            list[at] = ~q & ((UINT64_C(1) << 54) - 1) & list[at];
            if (!list[at]) list[at] = UINT64_C(1) << 60;
        }
        int want = oracle(list, n, q);
        hits += want < n;
        assert_int_equal(band_scan_first_scalar(list, n, q), want);
        assert_int_equal(best(list, n, q), want);
        if (avx2) assert_int_equal(band_scan_first_avx2(list, n, q), want);
        if (avx512) assert_int_equal(band_scan_first_avx512(list, n, q), want);
    }
    assert_true(hits > 10000); /* both outcomes were exercised */
    assert_true(hits < 20000);
}

static void test_filter_versions(void **state)
{
    (void)state;
    bool avx2 = band_scan_has_avx2(), avx512 = band_scan_has_avx512();
    band_scan_filter_fn fn[4] = {band_scan_filter_scalar, band_scan_filter_best(), avx2 ? band_scan_filter_avx2 : NULL,
                                 avx512 ? band_scan_filter_avx512 : NULL};
    prng r;
    prng_seed(&r, 20261129);
    uint64_t list[300], want[300], out[300];
    long kept = 0, all = 0;
    for (int t = 0; t < 20000; t++) {
        int n = sparse_list(&r, list);
        uint64_t x = random_bits(&r, 1 + (int)prng_below(&r, 8), 27);
        int m = 0;
        for (int i = 0; i < n; i++)
            if (!(list[i] & x)) want[m++] = list[i];
        kept += m, all += n;
        for (int v = 0; v < 4; v++) {
            if (!fn[v]) continue;
            memset(out, 0xa5, sizeof out);
            assert_int_equal(fn[v](list, n, x, out), m);
            assert_memory_equal(out, want, sizeof *want * (size_t)m);
        }
    }
    assert_true(kept > all / 10 && kept < all - all / 10); /* sets kept and sets dropped */
}

static void test_engine(void **state)
{
    (void)state;
    assert_true(step5_sample(25, 2, 17, 7, STEP5_TWIN_SCAN, step5_any) > 0);
}

/* Grids 1 and 2 of the controls, K = 17 with band 3 >= 7, with the widest
 * versions and with a twin (scan_avx2 when avx2, else scan_scalar): the
 * same puzzles, the list scanned (survivors > 0), and the same work: every
 * counter against AVX2, step5_same_work's against the scalar twin. */
static void grids_against(void **state, bool avx2)
{
    assert_int_equal(ctrl_setup(state), 0);
    solver_ctx *s = solver_new(geometry_9x9());
    assert_non_null(s);
    for (int i = 0; i < 2; i++) {
        band_options o;
        band_options_default(&o, 17);
        o.band3_min = 7;
        band_record rf, rs;
        found_list ff = ctrl_run(&o, ctrl[i].grid, s, &rf);
        if (avx2) o.scan_avx2 = 1;
        else o.scan_scalar = 1;
        found_list fs = ctrl_run(&o, ctrl[i].grid, s, &rs);
        print_message("grid %d against %s: %d puzzles, %llu survivors, %llu two-band passes, %llu band-3 nodes\n",
                      i + 1, avx2 ? "AVX2" : "scalar", ff.n, (unsigned long long)rf.survivors,
                      (unsigned long long)rf.two_band_pass, (unsigned long long)rf.band3_nodes);
        assert_true(rf.survivors > 0);
        if (avx2) ctrl_same_counters(&rf, &rs);
        else step5_same_work(&rf, &rs);
        assert_true(same_sets(ff.set, ff.n, fs.set, fs.n));
    }
    solver_free(s);
    ctrl_teardown(state);
}

static void test_grid(void **state) { grids_against(state, false); }

static void test_avx2(void **state)
{
    if (!band_scan_has_avx512() || !band_bound_has_avx512()) {
        print_message("skipped: this CPU does not run the AVX-512 versions, so its widest are the AVX2 ones\n");
        skip();
    }
    assert_true(step5_sample(25, 2, 17, 7, STEP5_TWIN_AVX2, step5_any) > 0);
    grids_against(state, true);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_versions), cmocka_unit_test(test_filter_versions),
                                       cmocka_unit_test(test_engine), cmocka_unit_test(test_grid),
                                       cmocka_unit_test(test_avx2)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
