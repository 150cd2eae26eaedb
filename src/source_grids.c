/* source_grids — a text file of solution grids; see source.h. */
#include <assert.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"
#include "gridfile.h"
#include "source.h"

/* Scans the file: one shape, valid solution grids; counts them. */
static mc_status resolve(job *j, uint64_t *base, uint64_t *count, mc_error *err)
{
    gridfile *gf;
    mc_status st = gridfile_open(j->source_path, j->geo, DIGITS_STD, &gf, err);
    if (st != MC_OK) return st;
    grid g;
    const char *trailer;
    uint64_t n = 0;
    while ((st = gridfile_next(gf, &g, &trailer, err)) == MC_OK) {
        if (!j->geo) j->geo = g.geo;
        if (g.geo != j->geo) {
            st = mc_fail(err, MC_EFORMAT, "%s:%ld: a %dx%d grid in a file of %dx%d grids", gridfile_name(gf),
                         gridfile_line(gf), g.geo->N, g.geo->N, j->geo->N, j->geo->N);
            break;
        }
        if (!grid_is_valid_solution(&g)) {
            mc_error e;
            if (!grid_is_complete(&g))
                st = mc_fail(err, MC_EINVAL, "%s:%ld: not a complete grid", gridfile_name(gf), gridfile_line(gf));
            else if (grid_check(&g, DIGITS_STD, &e) != MC_OK)
                st = mc_fail(err, MC_EINVAL, "%s:%ld: not a valid solution grid: %s", gridfile_name(gf),
                             gridfile_line(gf), e.msg);
            else
                st = mc_fail(err, MC_EINVAL, "%s:%ld: not a valid solution grid", gridfile_name(gf),
                             gridfile_line(gf));
            break;
        }
        n++;
    }
    gridfile_free(gf);
    if (st != MC_EOF) return st;
    if (n > 0 && j->ranks_given && j->last > n)
        return mc_fail(err, MC_EINVAL, "%s: ranks %llu-%llu go beyond the %llu grids of %s", j->path,
                       (unsigned long long)j->first, (unsigned long long)j->last, (unsigned long long)n,
                       j->source_path);
    *base = 1;
    *count = n;
    return MC_OK;
}

static mc_status open_reader(const job *j, void **state, uint64_t *next, mc_error *err)
{
    gridfile *gf;
    mc_status st = gridfile_open(j->source_path, j->geo, DIGITS_STD, &gf, err);
    if (st != MC_OK) return st;
    *state = gf;
    *next = 1;
    return MC_OK;
}

static mc_status read_grids(void *state, const job *j, uint64_t *next, uint64_t first, uint64_t count,
                            uint8_t *grids, mc_error *err)
{
    gridfile *gf = state;
    const geometry *geo = j->geo;
    assert(first >= *next);
    grid g;
    const char *trailer;
    while (*next < first + count) {
        mc_status st = gridfile_next(gf, &g, &trailer, err);
        if (st == MC_EOF)
            return mc_fail(err, MC_EIO, "%s: ends before rank %llu (the file changed?)", j->source_path,
                           (unsigned long long)*next);
        if (st != MC_OK) return st;
        if (g.geo != geo || !grid_is_valid_solution(&g))
            return mc_fail(err, MC_EINVAL, "%s:%ld: not a valid %dx%d solution grid (the file changed?)",
                           gridfile_name(gf), gridfile_line(gf), geo->N, geo->N);
        if (*next >= first) memcpy(grids + (*next - first) * (uint64_t)geo->ncells, g.cell, (size_t)geo->ncells);
        (*next)++;
    }
    return MC_OK;
}

static void close_reader(void *state) { gridfile_free(state); }

/* FNV-1a of every byte of the file (the file is read in full by resolve
 * anyway). */
static mc_status fingerprint(const job *j, uint64_t *sum, mc_error *err)
{
    FILE *f = fopen(j->source_path, "rb");
    if (!f) return mc_fail(err, MC_EIO, "%s: %s", j->source_path, strerror(errno));
    uint64_t h = JOB_FNV_INIT;
    unsigned char buf[1 << 16];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) h = job_fnv1a(h, buf, n);
    bool bad = ferror(f);
    fclose(f);
    if (bad) return mc_fail(err, MC_EIO, "%s: read error", j->source_path);
    *sum = h;
    return MC_OK;
}

const source_kind source_grids = {"grids", resolve, open_reader, read_grids, close_reader, fingerprint};
