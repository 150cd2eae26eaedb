/* test_band_group — the band engine's group mode (band_engine_run_group)
 * against the complete list, item by item.
 *
 * ctest-labels: unit
 * ctest-timeout: 900
 *
 * For grids G of tests/data/seventeen-grids.txt (no automorphisms, every
 * known 17 of G listed: band_control.h), the 6 items of G (bandpair_locate
 * of G oriented on each slot) are run as one-item groups. Oracle: the known
 * 17s P of G with bandpair_cover(G, P) = that item. Each reported puzzle Q
 * of an item grid I is checked unique and minimal with the plain solver and
 * mapped back to G through the transform I -> G (puzzle_key_map; unique:
 * G has no automorphism); the mapped sets must be
 * exactly the oracle's. K = 17 on grid 1's slot 5 (the item that covers
 * its known 17) and slot 0 (an item that covers none; the other four take
 * 6-21 s each and are left to the band-pair range tests), K = 16 (nothing)
 * on slot 0.
 */
#include "band_control.h"

#include "bandpair.h"
#include "puzzle_key.h"

typedef struct item_found {
    const uint8_t *grid; /* the item grid */
    cs81 set[CTRL_MAXP];
    int n, bad;
    solver_ctx *solver;
} item_found;

static void on_item(void *arg, int item, const uint8_t *pz, int n)
{
    item_found *f = arg;
    cs81 s = cs81_empty();
    if (item != 0) f->bad++;
    for (int c = 0; c < 81; c++)
        if (pz[c] != CELL_EMPTY) {
            cs81_add(&s, c);
            if (pz[c] != f->grid[c]) f->bad++;
        }
    if (cs81_count(s) != n || !minimal_unique(f->solver, geometry_9x9(), f->grid, s)) f->bad++;
    if (f->n < CTRL_MAXP) f->set[f->n] = s;
    f->n++;
}

static void check_grid(int gi, int clues, unsigned slots)
{
    const ctrl_grid *cg = &ctrl[gi];
    solver_ctx *s = solver_new(geometry_9x9());
    bandpair_ctx *bp;
    assert_int_equal(bandpair_ctx_new(&bp), MC_OK);
    band_options o;
    band_options_default(&o, clues);
    band_engine *e = band_engine_new(&o);
    assert_non_null(e);
    for (int slot = 0; slot < 6; slot++) {
        if (!((slots >> slot) & 1)) continue;
        uint8_t x[81], item[81], ib3[27];
        int b1;
        bandpair_orient(cg->grid, slot, x);
        bandpair_locate(bp, x, item, ib3, &b1);
        memcpy(item + 54, ib3, 27);
        /* the oracle: known puzzles of G covered by this item */
        cs81 want[CTRL_MAXP];
        int nwant = 0;
        for (int k = 0; k < cg->npuzzles && clues >= 17; k++) {
            uint8_t pz[81], cp[54], cb[27];
            int cs, cb1;
            for (int c = 0; c < 81; c++) pz[c] = cs81_has(cg->puzzle[k], c) ? cg->grid[c] : CELL_EMPTY;
            bandpair_cover(bp, cg->grid, pz, &cs, cp, cb, &cb1);
            if (cb1 == b1 && !memcmp(cp, item, 54) && !memcmp(cb, ib3, 27)) want[nwant++] = cg->puzzle[k];
        }
        item_found f = {.grid = item, .solver = s};
        band_record r;
        assert_int_equal(band_engine_run_group(e, item, ib3, 1, &r, on_item, &f), MC_OK);
        print_message("grid %d slot %d: K = %d: %d puzzles (%d expected), %llu pairs, %llu two-band, %.1f s\n", gi + 1,
                      slot, clues, f.n, nwant, (unsigned long long)r.pairs, (unsigned long long)r.two_band_pass,
                      r.seconds_total);
        assert_int_equal(f.bad, 0);
        assert_int_equal((int)r.puzzles, f.n);
        /* back to G's cells */
        cs81 got[CTRL_MAXP];
        for (int k = 0; k < f.n && k < CTRL_MAXP; k++) assert_true(puzzle_key_map(item, cg->grid, f.set[k], &got[k]));
        for (int a = 0; a < f.n; a++)
            for (int b = a + 1; b < f.n; b++) assert_false(cs81_eq(got[a], got[b]));
        assert_true(same_sets(got, f.n, want, nwant));
    }
    band_engine_free(e);
    bandpair_ctx_free(bp);
    solver_free(s);
}

static void test_k17_grid1(void **state)
{
    (void)state;
    check_grid(0, 17, 1u << 0 | 1u << 5);
}

static void test_k16_grid1(void **state)
{
    (void)state;
    (void)ctrl_run; /* band_control.h's grid-mode runner: not needed here */
    check_grid(0, 16, 1u << 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_k16_grid1),
        cmocka_unit_test(test_k17_grid1),
    };
    return cmocka_run_group_tests(tests, ctrl_setup, ctrl_teardown);
}
