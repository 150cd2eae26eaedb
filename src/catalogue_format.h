/* catalogue_format — the on-disk layout shared by the catalogue writer
 * (catalogue_write.c) and reader (catalogue.c): constants, the block index
 * entry, little-endian fields, the unit masks the grid coding uses. The
 * format itself is described at the top of catalogue.c. Internal to those
 * two files.
 */
#ifndef MC_CATALOGUE_FORMAT_H
#define MC_CATALOGUE_FORMAT_H

#include <stdint.h>

#include "geometry.h"

#define CAT_MAGIC "MCGRIDS\x1a"
#define CAT_VERSION 1u
#define CAT_HEADER 64
#define CAT_ENTRY 40
#define CAT_PER_BLOCK 65536u
#define CHUNK_LIMIT (UINT64_C(1) << 62)

typedef struct block_entry {
    uint64_t first_rank, offset;
    uint32_t csize, usize, ngrids, crc, ccrc;
} block_entry;

static inline void put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i));
}
static inline void put64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++) p[i] = (uint8_t)(v >> (8 * i));
}
static inline uint32_t get32(const uint8_t *p)
{
    uint32_t v = 0;
    for (int i = 3; i >= 0; i--) v = (v << 8) | p[i];
    return v;
}
static inline uint64_t get64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--) v = (v << 8) | p[i];
    return v;
}

/* Unit masks of a partial grid: used digits per row, column and box. */
typedef struct masks {
    uint16_t row[MAX_N], col[MAX_N], box[MAX_N];
} masks;

static inline void masks_full(masks *m, const geometry *geo)
{
    uint16_t all = (uint16_t)((1u << geo->N) - 1);
    for (int i = 0; i < geo->N; i++) m->row[i] = m->col[i] = m->box[i] = all;
}
static inline void masks_flip(masks *m, const geometry *geo, int cell, int d)
{
    uint16_t b = (uint16_t)(1u << d);
    m->row[geo->row[cell]] ^= b;
    m->col[geo->col[cell]] ^= b;
    m->box[geo->box[cell]] ^= b;
}
static inline uint16_t masks_free(const masks *m, const geometry *geo, int cell)
{
    uint16_t all = (uint16_t)((1u << geo->N) - 1);
    return (uint16_t)(all & ~(m->row[geo->row[cell]] | m->col[geo->col[cell]] | m->box[geo->box[cell]]));
}

#endif
