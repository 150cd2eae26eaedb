/* test_enumerate8 — orderly generation of the ES 8x8 grids (2x4 boxes)
 * against published counts, the generic canon and brute force.
 * ctest-labels: unit golden
 * ctest-timeout: 900
 *
 * - the minlex 2x8 bands and the band index against a brute force over all
 *   2,304 band maps (written here), on every band and on random relabelled
 *   and reordered ones;
 * - the full enumeration: count = counts.txt (1,673,187), strictly
 *   increasing valid grids with their band on top, and the orbit-stabilizer
 *   identity sum 442,368 * 8! / aut(g) = the completed-grid count of
 *   counts.txt; aut(g) and minlex-ness checked against canon_minlex on a
 *   sample, minlex-ness against enumerate_is_minlex_slow on a smaller one;
 *   enumerate_shape gives the same count;
 * - prefixes (rows 3-4 and more) drawn at random from the output: the
 *   generator agrees grid for grid with a brute force that completes the
 *   prefix in every way and keeps what canon_minlex calls minlex.
 * The whole run takes about half a minute of CPU (most of it in the
 * canon_minlex and slow-test samples; the enumeration itself about 3 s).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "canon.h"
#include "enumerate.h"
#include "enumerate8.h"
#include "geometry.h"
#include "grid.h"
#include "prng.h"

#define NMAPS 2304

/* Reads counts.txt's 2x4 line: completed grids and ES grids. */
static bool read_counts(uint64_t *completed, uint64_t *es)
{
    FILE *f = fopen(MC_TEST_DATA "/counts.txt", "r");
    if (!f) return false;
    char line[256];
    bool ok = false;
    while (fgets(line, sizeof line, f)) {
        char shape[16], rest[16];
        unsigned long long a, b;
        if (line[0] == '#') continue;
        if (sscanf(line, "%15s %15s %llu %llu", shape, rest, &a, &b) == 4 && strcmp(shape, "2x4") == 0) {
            *completed = a;
            *es = b;
            ok = true;
        }
    }
    fclose(f);
    return ok;
}

/* ----------------------------------------------------- bands, brute force */

/* All band maps: row order, then new column j = old column col[j]. */
static uint8_t brow[NMAPS][2], bcol[NMAPS][8];

static void make_maps(void)
{
    int n = 0;
    uint8_t p[4] = {0, 1, 2, 3};
    uint8_t perms[24][4];
    int np = 0;
    for (int a = 0; a < 4; a++)
        for (int b = 0; b < 4; b++)
            for (int c = 0; c < 4; c++)
                for (int d = 0; d < 4; d++)
                    if (a != b && a != c && a != d && b != c && b != d && c != d) {
                        perms[np][0] = p[a], perms[np][1] = p[b], perms[np][2] = p[c], perms[np][3] = p[d];
                        np++;
                    }
    for (int rs = 0; rs < 2; rs++)
        for (int ss = 0; ss < 2; ss++)
            for (int i = 0; i < 24; i++)
                for (int j = 0; j < 24; j++) {
                    brow[n][0] = (uint8_t)rs;
                    brow[n][1] = (uint8_t)!rs;
                    for (int k = 0; k < 4; k++) {
                        bcol[n][k] = (uint8_t)(4 * ss + perms[i][k]);
                        bcol[n][4 + k] = (uint8_t)(4 * !ss + perms[j][k]);
                    }
                    n++;
                }
    assert_int_equal(n, NMAPS);
}

static void band_minlex_brute(const uint8_t *band, uint8_t *best)
{
    memset(best, 0xff, 16);
    for (int m = 0; m < NMAPS; m++) {
        uint8_t lab[8], img[16];
        for (int j = 0; j < 8; j++) lab[band[brow[m][0] * 8 + bcol[m][j]]] = (uint8_t)j;
        for (int r = 0; r < 2; r++)
            for (int j = 0; j < 8; j++) img[r * 8 + j] = lab[band[brow[m][r] * 8 + bcol[m][j]]];
        if (memcmp(img, best, 16) < 0) memcpy(best, img, 16);
    }
}

static int cmp16(const void *a, const void *b) { return memcmp(a, b, 16); }

/* Every valid band with first row 01234567: row 2 = perm of 4567, perm of
 * 0123, listed by a plain search. */
static int all_bands(uint8_t (*out)[16])
{
    int n = 0;
    uint8_t b[16];
    for (int j = 0; j < 8; j++) b[j] = (uint8_t)j;
    for (int x = 0; x < 8 * 8 * 8 * 8 * 8 * 8 * 8 * 8; x++) {
        int y = x, used = 0;
        bool ok = true;
        for (int j = 0; j < 8 && ok; j++) {
            int d = y % 8;
            y /= 8;
            if (used >> d & 1 || (d < 4) == (j < 4)) ok = false;
            used |= 1 << d;
            b[8 + j] = (uint8_t)d;
        }
        if (ok) memcpy(out[n++], b, 16);
    }
    return n;
}

static void test_bands(void **state)
{
    (void)state;
    make_maps();
    static uint8_t bands[576][16], forms[576][16];
    int n = all_bands(bands);
    assert_int_equal(n, 576);
    for (int i = 0; i < n; i++) band_minlex_brute(bands[i], forms[i]);
    static uint8_t sorted[576][16];
    memcpy(sorted, forms, sizeof sorted);
    qsort(sorted, 576, 16, cmp16);
    int nb = 0;
    for (int i = 0; i < 576; i++)
        if (nb == 0 || memcmp(sorted[i], sorted[nb - 1], 16) != 0) memcpy(sorted[nb++], sorted[i], 16);
    assert_int_equal(enumerate8_band_count(), nb);
    for (int b = 1; b <= nb; b++) assert_memory_equal(enumerate8_band_minlex(b), sorted[b - 1], 16);
    for (int i = 0; i < n; i++) {
        const uint8_t *f = bsearch(forms[i], sorted, (size_t)nb, 16, cmp16);
        assert_non_null(f);
        assert_int_equal(enumerate8_band_index(bands[i]), (int)((f - sorted[0]) / 16) + 1);
    }
    /* random relabelling, row swap and column moves keep the index */
    uint64_t seed = 0x8b8b2024;
    prng rng;
    prng_seed(&rng, seed);
    for (int t = 0; t < 2000; t++) {
        int i = (int)prng_below(&rng, 576), m = (int)prng_below(&rng, NMAPS);
        uint8_t perm[8] = {0, 1, 2, 3, 4, 5, 6, 7}, x[16];
        prng_shuffle_u8(&rng, perm, 8);
        for (int r = 0; r < 2; r++)
            for (int j = 0; j < 8; j++) x[r * 8 + j] = perm[bands[i][brow[m][r] * 8 + bcol[m][j]]];
        if (enumerate8_band_index(x) != enumerate8_band_index(bands[i]))
            fail_msg("seed %llu: band %d under map %d has another index", (unsigned long long)seed, i, m);
    }
}

/* ------------------------------------------------------- full enumeration */

typedef struct full {
    uint8_t prev[64];
    int band;
    uint64_t n, bad_order, bad_valid, bad_top, bad_aut;
    unsigned __int128 orbit_sum;
    uint64_t sample_every;
    uint64_t canon_checked, canon_bad;
    uint64_t slow_every, slow_checked, slow_bad;
} full;

static int full_fn(void *arg, const uint8_t *g, int autos)
{
    full *f = arg;
    if (f->n > 0 && memcmp(f->prev, g, 64) >= 0) f->bad_order++;
    memcpy(f->prev, g, 64);
    grid x;
    x.geo = geometry_get(2, 4);
    memcpy(x.cell, g, 64);
    if (!grid_is_valid_solution(&x)) f->bad_valid++;
    if (memcmp(g, enumerate8_band_minlex(f->band), 16) != 0) f->bad_top++;
    if (autos < 1 || 442368 % autos != 0) f->bad_aut++;
    else f->orbit_sum += (unsigned __int128)(UINT64_C(442368) * 40320 / (uint64_t)autos);
    if (f->n % f->sample_every == 0) {
        grid out;
        int a = canon_minlex(&x, &out, NULL);
        f->canon_checked++;
        if (a != autos || memcmp(out.cell, g, 64) != 0) f->canon_bad++;
    }
    if (f->n % f->slow_every == 0) {
        f->slow_checked++;
        if (!enumerate_is_minlex_slow(x.geo, g)) f->slow_bad++;
    }
    f->n++;
    return 0;
}

static void test_full_enumeration(void **state)
{
    (void)state;
    uint64_t completed = 0, es = 0;
    assert_true(read_counts(&completed, &es));
    full f = {.sample_every = 97, .slow_every = 100003};
    for (int b = 1; b <= enumerate8_band_count(); b++) {
        f.band = b;
        uint64_t n, before = f.n;
        assert_int_equal(enumerate8_band(b, NULL, 0, full_fn, &f, &n), MC_OK);
        assert_int_equal(n, f.n - before);
        printf("band %d: %llu grids\n", b, (unsigned long long)n);
    }
    printf("total %llu; canon_minlex checked %llu, slow test %llu\n", (unsigned long long)f.n,
           (unsigned long long)f.canon_checked, (unsigned long long)f.slow_checked);
    assert_int_equal(f.n, es);
    assert_int_equal(f.bad_order, 0);
    assert_int_equal(f.bad_valid, 0);
    assert_int_equal(f.bad_top, 0);
    assert_int_equal(f.bad_aut, 0);
    assert_int_equal(f.canon_bad, 0);
    assert_int_equal(f.slow_bad, 0);
    assert_true(f.canon_checked > 10000);
    assert_true(f.orbit_sum == (unsigned __int128)completed);

    uint64_t n = 0;
    mc_error err;
    assert_int_equal(enumerate_shape(geometry_get(2, 4), NULL, NULL, &n, &err), MC_OK);
    assert_int_equal(n, es);
    assert_int_equal(enumerate_shape(geometry_get(4, 2), NULL, NULL, &n, &err), MC_EINVAL);
}

/* --------------------------------------------------- prefix vs brute force */

typedef struct pick {
    uint64_t k, n;
    uint8_t g[64];
} pick;

static int pick_fn(void *arg, const uint8_t *g, int autos)
{
    (void)autos;
    pick *p = arg;
    if (p->n++ == p->k) {
        memcpy(p->g, g, 64);
        return 1;
    }
    return 0;
}

typedef struct list {
    uint8_t (*g)[64];
    int n, max;
    int *autos;
} list;

static int list_fn(void *arg, const uint8_t *g, int autos)
{
    list *l = arg;
    if (l->n < l->max) {
        memcpy(l->g[l->n], g, 64);
        l->autos[l->n] = autos;
    }
    l->n++;
    return 0;
}

/* Every completion of g[0..from) (plain backtracking, no ordering rule),
 * kept when canon_minlex calls it minlex. */
typedef struct brute {
    grid x;
    list *out;
    uint64_t leaves;
} brute;

static void brute_rec(brute *b, int cell)
{
    const geometry *geo = b->x.geo;
    if (cell == 64) {
        b->leaves++;
        grid out;
        int a = canon_minlex(&b->x, &out, NULL);
        if (memcmp(out.cell, b->x.cell, 64) == 0) list_fn(b->out, b->x.cell, a);
        return;
    }
    for (int d = 0; d < 8; d++) {
        bool ok = true;
        for (int k = 0; k < geo->npeers && ok; k++) {
            int p = geo->peer[cell][k];
            if (p < cell && b->x.cell[p] == d) ok = false;
        }
        if (!ok) continue;
        b->x.cell[cell] = (uint8_t)d;
        brute_rec(b, cell + 1);
    }
}

static void test_prefix_against_brute(void **state)
{
    (void)state;
    uint64_t seed = 20261121;
    prng rng;
    prng_seed(&rng, seed);
    enum { MAXL = 60000 };
    list a = {malloc(MAXL * sizeof *a.g), 0, MAXL, malloc(MAXL * sizeof(int))};
    list w = {malloc(MAXL * sizeof *w.g), 0, MAXL, malloc(MAXL * sizeof(int))};
    assert_true(a.g && a.autos && w.g && w.autos);
    int nb = enumerate8_band_count();
    /* one trial per band with rows 3-5 fixed, one per band with rows 3-4
     * fixed for the small bands; prefixes taken from random output grids */
    const int lens[3] = {24, 16, 8};
    int total = 0;
    for (int li = 0; li < 3; li++)
        for (int b = 1; b <= nb; b++) {
            uint64_t cnt;
            assert_int_equal(enumerate8_band(b, NULL, 0, NULL, NULL, &cnt), MC_OK);
            pick p = {.k = prng_below(&rng, cnt)};
            assert_int_equal(enumerate8_band(b, NULL, 0, pick_fn, &p, NULL), MC_OK);
            int len = lens[li];
            a.n = w.n = 0;
            uint64_t n;
            assert_int_equal(enumerate8_band(b, p.g + 16, len, list_fn, &a, &n), MC_OK);
            assert_int_equal((uint64_t)a.n, n);
            brute br = {.out = &w};
            br.x.geo = geometry_get(2, 4);
            memcpy(br.x.cell, p.g, 64);
            brute_rec(&br, 16 + len);
            printf("band %d, %d prefix cells: %d grids, brute force %llu completions\n", b, len, a.n,
                   (unsigned long long)br.leaves);
            if (a.n != w.n) fail_msg("seed %llu band %d: %d grids vs brute %d", (unsigned long long)seed, b, a.n, w.n);
            assert_true(a.n >= 1 && a.n <= MAXL);
            for (int i = 0; i < a.n; i++) {
                if (memcmp(a.g[i], w.g[i], 64) != 0 || a.autos[i] != w.autos[i])
                    fail_msg("seed %llu band %d: grid %d differs", (unsigned long long)seed, b, i);
            }
            total += a.n;
        }
    printf("%d grids compared\n", total);
    free(a.g);
    free(a.autos);
    free(w.g);
    free(w.autos);
}

static void test_bad_arguments(void **state)
{
    (void)state;
    uint8_t pre[48] = {0};
    assert_int_equal(enumerate8_band(0, NULL, 0, NULL, NULL, NULL), MC_EINVAL);
    assert_int_equal(enumerate8_band(enumerate8_band_count() + 1, NULL, 0, NULL, NULL, NULL), MC_EINVAL);
    assert_int_equal(enumerate8_band(1, pre, 49, NULL, NULL, NULL), MC_EINVAL);
    pre[0] = 8;
    assert_int_equal(enumerate8_band(1, pre, 1, NULL, NULL, NULL), MC_EINVAL);
    /* a prefix no grid has: row 3 starting with 0 */
    uint64_t n = 99;
    pre[0] = 0;
    assert_int_equal(enumerate8_band(1, pre, 1, NULL, NULL, &n), MC_OK);
    assert_int_equal(n, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bands),
        cmocka_unit_test(test_bad_arguments),
        cmocka_unit_test(test_prefix_against_brute),
        cmocka_unit_test(test_full_enumeration),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
