/* test_bandpair_totals_slow — the totals oracle of test_bandpair_totals on
 * more band-1 indices, and catalogue ranks for every grid they cover.
 * ctest-labels: slow
 * ctest-timeout: 7200
 *
 * What is proven (bandpair_totals.h): for each band-1 index b of 411..416
 * (10,530 + 15,716 + 931 + 2,554 + 340 + 133 groups, all of them), the items
 * of the groups of b are exactly one per orbit of Aut(G) on the slots of G
 * whose pair has smaller index b, over the ES grids G having such a slot
 * (built without bandpair.c), and their number equals the total derived
 * from those grids. Every grid of S_416, every 10th of S_415 and every
 * 100th of the others has a catalogue rank (gridrank_rank, shipped counts)
 * that unranks back to it (about 17 ms a grid). Reference run: items
 * 10,160 / 29,859 / 182,384 / 118,101 / 1,169,632 / 365,580 for 416..411
 * (1,875,716 in all; 416-414 agree with scripts/bandpair-count-all), the
 * oracle sets 9,976 / 28,869 / 167,613 / 82,803 / 829,418 / 362,852 ES
 * grids; about 8 minutes of CPU time.
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

static void test_totals_bands_411_416(void **state)
{
    (void)state;
    bandpair_ctx *ctx;
    assert_int_equal(bandpair_ctx_new(&ctx), MC_OK);
    gridrank *gr;
    mc_error err;
    assert_int_equal(gridrank_open(TOT_COUNTS_GZ, &gr, &err), MC_OK);
    for (int b = 416; b >= 411; b--) tot_run_band(ctx, gr, b, b == 416 ? 1 : b == 415 ? 10 : 100);
    gridrank_free(gr);
    bandpair_ctx_free(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_totals_bands_411_416),
    };
    int r = cmocka_run_group_tests(tests, NULL, NULL);
    bandpair_ctx_free(bpc_ctx);
    return r;
}
