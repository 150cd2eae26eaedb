/* checker — one solution grid through the whole pipeline.
 *
 *   grid -> unavoidable sets -> hitting sets of size K -> solver -> puzzles
 *
 * For a grid G and a clue count K the checker reports every set of K cells
 * of G whose puzzle is unique (K = 16: none is expected; K = 17: every
 * known 17-clue puzzle of G). A set of fewer than K cells that is already
 * unique is reported once as itself (all its supersets are puzzles too) and
 * its supersets are not enumerated.
 *
 * A checker_ctx is created once per worker for one geometry (9x9: pattern
 * UAs; 4x4, 6x6, 8x8: the reference finder) and reused for every grid; the
 * per-grid path allocates nothing beyond geometric growth.
 * Deterministic: the same grid and options give the same record counts and
 * the same puzzles in the same order.
 */
#ifndef MC_CHECKER_H
#define MC_CHECKER_H

#include <signal.h>
#include <stdint.h>

#include "cellset.h"
#include "geometry.h"
#include "mc_error.h"
#include "work_counters.h"

#define CHECKER_MIN_UA_SIZE 4  /* a minimal UA has at least 4 cells in every shape */
#define CHECKER_MAX_UA_SIZE 24
#define CHECKER_MAX_CELLS 81 /* grids of up to 81 cells (4x4, 6x6, 8x8, 9x9) */

typedef struct checker_options {
    int clues;          /* K */
    int ua_max_size;    /* UAs from the finder up to this size (default 0: per shape,
                           12 on 9x9, 16 on 4x4, 12 on 6x6, 10 on 8x8) */
    int ua_limit;       /* at most this many initial UAs (smallest first; 0 = default) */
    int max_degree;     /* degree-k pruning up to k (default 5; 1 = off) */
    int learn;          /* learn UAs from second solutions (default 1) */
    int first;          /* 1: stop the grid at its first puzzle (default 0: list all) */
    /* cells fixed as clues with the grid's digit, not counted against K and
     * never chosen (default none): every minimal unique puzzle that holds
     * them and at most K other clues is reported, givens included (the
     * positive controls of K = 16; band_engine.h has the same option, with
     * the same answers). Cells of the grid only (0..ncells-1: checker_new
     * refuses others); any number of them: K plus the givens may pass the
     * grid's cells (all cells given: nothing is reported, a full grid is
     * never minimal; givens that are a minimal puzzle P: P alone) */
    cs81 givens;
} checker_options;

void checker_options_default(checker_options *o, int clues);

/* The per-grid record: the work counters of work_counters.h (rec.nodes, or
 * rec.work for the table's functions) and the initial UAs by size. */
typedef struct checker_record {
    WORK_COUNTERS_MEMBER;
    uint64_t ua_initial_by_size[CHECKER_MAX_UA_SIZE + 1]; /* found before the search */
} checker_record;

/* Adds every count and time of r to sum (a zeroed record is the empty sum). */
void checker_record_add(checker_record *sum, const checker_record *r);

/* Called once per puzzle found: cells CELL_EMPTY or the grid's digit. */
typedef void (*checker_found_fn)(void *arg, const uint8_t *puzzle, int nclues);

typedef struct checker_ctx checker_ctx;

/* NULL when out of memory, when the shape has more than CHECKER_MAX_CELLS
 * cells or when a given lies outside its grid. */
checker_ctx *checker_new(const geometry *geo, const checker_options *opt);
void checker_free(checker_ctx *c);

/* From now on checker_run looks at *flag (NULL: at nothing) every
 * HITSET_HALT_NODES nodes of the search (hitset.h); once it is set, the
 * run stops and returns MC_STOPPED: the grid is not done (the puzzles
 * reported so far are not all of its puzzles). For a signal handler's flag. */
void checker_set_halt(checker_ctx *c, const volatile sig_atomic_t *flag);

/* Runs the pipeline on the valid solution grid (geo->ncells digits).
 * Fills rec; calls found (may be NULL) for each puzzle. MC_STOPPED: see
 * checker_set_halt. */
MC_MUST_USE mc_status checker_run(checker_ctx *c, const uint8_t *grid, checker_record *rec,
                                  checker_found_fn found, void *arg);

#endif
