/* test_bandpair_twin — bandpair_enumerate against its slow twin
 * (bandpair_ref.h: the enumeration as first written, full images and memcmp
 * at every leaf, band 3s column by column then qsort), group by group and
 * item by item.
 * ctest-labels: unit
 *
 * For windows of local ranks of several band-1 indices (band 1, the most
 * symmetric band, with its 54,496 groups in two windows; bands 2 and 16,
 * band 104, bands 408, 414 and 415, and all of band 416, whose pairs are
 * all (416, 416) with large Aut(P)), every group must agree in band 1 and 2
 * index, local rank, pair, |Aut(P)|, completions, item count and every band
 * 3 byte, in the same order. Bands 1 and 416 are also walked whole without
 * band 3s: the same canonical pairs and the same number of leaves. Seconds
 * of CPU (the twin walks band 1's 5.8 million leaves in about 2 s).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bandpair_ref.h"

/* A group as recorded: the fields of bandpair_group, band 3s copied. */
typedef struct rec_group {
    int band1, band2, autos, completions, nband3;
    uint64_t local_rank;
    uint8_t pair[54];
    uint8_t *band3;
} rec_group;

typedef struct rec_list {
    rec_group *g;
    size_t n, cap;
    uint64_t items;
} rec_list;

static int record(void *arg, const bandpair_group *g)
{
    rec_list *l = arg;
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 1024;
        l->g = realloc(l->g, l->cap * sizeof *l->g);
        assert_non_null(l->g);
    }
    rec_group *r = &l->g[l->n++];
    r->band1 = g->band1, r->band2 = g->band2, r->autos = g->autos;
    r->completions = g->completions, r->nband3 = g->nband3, r->local_rank = g->local_rank;
    memcpy(r->pair, g->pair, 54);
    r->band3 = NULL;
    if (g->nband3) {
        r->band3 = malloc((size_t)g->nband3 * 27);
        assert_non_null(r->band3);
        memcpy(r->band3, g->band3, (size_t)g->nband3 * 27);
    }
    l->items += (uint64_t)g->nband3;
    return 0;
}

static void rec_free(rec_list *l)
{
    for (size_t i = 0; i < l->n; i++) free(l->g[i].band3);
    free(l->g);
    memset(l, 0, sizeof *l);
}

static void same_groups(const rec_list *want, const rec_list *got, int band)
{
    if (want->n != got->n) fail_msg("band %d: %zu groups from the twin, %zu from the enumeration", band, want->n, got->n);
    for (size_t i = 0; i < want->n; i++) {
        const rec_group *a = &want->g[i], *b = &got->g[i];
        if (a->band1 != b->band1 || a->band2 != b->band2 || a->local_rank != b->local_rank ||
            memcmp(a->pair, b->pair, 54) || a->autos != b->autos || a->completions != b->completions ||
            a->nband3 != b->nband3)
            fail_msg("band %d, group %zu (local rank %llu): band2 %d/%d, autos %d/%d, completions %d/%d, "
                     "items %d/%d, pair %s",
                     band, i, (unsigned long long)a->local_rank, a->band2, b->band2, a->autos, b->autos,
                     a->completions, b->completions, a->nband3, b->nband3,
                     memcmp(a->pair, b->pair, 54) ? "differs" : "same");
        for (int k = 0; k < a->nband3; k++)
            if (memcmp(a->band3 + 27 * k, b->band3 + 27 * k, 27))
                fail_msg("band %d, local rank %llu: band 3 %d of %d differs", band,
                         (unsigned long long)a->local_rank, k, a->nband3);
    }
}

static uint64_t compare_window(bandpair_ctx *ctx, int band, uint64_t first, uint64_t last, bool with_band3)
{
    rec_list want = {0}, got = {0};
    uint64_t ref_leaves = 0;
    assert_true(ref_enumerate(band, first, last, with_band3, record, &want, &ref_leaves));
    bandpair_stats st;
    memset(&st, 0, sizeof st);
    assert_int_equal(bandpair_enumerate(ctx, band, first, last, with_band3, record, &got, &st), MC_OK);
    same_groups(&want, &got, band);
    assert_int_equal(st.pairs, got.n);
    assert_int_equal(st.items, got.items);
    if (last == 0) assert_int_equal(st.leaves, ref_leaves); /* whole band: every leaf visited */
    assert_true(want.n > 0);
    uint64_t n = want.n;
    rec_free(&want);
    rec_free(&got);
    return n;
}

static void test_windows(void **state)
{
    (void)state;
    static const struct {
        int band;
        uint64_t first, last;
    } w[] = {{1, 1, 3000},      {1, 40001, 41500}, {2, 1, 2000}, {16, 50001, 51500}, {104, 1, 1500},
             {408, 1, 2000},    {414, 1, 0},       {415, 1, 0},  {416, 1, 0}};
    bandpair_ctx *ctx;
    assert_int_equal(bandpair_ctx_new(&ctx), MC_OK);
    for (size_t i = 0; i < sizeof w / sizeof w[0]; i++) {
        uint64_t n = compare_window(ctx, w[i].band, w[i].first, w[i].last, true);
        if (w[i].last) assert_int_equal(n, w[i].last - w[i].first + 1);
    }
    bandpair_ctx_free(ctx);
}

static void test_whole_bands_pairs(void **state)
{
    (void)state;
    bandpair_ctx *ctx;
    assert_int_equal(bandpair_ctx_new(&ctx), MC_OK);
    assert_int_equal(compare_window(ctx, 1, 1, 0, false), 54496);
    assert_int_equal(compare_window(ctx, 416, 1, 0, false), 133);
    bandpair_ctx_free(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_windows),
        cmocka_unit_test(test_whole_bands_pairs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
