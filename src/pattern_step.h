/* pattern_step — the step code of pattern normal forms (internal to pattern.c
 * and ua_find.c; pattern_keys in pattern.h gives a pattern's keys).
 *
 * A step places one cell: row kind rk (0 = a row already used, rref = its
 * normalized number; 1 = a new row of a used band, rref = the band; 2 = a row
 * of a new band), column kind ck / cref likewise with stacks, label kind lk
 * (0 = a label already used, lref = it; 1 = a new label). Keys order steps
 * cheap first for the matcher:
 *     class 0   old row and old column: one cell, one test
 *     class 1-4 old label: rk + ck (one old coordinate fixes the cell)
 *     class 4-8 new label: 4 + rk + ck
 * then lk, rk, ck, rref, cref, lref.
 */
#ifndef MC_PATTERN_STEP_H
#define MC_PATTERN_STEP_H

#include <stdint.h>

static inline uint32_t step_key(int rk, int rref, int ck, int cref, int lk, int lref)
{
    int cls = (rk == 0 && ck == 0) ? 0 : (lk == 0 ? rk + ck : 4 + rk + ck);
    return (uint32_t)((((((cls * 2 + lk) * 3 + rk) * 3 + ck) * 9 + rref) * 9 + cref) * 16 + lref);
}
static inline int step_lref(uint32_t k) { return (int)(k % 16); }
static inline int step_ck(uint32_t k) { return (int)(k / 1296 % 3); }
static inline int step_rk(uint32_t k) { return (int)(k / 3888 % 3); }
static inline int step_lk(uint32_t k) { return (int)(k / 11664 % 2); }

#endif
