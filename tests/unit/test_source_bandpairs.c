/* test_source_bandpairs — the bandpairs job source: units, ranks, errors,
 * and the check of a puzzle reported for a group.
 * ctest-labels: unit
 * ctest-timeout: 300
 *
 * Oracles: bandpair_enumerate called directly (band 1's group count
 * recounted, not taken from the rank table) for the units read through
 * job_source across the band 1 / band 2 boundary and after a restart of the
 * feed, and read backwards; the record layout of bandpair_unit.h checked
 * byte by byte; job_checksum_units against FNV-1a over the whole records; the first
 * puzzle of tests/data/seventeen.txt (solved, covered with bandpair_cover,
 * its group found by enumerating its band 1 and comparing pairs) gives the
 * rank RANK17 that test_source_bandpairs_slow scans with K = 17, and a
 * puzzle in that group's coordinates (through the minlex forms of the two
 * grids) for job_check_group_puzzle.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bandpair.h"
#include "bandpair_rank.h"
#include "bandpair_unit.h"
#include "canon.h"
#include "grid.h"
#include "job.h"
#include "job_verify.h"
#include "solver.h"
#include "source.h"
#include "transform.h"
#include "seventeen_group.h"

/* The global rank of the group covering the first puzzle of seventeen.txt
 * (band 1 index 130, local rank 1,289,016; 26 items), recomputed in
 * test_rank17 (seventeen_group.h). */
#define RANK17 UINT64_C(500529974)

static mc_status parse(const char *text, job *j, mc_error *err) { return job_parse("/tmp/t.job", text, j, err); }

static void expect_error(const char *text, const char *what)
{
    job j;
    mc_error err;
    mc_status st = parse(text, &j, &err);
    if (st == MC_OK) {
        st = job_resolve(&j, &err);
        job_free(&j);
    }
    if (st == MC_OK || !strstr(err.msg, what))
        fail_msg("job text:\n%s\ngave '%s'; expected '%s'", text, st ? err.msg : "OK", what);
}

/* Groups collected from bandpair_enumerate. */
typedef struct collect {
    bandpair_group g[8];
    uint8_t band3[8][BANDPAIR_MAX_ITEMS * 27];
    int n;
} collect;

static int collect_group(void *arg, const bandpair_group *g)
{
    collect *c = arg;
    assert_true(c->n < 8);
    assert_true(g->nband3 <= BANDPAIR_MAX_ITEMS);
    c->g[c->n] = *g;
    memcpy(c->band3[c->n], g->band3, (size_t)g->nband3 * 27);
    c->g[c->n].band3 = c->band3[c->n];
    c->n++;
    return 0;
}

/* u against g, byte by byte as bandpair_unit.h lays it out. */
static void check_unit(const uint8_t *u, const bandpair_group *g)
{
    assert_int_equal(u[0] | u[1] << 8, g->band1);
    assert_int_equal(u[2] | u[3] << 8, g->nband3);
    assert_int_equal((uint64_t)u[4] | (uint64_t)u[5] << 8 | (uint64_t)u[6] << 16 | (uint64_t)u[7] << 24, g->local_rank);
    assert_memory_equal(u + 8, g->pair, 54);
    assert_memory_equal(u + 62, g->band3, (size_t)g->nband3 * 27);
    for (size_t k = 62 + (size_t)g->nband3 * 27; k < BANDPAIR_UNIT_BYTES; k++) assert_int_equal(u[k], 0);
}

/* bandpair_unit_pack_over over a slot that held a larger, then a smaller
 * group, and bandpair_unit_copy into a dirty buffer, against
 * bandpair_unit_pack into a fresh buffer (the twin), byte by byte. */
static void check_pack_over(const collect *c)
{
    int big = 0, small = 0;
    for (int i = 1; i < c->n; i++) {
        if (c->g[i].nband3 > c->g[big].nband3) big = i;
        if (c->g[i].nband3 < c->g[small].nband3) small = i;
    }
    assert_true(c->g[big].nband3 > c->g[small].nband3);
    uint8_t *want = malloc(BANDPAIR_UNIT_BYTES), *slot = calloc(1, BANDPAIR_UNIT_BYTES),
            *dst = malloc(BANDPAIR_UNIT_BYTES);
    assert_true(want && slot && dst);
    const int order[4] = {big, small, big, big};
    for (int k = 0; k < 4; k++) {
        const bandpair_group *g = &c->g[order[k]];
        assert_true(bandpair_unit_pack(g, want));
        assert_true(bandpair_unit_pack_over(g, slot));
        assert_memory_equal(slot, want, BANDPAIR_UNIT_BYTES);
        check_unit(slot, g);
        memset(dst, 0xA5, BANDPAIR_UNIT_BYTES);
        bandpair_unit_copy(dst, slot);
        assert_memory_equal(dst, want, BANDPAIR_UNIT_BYTES);
    }
    bandpair_group bad = c->g[big];
    bad.nband3 = BANDPAIR_MAX_ITEMS + 1;
    assert_false(bandpair_unit_pack_over(&bad, slot));
    memset(want, 0, BANDPAIR_UNIT_BYTES);
    assert_memory_equal(slot, want, BANDPAIR_UNIT_BYTES);
    free(want);
    free(slot);
    free(dst);
}

static void test_units_cross_band(void **state)
{
    (void)state;
    bandpair_ctx *ctx;
    assert_int_equal(bandpair_ctx_new(&ctx), MC_OK);
    bandpair_stats st = {0};
    assert_int_equal(bandpair_enumerate(ctx, 1, 1, 0, false, NULL, NULL, &st), MC_OK);
    const uint64_t n1 = st.pairs; /* groups of band 1 */
    collect *c = calloc(1, sizeof *c);
    assert_non_null(c);
    assert_int_equal(bandpair_enumerate(ctx, 1, n1 - 2, 0, true, collect_group, c, NULL), MC_OK);
    assert_int_equal(c->n, 3);
    assert_int_equal(bandpair_enumerate(ctx, 2, 1, 3, true, collect_group, c, NULL), MC_OK);
    assert_int_equal(c->n, 6);
    check_pack_over(c);

    char text[256];
    snprintf(text, sizeof text,
             "source = bandpairs\nranks = %llu-%llu\nclues = 17\nchunk = 2\nengine = none\noutput = o\n",
             (unsigned long long)(n1 - 2), (unsigned long long)(n1 + 3));
    job j;
    mc_error err;
    assert_int_equal(parse(text, &j, &err), MC_OK);
    assert_int_equal(job_resolve(&j, &err), MC_OK);
    assert_int_equal(j.geo->N, 9);
    assert_false(j.has_source_sum);
    assert_int_equal(job_total(&j), 6);
    assert_int_equal(job_unit_bytes(&j), BANDPAIR_UNIT_BYTES);
    uint8_t *buf = malloc(2 * BANDPAIR_UNIT_BYTES);
    assert_non_null(buf);
    job_source *src;
    assert_int_equal(job_source_open(&j, &src, &err), MC_OK);
    for (uint64_t i = 0; i < job_nchunks(&j); i += 2) { /* chunks 0 and 2: skipping works */
        uint64_t f, k;
        job_chunk_range(&j, i, &f, &k);
        assert_int_equal(k, 2);
        assert_int_equal(job_source_read(src, f, k, buf, &err), MC_OK);
        for (uint64_t m = 0; m < k; m++) check_unit(buf + m * BANDPAIR_UNIT_BYTES, &c->g[f - (n1 - 2) + m]);
    }
    /* the checksum of packed groups against its slow twin, FNV-1a over the
     * whole records (zero tails included); their tails are not read */
    const uint64_t sum = job_checksum_units(&j, buf, 2);
    assert_int_equal(sum, job_checksum_grids(buf, 2, BANDPAIR_UNIT_BYTES));
    for (int m = 0; m < 2; m++) {
        uint8_t *u = buf + m * BANDPAIR_UNIT_BYTES;
        size_t filled = BANDPAIR_UNIT_BAND3 + 27 * (size_t)bandpair_unit_nitems(u);
        memset(u + filled, 0xA5, BANDPAIR_UNIT_BYTES - filled);
    }
    assert_int_equal(job_checksum_units(&j, buf, 2), sum);
    assert_int_not_equal(job_checksum_grids(buf, 2, BANDPAIR_UNIT_BYTES), sum);
    /* a read before the previous one starts the feed anew (MPI workers
     * taking over another's chunks) */
    assert_int_equal(job_source_read(src, n1 - 2, 2, buf, &err), MC_OK);
    for (int m = 0; m < 2; m++) check_unit(buf + m * BANDPAIR_UNIT_BYTES, &c->g[m]);
    job_source_close(src);

    /* the whole catalogue; a jump of more than the restart gap: a new feed
     * at rank 200,000 */
    job_free(&j);
    assert_int_equal(parse("source = bandpairs\nclues = 17\nengine = none\noutput = o\n", &j, &err), MC_OK);
    assert_int_equal(job_resolve(&j, &err), MC_OK);
    assert_int_equal(job_total(&j), BANDPAIR_RANK_TOTAL);
    assert_int_equal(job_source_open(&j, &src, &err), MC_OK);
    c->n = 0;
    assert_int_equal(bandpair_enumerate(ctx, 1, 1, 1, true, collect_group, c, NULL), MC_OK);
    assert_int_equal(bandpair_enumerate(ctx, 2, 200000 - n1, 200000 - n1, true, collect_group, c, NULL), MC_OK);
    assert_int_equal(job_source_read(src, 1, 1, buf, &err), MC_OK);
    check_unit(buf, &c->g[0]);
    assert_int_equal(job_source_read(src, 200000, 1, buf, &err), MC_OK);
    check_unit(buf, &c->g[1]);
    job_source_close(src);
    job_free(&j);
    free(buf);
    free(c);
    bandpair_ctx_free(ctx);
}

static void test_errors(void **state)
{
    (void)state;
    expect_error("source = bandpairs\nranks = 983959110-983959111\nclues = 17\nengine = none\noutput = o\n",
                 "/tmp/t.job:2: ranks 983959110-983959111 are not all band-pair group ranks (1-983959110)");
    expect_error("source = bandpairs\nranks = 0-5\nclues = 17\nengine = none\noutput = o\n", "/tmp/t.job:2: ranks");
    expect_error("source = bandpairs\nranks = 1-5\nclues = 17\nengine = checker\noutput = o\n",
                 "/tmp/t.job:4: engine checker cannot take the band-pair groups of source bandpairs");
    expect_error("source = bandpairs\nranks = 1-5\nclues = 17\nengine = brute\noutput = o\n",
                 "/tmp/t.job:4: engine brute cannot take");
    { /* without an engine key a bandpairs job takes the band engine */
        job j;
        mc_error err;
        assert_int_equal(parse("source = bandpairs\nranks = 1-5\nclues = 17\noutput = o\n", &j, &err), MC_OK);
        assert_int_equal(job_resolve(&j, &err), MC_OK);
        assert_int_equal(j.engine, JOB_ENGINE_BAND);
        job_free(&j);
    }
    expect_error("source = bandpairs x.txt\nclues = 17\nengine = band\noutput = o\n",
                 "/tmp/t.job:1: source bandpairs takes no file");
    expect_error("source = bandpairs\nshape = 2x2\nclues = 3\nengine = band\noutput = o\n",
                 "/tmp/t.job:2: source bandpairs makes 9x9 grids");
    expect_error("source = bandpairs\nbands = 1-2\nclues = 17\nengine = band\noutput = o\n",
                 "/tmp/t.job:2: bands are for the enumerate source");
    expect_error("source = bandpairs\nclues = 17\nchunk = 100000\nengine = band\noutput = o\n",
                 "chunk 100000 is too large");
}

static void test_rank17(void **state)
{
    (void)state;
    seventeen_group sg;
    seventeen_group_find(&sg);
    if (sg.rank != RANK17)
        fail_msg("the first 17 of seventeen.txt is covered by group %llu (band %d, local %llu), not %llu",
                 (unsigned long long)sg.rank, bandpair_unit_band1(sg.unit),
                 (unsigned long long)bandpair_unit_local(sg.unit),
                 (unsigned long long)RANK17);
    bandpair_ctx *ctx;
    assert_int_equal(bandpair_ctx_new(&ctx), MC_OK);
    uint8_t *u = sg.unit, *q = sg.q, *x = sg.x;
    solver_ctx *sv = solver_new(geometry_9x9());
    mc_error err;
    assert_int_equal(job_check_group_puzzle(sv, ctx, u, q, 17, &err), MC_OK);
    /* K too small, a clue dropped, a clue added, another group */
    assert_int_equal(job_check_group_puzzle(sv, ctx, u, q, 16, &err), MC_EINVAL);
    assert_non_null(strstr(err.msg, "more than K"));
    uint8_t q2[81];
    memcpy(q2, q, 81);
    int c0 = 0;
    while (q2[c0] == CELL_EMPTY) c0++;
    q2[c0] = CELL_EMPTY;
    assert_int_equal(job_check_group_puzzle(sv, ctx, u, q2, 17, &err), MC_EINVAL);
    assert_non_null(strstr(err.msg, "more than one solution"));
    memcpy(q2, q, 81);
    c0 = 0;
    while (q2[c0] != CELL_EMPTY) c0++;
    q2[c0] = x[c0];
    assert_int_equal(job_check_group_puzzle(sv, ctx, u, q2, 18, &err), MC_EINVAL);
    assert_non_null(strstr(err.msg, "not minimal"));
    u[BANDPAIR_UNIT_PAIR + 30] ^= 1; /* the pair changed: no item grid is the solution */
    assert_int_equal(job_check_group_puzzle(sv, ctx, u, q, 17, &err), MC_EINVAL);
    assert_non_null(strstr(err.msg, "not an item grid"));
    solver_free(sv);
    seventeen_group_free(&sg);
    bandpair_ctx_free(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_units_cross_band),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_rank17),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
