/* band_table — the valid clue subsets of one band, given its columns.
 *
 * A band is 27 cells (bit 9 * row + column, rows 0..2, digits 0..8), as in
 * solver9's band words. Its "gangster" is the set of three digits of each
 * of its nine columns. A clue subset S (a 27-bit mask) is VALID when the
 * only filling of the band that has the band's digits on S, valid rows and
 * boxes and the same digit set in every column is the band itself.
 *
 * Why this matters: in a solution grid the other two bands leave to each
 * column of a band exactly its three digits, and rows and boxes of the band
 * meet no other band; so the fillings of the band with the rest of the grid
 * fixed are exactly those fillings. A unique puzzle's part in every band
 * (and, transposing, in every stack) is therefore valid.
 *
 * Construction (band_table_build): every filling with the same gangster is
 * enumerated by backtracking, column by column (a column's three digits in
 * one of six orders, a digit once per row; a few to 1,728); the cells where one
 * differs from the band form a band UA; the minimal ones are kept
 * (table->ua). S is valid iff it meets every band UA. The valid sets of
 * sizes 0..max_size are then listed by a search over the cells from 26
 * down to 0, each first left out, then taken: a branch ends when a UA's
 * lowest cell is left out unhit, or when max_size cells are taken and a
 * UA of the cells left is unhit; so it meets only prefixes of valid sets
 * (and their dead ends), not all C(27, 7) = 888,030 subsets of size 7 that
 * a walk over the subsets tests (test_band_table: the walk is its twin).
 * The sets come in increasing order and are then put by size, stably.
 * band_table_extend lists larger sizes later from the same UAs. Nothing is
 * cached across bands: a build takes a few milliseconds, and the engine
 * builds the six tables of a grid (3 bands, 3 stacks) per grid. Bands with
 * one gangster have the same fillings (band_table_fillings lists them):
 * a table keeps the list of its last build and takes it again for a band
 * with the same gangster (the band 3s of a group's items, built one after
 * the other in one table), instead of listing it again.
 *
 * Givens (band_table_build_given): cells of the band fixed as clues that a
 * set does not count. A set S (disjoint from the givens) is then valid when
 * S plus the givens is; the band UAs that a given hits are dropped (they
 * are hit whatever S is), and no set holds a given cell. With no givens
 * (band_table_build) this is the plain table.
 *
 * Invariants after a build: set[start[s] .. start[s + 1]) are the valid
 * sets of size s in increasing order, for s = 0..max_size, none meeting
 * given; ua[0..nua) are the distinct minimal band UAs that miss given,
 * sorted by (size, value); min_valid is the smallest size of a valid set
 * (the smallest hitting set of those UAs).
 */
#ifndef MC_BAND_TABLE_H
#define MC_BAND_TABLE_H

#include <stdbool.h>
#include <stdint.h>

#include "mc_error.h"

#define BAND_TABLE_MAX_SIZE 9
#define BAND_TABLE_MAX_UA 4096
/* Smallest valid subset over all 416 bands (tests/unit/test_band_table.c). */
#define BAND_TABLE_MIN_VALID 2

typedef struct band_table {
    uint8_t band[27];
    int max_size;
    uint32_t *set;                        /* valid sets, by size */
    int start[BAND_TABLE_MAX_SIZE + 2];
    int cap;
    uint32_t given;                       /* given cells (27 bits; 0: none) */
    uint32_t ua[BAND_TABLE_MAX_UA];       /* minimal band UAs missing the givens */
    int nua;
    int fillings;                         /* fillings with the band's gangster (band included) */
    int min_valid;
    uint32_t *tmp;                        /* scratch of the listing and of the UAs' sort */
    int captmp;
    /* band_table_build_given's list of fillings: nfill of the gangster
     * fill_gangster (column c's digits as bit mask c; nfill 0: none yet),
     * kept for the next band with that gangster */
    uint8_t *fill;
    int nfill;
    uint16_t fill_gangster[9];
} band_table;

void band_table_init(band_table *t);
void band_table_free(band_table *t);

/* Builds the table of the valid band (27 digits) up to max_size
 * (<= BAND_TABLE_MAX_SIZE). Reuses t's memory; MC_ENOMEM when growing
 * fails. */
MC_MUST_USE mc_status band_table_build(band_table *t, const uint8_t band[27], int max_size);

/* The same with the cells of given (27 bits) fixed as uncounted clues; a
 * rebuild of t->band takes t->given again. */
MC_MUST_USE mc_status band_table_build_given(band_table *t, const uint8_t band[27], int max_size, uint32_t given);

/* The fillings of band's gangster (every band with the same three digits
 * in each column, band itself among them), 27 digits each, into out (room
 * for BAND_TABLE_MAX_FILLINGS); returns their number. Bands that share a
 * gangster (the band 3s of one band pair) share them. */
#define BAND_TABLE_MAX_FILLINGS 1728
int band_table_fillings(const uint8_t band[27], uint8_t *out);

/* The table of band from its gangster's fillings (n of them, as
 * band_table_fillings gives for band or for any band with its gangster):
 * the differences from band are compared out of the list.
 * band_table_build_given is this with the list of band's gangster, listed
 * again only when the gangster differs from its last build's
 * (test_band_table: the same table from another band's list, and from a
 * table that lists its own). */
MC_MUST_USE mc_status band_table_build_fillings(band_table *t, const uint8_t band[27], const uint8_t *fillings,
                                                int n, int max_size, uint32_t given);

/* Lists the valid sets of the sizes t->max_size + 1 .. max_size as well
 * (the UAs are those of the last build); nothing when max_size is not
 * larger. MC_ENOMEM when growing fails. */
MC_MUST_USE mc_status band_table_extend(band_table *t, int max_size);

/* True when mask meets every band UA of t (the fast validity test; with
 * givens: mask plus the givens is valid). */
bool band_table_is_valid(const band_table *t, uint32_t mask);

/* Number of valid sets of size s (0 when s > max_size). */
static inline int band_table_count(const band_table *t, int s)
{
    return s > t->max_size ? 0 : t->start[s + 1] - t->start[s];
}

/* Reads band b (0..2) of a grid, or stack b read transposed (row i of the
 * result = column 3b + i of the grid), into 27 cells. */
void band_table_read_band(const uint8_t grid[81], int b, bool stack, uint8_t out[27]);

#endif
