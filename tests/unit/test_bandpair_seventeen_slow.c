/* test_bandpair_seventeen_slow — every line of
 * tests/data/seventeen-cover.txt.gz recomputed.
 * ctest-labels: slow
 * ctest-timeout: 7200
 *
 * The 49,158 covers are recomputed from the puzzles alone (solver,
 * bandpair_cover) and their group ranks by one enumeration of the pairs of
 * each band 1 present (cov17_rank, without band 3s): slot, band indices,
 * local and global ranks must equal the file's. Every covering pair must be
 * a group. Minutes of CPU time (about as long as counting all groups).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "seventeen_cover_load.h"

static void test_cover_all(void **state)
{
    (void)state;
    static s17_data d;
    s17_load(&d);
    bandpair_ctx *ctx;
    assert_int_equal(bandpair_ctx_new(&ctx), MC_OK);
    solver_ctx *sv = solver_new(geometry_9x9());
    assert_non_null(sv);
    cov17 *again = malloc(d.cover.n * sizeof *again);
    assert_non_null(again);
    size_t bad = 0;
    for (size_t i = 0; i < d.cover.n; i++)
        if (!s17_recover(ctx, sv, &d.cover.r[i], &again[i]) && bad++ < 5)
            printf("line %zu: cover differs\n", i + 1);
    assert_int_equal(bad, 0);
    assert_int_equal(cov17_rank(ctx, again, d.cover.n, d.before, NULL), 0);
    for (size_t i = 0; i < d.cover.n; i++)
        if ((again[i].local != d.cover.r[i].local || again[i].global != d.cover.r[i].global) && bad++ < 5)
            printf("line %zu: rank %llu, recomputed %llu\n", i + 1, (unsigned long long)d.cover.r[i].global,
                   (unsigned long long)again[i].global);
    assert_int_equal(bad, 0);
    free(again);
    solver_free(sv);
    bandpair_ctx_free(ctx);
    s17_free(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cover_all),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
