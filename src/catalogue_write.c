/* catalogue_write — writing catalogue files (see catalogue.h). */
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

