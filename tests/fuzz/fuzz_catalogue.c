/* fuzz_catalogue — the catalogue reader: header, block index and block
 * decoder. Every grid it returns must be a valid solution grid of the
 * file's shape with consecutive ranks; a damaged file is an error, never a
 * crash. A few seeks exercise the index. */
#include <string.h>

#include "catalogue.h"
#include "fuzz_common.h"
#include "grid.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_write_temp(data, size, ".cat");
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
