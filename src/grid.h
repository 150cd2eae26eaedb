/* grid — solution grids and puzzles of any supported shape, as text and in memory.
 *
 * Representation: cell[i] for i < geo->ncells holds the digit 0..N-1 or
 * CELL_EMPTY (0xFF). Digits are 0-based everywhere inside minclue; the text
 * edge adds one (9x9: '1'..'9'; N > 9: '1'..'9' then 'A'..'G'), or with the
 * hex style writes digit d as the hex character of d ('0'..'F', 16x16 only
 * makes sense there, as in Elektor's Hexadoku). Empty cells are '.' (also '0'
 * and '-' in the standard style; '.' and '-' in the hex style).
 *
 * A grid is a puzzle with no empty cell. grid_check finds clashes (a digit
 * twice in a unit); a complete grid without clashes is a valid solution grid.
 */
#ifndef MC_GRID_H
#define MC_GRID_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "geometry.h"
#include "mc_error.h"

#define CELL_EMPTY 0xFF

typedef enum digit_style {
    DIGITS_STD = 0, /* 1-9, then A-G */
    DIGITS_HEX = 1  /* 0-F */
} digit_style;

typedef struct grid {
    const geometry *geo;
    uint8_t cell[MAX_CELLS];
} grid;

/* An empty puzzle of the shape. */
void grid_clear(grid *g, const geometry *geo);

/* Parses the first ncells characters of text (up to len) as a grid/puzzle.
 * When *geo is NULL the shape is inferred from the length of the token (the
 * characters before the first whitespace or ':'), and stored in *geo.
 * On success *token_len is the token length (text + *token_len is where the
 * trailer starts). Errors (MC_EFORMAT), message without file:line prefix:
 * wrong length, bad character (with column), digit out of range. */
MC_MUST_USE mc_status grid_parse(const char *text, size_t len, const geometry **geo,
                                 digit_style style, grid *out, size_t *token_len, mc_error *err);

/* Writes ncells characters and a NUL to out (size >= ncells + 1). */
void grid_format(const grid *g, digit_style style, char *out);

/* Character for digit d (0-based) / empty, in the style. */
char grid_digit_char(int N, digit_style style, int d);

int grid_clue_count(const grid *g);
bool grid_is_complete(const grid *g);

/* Checks that no digit stands twice in a unit. MC_OK when consistent;
 * MC_EINVAL with "digit 4 twice in column 5 (r3c5 and r6c5)" otherwise
 * (1-based rows/columns, text digits). */
MC_MUST_USE mc_status grid_check(const grid *g, digit_style style, mc_error *err);

/* True when g is complete and grid_check passes. */
bool grid_is_valid_solution(const grid *g);

#endif
