/* cellset — sets of cells as fixed-width bit vectors, all static inline.
 *
 * cs81: the 81 cells of a 9x9 grid in two 64-bit words.
 *
 *     w[0]  bit i      = cell i        (cells  0..63, rows 0..6 and r7c0)
 *     w[1]  bit i - 64 = cell i        (cells 64..80)
 *
 *   Invariant: bits 17..63 of w[1] are always zero, so equality, ordering
 *   and popcount need no masking.
 *
 * Cells are numbered row-major: cell = row * N + column.
 */
#ifndef MC_CELLSET_H
#define MC_CELLSET_H

#include <stdbool.h>
#include <stdint.h>

typedef struct cs81 {
    uint64_t w[2];
} cs81;

#define CS81_HI_MASK ((UINT64_C(1) << 17) - 1)

static inline cs81 cs81_empty(void) { cs81 s = {{0, 0}}; return s; }
static inline cs81 cs81_full(void) { cs81 s = {{~UINT64_C(0), CS81_HI_MASK}}; return s; }
/* The cells 0..n-1 (n 0..81): the cells of a grid of n cells. */
static inline cs81 cs81_first_n(int n)
{
    cs81 s = {{n >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << n) - 1, n > 64 ? (UINT64_C(1) << (n - 64)) - 1 : 0}};
    return s;
}
static inline cs81 cs81_single(int c)
{
    cs81 s = {{0, 0}};
    s.w[c >> 6] = UINT64_C(1) << (c & 63);
    return s;
}
static inline bool cs81_has(cs81 s, int c) { return (s.w[c >> 6] >> (c & 63)) & 1; }
static inline void cs81_add(cs81 *s, int c) { s->w[c >> 6] |= UINT64_C(1) << (c & 63); }
static inline void cs81_del(cs81 *s, int c) { s->w[c >> 6] &= ~(UINT64_C(1) << (c & 63)); }
static inline cs81 cs81_and(cs81 a, cs81 b) { cs81 s = {{a.w[0] & b.w[0], a.w[1] & b.w[1]}}; return s; }
static inline cs81 cs81_or(cs81 a, cs81 b) { cs81 s = {{a.w[0] | b.w[0], a.w[1] | b.w[1]}}; return s; }
static inline cs81 cs81_xor(cs81 a, cs81 b) { cs81 s = {{a.w[0] ^ b.w[0], a.w[1] ^ b.w[1]}}; return s; }
static inline cs81 cs81_andnot(cs81 a, cs81 b) { cs81 s = {{a.w[0] & ~b.w[0], a.w[1] & ~b.w[1]}}; return s; }
static inline bool cs81_is_empty(cs81 s) { return (s.w[0] | s.w[1]) == 0; }
static inline bool cs81_intersects(cs81 a, cs81 b) { return ((a.w[0] & b.w[0]) | (a.w[1] & b.w[1])) != 0; }
static inline bool cs81_subset(cs81 a, cs81 b) { return ((a.w[0] & ~b.w[0]) | (a.w[1] & ~b.w[1])) == 0; }
static inline bool cs81_eq(cs81 a, cs81 b) { return a.w[0] == b.w[0] && a.w[1] == b.w[1]; }
static inline int cs81_count(cs81 s) { return __builtin_popcountll(s.w[0]) + __builtin_popcountll(s.w[1]); }
/* Lowest cell in s; s must not be empty. */
static inline int cs81_first(cs81 s)
{
    return s.w[0] ? __builtin_ctzll(s.w[0]) : 64 + __builtin_ctzll(s.w[1]);
}
/* Removes and returns the lowest cell of a non-empty set. */
static inline int cs81_pop(cs81 *s)
{
    if (s->w[0]) {
        int c = __builtin_ctzll(s->w[0]);
        s->w[0] &= s->w[0] - 1;
        return c;
    }
    int c = 64 + __builtin_ctzll(s->w[1]);
    s->w[1] &= s->w[1] - 1;
    return c;
}
/* Total order: by size, then by the cell bits (high word first). */
static inline int cs81_cmp(cs81 a, cs81 b)
{
    int ca = cs81_count(a), cb = cs81_count(b);
    if (ca != cb) return ca < cb ? -1 : 1;
    if (a.w[1] != b.w[1]) return a.w[1] < b.w[1] ? -1 : 1;
    if (a.w[0] != b.w[0]) return a.w[0] < b.w[0] ? -1 : 1;
    return 0;
}
#define CS81_FOREACH(c, set) \
    for (cs81 cs81_it_ = (set); !cs81_is_empty(cs81_it_) && (((c) = cs81_pop(&cs81_it_)), 1);)

#endif
