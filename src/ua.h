/* ua — unavoidable sets: finding, minimising and storing them.
 *
 * A set U of cells of solution grid G is unavoidable when the puzzle "G
 * without the cells of U" has more than one solution. It is minimal when no
 * proper subset is unavoidable; equivalently, for every cell c of U the
 * puzzle "G without U \ {c}" is unique. Every alternative solution of a
 * minimal UA differs from G in exactly the cells of U, so a minimal UA is a
 * trade: two fillings of the same cells, different in every cell, with the
 * same digits in each row, column and box. Each digit of a minimal UA occurs
 * at least twice in it (Oldenburg, Basel bachelor thesis 2016, Lemma 3), so a UA of size <= 12 uses at
 * most 6 digits.
 *
 * Sets are cs81 (cellset.h): every shape with at most 81 cells (4x4, 6x6,
 * 8x8, 9x9) is covered; the pattern finder is 9x9 only, the reference finder
 * works on every such shape.
 *
 * ua_store: an array of distinct minimal sets kept sorted by (size, bits)
 * after ua_store_normalize; supersets of other members are removed there.
 */
#ifndef MC_UA_H
#define MC_UA_H

#include <stdint.h>

#include "cellset.h"
#include "geometry.h"
#include "mc_error.h"
#include "solver.h"

typedef struct ua_store {
    cs81 *set;
    int n, cap;
} ua_store;

void ua_store_init(ua_store *s);
void ua_store_free(ua_store *s);
void ua_store_clear(ua_store *s);
/* Appends (growing geometrically); MC_ENOMEM on failure. */
MC_MUST_USE mc_status ua_store_add(ua_store *s, cs81 u);
/* Sorts by (size, bits), drops duplicates and every set that contains
 * another member. */
void ua_store_normalize(ua_store *s);
/* Sorts by (size, bits) alone: ua_store_normalize for a store with no
 * duplicates and no member inside another (the pattern finder's distinct
 * minimal UAs), without the pairwise containment tests. */
void ua_store_sort(ua_store *s);

/* Every minimal UA of size <= max_size of the valid grid (geo->ncells <= 81),
 * by a complete search (slow: seconds per 9x9 grid at size 12). Appends to
 * out and normalizes it. */
MC_MUST_USE mc_status ua_find_reference(const geometry *geo, const uint8_t *grid, int max_size,
                                        ua_store *out);

/* The cells where the valid solution `other` differs from `grid`: a UA,
 * shrunk to a minimal one (drop cells while the rest stays unavoidable).
 * Returns the minimal set; uses ctx (same geometry) for the solver calls. */
cs81 ua_from_solution(solver_ctx *ctx, const geometry *geo, const uint8_t *grid,
                      const uint8_t *other);

/* True when u is unavoidable in grid / minimal unavoidable (solver checks). */
bool ua_is_unavoidable(solver_ctx *ctx, const geometry *geo, const uint8_t *grid, cs81 u);
bool ua_is_minimal(solver_ctx *ctx, const geometry *geo, const uint8_t *grid, cs81 u);

/* The fast 9x9 finder: every minimal UA of size <= max_size (<= 12) that
 * the pattern catalogue yields for the grid, in milliseconds (ua_find.c).
 * Appends to out and normalizes it; MC_ENOMEM when out of memory. The finder
 * holds the loaded catalogue and scratch space; one per thread. */
typedef struct ua_finder ua_finder;
/* Loads the built-in catalogue (compiled in from patterns/). */
ua_finder *ua_finder_new(void);
void ua_finder_free(ua_finder *f);
/* Number of patterns in the finder's catalogue. */
int ua_finder_patterns(const ua_finder *f);
MC_MUST_USE mc_status ua_find(ua_finder *f, const uint8_t *grid, int max_size, ua_store *out);
/* ua_find of n grids that share their first two bands: grid g is pair (54
 * cells, rows 0..5) and band3 + 27 g (rows 6..8); out[g] receives (appended,
 * normalized) exactly ua_find's list of grid g without the UAs inside one
 * band of rows (rows 0-2, 3-5 or 6-8; the band engine's band tables hold
 * those, and every valid part of a band hits them). The steps that stay in the
 * two bands are searched once for all, and the steps in band 3 once for
 * each class of grids that agree on the cells read so far (ua_find.c). */
MC_MUST_USE mc_status ua_find_group(ua_finder *f, const uint8_t pair[54], const uint8_t *band3, int n,
                                    int max_size, ua_store *out);

#endif
