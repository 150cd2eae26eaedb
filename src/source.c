/* source — the source table, job_resolve and the reader; see source.h. */
#include "source.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "bandpair_unit.h"

/* A chunk's units travel in one MPI message and one buffer. */
#define SOURCE_MAX_CHUNK_BYTES ((uint64_t)256 << 20)

size_t job_unit_bytes(const job *j)
{
    return job_source_gives_groups(j->source) ? (size_t)BANDPAIR_UNIT_BYTES : (size_t)j->geo->ncells;
}

/* x^e modulo 2^64 */
static uint64_t power64(uint64_t x, unsigned e)
{
    uint64_t r = 1;
    for (; e; e >>= 1, x *= x)
        if (e & 1) r *= x;
    return r;
}

uint64_t job_checksum_units(const job *j, const uint8_t *units, uint64_t n)
{
    if (!job_source_gives_groups(j->source)) return job_checksum_grids(units, n, j->geo->ncells);
    uint64_t h = JOB_FNV_INIT;
    for (uint64_t i = 0; i < n; i++) {
        const uint8_t *u = units + i * BANDPAIR_UNIT_BYTES;
        int items = bandpair_unit_nitems(u);
        size_t filled = BANDPAIR_UNIT_BAND3 + 27 * (size_t)(items <= BANDPAIR_MAX_ITEMS ? items : BANDPAIR_MAX_ITEMS);
        h = job_fnv1a(h, u, filled) * power64(JOB_FNV_PRIME, (unsigned)(BANDPAIR_UNIT_BYTES - filled));
    }
    return h;
}

#define SOURCE_ENTRY_(ID, name, ...) [JOB_SOURCE_##ID] = &source_##name,
static const source_kind *const sources[JOB_SOURCE_COUNT] = {SOURCES(SOURCE_ENTRY_)};
#undef SOURCE_ENTRY_

const source_kind *source_of(job_source_kind k)
{
    return (int)k >= 0 && k < JOB_SOURCE_COUNT ? sources[k] : NULL;
}

mc_status job_resolve(job *j, mc_error *err)
{
    uint64_t count = 0, base = 1;
    const source_kind *k = source_of(j->source);
    if (!k) return mc_fail(err, MC_EINVAL, "%s: no such source (%d)", j->path, (int)j->source);
    mc_status st = k->resolve(j, &base, &count, err);
    if (st != MC_OK) return st;
    if (count == 0) return mc_fail(err, MC_EINVAL, "%s: source %s holds no grids", j->path, j->source_path);
    if (!j->engine_given) {
        j->engine = job_engine_default(j);
        j->engine_given = true;
    }
    char bands[48];
    snprintf(bands, sizeof bands, "the grids of bands %d-%d", j->band_lo, j->band_hi);
    const char *what = j->source_path                          ? j->source_path
                       : job_source_gives_groups(j->source)   ? "the band-pair groups"
                       : j->source == JOB_SOURCE_ENUMERATE8   ? "the ES 8x8 grids"
                                                              : bands;
    if (!j->ranks_given) {
        j->first = base;
        j->last = base + count - 1;
    } else if (j->first < base || j->last > base + count - 1) {
        return mc_fail(err, MC_EINVAL, "%s: ranks %llu-%llu are not all in %s, whose ranks are %llu-%llu", j->path,
                       (unsigned long long)j->first, (unsigned long long)j->last, what, (unsigned long long)base,
                       (unsigned long long)(base + count - 1));
    }
    j->has_source_sum = false;
    if (k->fingerprint) {
        if ((st = k->fingerprint(j, &j->source_sum, err)) != MC_OK) return st;
        j->has_source_sum = true;
    }
    if (j->chunk * (uint64_t)job_unit_bytes(j) > SOURCE_MAX_CHUNK_BYTES)
        return mc_fail(err, MC_EINVAL, "%s: chunk %llu is too large for source %s: at most %llu units of %zu bytes",
                       j->path, (unsigned long long)j->chunk, job_source_name(j->source),
                       (unsigned long long)(SOURCE_MAX_CHUNK_BYTES / job_unit_bytes(j)), job_unit_bytes(j));
    if (j->clues > j->geo->ncells)
        return mc_fail(err, MC_EINVAL, "%s: clues %d is more than the %d cells of the grids", j->path, j->clues,
                       j->geo->ncells);
    return MC_OK;
}

struct job_source {
    const job *j;
    const source_kind *kind;
    void *state;
    uint64_t next;      /* rank of the next grid the reader returns */
};

mc_status job_source_open(const job *j, job_source **out, mc_error *err)
{
    job_source *s = calloc(1, sizeof *s);
    if (!s) return mc_fail(err, MC_ENOMEM, "out of memory");
    s->j = j;
    s->kind = source_of(j->source);
    s->next = 1;
    mc_status st = s->kind ? s->kind->open(j, &s->state, &s->next, err)
                           : mc_fail(err, MC_EINVAL, "%s: no such source (%d)", j->path, (int)j->source);
    if (st != MC_OK) {
        free(s);
        return st;
    }
    *out = s;
    return MC_OK;
}

mc_status job_source_read(job_source *s, uint64_t first, uint64_t count, uint8_t *grids, mc_error *err)
{
    return s->kind->read(s->state, s->j, &s->next, first, count, grids, err);
}

void job_source_close(job_source *s)
{
    if (!s) return;
    s->kind->close(s->state);
    free(s);
}

/* Is path a regular file with the job's content sum? */
static bool holds_content(const job *j, const source_kind *k, const char *path)
{
    struct stat sb;
    if (stat(path, &sb) != 0 || !S_ISREG(sb.st_mode)) return false;
    job t = *j; /* a shallow copy: only its source_path is read */
    t.source_path = (char *)path;
    uint64_t sum;
    mc_error e;
    return k->fingerprint(&t, &sum, &e) == MC_OK && sum == j->source_sum;
}

/* After the last folder called name (len bytes) on the path rec: the
 * rest of rec ("4x4/es4x4.txt" after "proofs"), or NULL when no folder of
 * rec has that name or the rest would climb out ("..") of it. */
static const char *rest_after(const char *rec, const char *name, size_t len)
{
    const char *rest = NULL;
    for (const char *p = rec; (p = strchr(p, '/')) != NULL; p++) {
        const char *q = p + 1, *end = strchr(q, '/');
        if (end && (size_t)(end - q) == len && !strncmp(q, name, len)) rest = end + 1;
    }
    if (!rest) return NULL;
    for (const char *p = rest; *p;) { /* no ".." component */
        const char *end = strchr(p, '/');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        if (n == 2 && !strncmp(p, "..", 2)) return NULL;
        p += n + (end != NULL);
    }
    return rest;
}

mc_status job_source_locate(job *j, const char *near, mc_error *err)
{
    const source_kind *k = source_of(j->source);
    if (!j->source_path || !j->has_source_sum || !k || !k->fingerprint) return MC_OK;
    if (holds_content(j, k, j->source_path)) return MC_OK;
    const char *rec = j->source_path;
    char dir[PATH_MAX], cand[2 * PATH_MAX + 2];
    if (!realpath(near, dir)) return mc_fail(err, MC_EIO, "%s: %s", near, strerror(errno));
    /* the record's folder: the nearest folder holding near (near itself
     * included) named as a folder of rec; never one above it */
    for (;;) {
        char *slash = strrchr(dir, '/');
        if (!slash || !slash[1]) break; /* "/": no name */
        const char *rest = rest_after(rec, slash + 1, strlen(slash + 1));
        if (rest) {
            snprintf(cand, sizeof cand, "%s/%s", dir, rest);
            if (!holds_content(j, k, cand))
                return mc_fail(err, MC_EIO,
                               "%s: no file of the job's source (content sum %016llx) there, nor at %s in the "
                               "record's folder",
                               rec, (unsigned long long)j->source_sum, cand);
            char *found = strdup(cand);
            if (!found) return mc_fail(err, MC_ENOMEM, "out of memory");
            free(j->source_recorded);
            j->source_recorded = j->source_path;
            j->source_path = found;
            return MC_OK;
        }
        if (slash == dir) break;
        *slash = 0;
    }
    return mc_fail(err, MC_EIO,
                   "%s: no file of the job's source (content sum %016llx) there, and %s is in no folder named as "
                   "one on that path (the record's folder, which a copy keeps with its grid file)",
                   rec, (unsigned long long)j->source_sum, near);
}
