/* canon_test — shared pieces of test_canon and test_canon_slow.
 *
 * The published grids of tests/data/known-grids.txt (grid, minlex form or
 * '=', automorphism count), grids built around them with some symmetry
 * (structured_grid), and brute_minlex: the obviously-correct twin of
 * canon_minlex9: all 2 * 1296 * 1296 = 3,359,232 position maps of a 9x9
 * grid, each followed by the forced relabelling (the first row reads 0..8);
 * the smallest result is the minlex form, and the maps reaching it are
 * counted. About 0.1 s a grid. Include after <cmocka.h>.
 */
#ifndef MC_TEST_CANON_TEST_H
#define MC_TEST_CANON_TEST_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "grid.h"
#include "random_grid.h"
#include "transform.h"

static inline void fail_seed(uint64_t seed, const char *what)
{
    print_error("%s failed, seed %llu\n", what, (unsigned long long)seed);
    fail();
}

/* ---- known grids ---- */

typedef struct known {
    uint8_t g[81], form[81];
    int autos;
} known;

static known K[32];
static int nK;

static inline void load_known(void)
{
    if (nK) return;
    FILE *f = fopen(MC_TEST_DATA "/known-grids.txt", "r");
    assert_non_null(f);
    char line[1024];
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n') continue;
        char a[128], b[128];
        int autos;
        assert_int_equal(sscanf(line, "%127s %127s %d", a, b, &autos), 3);
        assert_int_equal(strlen(a), 81);
        assert_true(nK < 32);
        known *k = &K[nK++];
        for (int i = 0; i < 81; i++) k->g[i] = (uint8_t)(a[i] - '1');
        if (strcmp(b, "=") == 0) {
            memcpy(k->form, k->g, 81);
        } else {
            assert_int_equal(strlen(b), 81);
            for (int i = 0; i < 81; i++) k->form[i] = (uint8_t)(b[i] - '1');
        }
        k->autos = autos;
    }
    fclose(f);
    assert_true(nK >= 5);
}

static inline void to_grid(const uint8_t *cells, grid *g)
{
    grid_clear(g, geometry_9x9());
    memcpy(g->cell, cells, 81);
}

/* Grids with some symmetry: a known grid under a random transform keeps
 * a random part (a band, two bands, or random boxes) and the rest is filled
 * in at random. Many come out with automorphisms, which stresses ties. */
static inline void structured_grid(prng *rng, grid *out)
{
    load_known();
    const geometry *geo = geometry_9x9();
    for (;;) {
        grid g, p;
        to_grid(K[prng_below(rng, (uint64_t)nK)].g, &g);
        transform t;
        transform_random(&t, geo, rng);
        transform_apply(&t, &g, &g);
        p = g;
        int mode = (int)prng_below(rng, 3);
        uint64_t boxes = prng_next(rng); /* mode 2: box b kept when bit b is set */
        for (int c = 0; c < 81; c++) {
            int band = c / 27, box = geo->box[c];
            bool keep = mode == 0 ? band == 0 : mode == 1 ? band != 2 : (boxes >> box & 1) != 0;
            if (!keep) p.cell[c] = CELL_EMPTY;
        }
        if (random_grid_complete(&p, rng, out, 20)) return;
    }
}

/* ---- the brute force ---- */

/* Every row order that keeps bands together (and, read as column orders,
 * every column order that keeps stacks together). */
static inline void bf_maps(uint8_t (*bf_rowmaps)[9])
{
    static const uint8_t p3[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    int k = 0;
    for (int s = 0; s < 6; s++)
        for (int a = 0; a < 6; a++)
            for (int b = 0; b < 6; b++)
                for (int c = 0; c < 6; c++, k++) {
                    int in[3] = {a, b, c};
                    for (int i = 0; i < 9; i++) bf_rowmaps[k][i] = (uint8_t)(p3[s][i / 3] * 3 + p3[in[i / 3]][i % 3]);
                }
}

static inline int brute_minlex(const uint8_t *g, uint8_t *form)
{
    uint8_t bf_rowmaps[1296][9];
    bf_maps(bf_rowmaps);
    uint8_t X[2][81];
    memcpy(X[0], g, 81);
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) X[1][c * 9 + r] = g[r * 9 + c];
    uint8_t best[81];
    int have = 0, autos = 0;
    for (int o = 0; o < 2; o++)
        for (int a = 0; a < 1296; a++)
            for (int b = 0; b < 1296; b++) {
                const uint8_t *rm = bf_rowmaps[a], *cm = bf_rowmaps[b];
                uint8_t lab[9], cur[81];
                for (int j = 0; j < 9; j++) lab[X[o][rm[0] * 9 + cm[j]]] = (uint8_t)j;
                int cmp = have ? 0 : -1;
                for (int i = 0; i < 81; i++) {
                    cur[i] = lab[X[o][rm[i / 9] * 9 + cm[i % 9]]];
                    if (cmp == 0 && cur[i] != best[i]) {
                        if (cur[i] > best[i]) {
                            cmp = 1;
                            break;
                        }
                        cmp = -1;
                    }
                }
                if (cmp > 0) continue;
                if (cmp == 0) {
                    autos++;
                } else {
                    memcpy(best, cur, 81);
                    have = 1;
                    autos = 1;
                }
            }
    memcpy(form, best, 81);
    return autos;
}

#endif
