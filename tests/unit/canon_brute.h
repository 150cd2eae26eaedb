/* canon_brute — the obviously-correct twin of canon_minlex9 for tests: all
 * 2 * 1296 * 1296 = 3,359,232 position maps of a 9x9 grid, each followed by
 * the forced relabelling (the first row reads 0..8); the smallest result is
 * the minlex form, and the maps reaching it are counted. About 0.1 s a grid.
 */
#ifndef MC_TEST_CANON_BRUTE_H
#define MC_TEST_CANON_BRUTE_H

#include <stdint.h>
#include <string.h>

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
