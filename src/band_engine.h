/* band_engine — the band method for 9x9 grids: every minimal unique puzzle
 * of at most K clues of a solution grid, found band by band.
 *
 * For each of the 6 orientations o (band_split.h) of the grid:
 *   1. tables: the valid subsets of bands 1 and 2 of the orientation
 *      (band_table.h), sizes 0..band_split_xmax(K, BAND_TABLE_MIN_VALID);
 *   2. two-band UAs: the grid's UAs (pattern finder, size <= 12, plus those
 *      learned so far) that lie in bands 1+2 and meet both, with those of
 *      band_ua (refillings of the cells of 2..refill digits of bands 1+2,
 *      up to 20 cells: 6 digits for K >= 17, 5 for K = 15-16, none below;
 *      refill_digits in band_engine_pairs.c), merged smallest first without
 *      supersets and capped
 *      (MAX_TB_INITIAL in band_engine_internal.h); the first 128
 *      become, for every X of band 1 and every Y of band
 *      2, a bit vector of the UAs it leaves unhit (its part of them); 128
 *      more bits are filled with the first two-band UAs learned (step 4);
 *      the finder's others and later learned ones form a list; the first
 *      256 of the finder's are a second vector (tested only on pairs that
 *      pass the first; a learned one never enters it, as it would set a
 *      bit in every Y) and the rest are scanned (band_scan: 8 or 4 sets per compare where
 *      the CPU has AVX-512 or AVX2; at most 65,536 learned per orientation,
 *      MAX_TB_LEARNED);
 *   3. X x Y: for every size pair with band_split_pair_ok, every pair whose
 *      vectors AND to zero survives; the Y of a size (sorted by their bits
 *      of the first 10 UAs, so that alike Y share a block) are held bit per
 *      set by band_sieve, 512 to a block, one row per vector UA; the X
 *      of the size go in chunks of 256: block by block, every X of the
 *      chunk ORs the rows of the UAs it misses (an OR of 512 bits kills a
 *      Y of the block that misses one, and stops when none is left); the
 *      Y left are then paired with their X in X order (the pairs of one X
 *      together, as the two-band check's base state and step 5 want);
 *   3b. band-3 bound (grid mode here, group mode in step 5): the grid UAs
 *      with a band-3 part (band 3's own UAs included), smallest band-3
 *      part first, the first 256 (MIX in band_engine_internal.h; 128 and 512 were
 *      slower on K = 17 grid 2): those the pair leaves unhit (an AND of
 *      per-cell masks over its cells) give disjoint band-3 parts greedily;
 *      more than z may take (zhi) in all, or more than a stack may take
 *      (zhi - f_s - the pair's clues in it), and the pair is cut;
 *   3c. item bound (group mode): a pair that the bound of 3b cuts in
 *      every item of the group (each item's first 128 UAs with a band-3
 *      part and its own strictness; the UAs are made before steps 1-4,
 *      by ua_find_group, which searches the items together since they
 *      share bands 1+2, and from the fillings of band 3's gangster,
 *      listed once per group) is dropped before step 4: step 5 would cut it in every
 *      item before any search, since it tests the same UAs first (with
 *      those the item learns since added). At K = 17 this spares most of
 *      step 4's counts (bench_bandscan.txt: the 130 sampled groups'
 *      pairs through step 4 fell from 67.1 M to 17.3 M). Where the CPU
 *      runs AVX2 or AVX-512, 16 items are bounded at once (band_bound.h); those
 *      batches also give, for each pair kept by step 4, the items whose
 *      bound cuts it, and step 5 passes over it in them (its first test,
 *      over the same UAs and more, would cut it at once);
 *   4. two-band check: Q = X u Y with the whole band 3 as clues must be
 *      unique (that is: Q fixes bands 1+2 given band 3's column sets),
 *      counted by an exact cover of digit templates (band_template.h:
 *      each digit's 288 placements in bands 1+2 allowed by band 3's
 *      columns, those of X kept once per X); a second solution differs
 *      from the grid inside bands 1+2 only; the
 *      difference is learned as it is (a UA already) into the vectors'
 *      128 learned bits, then into the list (shrinking it to a minimal UA
 *      costs about 19 solver calls and saves less: K = 16, 26 groups,
 *      engine 1.25 -> 1.22 s without it, the light groups 5% less; K = 17,
 *      group 70:877691, the same);
 *      the pairs that pass are kept in a list (X order) for step 5;
 *   5. band 3, for each pair of the list: the bound of 3b, then the grid's
 *      UAs unhit by Q leave their band-3 part to hit; with the band UAs of
 *      band 3 they form a family of 27-bit masks; a depth-first
 *      hitting-set search (branch on the unhit mask with the fewest live
 *      cells, dead cells for later siblings, lower bounds from disjoint
 *      live parts in all and per stack, stacks capped as band_split
 *      requires) reaches sets Z of at most K - |Q| clues that hit them all.
 *      The search's list holds the unhit UAs among the first MIX (smallest
 *      band-3 parts) and among those step 6 learned in the grid (item)
 *      so far; the others are tested only on a Z that hits the whole
 *      list, and one that Z misses is branched on like a learned UA (the
 *      family is the same, only the order of the tests changes). When a
 *      bound is tight (the clues left in all, or in a stack, equal the
 *      disjoint parts counted there), each part takes exactly one of them,
 *      so every other live cell (of that stack) is dead for the subtree;
 *   6. final check: Q u Z counted to 2 solutions; a second solution gives a
 *      new UA of the grid: the difference, minimized in band 3 (a band-3
 *      cell dropped while the rest stays unavoidable, so that the UA leaves
 *      band 3 a smaller part; about 13 solver calls from a base state, and
 *      K = 17 needs a fifth of the final checks; bands 1+2 are not tried,
 *      as they give up few cells for twice the calls); its band-3
 *      part is never empty, by 4; it is kept for
 *      the rest of the grid (at most 2,048 per grid), and the search goes on below; a unique Q u Z is
 *      reported when it is minimal (no clue can go) and o owns it
 *      (band_split_owner); its supersets are never enumerated.
 * Each minimal unique puzzle P of <= K clues is reported exactly once: only
 * in its owner orientation, where X, Y (P's parts in bands 1, 2) form one
 * pair of step 3 (band_split proves the sizes are enumerated, and
 * vectors/UAs only remove pairs or sets that miss a UA P hits), Q passes
 * step 4 (P fixes bands 1+2), and the search of step 5 reaches Z = P's
 * part in band 3 once (dead cells) unless a subset of it is already unique,
 * which cannot be since P is minimal.
 *
 * Givens (options.givens; tests and controls): cells fixed as clues with
 * the grid's digit, not counted against K and never chosen. Every count of
 * the split (x, y, z, q_s, ownership, the cover in group mode) is of the
 * counted clues S alone; the UAs a given hits are dropped (the finder's,
 * the refillings', the band tables' and band 3's: they are hit whatever S
 * is), the band tables list the S of a band that are valid with its
 * givens (band_table_build_given), and every solver call holds the givens.
 * What is reported is S plus the givens, when that is a minimal unique
 * puzzle (no clue, given or not, can go) and |S| <= K. So a K = 16 search
 * with one clue c of a 17-clue puzzle P as given must report P: the
 * positive control of the K = 16 path (tests/unit/test_band_given.c).
 * With no givens nothing changes: the same puzzles, the same counters.
 * Any number of givens is a question with one answer, the checker's
 * (test_givens): more givens than K, or K plus the givens beyond the 81
 * cells, change nothing above. Givens that are a unique puzzle alone
 * settle the grid before step 1 (grid mode): they are reported when
 * minimal, and nothing else is (all 81 cells: nothing, as a full grid is
 * never minimal). Many givens that are not unique leave few UAs to cut
 * pairs, and the pairs grow as with no UA at all: a 17 less one clue as
 * givens at K = 16 stops with MC_ELIMIT (the bound on pairs) after about
 * 7 s, where the checker lists its 157,819 puzzles in 32 s; the engine
 * is made for the controls' one or two givens. A given outside the grid
 * (bits 81..127) is refused.
 *
 * Invariants checked in every build (they are what "0 puzzles" rests on;
 * each is met where a UA is learned, which is rare, so the checks cost
 * little): a second solution is a valid grid that agrees with every clue
 * of the count and differs from the grid; a two-band difference lies in
 * bands 1+2; a minimized UA (of a final check) is non-empty, inside the
 * difference and still unavoidable (one more solver call). A violation stops the run
 * with MC_EINTERNAL (band_engine_failure says which); no puzzle list that
 * follows one is ever complete.
 *
 * The code is in rooms along these steps (band_engine_internal.h names
 * them): band_engine.c (set-up, step 1 and the orientations),
 * band_engine_pairs.c (steps 2-4), band_engine_band3.c (3b, 5, 6),
 * band_engine_learn.c (the UAs learned and the invariants above),
 * band_engine_group.c (group mode, 3c).
 *
 * A band_engine is made once per worker and reused for every grid; the
 * per-grid path allocates only when a buffer grows. Deterministic: the same
 * grid and options give the same puzzles in the same order.
 */
#ifndef MC_BAND_ENGINE_H
#define MC_BAND_ENGINE_H

#include <stdint.h>

#include "cellset.h"
#include "checker.h"
#include "mc_error.h"
#include "work_counters.h"

#define BAND_ENGINE_VEC_UAS 128
/* Step 4's pairs kept for step 5 in one orientation (12 bytes each: 192
 * MiB at most). K = 17 needs at most a few hundred thousand (339,379 over
 * the 6 orientations of demo-sample.txt's first grid); from K = 18 on they
 * grow with the search (RSS 0.8 MB/s at K = 18, 1.5-2 MB/s at K = 20-27 on
 * that grid) with no end in sight on most grids. Reaching the bound stops
 * the run with MC_ELIMIT: no puzzle list that follows is complete, none is
 * lost in silence; the checker has no such bound. */
#define BAND_ENGINE_MAX_PAIRS (UINT64_C(1) << 24)
/* band_options.qlive_max's default: 64 MiB */
#define BAND_ENGINE_QLIVE_MAX (UINT64_C(64) << 20)

typedef struct band_options {
    int clues;          /* K (1..27) */
    int first;          /* stop the grid at its first puzzle */
    int learn;          /* keep UAs from second solutions (default 1) */
    int two_band_check; /* step 4 (default 1) */
    int drop_percent;   /* tests: drop this share of the finder's UAs (default 0) */
    uint64_t drop_seed;
    /* 0: every puzzle; else only the puzzles whose band 3 (of the owning
     * orientation, or of the covering item in group mode) holds at least
     * band3_min clues: band 3 is the band that holds the most clues, so
     * for K = 17, band3_min = 7 is pass 1 of the case split (bands 1+2 hold
     * at most 10 clues) and the rest is the 6/6/5 distribution */
    int band3_min;
    /* tests: step 5 as the reference search (the slow twin of the fast
     * one): every UA of the item unhit by Q in the list from the root, and
     * no cell excluded by a tight bound (default 0) */
    int band3_plain;
    /* tests: group mode searches every tie of band 3 with band 1 or 2, as
     * if each item could cover it (no e_i from bandpair_tie_rivals); the
     * cover still decides at report (default 0) */
    int ties_plain;
    /* tests: the two-band list beyond the vectors scanned whole for every
     * pair, one set at a time (band_scan_first_scalar), and the sieve of
     * step 3 by its scalar version (band_sieve_block_scalar), and step
     * 3c item by item instead of 16 items at a time (band_bound), instead
     * of the widest versions the CPU runs and the list restricted to the
     * pair's X; the same pairs survive (default 0) */
    int scan_scalar;
    /* tests: band_scan, band_sieve and step 3c's band_bound in their AVX2
     * versions where the CPU runs AVX-512 too (band_simd), nothing else
     * changed; every counter the same as with the widest (default 0) */
    int scan_avx2;
    /* tests: X x Y pair by pair (every Y of a size tested against X's
     * vectors) instead of 512 Y at a time by band_sieve; the same pairs in
     * the same order, so the same counters (default 0) */
    int pairs_plain;
    /* tests: step 4's check by the solver from its base states (the slow
     * twin) instead of by digit templates (band_template.h); the same
     * pairs pass, a pair that fails may teach another difference
     * (default 0) */
    int two_band_solver;
    /* tests: the UA of a final check's second solution taken as the
     * whole difference, not minimized (the slow twin of step 6's
     * learning); the same puzzles (default 0) */
    int learn_raw;
    /* tests: group mode without step 3c (each pair of step 4 first tested
     * on every item's band-3 bound), the slow twin; the same band-3 search
     * and puzzles (default 0) */
    int item_bound_plain;
    /* tests: bands 1 and 2 listed up to band_split_xmax(K, 0) clues (the
     * most a band of a K-clue puzzle can hold), not bounded by the
     * smallest valid set of any band (BAND_TABLE_MIN_VALID, be_xmax_of)
     * nor of the grid's or group's tables: the slow twin of those two
     * bounds; the sizes they leave out have no pair that band_split
     * allows, so the same pairs in the same order and the same counters
     * (default 0) */
    int sizes_plain;
    /* tests: every sieve block's closure (band_engine_internal.h) checked
     * against its definition by brute force as it is made (from the
     * block's sets and the UAs themselves); a difference stops the run
     * with MC_EINTERNAL (default 0) */
    int check_closures;
    /* cells fixed as clues (grid cells in band_engine_run, item cells in
     * band_engine_run_group), not counted against K (default none); cells
     * 0..80 only, any number of them (see Givens above) */
    cs81 givens;
    /* tests: break one invariant on purpose, so that its check must stop
     * the run (1: a learned two-band difference emptied, 2: a second
     * solution with a clue changed, 3: a minimized UA of a final check cut
     * to one cell; default 0) */
    int test_corrupt;
    /* the bound on step 4's pairs (default BAND_ENGINE_MAX_PAIRS; tests
     * lower it, or MC_TEST_BAND_MAX_PAIRS does) */
    uint64_t max_pairs;
    /* the most bytes of step 3c's lanes kept for step 5 in group mode (2
     * per pair and batch of 16 items; default BAND_ENGINE_QLIVE_MAX):
     * beyond it step 5 tests every item of the group's later pairs as
     * well (tests lower it; 0: none kept); the same puzzles and counters */
    uint64_t qlive_max;
} band_options;

void band_options_default(band_options *o, int clues);

/* The counters of one grid, in the shared table (work_counters.h); sum
 * records with work_counters_add(&sum.work, &r.work). The band engine fills
 * ua_initial (from the pattern finder, after any drop), ua_two_band
 * (two-band UAs over the 6 orientations, vectors + list), pairs (X x Y
 * pairs tested), survivors (pairs whose vectors AND to zero), two_band_pass
 * (survivors that fix bands 1+2), band3_nodes, band3_checks (sets Q u Z
 * handed to the final check), solver_calls (steps 4, 6, minimality and
 * the givens alone),
 * ua_learned_two_band, ua_second (final checks with a second solution
 * that gives a grid UA: one with a band-3 part), ua_learned (those of them
 * kept, a subset: 0 with learn off or the grid's 2,048 reached), puzzles,
 * seconds_tables, seconds_ua, seconds_pairs (X x Y with step 4), seconds_band3
 * (steps 5-6), seconds_total;
 * the others stay 0. */
typedef struct band_record {
    WORK_COUNTERS_MEMBER;
} band_record;

typedef struct band_engine band_engine;

/* NULL when out of memory or the options are out of range (a given
 * outside the grid's 81 cells among them). */
band_engine *band_engine_new(const band_options *opt);
void band_engine_free(band_engine *e);

/* Bytes held by the engine's buffers now (tables included). */
uint64_t band_engine_memory(const band_engine *e);

/* Sets options.givens for the runs that follow (the engine is kept).
 * MC_EINVAL, the givens left as they were, when a given lies outside the
 * grid (bits 81..127 of the set). */
MC_MUST_USE mc_status band_engine_set_givens(band_engine *e, cs81 givens);

/* What the last run's MC_EINTERNAL was (an invariant above that failed)
 * or its MC_ELIMIT (the bound on pairs reached, with K), or "" when
 * neither. */
const char *band_engine_failure(const band_engine *e);

/* Runs the engine on a valid 9x9 solution grid (81 digits 0..8). Fills rec;
 * calls found (may be NULL) for each puzzle, cells CELL_EMPTY or the grid's
 * digit. MC_ENOMEM when a buffer cannot grow, MC_EINTERNAL when an
 * invariant fails, MC_ELIMIT when the bound on pairs is reached. */
MC_MUST_USE mc_status band_engine_run(band_engine *e, const uint8_t g81[81], band_record *rec,
                                      checker_found_fn found, void *arg);

/* Group mode (bandpair.h): a pair of bands 1+2 (rows 1-6, 54 digits 0..8)
 * and n band 3s (rows 7-9, 27 digits each) that complete it: steps 1-4 run
 * once for the pair (every two-band UA, vector and learned UA depends on
 * bands 1+2 alone), steps 5-6 for each item (grid = pair + band 3 i) with
 * that item's UAs. The orientation is fixed (rows 7-9 are band 3) and the
 * split is the tie-allowing BAND_SPLIT_GROUP; a found puzzle is reported
 * only when its covering item (bandpair_cover) is the item it was found in,
 * the pair and band 3 compared digit by digit: so for canonical groups
 * (bandpair_enumerate) every minimal unique puzzle of <= K clues of every
 * essentially different grid is reported in exactly one item up to the
 * grid group (see bandpair.h for the multiplicity of items).
 * Ties of band 3 with another band or a stack are searched only where
 * they can be covered: an item whose grid, oriented on band i (stack s)
 * instead, gives an item earlier in the cover order (bandpair_tie_rivals)
 * takes e_i = 1 (f_s = 1): band 3 must hold more clues than that band
 * (stack, band_split.h), since a puzzle with the tie is covered by the
 * earlier item or one earlier still, never by this one; steps 1-4 take
 * the smallest strictness over the items, step 5 each item's own. In the
 * 6/6/5 distribution every puzzle ties in both directions, so of the four
 * items that hold one of its 6-clue bands or stacks as band 3 only its
 * cover searches it (options.ties_plain searches all four: the tests'
 * twin). found gets
 * the item index (0..n-1) and the puzzle in the item's cells. rec sums the
 * group's work (ua_initial over all items). A group with the last group's
 * band 1 and givens (the groups of a chunk share band 1) takes band 1's
 * valid sets from that group instead of listing them again. */
typedef void (*band_item_found_fn)(void *arg, int item, const uint8_t *puzzle, int nclues);
MC_MUST_USE mc_status band_engine_run_group(band_engine *e, const uint8_t pair[54], const uint8_t *band3, int n,
                                            band_record *rec, band_item_found_fn found, void *arg);

#endif
