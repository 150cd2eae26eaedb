/* test_catalogue — catalogue files: round trips, seeks, every kind of damage.
 * ctest-labels: unit
 * ctest-timeout: 300
 *
 * Grid lists come from a plain backtracking completer (lexicographic order,
 * so consecutive grids share prefixes like a real catalogue) and from
 * shuffled lists (out of order, exercising the raw records). Corruption:
 * truncation at many offsets, single byte flips everywhere in a small file,
 * a file of another format version. A damaged file must give MC_ECORRUPT
 * (or MC_EIO) and never a grid that differs from what was written.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include <cmocka.h>

#include "catalogue.h"
#include "grid.h"
#include "prng.h"

typedef struct glist {
    const geometry *geo;
    uint8_t *cells;
    size_t n, cap;
} glist;

static void glist_push(glist *l, const uint8_t *g)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 1024;
        l->cells = realloc(l->cells, l->cap * (size_t)l->geo->ncells);
        assert_non_null(l->cells);
    }
    memcpy(l->cells + l->n * (size_t)l->geo->ncells, g, (size_t)l->geo->ncells);
    l->n++;
}

/* Slow twin of a grid source: all completions of g's first `fixed` cells,
 * in lexicographic order, until `limit` grids. */
static void complete(glist *l, uint8_t *g, int cell, size_t limit)
{
    const geometry *geo = l->geo;
    if (l->n >= limit) return;
    if (cell == geo->ncells) {
        glist_push(l, g);
        return;
    }
    for (int d = 0; d < geo->N; d++) {
        bool ok = true;
        for (int k = 0; k < geo->npeers && ok; k++) {
            int q = geo->peer[cell][k];
            if (q < cell && g[q] == d) ok = false;
        }
        if (!ok) continue;
        g[cell] = (uint8_t)d;
        complete(l, g, cell + 1, limit);
    }
}

static glist make_sorted(const geometry *geo, int fixed, size_t limit)
{
    glist l = {.geo = geo};
    uint8_t g[MAX_CELLS];
    /* the first `fixed` cells of the lexicographically first grid */
    glist first = {.geo = geo};
    uint8_t h[MAX_CELLS];
    complete(&first, h, 0, 1);
    memcpy(g, first.cells, (size_t)fixed);
    free(first.cells);
    complete(&l, g, fixed, limit);
    return l;
}

static const char *tmp_path(char *buf, const char *tag)
{
    snprintf(buf, 256, "/tmp/test_catalogue_%ld_%s.cat", (long)getpid(), tag);
    return buf;
}

static void write_cat(const char *path, const glist *l, uint64_t first_rank)
{
    mc_error err;
    catalogue_writer *w;
    assert_int_equal(catalogue_create(path, l->geo, first_rank, &w, &err), MC_OK);
    for (size_t i = 0; i < l->n; i++) {
        mc_status st = catalogue_append(w, l->cells + i * (size_t)l->geo->ncells, &err);
        if (st) fprintf(stderr, "%s\n", err.msg);
        assert_int_equal(st, MC_OK);
    }
    assert_int_equal(catalogue_finish(w, &err), MC_OK);
}

static void read_back_all(const char *path, const glist *l, uint64_t first_rank)
{
    mc_error err;
    catalogue_reader *r;
    assert_int_equal(catalogue_open(path, &r, &err), MC_OK);
    assert_ptr_equal(catalogue_geometry(r), l->geo);
    assert_int_equal(catalogue_first_rank(r), first_rank);
    assert_int_equal(catalogue_count(r), l->n);
    uint8_t g[MAX_CELLS];
    uint64_t rank;
    for (size_t i = 0; i < l->n; i++) {
        assert_int_equal(catalogue_next(r, g, &rank, &err), MC_OK);
        assert_int_equal(rank, first_rank + i);
        assert_memory_equal(g, l->cells + i * (size_t)l->geo->ncells, (size_t)l->geo->ncells);
    }
    assert_int_equal(catalogue_next(r, g, &rank, &err), MC_EOF);
    catalogue_close(r);
}

static long file_size(const char *path)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fclose(f);
    return n;
}

static void test_round_trip_sorted(void **state)
{
    (void)state;
    char path[256];
    tmp_path(path, "sorted");
    /* 9x9: completions of the first band, 150,000 grids: three blocks */
    glist l = make_sorted(geometry_9x9(), 27, 150000);
    assert_int_equal(l.n, 150000);
    write_cat(path, &l, 1000);
    read_back_all(path, &l, 1000);
    long size = file_size(path);
    printf("9x9 lexicographic completions: %.2f bits per grid\n", 8.0 * (double)size / (double)l.n);

    /* random seeks and short runs */
    uint64_t seed = 20261121;
    prng rng;
    prng_seed(&rng, seed);
    mc_error err;
    catalogue_reader *r;
    assert_int_equal(catalogue_open(path, &r, &err), MC_OK);
    for (int t = 0; t < 200; t++) {
        uint64_t i = prng_below(&rng, l.n);
        uint64_t len = prng_below(&rng, 300);
        assert_int_equal(catalogue_seek(r, 1000 + i, &err), MC_OK);
        for (uint64_t k = i; k < i + len && k < l.n; k++) {
            uint8_t g[81];
            uint64_t rank;
            mc_status st = catalogue_next(r, g, &rank, &err);
            if (st != MC_OK || rank != 1000 + k || memcmp(g, l.cells + k * 81, 81) != 0)
                fail_msg("seek mismatch at rank %llu (seed %llu)", (unsigned long long)(1000 + k),
                         (unsigned long long)seed);
        }
    }
    /* seek to the end, then out of range */
    uint8_t g[81];
    assert_int_equal(catalogue_seek(r, 1000 + l.n, &err), MC_OK);
    assert_int_equal(catalogue_next(r, g, NULL, &err), MC_EOF);
    assert_int_equal(catalogue_seek(r, 999, &err), MC_EINVAL);
    assert_int_equal(catalogue_seek(r, 1001 + l.n, &err), MC_EINVAL);
    catalogue_close(r);
    remove(path);
    free(l.cells);
}

static void test_round_trip_shapes(void **state)
{
    (void)state;
    char path[256];
    tmp_path(path, "shapes");
    const int shapes[][3] = {{2, 2, 0}, {2, 3, 6}, {2, 4, 16}, {3, 4, 60}, {4, 4, 160}, {3, 2, 4}};
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        const geometry *geo = geometry_get(shapes[s][0], shapes[s][1]);
        assert_non_null(geo);
        glist l = make_sorted(geo, shapes[s][2], 5000);
        assert_true(l.n > 0);
        write_cat(path, &l, 1);
        read_back_all(path, &l, 1);
        free(l.cells);
    }
    /* all 288 4x4 grids */
    glist l = make_sorted(geometry_get(2, 2), 0, 100000);
    assert_int_equal(l.n, 288);
    write_cat(path, &l, 7);
    read_back_all(path, &l, 7);
    free(l.cells);
    remove(path);
}

static int cmp81(const void *a, const void *b) { return memcmp(a, b, 81); }

static void test_round_trip_unsorted(void **state)
{
    (void)state;
    char path[256];
    tmp_path(path, "unsorted");
    glist l = make_sorted(geometry_9x9(), 20, 70000);
    uint64_t seed = 77;
    prng rng;
    prng_seed(&rng, seed);
    /* shuffle the order of the grids, and repeat a few */
    for (size_t i = l.n - 1; i > 0; i--) {
        size_t j = prng_below(&rng, i + 1);
        uint8_t t[81];
        memcpy(t, l.cells + i * 81, 81);
        memcpy(l.cells + i * 81, l.cells + j * 81, 81);
        memcpy(l.cells + j * 81, t, 81);
    }
    memcpy(l.cells + 81, l.cells, 81);
    write_cat(path, &l, 1);
    read_back_all(path, &l, 1);
    /* sorted again, a sparse sample: short shared prefixes, many choices
     * (the chunked choice numbers) */
    glist sp = {.geo = l.geo};
    for (size_t i = 0; i < l.n; i += 7) glist_push(&sp, l.cells + i * 81);
    qsort(sp.cells, sp.n, 81, cmp81);
    write_cat(path, &sp, 1);
    read_back_all(path, &sp, 1);
    printf("sparse sorted sample: %.2f bits per grid\n", 8.0 * (double)file_size(path) / (double)sp.n);
    free(sp.cells);
    free(l.cells);

    /* an empty catalogue */
    glist e = {.geo = geometry_9x9()};
    write_cat(path, &e, 5);
    read_back_all(path, &e, 5);
    remove(path);
}

static void test_rebase(void **state)
{
    (void)state;
    char path[256];
    tmp_path(path, "rebase");
    glist l = make_sorted(geometry_9x9(), 27, 140000);
    write_cat(path, &l, 1);
    mc_error err;
    assert_int_equal(catalogue_rebase(path, UINT64_C(5000000000), &err), MC_OK);
    read_back_all(path, &l, UINT64_C(5000000000));
    catalogue_reader *r;
    assert_int_equal(catalogue_open(path, &r, &err), MC_OK);
    uint8_t g[81];
    uint64_t rank;
    assert_int_equal(catalogue_seek(r, UINT64_C(5000000000) + 70000, &err), MC_OK);
    assert_int_equal(catalogue_next(r, g, &rank, &err), MC_OK);
    assert_int_equal(rank, UINT64_C(5000070000));
    assert_memory_equal(g, l.cells + 70000 * 81, 81);
    catalogue_close(r);
    assert_int_equal(catalogue_rebase(path, 0, &err), MC_EINVAL);
    remove(path);
    free(l.cells);
}

static void test_rejects_invalid_grid(void **state)
{
    (void)state;
    char path[256];
    tmp_path(path, "invalid");
    mc_error err;
    catalogue_writer *w;
    assert_int_equal(catalogue_create(path, geometry_9x9(), 1, &w, &err), MC_OK);
    glist l = make_sorted(geometry_9x9(), 0, 1);
    uint8_t g[81];
    memcpy(g, l.cells, 81);
    g[80] = g[79];
    assert_int_equal(catalogue_append(w, g, &err), MC_EINVAL);
    catalogue_abort(w);
    assert_int_equal(access(path, F_OK), -1);
    free(l.cells);
}

/* Reads everything; returns MC_OK only when all grids came back intact.
 * Fails the test if any grid differs from the original. */
static mc_status read_damaged(const char *path, const glist *l, char *msg)
{
    mc_error err;
    catalogue_reader *r;
    msg[0] = 0;
    mc_status st = catalogue_open(path, &r, &err);
    if (st) {
        snprintf(msg, 512, "%s", err.msg);
        return st;
    }
    uint8_t g[81];
    uint64_t rank;
    size_t i = 0;
    for (;;) {
        st = catalogue_next(r, g, &rank, &err);
        if (st == MC_EOF) break;
        if (st) {
            snprintf(msg, 512, "%s", err.msg);
            break;
        }
        if (rank != 1 + i || i >= l->n || memcmp(g, l->cells + i * 81, 81) != 0)
            fail_msg("damaged file %s gave a wrong grid at rank %llu", path, (unsigned long long)rank);
        i++;
    }
    if (st == MC_EOF && i != l->n) fail_msg("damaged file gave %zu of %zu grids without error", i, l->n);
    catalogue_close(r);
    return st == MC_EOF ? MC_OK : st;
}

static uint8_t *slurp(const char *path, long *n)
{
    *n = file_size(path);
    size_t size = *n > 0 && *n < (1L << 30) ? (size_t)*n : 0;
    uint8_t *b = malloc(size + 1);
    FILE *f = fopen(path, "rb");
    assert_int_equal(fread(b, 1, size, f), (size_t)*n);
    fclose(f);
    return b;
}

static void spit(const char *path, const uint8_t *b, long n)
{
    FILE *f = fopen(path, "wb");
    assert_int_equal(fwrite(b, 1, (size_t)n, f), (size_t)n);
    fclose(f);
}

static void test_corruption(void **state)
{
    (void)state;
    char path[256], bad[256];
    tmp_path(path, "good");
    tmp_path(bad, "bad");
    glist l = make_sorted(geometry_9x9(), 27, 70000); /* two blocks */
    write_cat(path, &l, 1);
    long n;
    uint8_t *orig = slurp(path, &n);
    char msg[512];

    /* truncation at many offsets: always detected at open */
    int detected = 0, tried = 0;
    for (long cut = 0; cut < n; cut += (cut < 200 ? 1 : 97)) {
        spit(bad, orig, cut);
        mc_status st = read_damaged(bad, &l, msg);
        tried++;
        if (st == MC_ECORRUPT && strstr(msg, bad)) detected++;
        else fail_msg("truncation at %ld not reported as corrupt (status %d: %s)", cut, st, msg);
    }
    /* every byte of the header and of the index, and a sample of block bytes */
    uint64_t seed = 4242;
    prng rng;
    prng_seed(&rng, seed);
    uint8_t *copy = malloc(n > 0 ? (size_t)n : 1);
    long ixoff = n - 2 * 40;
    for (long pos = 0; pos < n; pos++) {
        bool header = pos < 64, index = pos >= ixoff;
        if (!header && !index && prng_below(&rng, 40) != 0) continue;
        memcpy(copy, orig, (size_t)n);
        copy[pos] ^= (uint8_t)(1u << prng_below(&rng, 8));
        spit(bad, copy, n);
        mc_status st = read_damaged(bad, &l, msg);
        tried++;
        if (st != MC_ECORRUPT || !strstr(msg, bad))
            fail_msg("flip at byte %ld (seed %llu) not reported as corrupt (status %d: %s)", pos,
                     (unsigned long long)seed, st, msg);
        if (!header && !index && !strstr(msg, "block"))
            fail_msg("flip at byte %ld: error does not name the block: %s", pos, msg);
        detected++;
    }
    /* another format version with a valid header CRC */
    memcpy(copy, orig, (size_t)n);
    copy[8] = 2;
    uint32_t crc = (uint32_t)crc32(0L, copy, 60);
    for (int i = 0; i < 4; i++) copy[60 + i] = (uint8_t)(crc >> (8 * i));
    spit(bad, copy, n);
    assert_int_equal(read_damaged(bad, &l, msg), MC_ECORRUPT);
    assert_non_null(strstr(msg, "version 2"));
    /* trailing junk */
    uint8_t *longer = malloc((size_t)n + 1);
    memcpy(longer, orig, (size_t)n);
    longer[n] = 0;
    spit(bad, longer, n + 1);
    assert_int_equal(read_damaged(bad, &l, msg), MC_ECORRUPT);
    /* a text file */
    spit(bad, (const uint8_t *)"123456789\n", 10);
    assert_int_equal(read_damaged(bad, &l, msg), MC_ECORRUPT);
    /* missing file */
    mc_error err;
    catalogue_reader *r;
    assert_int_equal(catalogue_open("/nonexistent/x.cat", &r, &err), MC_EIO);
    printf("%d of %d damaged files reported\n", detected, tried);
    free(longer);
    free(copy);
    free(orig);
    free(l.cells);
    remove(path);
    remove(bad);
}

static void put_le(uint8_t *p, uint64_t v, int bytes)
{
    for (int i = 0; i < bytes; i++) p[i] = (uint8_t)(v >> (8 * i));
}

static uint64_t get_le(const uint8_t *p, int bytes)
{
    uint64_t v = 0;
    for (int i = bytes - 1; i >= 0; i--) v = v << 8 | p[i];
    return v;
}

/* Ranks are 64-bit: a range first .. first+count-1 whose end (first+count)
 * does not fit is refused by rebase, by the writer and by the reader (a
 * header rewritten with consistent CRCs), never wrapped to an empty file. */
static void test_rank_overflow(void **state)
{
    (void)state;
    char path[256], bad[256];
    tmp_path(path, "overflow");
    tmp_path(bad, "overflow_bad");
    glist l = make_sorted(geometry_9x9(), 27, 100);
    assert_int_equal(l.n, 100);
    write_cat(path, &l, 1);
    mc_error err;
    assert_int_equal(catalogue_rebase(path, UINT64_C(18446744073709551600), &err), MC_EINVAL);
    assert_non_null(strstr(err.msg, path));
    assert_non_null(strstr(err.msg, "18446744073709551600"));
    assert_int_equal(catalogue_rebase(path, UINT64_MAX - 99, &err), MC_EINVAL);
    read_back_all(path, &l, 1); /* untouched */
    /* the highest range that fits: the last grid has rank 2^64 - 2 */
    assert_int_equal(catalogue_rebase(path, UINT64_MAX - 100, &err), MC_OK);
    read_back_all(path, &l, UINT64_MAX - 100);
    catalogue_reader *r;
    uint8_t g[81];
    uint64_t rank;
    assert_int_equal(catalogue_open(path, &r, &err), MC_OK);
    assert_int_equal(catalogue_seek(r, UINT64_MAX - 1, &err), MC_OK);
    assert_int_equal(catalogue_next(r, g, &rank, &err), MC_OK);
    assert_true(rank == UINT64_MAX - 1);
    assert_memory_equal(g, l.cells + 99 * 81, 81);
    assert_int_equal(catalogue_next(r, g, &rank, &err), MC_EOF);
    catalogue_close(r);

    /* a header that claims a wrapping range, its CRCs made consistent */
    long n;
    uint8_t *data = slurp(path, &n);
    uint64_t first = UINT64_MAX - 50;
    put_le(data + 16, first, 8);
    uint64_t ixoff = get_le(data + 40, 8);
    put_le(data + ixoff, first, 8); /* one block */
    assert_int_equal((long)ixoff + 40, n);
    put_le(data + 48, (uint32_t)crc32(0L, data + ixoff, 40), 4);
    put_le(data + 60, (uint32_t)crc32(0L, data, 60), 4);
    spit(bad, data, n);
    assert_int_equal(catalogue_open(bad, &r, &err), MC_ECORRUPT);
    assert_non_null(strstr(err.msg, bad));
    free(data);

    /* the writer stops at the last rank that fits */
    catalogue_writer *w;
    assert_int_equal(catalogue_create(bad, geometry_9x9(), UINT64_MAX - 1, &w, &err), MC_OK);
    assert_int_equal(catalogue_append(w, l.cells, &err), MC_OK);
    assert_int_equal(catalogue_append(w, l.cells + 81, &err), MC_EINVAL);
    assert_non_null(strstr(err.msg, bad));
    catalogue_abort(w);
    remove(path);
    remove(bad);
    free(l.cells);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip_sorted),  cmocka_unit_test(test_round_trip_shapes),
        cmocka_unit_test(test_round_trip_unsorted), cmocka_unit_test(test_rejects_invalid_grid),
        cmocka_unit_test(test_corruption),          cmocka_unit_test(test_rebase),
        cmocka_unit_test(test_rank_overflow),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
