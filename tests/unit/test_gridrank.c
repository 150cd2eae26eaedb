/* test_gridrank — ranks and unranks of 9x9 grids.
 *
 * Oracles: the published per-band counts (tests/data/es-grids-per-band.txt,
 * Russell & Jarvis 2006) for every band's count and first rank, read
 * through the shipped counts file grids/counts.txt.gz; and the enumeration
 * itself (catalogue order is enumeration order, by definition) for the
 * rank and unrank of every grid of the five smallest non-empty bands. Bad
 * input: rank 0 or past the end, a grid that is not minlex, a cache line
 * that does not parse and a band total that is not the published one
 * (named by file and line). The published table built in equals the data
 * file.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "band.h"
#include "enumerate.h"
#include "gridrank.h"

#define COUNTS_GZ MC_TEST_DATA "/../../grids/counts.txt.gz"

static uint64_t published[BAND_COUNT + 1];

static void read_published(void)
{
    FILE *f = fopen(MC_TEST_DATA "/es-grids-per-band.txt", "r");
    assert_non_null(f);
    char line[256];
    int n = 0;
    while (fgets(line, sizeof line, f)) {
        int b;
        unsigned long long c;
        if (line[0] == '#' || sscanf(line, "%d %llu", &b, &c) != 2) continue;
        assert_true(b >= 1 && b <= BAND_COUNT);
        published[b] = c;
        n++;
    }
    fclose(f);
    assert_int_equal(n, BAND_COUNT);
}

static void test_counts_and_first_ranks(void **state)
{
    (void)state;
    read_published();
    gridrank *gr;
    mc_error err;
    assert_int_equal(gridrank_open(COUNTS_GZ, &gr, &err), MC_OK);
    uint64_t sum = 0;
    for (int b = 1; b <= BAND_COUNT; b++) {
        uint64_t c, first;
        assert_int_equal(gridrank_band_count(gr, b, &c, &err), MC_OK);
        if (c != published[b]) fail_msg("band %d: %llu grids, published %llu", b, (unsigned long long)c,
                                        (unsigned long long)published[b]);
        assert_int_equal(gridrank_band_first(gr, b, &first, &err), MC_OK);
        assert_true(first == sum + 1);
        sum += c;
    }
    assert_true(sum == GRIDRANK_PUBLISHED_TOTAL);
    gridrank_free(gr);
}

typedef struct grid_list {
    uint8_t g[64][81];
    int n;
} grid_list;

static int collect(void *arg, const uint8_t *g)
{
    grid_list *l = arg;
    if (l->n == 64) return 1;
    memcpy(l->g[l->n++], g, 81);
    return 0;
}

static void test_rank_unrank_small_bands(void **state)
{
    (void)state;
    read_published();
    static const int bands[] = {401, 416, 393, 411, 405}; /* 1, 1, 2, 3, 4 grids */
    gridrank *gr;
    mc_error err;
    assert_int_equal(gridrank_open(COUNTS_GZ, &gr, &err), MC_OK);
    for (size_t k = 0; k < sizeof bands / sizeof bands[0]; k++) {
        static grid_list l;
        l.n = 0;
        uint64_t n;
        assert_int_equal(enumerate_band(bands[k], collect, &l, &n), MC_OK);
        assert_true(n == published[bands[k]] && (uint64_t)l.n == n);
        uint64_t first;
        assert_int_equal(gridrank_band_first(gr, bands[k], &first, &err), MC_OK);
        for (int i = 0; i < l.n; i++) {
            uint64_t rank;
            uint8_t back[81];
            assert_int_equal(gridrank_rank(gr, l.g[i], &rank, &err), MC_OK);
            assert_true(rank == first + (uint64_t)i);
            assert_int_equal(gridrank_unrank(gr, rank, back, &err), MC_OK);
            assert_memory_equal(back, l.g[i], 81);
        }
    }
    /* the last grid of the catalogue is band 416's only grid */
    uint8_t last[81];
    assert_int_equal(gridrank_unrank(gr, GRIDRANK_PUBLISHED_TOTAL, last, &err), MC_OK);
    static grid_list l416;
    l416.n = 0;
    assert_int_equal(enumerate_band(416, collect, &l416, NULL), MC_OK);
    assert_memory_equal(last, l416.g[0], 81);
    gridrank_free(gr);
}

static void test_in_memory_count(void **state)
{
    (void)state;
    read_published();
    gridrank *gr;
    mc_error err;
    assert_int_equal(gridrank_open(NULL, &gr, &err), MC_OK); /* nothing known: enumerates the band */
    uint64_t c;
    assert_int_equal(gridrank_band_count(gr, 405, &c, &err), MC_OK);
    assert_true(c == published[405]);
    gridrank_free(gr);
}

/* The table built in (progress totals, the check of a cache's band lines)
 * is the published one; bands 1..b-1 of it place every rank. */
static void test_published_table(void **state)
{
    (void)state;
    read_published();
    uint64_t sum = 0;
    for (int b = 1; b <= BAND_COUNT; b++) {
        if (gridrank_published_count(b) != published[b])
            fail_msg("band %d: table %llu, published %llu", b, (unsigned long long)gridrank_published_count(b),
                     (unsigned long long)published[b]);
        if (published[b]) {
            assert_int_equal(gridrank_published_band(sum + 1), b);
            assert_int_equal(gridrank_published_band(sum + published[b]), b);
        }
        sum += published[b];
    }
    assert_true(sum == GRIDRANK_PUBLISHED_TOTAL);
    assert_true(gridrank_published_count(0) == 0 && gridrank_published_count(BAND_COUNT + 1) == 0);
    assert_int_equal(gridrank_published_band(0), 0);
    assert_int_equal(gridrank_published_band(GRIDRANK_PUBLISHED_TOTAL + 1), 0);
    /* grids to count: the unknown bands only */
    gridrank *gr;
    mc_error err;
    assert_int_equal(gridrank_open(NULL, &gr, &err), MC_OK);
    assert_true(gridrank_grids_to_count(gr, 400, 416) == sum - gridrank_grids_to_count(gr, 1, 399));
    uint64_t c;
    assert_int_equal(gridrank_band_count(gr, 405, &c, &err), MC_OK);
    uint64_t want = 0;
    for (int b = 400; b <= 416; b++) want += b == 405 ? 0 : published[b];
    assert_true(gridrank_grids_to_count(gr, 400, 416) == want);
    gridrank_free(gr);
}

static void test_errors(void **state)
{
    (void)state;
    gridrank *gr;
    mc_error err;
    uint8_t g[81];
    uint64_t rank;
    assert_int_equal(gridrank_open(COUNTS_GZ, &gr, &err), MC_OK);
    assert_int_equal(gridrank_unrank(gr, 0, g, &err), MC_EINVAL);
    assert_int_equal(gridrank_unrank(gr, GRIDRANK_PUBLISHED_TOTAL + 1, g, &err), MC_EINVAL);
    assert_int_equal(gridrank_unrank(gr, 1, g, &err), MC_OK);
    /* relabel digits 0 and 1 of the first grid: no longer minlex */
    for (int c = 0; c < 81; c++) g[c] = g[c] == 0 ? 1 : g[c] == 1 ? 0 : g[c];
    assert_int_equal(gridrank_rank(gr, g, &rank, &err), MC_EINVAL);
    gridrank_free(gr);

    char path[] = "/tmp/test_gridrank_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs("# a comment\nband 416 one\n", f);
    fclose(f);
    gr = NULL;
    mc_status st = gridrank_open(path, &gr, &err);
    assert_int_equal(st, MC_ECORRUPT);
    char where[160];
    snprintf(where, sizeof where, "%s:2:", path);
    assert_non_null(strstr(err.msg, where));
    /* a band total that is not the published count */
    f = fopen(path, "w");
    fputs("row4 416 123456789 2\nband 416 2\n", f);
    fclose(f);
    assert_int_equal(gridrank_open(path, &gr, &err), MC_ECORRUPT);
    snprintf(where, sizeof where, "%s:2: band 416: 2 grids, but the published count is 1", path);
    assert_non_null(strstr(err.msg, where));
    unlink(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_counts_and_first_ranks),
        cmocka_unit_test(test_rank_unrank_small_bands),
        cmocka_unit_test(test_in_memory_count),
        cmocka_unit_test(test_published_table),
        cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
