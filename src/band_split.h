/* band_split — the case split of the band method: which orientation of a
 * grid owns a puzzle, and which clue counts a pass of that orientation
 * enumerates.
 *
 * Orientations. A 9x9 grid is looked at in 6 orientations o = 0..5. For
 * o = 0, 1, 2 the "band 3" of the orientation is band o of the grid and
 * bands 1, 2 are the two other bands in increasing order. For o = 3, 4, 5
 * the grid is first transposed (stack s becomes band s) and the same is
 * done with band o - 3 of the transposed grid (= stack o - 3).
 * The count of orientation o of a clue set P is the number of clues of P in
 * its band 3: counts[o] = clues in band o (o < 3) or in stack o - 3.
 *
 * Ownership (the rule that makes the split a partition). Let m = the
 * largest of the six counts. P is owned by the FIRST orientation o with
 * counts[o] = m. Exactly one orientation owns any clue set, so a search
 * that, in every orientation o, reports only the puzzles o owns reports
 * every puzzle exactly once, without a global dedupe.
 *
 * What a pass enumerates. In orientation o, write x, y, z for the clues of
 * P in bands 1, 2, 3 of the orientation, and q_0, q_1, q_2 for its clues in
 * the stacks of the orientation. If o owns P with n <= K clues then:
 *   (1) z = m and x + y + z = n <= K;
 *   (2) x <= z - e1 and y <= z - e2, where e_i = 1 when band i of the
 *       orientation is an earlier orientation than o (strictly fewer clues
 *       than the maximum there), else 0;
 *   (3) q_s <= z - f_s with f_s = 1 when stack s of the orientation is an
 *       earlier orientation than o. For o < 3 the stacks of the orientation
 *       are orientations 3..5 (all later: f = 0); for o >= 3 they are the
 *       bands of the grid, orientations 0..2 (all earlier: f = 1).
 * From (1) and (2): x + y + max(x + e1, y + e2) <= K (band_split_pair_ok),
 * and z lies in [max(x + e1, y + e2), K - x - y] (band_split_zrange).
 * Conversely every (x, y, z, q) meeting (1)-(3) with z >= every other count
 * is owned by o unless an earlier orientation ties; the engine enumerates
 * the superset given by (1)-(3) and keeps a found puzzle only when
 * band_split_owner names o.
 *
 * Sizes. A unique puzzle fixes each band given the other two, so its part
 * in each band is a valid band subset (band_table) and has at least
 * BAND_TABLE_MIN_VALID clues (checked over all 416 bands in the tests).
 * With y >= v and x <= z: 2x + v <= K, so x <= (K - v) / 2 (band_split_xmax):
 * with v = 2 (some bands have valid 2-clue sets), 7 for K = 16 and 17, 8 for
 * K = 18.
 *
 * For K = 17 the passes come out as in the community scans: z >= 7 leaves
 * at most 10 clues to bands 1+2; z = 6 leaves 11 with x, y <= 6 (6/5/6 or
 * 5/6/6) and every stack at most 6.
 */
#ifndef MC_BAND_SPLIT_H
#define MC_BAND_SPLIT_H

#include <stdbool.h>

#define BAND_SPLIT_ORIENTATIONS 6

/* The pseudo-orientation of a band-pair group (bandpair.h): band 3 holds a
 * largest count, ties allowed everywhere (every e_i and f_s is 0); the ties
 * are resolved when a puzzle is found (bandpair_cover), not by the order of
 * orientations. Accepted by the functions below that take o. */
#define BAND_SPLIT_GROUP BAND_SPLIT_ORIENTATIONS

/* The owning orientation of a clue set with these six counts (counts[o] as
 * above): the first index holding the maximum. */
int band_split_owner(const int counts[BAND_SPLIT_ORIENTATIONS]);

/* The orientation index (0..5) of band i (0 = band 1, 1 = band 2,
 * 2 = band 3) and of stack s of orientation o. */
int band_split_band_orientation(int o, int i);
int band_split_stack_orientation(int o, int s);

/* e_i of band i (0 or 1) of orientation o, f_s of stack s. */
int band_split_band_strict(int o, int i);
int band_split_stack_strict(int o, int s);

/* True when some z meets (1) and (2) for these x and y. */
bool band_split_pair_ok(int clues, int o, int x, int y);

/* The range of z for a pair: *zlo = max(x + e1, y + e2), *zhi = K - x - y. */
void band_split_zrange(int clues, int o, int x, int y, int *zlo, int *zhi);

/* The same two with e1 and e2 given (0 or 1) instead of taken from an
 * orientation: a group scan's items set them from the cover order
 * (bandpair_tie_rivals). */
void band_split_zrange_strict(int clues, int e1, int e2, int x, int y, int *zlo, int *zhi);
bool band_split_pair_ok_strict(int clues, int e1, int e2, int x, int y);

/* The largest x (or y) a pass can need when every band needs at least
 * min_valid clues. */
int band_split_xmax(int clues, int min_valid);

/* True when a clue set with band counts x, y, z and stack counts q[3]
 * (all in the coordinates of orientation o) is enumerated by the pass of
 * o: pair_ok, zlo <= z <= zhi, and q_s <= z - f_s. */
bool band_split_pass_covers(int clues, int o, int x, int y, int z, const int q[3]);

#endif
