/* band_owner_check — the pass-by-pass twin of the band engine and the
 * checker, shared by test_band_owner and test_band_owner_slow.
 *
 * The band engine reports each puzzle only in the orientation that owns it
 * (band_split_owner over the puzzle's 6 counts, band_split.h) and has no
 * per-orientation output, so the twin is made on the outputs: on a grid and
 * K, both engines run unrestricted, every reported puzzle is checked by the
 * plain solver (found_list.h: unique, minimal, the grid's digits, no
 * duplicate), and (owner_twin)
 * - for every orientation o = 0..5, the puzzles of the band engine owned by
 *   o are exactly those of the checker owned by o (and those of a known
 *   list owned by o, when one is given: the complete 17-clue list);
 * - every puzzle's clue distribution in the coordinates of its owner o
 *   (x, y, z clues in bands 1, 2, 3 of o; q_s in its stacks), computed here
 *   from the definition of the orientations and not from band_split's maps,
 *   is one that band_split_pass_covers(K, o, ...) accepts;
 * - the comparison can fail: with any one puzzle removed from either
 *   engine's list, the groups of its owner differ.
 * So a puzzle lost by either engine, reported in a pass that should not
 * enumerate it, or grouped under another owner fails the test.
 */
#ifndef MC_TEST_BAND_OWNER_CHECK_H
#define MC_TEST_BAND_OWNER_CHECK_H

#include "band_control.h"
#include "band_split.h"

/* The six counts of a clue set: counts[o] = clues in band o (o < 3) or in
 * stack o - 3 (band_split.h). */
static inline void six_counts(cs81 s, int counts[6])
{
    for (int o = 0; o < 6; o++) counts[o] = 0;
    int c;
    CS81_FOREACH(c, s) {
        counts[c / 27]++;
        counts[3 + (c % 9) / 3]++;
    }
}

/* x, y, z and q[3] of a clue set with these counts in orientation o, from
 * the definition: for o < 3, band 3 is grid band o, bands 1 and 2 the other
 * grid bands in increasing order, the stacks the grid's stacks; for o >= 3
 * the grid is transposed first, so band 3 is stack o - 3, bands 1 and 2 the
 * other stacks in increasing order, and the stacks of the orientation are
 * the grid's bands. */
static inline void distribution(const int counts[6], int o, int *x, int *y, int *z, int q[3])
{
    int base = o < 3 ? 0 : 3, other = o < 3 ? 3 : 0, me = o - base, k = 0;
    int xy[2] = {0, 0};
    for (int b = 0; b < 3; b++)
        if (b != me) xy[k++] = counts[base + b];
    *x = xy[0];
    *y = xy[1];
    *z = counts[o];
    for (int s = 0; s < 3; s++) q[s] = counts[other + s];
}

static inline int owner_of(cs81 s)
{
    int counts[6];
    six_counts(s, counts);
    return band_split_owner(counts);
}

/* The sets of list a owned by o, into out; returns how many. */
static inline int owned(const cs81 *a, int n, int o, cs81 *out)
{
    int m = 0;
    for (int i = 0; i < n; i++)
        if (owner_of(a[i]) == o) out[m++] = a[i];
    return m;
}

/* True when, for every orientation, a and b hold the same sets owned by it. */
static inline bool same_groups(const cs81 *a, int na, const cs81 *b, int nb)
{
    cs81 ga[FOUND_MAX], gb[FOUND_MAX];
    for (int o = 0; o < BAND_SPLIT_ORIENTATIONS; o++) {
        int ma = owned(a, na, o, ga), mb = owned(b, nb, o, gb);
        if (!same_sets(ga, ma, gb, mb)) return false;
    }
    return true;
}

/* The comparison notices a loss: drop each set of a in turn. */
static inline void assert_loss_noticed(const cs81 *a, int na, const cs81 *b, int nb)
{
    cs81 less[FOUND_MAX];
    for (int drop = 0; drop < na; drop++) {
        int m = 0;
        for (int i = 0; i < na; i++)
            if (i != drop) less[m++] = a[i];
        assert_false(same_groups(less, m, b, nb));
    }
}

static inline void check_cover(cs81 s, int K)
{
    int counts[6], x, y, z, q[3];
    six_counts(s, counts);
    int o = band_split_owner(counts);
    assert_true(o >= 0 && o < 6);
    for (int i = 0; i < 6; i++) assert_true(counts[i] <= counts[o]);
    for (int i = 0; i < o; i++) assert_true(counts[i] < counts[o]); /* the first maximum */
    distribution(counts, o, &x, &y, &z, q);
    /* the module's own maps agree with the definition */
    assert_int_equal(counts[band_split_band_orientation(o, 0)], x);
    assert_int_equal(counts[band_split_band_orientation(o, 1)], y);
    assert_int_equal(band_split_band_orientation(o, 2), o);
    for (int t = 0; t < 3; t++) assert_int_equal(counts[band_split_stack_orientation(o, t)], q[t]);
    assert_int_equal(x + y + z, cs81_count(s));
    if (!band_split_pass_covers(K, o, x, y, z, q))
        print_message("owner %d: x %d y %d z %d q %d %d %d not covered by its pass\n", o, x, y, z, q[0], q[1],
                      q[2]);
    assert_true(band_split_pass_covers(K, o, x, y, z, q));
}

/* The twin on one grid (81 digits) with K clues; list: known puzzles of
 * the grid to compare too (NULL: none). Adds the band engine's puzzles by
 * owner to per_owner[6]; returns how many puzzles. */
static inline int owner_twin(const char *name, const uint8_t *g81, int K, const cs81 *list, int nlist, solver_ctx *s,
                      int per_owner[6])
{
    band_options bo;
    band_options_default(&bo, K);
    checker_options co;
    checker_options_default(&co, K);
    checker_ctx *ck = checker_new(geometry_9x9(), &co);
    assert_non_null(ck);
    band_record br;
    found_list fb = ctrl_run(&bo, g81, s, &br);
    found_list fc = {.grid = g81, .solver = s};
    checker_record cr;
    assert_int_equal(checker_run(ck, g81, &cr, found_list_add, &fc), MC_OK);
    checker_free(ck);
    print_message("%s: K = %d: band %d puzzles (%.1f s), checker %d (%.1f s)\n", name, K, fb.n, br.seconds_total,
                  fc.n, cr.seconds_total);
    assert_int_equal(fc.bad, 0);
    assert_int_equal(fc.dup, 0);
    assert_true(fb.n <= FOUND_MAX && fc.n <= FOUND_MAX);
    for (int o = 0; o < 6; o++) {
        cs81 gb[FOUND_MAX], gc[FOUND_MAX], gl[FOUND_MAX];
        int mb = owned(fb.set, fb.n, o, gb), mc = owned(fc.set, fc.n, o, gc);
        if (mb || mc) print_message("  owner %d: band %d, checker %d\n", o, mb, mc);
        assert_true(same_sets(gb, mb, gc, mc));
        if (list) {
            assert_true(nlist <= FOUND_MAX);
            int ml = owned(list, nlist, o, gl);
            assert_true(same_sets(gb, mb, gl, ml));
        }
        per_owner[o] += mb;
    }
    for (int i = 0; i < fb.n; i++) check_cover(fb.set[i], K);
    for (int i = 0; i < fc.n; i++) check_cover(fc.set[i], K);
    assert_true(same_groups(fb.set, fb.n, fc.set, fc.n));
    assert_loss_noticed(fb.set, fb.n, fc.set, fc.n);
    assert_loss_noticed(fc.set, fc.n, fb.set, fb.n);
    return fb.n;
}

/* The owner rule and the covering test on every distribution of K clues
 * over 3 bands and 3 stacks (the band and stack counts have the same sum;
 * no band or stack can hold more than 27 clues, so for K <= 27 every split
 * occurs), for K = kmin..kmax: the first maximum owns, and its pass covers
 * the distribution in the coordinates computed by distribution(). */
static inline void check_every_distribution(int kmin, int kmax)
{
    long n = 0;
    for (int K = kmin; K <= kmax; K++)
        for (int b0 = 0; b0 <= K; b0++)
            for (int b1 = 0; b0 + b1 <= K; b1++)
                for (int s0 = 0; s0 <= K; s0++)
                    for (int s1 = 0; s0 + s1 <= K; s1++) {
                        int counts[6] = {b0, b1, K - b0 - b1, s0, s1, K - s0 - s1}, x, y, z, q[3];
                        int o = band_split_owner(counts);
                        distribution(counts, o, &x, &y, &z, q);
                        assert_true(band_split_pass_covers(K, o, x, y, z, q));
                        n++;
                    }
    print_message("K = %d..%d: %ld distributions covered\n", kmin, kmax, n);
}

#endif
