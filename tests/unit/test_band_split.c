/* test_band_split — the case split of the band method covers every clue
 * distribution, each in exactly one orientation.
 *
 * ctest-labels: unit
 *
 * Every 3 x 3 matrix of box counts (0..9 each) with sum K = 16, 17, 18 is a
 * possible distribution of K clues over bands and stacks (each band and
 * stack count that can occur occurs in some matrix); sums K - 3 .. K - 1 too
 * (puzzles of fewer than K clues are reported by the pass of K). For each:
 * - the orientations holding the maximum count are found here directly,
 *   and the first of them must be band_split_owner's answer;
 * - in that orientation the engine's pass must enumerate it
 *   (band_split_pass_covers), and its band-1 and band-2 counts must be
 *   within band_split_xmax when every band and stack has at least
 *   BAND_TABLE_MIN_VALID clues (as every unique puzzle has);
 * - no other orientation owns it.
 * Plus the orientation bookkeeping: band_split_band_orientation lists the
 * two other bands (or stacks) in increasing order.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "band_split.h"
#include "band_table.h"

static int enumerated;

static void check(int K, const int box[9])
{
    int counts[6] = {0, 0, 0, 0, 0, 0};
    for (int b = 0; b < 3; b++)
        for (int s = 0; s < 3; s++) {
            counts[b] += box[3 * b + s];
            counts[3 + s] += box[3 * b + s];
        }
    int max = 0;
    for (int o = 0; o < 6; o++)
        if (counts[o] > max) max = counts[o];
    int owners = 0, first = -1;
    for (int o = 0; o < 6; o++) {
        int earlier_less = 1;
        for (int p = 0; p < o; p++) earlier_less &= counts[p] < max;
        if (counts[o] == max && earlier_less) owners++, first = o;
    }
    assert_int_equal(owners, 1);
    int o = band_split_owner(counts);
    assert_int_equal(o, first);
    int x = counts[band_split_band_orientation(o, 0)], y = counts[band_split_band_orientation(o, 1)];
    int z = counts[band_split_band_orientation(o, 2)];
    assert_int_equal(z, max);
    int q[3];
    for (int s = 0; s < 3; s++) q[s] = counts[band_split_stack_orientation(o, s)];
    assert_true(band_split_pass_covers(K, o, x, y, z, q));
    int all_valid = 1;
    for (int i = 0; i < 6; i++) all_valid &= counts[i] >= BAND_TABLE_MIN_VALID;
    if (all_valid) {
        assert_true(x <= band_split_xmax(K, BAND_TABLE_MIN_VALID));
        assert_true(y <= band_split_xmax(K, BAND_TABLE_MIN_VALID));
    }
    enumerated++;
}

static void rec(int K, int *box, int i, int left)
/* every box matrix with sum (the initial left); the pass is the one of K */
{
    if (i == 8) {
        if (left <= 9) {
            box[8] = left;
            check(K, box);
        }
        return;
    }
    for (int v = 0; v <= 9 && v <= left; v++) {
        box[i] = v;
        rec(K, box, i + 1, left - v);
    }
}

static void test_every_distribution(void **state)
{
    (void)state;
    for (int K = 16; K <= 18; K++)
        for (int n = K - 3; n <= K; n++) { /* fewer clues than K: the pass of K covers them too */
            int box[9];
            enumerated = 0;
            rec(K, box, 0, n);
            print_message("K = %d, %d clues: %d box distributions, each owned once and enumerated\n", K, n,
                          enumerated);
            assert_true(enumerated > 0);
        }
}

static void test_orientations(void **state)
{
    (void)state;
    static const int want[6][3] = {{1, 2, 0}, {0, 2, 1}, {0, 1, 2}, {4, 5, 3}, {3, 5, 4}, {3, 4, 5}};
    for (int o = 0; o < 6; o++)
        for (int i = 0; i < 3; i++) assert_int_equal(band_split_band_orientation(o, i), want[o][i]);
    for (int s = 0; s < 3; s++) {
        assert_int_equal(band_split_stack_orientation(1, s), 3 + s);
        assert_int_equal(band_split_stack_orientation(4, s), s);
        assert_int_equal(band_split_stack_strict(2, s), 0);
        assert_int_equal(band_split_stack_strict(3, s), 1);
    }
    /* K = 17, band 3 = band 0 with 6 clues: bands 1, 2 later, 6 + 5 allowed, 6 + 6 not */
    assert_true(band_split_pair_ok(17, 0, 6, 5));
    assert_false(band_split_pair_ok(17, 0, 6, 6));
    /* band 3 = band 2: bands 0 and 1 are earlier and need fewer clues than band 3 */
    assert_false(band_split_pair_ok(17, 2, 6, 5));
    assert_true(band_split_pair_ok(17, 2, 5, 5));
    assert_int_equal(band_split_xmax(17, 2), 7);
    assert_int_equal(band_split_xmax(18, 2), 8);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_distribution),
        cmocka_unit_test(test_orientations),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
