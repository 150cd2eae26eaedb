/* band_template — the two-band check by digit templates: does a clue set Q
 * in bands 1+2 fix bands 1+2 of a grid, given band 3's column sets?
 *
 * With band 3 fixed, digit d takes in bands 1+2 exactly the six columns
 * where band 3 lacks it, two per stack. A placement of d in bands 1+2 (a
 * template) is then: in band 1, one of the two columns per stack (8
 * column choices c, bit s of c set when stack s takes the other column
 * than the grid's band 1) and a row per box (6 row orders); in band 2 the
 * other column of each stack (fixed by c) and a row per box (6 orders):
 * 8 x 6 x 6 = 288 templates per digit. A filling of bands 1+2 that keeps
 * band 3's columns valid is exactly one template per digit, the nine
 * pairwise disjoint (9 x 6 = 54 cells, so they cover bands 1+2), and
 * conversely.
 *
 * Representation: cell c of bands 1+2 (0..53, row-major) is bit c of a
 * uint64_t. part1[d][c][k]: band 1's cells of d's template with column
 * choice c and row order k (bits 0..26); part2[d][c][k] band 2's (bit i
 * for cell 27 + i). The grid's own template of d is column choice 0 with row
 * orders own_k1[d], own_k2[d]; own[d] is the grid's cells of d.
 * Invariant: every part1/part2 holds one cell per row and box of its band,
 * in d's columns; part1[d][0][own_k1[d]] | part2[d][0][own_k2[d]] << 27
 * == own[d].
 *
 * A template agrees with clue set Q (the cells of Q keep the grid's digit)
 * iff (template & Q) == (own[d] & Q). A digit's templates left are held
 * as a band_template_set: clues and taken cells rule out band-1 and band-2
 * parts each on its own, so the set stays a product per column choice.
 * Propagation, to a fixpoint: per digit the cells of all its templates
 * left (u) and of every one (in); a cell in no u, or in two in, or a
 * digit with no template, ends the branch; a cell in one u only must be
 * that digit's (its templates without it go), a cell in some in is that
 * digit's (other digits' templates with it go). Then the digit with the
 * fewest templates is branched on, one template per child, the grid's own
 * first, until a filling other than the grid's is found or none is left
 * (with the grid's first, the other filling found leaves the grid deeper
 * down: it differs in fewer cells, a smaller UA for the band engine to
 * learn; K = 16, 26 groups: 212,049 pairs survive the vectors, against
 * 229,531 in plain template order and 231,253 with the solver).
 * band_template_set_x propagates the band-1 clues X once (the band engine
 * checks many Y of one X in a row); band_template_count starts each Y from
 * there.
 *
 * The slow twin is the solver (solver9_count2 of Q u band 3):
 * tests/unit/test_band_template.c checks both on random clue sets.
 */
#ifndef MC_BAND_TEMPLATE_H
#define MC_BAND_TEMPLATE_H

#include <stdbool.h>
#include <stdint.h>

/* A set of templates of one digit, as a product per column choice: bit
 * 6 c + k of k1 (band 1's row order k with column choice c), of k2 (band
 * 2's). The set is every (c, a, b) with bit 6 c + a of k1 and bit 6 c + b
 * of k2: the clues and the cells taken rule out band-1 and band-2 parts
 * each on its own, so a set stays such a product. */
typedef struct band_template_set {
    uint64_t k1, k2; /* bits 0..47 */
} band_template_set;

/* A node of the search: the templates left per digit; u[d], in[d] the
 * cells of all of them, of every one, for the digits not in dirty. */
typedef struct band_template_node {
    band_template_set s[9];
    uint64_t u[9], in[9];
    unsigned dirty;
} band_template_node;

typedef struct band_template {
    uint32_t part1[9][8][6]; /* band 1: bits 0..26 */
    uint32_t part2[9][8][6]; /* band 2: bits 0..26 of band 2 (cell 27 + i) */
    uint8_t own_k1[9], own_k2[9];
    uint64_t own[9];
    uint64_t given;          /* cells always clues (the givens of bands 1+2) */
    uint32_t x;              /* band_template_set_x's band-1 clues */
    /* bit 6 c + k of has1[d][cell]: part1[d][c][k] holds cell (0..26);
     * has2 likewise for part2 (cell 27 + i at i) */
    uint64_t has1[9][27], has2[9][27];
    /* ui1[d][c][m]: the cells of the part1[d][c][k] with bit k of m, all
     * of them (bits 0..26), and the cells in every one (bits 27..53; all
     * 27 for m = 0); ui2 of part2 */
    uint64_t ui1[9][8][64], ui2[9][8][64];
    /* the templates that agree with x and the givens, propagated */
    band_template_node xnode;
    uint64_t found[9];       /* the first filling found that is not the grid's */
    bool other;              /* found holds one */
    bool own_seen;           /* the grid's filling was reached */
} band_template;

/* Sets up the templates of the grid's bands 1+2 (grid: 81 digits 0..8, a
 * valid grid; only cells 0..53 are read) and the cells always clues
 * (given, bits 0..53). */
void band_template_init(band_template *t, const uint8_t *grid, uint64_t given);

/* The band-1 clues x (bits 0..26) of the pairs that follow. */
void band_template_set_x(band_template *t, uint32_t x);

/* The fillings of bands 1+2 that agree with x (the last set_x), y (band
 * 2's clues, bits 0..26) and the givens, counted up to 2 (at least 1: the
 * grid's; 0 would be a bug, and the band engine stops on it). When 2,
 * other[0..53] is a filling other than the grid's (the band engine checks
 * it: a valid grid with band 3 that keeps every clue; so a wrong 2 cannot
 * drop a pair unnoticed, and a wrong 1 only keeps a pair whose band-3
 * search then ends at its first full count: a second solution that differs
 * in bands 1+2 only). */
int band_template_count(band_template *t, uint32_t y, uint8_t other[54]);

#endif
