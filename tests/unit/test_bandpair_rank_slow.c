/* test_bandpair_rank_slow — every band's group count in the rank table,
 * recounted with bandpair_enumerate (groups only; about 5 CPU minutes).
 * ctest-labels: slow
 * ctest-timeout: 3600
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "bandpair.h"
#include "bandpair_rank.h"

static void test_recount_all(void **state)
{
    (void)state;
    bandpair_ctx *ctx;
    assert_int_equal(bandpair_ctx_new(&ctx), MC_OK);
    uint64_t total = 0;
    for (int b = 1; b <= BAND_COUNT; b++) {
        bandpair_stats st = {0};
        assert_int_equal(bandpair_enumerate(ctx, b, 1, 0, false, NULL, NULL, &st), MC_OK);
        if (st.pairs != bandpair_rank_band_count(b))
            fail_msg("band %d: %llu groups counted, table %llu", b, (unsigned long long)st.pairs,
                     (unsigned long long)bandpair_rank_band_count(b));
        total += st.pairs;
    }
    assert_int_equal(total, BANDPAIR_RANK_TOTAL);
    bandpair_ctx_free(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_recount_all)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
