/* band — the 416 minlex bands of 9x9 Sudoku and a fast map to their index.
 *
 * A band is the 27 cells of three rows of a grid (cells r*9 + c, r = 0..2,
 * digits 0..8), valid when each row and each 3x3 box holds nine different
 * digits. The band group permutes the rows (6), the stacks (6) and the
 * columns within each stack (6^3): 7,776 position maps, each followed by the
 * relabelling forced by the new first row (digits numbered 0..8 from left to
 * right). The minlex form of a band is the lexicographically smallest result;
 * there are 416 of them, computed here (not read from a file), and a band's
 * index is the 1-based position of its minlex form in lexicographic order:
 * band 1 = 123456789456789123789123456, band 416 = 123456789457893612986217354
 * in text digits.
 *
 * The same index applies to a stack, read through transposition: the band
 * whose row i is column 3s+i of the grid.
 *
 * Representation: a table over the 2,612,736 bands whose first row is
 * 012345678 (row 2 as one of 12,096 permutations, row 3 as an ordering of
 * each box's three remaining digits), holding the minlex index and the
 * number of a band map that takes the band to its minlex form. Built once on
 * first use (thread-safe), about 10 MB, read-only afterwards.
 *
 * A band map is numbered 0..7775: id = rowperm*1296 + stackperm*216 +
 * colperm0*36 + colperm1*6 + colperm2 (each perm the lexicographic rank of a
 * permutation of 3); band_map_perm gives it as "new row i = old row row[i],
 * new column j = old column col[j]".
 */
#ifndef MC_BAND_H
#define MC_BAND_H

#include <stdbool.h>
#include <stdint.h>

#define BAND_COUNT 416
#define BAND_MAPS 7776

/* Builds the tables if needed (the other functions call it too). */
void band_init(void);

/* The minlex band of index 1..416 (27 digits 0..8). */
const uint8_t *band_minlex(int index);

/* Index 1..416 of a valid band (27 cells). */
int band_index(const uint8_t *band);

/* Index of a valid band and a map id that takes it to its minlex form. */
int band_index_map(const uint8_t *band, int *map_id);

/* Index of stack s (0..2) of a valid grid (81 cells), read transposed. */
int band_index_stack(const uint8_t *grid, int s);

/* Range of the index over every band with these first two boxes (box1,
 * box2: 9 cells each, row-major, rows i of the band): the third box's rows
 * are then forced as sets, and their 216 orders give (up to the band's
 * column moves) 36 bands whose smallest and largest index are returned.
 * The boxes must fit together (box1 holds nine different digits, box2 too,
 * and row i of box2 shares no digit with row i of box1). */
void band_two_box_range(const uint8_t *box1, const uint8_t *box2, int *min, int *max);

/* The indices of the 36 bands with these first two boxes, by class of the
 * third box. Row i of the third box holds a forced set of three digits;
 * after relabelling by lab (lab[box1[k]] = k, written to lab) let pi_i be
 * its pattern (pi_i[k] = rank of its k-th cell among the three, as a
 * permutation id 0..5 in lexicographic order). Column moves change every
 * pi_i to pi_i o q, so the band's index depends only on the class
 * 6 * id(pi_1 o pi_0^-1) + id(pi_2 o pi_0^-1) (band_box3_class). Returns a
 * pointer to 36 indices into a read-only table. */
const uint16_t *band_two_box_classes(const uint8_t *box1, const uint8_t *box2, uint8_t lab[9]);

/* The class 0..35 of third-box patterns pi_0, pi_1, pi_2 (ids 0..5). */
int band_box3_class(int pi0, int pi1, int pi2);

/* Largest index over the bands whose first two rows are r1, r2 (9 cells
 * each; row i of r2 must not share a box digit with r1): the third row is
 * then forced up to the order within each box. */
int band_two_row_max(const uint8_t *r1, const uint8_t *r2);

/* The permutations of map id 0..7775. */
void band_map_perm(int id, uint8_t row[3], uint8_t col[9]);

/* out = map applied to band, then relabelled (new row 0 -> 012345678). */
void band_map_apply(int id, const uint8_t *band, uint8_t *out);

/* The automorphisms of minlex band `index`: the ids of the maps that take it
 * to itself (identity included, first). Returns the count (<= BAND_MAPS). */
int band_automorphisms(int index, uint16_t *ids);

/* Slow twin: minlex form of a band by trying all 7,776 maps. */
void band_minlex_slow(const uint8_t *band, uint8_t *out);

#endif
