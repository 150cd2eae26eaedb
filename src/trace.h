/* trace — the explaining solver: Schoenhage's INFER (Arnold Schoenhage, "SUDOC2 -
 * Grundlagen zum Sudoku-Programm", 2007) on every shape.
 *
 * Representation (SUDOC2's "pattern"): for every box b and digit n a bit
 * word q[b][n] of the positions in box b where n may still stand,
 *
 *     bit p = lr * C + lc     (lr = row inside the box 0..R-1,
 *                              lc = column inside the box 0..C-1)
 *
 * so a box of R x C cells uses the low N bits of a uint16_t. n is *fixed* in
 * b when |q[b][n]| = 1; f counts the fixed (box, digit) pairs, f = ncells
 * means the grid is full. A word only ever loses bits.
 *
 * Inference: a FIFO queue of items (b, n, w), one pushed whenever q[b][n]
 * shrinks, w = the new word. An item whose word has shrunk again since is
 * skipped (a later item carries the smaller word). Processing an item:
 *   - box fullness (seed 2.1, "Verdraengung"): |w| = 1 removes that position
 *     from the other digits of the box; two digits with the same two
 *     positions, or three digits within three positions, remove those
 *     positions from every other digit of the box;
 *   - pointing (seed 2.2(1)/2.3(1), "Zeilung/Spaltung"): w inside one row
 *     (column) of the box removes that row (column) from n in the other boxes
 *     of the band (stack);
 *   - claiming (seed 2.2(2)/2.3(2), the reverse): when w misses a row of the
 *     box and every other box of the band but one misses that row for n too,
 *     n in that one box is confined to the row (columns likewise);
 * an empty word, or a row/column with no place left for n, means no solution.
 * When the queue runs dry, a sweep over the cells (candidate digits of a cell
 * = the n whose q holds its position) adds cell reasoning: a cell with one
 * digit fixes it (naked single); two or three cells of a row, column or box
 * whose candidates are two or three digits remove those digits from the
 * other cells of the unit (naked pairs/triples); a cell with no digit means
 * no solution. Every change goes through the queue again.
 *
 * Branching (seed 4.1): queue empty, sweep silent and f < ncells: take the
 * (box, digit) with the smallest |q| >= 2 (first in box order, then digit
 * order), try v = its highest position (call K1) and then the rest u \ v
 * (call K2), recursively. Counting runs on to the limit as the fast solver
 * does: K2 is tried with the limit minus what K1 found.
 *
 * Every call is recorded as a trace_node (pre-order, ids 1, 2, ... in the
 * order of the calls) with SUDOC2's protocol data: jh = j + 2h, the result,
 * f before and after inference, the branching word, total and net time.
 *
 * A trace_ctx is made once per geometry and reused; the node list grows
 * geometrically and is reused across calls.
 */
#ifndef MC_TRACE_H
#define MC_TRACE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "geometry.h"
#include "grid.h"

typedef struct trace_node {
    int id;            /* 1-based, in call order */
    int parent;        /* id of the parent, 0 for the root */
    int depth;         /* h: 0 at the root */
    int jh;            /* SUDOC2's j + 2h: root 1; children 2(h+1) (K1), 2(h+1)+1 (K2) */
    int result;        /* solutions in this subtree, capped at what was asked */
    int f0, f;         /* fixed (box, digit) pairs on entry and after inference */
    /* what this call assumed (root: assumed_box = -1): q[box][digit] = set */
    int assumed_box, assumed_digit;
    uint16_t assumed_set;
    /* the branching of this call (leaf: branch_box = -1): q[box][digit] = set
     * split into first (K1) and set \ first (K2) */
    int branch_box, branch_digit;
    uint16_t branch_set, branch_first;
    double t_total, t_net; /* seconds: the whole subtree / this call alone */
} trace_node;

typedef struct trace_ctx trace_ctx;

/* A context for one geometry; NULL when out of memory. */
trace_ctx *trace_new(const geometry *geo);
void trace_free(trace_ctx *ctx);

/* Seed mode (off by default): exactly SUDOC2's INFER — no cell sweep,
 * claiming only for words not confined to one row (column), SUDOC2's
 * position numbering (column by column) and branching order (see trace.c).
 * Used to compare with SUDOC2's published protocol. */
void trace_set_seed_rules(trace_ctx *ctx, bool on);

/* Counts the solutions of puzzle (ncells cells, CELL_EMPTY or 0..N-1) up to
 * limit (>= 1) by INFER, recording the call tree. When solution is not NULL
 * and the count is >= 1 it receives the first solution found. Returns the
 * count, or -1 when out of memory (the node list could not grow). */
int trace_solve(trace_ctx *ctx, const uint8_t *puzzle, int limit, uint8_t *solution);

/* The calls of the last trace_solve, in call order (ids 1..count). */
int trace_node_count(const trace_ctx *ctx);
const trace_node *trace_nodes(const trace_ctx *ctx);
/* Height of the last call tree (0 = no branching). */
int trace_height(const trace_ctx *ctx);

/* Writes the call tree of the last trace_solve as a table, every line
 * starting with prefix (e.g. "# "). Cells as rXcY (1-based), digits in the
 * style. */
void trace_print(const trace_ctx *ctx, FILE *out, const char *prefix, digit_style style);

#endif
