/* test_bandpair — band-pair groups: canonical form, group contents, ranges
 * and coverage of the catalogue.
 * ctest-labels: unit
 *
 * Oracles (bandpair_check.h): the minimum over all 559,872 position maps of
 * H (h_min_slow) for bandpair_locate; a cell-by-cell count of band-3
 * completions and a brute count of the maps fixing a pair for the groups of
 * band 416; catalogue band 1 (enumerate.h, count checked against
 * es-grids-per-band.txt), canon_minlex9 and an independent automorphism
 * search for the coverage of the groups (band 1, band 2) = (1, 359):
 * every item is a valid grid whose minlex form is in the catalogue
 * in a slot that must be covered, no (grid, slot orbit) twice, every covered
 * (grid, slot orbit) of the catalogue found, and the item count equals the
 * sum over the catalogue of the covered slot orbits. The whole band-1 range
 * is in test_bandpair_slow. A random grid's 6 items (bandpair_locate) must
 * be found in the enumeration of their band 1 (any band: the checks above
 * use bands 1 and 416 only).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bandpair_check.h"
#include "enum_check.h"
#include "prng.h"
#include "random_grid.h"

/* ---- locate against the brute-force minimum over H ---- */

static void check_locate(const uint8_t *g)
{
    for (int s = 0; s < BANDPAIR_SLOTS; s++) {
        uint8_t x[81], want[81], pair[54], b3[27];
        bandpair_orient(g, s, x);
        assert_true(bpc_grid_valid(x));
        h_min_slow(x, want);
        int b1;
        bpc_locate(x, pair, b3, &b1);
        assert_memory_equal(pair, want, 54);
        assert_memory_equal(b3, want + 54, 27);
        assert_int_equal(b1, band_index(want));
    }
}

static void test_locate_brute(void **state)
{
    (void)state;
    uint64_t seed = 20261123;
    prng rng;
    prng_seed(&rng, seed);
    for (int i = 0; i < 3; i++) {
        grid g;
        random_grid_make(geometry_9x9(), &rng, &g);
        check_locate(g.cell);
    }
    /* grids with automorphisms: the first grids of catalogue band 1 */
    FILE *f = fopen(MC_TEST_DATA "/known-grids.txt", "r");
    assert_non_null(f);
    char line[512];
    int done = 0;
    while (done < 2 && fgets(line, sizeof line, f)) {
        if (line[0] == '#') continue;
        uint8_t g[81];
        for (int k = 0; k < 81; k++) g[k] = (uint8_t)(line[k] - '1');
        check_locate(g);
        done++;
    }
    fclose(f);
    assert_int_equal(done, 2);
}

/* ---- the groups of band 416 against their definition ---- */

typedef struct def_state {
    uint8_t last[54];
    uint64_t groups, next_rank;
    uint8_t (*pairs)[54];
} def_state;

static int brute_completions_rec(uint8_t *x, int k, unsigned *colm, unsigned *rowm, unsigned *boxm)
{
    if (k == 81) return 1;
    int i = k / 9, j = k % 9, b = (i / 3) * 3 + j / 3;
    int n = 0;
    for (int d = 0; d < 9; d++) {
        unsigned bit = 1u << d;
        if ((colm[j] | rowm[i] | boxm[b]) & bit) continue;
        if (j == 0 && i > 6 && d < x[(i - 1) * 9]) continue;
        x[k] = (uint8_t)d;
        colm[j] |= bit, rowm[i] |= bit, boxm[b] |= bit;
        n += brute_completions_rec(x, k + 1, colm, rowm, boxm);
        colm[j] &= ~bit, rowm[i] &= ~bit, boxm[b] &= ~bit;
    }
    return n;
}

/* Band 3s with rows sorted by their first digit, cell by cell. */
static int brute_completions(const uint8_t *pair)
{
    uint8_t x[81];
    unsigned colm[9] = {0}, rowm[9] = {0}, boxm[9] = {0};
    memcpy(x, pair, 54);
    for (int k = 0; k < 54; k++) {
        unsigned bit = 1u << x[k];
        colm[k % 9] |= bit, rowm[k / 9] |= bit, boxm[(k / 27) * 3 + (k % 9) / 3] |= bit;
    }
    return brute_completions_rec(x, 54, colm, rowm, boxm);
}

/* Position maps of H_pair (bands 1-2 swapped or not, rows within them,
 * columns) that fix the pair up to relabelling. */
static int brute_pair_autos(const uint8_t *p)
{
    int n = 0;
    for (int c = 0; c < 1296; c++) {
        uint8_t col[9];
        bpc_line_map(c, col);
        for (int r = 0; r < 72; r++) {
            int sw = r / 36, q1 = r / 6 % 6, q2 = r % 6;
            uint8_t row[6];
            for (int i = 0; i < 3; i++) {
                row[i] = (uint8_t)(sw * 3 + bpc_perm3[q1][i]);
                row[3 + i] = (uint8_t)((1 - sw) * 3 + bpc_perm3[q2][i]);
            }
            uint8_t lab[9];
            memset(lab, 0xFF, 9);
            int next = 0;
            bool eq = true;
            for (int k = 0; k < 54 && eq; k++) {
                uint8_t d = p[row[k / 9] * 9 + col[k % 9]];
                if (lab[d] == 0xFF) lab[d] = (uint8_t)next++;
                eq = lab[d] == p[k];
            }
            n += eq;
        }
    }
    return n;
}

/* Every sorted completion of the pair, by the cell-by-cell twin, must locate
 * to (pair, a band 3 of the group). */
static void every_completion(const uint8_t *pair, const bandpair_group *grp, int *bad)
{
    uint8_t x[81];
    memcpy(x, pair, 54);
    /* walk the completions with an explicit stack of cells */
    unsigned colm[9] = {0}, rowm[9] = {0}, boxm[9] = {0};
    for (int k = 0; k < 54; k++) {
        unsigned bit = 1u << x[k];
        colm[k % 9] |= bit, rowm[k / 9] |= bit, boxm[(k / 27) * 3 + (k % 9) / 3] |= bit;
    }
    int k = 54;
    int next[81];
    next[54] = 0;
    while (k >= 54) {
        if (k == 81) {
            uint8_t p2[54], b3[27];
            int b1;
            bpc_locate(x, p2, b3, &b1);
            bool found = false;
            for (int i = 0; i < grp->nband3 && !found; i++) found = memcmp(b3, grp->band3 + 27 * i, 27) == 0;
            if (memcmp(p2, pair, 54) || !found) (*bad)++;
            k--;
            unsigned bit = 1u << x[k];
            int i = k / 9, j = k % 9, b = (i / 3) * 3 + j / 3;
            colm[j] &= ~bit, rowm[i] &= ~bit, boxm[b] &= ~bit;
            continue;
        }
        int i = k / 9, j = k % 9, b = (i / 3) * 3 + j / 3;
        int d = next[k];
        for (; d < 9; d++) {
            unsigned bit = 1u << d;
            if ((colm[j] | rowm[i] | boxm[b]) & bit) continue;
            if (j == 0 && i > 6 && d < x[(i - 1) * 9]) continue;
            break;
        }
        if (d == 9) {
            k--;
            if (k < 54) break;
            unsigned bit = 1u << x[k];
            int i2 = k / 9, j2 = k % 9, b2 = (i2 / 3) * 3 + j2 / 3;
            colm[j2] &= ~bit, rowm[i2] &= ~bit, boxm[b2] &= ~bit;
            continue;
        }
        x[k] = (uint8_t)d;
        next[k] = d + 1;
        unsigned bit = 1u << d;
        colm[j] |= bit, rowm[i] |= bit, boxm[b] |= bit;
        k++;
        if (k < 81) next[k] = 0;
    }
}

static int def_fn(void *arg, const bandpair_group *g)
{
    def_state *s = arg;
    assert_int_equal(g->local_rank, s->next_rank);
    s->next_rank++;
    assert_int_equal(g->band1, 416);
    assert_memory_equal(g->pair, band_minlex(416), 27);
    assert_int_equal(band_index(g->pair + 27), g->band2);
    assert_true(g->band2 >= g->band1);
    assert_true(g->pair[27] < g->pair[36] && g->pair[36] < g->pair[45]);
    if (s->groups) assert_true(memcmp(s->last, g->pair, 54) < 0);
    memcpy(s->last, g->pair, 54);
    memcpy(s->pairs[s->groups], g->pair, 54);
    s->groups++;
    assert_int_equal(g->autos, brute_pair_autos(g->pair));
    assert_int_equal(g->completions, brute_completions(g->pair));
    assert_true(g->nband3 >= 1 && g->nband3 <= g->completions);
    for (int i = 0; i < g->nband3; i++) {
        const uint8_t *b = g->band3 + 27 * i;
        if (i) assert_true(memcmp(b - 27, b, 27) < 0);
        uint8_t x[81], p2[54], b3[27];
        memcpy(x, g->pair, 54);
        memcpy(x + 54, b, 27);
        assert_true(bpc_grid_valid(x));
        int b1;
        bpc_locate(x, p2, b3, &b1);
        assert_memory_equal(p2, g->pair, 54);
        assert_memory_equal(b3, b, 27);
    }
    int bad = 0;
    every_completion(g->pair, g, &bad);
    assert_int_equal(bad, 0);
    return 0;
}

static uint8_t pairs416[4096][54];

static int slice_fn(void *arg, const bandpair_group *g)
{
    uint64_t *r = arg;
    assert_int_equal(g->local_rank, *r);
    assert_memory_equal(g->pair, pairs416[*r - 1], 54);
    (*r)++;
    return 0;
}

static int stop_fn(void *arg, const bandpair_group *g)
{
    (void)g;
    int *n = arg;
    return ++*n == 3;
}

static void test_groups_416(void **state)
{
    (void)state;
    bandpair_ctx *ctx;
    assert_int_equal(bandpair_ctx_new(&ctx), MC_OK);
    def_state s;
    memset(&s, 0, sizeof s);
    s.next_rank = 1;
    s.pairs = pairs416;
    bandpair_stats st;
    memset(&st, 0, sizeof st);
    assert_int_equal(bandpair_enumerate(ctx, 416, 1, 0, true, def_fn, &s, &st), MC_OK);
    assert_true(s.groups > 10 && s.groups < 4096);
    assert_int_equal(st.pairs, s.groups);
    /* a slice by local ranks is the same groups */
    uint64_t r = 5;
    assert_int_equal(bandpair_enumerate(ctx, 416, 5, 9, true, slice_fn, &r, NULL), MC_OK);
    assert_int_equal(r, 10);
    r = s.groups - 1;
    assert_int_equal(bandpair_enumerate(ctx, 416, s.groups - 1, 0, false, slice_fn, &r, NULL), MC_OK);
    assert_int_equal(r, s.groups + 1);
    /* counting without band 3s gives the same pairs */
    bandpair_stats st2;
    memset(&st2, 0, sizeof st2);
    assert_int_equal(bandpair_enumerate(ctx, 416, 1, 0, false, NULL, NULL, &st2), MC_OK);
    assert_int_equal(st2.pairs, st.pairs);
    assert_int_equal(st2.items, 0);
    int n = 0;
    assert_int_equal(bandpair_enumerate(ctx, 416, 1, 0, true, stop_fn, &n, NULL), MC_OK);
    assert_int_equal(n, 3);
    assert_int_equal(bandpair_enumerate(ctx, 0, 1, 0, true, NULL, NULL, NULL), MC_EINVAL);
    assert_int_equal(bandpair_enumerate(ctx, 417, 1, 0, true, NULL, NULL, NULL), MC_EINVAL);
    assert_int_equal(bandpair_enumerate(ctx, 5, 0, 0, true, NULL, NULL, NULL), MC_EINVAL);
    assert_int_equal(bandpair_enumerate(ctx, 5, 9, 8, true, NULL, NULL, NULL), MC_EINVAL);
    bandpair_ctx_free(ctx);
    bandpair_ctx_free(NULL);
}

/* ---- a random grid's 6 items are in the enumeration ---- */

static void test_random_grid_items(void **state)
{
    (void)state;
    uint64_t seed = 4242;
    prng rng;
    prng_seed(&rng, seed);
    bandpair_ctx *ctx;
    assert_int_equal(bandpair_ctx_new(&ctx), MC_OK);
    grid g;
    random_grid_make(geometry_9x9(), &rng, &g);
    for (int s = 0; s < BANDPAIR_SLOTS; s++) {
        uint8_t x[81];
        bandpair_orient(g.cell, s, x);
        if (!find_item(ctx, x)) fail_msg("seed %llu slot %d: item not enumerated", (unsigned long long)seed, s);
    }
    bandpair_ctx_free(ctx);
}

/* ---- coverage of the groups (1, 359) ---- */

static void test_coverage_band1_slice(void **state)
{
    (void)state;
    static uint64_t oracle[BAND_COUNT + 1];
    assert_true(oracle_counts(oracle) > 0);
    static cov_state cov[1];
    memset(cov, 0, sizeof cov);
    cov[0].want2 = 359;
    assert_int_equal(enumerate_band(1, cov_catalogue_fn, &cov[0], NULL), MC_OK);
    bandpair_ctx *ctx;
    assert_int_equal(bandpair_ctx_new(&ctx), MC_OK);
    assert_int_equal(bandpair_enumerate(ctx, 1, 1, 0, true, cov_group_fn, &cov[0], NULL), MC_OK);
    bandpair_ctx_free(ctx);
    for (int i = 0; i < 1; i++) {
        cov_state *s = &cov[i];
        printf("groups (1, %d): %llu groups, %llu items; catalogue band 1: %llu grids, %zu with a covered slot, "
               "%llu covered slots, %llu slot orbits expected, %llu grids with automorphisms\n",
               s->want2, (unsigned long long)s->groups, (unsigned long long)s->items,
               (unsigned long long)s->catalogue, s->n, (unsigned long long)s->covered_slots,
               (unsigned long long)s->expected_items, (unsigned long long)s->auto_grids);
        assert_int_equal(s->catalogue, oracle[1]);
        assert_int_equal(s->bad_order, 0);
        assert_int_equal(s->bad_valid, 0);
        assert_int_equal(s->bad_locate, 0);
        assert_int_equal(s->bad_autos, 0);
        assert_int_equal(s->bad_missing, 0);
        assert_int_equal(s->bad_slot, 0);
        assert_int_equal(s->bad_twice, 0);
        assert_int_equal(cov_missing(s), 0);
        assert_true(s->expected_items > 0);
        assert_int_equal(s->items, s->expected_items);
        free(s->g);
    }
    /* the slice holds grids with automorphisms and orbits of several slots */
    assert_true(cov[0].auto_grids > 0 && cov[0].covered_slots > cov[0].expected_items);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_locate_brute),
        cmocka_unit_test(test_groups_416),
        cmocka_unit_test(test_random_grid_items),
        cmocka_unit_test(test_coverage_band1_slice),
    };
    int r = cmocka_run_group_tests(tests, NULL, NULL);
    bandpair_ctx_free(bpc_ctx);
    return r;
}
