/* geometry — the shape of a Sudoku: boxes of R rows x C columns.
 *
 * N = R * C digits, an N x N grid of NCELLS = N * N cells numbered row-major
 * (cell = row * N + col). Boxes are numbered row-major too:
 *     box = (row / R) * R + col / C        (R boxes side by side in a band)
 * There are C bands (horizontal strips of R rows) and R stacks (vertical
 * strips of C columns). Units: rows 0..N-1, columns N..2N-1, boxes 2N..3N-1.
 * Every cell has 3N - R - C - 1 peers (cells sharing a unit, itself excluded).
 *
 * Supported: 2 <= R, C and N <= 16 (2x2, 2x3, 2x4, 3x3, 3x4, 4x4 are the
 * named shapes; 3x2 and friends work too). A geometry is immutable and
 * shared; geometry_get returns the same pointer for the same shape, built on
 * first use under a lock, so it is safe from several threads.
 */
#ifndef MC_GEOMETRY_H
#define MC_GEOMETRY_H

#include <stdint.h>

#include "mc_error.h"

#define MAX_N 16
#define MAX_CELLS 256
#define MAX_UNITS (3 * MAX_N)
#define MAX_PEERS (3 * MAX_N)

typedef struct geometry {
    int R, C;          /* box rows, box columns */
    int N;             /* digits = R * C */
    int ncells;        /* N * N */
    int nbands;        /* C: strips of R rows */
    int nstacks;       /* R: strips of C columns */
    int npeers;        /* 3N - R - C - 1 */
    uint8_t row[MAX_CELLS], col[MAX_CELLS], box[MAX_CELLS];
    uint8_t unit[MAX_UNITS][MAX_N];         /* cells of each unit, ascending */
    uint8_t cell_units[MAX_CELLS][3];       /* the row, column and box unit of each cell */
    uint8_t peer[MAX_CELLS][MAX_PEERS];     /* peers of each cell, ascending */
} geometry;

/* The geometry for R x C boxes, or NULL when the shape is not supported. */
const geometry *geometry_get(int R, int C);

/* Shorthand for geometry_get(3, 3). */
const geometry *geometry_9x9(void);

/* Parses "RxC" (e.g. "2x3"). Returns MC_EFORMAT with a message on bad text or
 * an unsupported shape. */
MC_MUST_USE mc_status geometry_parse(const char *text, const geometry **out, mc_error *err);

/* The shape whose grid has ncells cells with square boxes preferred
 * (16 -> 2x2, 36 -> 2x3, 64 -> 2x4, 81 -> 3x3, 144 -> 3x4, 256 -> 4x4),
 * or NULL. Used when no --box is given. */
const geometry *geometry_for_cells(int ncells);

#endif
