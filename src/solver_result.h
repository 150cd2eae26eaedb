/* solver_result — what a solution count reports (solver.h, solver9.h).
 *
 * count is capped at the limit asked for; sol holds the first min(count, 2)
 * solutions (geo->ncells digits each); for an ambiguous puzzle a witness
 * cell where the two differ and their digits there.
 */
#ifndef MC_SOLVER_RESULT_H
#define MC_SOLVER_RESULT_H

#include <stdint.h>

#include "geometry.h"

typedef struct solver_result {
    int count;                   /* solutions found, capped at the limit */
    uint8_t sol[2][MAX_CELLS];   /* the first min(count, 2) solutions */
    int witness_cell;            /* count >= 2: a cell where sol[0] and sol[1] differ; else -1 */
    uint8_t witness_digit[2];    /* sol[0] and sol[1] at that cell */
    uint64_t nodes;              /* search nodes (branch states) visited */
} solver_result;

#endif
