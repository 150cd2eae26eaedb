/* templates64 — the digit templates of a shape of at most 64 cells, and the
 * solutions of a grid's digit-subset puzzles read off them.
 *
 * A template is a placement of one digit: one cell in each row, each
 * column and each box (a uint64_t cell mask, bit x = cell x). The digit d
 * of a solution grid G occupies one of them, T_d. For a digit subset D the
 * puzzle "G with the cells of the digits of D emptied" (ua64.h) has as its
 * solutions exactly the partitions of E = union of T_d (d in D) into |D|
 * templates, each labelled with a distinct digit of D: every row, column
 * and box of E holds |D| cells, the other digits stay where G has them,
 * and a digit's cells form a template inside E. A cell of template t
 * labelled d differs from G exactly when it is not in T_d, so a solution's
 * difference from G is the union of t & ~T_d over its labelled templates.
 *
 * A template fits in E exactly when the digits G has on its cells lie in
 * D. Per grid the templates are grouped once by that digit set and by
 * their cost for each digit d (|T_d| minus the cells of t on d: the
 * difference's size is the sum of those costs), so a subset's solutions
 * are built digit by digit from the few cheap candidates that fit, with
 * the size bound as the cut (templates64.c); the last digit takes the
 * rest, which is a template by the counts above.
 *
 * Counts: 2x2 boxes 16 templates, 2x3 288, 2x4 9,216. A templates64 holds
 * the shape's templates (made once, immutable) and per-grid scratch; one
 * per thread.
 */
#ifndef MC_TEMPLATES64_H
#define MC_TEMPLATES64_H

#include <stdint.h>

#include "geometry.h"

typedef struct templates64 templates64;

/* For shapes of at most 64 cells and N <= 8; NULL otherwise or out of
 * memory. */
templates64 *templates64_new(const geometry *geo);
void templates64_free(templates64 *t);

/* The shape's templates: *n gets their number. */
const uint64_t *templates64_all(const templates64 *t, int *n);

/* Called with the difference (a nonzero cell mask) of one solution of a
 * digit-subset puzzle; nonzero stops. */
typedef int (*templates64_fn)(void *arg, uint64_t diff);

/* For every digit subset D with 2 <= |D| <= max_digits, every solution of
 * the valid solution grid sol with the cells of D emptied in which every
 * digit of D moves and that differs from sol in at most max_size cells:
 * fn with the difference. Each solution other than sol comes once (under
 * the set of the digits it moves), so the differences are those of
 * solve64_near over the same subsets, repeats aside. Returns the number
 * of calls of fn. */
uint64_t templates64_differences(templates64 *t, const uint8_t *sol, int max_digits, int max_size,
                                 templates64_fn fn, void *arg);

#endif
