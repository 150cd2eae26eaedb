/* seventeen_group.h — the band-pair group that covers the first puzzle of
 * tests/data/seventeen.txt, computed from the puzzle alone (for
 * test_source_bandpairs and test_source_bandpairs_slow).
 *
 * The puzzle P is solved (grid G); bandpair_cover(G, P) gives its covering
 * item (pair, band 3) and band 1 index; the group's local rank is found by
 * enumerating that band 1 without band 3s and comparing pairs; the group is
 * enumerated again with its band 3s and packed (bandpair_unit.h); the item
 * whose band 3 is the covering one is located; P is mapped into the item's
 * cells through the minlex forms of G and of the item grid (puzzle_key_map:
 * G has no automorphism, checked, so the map is unique).
 */
#ifndef MC_TEST_SEVENTEEN_GROUP_H
#define MC_TEST_SEVENTEEN_GROUP_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bandpair.h"
#include "bandpair_rank.h"
#include "bandpair_unit.h"
#include "canon.h"
#include "grid.h"
#include "puzzle_key.h"
#include "solver.h"
#include "transform.h"

typedef struct seventeen_group {
    uint8_t p[81], g[81]; /* the puzzle and its grid, as in the file */
    uint64_t rank;        /* global rank of the covering group */
    uint8_t *unit;        /* the group, packed (BANDPAIR_UNIT_BYTES, malloc'd) */
    int item;             /* the covering item's index in the group */
    uint8_t x[81];        /* its grid */
    uint8_t q[81];        /* P in the item's cells */
} seventeen_group;

typedef struct sg_find {
    const uint8_t *pair;
    bandpair_group g;
    uint8_t band3[BANDPAIR_MAX_ITEMS * 27];
    bool found;
} sg_find;

static int sg_find_group(void *arg, const bandpair_group *g)
{
    sg_find *f = arg;
    if (memcmp(g->pair, f->pair, 54)) return 0;
    f->g = *g;
    assert_true(g->nband3 <= BANDPAIR_MAX_ITEMS);
    memcpy(f->band3, g->band3, (size_t)g->nband3 * 27);
    f->g.band3 = f->band3;
    f->found = true;
    return 1;
}

static void seventeen_group_find(seventeen_group *sg)
{
    memset(sg, 0, sizeof *sg);
    FILE *fp = fopen(MC_TEST_DATA "/seventeen.txt", "r");
    assert_non_null(fp);
    char line[512];
    while (fgets(line, sizeof line, fp) && line[0] == '#') continue;
    fclose(fp);
    for (int c = 0; c < 81; c++) sg->p[c] = line[c] == '.' ? CELL_EMPTY : (uint8_t)(line[c] - '1');
    solver_ctx *sv = solver_new(geometry_9x9());
    solver_result r;
    assert_int_equal(solver_count(sv, sg->p, 2, &r), 1);
    memcpy(sg->g, r.sol[0], 81);
    solver_free(sv);

    bandpair_ctx *ctx;
    assert_int_equal(bandpair_ctx_new(&ctx), MC_OK);
    int slot, band1;
    uint8_t pair[54], band3[27];
    bandpair_cover(ctx, sg->g, sg->p, &slot, pair, band3, &band1);
    sg_find *f = calloc(1, sizeof *f);
    assert_non_null(f);
    f->pair = pair;
    assert_int_equal(bandpair_enumerate(ctx, band1, 1, 0, false, sg_find_group, f, NULL), MC_OK);
    assert_true(f->found);
    uint64_t local = f->g.local_rank;
    sg->rank = bandpair_rank_join(band1, local);
    f->found = false;
    assert_int_equal(bandpair_enumerate(ctx, band1, local, local, true, sg_find_group, f, NULL), MC_OK);
    assert_true(f->found);
    sg->unit = malloc(BANDPAIR_UNIT_BYTES);
    assert_non_null(sg->unit);
    assert_true(bandpair_unit_pack(&f->g, sg->unit));
    sg->item = -1;
    for (int i = 0; i < bandpair_unit_nitems(sg->unit); i++)
        if (!memcmp(bandpair_unit_band3(sg->unit) + 27 * i, band3, 27)) sg->item = i;
    assert_true(sg->item >= 0);
    free(f);
    bandpair_ctx_free(ctx);

    bandpair_unit_item(sg->unit, sg->item, sg->x);
    cs81 q;
    assert_true(puzzle_key_map(sg->g, sg->x, puzzle_key_cells(sg->p), &q));
    for (int c = 0; c < 81; c++) sg->q[c] = cs81_has(q, c) ? sg->x[c] : CELL_EMPTY;
}

static void seventeen_group_free(seventeen_group *sg) { free(sg->unit); }

#endif
