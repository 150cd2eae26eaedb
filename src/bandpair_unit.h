/* bandpair_unit — one band-pair group (bandpair.h) packed as a job's unit.
 *
 * A job whose source gives groups (source = bandpairs) carries each rank as
 * a fixed-size record of BANDPAIR_UNIT_BYTES bytes (all integers little
 * endian, so checksums do not depend on the machine):
 *
 *     offset  bytes  field
 *          0      2  band 1 index (1..416)
 *          2      2  n: items, band 3s (0..BANDPAIR_MAX_ITEMS)
 *          4      4  local rank (1-based in band 1; bandpair_rank.h)
 *          8     54  pair: rows 1-6, digits 0..8
 *         62  27*n  band 3s: rows 7-9 of item i at 62 + 27*i, digits 0..8
 *     62+27n   ...  zero up to BANDPAIR_UNIT_BYTES
 *
 * The zero tail makes the record a function of the group alone, so a chunk's
 * checksum (the hash of its records) is reproducible. Item i's grid is the
 * pair followed by band 3 i. The largest group of the whole catalogue seen
 * holds 288 band 3s (bandpair.h); a group of more than BANDPAIR_MAX_ITEMS
 * cannot be packed (bandpair_unit_pack returns false and the source fails).
 */
#ifndef MC_BANDPAIR_UNIT_H
#define MC_BANDPAIR_UNIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "bandpair.h"

#define BANDPAIR_MAX_ITEMS 320
#define BANDPAIR_UNIT_HEADER 8
#define BANDPAIR_UNIT_PAIR BANDPAIR_UNIT_HEADER
#define BANDPAIR_UNIT_BAND3 (BANDPAIR_UNIT_HEADER + 54)
#define BANDPAIR_UNIT_BYTES (BANDPAIR_UNIT_BAND3 + 27 * BANDPAIR_MAX_ITEMS) /* 8,702 */

static inline int bandpair_unit_nitems(const uint8_t *u);

/* The bytes of u up to the end of its last band 3 (the rest is the zero
 * tail). */
static inline size_t bandpair_unit_filled(const uint8_t *u)
{
    int n = bandpair_unit_nitems(u);
    return BANDPAIR_UNIT_BAND3 + 27 * (size_t)(n <= BANDPAIR_MAX_ITEMS ? n : BANDPAIR_MAX_ITEMS);
}

/* The header, pair and band 3s of g into u; false as below. */
static inline bool bandpair_unit_write_(const bandpair_group *g, uint8_t *u)
{
    if (g->nband3 < 0 || g->nband3 > BANDPAIR_MAX_ITEMS || g->local_rank > UINT32_MAX) return false;
    u[0] = (uint8_t)g->band1;
    u[1] = (uint8_t)(g->band1 >> 8);
    u[2] = (uint8_t)g->nband3;
    u[3] = (uint8_t)(g->nband3 >> 8);
    for (int k = 0; k < 4; k++) u[4 + k] = (uint8_t)(g->local_rank >> (8 * k));
    memcpy(u + BANDPAIR_UNIT_PAIR, g->pair, 54);
    memcpy(u + BANDPAIR_UNIT_BAND3, g->band3, (size_t)g->nband3 * 27);
    return true;
}

/* Writes g into u (BANDPAIR_UNIT_BYTES bytes); false when g has more than
 * BANDPAIR_MAX_ITEMS band 3s or a local rank above 2^32 - 1. */
static inline bool bandpair_unit_pack(const bandpair_group *g, uint8_t *u)
{
    memset(u, 0, BANDPAIR_UNIT_BYTES);
    return bandpair_unit_write_(g, u);
}

/* The same result as bandpair_unit_pack for a u that already holds a
 * packed group or only zeros (a reused slot of a zeroed ring): only the
 * bytes of the old group past the end of g's are cleared, not the whole
 * 8,702 bytes. When it returns false u is all zeros. */
static inline bool bandpair_unit_pack_over(const bandpair_group *g, uint8_t *u)
{
    size_t old = bandpair_unit_filled(u);
    if (!bandpair_unit_write_(g, u)) {
        memset(u, 0, BANDPAIR_UNIT_BYTES);
        return false;
    }
    size_t now = bandpair_unit_filled(u);
    if (old > now) memset(u + now, 0, old - now);
    return true;
}

/* dst = src for a packed group src: its filled bytes copied, the tail of
 * dst cleared (dst may hold anything). */
static inline void bandpair_unit_copy(uint8_t *dst, const uint8_t *src)
{
    size_t n = bandpair_unit_filled(src);
    memcpy(dst, src, n);
    memset(dst + n, 0, BANDPAIR_UNIT_BYTES - n);
}

static inline int bandpair_unit_band1(const uint8_t *u) { return u[0] | u[1] << 8; }
static inline int bandpair_unit_nitems(const uint8_t *u) { return u[2] | u[3] << 8; }
static inline uint64_t bandpair_unit_local(const uint8_t *u)
{
    return (uint64_t)u[4] | (uint64_t)u[5] << 8 | (uint64_t)u[6] << 16 | (uint64_t)u[7] << 24;
}
static inline const uint8_t *bandpair_unit_pair(const uint8_t *u) { return u + BANDPAIR_UNIT_PAIR; }
static inline const uint8_t *bandpair_unit_band3(const uint8_t *u) { return u + BANDPAIR_UNIT_BAND3; }

/* The 81 digits of item i (0 <= i < nitems). */
static inline void bandpair_unit_item(const uint8_t *u, int i, uint8_t *g81)
{
    memcpy(g81, u + BANDPAIR_UNIT_PAIR, 54);
    memcpy(g81 + 54, u + BANDPAIR_UNIT_BAND3 + 27 * i, 27);
}

#endif
