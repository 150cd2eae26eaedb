/* minimum — the proof of the fewest clues of a unique puzzle over a set of
 * solution grids of one shape.
 *
 * A search with K (checker, check64) reports every puzzle of at most K
 * clues of a grid, so one step — K over every grid of a set G — shows
 * either that no grid of G has a unique puzzle of at most K clues, or finds
 * one. A proof is a run of steps K = from, from + 1, ... that stops at the
 * first step with a puzzle:
 *
 *     K = from .. M - 1   no puzzle in any grid of G (each step recorded)
 *     K = M               some grid of G has one (the first found recorded)
 *
 * M is the minimum over G, proved when from < M (the step M - 1 found none)
 * and only bounded (at most M) when from == M. With G = every essentially
 * different (ES) grid of a shape it is the minimum of the shape, since a
 * symmetry of the grid (transform.h) maps puzzles to puzzles of the same
 * clue count.
 *
 * Where G comes from:
 *   minimum_es_grids   the ES grids of a shape of at most 36 cells, in
 *                      memory: every grid with the first row 0..N-1 built
 *                      by backtracking, reduced to its minlex form
 *                      (canon_minlex), sorted, repeats dropped;
 *   minimum_prove_es   shapes whose ES grids are enumerated (enumerate.h,
 *                      2x4: 1,673,187 grids) and streamed, never listed: the
 *                      proof of a published minimum M, two passes, K = M - 1
 *                      on every grid, then K = M grid by grid until one has
 *                      a puzzle;
 *   a caller's list    minimum_prove over any n grids (files, a test).
 *
 * Records: a minimum_step per K (grids searched, grids with a puzzle, the
 * summed work_counters, wall and CPU seconds, the first puzzle found and its
 * grid); a minimum_proof (the last step, M, proved or not). Invariants:
 * step.with <= step.grids; step.with > 0 iff step.example is set; the
 * engines' work.puzzles counts every minimal puzzle found, except where the
 * step stops each grid at its first puzzle (engine band; the second pass of
 * minimum_prove_es), which counts one per grid. The seconds are the only
 * fields that differ between two runs.
 *
 * Engines: checker (every shape), check64 (at most 64 cells,
 * check64_takes), band (9x9 only, K up to 27; each grid stopped at its
 * first puzzle). One engine context per step, reused for every grid; no
 * allocation per grid. Nothing here prints: hooks report counts, grids
 * done (a progress line) and steps as they come. Errors: MC_ENOMEM,
 * MC_EINVAL (a shape or K the engine does not take), the engine's own
 * status (named in err->msg), MC_EINTERNAL when the streamed passes do not
 * see the grids counted.
 */
#ifndef MC_MINIMUM_H
#define MC_MINIMUM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "checker.h"
#include "geometry.h"
#include "mc_error.h"
#include "work_counters.h"

typedef enum minimum_engine { MINIMUM_CHECKER, MINIMUM_BAND, MINIMUM_CHECK64 } minimum_engine;

/* "checker", "band", "check64". */
const char *minimum_engine_name(minimum_engine e);
/* The largest K the engine takes on the shape (band 27, else ncells). */
int minimum_kmax(minimum_engine e, const geometry *geo);

/* One K over a set of grids. */
typedef struct minimum_step {
    int K;
    uint64_t grids;          /* grids searched (a pass that stops early: up to the stopping grid) */
    uint64_t with;           /* of them, grids with a unique puzzle of at most K clues */
    work_counters work;      /* summed over the grids */
    double seconds;          /* wall */
    double cpu_seconds;      /* CPU of this process */
    uint64_t example_index;  /* with > 0: 0-based position of the first grid with a puzzle */
    uint8_t example_grid[MAX_CELLS];  /* that grid, digits 0..N-1 */
    char example[MAX_CELLS + 1];      /* the first puzzle found, text (grid_format, DIGITS_STD) */
} minimum_step;

typedef struct minimum_proof {
    minimum_step last; /* the step with a puzzle, else the last searched */
    int minimum;       /* K of the first step with a puzzle; 0: none up to the last K */
    bool proved;       /* minimum > 0 and a step with K = minimum - 1 found none */
} minimum_proof;

/* Hooks, each may be NULL; arg is passed to each. */
typedef struct minimum_hooks {
    /* minimum_prove_es, minimum_estimate: the ES grids counted (seconds:
     * the enumeration's wall time), before the first grid is searched */
    void (*on_count)(void *arg, uint64_t count, double seconds);
    /* a streamed pass or an estimate: done = 0 when it starts, then after
     * each grid done of total (a progress line) */
    void (*on_grid)(void *arg, int K, uint64_t done, uint64_t total);
    /* after each step */
    void (*on_step)(void *arg, const minimum_step *s);
    void *arg;
} minimum_hooks;

/* A list of grids read or built by the caller, grown geometrically:
 * n grids of stride bytes each (a grid's digits, zeros after). A zeroed
 * list with stride set is empty; free(cells) frees it. */
typedef struct minimum_grids {
    uint8_t *cells;
    size_t n, cap;
    size_t stride;
} minimum_grids;

/* Appends the len (<= stride) digits of g. MC_ENOMEM, the list unchanged. */
MC_MUST_USE mc_status minimum_grids_add(minimum_grids *l, const uint8_t *g, size_t len);

/* The ES grids of a shape of at most 36 cells (2x2, 2x3, 3x2): *grids
 * (malloc'd, *nes * ncells digits, sorted; the caller frees), *count the
 * grids with the first row 0..N-1 they come from. MC_EINVAL for a larger
 * shape, MC_ENOMEM. */
MC_MUST_USE mc_status minimum_es_grids(const geometry *geo, uint8_t **grids, size_t *nes, uint64_t *count,
                                       mc_error *err);

/* K = from, from + 1, ... up to minimum_kmax over the n grids (n * ncells
 * digits, valid solution grids of geo) until one has a puzzle; copt: the
 * checker's options (its clue count and first are set per step; band and
 * check64 take only copt->learn, band only). on_step after every K. */
MC_MUST_USE mc_status minimum_prove(const geometry *geo, const uint8_t *grids, size_t n, minimum_engine eng,
                                    const checker_options *copt, int from, const minimum_hooks *hooks,
                                    minimum_proof *out, mc_error *err);

/* The proof that the minimum of an enumerated shape (enumerate_shape) is
 * M: the ES grids counted (on_count), K = M - 1 on every one, then K = M
 * grid by grid (each stopped at its first puzzle) until one has a puzzle.
 * out->minimum = M and proved when both hold; minimum 0 when K = M finds
 * nothing; out->last is the step with K = M - 1 when it found a puzzle
 * (out->minimum == M - 1, not proved). *count: the ES grids. */
MC_MUST_USE mc_status minimum_prove_es(const geometry *geo, minimum_engine eng, const checker_options *copt, int M,
                                       const minimum_hooks *hooks, minimum_proof *out, uint64_t *count,
                                       mc_error *err);

/* The cost of K over every ES grid of an enumerated shape from a sample:
 * n grids drawn uniformly (with repeats) by ranks from prng seed, each
 * searched with K in rank order. */
typedef struct minimum_estimate {
    uint64_t es_grids;      /* the shape's ES grids */
    double enum_seconds;    /* wall time of counting them */
    minimum_step step;      /* the sample's step: grids = n */
    double cpu_per_grid;    /* step.cpu_seconds / n (CPU of the searches only) */
    double core_hours;      /* cpu_per_grid * es_grids / 3600 */
} minimum_estimate;

MC_MUST_USE mc_status minimum_estimate_run(const geometry *geo, int n, uint64_t seed, minimum_engine eng,
                                           const checker_options *copt, int K, const minimum_hooks *hooks,
                                           minimum_estimate *out, mc_error *err);

#endif
