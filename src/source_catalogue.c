/* source_catalogue — a catalogue file (catalogue.h) and its rank range; see source.h. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "catalogue.h"
#include "source.h"

static mc_status resolve(job *j, uint64_t *base, uint64_t *count, mc_error *err)
{
    catalogue_reader *r;
    mc_status st = catalogue_open(j->source_path, &r, err);
    if (st != MC_OK) return st;
    const geometry *geo = catalogue_geometry(r);
    *base = catalogue_first_rank(r);
    *count = catalogue_count(r);
    catalogue_close(r);
    if (j->geo && j->geo != geo)
        return mc_fail(err, MC_EINVAL, "%s: shape %dx%d, but %s holds %dx%d grids", j->path, j->geo->R, j->geo->C,
                       j->source_path, geo->R, geo->C);
    j->geo = geo;
    return MC_OK;
}

static mc_status open_reader(const job *j, void **state, uint64_t *next, mc_error *err)
{
    catalogue_reader *r;
    mc_status st = catalogue_open(j->source_path, &r, err);
    if (st != MC_OK) return st;
    if (catalogue_geometry(r) != j->geo) {
        catalogue_close(r);
        return mc_fail(err, MC_EINVAL, "%s: not the shape of the job (the file changed?)", j->source_path);
    }
    *next = catalogue_first_rank(r);
    *state = r;
    return MC_OK;
}

static mc_status read_grids(void *state, const job *j, uint64_t *next, uint64_t first, uint64_t count,
                            uint8_t *grids, mc_error *err)
{
    catalogue_reader *r = state;
    mc_status st;
    if (first != *next && (st = catalogue_seek(r, first, err)) != MC_OK) return st;
    for (uint64_t i = 0; i < count; i++) {
        uint64_t rank;
        st = catalogue_next(r, grids + i * (uint64_t)j->geo->ncells, &rank, err);
        if (st == MC_EOF)
            return mc_fail(err, MC_EIO, "%s: ends before rank %llu (the file changed?)", j->source_path,
                           (unsigned long long)(first + i));
        if (st != MC_OK) return st;
        if (rank != first + i)
            return mc_fail(err, MC_ECORRUPT, "%s: rank %llu where %llu was expected", j->source_path,
                           (unsigned long long)rank, (unsigned long long)(first + i));
    }
    *next = first + count;
    return MC_OK;
}

static void close_reader(void *state) { catalogue_close(state); }

/* The file's 64-byte header: it holds the CRC32 of the block index, whose
 * entries hold the CRC32 of every block, so an edit of any grid (or of the
 * ranks) changes it; the file is checked by catalogue_open in resolve. */
static mc_status fingerprint(const job *j, uint64_t *sum, mc_error *err)
{
    FILE *f = fopen(j->source_path, "rb");
    if (!f) return mc_fail(err, MC_EIO, "%s: %s", j->source_path, strerror(errno));
    unsigned char head[64];
    size_t n = fread(head, 1, sizeof head, f);
    fclose(f);
    if (n != sizeof head) return mc_fail(err, MC_EIO, "%s: cannot read its header", j->source_path);
    *sum = job_fnv1a(JOB_FNV_INIT, head, sizeof head);
    return MC_OK;
}

const source_kind source_catalogue = {"catalogue", resolve, open_reader, read_grids, close_reader, fingerprint};
