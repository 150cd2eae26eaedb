/* test_source_bandpairs_slow — the positive control of a bandpairs job:
 * the group covering the first puzzle P of tests/data/seventeen.txt
 * (seventeen_group.h: its rank, its record and P in its item's cells,
 * computed from P alone) read through the job source and run through the
 * job's band engine in group mode with K = 17 must report P (in its covering
 * item's cells, exactly); every reported puzzle passes
 * job_check_group_puzzle (unique, an item grid's, minimal, covered by its
 * item). With K = 16 nothing is reported (the 17-clue list is complete: no
 * 16). A group of 26 items: minutes of CPU per K.
 * ctest-labels: slow
 * ctest-timeout: 7200
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "engine.h"
#include "job.h"
#include "job_result.h"
#include "job_verify.h"
#include "source.h"
#include "seventeen_group.h"

static void run_group(const seventeen_group *sg, int clues, job_result *res)
{
    char text[256];
    snprintf(text, sizeof text, "source = bandpairs\nranks = %llu\nclues = %d\nchunk = 1\nengine = band\noutput = o\n",
             (unsigned long long)sg->rank, clues);
    job j;
    mc_error err;
    assert_int_equal(job_parse("/tmp/t.job", text, &j, &err), MC_OK);
    assert_int_equal(job_resolve(&j, &err), MC_OK);
    uint8_t *u = malloc(job_unit_bytes(&j));
    assert_non_null(u);
    job_source *src;
    assert_int_equal(job_source_open(&j, &src, &err), MC_OK);
    assert_int_equal(job_source_read(src, sg->rank, 1, u, &err), MC_OK);
    job_source_close(src);
    assert_memory_equal(u, sg->unit, BANDPAIR_UNIT_BYTES);
    job_engine *e;
    assert_int_equal(job_engine_new(&j, &e, &err), MC_OK);
    memset(res, 0, sizeof *res);
    assert_int_equal(job_engine_run(e, u, sg->rank, 1, res, NULL, &err), MC_OK);
    job_engine_free(e);
    printf("K = %d: group %llu (%d items): %zu puzzles, %.1f s\n", clues, (unsigned long long)sg->rank,
           bandpair_unit_nitems(u), res->nfound, res->seconds);
    solver_ctx *sv = solver_new(geometry_9x9());
    bandpair_ctx *bp;
    assert_int_equal(bandpair_ctx_new(&bp), MC_OK);
    for (size_t i = 0; i < res->nfound; i++) {
        assert_int_equal(res->found[i].rank, sg->rank);
        if (job_check_group_puzzle(sv, bp, u, res->found[i].cell, clues, &err) != MC_OK)
            fail_msg("puzzle %zu: %s", i, err.msg);
    }
    bandpair_ctx_free(bp);
    solver_free(sv);
    free(u);
    job_free(&j);
}

static void test_k17(void **state)
{
    (void)state;
    seventeen_group sg;
    seventeen_group_find(&sg);
    job_result res;
    run_group(&sg, 17, &res);
    bool seen = false;
    for (size_t i = 0; i < res.nfound; i++) seen |= !memcmp(res.found[i].cell, sg.q, 81);
    assert_true(seen);
    job_result_free(&res);
    run_group(&sg, 16, &res);
    assert_int_equal(res.nfound, 0);
    job_result_free(&res);
    seventeen_group_free(&sg);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_k17)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
