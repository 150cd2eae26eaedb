/* band_split — ownership of a puzzle by one orientation, pass bounds. */
#include "band_split.h"

int band_split_owner(const int counts[BAND_SPLIT_ORIENTATIONS])
{
    int best = 0;
    for (int o = 1; o < BAND_SPLIT_ORIENTATIONS; o++)
        if (counts[o] > counts[best]) best = o;
    return best;
}

int band_split_band_orientation(int o, int i)
{
    int base = o < 3 ? 0 : 3, b3 = o - base;
    if (i == 2) return o;
    /* the other two in increasing order */
    int k = 0;
    for (int b = 0; b < 3; b++) {
        if (b == b3) continue;
        if (k == i) return base + b;
        k++;
    }
    return -1;
}

int band_split_stack_orientation(int o, int s)
{
    /* o < 3: the stacks of the grid; o >= 3: the bands of the grid */
    return o < 3 ? 3 + s : s;
}

int band_split_band_strict(int o, int i) { return o == BAND_SPLIT_GROUP ? 0 : band_split_band_orientation(o, i) < o; }

int band_split_stack_strict(int o, int s) { return o == BAND_SPLIT_GROUP ? 0 : band_split_stack_orientation(o, s) < o; }

void band_split_zrange_strict(int clues, int e1, int e2, int x, int y, int *zlo, int *zhi)
{
    int a = x + e1, b = y + e2;
    *zlo = a > b ? a : b;
    *zhi = clues - x - y;
}

void band_split_zrange(int clues, int o, int x, int y, int *zlo, int *zhi)
{
    band_split_zrange_strict(clues, band_split_band_strict(o, 0), band_split_band_strict(o, 1), x, y, zlo, zhi);
}

bool band_split_pair_ok_strict(int clues, int e1, int e2, int x, int y)
{
    int zlo, zhi;
    band_split_zrange_strict(clues, e1, e2, x, y, &zlo, &zhi);
    return x >= 0 && y >= 0 && zlo <= zhi;
}

bool band_split_pair_ok(int clues, int o, int x, int y)
{
    return band_split_pair_ok_strict(clues, band_split_band_strict(o, 0), band_split_band_strict(o, 1), x, y);
}

int band_split_xmax(int clues, int min_valid) { return (clues - min_valid) / 2; }

bool band_split_pass_covers(int clues, int o, int x, int y, int z, const int q[3])
{
    if (!band_split_pair_ok(clues, o, x, y)) return false;
    int zlo, zhi;
    band_split_zrange(clues, o, x, y, &zlo, &zhi);
    if (z < zlo || z > zhi) return false;
    for (int s = 0; s < 3; s++)
        if (q[s] > z - band_split_stack_strict(o, s)) return false;
    return true;
}
