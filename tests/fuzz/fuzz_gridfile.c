/* fuzz_gridfile — the grid/puzzle line reader (gridfile over linereader),
 * plain and gzip input, every shape inferred per line; then the raw line
 * reader on the same bytes. Checks: no crash or sanitizer report, every
 * grid returned has a shape and legal digits, no line holds a NUL byte. */
#include <assert.h>
#include <string.h>

#include "fuzz_common.h"
#include "gridfile.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_write_temp(data, size, ".txt");
    mc_error err;
    gridfile *f;
    if (gridfile_open(path, NULL, size && (data[0] & 1) ? DIGITS_HEX : DIGITS_STD, &f, &err) == MC_OK) {
        grid g;
        const char *trailer;
        mc_status st;
        long last = 0;
        while ((st = gridfile_next(f, &g, &trailer, &err)) == MC_OK || st == MC_EFORMAT) {
            if (st == MC_OK) {
                if (!g.geo) abort();
                for (int i = 0; i < g.geo->ncells; i++)
                    if (g.cell[i] >= g.geo->N && g.cell[i] != CELL_EMPTY) abort();
            }
            if (gridfile_line(f) <= last) abort(); /* every call moves on */
            last = gridfile_line(f);
        }
        gridfile_free(f);
    }
    linereader *r;
    if (linereader_open(path, &r, &err) == MC_OK) {
        char *line;
        size_t len;
        mc_status st;
        while ((st = linereader_next(r, &line, &len, &err)) == MC_OK || st == MC_EFORMAT)
            if (st == MC_OK && (strlen(line) != len || len > LINE_MAX_BYTES)) abort();
        linereader_free(r);
    }
    unlink(path);
    return 0;
}
