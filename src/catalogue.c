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
#include "catalogue_format.h"
#include "grid.h"


#include <assert.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

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
