/* bandpair — the band-pair groups of the 9x9 catalogue: every essentially
 * different grid in each of its 6 orientations, grouped by its bands 1+2.
 *
 * Orientations and items. A grid has 6 slots: bands 0..2 and stacks 0..2.
 * Orienting a grid G on slot s (bandpair_orient) moves slot s to rows 7-9:
 * for band k, the other two bands keep their order on rows 1-6; for stack k,
 * G is transposed first. The oriented grid X has a *pair* (rows 1-6: bands
 * 1 and 2) and a *band 3* (rows 7-9).
 *
 * The group acting. H is the subgroup of the grid group (DESIGN.md §2) that
 * keeps rows 7-9 as band 3: relabelling digits, permuting rows within each
 * of the three bands, swapping bands 1 and 2, permuting stacks and columns
 * within stacks; no transposition. |H| = 2 * 6^3 (rows) * 6^4 (columns) =
 * 559,872 position maps (times 9! relabellings), index 6 in the grid group,
 * which acts transitively on the 6 slots with H the stabilizer of "band 3".
 * Hence H-classes of grids correspond one to one to grid-group classes of
 * (grid, slot), that is, to pairs (ES class of G, orbit of Aut(G) on the 6
 * slots of G). H acts on pairs through H_pair (the row moves of band 3 act
 * trivially): 2 * 6^2 * 6^4 = 93,312 position maps.
 *
 * Canonical pair. The pair of X is canonical when its 54-digit string is the
 * smallest over H_pair (forced relabelling). Its rows 1-3 are then the minlex
 * band M_b with b = the smaller of the two bands' indices (band.h), its rows
 * 4-6 a band of index >= b in increasing order of their first digit. A
 * *group* is a canonical pair P with the band 3s that complete it, each
 * written with its rows in increasing order of their first digit and kept
 * only when it is the smallest of its images under Aut(P) (the maps of H_pair
 * that fix P; each image row-sorted). An *item* is (group, band 3).
 *
 * Multiplicity rule (coverage): for every valid grid G and slot s there is
 * exactly one item (P, B) with P+B H-equivalent to G oriented on s, and two
 * slots s, s' of G give the same item iff an automorphism of G maps s to s'.
 * So each ES grid G yields exactly orbits(Aut(G), 6 slots) items: 6 for a
 * grid without automorphisms, fewer for the rare others. Proof: the item of
 * X is (canonical pair of X's pair, minimal image of X's band 3 under
 * Stab_H(P) = Aut(P) x (row moves of band 3)), a function of the H-class of
 * X only, and distinct H-classes give distinct items (P+B is in the class).
 * bandpair_locate computes it for any oriented grid; the tests check it
 * against a brute-force minimum over all of H and the enumeration against
 * the catalogue.
 *
 * Order and ranks. The groups of band 1 index b are produced in increasing
 * lexicographic order of their rows 4-6, so the whole order is by band 1
 * index, then rows 4-6. A group's local rank is its 1-based position among
 * the canonical pairs of its band 1 index (including the rare canonical pairs
 * that no band 3 completes: they are groups with no item); a global rank is
 * the sum of the counts of the bands before plus the local rank (the
 * per-band counts are not stored here).
 *
 * Enumeration. For band b: rows 4-6 are filled cell by cell with increasing
 * digits (column digit sets of band 1 excluded, rows sorted by their first
 * digit); at a leaf no image under the automorphisms of M_b may be smaller
 * (each image is built and compared digit by digit, stopping at the first
 * difference), the band's index must be >= b and, when rows 4-6 are also of
 * index b, no image under the maps that send them to M_b may be smaller;
 * equal images are Aut(P). Band 3 is made row by row in lexicographic order
 * (row 7, then row 8, one digit per column from the three its column
 * misses; row 9 is forced), so no sort is needed. No allocation per group
 * once the band-3 buffer has grown to the largest group seen; the band
 * tables (band.h) are built at the first enumeration or location, not by
 * bandpair_ctx_new. A context is not shared between threads; two contexts
 * are independent. tests/unit/bandpair_ref.h keeps the first, slow version
 * of the enumeration (full images at every leaf, band 3s column by column
 * then sorted) as the twin it is checked against.
 *
 * Figures (tests/bench/results/bench_bandpair*.txt, one core of this
 * machine): 983,959,110 groups in all (every band 1 index has some), counted
 * in 318 CPU s (before the lazy comparison; band 1 alone now 0.5 s of its
 * 1.7); with their band 3s about 290,000-320,000 groups/s and 10 million
 * items/s on full bands (2.4-4.5 us of band-3 work per group; band 1,
 * whose 5.8 million leaves meet 108 automorphisms each, 80,000 groups/s),
 * 33.3 items per group, about 0.85 core-hours for the whole catalogue
 * (3.1 for the first version, the twin in the tests). Memory: a group is 54 bytes of pair
 * plus 27 bytes per band 3 (at most 288 band 3s seen, so at most 7.8 KB); a
 * context holds 420 KB of maps plus the band-3 buffer.
 */
#ifndef MC_BANDPAIR_H
#define MC_BANDPAIR_H

#include <stdbool.h>
#include <stdint.h>

#include "mc_error.h"

#define BANDPAIR_SLOTS 6 /* 0..2 bands, 3..5 stacks */

typedef struct bandpair_group {
    int band1, band2;      /* minlex indices of rows 1-3 and rows 4-6, band1 <= band2 */
    uint64_t local_rank;   /* 1-based among the canonical pairs of band1 */
    uint8_t pair[54];      /* rows 1-6, digits 0..8; rows 1-3 = band_minlex(band1) */
    int autos;             /* |Aut(P)|: maps of H_pair fixing the pair, >= 1 */
    int completions;       /* band 3s with sorted rows before the Aut(P) reduction */
    int nband3;            /* items: band 3s kept (<= completions) */
    const uint8_t *band3;  /* nband3 * 27 digits (rows 7-9), increasing order; owned by the context */
} bandpair_group;

typedef struct bandpair_stats {
    uint64_t leaves;      /* rows 4-6 filled (sorted rows) */
    uint64_t pairs;       /* canonical pairs (groups, empty ones included) */
    uint64_t empty;       /* canonical pairs with no band 3 (counted with band 3s only) */
    uint64_t items;       /* band 3s kept over all groups */
    uint64_t completions; /* band 3s before the Aut(P) reduction */
    uint64_t max_nband3;  /* largest group */
} bandpair_stats;

typedef struct bandpair_ctx bandpair_ctx;

MC_MUST_USE mc_status bandpair_ctx_new(bandpair_ctx **out);
void bandpair_ctx_free(bandpair_ctx *ctx);

/* Called per group; g and its band3 are valid during the call only. A
 * nonzero return stops the enumeration. */
typedef int (*bandpair_fn)(void *arg, const bandpair_group *g);

/* The groups of band 1 index `band` (1..416) with local ranks first..last
 * (1-based; last 0 = to the end), in order. with_band3 false skips the band-3
 * enumeration (nband3 = completions = 0, for counting pairs). fn may be NULL;
 * stats (may be NULL) are added to. MC_EINVAL for a bad band or range,
 * MC_ENOMEM. */
MC_MUST_USE mc_status bandpair_enumerate(bandpair_ctx *ctx, int band, uint64_t first, uint64_t last,
                                         bool with_band3, bandpair_fn fn, void *arg, bandpair_stats *stats);

/* x = grid g (81 digits) oriented on slot s (0..5), as described above;
 * x must not alias g. */
void bandpair_orient(const uint8_t *g, int slot, uint8_t *x);

/* The item of the oriented valid grid x: its canonical pair (54 digits) and
 * band 3 (27 digits); *band1 receives the pair's band 1 index. Any grid of
 * the H-class of x gives the same result. Uses its own part of ctx (the
 * automorphisms of the last band 1 located), so it may be called from an
 * enumeration's callback on the same context. */
void bandpair_locate(bandpair_ctx *ctx, const uint8_t *x, uint8_t *pair, uint8_t *band3, int *band1);

/* The covering item of a clue set (the one item whose scan reports it).
 * p: 81 cells of the valid grid g, CELL_EMPTY or g's digit. Among the slots
 * s whose clue count (clues of p in band s, or in stack s - 3) is the
 * largest of the six, the item of g oriented on s (bandpair_locate) with the
 * smallest key (band1 index, then pair rows 4-6, then band 3, digit by
 * digit): the order of global ranks, then of the band 3s inside a group.
 * Gives that slot (the first such slot when several give the same item),
 * the item's pair, band 3 and band 1 index. A function of the class of
 * (g, p) under the grid group, so a known puzzle's covering item can be
 * computed from the puzzle alone. */
void bandpair_cover(bandpair_ctx *ctx, const uint8_t *g, const uint8_t *p, int *slot, uint8_t *pair,
                    uint8_t *band3, int *band1);

/* The ties an item can cover. For the item (pair, band3) of a group, bit
 * i of the result is set when the item of the same grid oriented on
 * another slot comes strictly before it in the cover order: i = 0, 1 for
 * band 1, 2 (rows 1-3 or 4-6 moved to rows 7-9), i = 2, 3, 4 for stack 1,
 * 2, 3 (bandpair_orient). Then no clue set with as many clues in that slot
 * as in band 3, band 3 holding the most of the six, is covered by this
 * item: the slot is one of those bandpair_cover compares, and its item is
 * smaller. So a group scan may ask band 3 for more clues than that band
 * (that stack) holds: the strictness e_i (f_s) of band_split.h, per item.
 * Equal items (an automorphism of the grid maps one slot to the other)
 * leave the bit clear. */
#define BANDPAIR_RIVALS 5
int bandpair_tie_rivals(bandpair_ctx *ctx, const uint8_t *pair, const uint8_t *band3);

#endif
