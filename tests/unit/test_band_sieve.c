/* test_band_sieve — band_sieve's rows and its three block versions against
 * a loop over the sets, and the band engine's X x Y through the sieve
 * against the pair-by-pair twin.
 *
 * ctest-labels: unit
 * ctest-timeout: 900
 *
 * 1. Ranges of 0..1,300 random band sets (2..7 cells of 27, as the tables
 *    hold) in one sieve, UAs of 2..6 cells in random rows: every row bit
 *    of every block is checked against "the set misses the UA" (padding:
 *    set). Then random sets of rows (0..60 drawn, as a bit mask, so that
 *    the early stop is reached and not): each version's answer for
 *    each block equals, bit by bit, the sets of the block that meet every
 *    UA of the list (oracle: the sets and UAs themselves). Versions the
 *    CPU cannot run are reported and skipped.
 * 2. Group mode (band_step5_twin.h, STEP5_TWIN_PAIRS): 2 covering groups
 *    of known 17s, K = 17 with band 3 >= 7, the sieve against
 *    band_options.pairs_plain: the same
 *    counters (pairs, survivors, two-band passes, band-3 nodes, solver
 *    calls, learned UAs) and the same puzzles, at least one.
 * 3. Grid mode, every sieve block's closure (the blocks passed over
 *    without the sieve) against its definition by brute force:
 *    band_options.check_closures on grids 1 and 2 of seventeen-grids.txt
 *    (band_control.h) at K = 16, the run must end MC_OK.
 * 4. Grid mode, the sieve against band_options.pairs_plain: every counter
 *    of work_counters.h the same (survivors and pairs cut by the band-3
 *    bound among them) and the same puzzles, at K = 16 on grids 6 and 9
 *    and at K = 17 with band 3 >= 7 on grid 4, where a closure that leaves
 *    out the last Y of each block changes the counters (tests/mutate/run
 *    closure-last).
 */
#include "band_step5_twin.h"
#include "band_control.h"

#include "band_scan.h"
#include "band_sieve.h"

#define NMAX 1300

static uint32_t random_set(prng *r, int lo, int hi)
{
    uint32_t s = 0;
    int k = lo + (int)prng_below(r, (uint64_t)(hi - lo + 1));
    while (__builtin_popcount(s) < k) s |= UINT32_C(1) << prng_below(r, 27);
    return s;
}

static bool bit_of(const uint64_t *w, int i) { return (w[i >> 6] >> (i & 63)) & 1; }

static void test_versions(void **state)
{
    (void)state;
    const char *name;
    band_sieve_block_fn best = band_sieve_best(&name);
    bool avx2 = band_scan_has_avx2(), avx512 = band_scan_has_avx512();
    print_message("best: %s; avx2 %s, avx512 %s\n", name, avx2 ? "run" : "skipped", avx512 ? "run" : "skipped");
    prng r;
    prng_seed(&r, 20261127);
    static uint32_t sets[4][NMAX];
    static uint32_t part[BAND_SIEVE_UAS];
    int nset[4], first[4];
    long alive = 0, dead = 0;
    for (int t = 0; t < 40; t++) {
        band_sieve s;
        band_sieve_init(&s);
        int ranges = 1 + (int)prng_below(&r, 4);
        for (int g = 0; g < ranges; g++) {
            nset[g] = (int)prng_below(&r, NMAX + 1);
            for (int i = 0; i < nset[g]; i++) sets[g][i] = random_set(&r, 2, 7);
            assert_int_equal(band_sieve_add(&s, sets[g], nset[g], &first[g]), MC_OK);
        }
        int nua = 1 + (int)prng_below(&r, BAND_SIEVE_UAS);
        for (int k = 0; k < nua; k++) {
            part[k] = random_set(&r, 2, 6);
            band_sieve_set_ua(&s, k, part[k]);
        }
        for (int g = 0; g < ranges; g++) {
            int nb = (nset[g] + BAND_SIEVE_BLOCK - 1) / BAND_SIEVE_BLOCK;
            assert_true(g + 1 == ranges || first[g + 1] == first[g] + nb);
            for (int b = 0; b < nb; b++) {
                const uint64_t *rows = band_sieve_rows(&s, first[g] + b);
                for (int k = 0; k < nua; k++)
                    for (int i = 0; i < BAND_SIEVE_BLOCK; i++) {
                        int at = b * BAND_SIEVE_BLOCK + i;
                        bool want = at >= nset[g] || !(sets[g][at] & part[k]);
                        if (bit_of(rows + (size_t)k * BAND_SIEVE_WORDS, i) != want)
                            fail_msg("trial %d range %d block %d: row %d, set %d", t, g, b, k, i);
                    }
                for (int q = 0; q < 20; q++) {
                    uint16_t ua[64];
                    uint64_t mask[BAND_SIEVE_MASK_WORDS] = {0};
                    int n = (int)prng_below(&r, 61);
                    for (int i = 0; i < n; i++) {
                        ua[i] = (uint16_t)prng_below(&r, (uint64_t)nua);
                        mask[ua[i] >> 6] |= UINT64_C(1) << (ua[i] & 63);
                    }
                    uint64_t want[BAND_SIEVE_WORDS] = {0};
                    int any = 0;
                    for (int i = 0; i < BAND_SIEVE_BLOCK; i++) {
                        int at = b * BAND_SIEVE_BLOCK + i;
                        bool ok = at < nset[g];
                        for (int u = 0; u < n && ok; u++) ok = (sets[g][at] & part[ua[u]]) != 0;
                        if (ok) want[i >> 6] |= UINT64_C(1) << (i & 63), any = 1;
                    }
                    alive += any, dead += !any;
                    band_sieve_block_fn fn[4] = {band_sieve_block_scalar, best,
                                                 avx2 ? band_sieve_block_avx2 : NULL,
                                                 avx512 ? band_sieve_block_avx512 : NULL};
                    for (int v = 0; v < 4; v++) {
                        if (!fn[v]) continue;
                        uint64_t out[BAND_SIEVE_WORDS];
                        assert_int_equal(fn[v](rows, mask, out), any);
                        assert_memory_equal(out, want, sizeof want);
                    }
                }
            }
        }
        band_sieve_free(&s);
    }
    print_message("%ld blocks with sets left, %ld with none\n", alive, dead);
    assert_true(alive > 100 && dead > 100); /* both outcomes were exercised */
}

static void test_engine_k17(void **state)
{
    (void)state;
    assert_true(step5_sample(27, 2, 17, 7, STEP5_TWIN_PAIRS, step5_any) > 0);
}

/* Grid mode on grid i of seventeen-grids.txt at K (band 3 >= band3_min),
 * the sieve against band_options.pairs_plain: every counter the same. */
static void grid_twin(int i, int clues, int band3_min, solver_ctx *s)
{
    band_options o;
    band_options_default(&o, clues);
    o.band3_min = band3_min;
    band_record rf, rs;
    found_list ff = ctrl_run(&o, ctrl[i].grid, s, &rf);
    o.pairs_plain = 1;
    found_list fs = ctrl_run(&o, ctrl[i].grid, s, &rs);
    print_message("grid %d, K = %d, band 3 >= %d: %llu pairs, %llu survivors, %llu cut by the band-3 bound, %d "
                  "puzzles; %.2f s against %.2f s\n",
                  i + 1, clues, band3_min, (unsigned long long)rf.pairs, (unsigned long long)rf.survivors,
                  (unsigned long long)rf.band3_filtered, ff.n, rf.seconds_total, rs.seconds_total);
    assert_true(rf.survivors > 0);
    ctrl_same_counters(&rf, &rs);
    assert_true(same_sets(ff.set, ff.n, fs.set, fs.n));
}

static void test_grid_pairs(void **state)
{
    (void)state;
    solver_ctx *s = solver_new(geometry_9x9());
    assert_non_null(s);
    /* grids where a closure that leaves out a block's last Y loses pairs:
     * at K = 16 pairs the band-3 bound would cut (25 on grid 9, 1 on grid
     * 6), at K = 17 with band 3 >= 7 five survivors of grid 4 */
    grid_twin(5, 16, 0, s);
    grid_twin(8, 16, 0, s);
    grid_twin(3, 17, 7, s);
    solver_free(s);
}

/* options.check_closures: the engine checks every block's closure against
 * its definition as it makes it (brute force, band_engine_pairs.c) and
 * stops with MC_EINTERNAL on a difference. */
static void test_grid_closures(void **state)
{
    (void)state;
    for (int i = 0; i < 2; i++) {
        band_options o;
        band_options_default(&o, 16);
        o.check_closures = 1;
        band_engine *e = band_engine_new(&o);
        assert_non_null(e);
        band_record r;
        mc_status st = band_engine_run(e, ctrl[i].grid, &r, NULL, NULL);
        if (st != MC_OK) fail_msg("grid %d: %s (%s)", i + 1, mc_status_name(st), band_engine_failure(e));
        band_engine_free(e);
        print_message("grid %d, K = 16: %llu pairs, every closure as defined; %.2f s\n", i + 1,
                      (unsigned long long)r.pairs, r.seconds_total);
        assert_int_equal(r.puzzles, 0);
        assert_true(r.pairs > 0);
    }
}

int main(int argc, char **argv)
{
    if (argc > 1) cmocka_set_test_filter(argv[1]);
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_versions), cmocka_unit_test(test_engine_k17),
                                       cmocka_unit_test(test_grid_closures), cmocka_unit_test(test_grid_pairs)};
    return cmocka_run_group_tests(tests, ctrl_setup, ctrl_teardown);
}
