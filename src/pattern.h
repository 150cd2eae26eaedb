/* pattern — minimal UA patterns of 9x9 grids and their normal form.
 *
 * A pattern is a minimal UA up to the symmetry group (band, stack, row in
 * band, column in stack permutations, transposition, relabelling): its cells
 * and, per cell, a label saying which cells hold the same digit of the grid
 * (same label <=> same digit). Whether a labelled cell set is a minimal UA
 * of every grid it fits depends only on this labelling (the other solution
 * on the cells uses, row by row, the digits the grid has there), so a
 * pattern that fits a grid marks a minimal UA there.
 *
 * Normal form ("step code"). A pattern is written as a sequence of cells in
 * normalized coordinates: bands, rows inside a band, stacks and columns
 * inside a stack are numbered in order of first appearance (band k holds
 * rows 3k..3k+2, a new row of band k takes the next free one), labels too.
 * Cell 0 is r1c1 and cell 1 is r2c4, both with label 0 (the anchor: one
 * digit twice in a band; by Oldenburg, "Gibt es Sudokus mit nur 16
 * Vorgaben?", bachelor thesis, Basel 2016, section 4.1, every minimal UA
 * has such a pair in a band or, after transposition, in a stack). Each further cell is
 * a "step": its row is an old one, a new one in an old band or a new one in
 * a new band; likewise its column; its label is old or new. Steps have a
 * total order that puts cheap steps first (old row and old column: a single
 * test; old label with one old coordinate: at most one cell), and the normal
 * form is the lexicographically least step sequence over both orientations,
 * every anchor pair and every order of the cells. It is a complete invariant:
 * two UAs get the same normal form exactly when one is the image of the
 * other under the group.
 *
 * alt[] is one other filling of the cells (a label per cell, each different
 * from the cell's own label, the same labels in every row, column and box):
 * the lexicographically least one, so it depends only on the pattern.
 *
 * Text form (one pattern per line, patterns/README.md):
 *     SIZE SHAPE CELL CELL ...      e.g. "4 1x2 r1c1a:b r2c4a:b r1c4b:a r2c1b:a"
 * SHAPE is bands x stacks touched (the smaller first); a CELL is rRcC (1-based
 * row and column in normalized coordinates), the label letter and, after
 * ':', the label letter of the alternative digit.
 */
#ifndef MC_PATTERN_H
#define MC_PATTERN_H

#include <stdbool.h>
#include <stdint.h>

#include "cellset.h"
#include "mc_error.h"

#define PATTERN_MAX_CELLS 16

typedef struct pattern {
    int n;                              /* cells */
    int nbands, nstacks;                /* touched, in normalized orientation */
    uint8_t row[PATTERN_MAX_CELLS];     /* normalized row 0..8, in step order */
    uint8_t col[PATTERN_MAX_CELLS];     /* normalized column 0..8 */
    uint8_t label[PATTERN_MAX_CELLS];   /* label of the grid digit, by first appearance */
    uint8_t alt[PATTERN_MAX_CELLS];     /* label of the other filling's digit */
} pattern;

/* The normal form of the minimal UA u (|u| <= PATTERN_MAX_CELLS) of the 9x9
 * grid g. False when u has no anchor pair in either orientation (never seen
 * for a minimal UA; callers report it) or admits no other filling. */
bool pattern_from_ua(const uint8_t *g, cs81 u, pattern *out);

/* Total order of normal forms: by size, then by step code. */
int pattern_cmp(const pattern *a, const pattern *b);

/* Text form; buf needs PATTERN_TEXT_MAX bytes. */
#define PATTERN_TEXT_MAX 256
void pattern_format(const pattern *p, char *buf);
/* Parses one line (without the newline) and checks it is in normal form.
 * MC_EFORMAT with a message (no file prefix) otherwise. */
MC_MUST_USE mc_status pattern_parse(const char *line, pattern *out, mc_error *err);

/* The built-in catalogue (src/pattern_data.c, generated from
 * patterns/patterns.txt): its text, lines separated by '\n', comments '#'. */
extern const char pattern_catalogue_text[];

/* The step keys of a pattern in normal form (keys[0] = keys[1] = 0: the
 * anchor; pattern_step.h decodes them). */
void pattern_keys(const pattern *p, uint32_t *keys);

#endif
