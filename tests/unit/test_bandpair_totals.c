/* test_bandpair_totals — exact item totals of whole band-1 indices of the
 * band-pair groups, derived without the enumeration, and their coverage.
 * ctest-labels: unit
 * ctest-timeout: 300
 *
 * What is proven, for the band-1 indices 416 and 415 (133 and 340 groups,
 * all of them): let S_b be the ES grids having a slot whose pair has smaller
 * band index b, built independently of bandpair.c (bandpair_totals.h: every
 * grid with rows 1-3 = M_b, rows 4-6 of index >= b, rows sorted, completed
 * cell by cell, canonicalized by canon_minlex9, the distinct forms kept).
 * Then (1) every item of the groups of b is a valid grid located to itself
 * whose minlex form is in S_b, in a slot whose pair has smaller index b,
 * (2) no orbit of Aut(G) on the slots (independent automorphism search,
 * count equal to canon's) is met twice, (3) every such orbit of every grid
 * of S_b is met, and (4) the item count equals the derived total sum over
 * S_b of the covered slot orbits (10,160 and 29,859 on the reference run).
 * So the groups of b cover each grid that needs them exactly with the
 * multiplicity of bandpair.h. The catalogue side: every 50th grid of S_b has
 * a catalogue rank (gridrank_rank on the shipped grids/counts.txt.gz, which
 * finds the grid among the grids of its band and row 4) that unranks back
 * to it. test_bandpair_totals_slow does more band-1 indices and ranks every
 * grid; band-1 index 1 is checked against catalogue band 1 in
 * test_bandpair(_slow). The 6 grids of known-grids.txt (automorphism
 * groups of order 1 to 648): their slots give exactly as many distinct items
 * as Aut(G) has orbits on the slots, two slots the same item iff they are in
 * one orbit, and each item is in the enumeration of its band 1.
 * The whole-catalogue total (32,835,497,303 items) is not run here: see
 * scripts/bandpair-count-all.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bandpair_totals_run.h"

static void test_totals_last_bands(void **state)
{
    (void)state;
    bandpair_ctx *ctx;
    assert_int_equal(bandpair_ctx_new(&ctx), MC_OK);
    gridrank *gr;
    mc_error err;
    assert_int_equal(gridrank_open(TOT_COUNTS_GZ, &gr, &err), MC_OK);
    tot_run_band(ctx, gr, 416, 50);
    tot_run_band(ctx, gr, 415, 50);
    gridrank_free(gr);
    bandpair_ctx_free(ctx);
}

/* The oracle can fail: drop one item from the enumeration's view and the
 * count and the coverage must both disagree. */
typedef struct drop_state {
    tot_state *s;
    int dropped;
} drop_state;

static int drop_fn(void *arg, const bandpair_group *g)
{
    drop_state *d = arg;
    if (!d->dropped && g->nband3 > 1) {
        bandpair_group h = *g;
        h.nband3--;
        d->dropped = 1;
        return tot_group_fn(d->s, &h);
    }
    return tot_group_fn(d->s, g);
}

static void test_totals_detects_a_missing_item(void **state)
{
    (void)state;
    bandpair_ctx *ctx;
    assert_int_equal(bandpair_ctx_new(&ctx), MC_OK);
    static tot_state s;
    tot_generate(&s, 416);
    drop_state d = {&s, 0};
    assert_int_equal(bandpair_enumerate(ctx, 416, 1, 0, true, drop_fn, &d, NULL), MC_OK);
    assert_int_equal(d.dropped, 1);
    assert_int_equal(s.items + 1, s.expected_items);
    assert_int_equal(tot_missing(&s), 1);
    free(s.g);
    bandpair_ctx_free(ctx);
}

/* The grids of known-grids.txt (automorphism groups of order 1 to 648):
 * their 6 slots give exactly orbits(Aut(G), slots) distinct items
 * (bandpair_locate), each found once in the enumeration of its band 1. */
static void test_known_grids_items(void **state)
{
    (void)state;
    FILE *f = fopen(MC_TEST_DATA "/known-grids.txt", "r");
    assert_non_null(f);
    bandpair_ctx *ctx;
    assert_int_equal(bandpair_ctx_new(&ctx), MC_OK);
    char line[512];
    int grids = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#') continue;
        uint8_t g[81];
        for (int k = 0; k < 81; k++) g[k] = (uint8_t)(line[k] - '1');
        int rep[6], autos = grid_slot_orbits(g, rep), orbits = 0;
        for (int s = 0; s < 6; s++) orbits += rep[s] == s;
        uint8_t items[6][81];
        int distinct = 0;
        for (int s = 0; s < 6; s++) {
            uint8_t x[81], it[81];
            int b1;
            bandpair_orient(g, s, x);
            bpc_locate(x, it, it + 54, &b1);
            int same = -1;
            for (int t = 0; t < distinct && same < 0; t++)
                if (memcmp(items[t], it, 81) == 0) same = t;
            if (same < 0) {
                memcpy(items[distinct++], it, 81);
                if (!find_item(ctx, x)) fail_msg("known grid %d slot %d: item not enumerated", grids + 1, s);
            }
            /* two slots share an item iff an automorphism maps one onto the other */
            for (int t = 0; t < s; t++) {
                uint8_t y[81], jt[81];
                bandpair_orient(g, t, y);
                bpc_locate(y, jt, jt + 54, &b1);
                assert_int_equal(memcmp(jt, it, 81) == 0, rep[t] == rep[s]);
            }
        }
        printf("known grid %d: %d automorphisms, %d slot orbits, %d distinct items\n", grids + 1, autos, orbits,
               distinct);
        assert_int_equal(distinct, orbits);
        grids++;
    }
    fclose(f);
    assert_int_equal(grids, 6);
    bandpair_ctx_free(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_totals_last_bands),
        cmocka_unit_test(test_totals_detects_a_missing_item),
        cmocka_unit_test(test_known_grids_items),
    };
    int r = cmocka_run_group_tests(tests, NULL, NULL);
    bandpair_ctx_free(bpc_ctx);
    return r;
}
