/* given_control — the positive control of the K = 16 path (for
 * test_band_given and test_band_given_slow).
 *
 * Idea. No 16-clue puzzle exists, so a K = 16 search that finds nothing
 * shows nothing by itself. Take a 17-clue puzzle P of the complete list
 * and one clue c of it, and make c a *given* (band_options.givens,
 * checker_options.givens): fixed, not counted against K, never chosen. A
 * K = 16 search of P's grid must then report P: its other 16 clues S are
 * counted, and every bound of the K = 16 path (sizes, band-3 clues, stack
 * caps, the refill of 5 digits, the ties) is applied to S.
 *
 * Oracle, exact both ways. A reported puzzle is S' plus c with |S'| <= 16
 * and minimal unique; since no 16 exists (and no 15 with c), it is a
 * 17-clue puzzle of the grid holding c, and the list is complete: so the
 * search must report exactly the list's puzzles of that grid that hold c.
 * The list (tests/data/seventeen-all.txt.gz, 49,158 puzzles) is loaded
 * once: each puzzle solved, its grid put in minlex form (canon_minlex9)
 * with its clue cells carried along; only grids without automorphisms are
 * used (then a puzzle has one cell set in the minlex grid).
 *
 * The distribution of a case is that of S in its owning orientation
 * (band_split.h): z (band 3, the most clues of the six counts), x and y
 * (bands 1, 2 of the orientation); c lies in one band and one stack of the
 * orientation. gc_split_distributions lists the (z, max(x, y), min(x, y))
 * the K = 16 split allows (band_split_pass_covers, bands of at least
 * BAND_TABLE_MIN_VALID clues), so that a test can print which it covered.
 * Of its 14, five (9/5/2, 10/3/3, 10/4/2, 11/3/2, 12/2/2) arise from no
 * puzzle of the list with any of its clues as given (test_band_given
 * counts all 835,686 cases): they need a band of 9 or more clues beside a
 * band of at most 3, which no 17-clue puzzle has; the list being complete,
 * no one-given control can reach them.
 *
 * Group mode. The covering item of S (bandpair_cover on the counted clues
 * alone), its group enumerated (bandpair_enumerate); S and c are carried
 * into the item's cells (puzzle_key_map: no automorphisms, one map), c
 * becomes the given of the group run, and the item must report S plus c.
 * Every report of any item must be a puzzle of the list (its key), and in
 * the covering item exactly the list's puzzles of the grid holding c whose
 * counted part has that item as cover are reported.
 */
#ifndef MC_TEST_GIVEN_CONTROL_H
#define MC_TEST_GIVEN_CONTROL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <zlib.h>

#include "band_engine.h"
#include "band_split.h"
#include "band_table.h"
#include "bandpair.h"
#include "bandpair_unit.h"
#include "canon.h"
#include "cellset.h"
#include "checker.h"
#include "grid.h"
#include "prng.h"
#include "puzzle_key.h"
#include "solver.h"
#include "transform.h"

#define FOUND_MAX 256
#include "found_list.h"

typedef struct gc_puzzle {
    uint8_t canon[81]; /* the grid's minlex form */
    cs81 cells;        /* the clues in it */
    int autos;         /* automorphisms of the grid */
} gc_puzzle;

typedef struct gc_list {
    gc_puzzle *p;
    int n;
} gc_list;

static int gc_cmp(const void *a, const void *b)
{
    const gc_puzzle *x = a, *y = b;
    int d = memcmp(x->canon, y->canon, 81);
    return d ? d : cs81_cmp(x->cells, y->cells);
}

/* The complete list, in minlex coordinates, sorted by grid. */
static void gc_load(gc_list *l)
{
    gzFile f = gzopen(MC_TEST_DATA "/seventeen-all.txt.gz", "rb");
    assert_non_null(f);
    l->p = malloc(sizeof *l->p * 50000);
    assert_non_null(l->p);
    l->n = 0;
    solver_ctx *sv = solver_new(geometry_9x9());
    char line[256];
    while (gzgets(f, line, sizeof line)) {
        if (line[0] == '#' || strlen(line) < 81) continue;
        assert_true(l->n < 50000);
        uint8_t pz[81];
        cs81 cells = cs81_empty();
        for (int c = 0; c < 81; c++) {
            pz[c] = line[c] == '.' ? CELL_EMPTY : (uint8_t)(line[c] - '1');
            if (pz[c] != CELL_EMPTY) cs81_add(&cells, c);
        }
        solver_result r;
        assert_int_equal(solver_count(sv, pz, 2, &r), 1);
        gc_puzzle *e = &l->p[l->n++];
        transform t;
        e->autos = canon_minlex9(r.sol[0], e->canon, &t);
        e->cells = transform_apply_cs81(&t, cells);
    }
    gzclose(f);
    solver_free(sv);
    assert_int_equal(l->n, 49158);
    qsort(l->p, (size_t)l->n, sizeof *l->p, gc_cmp);
}

static void gc_free(gc_list *l) { free(l->p); }

/* The list of a test binary, loaded by its group setup. */
static gc_list gc_the_list;

static int gc_setup(void **state)
{
    (void)state;
    gc_load(&gc_the_list);
    return 0;
}

static int gc_teardown(void **state)
{
    (void)state;
    gc_free(&gc_the_list);
    return 0;
}

/* The first and one-past-last index of the puzzles of grid i's grid. */
static void gc_grid_range(const gc_list *l, int i, int *lo, int *hi)
{
    int a = i, b = i + 1;
    while (a > 0 && !memcmp(l->p[a - 1].canon, l->p[i].canon, 81)) a--;
    while (b < l->n && !memcmp(l->p[b].canon, l->p[i].canon, 81)) b++;
    *lo = a, *hi = b;
}

/* ---- the distribution of a case ---- */

typedef struct gc_class {
    int o;          /* owning orientation of S (band_split_owner) */
    int x, y, z;    /* S's clues in bands 1, 2, 3 of o */
    int q[3];       /* in its stacks */
    int q12[3];     /* in its stacks, bands 1 and 2 only */
    int cband, cstack; /* c's band and stack in o (0..2; band 2 = band 3) */
} gc_class;

static void gc_classify(cs81 s, int c, gc_class *k)
{
    int counts[6] = {0, 0, 0, 0, 0, 0}, x;
    CS81_FOREACH(x, s) {
        counts[x / 27]++;
        counts[3 + (x % 9) / 3]++;
    }
    k->o = band_split_owner(counts);
    int b3 = k->o % 3, base = k->o < 3 ? 0 : 3, sbase = k->o < 3 ? 3 : 0, j = 0, oth[2];
    for (int b = 0; b < 3; b++)
        if (b != b3) oth[j++] = b;
    k->x = counts[base + oth[0]], k->y = counts[base + oth[1]], k->z = counts[base + b3];
    for (int t = 0; t < 3; t++) k->q[t] = counts[sbase + t], k->q12[t] = 0;
    CS81_FOREACH(x, s) {
        int b = k->o < 3 ? x / 27 : (x % 9) / 3, st = k->o < 3 ? (x % 9) / 3 : x / 27;
        if (b != b3) k->q12[st]++;
    }
    int cb = k->o < 3 ? c / 27 : (c % 9) / 3, cs = k->o < 3 ? (c % 9) / 3 : c / 27;
    k->cband = cb == b3 ? 2 : cb == oth[0] ? 0 : 1;
    k->cstack = cs;
}

/* The distributions (z, max(x, y), min(x, y)) with x + y + z = K that the
 * split lets some orientation enumerate (x, y >= BAND_TABLE_MIN_VALID);
 * returns their number, at most max. */
static int gc_split_distributions(int K, int (*d)[3], int max)
{
    int n = 0;
    for (int z = 0; z <= K; z++)
        for (int hi = BAND_TABLE_MIN_VALID; hi <= z; hi++)
            for (int lo = BAND_TABLE_MIN_VALID; lo <= hi; lo++) {
                if (lo + hi + z != K) continue;
                bool ok = false;
                int q[3] = {0, 0, 0};
                for (int o = 0; o < BAND_SPLIT_ORIENTATIONS && !ok; o++)
                    ok = band_split_pass_covers(K, o, hi, lo, z, q) || band_split_pass_covers(K, o, lo, hi, z, q);
                if (ok && n < max) d[n][0] = z, d[n][1] = hi, d[n][2] = lo, n++;
            }
    return n;
}

/* ---- one case in grid mode ---- */

/* Puzzle i of the list with the clues of given (cells of it) as givens, at
 * K = 17 - |given|: the band engine (grid mode) and, with_checker, the
 * checker must each report exactly the list's puzzles of the grid holding
 * them (one given: K = 16). Returns the band engine's record in *rec (may
 * be NULL). */
static void gc_grid_case_k(const gc_list *l, int i, cs81 given, bool with_checker, band_record *rec_out)
{
    const gc_puzzle *P = &l->p[i];
    assert_int_equal(P->autos, 1);
    assert_true(cs81_subset(given, P->cells));
    int lo, hi, c = cs81_first(given), K = 17 - cs81_count(given);
    gc_grid_range(l, i, &lo, &hi);
    cs81 want[64];
    int nwant = 0;
    for (int k = lo; k < hi; k++)
        if (cs81_subset(given, l->p[k].cells)) want[nwant++] = l->p[k].cells;
    assert_true(nwant >= 1);

    band_options o;
    band_options_default(&o, K);
    o.givens = given;
    band_engine *e = band_engine_new(&o);
    assert_non_null(e);
    found_list f;
    memset(&f, 0, sizeof f);
    f.grid = P->canon;
    f.solver = solver_new(geometry_9x9());
    band_record rec;
    assert_int_equal(band_engine_run(e, P->canon, &rec, found_list_add, &f), MC_OK);
    if (f.bad || f.dup || !same_sets(f.set, f.n, want, nwant))
        fail_msg("band engine, grid case %d, given %d: %d reported (bad %d, dup %d), %d expected", i, c, f.n, f.bad,
                 f.dup, nwant);
    for (int k = 0; k < f.n; k++) assert_true(cs81_subset(given, f.set[k]));
    if (rec_out) *rec_out = rec;
    band_engine_free(e);

    if (with_checker) {
        checker_options co;
        checker_options_default(&co, K);
        co.givens = given;
        checker_ctx *ck = checker_new(geometry_9x9(), &co);
        assert_non_null(ck);
        found_list g;
        memset(&g, 0, sizeof g);
        g.grid = P->canon;
        g.solver = f.solver;
        checker_record crec;
        assert_int_equal(checker_run(ck, P->canon, &crec, found_list_add, &g), MC_OK);
        if (g.bad || g.dup || !same_sets(g.set, g.n, want, nwant))
            fail_msg("checker, grid case %d, given %d: %d reported (bad %d, dup %d), %d expected", i, c, g.n, g.bad,
                     g.dup, nwant);
        checker_free(ck);
    }
    solver_free(f.solver);
}

static void gc_grid_case(const gc_list *l, int i, int c, bool with_checker, band_record *rec_out)
{
    gc_grid_case_k(l, i, cs81_single(c), with_checker, rec_out);
}

/* ---- one case in group mode ---- */

typedef struct gc_group_find {
    const uint8_t *pair;
    uint8_t unit[BANDPAIR_UNIT_BYTES];
    uint64_t local;
    bool found;
} gc_group_find;

static int gc_find_pair(void *arg, const bandpair_group *g)
{
    gc_group_find *f = arg;
    if (memcmp(g->pair, f->pair, 54)) return 0;
    f->local = g->local_rank;
    if (g->nband3 > 0) assert_true(bandpair_unit_pack(g, f->unit));
    f->found = true;
    return 1;
}

typedef struct gc_group_found {
    const uint8_t *unit;
    const gc_list *l;
    int cover_item;
    cs81 given;
    cs81 set[64];        /* the covering item's reports */
    int n, bad;
    solver_ctx *solver;
} gc_group_found;

static void gc_on_item(void *arg, int item, const uint8_t *pz, int n)
{
    gc_group_found *f = arg;
    uint8_t g[81];
    bandpair_unit_item(f->unit, item, g);
    cs81 s = puzzle_key_cells(pz);
    for (int c = 0; c < 81; c++)
        if (pz[c] != CELL_EMPTY && pz[c] != g[c]) f->bad++;
    if (n != 17 || cs81_count(s) != 17 || !minimal_unique(f->solver, geometry_9x9(), g, s) ||
        !cs81_subset(f->given, s))
        f->bad++;
    /* a puzzle of the list: its key is among them */
    puzzle_key k;
    if (puzzle_key_of(g, s, &k) != 1) {
        f->bad++;
        return;
    }
    bool listed = false; /* the list is sorted: a binary search */
    int a = 0, b = f->l->n;
    while (a < b) {
        int m = (a + b) / 2;
        gc_puzzle key;
        memcpy(key.canon, k.canon, 81);
        key.cells = k.cells;
        int d = gc_cmp(&f->l->p[m], &key);
        if (d == 0) {
            listed = true;
            break;
        }
        if (d < 0) a = m + 1;
        else b = m;
    }
    if (!listed) f->bad++;
    if (item == f->cover_item) {
        assert_true(f->n < 64);
        f->set[f->n++] = s;
    }
}

/* Puzzle i with clue c as given, in group mode: the covering group of its
 * counted clues, searched at K = 16 with c carried into the item's cells.
 * Returns the covering group's global band-1 index in *band1 (may be
 * NULL). */
static void gc_group_case(const gc_list *l, int i, int c, bandpair_ctx *ctx, band_engine *e, int *band1_out)
{
    const gc_puzzle *P = &l->p[i];
    assert_int_equal(P->autos, 1);
    cs81 s = P->cells;
    cs81_del(&s, c);
    uint8_t sp[81];
    for (int k = 0; k < 81; k++) sp[k] = cs81_has(s, k) ? P->canon[k] : CELL_EMPTY;
    int slot, band1;
    uint8_t pair[54], band3[27];
    bandpair_cover(ctx, P->canon, sp, &slot, pair, band3, &band1);
    gc_group_find *gf = calloc(1, sizeof *gf);
    assert_non_null(gf);
    gf->pair = pair;
    assert_int_equal(bandpair_enumerate(ctx, band1, 1, 0, false, gc_find_pair, gf, NULL), MC_OK);
    assert_true(gf->found);
    gf->found = false;
    assert_int_equal(bandpair_enumerate(ctx, band1, gf->local, gf->local, true, gc_find_pair, gf, NULL), MC_OK);
    assert_true(gf->found);
    const uint8_t *unit = gf->unit;
    int nitems = bandpair_unit_nitems(unit), item = -1;
    for (int k = 0; k < nitems; k++)
        if (!memcmp(bandpair_unit_band3(unit) + 27 * k, band3, 27)) item = k;
    assert_true(item >= 0);
    uint8_t x[81];
    bandpair_unit_item(unit, item, x);
    cs81 s_item, c_item;
    assert_true(puzzle_key_map(P->canon, x, s, &s_item));
    assert_true(puzzle_key_map(P->canon, x, cs81_single(c), &c_item));
    assert_int_equal(cs81_count(c_item), 1);

    /* expected in the covering item: the list's puzzles of the grid holding
     * c whose counted part has this item as cover (same pair, band 3) */
    int lo, hi;
    gc_grid_range(l, i, &lo, &hi);
    cs81 want[64];
    int nwant = 0;
    for (int k = lo; k < hi; k++) {
        if (!cs81_has(l->p[k].cells, c)) continue;
        cs81 t = l->p[k].cells;
        cs81_del(&t, c);
        uint8_t tp[81], p2[54], b2[27];
        for (int m = 0; m < 81; m++) tp[m] = cs81_has(t, m) ? P->canon[m] : CELL_EMPTY;
        int sl, bb;
        bandpair_cover(ctx, P->canon, tp, &sl, p2, b2, &bb);
        if (memcmp(p2, pair, 54) || memcmp(b2, band3, 27)) continue;
        cs81 m;
        assert_true(puzzle_key_map(P->canon, x, l->p[k].cells, &m));
        want[nwant++] = m;
    }
    assert_true(nwant >= 1);

    gc_group_found *f = calloc(1, sizeof *f);
    assert_non_null(f);
    f->unit = unit;
    f->l = l;
    f->cover_item = item;
    f->given = c_item;
    f->solver = solver_new(geometry_9x9());
    assert_int_equal(band_engine_set_givens(e, c_item), MC_OK);
    band_record rec;
    assert_int_equal(band_engine_run_group(e, bandpair_unit_pair(unit), bandpair_unit_band3(unit), nitems, &rec,
                                           gc_on_item, f),
                     MC_OK);
    bool found_p = false;
    for (int k = 0; k < f->n; k++) found_p |= cs81_eq(f->set[k], cs81_or(s_item, c_item));
    if (f->bad || !found_p || !same_sets(f->set, f->n, want, nwant))
        fail_msg("band engine, group case %d, given %d: item %d of %d reported %d (bad %d, P %s), %d expected", i, c,
                 item, nitems, f->n, f->bad, found_p ? "found" : "missing", nwant);
    printf("  group case %d (band 1 index %d, item %d of %d, given %d): engine %.2f s\n", i, band1, item + 1, nitems,
           cs81_first(c_item), rec.seconds_total);
    if (band1_out) *band1_out = band1;
    solver_free(f->solver);
    free(f);
    free(gf);
}

/* ---- drawing cases ---- */

typedef struct gc_case {
    int i, c;
    gc_class k;
} gc_case;

/* The case of puzzle i of the list with clue c as given, classified. */
static gc_case gc_case_of(const gc_list *l, int i, int c)
{
    gc_case a = {.i = i, .c = c};
    cs81 s = l->p[i].cells;
    cs81_del(&s, c);
    gc_classify(s, c, &a.k);
    return a;
}

/* True when a stack's clues in bands 1 and 2 alone reach the stack's cap
 * (q12_s = z - f_s: band 3 adds none there), the bound the survivors'
 * stack filter applies; 448 of the 835,686 one-given cases. */
static bool gc_stack12_at_cap(const gc_class *k)
{
    int f = k->o >= 3;
    for (int t = 0; t < 3; t++)
        if (k->q12[t] == k->z - f) return true;
    return false;
}

/* Up to max cases drawn with the seed: puzzles of grids without
 * automorphisms, each clue of each in turn; a case is kept when it brings a
 * class not yet covered (per_class: how many of each): the owner's (x, y)
 * pair, the distribution, c's band and stack in the orientation; with fill every puzzle's first clue is kept (one
 * clue per puzzle in both modes). */
static int gc_draw(const gc_list *l, uint64_t seed, int max, int per_class, bool fill, gc_case *out)
{
    static int seen_pair[28][28], seen_dist[28][28][28], seen_pos[3][3];
    memset(seen_pair, 0, sizeof seen_pair);
    memset(seen_dist, 0, sizeof seen_dist);
    memset(seen_pos, 0, sizeof seen_pos);
    prng r;
    prng_seed(&r, seed);
    int *order = malloc(sizeof *order * (size_t)l->n);
    assert_non_null(order);
    for (int i = 0; i < l->n; i++) order[i] = i;
    for (int i = l->n - 1; i > 0; i--) {
        int j = (int)(prng_next(&r) % (uint64_t)(i + 1)), t = order[i];
        order[i] = order[j], order[j] = t;
    }
    int n = 0;
    for (int a = 0; a < l->n && n < max; a++) {
        const gc_puzzle *P = &l->p[order[a]];
        if (P->autos != 1) continue;
        int start = (int)(prng_next(&r) % 17), clues[17], nc = 0, x;
        CS81_FOREACH(x, P->cells) clues[nc++] = x;
        for (int t = 0; t < 17 && n < max; t++) {
            gc_case cand = gc_case_of(l, order[a], clues[(start + t) % 17]);
            const gc_class k = cand.k;
            int hi = k.x > k.y ? k.x : k.y, lo = k.x + k.y - hi;
            bool news = seen_pair[k.x][k.y] < per_class || seen_dist[k.z][hi][lo] < per_class ||
                        seen_pos[k.cband][k.cstack] < per_class;
            if (!news && !fill) continue;
            seen_pair[k.x][k.y]++, seen_dist[k.z][hi][lo]++, seen_pos[k.cband][k.cstack]++;
            out[n++] = cand;
            break; /* one clue per puzzle */
        }
    }
    free(order);
    return n;
}

/* Cases cs[0..n) in group mode, one engine and context for all. */
static void gc_group_cases(const gc_list *l, const gc_case *cs, int n)
{
    bandpair_ctx *ctx;
    assert_int_equal(bandpair_ctx_new(&ctx), MC_OK);
    band_options o;
    band_options_default(&o, 16);
    band_engine *e = band_engine_new(&o);
    assert_non_null(e);
    for (int a = 0; a < n; a++) gc_group_case(l, cs[a].i, cs[a].c, ctx, e, NULL);
    band_engine_free(e);
    bandpair_ctx_free(ctx);
}

/* Prints what the cases covered: distributions (against the split's
 * list), (x, y) pairs, c's places, orientations, stacks at their cap. */
static void gc_report(const char *what, const gc_case *cs, int n)
{
    int d[64][3], nd = gc_split_distributions(16, d, 64);
    printf("%s: %d cases\n  distributions (z/x/y of the counted 16, split's list):", what, n);
    int missing = 0;
    for (int j = 0; j < nd; j++) {
        int cnt = 0;
        for (int a = 0; a < n; a++) {
            int hi = cs[a].k.x > cs[a].k.y ? cs[a].k.x : cs[a].k.y, lo = cs[a].k.x + cs[a].k.y - hi;
            cnt += cs[a].k.z == d[j][0] && hi == d[j][1] && lo == d[j][2];
        }
        printf(" %d/%d/%d:%d", d[j][0], d[j][1], d[j][2], cnt);
        missing += cnt == 0;
    }
    printf("\n  (%d of %d split distributions have no case)\n  pairs (x,y):", missing, nd);
    for (int x = 0; x < 10; x++)
        for (int y = 0; y < 10; y++) {
            int cnt = 0;
            for (int a = 0; a < n; a++) cnt += cs[a].k.x == x && cs[a].k.y == y;
            if (cnt) printf(" (%d,%d):%d", x, y, cnt);
        }
    int pos[3][3] = {{0}}, stack_o = 0, at_cap = 0;
    for (int a = 0; a < n; a++) {
        pos[cs[a].k.cband][cs[a].k.cstack]++;
        stack_o += cs[a].k.o >= 3;
        int f = cs[a].k.o >= 3; /* band_split: f_s = 1 for the stacks of o >= 3 */
        for (int t = 0; t < 3; t++) at_cap += cs[a].k.q[t] == cs[a].k.z - f;
    }
    printf("\n  given in band/stack of the orientation:");
    for (int b = 0; b < 3; b++)
        for (int s = 0; s < 3; s++) printf(" b%d.s%d:%d", b + 1, s + 1, pos[b][s]);
    int cap12 = 0;
    for (int a = 0; a < n; a++) cap12 += gc_stack12_at_cap(&cs[a].k);
    printf("\n  owned by a stack orientation: %d; stacks at their cap (q_s = z - f_s): %d, with bands 1+2 alone: %d\n",
           stack_o, at_cap, cap12);
}

#endif
