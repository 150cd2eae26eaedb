/* job_summary — found.txt and summary.json, rebuilt from the journal;
 * see job_journal.h. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <errno.h>
#include <unistd.h>
#include <sys/stat.h>

#include "banner.h"
#include "grid.h"
#include "job_journal.h"

/* ------------------------------------------------------------------ */
/* found.txt and summary.json */

typedef struct found_ref {
    uint64_t rank;
    const uint8_t *cell;
    int ncells;
} found_ref;

static int cmp_found(const void *a, const void *b)
{
    const found_ref *x = a, *y = b;
    if (x->rank != y->rank) return x->rank < y->rank ? -1 : 1;
    return memcmp(x->cell, y->cell, (size_t)x->ncells);
}

/* The found.txt body (puzzle lines only), malloc'd, sorted. */
static char *found_body(const geometry *geo, const journal_data *d)
{
    size_t n = 0;
    for (size_t i = 0; i < d->nchunks; i++) n += d->chunks[i].nfound;
    found_ref *refs = malloc((n ? n : 1) * sizeof *refs);
    char *out = malloc(n * (size_t)(geo->ncells + 24) + 1);
    if (!refs || !out) {
        free(refs);
        free(out);
        return NULL;
    }
    size_t k = 0;
    for (size_t i = 0; i < d->nchunks; i++)
        for (size_t m = 0; m < d->chunks[i].nfound; m++)
            refs[k++] = (found_ref){d->chunks[i].found[m].rank, d->chunks[i].found[m].cell, geo->ncells};
    qsort(refs, n, sizeof *refs, cmp_found);
    size_t len = 0;
    for (size_t i = 0; i < n; i++) {
        grid g;
        g.geo = geo;
        memcpy(g.cell, refs[i].cell, (size_t)geo->ncells);
        grid_format(&g, DIGITS_STD, out + len);
        len += (size_t)geo->ncells;
        len += (size_t)sprintf(out + len, " %" PRIu64 "\n", refs[i].rank);
    }
    out[len] = 0;
    free(refs);
    return out;
}

char *job_banner_text(void)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (!m) return NULL;
    mc_banner(m);
    fclose(m);
    while (len > 0 && buf[len - 1] == '\n') buf[--len] = 0;
    return buf;
}

/* Creates a new temporary file beside path, path.tmp.PID.N, with O_EXCL
 * (never an existing file or symlink: a planted one is passed over);
 * *tmp gets its name (malloc'd). */
static mc_status create_temp(const char *path, char **tmp, int *fd, mc_error *err)
{
    size_t cap = strlen(path) + 48;
    if (!(*tmp = malloc(cap))) return mc_fail(err, MC_ENOMEM, "out of memory");
    for (unsigned n = 0; n < 100; n++) {
        snprintf(*tmp, cap, "%s.tmp.%ld.%u", path, (long)getpid(), n);
        *fd = open(*tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
        if (*fd >= 0) return MC_OK;
        if (errno != EEXIST) break;
    }
    mc_status st = mc_fail(err, MC_EIO, "%s: %s", *tmp, strerror(errno));
    free(*tmp);
    *tmp = NULL;
    return st;
}

mc_status job_write_file_atomic(const char *path, const char *text, mc_error *err)
{
    char *tmp = NULL;
    int fd = -1;
    mc_status st = create_temp(path, &tmp, &fd, err);
    if (st != MC_OK) return st;
    st = job_write_all(fd, text, strlen(text), tmp, err);
    if (st == MC_OK && fsync(fd) != 0) st = mc_fail(err, MC_EIO, "%s: fsync: %s", tmp, strerror(errno));
    close(fd);
    if (st == MC_OK && rename(tmp, path) != 0) st = mc_fail(err, MC_EIO, "%s: rename: %s", path, strerror(errno));
    if (st != MC_OK) unlink(tmp);
    if (st == MC_OK) { /* the directory entry too */
        char *dir = strdup(path), *slash = dir ? strrchr(dir, '/') : NULL;
        if (slash) {
            *slash = 0;
            job_fsync_dir(slash == dir ? "/" : dir);
        } else if (dir) {
            job_fsync_dir(".");
        }
        free(dir);
    }
    free(tmp);
    return st;
}

/* Writes text to dir/name (job_write_file_atomic). */
static mc_status write_atomic(const char *dir, const char *name, const char *text, mc_error *err)
{
    char *path = job_path_join(dir, name);
    if (!path) return mc_fail(err, MC_ENOMEM, "out of memory");
    mc_status st = job_write_file_atomic(path, text, err);
    free(path);
    return st;
}

char *job_found_text(const job *j, const journal_data *d, char **body_out)
{
    char *body = found_body(j->geo, d), *banner = job_banner_text(), *ident = job_identity(j), *out = NULL;
    if (body && banner && ident) {
        size_t n = strlen(body) + strlen(banner) + strlen(ident) + 256;
        if ((out = malloc(n)))
            snprintf(out, n,
                     "# %s\n# job: %s\n# verified puzzles with K = %d or fewer clues: PUZZLE GRID-RANK "
                     "(rebuilt from the journal)\n%s",
                     banner, ident, j->clues, body);
    }
    free(banner);
    free(ident);
    if (body_out) *body_out = body;
    else free(body);
    return out;
}

mc_status job_write_found(const job *j, const journal_data *d, mc_error *err)
{
    char *text = job_found_text(j, d, NULL);
    if (!text) return mc_fail(err, MC_ENOMEM, "out of memory");
    mc_status st = write_atomic(j->output, "found.txt", text, err);
    free(text);
    return st;
}

bool job_json_line(const char *line, const char *end, char *key, size_t kcap, const char **val, size_t *vlen)
{
    while (line < end && *line == ' ') line++;
    if (line >= end || *line != '"') return false;
    const char *k = line + 1, *ke = memchr(k, '"', (size_t)(end - k));
    if (!ke || ke + 2 > end || ke[1] != ':' || (size_t)(ke - k) >= kcap) return false;
    memcpy(key, k, (size_t)(ke - k));
    key[ke - k] = 0;
    const char *vs = ke + 2;
    while (vs < end && *vs == ' ') vs++;
    const char *ve = end;
    if (ve > vs && ve[-1] == ',') ve--;
    *val = vs;
    *vlen = (size_t)(ve - vs);
    return true;
}

char *job_read_file(const char *path)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC); /* a FIFO must not block: refused below */
    struct stat sb;
    if (fd < 0) return NULL;
    FILE *f = fstat(fd, &sb) == 0 && S_ISREG(sb.st_mode) ? fdopen(fd, "rb") : NULL;
    if (!f) {
        close(fd);
        return NULL;
    }
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        size_t got = fread(buf + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0) break;
        if (cap - n < 2) {
            char *b = realloc(buf, cap *= 2);
            if (!b) free(buf);
            buf = b;
        }
    }
    fclose(f);
    if (buf) buf[n] = 0;
    return buf;
}

mc_status job_read_text(const char *path, size_t max, char **out, size_t *len, mc_error *err)
{
    *out = NULL;
    *len = 0;
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC); /* a FIFO must not block: refused below */
    if (fd < 0) return mc_fail(err, MC_EIO, "%s: %s", path, strerror(errno));
    struct stat sb;
    if (fstat(fd, &sb) == 0 && (S_ISDIR(sb.st_mode) || S_ISFIFO(sb.st_mode) || S_ISSOCK(sb.st_mode))) {
        close(fd);
        return mc_fail(err, MC_EIO, "%s: %s, not a file", path, S_ISDIR(sb.st_mode) ? "a directory" : "a FIFO or socket");
    }
    int fl = fcntl(fd, F_GETFL); /* a device (/dev/zero) is read as it comes, up to max */
    if (fl >= 0) (void)fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
    size_t cap = 65536, n = 0;
    char *buf = malloc(cap + 1);
    mc_status st = buf ? MC_OK : mc_fail(err, MC_ENOMEM, "out of memory");
    while (st == MC_OK) {
        if (n == cap) {
            if (cap > max) {
                st = mc_fail(err, MC_EIO, "%s: larger than %zu bytes; refused", path, max);
                break;
            }
            char *b = realloc(buf, 2 * cap + 1);
            if (!b) {
                st = mc_fail(err, MC_ENOMEM, "out of memory");
                break;
            }
            buf = b;
            cap *= 2;
        }
        ssize_t got = read(fd, buf + n, cap - n);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) st = mc_fail(err, MC_EIO, "%s: %s", path, strerror(errno));
        if (got <= 0) break;
        n += (size_t)got;
    }
    close(fd);
    if (st == MC_OK && n > max) st = mc_fail(err, MC_EIO, "%s: larger than %zu bytes; refused", path, max);
    if (st != MC_OK) {
        free(buf);
        return st;
    }
    buf[n] = 0;
    *out = buf;
    *len = n;
    return MC_OK;
}

bool job_json_string(char *out, size_t cap, const char *s)
{
    size_t n = 0;
    out[n++] = '"';
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        /* one piece: an escaped byte, or a byte with the UTF-8 continuation
         * bytes after it (a character is never cut) */
        char piece[8];
        size_t len = 1, took = 1;
        if (*p == '"' || *p == '\\') {
            piece[0] = '\\';
            piece[1] = (char)*p;
            len = 2;
        } else if (*p < 0x20) {
            snprintf(piece, sizeof piece, "\\u%04x", *p);
            len = 6;
        } else {
            while (took < 4 && (p[took] & 0xc0) == 0x80) took++;
            memcpy(piece, p, took);
            len = took;
        }
        if (n + len + 2 > cap) break; /* with the closing quote and the NUL */
        memcpy(out + n, piece, len);
        n += len;
        p += took;
    }
    out[n++] = '"';
    out[n] = 0;
    return *p == 0;
}

char *job_json_dup(const char *s)
{
    size_t cap = JOB_JSON_CAP(strlen(s));
    char *out = malloc(cap);
    if (out) job_json_string(out, cap, s);
    return out;
}

void job_claim_text(const job *j, const job_totals *t, char *out, size_t cap)
{
    snprintf(out, cap, "ranks %" PRIu64 "..%" PRIu64 ", %" PRIu64 " %s, K = %d: %" PRIu64 " puzzle%s%s",
             j->first, j->last, t->grids, job_unit_noun(j, t->grids), j->clues,
             t->puzzles, t->puzzles == 1 ? "" : "s",
             j->engine == JOB_ENGINE_NONE ? " (dry run: nothing was searched)" : "");
}

char *job_summary_text(const job *j, const journal_data *d, double wall_seconds)
{
    job_totals t;
    job_totals_of(d, &t);
    char *banner = job_banner_text(), *ident = job_identity(j), *out = NULL, claim[512];
    job_claim_text(j, &t, claim, sizeof claim);
    size_t len = 0;
    /* each value whole (job_json_string cuts to fit): escaped, a byte takes at most 6 */
    size_t c1 = banner ? 6 * strlen(banner) + 10 : 0, c2 = ident ? 6 * strlen(ident) + 10 : 0, c3 = 6 * strlen(claim) + 10;
    char *b1 = malloc(c1 + 1), *b2 = malloc(c2 + 1), *b3 = malloc(c3 + 1);
    FILE *m = NULL;
    if (banner && ident && b1 && b2 && b3 && (m = open_memstream(&out, &len))) {
        job_json_string(b1, c1 + 1, banner);
        job_json_string(b2, c2 + 1, ident);
        job_json_string(b3, c3 + 1, claim);
        fprintf(m,
                "{\n  \"banner\": %s,\n  \"job\": %s,\n  \"complete\": true,\n  \"first\": %" PRIu64
                ",\n  \"last\": %" PRIu64 ",\n  \"clues\": %d,\n  \"engine\": \"%s\",\n  \"chunks\": %" PRIu64
                ",\n  \"%s\": %" PRIu64,
                b1, b2, j->first, j->last, j->clues, job_engine_name(j->engine), t.chunks, job_units_key(j),
                t.grids);
        work_counters_json(m, &t.work, ",\n  ", true);
        fprintf(m,
                ",\n  \"chunk_seconds\": %.3f,\n  \"seconds_per_%s\": %.6f,\n  \"last_run_wall_seconds\": %.3f,\n"
                "  \"claim\": %s\n}\n",
                t.seconds, job_source_gives_groups(j->source) ? "group" : "grid",
                t.grids ? t.seconds / (double)t.grids : 0.0, wall_seconds, b3);
        fclose(m);
    }
    free(banner);
    free(ident);
    free(b1);
    free(b2);
    free(b3);
    return out;
}

const char *job_units_key(const job *j) { return job_source_gives_groups(j->source) ? "groups" : "grids"; }

uint64_t job_chunks_missing(const job *j, const journal_data *d, uint64_t *first_missing)
{
    const uint64_t n = job_nchunks(j);
    uint8_t *seen = calloc(n ? n : 1, 1);
    if (!seen) return n ? n : 1;
    for (size_t k = 0; k < d->nchunks; k++) {
        uint64_t i;
        if (job_chunk_of(j, d->chunks[k].first, d->chunks[k].count, &i)) seen[i] = 1;
    }
    uint64_t missing = 0;
    for (uint64_t i = n; i-- > 0;)
        if (!seen[i]) {
            uint64_t c;
            missing++;
            if (first_missing) job_chunk_range(j, i, first_missing, &c);
        }
    free(seen);
    return missing;
}

mc_status job_write_summary(const job *j, const journal_data *d, double wall_seconds, mc_error *err)
{
    uint64_t first = 0, missing = job_chunks_missing(j, d, &first);
    if (missing)
        return mc_fail(err, MC_EINVAL,
                       "%s/summary.json not written: %" PRIu64 " of %" PRIu64 " chunks not in the journal (the "
                       "first at rank %" PRIu64 "); the job is not complete",
                       j->output, missing, job_nchunks(j), first);
    char *text = job_summary_text(j, d, wall_seconds);
    if (!text) return mc_fail(err, MC_ENOMEM, "out of memory");
    mc_status st = write_atomic(j->output, "summary.json", text, err);
    free(text);
    return st;
}
