/* hitset — every set of at most K cells that hits a grid's unavoidable sets
 * and is a unique puzzle (the hot core of the checker).
 *
 * Input: a solution grid G (any shape with at most 81 cells), a family of
 * unavoidable sets of G (cs81; any family is correct, more and smaller sets
 * only make the search faster) and K. Output: every *minimal* unique puzzle
 * of G with at most K clues, each exactly once, as the set of its clue
 * cells. A unique puzzle with fewer than K clues stands for all its
 * supersets, which are not enumerated (and a K-set that contains a smaller
 * unique puzzle is not reported).
 *
 * Search (depth-first, one frame per clue placed):
 *
 *   family  F: ua[0..n)   cs81 cell sets, the first ones the smallest
 *              cellvec[c] W words: bit j set <=> cell c lies in ua[j]
 *   frame   u       W words: bit j set <=> ua[j] not hit by the chosen cells
 *           dead    cells tried and backtracked from by an ancestor's
 *                   earlier sibling: never placed again in this subtree
 *           chosen  the clue cells so far (K - r of them, r = clues left)
 *           clq[k]  degree-k unions not touched by any chosen cell
 *
 *   A node first scans its unhit sets in set order: a set whose live cells
 *   (minus dead) are empty cuts; a greedy packing of pairwise disjoint live
 *   parts is a lower bound on the clues still needed. As soon as it has r
 *   parts (r = clues left) the node is tight (below). Otherwise, when it
 *   is at most two parts short, a local improvement: a part is replaced by
 *   two or more other pairwise disjoint parts that meet no other part (and
 *   a set meeting no part becomes one), while that helps. Then a second
 *   scan lists the live parts by size (per size, the last set first), a
 *   second greedy packing takes them smallest first and is improved the
 *   same way. More than r parts cut; exactly r: tight. An untouched
 *   union of k pairwise disjoint sets (k = 2..5, built once per grid from
 *   the smallest sets) with k > r also cuts (on 9x9 the packing almost
 *   always cuts first). Otherwise the node branches on a live part of at
 *   most one cell more than the smallest: the one whose cells hit the most
 *   unhit sets on average. Children take the cells in order of the number
 *   of unhit sets they hit, most first; child i has the cells of children
 *   1..i-1 dead, so every cell set is produced once. Placing a clue is
 *   u &= ~cellvec[c]. With one clue left the possible cells are those of
 *   the first unhit set that hit every unhit set.
 *
 *   Tight nodes (a packing with exactly r parts): each part gets exactly
 *   one clue and no clue lies outside the parts, so every unhit set must
 *   meet a part. This is settled in bit-vector form: per part the vector of
 *   unhit sets meeting it (OR of its cells' cellvec); a set in none cuts; a
 *   set meeting a single part (once & ~twice over the part vectors) shrinks
 *   that part to the cells lying in it; repeated to a fixpoint. The rest is
 *   a small exact search: branch on the smallest part, each child takes one
 *   of its cells (u &= ~cellvec[c], the part vectors likewise), drops the
 *   part and is settled before it is entered; with no part left every set
 *   is hit (a candidate).
 *
 *   Region caps (options ncaps, cap_region, cap): a frame whose chosen
 *   cells hold cap[i] cells of cap_region[i] makes the rest of that region
 *   dead, and a tight node that would exceed a cap is dropped; so every
 *   puzzle within the caps is still reached (along its branch no cell of it
 *   is dead), others may be reported too. Used for case splits such as
 *   "one half of the grid holds at most K / 2 clues". The unhit sets lying
 *   inside a region are packed three ways (set order, smallest first,
 *   reverse set order): more parts than the region's clues left cut; as
 *   many make its cells outside the parts dead. The node then branches on
 *   one of those sets' live parts (the one whose cells hit the most of them
 *   on average, among those of at most 4 cells more than the smallest).
 *
 *   Compaction: when the unhit sets of a child with 9 or more clues left
 *   fit in fewer words, they are gathered into a fresh family owned by that
 *   child (W = 8, 4, 2, 1 words: 512, 256, 128, 64 sets), so deep levels
 *   touch less memory.
 *
 *   Candidates: when every known set is hit, the last 64 learned sets (a
 *   ring; the families may have had no room for them) are tried first: one
 *   not hit means the candidate is not unique, without a solver call (that
 *   set is then placed as below). Otherwise the solver counts to 2. Unique:
 *   the set is reported when it is minimal (no clue can be dropped). Not
 *   unique: the cells where the second solution differs from G form a new
 *   unavoidable set (shrunk to a minimal one as ua_from_solution does, with
 *   the solver calls counted), unhit by the current cells;
 *   it joins every active family that has room, so the search goes on
 *   correctly from the same node and the rest of the grid profits (with
 *   learn = 0 it is only used where the search needs it to go on: a node
 *   whose known sets are all hit; stats count it in `second`, not in
 *   `learned`).
 *
 * Vector operations on u live in hitset_inline.h with a SIMD form (GCC
 * vector extensions: 128/256/512 bits) and a scalar twin; both are compiled
 * in and give identical results (test_hitset checks it); the per-part
 * loops of the tight search and the packing improvement are plain word
 * loops in both.
 *
 * A hitset_ctx is made once per thread for one geometry and reused for
 * every grid; hitset_run allocates nothing.
 * Deterministic: same input, same counts, same puzzles in the same order.
 */
#ifndef MC_HITSET_H
#define MC_HITSET_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

#include "cellset.h"
#include "geometry.h"
#include "mc_error.h"

#define HITSET_MAX_UAS 512      /* top family: initial plus learned sets */
#define HITSET_MAX_DEGREE 5
#define HITSET_MAX_CAPS 2
#define HITSET_MAX_INITIAL (HITSET_MAX_UAS - 64) /* initial sets at most (448): the rest is room for learned sets */

typedef struct hitset_options {
    int clues;        /* K, 1 .. ncells */
    int max_initial;  /* at most this many initial sets (smallest first); 0 = HITSET_MAX_INITIAL */
    int max_degree;   /* degree-k unions up to k (2..HITSET_MAX_DEGREE); 1 = off (default: the maximum) */
    int clique_pool;  /* unions are built from the first this many sets (default 48) */
    int learn;        /* 1 (default): shrink learned sets and keep them for the grid;
                         0: keep each learned set only where it is needed */
    int simd;         /* 1 (default): vector operations; 0: the scalar twin */
    int first;        /* 1: stop at the first puzzle reported (default 0: all) */
    cs81 forced;      /* cells every reported set contains (default none): the
                         search covers the supersets of these cells only */
    int ncaps;        /* region caps in force (0..HITSET_MAX_CAPS, default 0) */
    cs81 cap_region[HITSET_MAX_CAPS]; /* the search covers only the sets with at most */
    int cap[HITSET_MAX_CAPS];         /* cap[i] cells in cap_region[i] (see below) */
    const volatile sig_atomic_t *halt; /* not NULL: looked at every HITSET_HALT_NODES nodes;
                                          once set the search unwinds (stats.halted) */
} hitset_options;

#define HITSET_HALT_NODES 1024

void hitset_options_default(hitset_options *o, int clues);

typedef struct hitset_stats {
    uint64_t nodes;         /* search frames entered */
    uint64_t candidates;    /* cell sets that hit every known set, handed to the solver */
    uint64_t solver_calls;  /* candidates, shrinking and minimality checks */
    uint64_t puzzles;       /* minimal unique puzzles reported */
    uint64_t second;        /* candidates with a second solution: each gives an unhit set */
    uint64_t learned;       /* of those, the sets kept in the family for the rest of the
                               grid (learn = 1; with learn = 0 none: each set serves only
                               the node that found it) */
    uint64_t learned_by_size[82]; /* the kept sets by size */
    uint64_t cliques[HITSET_MAX_DEGREE + 1]; /* degree-k unions built */
    uint64_t initial;       /* initial sets used */
    bool halted;            /* the run was cut short by opt.halt: not every set was seen */
} hitset_stats;

/* Called once per puzzle: its clue cells and their number. */
typedef void (*hitset_found_fn)(void *arg, cs81 cells, int nclues);

typedef struct hitset_ctx hitset_ctx;

/* For shapes with at most 81 cells; NULL when out of memory or too big. */
hitset_ctx *hitset_new(const geometry *geo);
void hitset_free(hitset_ctx *h);

/* Runs the search on the valid solution grid with the family uas[0..nuas)
 * (sorted by size is best; only the first max_initial are used). Fills st
 * (zeroed first); calls found (may be NULL) per puzzle. MC_EINVAL when the
 * options are out of range. */
MC_MUST_USE mc_status hitset_run(hitset_ctx *h, const uint8_t *sol, const cs81 *uas, int nuas,
                                 const hitset_options *opt, hitset_found_fn found, void *arg,
                                 hitset_stats *st);

/* The sets learned (kept) during the last run, in the order learned; the
 * first 4096 only. None with learn = 0. */
const cs81 *hitset_learned(const hitset_ctx *h, int *n);

#endif
