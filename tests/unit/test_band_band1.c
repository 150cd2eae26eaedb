/* test_band_band1 — group mode keeps band 1's table for the next group
 * with the same band 1 (band_engine_group.c, band1_kept): one engine runs a
 * sequence of groups (consecutive groups of one band 1, a grid in grid
 * mode between them, a group of another band 1, then givens in band 1)
 * and must do exactly the work of a fresh engine on each (the same pairs,
 * survivors, two-band passes, band-3 nodes, solver calls and learned
 * UAs), at K = 15 (K = 16 with two givens takes half a minute).
 * tests/mutate/run (band1-anyband, band1-anygiven) checks that a table
 * kept for another band 1 or other givens shows here.
 *
 * ctest-labels: unit
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "band.h"
#include "band_engine.h"
#include "bandpair.h"
#include "cellset.h"

#define MAXN 400
#define CLUES 15

typedef struct kept_group {
    uint8_t pair[54];
    uint8_t band3[MAXN * 27];
    int n, band1;
} kept_group;

static int take_group(void *arg, const bandpair_group *g)
{
    kept_group *k = arg;
    memcpy(k->pair, g->pair, 54);
    k->n = g->nband3 < MAXN ? g->nband3 : MAXN;
    memcpy(k->band3, g->band3, (size_t)k->n * 27);
    k->band1 = g->band1;
    return 1;
}

static void load(bandpair_ctx *ctx, int band, uint64_t local, kept_group *k)
{
    k->n = 0;
    assert_int_equal(bandpair_enumerate(ctx, band, local, local, true, take_group, k, NULL), MC_OK);
    assert_true(k->n > 0);
}

/* The group k on engine e (kept from the runs before) and on a fresh
 * engine with the same givens: the same work. */
static void same_as_fresh(band_engine *e, const kept_group *k, cs81 givens)
{
    band_options o;
    band_options_default(&o, CLUES);
    o.givens = givens;
    band_engine *fresh = band_engine_new(&o);
    assert_non_null(fresh);
    band_record a, b;
    assert_int_equal(band_engine_run_group(e, k->pair, k->band3, k->n, &a, NULL, NULL), MC_OK);
    assert_int_equal(band_engine_run_group(fresh, k->pair, k->band3, k->n, &b, NULL, NULL), MC_OK);
    print_message("band 1 %d, %d items: pairs %llu and %llu, survivors %llu and %llu\n", k->band1, k->n,
                  (unsigned long long)a.pairs, (unsigned long long)b.pairs, (unsigned long long)a.survivors,
                  (unsigned long long)b.survivors);
    assert_int_equal(a.pairs, b.pairs);
    assert_int_equal(a.survivors, b.survivors);
    assert_int_equal(a.two_band_pass, b.two_band_pass);
    assert_int_equal(a.band3_nodes, b.band3_nodes);
    assert_int_equal(a.solver_calls, b.solver_calls);
    assert_int_equal(a.ua_learned_two_band, b.ua_learned_two_band);
    assert_int_equal(a.ua_learned, b.ua_learned);
    assert_int_equal(a.puzzles, b.puzzles);
    band_engine_free(fresh);
}

static void test_kept_across_groups(void **state)
{
    (void)state;
    band_init();
    bandpair_ctx *ctx;
    assert_int_equal(bandpair_ctx_new(&ctx), MC_OK);
    kept_group *k = malloc(sizeof *k);
    assert_non_null(k);
    band_options o;
    band_options_default(&o, CLUES);
    band_engine *e = band_engine_new(&o);
    assert_non_null(e);
    cs81 none = cs81_empty();
    /* consecutive groups of band 1 index 70, as a chunk gives them */
    for (uint64_t local = 877387; local < 877390; local++) {
        load(ctx, 70, local, k);
        same_as_fresh(e, k, none);
    }
    /* a grid in grid mode builds tab[0] from its own band 1 */
    uint8_t g[81];
    memcpy(g, k->pair, 54);
    memcpy(g + 54, k->band3, 27);
    band_record r;
    assert_int_equal(band_engine_run(e, g, &r, NULL, NULL), MC_OK);
    load(ctx, 70, 877390, k);
    same_as_fresh(e, k, none);
    /* another band 1, then back */
    load(ctx, 105, 3768565, k);
    same_as_fresh(e, k, none);
    load(ctx, 70, 877391, k);
    same_as_fresh(e, k, none);
    /* givens in band 1 (the grid's digits of two cells) make another table */
    cs81 givens = cs81_empty();
    cs81_add(&givens, 0);
    cs81_add(&givens, 13);
    assert_int_equal(band_engine_set_givens(e, givens), MC_OK);
    same_as_fresh(e, k, givens);
    assert_int_equal(band_engine_set_givens(e, none), MC_OK);
    same_as_fresh(e, k, none);
    band_engine_free(e);
    free(k);
    bandpair_ctx_free(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_kept_across_groups)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
