/* catalogue — compressed grid files with access by rank (see catalogue.h).
 *
 * File format, version 1. All integers little-endian.
 *
 *   offset  size  header (64 bytes)
 *        0     8  magic "MCGRIDS\x1a"
 *        8     4  format version (1)
 *       12     1  R (box rows)     13  1  C (box columns)   14  2  zero
 *       16     8  first rank (rank of the first grid, >= 1)
 *       24     8  count (number of grids)
 *       32     4  grids per block (every block but the last holds exactly this many)
 *       36     4  number of blocks
 *       40     8  index offset (= file size - 40 * number of blocks)
 *       48     4  CRC32 of the index
 *       52     8  zero
 *       60     4  CRC32 of bytes 0..59
 *   then the blocks, back to back from offset 64, then the index:
 *   one 40-byte entry per block:
 *        0     8  rank of the block's first grid
 *        8     8  file offset of the block
 *       16     4  compressed size      20  4  uncompressed size
 *       24     4  number of grids      28  4  CRC32 of the uncompressed bytes
 *       32     4  CRC32 of the compressed bytes (so even a flip in deflate's
 *                 padding bits is caught)      36  4  zero
 *
 * A block is a zlib stream (RFC 1950) of grid records. The first record of a
 * block is coded against nothing; each later one against the grid before it.
 * A record is a tag (LEB128 varint) and a payload; p = tag when tag < NCELLS,
 * p = tag - NCELLS otherwise, and cells 0..p-1 equal the previous grid's.
 * (The first record of a block and a grid smaller than the one before are
 * written raw; in catalogue order every other record uses choices.)
 *   tag >= NCELLS ("raw"): cells p..NCELLS-1 follow, one byte (the digit) each.
 *   tag <  NCELLS ("choices"): cell p holds a digit larger than the previous
 *     grid's cell p. Cells p..NCELLS-1 are then filled in order; at each cell
 *     the candidates are the digits not yet in its row, column and box (at
 *     cell p only those larger than the previous digit). A cell with one
 *     candidate costs nothing; at a cell with k > 1 candidates the index of
 *     its digit among them (ascending) is a digit of radix k of one number
 *     V = c1 + k1 * (c2 + k2 * (c3 + ...)) written after the tag as a LEB128
 *     varint. The writer uses this form only when V's radix product fits in
 *     63 bits and the grid is larger than the previous one at cell p.
 * Consecutive catalogue grids share long prefixes and most later cells are
 * forced, so a record is typically two or three bytes before zlib.
 *
 * Checks on reading: magic, version, header CRC, the shape, the file size
 * against the index offset, the index CRC, contiguity of blocks and ranks,
 * per block the zlib stream, its sizes and its CRC, and the records
 * themselves (a digit outside the candidates, a choice out of range, a
 * record running past the block). Any failure is MC_ECORRUPT naming the file
 * (and the block), and no grid of a failing block is returned. Decoded grids
 * are valid by construction: every cell is taken from its candidates.
 */
#include "catalogue.h"
#include "grid.h"


#include <assert.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

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

static void put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i));
}
static void put64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++) p[i] = (uint8_t)(v >> (8 * i));
}
static uint32_t get32(const uint8_t *p)
{
    uint32_t v = 0;
    for (int i = 3; i >= 0; i--) v = (v << 8) | p[i];
    return v;
}
static uint64_t get64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--) v = (v << 8) | p[i];
    return v;
}

/* Unit masks of a partial grid: used digits per row, column and box. */
typedef struct masks {
    uint16_t row[MAX_N], col[MAX_N], box[MAX_N];
} masks;

static void masks_full(masks *m, const geometry *geo)
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

/* ---------------------------------------------------------------- writer */

struct catalogue_writer {
    FILE *f;
    char *path;
    const geometry *geo;
    uint64_t first_rank, count;
    uint8_t prev[MAX_CELLS];
    uint32_t in_block;
    uint8_t *raw;
    size_t raw_len, raw_cap;
    uint8_t *zbuf;
    size_t zcap;
    block_entry *index;
    size_t nblocks, index_cap;
    uint64_t offset;
};

static mc_status write_all(catalogue_writer *w, const void *p, size_t n, mc_error *err)
{
    if (n && fwrite(p, 1, n, w->f) != n)
        return mc_fail(err, MC_EIO, "%s: write error: %s", w->path, strerror(errno));
    return MC_OK;
}

mc_status catalogue_create(const char *path, const geometry *geo, uint64_t first_rank,
                           catalogue_writer **out, mc_error *err)
{
    assert(geo);
    if (first_rank < 1) return mc_fail(err, MC_EINVAL, "%s: first rank must be >= 1", path);
    catalogue_writer *w = calloc(1, sizeof *w);
    if (!w) return mc_fail(err, MC_ENOMEM, "%s: out of memory", path);
    w->geo = geo;
    w->first_rank = first_rank;
    w->path = strdup(path);
    w->raw_cap = (size_t)CAT_PER_BLOCK * 4;
    w->raw = malloc(w->raw_cap);
    w->zcap = compressBound((uLong)w->raw_cap);
    w->zbuf = malloc(w->zcap);
    if (!w->path || !w->raw || !w->zbuf) {
        catalogue_abort(w);
        return mc_fail(err, MC_ENOMEM, "%s: out of memory", path);
    }
    w->f = fopen(path, "wb");
    if (!w->f) {
        mc_status st = mc_fail(err, MC_EIO, "%s: cannot create: %s", path, strerror(errno));
        free(w->path);
        free(w->raw);
        free(w->zbuf);
        free(w);
        return st;
    }
    uint8_t zero[CAT_HEADER] = {0};
    mc_status st = write_all(w, zero, sizeof zero, err);
    if (st) {
        catalogue_abort(w);
        return st;
    }
    w->offset = CAT_HEADER;
    *out = w;
    return MC_OK;
}

static mc_status raw_reserve(catalogue_writer *w, size_t more, mc_error *err)
{
    if (w->raw_len + more <= w->raw_cap) return MC_OK;
    size_t cap = w->raw_cap * 2;
    while (cap < w->raw_len + more) cap *= 2;
    uint8_t *r = realloc(w->raw, cap);
    if (!r) return mc_fail(err, MC_ENOMEM, "%s: out of memory", w->path);
    w->raw = r;
    w->raw_cap = cap;
    return MC_OK;
}

static void put_varint(uint8_t *buf, size_t *len, uint64_t v)
{
    while (v >= 0x80) {
        buf[(*len)++] = (uint8_t)(v | 0x80);
        v >>= 7;
    }
    buf[(*len)++] = (uint8_t)v;
}

static mc_status flush_block(catalogue_writer *w, mc_error *err)
{
    if (w->in_block == 0) return MC_OK;
    uLongf zlen = (uLongf)compressBound((uLong)w->raw_len);
    if (zlen > w->zcap) {
        uint8_t *z = realloc(w->zbuf, zlen);
        if (!z) return mc_fail(err, MC_ENOMEM, "%s: out of memory", w->path);
        w->zbuf = z;
        w->zcap = zlen;
    }
    if (compress2(w->zbuf, &zlen, w->raw, (uLong)w->raw_len, 9) != Z_OK)
        return mc_fail(err, MC_EIO, "%s: zlib compression failed", w->path);
    if (w->nblocks == w->index_cap) {
        size_t cap = w->index_cap ? w->index_cap * 2 : 64;
        block_entry *ix = realloc(w->index, cap * sizeof *ix);
        if (!ix) return mc_fail(err, MC_ENOMEM, "%s: out of memory", w->path);
        w->index = ix;
        w->index_cap = cap;
    }
    block_entry *e = &w->index[w->nblocks++];
    e->first_rank = w->first_rank + w->count - w->in_block;
    e->offset = w->offset;
    e->csize = (uint32_t)zlen;
    e->usize = (uint32_t)w->raw_len;
    e->ngrids = w->in_block;
    e->crc = (uint32_t)crc32(0L, w->raw, (uInt)w->raw_len);
    e->ccrc = (uint32_t)crc32(0L, w->zbuf, (uInt)zlen);
    mc_status st = write_all(w, w->zbuf, zlen, err);
    if (st) return st;
    w->offset += zlen;
    w->raw_len = 0;
    w->in_block = 0;
    return MC_OK;
}

mc_status catalogue_append(catalogue_writer *w, const uint8_t *cells, mc_error *err)
{
    const geometry *geo = w->geo;
    const int n = geo->ncells;
    grid g;
    g.geo = geo;
    memcpy(g.cell, cells, (size_t)n);
    if (w->count >= UINT64_MAX - w->first_rank)
        return mc_fail(err, MC_EINVAL, "%s: no rank after %llu (ranks are 64-bit)", w->path,
                       (unsigned long long)(w->first_rank + w->count - 1));
    if (!grid_is_valid_solution(&g))
        return mc_fail(err, MC_EINVAL, "%s: grid %llu is not a valid solution grid", w->path,
                       (unsigned long long)(w->first_rank + w->count));
    mc_status st = raw_reserve(w, (size_t)n * 10 + 16, err);
    if (st) return st;
    int p = 0;
    if (w->in_block > 0)
        while (p < n && cells[p] == w->prev[p]) p++;
    bool raw = w->in_block == 0 || p == n || cells[p] < w->prev[p];
    if (!raw) {
        /* Mixed-radix choices, cut into chunks whose radix product stays
         * below 2^62; each chunk is one varint. */
        put_varint(w->raw, &w->raw_len, (uint64_t)p);
        masks m;
        masks_full(&m, geo);
        for (int i = p; i < n; i++) masks_flip(&m, geo, i, w->prev[i]);
        uint64_t mult = 1, value = 0;
        for (int i = p; i < n; i++) {
            uint16_t cand = masks_free(&m, geo, i);
            if (i == p) cand &= (uint16_t)~((2u << w->prev[p]) - 1);
            assert(cand & (1u << cells[i]));
            int k = __builtin_popcount(cand);
            if (k > 1) {
                int c = __builtin_popcount(cand & ((1u << cells[i]) - 1));
                if (mult > CHUNK_LIMIT / (uint64_t)k) {
                    put_varint(w->raw, &w->raw_len, value);
                    value = 0;
                    mult = 1;
                }
                value += (uint64_t)c * mult;
                mult *= (uint64_t)k;
            }
            masks_flip(&m, geo, i, cells[i]);
        }
        put_varint(w->raw, &w->raw_len, value);
    } else {
        if (w->in_block == 0) p = 0;
        put_varint(w->raw, &w->raw_len, (uint64_t)(n + p));
        memcpy(w->raw + w->raw_len, cells + p, (size_t)(n - p));
        w->raw_len += (size_t)(n - p);
    }
    memcpy(w->prev, cells, (size_t)n);
    w->count++;
    w->in_block++;
    if (w->in_block == CAT_PER_BLOCK) return flush_block(w, err);
    return MC_OK;
}

mc_status catalogue_finish(catalogue_writer *w, mc_error *err)
{
    mc_status st = flush_block(w, err);
    uint8_t *ix = NULL;
    if (!st) {
        ix = malloc(w->nblocks * CAT_ENTRY + 1);
        if (!ix) st = mc_fail(err, MC_ENOMEM, "%s: out of memory", w->path);
    }
    if (!st) {
        for (size_t b = 0; b < w->nblocks; b++) {
            uint8_t *e = ix + b * CAT_ENTRY;
            put64(e, w->index[b].first_rank);
            put64(e + 8, w->index[b].offset);
            put32(e + 16, w->index[b].csize);
            put32(e + 20, w->index[b].usize);
            put32(e + 24, w->index[b].ngrids);
            put32(e + 28, w->index[b].crc);
            put32(e + 32, w->index[b].ccrc);
            put32(e + 36, 0);
        }
        st = write_all(w, ix, w->nblocks * CAT_ENTRY, err);
    }
    if (!st) {
        uint8_t h[CAT_HEADER] = {0};
        memcpy(h, CAT_MAGIC, 8);
        put32(h + 8, CAT_VERSION);
        h[12] = (uint8_t)w->geo->R;
        h[13] = (uint8_t)w->geo->C;
        put64(h + 16, w->first_rank);
        put64(h + 24, w->count);
        put32(h + 32, CAT_PER_BLOCK);
        put32(h + 36, (uint32_t)w->nblocks);
        put64(h + 40, w->offset);
        put32(h + 48, (uint32_t)crc32(0L, ix, (uInt)(w->nblocks * CAT_ENTRY)));
        put32(h + 60, (uint32_t)crc32(0L, h, 60));
        if (fseek(w->f, 0, SEEK_SET) != 0)
            st = mc_fail(err, MC_EIO, "%s: seek failed: %s", w->path, strerror(errno));
        else
            st = write_all(w, h, sizeof h, err);
    }
    free(ix);
    if (!st && fclose(w->f) != 0) st = mc_fail(err, MC_EIO, "%s: close failed: %s", w->path, strerror(errno));
    else if (st) fclose(w->f);
    if (st) remove(w->path);
    w->f = NULL;
    free(w->path);
    free(w->raw);
    free(w->zbuf);
    free(w->index);
    free(w);
    return st;
}

void catalogue_abort(catalogue_writer *w)
{
    if (!w) return;
    if (w->f) {
        fclose(w->f);
        remove(w->path);
    }
    free(w->path);
    free(w->raw);
    free(w->zbuf);
    free(w->index);
    free(w);
}

/* ---------------------------------------------------------------- reader */

struct catalogue_reader {
    FILE *f;
    char *path;
    const geometry *geo;
    uint64_t first_rank, count;
    uint32_t per_block, nblocks;
    block_entry *index;
    uint8_t *zbuf, *raw;
    size_t zcap, rawcap;
    long cur_block;        /* loaded block, -1 none */
    size_t pos;            /* read position in raw */
    uint32_t done_in_block; /* records decoded in the loaded block */
    uint64_t next_rank;
    uint8_t prev[MAX_CELLS];
    masks m;               /* masks of prev (all full once a grid is decoded) */
};

mc_status catalogue_open(const char *path, catalogue_reader **out, mc_error *err)
{
    catalogue_reader *r = calloc(1, sizeof *r);
    if (!r) return mc_fail(err, MC_ENOMEM, "%s: out of memory", path);
    r->path = strdup(path);
    r->cur_block = -1;
    if (!r->path) {
        free(r);
        return mc_fail(err, MC_ENOMEM, "%s: out of memory", path);
    }
    mc_status st = MC_OK;
    r->f = fopen(path, "rb");
    if (!r->f) {
        st = mc_fail(err, MC_EIO, "%s: cannot open: %s", path, strerror(errno));
        goto fail;
    }
    uint8_t h[CAT_HEADER];
    if (fread(h, 1, CAT_HEADER, r->f) != CAT_HEADER) {
        st = mc_fail(err, MC_ECORRUPT, "%s: not a grid catalogue (truncated header)", path);
        goto fail;
    }
    if (memcmp(h, CAT_MAGIC, 8) != 0) {
        st = mc_fail(err, MC_ECORRUPT, "%s: not a grid catalogue (bad magic)", path);
        goto fail;
    }
    /* the version first: another version may lay out (and checksum) its
     * header differently */
    if (get32(h + 8) != CAT_VERSION) {
        st = mc_fail(err, MC_ECORRUPT, "%s: catalogue format version %u, this build reads version %u", path,
                     get32(h + 8), CAT_VERSION);
        goto fail;
    }
    if (get32(h + 60) != (uint32_t)crc32(0L, h, 60)) {
        st = mc_fail(err, MC_ECORRUPT, "%s: corrupt catalogue header (CRC mismatch)", path);
        goto fail;
    }
    r->geo = geometry_get(h[12], h[13]);
    r->first_rank = get64(h + 16);
    r->count = get64(h + 24);
    r->per_block = get32(h + 32);
    r->nblocks = get32(h + 36);
    uint64_t ixoff = get64(h + 40);
    if (r->first_rank >= 1 && r->count > UINT64_MAX - r->first_rank) {
        st = mc_fail(err, MC_ECORRUPT,
                     "%s: corrupt catalogue header (ranks from %llu for %llu grids go past 2^64 - 1)", path,
                     (unsigned long long)r->first_rank, (unsigned long long)r->count);
        goto fail;
    }
    if (!r->geo || r->first_rank < 1 || r->per_block == 0 || r->per_block > (1u << 24) ||
        r->nblocks != (r->count + r->per_block - 1) / r->per_block || ixoff < CAT_HEADER) {
        st = mc_fail(err, MC_ECORRUPT, "%s: corrupt catalogue header (inconsistent fields)", path);
        goto fail;
    }
    if (fseeko(r->f, 0, SEEK_END) != 0) {
        st = mc_fail(err, MC_EIO, "%s: cannot seek: %s", path, strerror(errno));
        goto fail;
    }
    uint64_t size = (uint64_t)ftello(r->f);
    if (size != ixoff + (uint64_t)r->nblocks * CAT_ENTRY) {
        st = mc_fail(err, MC_ECORRUPT, "%s: truncated or padded catalogue (size %llu, expected %llu)", path,
                     (unsigned long long)size, (unsigned long long)(ixoff + (uint64_t)r->nblocks * CAT_ENTRY));
        goto fail;
    }
    size_t ixlen = (size_t)r->nblocks * CAT_ENTRY;
    uint8_t *ix = malloc(ixlen + 1);
    r->index = malloc(((size_t)r->nblocks + 1) * sizeof *r->index);
    if (!ix || !r->index) {
        free(ix);
        st = mc_fail(err, MC_ENOMEM, "%s: out of memory", path);
        goto fail;
    }
    if (fseeko(r->f, (off_t)ixoff, SEEK_SET) != 0 || fread(ix, 1, ixlen, r->f) != ixlen) {
        free(ix);
        st = mc_fail(err, MC_ECORRUPT, "%s: cannot read the block index", path);
        goto fail;
    }
    if ((uint32_t)crc32(0L, ix, (uInt)ixlen) != get32(h + 48)) {
        free(ix);
        st = mc_fail(err, MC_ECORRUPT, "%s: corrupt block index (CRC mismatch)", path);
        goto fail;
    }
    uint64_t off = CAT_HEADER, rank = r->first_rank;
    uint32_t maxc = 0, maxu = 0;
    for (uint32_t b = 0; b < r->nblocks; b++) {
        block_entry *e = &r->index[b];
        const uint8_t *p = ix + (size_t)b * CAT_ENTRY;
        e->first_rank = get64(p);
        e->offset = get64(p + 8);
        e->csize = get32(p + 16);
        e->usize = get32(p + 20);
        e->ngrids = get32(p + 24);
        e->crc = get32(p + 28);
        e->ccrc = get32(p + 32);
        uint32_t want = b + 1 < r->nblocks ? r->per_block : (uint32_t)(r->count - (uint64_t)b * r->per_block);
        if (e->first_rank != rank || e->offset != off || e->ngrids != want || e->csize == 0 ||
            e->usize < e->ngrids || e->usize > e->ngrids * (uint32_t)(r->geo->ncells + 3)) {
            free(ix);
            st = mc_fail(err, MC_ECORRUPT, "%s: corrupt block index (entry of block %u)", path, b);
            goto fail;
        }
        off += e->csize;
        rank += e->ngrids;
        if (e->csize > maxc) maxc = e->csize;
        if (e->usize > maxu) maxu = e->usize;
    }
    free(ix);
    if (off != ixoff) {
        st = mc_fail(err, MC_ECORRUPT, "%s: corrupt block index (blocks do not reach the index)", path);
        goto fail;
    }
    r->zcap = maxc ? maxc : 1;
    r->rawcap = maxu ? maxu : 1;
    r->zbuf = malloc(r->zcap);
    r->raw = malloc(r->rawcap);
    if (!r->zbuf || !r->raw) {
        st = mc_fail(err, MC_ENOMEM, "%s: out of memory", path);
        goto fail;
    }
    r->next_rank = r->first_rank;
    *out = r;
    return MC_OK;
fail:
    catalogue_close(r);
    return st;
}

void catalogue_close(catalogue_reader *r)
{
    if (!r) return;
    if (r->f) fclose(r->f);
    free(r->path);
    free(r->index);
    free(r->zbuf);
    free(r->raw);
    free(r);
}

const geometry *catalogue_geometry(const catalogue_reader *r) { return r->geo; }
uint64_t catalogue_first_rank(const catalogue_reader *r) { return r->first_rank; }
uint64_t catalogue_count(const catalogue_reader *r) { return r->count; }

static mc_status load_block(catalogue_reader *r, uint32_t b, mc_error *err)
{
    const block_entry *e = &r->index[b];
    r->cur_block = -1;
    if (fseeko(r->f, (off_t)e->offset, SEEK_SET) != 0 || fread(r->zbuf, 1, e->csize, r->f) != e->csize)
        return mc_fail(err, MC_ECORRUPT, "%s: block %u: truncated", r->path, b);
    if ((uint32_t)crc32(0L, r->zbuf, (uInt)e->csize) != e->ccrc)
        return mc_fail(err, MC_ECORRUPT, "%s: block %u: CRC mismatch (compressed data)", r->path, b);
    uLongf ulen = e->usize;
    int zst = uncompress(r->raw, &ulen, r->zbuf, e->csize);
    if (zst != Z_OK || ulen != e->usize)
        return mc_fail(err, MC_ECORRUPT, "%s: block %u: bad compressed data", r->path, b);
    if ((uint32_t)crc32(0L, r->raw, (uInt)ulen) != e->crc)
        return mc_fail(err, MC_ECORRUPT, "%s: block %u: CRC mismatch", r->path, b);
    r->cur_block = b;
    r->pos = 0;
    r->done_in_block = 0;
    return MC_OK;
}

static inline bool get_varint(const uint8_t *buf, size_t len, size_t *pos, uint64_t *v)
{
    uint64_t x = 0;
    for (int shift = 0; shift < 64; shift += 7) {
        if (*pos >= len) return false;
        uint8_t c = buf[(*pos)++];
        x |= (uint64_t)(c & 0x7f) << shift;
        if (!(c & 0x80)) {
            *v = x;
            return true;
        }
    }
    return false;
}

/* Decodes the next record of the loaded block into r->prev. */
static mc_status decode_record(catalogue_reader *r, mc_error *err)
{
    const geometry *geo = r->geo;
    const int n = geo->ncells;
    const uint8_t *buf = r->raw;
    size_t len = r->index[r->cur_block].usize;
    uint64_t tag;
    if (!get_varint(buf, len, &r->pos, &tag) || tag > (uint64_t)(2 * n)) goto bad;
    bool first = r->done_in_block == 0;
    if (tag >= (uint64_t)n) {
        int p = (int)tag - n;
        if (first && p != 0) goto bad;
        if (r->pos + (size_t)(n - p) > len) goto bad;
        if (first) {
            memset(&r->m, 0, sizeof r->m);
        } else {
            for (int i = p; i < n; i++) masks_flip(&r->m, geo, i, r->prev[i]);
        }
        for (int i = p; i < n; i++) {
            uint8_t d = buf[r->pos++];
            if (d >= geo->N || !(masks_free(&r->m, geo, i) & (1u << d))) goto bad;
            r->prev[i] = d;
            masks_flip(&r->m, geo, i, d);
        }
    } else {
        if (first) goto bad;
        int p = (int)tag;
        uint64_t v, mult = 1;
        if (!get_varint(buf, len, &r->pos, &v)) goto bad;
        for (int i = p; i < n; i++) masks_flip(&r->m, geo, i, r->prev[i]);
        for (int i = p; i < n; i++) {
            uint32_t cand = masks_free(&r->m, geo, i);
            if (i == p) cand &= ~((2u << r->prev[p]) - 1);
            if (!cand) goto bad;
            int d;
            if (cand & (cand - 1)) {
                uint32_t k = (uint32_t)__builtin_popcount(cand);
                if (mult > CHUNK_LIMIT / k) {
                    if (v != 0 || !get_varint(buf, len, &r->pos, &v)) goto bad;
                    mult = 1;
                }
                mult *= k;
                uint32_t c = (uint32_t)(v % k);
                v /= k;
                while (c--) cand &= cand - 1;
            }
            d = __builtin_ctz(cand);
            r->prev[i] = (uint8_t)d;
            masks_flip(&r->m, geo, i, d);
        }
        if (v != 0) goto bad;
    }
    r->done_in_block++;
    if (r->done_in_block == r->index[r->cur_block].ngrids && r->pos != len) goto bad;
    return MC_OK;
bad:;
    long b = r->cur_block;
    r->cur_block = -1;
    return mc_fail(err, MC_ECORRUPT, "%s: block %ld: bad grid record", r->path, b);
}

mc_status catalogue_seek(catalogue_reader *r, uint64_t rank, mc_error *err)
{
    if (rank < r->first_rank || rank > r->first_rank + r->count)
        return mc_fail(err, MC_EINVAL, "%s: rank %llu outside %llu-%llu", r->path, (unsigned long long)rank,
                       (unsigned long long)r->first_rank, (unsigned long long)(r->first_rank + r->count - 1));
    r->next_rank = rank;
    if (rank == r->first_rank + r->count) {
        r->cur_block = -1;
        return MC_OK;
    }
    uint32_t b = (uint32_t)((rank - r->first_rank) / r->per_block);
    uint32_t skip = (uint32_t)(rank - r->index[b].first_rank);
    if (r->cur_block != (long)b || r->done_in_block > skip) {
        mc_status st = load_block(r, b, err);
        if (st) return st;
    }
    while (r->done_in_block < skip) {
        mc_status st = decode_record(r, err);
        if (st) return st;
    }
    return MC_OK;
}

mc_status catalogue_next(catalogue_reader *r, uint8_t *grid_out, uint64_t *rank, mc_error *err)
{
    if (r->next_rank >= r->first_rank + r->count) return MC_EOF;
    uint32_t b = (uint32_t)((r->next_rank - r->first_rank) / r->per_block);
    if (r->cur_block != (long)b) {
        mc_status st = load_block(r, b, err);
        if (st) return st;
        uint32_t skip = (uint32_t)(r->next_rank - r->index[b].first_rank);
        while (r->done_in_block < skip) {
            st = decode_record(r, err);
            if (st) return st;
        }
    }
    mc_status st = decode_record(r, err);
    if (st) return st;
    memcpy(grid_out, r->prev, (size_t)r->geo->ncells);
    if (rank) *rank = r->next_rank;
    r->next_rank++;
    return MC_OK;
}

mc_status catalogue_rebase(const char *path, uint64_t first_rank, mc_error *err)
{
    if (first_rank < 1) return mc_fail(err, MC_EINVAL, "%s: first rank must be >= 1", path);
    catalogue_reader *r;
    mc_status st = catalogue_open(path, &r, err);
    if (st) return st;
    uint32_t nblocks = r->nblocks;
    uint64_t count = r->count;
    catalogue_close(r);
    if (count > UINT64_MAX - first_rank)
        return mc_fail(err, MC_EINVAL, "%s: first rank %llu is too large: its %llu grids would go past rank 2^64 - 1",
                       path, (unsigned long long)first_rank, (unsigned long long)count);
    FILE *f = fopen(path, "r+b");
    if (!f) return mc_fail(err, MC_EIO, "%s: cannot open for update: %s", path, strerror(errno));
    uint8_t h[CAT_HEADER];
    size_t ixlen = (size_t)nblocks * CAT_ENTRY;
    uint8_t *ix = malloc(ixlen + 1);
    st = MC_OK;
    if (!ix) st = mc_fail(err, MC_ENOMEM, "%s: out of memory", path);
    else if (fread(h, 1, CAT_HEADER, f) != CAT_HEADER) st = mc_fail(err, MC_EIO, "%s: read error", path);
    uint64_t ixoff = get64(h + 40);
    if (!st && (fseeko(f, (off_t)ixoff, SEEK_SET) != 0 || fread(ix, 1, ixlen, f) != ixlen))
        st = mc_fail(err, MC_EIO, "%s: read error", path);
    if (!st) {
        uint64_t old = get64(h + 16);
        for (uint32_t b = 0; b < nblocks; b++) {
            uint8_t *e = ix + (size_t)b * CAT_ENTRY;
            put64(e, get64(e) - old + first_rank);
        }
        put64(h + 16, first_rank);
        put32(h + 48, (uint32_t)crc32(0L, ix, (uInt)ixlen));
        put32(h + 60, (uint32_t)crc32(0L, h, 60));
        if (fseeko(f, (off_t)ixoff, SEEK_SET) != 0 || fwrite(ix, 1, ixlen, f) != ixlen || fseeko(f, 0, SEEK_SET) != 0 ||
            fwrite(h, 1, CAT_HEADER, f) != CAT_HEADER)
            st = mc_fail(err, MC_EIO, "%s: write error: %s", path, strerror(errno));
    }
    free(ix);
    if (fclose(f) != 0 && !st) st = mc_fail(err, MC_EIO, "%s: write error: %s", path, strerror(errno));
    return st;
}
