/* check64 — the checker for grids of at most 64 cells (4x4, 6x6, 8x8):
 * every minimal unique puzzle of at most K clues of one grid, with one
 * uint64_t per cell set.
 *
 *   grid -> UAs by digit subsets (ua64.h) -> hitting sets -> solver
 *
 * The output is the checker's (checker.h): every minimal unique puzzle of
 * the grid with at most K clues, each once (order aside).
 *
 * The initial UAs are every minimal UA with at most 5 digits and 12 cells
 * on 8x8 (3 digits, any size on 6x6; 4 digits on 4x4), read off the digit
 * templates (ua64.h, templates64.h: about 2 ms per 8x8 grid), where the
 * checker's reference finder tries cell sets up to a size bound, and the
 * band and stack cycles (ua64_cycles: the cycles of each pair of rows of a
 * band and of columns of a stack, no solver; options.cycles, default on).
 * Two hitting-set cores take them (check64_options.core):
 *
 *   CHECK64_CORE_HITSET (default) the checker's core (hitset.h: packing,
 *        tight nodes, learned sets shrunk; degree-k unions with
 *        options.unions), fed with the 64-bit sets as cs81 (the first
 *        HITSET_MAX_INITIAL of them);
 *   CHECK64_CORE_BITS a core on uint64_t cell masks, below: fewer
 *        operations per node, more nodes (no unions, no packing
 *        improvement); kept as a second, independent search.
 *
 * Split by halves (options.split, hitset core, default 1): a puzzle of at
 * most K clues has at most K / 2 of them in the left half (the first N / 2
 * columns: on 8x8 the left stack) or in the right half. So the search runs
 * twice, once with the region cap "left half <= K / 2" (hitset.h: a cap
 * makes the region dead once it is full, cuts when a packing of unhit sets
 * inside the region needs more clues than it has left, and the node
 * branches inside the region first), once with "right half <= K / 2". A
 * puzzle within both caps is reached by both runs and reported by the
 * first only (per split, the first side holding at most K / 2 of its
 * cells). The second run starts with the sets the first learned. split 2
 * also splits by the top and bottom halves (four runs): fewer nodes per
 * run, not fewer in all. With options.first the search is not split.
 *
 * Measured (tests/bench/results/bench_minimum.txt, K = 13 on ES 8x8
 * grids of the sample, one window): with the 5-digit family about 10,000
 * nodes and 0.010 s CPU per grid, against 50,000-63,000 nodes and 0.036 s
 * with every minimal UA of at most 3 digits and 16 cells (the checker:
 * 130,675 nodes, 0.066 s). The split cuts the nodes about 4 times (on
 * 100 grids, 3 digits: 196,379 in one search, 49,862 split).
 *
 * The 64-bit core (depth-first, one frame per clue placed):
 *
 *   family   list[depth][0..n): the UAs not hit by the clues chosen so far,
 *            each a uint64_t mask; list[0] is the grid's family (initial
 *            sets smallest first, then the learned ones)
 *   frame    chosen (the clues), dead (cells an earlier sibling of an
 *            ancestor branched on: never placed again in this subtree),
 *            r = K - |chosen| clues left
 *
 *   A node with no unhit set is a candidate: the solver counts the
 *   solutions of its clues to 2. Unique: reported when minimal (every clue
 *   dropped gives a second solution); either way its supersets are not
 *   searched. Not unique: the cells where the second solution differs form
 *   a UA not hit by the clues; it is appended to this node's list and to
 *   every ancestor's list that has room (it is unhit there too), and the
 *   node goes on. A node with unhit sets scans them: a set whose live cells
 *   (minus dead) are empty cuts; a greedy packing of pairwise disjoint live
 *   parts is a lower bound, more than r parts cut. Otherwise it branches on
 *   the smallest live part, cells with the most unhit sets first; child i
 *   has the cells of children 1..i-1 dead, so each cell set is produced
 *   once, and a child's list is its parent's minus the sets its cell hits.
 *   With one clue left only the cells in every live part are children.
 *
 * Completeness: every minimal unique puzzle P of at most K clues hits every
 * UA; along the branch that takes, in each branching set, the first cell
 * of P, the chosen cells stay inside P and no cell of P is dead, so the
 * search reaches a candidate inside P that is unique, which is P itself.
 *
 * A check64 context is made once per thread for one shape and reused; the
 * per-grid path allocates nothing (the UA finder's buffer grows
 * geometrically).
 */
#ifndef MC_CHECK64_H
#define MC_CHECK64_H

#include <signal.h>
#include <stdint.h>

#include "geometry.h"
#include "mc_error.h"
#include "work_counters.h"

#define CHECK64_MAX_UAS 1024     /* sets per list (initial plus learned) */

typedef struct check64_options {
    int clues;        /* K, 1 .. ncells */
    int ua_digits;    /* initial UAs with at most this many digits (2..N; default 5 on 8x8, 3 on 6x6, 4 on 4x4) */
    int ua_max;       /* at most this many initial UAs (default 512) */
    int ua_size;      /* initial UAs of at most this many cells (default 0: per shape,
                         all on 4x4 and 6x6, 12 on 8x8) */
    int first;        /* 1: stop the grid at its first puzzle (default 0) */
    int core;         /* CHECK64_CORE_HITSET (default) or CHECK64_CORE_BITS */
    int cycles;       /* 1: the band and stack cycle UAs join the family (ua64_cycles) */
    int split;        /* hitset core: 0 one search; 1 two, the top or the bottom half holding
                         at most K / 2 clues; 2 four, also the left or right half */
    int unions;       /* hitset core: 1 the degree-k unions (hitset.h); 0 (default) none: on the
                         2000 sample 8x8 grids at K = 13 they cut no node and cost 15% of the time */
} check64_options;

enum { CHECK64_CORE_HITSET = 0, CHECK64_CORE_BITS = 1 };

void check64_options_default(check64_options *o, int clues);

/* Called once per puzzle: cells CELL_EMPTY or the grid's digit. */
typedef void (*check64_found_fn)(void *arg, const uint8_t *puzzle, int nclues);

typedef struct check64 check64;

/* For shapes of at most 64 cells; NULL otherwise or out of memory. */
check64 *check64_new(const geometry *geo, const check64_options *o);
void check64_free(check64 *c);

/* Whether check64 takes the shape (at most 64 cells). */
int check64_takes(const geometry *geo);

/* From now on check64_run looks at *flag (NULL: at nothing) every
 * HITSET_HALT_NODES nodes of the search; once it is set, the run stops and
 * returns MC_STOPPED: the grid is not done (its work so far is not added,
 * the puzzles reported so far are not all of its puzzles). For a signal
 * handler's flag. */
void check64_set_halt(check64 *c, const volatile sig_atomic_t *flag);

/* Runs the search on the valid solution grid; adds the work to *work
 * (ua_initial, ua_second, nodes, candidates, solver_calls, puzzles,
 * seconds_ua, seconds_search, seconds_total); calls found (may be NULL) per
 * puzzle. MC_EINVAL for K out of range, MC_ENOMEM, MC_STOPPED (check64_set_halt). */
MC_MUST_USE mc_status check64_run(check64 *c, const uint8_t *sol, work_counters *work, check64_found_fn found,
                                  void *arg);

#endif
