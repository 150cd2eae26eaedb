/* perm3 — the 6 permutations of {0, 1, 2} in lexicographic order:
 * perm3[k][i] is where permutation k sends i; perm3[0] is the identity.
 * Indexes the band, stack, row-in-band and column-in-stack permutations of
 * 9x9 grids (canonical forms, band classes, enumeration, solver tables,
 * refillings). */
#ifndef MC_PERM3_H
#define MC_PERM3_H

#include <stdint.h>

static const uint8_t perm3[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};

#endif
