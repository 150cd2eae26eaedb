/* sort — cell sets smallest first: by their number of cells, then by value
 * (for cs81: the high word, then the low one, as cs81_cmp).
 *
 * Three kinds of set, each sorted into exactly the order the comparison
 * sort gives (equal sets are equal bits, so the order is unique):
 *   - sort_sets27: 27-bit sets of one band (bits 0..26); an LSD radix sort
 *     on the 32-bit key  count << 27 | set  (4 passes of 8 bits, a pass
 *     whose digit is the same for every key skipped);
 *   - sort_sets54: sets of two bands (bits 0..53); the same on the 64-bit
 *     key  count << 54 | set  (8 passes);
 *   - sort_cs81: 81-cell sets; a bottom-up merge sort with cs81_cmp inline.
 * Each takes caller scratch of n elements (tmp, not aliasing a) and leaves
 * the result in a. No allocation: the callers own and grow their scratch.
 * tests/unit/test_sort.c checks all three against qsort on random sets.
 */
#ifndef MC_SORT_H
#define MC_SORT_H

#include <stdint.h>

#include "cellset.h"

/* a[0..n) (each < 2^27) sorted; tmp holds n. */
void sort_sets27(uint32_t *a, int n, uint32_t *tmp);
/* a[0..n) (each < 2^54) sorted; tmp holds n. */
void sort_sets54(uint64_t *a, int n, uint64_t *tmp);
/* a[0..n) sorted as cs81_cmp orders them; tmp holds n. */
void sort_cs81(cs81 *a, int n, cs81 *tmp);

#endif
