/* ua64 — unavoidable sets of grids of at most 64 cells, by digit subsets.
 *
 * A minimal unavoidable set S of a grid G is the difference between G and
 * another solution G' (G' agrees with G outside S, and by minimality
 * differs on all of S). In every unit G' only moves the digits of S among
 * the cells of S, so G' solves the puzzle "G with the cells of the digits
 * of S emptied". Hence every minimal UA whose cells hold at most m distinct
 * digits is the difference of G and some solution of one of these puzzles,
 * for the digit subsets D with 2 <= |D| <= m. ua64_find enumerates them
 * all, keeps the differences of at most max_size cells, and drops those
 * that contain another one: what is left are exactly the minimal UAs with
 * at most m digits and max_size cells. It reads the solutions off the
 * digit templates (templates64.h: partitions of the emptied cells into
 * templates, no solver); ua64_find_by_solver, its twin, enumerates them
 * with the solver (solve64_near): on 8x8 at 5 digits and 12 cells about
 * 1.7 s per grid against 2 ms.
 *
 * Sets are uint64_t cell masks (bit x = cell x, row-major). The output is
 * sorted by size, then by mask value. A ua64 context is made once per
 * thread; its buffers grow geometrically and are kept between grids.
 */
#ifndef MC_UA64_H
#define MC_UA64_H

#include <stdint.h>

#include "geometry.h"
#include "mc_error.h"

typedef struct ua64 ua64;

/* For shapes of at most 64 cells; NULL otherwise or out of memory. */
ua64 *ua64_new(const geometry *geo);
void ua64_free(ua64 *u);

/* The minimal UAs of grid (a valid solution) with at most max_digits
 * distinct digits (2..N) and at most max_size cells, smallest first; the
 * first `cap` go to out, their number to *n (the number found may be
 * larger: *found). *solutions (may be NULL) gets the subset puzzles'
 * solutions added. MC_ENOMEM when a buffer cannot grow. */
MC_MUST_USE mc_status ua64_find(ua64 *u, const uint8_t *sol, int max_digits, int max_size, uint64_t *out,
                                int cap, int *n, int *found, uint64_t *solutions);

/* The same, the subset puzzles solved by solve64_near (the slow twin). */
MC_MUST_USE mc_status ua64_find_by_solver(ua64 *u, const uint8_t *sol, int max_digits, int max_size, uint64_t *out,
                                          int cap, int *n, int *found, uint64_t *solutions);

/* The "cycle" UAs of two rows of one band or two columns of one stack:
 * for rows a, b of a band the pairs (G[a][c], G[b][c]) over the columns c
 * form a permutation of the digits without fixed points; swapping the two
 * rows' digits on the columns of one of its cycles keeps every row, column
 * and box valid, so each cycle's 2L cells are a UA (the cycles of one pair
 * partition its 2N cells). Likewise for two columns of one stack. Every
 * such set of grid sol goes to out (at most cap), unsorted, possibly
 * repeated; returns their number. No solver, no allocation. */
int ua64_cycles(const geometry *geo, const uint8_t *sol, uint64_t *out, int cap);

/* Merges the sets in[0..n) into a family: sorted by size then mask, every
 * set that contains another (or equals an earlier one) dropped; in place;
 * returns the number kept. */
int ua64_minimize(uint64_t *set, int n);

#endif
