/* fuzz_common — shared by the libFuzzer harnesses: the readers under test
 * take a path, so each input is written to one temporary file per process. */
#ifndef MC_FUZZ_COMMON_H
#define MC_FUZZ_COMMON_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static const char *fuzz_write_temp(const uint8_t *data, size_t size, const char *suffix)
{
    static char path[256];
    const char *dir = getenv("TMPDIR");
    snprintf(path, sizeof path, "%s/mc_fuzz_%ld%s", dir && *dir ? dir : "/tmp", (long)getpid(), suffix);
    FILE *f = fopen(path, "wb");
    if (!f) abort();
    if (size && fwrite(data, 1, size, f) != size) abort();
    if (fclose(f) != 0) abort();
    return path;
}

#endif
