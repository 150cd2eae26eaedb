/* bandscan_control — the positive control of a band-pair scan: K = 17 over
 * a range of group ranks must report exactly the known 17-clue puzzles
 * whose covering group lies in that range (for test_bandscan_control and
 * its slow twin).
 *
 * Oracle: tests/data/seventeen-cover.txt.gz (the complete list of 49,158
 * 17s with each puzzle's covering group rank, checked against the list and
 * recomputed by test_bandpair_seventeen). The scan: the groups of the range
 * (bandpair_rank_split, bandpair_enumerate) through band_engine_run_group.
 * Every reported puzzle is checked unique and minimal with the plain solver
 * on its item grid. Reported and known puzzles are compared as keys
 * (puzzle_key.h: minlex grid, the puzzle's cells mapped to it): the key
 * is a class invariant when the minlex grid has no automorphism, which is
 * asserted for every grid involved. The known puzzles' covers are
 * recomputed with bandpair_cover and must name a group of the range
 * (its pair among the scanned groups').
 */
#ifndef MC_TEST_BANDSCAN_CONTROL_H
#define MC_TEST_BANDSCAN_CONTROL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "band_engine.h"
#include "bandpair.h"
#include "bandpair_rank.h"
#include "canon.h"
#include "cellset.h"
#include "grid.h"
#include "prng.h"
#include "puzzle_check.h"
#include "puzzle_key.h"
#include "seventeen_cover_load.h"
#include "solver.h"
#include "transform.h"

#define BSC_MAX 256

/* The key of a puzzle of g (puzzle_key.h); every grid of a scan's range
 * must be without automorphism for the key to be a class invariant. */
static void bsc_key_of(const uint8_t *g, const uint8_t *puzzle, puzzle_key *k)
{
    int autos = puzzle_key_of(g, puzzle_key_cells(puzzle), k);
    if (autos != 1) fail_msg("a grid of the range has %d automorphisms: the key is not an invariant", autos);
}

typedef struct bsc_found {
    puzzle_key key[BSC_MAX];
    int n, bad;
    const uint8_t *pair, *band3;
    solver_ctx *solver;
} bsc_found;

static void bsc_on_item(void *arg, int item, const uint8_t *pz, int n)
{
    bsc_found *f = arg;
    uint8_t g[81];
    memcpy(g, f->pair, 54);
    memcpy(g + 54, f->band3 + 27 * (size_t)item, 27);
    cs81 s = cs81_empty();
    for (int c = 0; c < 81; c++)
        if (pz[c] != CELL_EMPTY) {
            cs81_add(&s, c);
            if (pz[c] != g[c]) f->bad++;
        }
    if (cs81_count(s) != n || n > 17 || !minimal_unique(f->solver, geometry_9x9(), g, s)) f->bad++;
    if (f->n < BSC_MAX) bsc_key_of(g, pz, &f->key[f->n]);
    f->n++;
}

#define BSC_GROUPS 64

typedef struct bsc_groups {
    band_engine *e;
    bsc_found *found;
    uint8_t pair[BSC_GROUPS][54]; /* the first BSC_GROUPS groups scanned */
    int groups;
    double seconds;
} bsc_groups;

static int bsc_group(void *arg, const bandpair_group *g)
{
    bsc_groups *s = arg;
    band_record r;
    s->found->pair = g->pair;
    s->found->band3 = g->band3;
    assert_int_equal(band_engine_run_group(s->e, g->pair, g->band3, g->nband3, &r, bsc_on_item, s->found), MC_OK);
    if (s->groups < BSC_GROUPS) memcpy(s->pair[s->groups], g->pair, 54);
    s->groups++;
    s->seconds += r.seconds_total;
    return 0;
}

/* Scans ranks first..last (one band 1) with K clues, only puzzles whose
 * band 3 holds at least band3_min clues (band_options.band3_min; 0: all);
 * returns the number of puzzles found, checked against the oracle when
 * K = 17 (the oracle loaded here when known is NULL): exactly the known 17s
 * covered by the range whose covering item's band 3 (the cover's slot)
 * holds at least band3_min clues. */
static inline int bsc_run_with(uint64_t first, uint64_t last, int clues, int band3_min, const s17_data *known)
{
    int band, band2;
    uint64_t lo, hi;
    assert_true(bandpair_rank_split(first, &band, &lo));
    assert_true(bandpair_rank_split(last, &band2, &hi));
    assert_int_equal(band, band2);
    solver_ctx *sv = solver_new(geometry_9x9());
    bandpair_ctx *ctx;
    assert_int_equal(bandpair_ctx_new(&ctx), MC_OK);
    band_options o;
    band_options_default(&o, clues);
    o.band3_min = band3_min;
    bsc_found *f = calloc(1, sizeof *f);
    assert_non_null(f);
    f->solver = sv;
    bsc_groups s = {.e = band_engine_new(&o), .found = f};
    assert_non_null(s.e);
    assert_int_equal(bandpair_enumerate(ctx, band, lo, hi, true, bsc_group, &s, NULL), MC_OK);
    assert_int_equal(s.groups, (int)(hi - lo + 1));
    print_message("ranks %llu-%llu (band %d): K = %d: %d groups, %d puzzles, %.1f s\n", (unsigned long long)first,
                  (unsigned long long)last, band, clues, s.groups, f->n, s.seconds);
    assert_int_equal(f->bad, 0);
    assert_true(f->n <= BSC_MAX);
    for (int a = 0; a < f->n; a++)
        for (int b = a + 1; b < f->n; b++)
            if (puzzle_key_eq(&f->key[a], &f->key[b])) fail_msg("puzzles %d and %d are the same class", a, b);
    int n = f->n;
    if (clues == 17) {
        s17_data own;
        if (!known) s17_load(&own);
        const s17_data *dp = known ? known : &own;
        const s17_data d = *dp;
        puzzle_key want[BSC_MAX];
        int nw = 0;
        for (size_t i = 0; i < d.cover.n; i++) {
            const cov17 *r = &d.cover.r[i];
            if (r->global < first || r->global > last || r->clues[r->slot] < band3_min) continue;
            solver_result res;
            assert_int_equal(solver_count(sv, r->puzzle, 2, &res), 1);
            /* the file's cover, recomputed */
            int slot, b1;
            uint8_t cp[54], cb[27];
            bandpair_cover(ctx, res.sol[0], r->puzzle, &slot, cp, cb, &b1);
            assert_int_equal(b1, r->band1);
            assert_int_equal(slot, r->slot);
            bool scanned = false;
            for (int k = 0; k < s.groups && k < BSC_GROUPS && !scanned; k++) scanned = !memcmp(s.pair[k], cp, 54);
            if (!scanned) fail_msg("cover line %zu: its covering pair is not a group of the range", i + 1);
            assert_true(nw < BSC_MAX);
            bsc_key_of(res.sol[0], r->puzzle, &want[nw++]);
        }
        print_message("known 17s covered by the range: %d\n", nw);
        assert_int_equal(f->n, nw);
        for (int a = 0; a < nw; a++) {
            bool hit = false;
            for (int b = 0; b < f->n && !hit; b++) hit = puzzle_key_eq(&want[a], &f->key[b]);
            if (!hit) fail_msg("known puzzle %d of the range not reported", a);
        }
        if (!known) s17_free(&own);
    }
    band_engine_free(s.e);
    free(f);
    bandpair_ctx_free(ctx);
    solver_free(sv);
    return n;
}

static inline int bsc_run(uint64_t first, uint64_t last, int clues) { return bsc_run_with(first, last, clues, 0, NULL); }

/* The group-mode cross-check against the complete list: ngroups covering
 * groups drawn (seed) from tests/data/seventeen-cover.txt.gz, distinct, each
 * scanned at K = 17 (bsc_run_with, band3_min as there) and giving exactly
 * the known 17s it covers (with band 3 >= band3_min). Returns the number
 * of puzzles found. */
static inline int bsc_cover_sample(uint64_t seed, int ngroups, int band3_min)
{
    s17_data d;
    s17_load(&d);
    prng rng;
    prng_seed(&rng, seed);
    uint64_t *done = calloc((size_t)ngroups, sizeof *done);
    assert_non_null(done);
    int total = 0, want = 0;
    for (int k = 0; k < ngroups;) {
        uint64_t rank = d.cover.r[prng_below(&rng, d.cover.n)].global;
        bool seen = false;
        for (int j = 0; j < k && !seen; j++) seen = done[j] == rank;
        if (seen) continue;
        done[k++] = rank;
        int covered = 0;
        for (size_t i = 0; i < d.cover.n; i++)
            covered += d.cover.r[i].global == rank && d.cover.r[i].clues[d.cover.r[i].slot] >= band3_min;
        want += covered;
        total += bsc_run_with(rank, rank, 17, band3_min, &d);
    }
    print_message("seed %llu: %d groups, band 3 >= %d clues: %d known 17s covered, %d found\n",
                  (unsigned long long)seed, ngroups, band3_min, want, total);
    assert_int_equal(total, want);
    free(done);
    s17_free(&d);
    return total;
}

#endif
