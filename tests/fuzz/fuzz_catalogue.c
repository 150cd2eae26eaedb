/* fuzz_catalogue — the catalogue reader: header, block index and block
 * decoder. Every grid it returns must be a valid solution grid of the
 * file's shape with consecutive ranks; a damaged file is an error, never a
 * crash. A few seeks exercise the index.
 *
 * Two input forms: a whole file, as it is (the CRCs stop most mutations at
 * the header), or, when the input starts with 'W', a block body wrapped
 * into a valid one-block file (byte 1: shape 2x2/2x3/3x3, byte 2: grid
 * count, the rest: the uncompressed records), so the record decoder itself
 * sees mutated data behind correct CRCs. */
#include <string.h>
#include <zlib.h>

#include "catalogue.h"
#include "fuzz_common.h"
#include "grid.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void put_le(uint8_t *p, uint64_t v, int bytes)
{
    for (int i = 0; i < bytes; i++) p[i] = (uint8_t)(v >> (8 * i));
}

/* The one-block file around body (the layout documented in catalogue.c). */
static uint8_t *wrap_block(const uint8_t *data, size_t size, size_t *out_len)
{
    static const uint8_t shapes[3][2] = {{2, 2}, {2, 3}, {3, 3}};
    const uint8_t *shape = shapes[data[1] % 3];
    uint32_t ngrids = data[2] ? data[2] : 1;
    const uint8_t *body = data + 3;
    size_t blen = size - 3;
    uLongf zlen = compressBound((uLong)blen);
    uint8_t *f = calloc(1, 64 + zlen + 40);
    if (!f) abort();
    if (compress2(f + 64, &zlen, body, (uLong)blen, 6) != Z_OK) abort();
    uint8_t *e = f + 64 + zlen;
    put_le(e, 1, 8);
    put_le(e + 8, 64, 8);
    put_le(e + 16, zlen, 4);
    put_le(e + 20, blen, 4);
    put_le(e + 24, ngrids, 4);
    put_le(e + 28, (uint32_t)crc32(0L, body, (uInt)blen), 4);
    put_le(e + 32, (uint32_t)crc32(0L, f + 64, (uInt)zlen), 4);
    memcpy(f, "MCGRIDS\x1a", 8);
    put_le(f + 8, 1, 4);
    f[12] = shape[0];
    f[13] = shape[1];
    put_le(f + 16, 1, 8);
    put_le(f + 24, ngrids, 8);
    put_le(f + 32, 65536, 4);
    put_le(f + 36, 1, 4);
    put_le(f + 40, 64 + zlen, 8);
    put_le(f + 48, (uint32_t)crc32(0L, e, 40), 4);
    put_le(f + 60, (uint32_t)crc32(0L, f, 60), 4);
    *out_len = 64 + zlen + 40;
    return f;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t *wrapped = NULL;
    if (size >= 3 && data[0] == 'W') {
        wrapped = wrap_block(data, size, &size);
        data = wrapped;
    }
    const char *path = fuzz_write_temp(data, size, ".cat");
    free(wrapped);
    mc_error err;
    catalogue_reader *r;
    if (catalogue_open(path, &r, &err) == MC_OK) {
        const geometry *geo = catalogue_geometry(r);
        uint64_t first = catalogue_first_rank(r), count = catalogue_count(r);
        if (first < 1 || count > UINT64_MAX - first) abort();
        grid g;
        g.geo = geo;
        uint64_t rank, want = first;
        mc_status st;
        long n = 0;
        while (n < 200000 && (st = catalogue_next(r, g.cell, &rank, &err)) == MC_OK) {
            if (rank != want++ || !grid_is_valid_solution(&g)) abort();
            n++;
        }
        if (count) {
            uint64_t probe[3] = {first, first + count / 2, first + count - 1};
            for (int i = 0; i < 3; i++)
                if (catalogue_seek(r, probe[i], &err) == MC_OK &&
                    catalogue_next(r, g.cell, &rank, &err) == MC_OK && rank != probe[i])
                    abort();
        }
        catalogue_close(r);
    }
    unlink(path);
    return 0;
}
