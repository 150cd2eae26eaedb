/* band_ua — unavoidable sets of a 9x9 grid inside its first two bands,
 * found by refilling the cells of a few digits.
 *
 * Representation: the first two bands (rows 0..5) of a solution grid, 54
 * digits 0..8 in row order; a set of cells is a 64-bit mask, bit c for
 * cell c = 9 * row + column (bits 54..63 always zero).
 *
 * Method: for every set D of 2..max_digits digits, the 6 |D| cells of the
 * two bands that hold a digit of D are emptied and refilled with the digits
 * of D in every way such that each of the 6 rows and 6 boxes holds each
 * digit of D once and each column keeps its set of digits of D (so its set
 * of 6 digits in the two bands is unchanged). Such a refilling, with the
 * third band of the grid left as it is, is again a valid grid, so the cells
 * where it differs from the grid form an unavoidable set (UA) of the grid
 * that lies inside the two bands: whatever the third band is, as long as
 * its columns' digit sets are the grid's.
 *
 * Search: a refilling gives each digit of D a placement, one cell in each
 * of the 6 rows and 6 boxes, in the 6 columns that hold the digit in the
 * grid's two bands (288 placements per digit, the grid's own among them);
 * a refilling of D is one placement per digit of D, pairwise disjoint and
 * on cells that hold digits of D. Only refillings in which every digit of
 * D moves are looked at: one that leaves a digit in place is a refilling
 * of the smaller set, with the same difference. Digits with the fewest
 * fitting placements are placed first; a branch ends once its difference
 * exceeds max_size. tests/unit/test_band_ua.c checks the list against a
 * plain cell-by-cell refilling search (its slow twin).
 *
 * Invariants of the list band_ua_find returns: every set is such a
 * difference (non-empty, a UA of the grid); no set contains another
 * (duplicates and supersets are dropped, so a set is minimal among those
 * found, not necessarily a minimal UA); at most max_size cells each;
 * ordered by size, then by mask value. Deterministic.
 *
 * Per subset D at most BAND_UA_MAX_FILLS refillings are looked at (beyond
 * that the subset's remaining ones are skipped: fewer sets, never a wrong
 * one). The list's buffer grows as needed and is reused between calls.
 */
#ifndef MC_BAND_UA_H
#define MC_BAND_UA_H

#include <stdint.h>

#include "mc_error.h"

#define BAND_UA_MAX_FILLS 20000

typedef struct band_ua_list {
    uint64_t *set;
    int n, cap;
    uint64_t *tmp; /* scratch: every difference found, before the minimality filter */
    int ntmp, captmp;
} band_ua_list;

void band_ua_list_init(band_ua_list *l);
void band_ua_list_free(band_ua_list *l);

/* Fills l with the UAs of the two bands g54 found from digit sets of
 * 2..max_digits digits (2..9), each of at most max_size cells. MC_EINVAL
 * on arguments out of range or when g54 is not two bands of a grid (a
 * digit twice in a row, box or column), MC_ENOMEM when a buffer cannot
 * grow. */
MC_MUST_USE mc_status band_ua_find(const uint8_t g54[54], int max_digits, int max_size, band_ua_list *l);

#endif
