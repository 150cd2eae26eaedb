/* job_journal — the journal, found.txt, summary.json and `job verify`; see job.h. */
#include "job.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "banner.h"
#include "grid.h"

#define LINE_SUM_CHARS 16

struct journal {
    int fd;
    char *path;
    const job *j;
    long appends;
    long kill_at;            /* test hook, 0 = off */
    char *buf;
    size_t cap;
};

/* ------------------------------------------------------------------ */
/* line formatting and parsing */

/* Appends " *HASH\n" to the line in buf (length n, capacity enough). */
static size_t seal_line(char *buf, size_t n)
{
    uint64_t h = job_fnv1a(JOB_FNV_INIT, buf, n);
    return n + (size_t)sprintf(buf + n, " *%016" PRIx64 "\n", h);
}

/* Checks the seal of a line (without newline); on success cuts it off. */
static bool unseal_line(char *line, size_t len)
{
    if (len < LINE_SUM_CHARS + 2) return false;
    size_t body = len - LINE_SUM_CHARS - 2;
    if (line[body] != ' ' || line[body + 1] != '*') return false;
    char *end;
    errno = 0;
    uint64_t h = strtoull(line + body + 2, &end, 16);
    if (errno || *end || end != line + len) return false;
    if (h != job_fnv1a(JOB_FNV_INIT, line, body)) return false;
    line[body] = 0;
    return true;
}

static size_t format_chunk(const job_result *r, const geometry *geo, char **buf, size_t *cap)
{
    size_t need = 256 + r->nfound * (size_t)(geo->ncells + 24);
    if (need > *cap) {
        char *b = realloc(*buf, need);
        if (!b) return 0;
        *buf = b;
        *cap = need;
    }
    char *p = *buf;
    size_t n = (size_t)sprintf(p,
                               "C first=%" PRIu64 " count=%" PRIu64 " sum=%016" PRIx64 " uas=%" PRIu64
                               " nodes=%" PRIu64 " cand=%" PRIu64 " puzzles=%" PRIu64 " sec=%.3f",
                               r->first, r->count, r->checksum, r->uas, r->nodes, r->candidates, r->puzzles,
                               r->seconds);
    for (size_t i = 0; i < r->nfound; i++) {
        grid g;
        g.geo = geo;
        memcpy(g.cell, r->found[i].cell, sizeof g.cell);
        n += (size_t)sprintf(p + n, "%s%" PRIu64 ":", i ? ";" : " found=", r->found[i].rank);
        grid_format(&g, DIGITS_STD, p + n);
        n += (size_t)geo->ncells;
    }
    return seal_line(p, n);
}

static bool parse_u64_field(const char *v, uint64_t *out, int base)
{
    if (!*v) return false;
    char *end;
    errno = 0;
    unsigned long long x = strtoull(v, &end, base);
    if (errno || *end || *v == '-') return false;
    *out = x;
    return true;
}

/* Parses a C line body (after unsealing). */
static bool parse_chunk(char *body, const geometry *geo, job_result *r)
{
    job_result_clear(r);
    int have = 0;
    char *save = NULL;
    char *tok = strtok_r(body, " ", &save);
    if (!tok || strcmp(tok, "C")) return false;
    while ((tok = strtok_r(NULL, " ", &save))) {
        char *eq = strchr(tok, '=');
        if (!eq) return false;
        *eq = 0;
        const char *k = tok;
        char *v = eq + 1;
        if (!strcmp(k, "first")) have |= parse_u64_field(v, &r->first, 10) ? 1 : 0;
        else if (!strcmp(k, "count")) have |= parse_u64_field(v, &r->count, 10) ? 2 : 0;
        else if (!strcmp(k, "sum")) have |= parse_u64_field(v, &r->checksum, 16) ? 4 : 0;
        else if (!strcmp(k, "uas")) have |= parse_u64_field(v, &r->uas, 10) ? 8 : 0;
        else if (!strcmp(k, "nodes")) have |= parse_u64_field(v, &r->nodes, 10) ? 16 : 0;
        else if (!strcmp(k, "cand")) have |= parse_u64_field(v, &r->candidates, 10) ? 32 : 0;
        else if (!strcmp(k, "puzzles")) have |= parse_u64_field(v, &r->puzzles, 10) ? 64 : 0;
        else if (!strcmp(k, "sec")) {
            char *end;
            r->seconds = strtod(v, &end);
            if (*end || !(r->seconds >= 0)) return false;
            have |= 128;
        } else if (!strcmp(k, "found")) {
            if (!geo) return false;
            char *s2 = NULL;
            for (char *item = strtok_r(v, ";", &s2); item; item = strtok_r(NULL, ";", &s2)) {
                char *colon = strchr(item, ':');
                if (!colon) return false;
                *colon = 0;
                uint64_t rank;
                if (!parse_u64_field(item, &rank, 10)) return false;
                const geometry *g2 = geo;
                grid g;
                size_t tl;
                mc_error e;
                if (grid_parse(colon + 1, strlen(colon + 1), &g2, DIGITS_STD, &g, &tl, &e) != MC_OK ||
                    tl != strlen(colon + 1))
                    return false;
                if (job_result_add_found(r, rank, g.cell, geo->ncells) != MC_OK) return false;
            }
        } else {
            return false;
        }
    }
    return have == 255 && r->count > 0;
}

/* ------------------------------------------------------------------ */
/* reading */

void journal_data_free(journal_data *d)
{
    if (!d) return;
    free(d->identity);
    for (size_t i = 0; i < d->nchunks; i++) free(d->chunks[i].found);
    free(d->chunks);
    memset(d, 0, sizeof *d);
}

mc_status journal_data_add(journal_data *d, const job_result *r)
{
    job_result c = *r;
    c.found = NULL;
    c.cap = c.nfound = 0;
    for (size_t i = 0; i < r->nfound; i++)
        if (job_result_add_found(&c, r->found[i].rank, r->found[i].cell, MAX_CELLS) != MC_OK) {
            free(c.found);
            return MC_ENOMEM;
        }
    if (d->nchunks == d->cap) {
        size_t cap = d->cap ? 2 * d->cap : 64;
        job_result *n = realloc(d->chunks, cap * sizeof *n);
        if (!n) {
            free(c.found);
            return MC_ENOMEM;
        }
        d->chunks = n;
        d->cap = cap;
    }
    d->chunks[d->nchunks++] = c;
    return MC_OK;
}

static mc_status push_chunk(journal_data *d, job_result *r)
{
    if (d->nchunks == d->cap) {
        size_t cap = d->cap ? 2 * d->cap : 64;
        job_result *c = realloc(d->chunks, cap * sizeof *c);
        if (!c) return MC_ENOMEM;
        d->chunks = c;
        d->cap = cap;
    }
    d->chunks[d->nchunks++] = *r;
    memset(r, 0, sizeof *r);
    return MC_OK;
}

mc_status journal_read(const char *path, const geometry *geo, journal_data *d, mc_error *err)
{
    memset(d, 0, sizeof *d);
    FILE *f = fopen(path, "rb");
    if (!f) {
        if (errno == ENOENT) return MC_OK;
        return mc_fail(err, MC_EIO, "%s: %s", path, strerror(errno));
    }
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    long lineno = 0;
    long long pos = 0;
    job_result r;
    memset(&r, 0, sizeof r);
    mc_status st = MC_OK;
    while ((len = getline(&line, &cap, f)) > 0) {
        lineno++;
        bool complete = line[len - 1] == '\n';
        if (!complete) { /* torn tail */
            d->bad_lines++;
            if (!d->first_bad_line) d->first_bad_line = lineno;
            break;
        }
        pos += len;
        line[--len] = 0;
        bool good = false;
        if (line[0] == '#' || len == 0) {
            good = true;
        } else if (line[0] == 'J' && unseal_line(line, (size_t)len) && !strncmp(line, "J ", 2)) {
            if (d->identity) {
                st = mc_fail(err, MC_ECORRUPT, "%s:%ld: a second job line", path, lineno);
                break;
            }
            if (!(d->identity = strdup(line + 2))) {
                st = mc_fail(err, MC_ENOMEM, "out of memory");
                break;
            }
            if (!geo) {
                job jj;
                mc_error e;
                if (job_from_identity(d->identity, &jj, &e) != MC_OK) {
                    st = mc_fail(err, MC_ECORRUPT, "%s:%ld: bad job line", path, lineno);
                    break;
                }
                geo = jj.geo;
                job_free(&jj);
            }
            good = true;
        } else if (line[0] == 'C' && unseal_line(line, (size_t)len)) {
            if (!d->identity) {
                st = mc_fail(err, MC_ECORRUPT, "%s:%ld: chunk line before the job line", path, lineno);
                break;
            }
            if (parse_chunk(line, geo, &r)) {
                if (push_chunk(d, &r) != MC_OK) {
                    st = mc_fail(err, MC_ENOMEM, "out of memory");
                    break;
                }
                good = true;
            }
        }
        if (!good) {
            d->bad_lines++;
            if (!d->first_bad_line) d->first_bad_line = lineno;
        }
        d->good_size = pos;
    }
    if (st == MC_OK && ferror(f)) st = mc_fail(err, MC_EIO, "%s: read error", path);
    free(line);
    free(r.found);
    fclose(f);
    if (st != MC_OK) journal_data_free(d);
    return st;
}

/* ------------------------------------------------------------------ */
/* writing */

static mc_status mkdir_p(const char *dir, mc_error *err)
{
    char *p = strdup(dir);
    if (!p) return mc_fail(err, MC_ENOMEM, "out of memory");
    for (char *s = p + 1;; s++) {
        if (*s == '/' || !*s) {
            char c = *s;
            *s = 0;
            if (mkdir(p, 0777) != 0 && errno != EEXIST) {
                mc_status st = mc_fail(err, MC_EIO, "%s: cannot create directory: %s", p, strerror(errno));
                free(p);
                return st;
            }
            *s = c;
            if (!c) break;
        }
    }
    free(p);
    struct stat stt;
    if (stat(dir, &stt) != 0 || !S_ISDIR(stt.st_mode))
        return mc_fail(err, MC_EIO, "%s: not a directory", dir);
    return MC_OK;
}

static void fsync_dir(const char *dir)
{
    int fd = open(dir, O_RDONLY | O_DIRECTORY);
    if (fd >= 0) {
        (void)fsync(fd);
        close(fd);
    }
}

static char *join(const char *dir, const char *name)
{
    size_t n = strlen(dir) + strlen(name) + 2;
    char *p = malloc(n);
    if (p) snprintf(p, n, "%s/%s", dir, name);
    return p;
}

static mc_status write_all(int fd, const char *buf, size_t n, const char *path, mc_error *err)
{
    while (n > 0) {
        ssize_t w = write(fd, buf, n);
        if (w < 0) {
            if (errno == EINTR) continue;
            return mc_fail(err, MC_EIO, "%s: write error: %s", path, strerror(errno));
        }
        buf += w;
        n -= (size_t)w;
    }
    return MC_OK;
}

void journal_close(journal *jl)
{
    if (!jl) return;
    if (jl->fd >= 0) close(jl->fd); /* releases the lock */
    free(jl->path);
    free(jl->buf);
    free(jl);
}

mc_status journal_open(const job *j, journal **out, journal_data *done, mc_error *err)
{
    memset(done, 0, sizeof *done);
    mc_status st = mkdir_p(j->output, err);
    if (st != MC_OK) return st;
    journal *jl = calloc(1, sizeof *jl);
    if (!jl) return mc_fail(err, MC_ENOMEM, "out of memory");
    jl->fd = -1;
    jl->j = j;
    jl->path = join(j->output, "journal");
    char *ident = job_identity(j);
    if (!jl->path || !ident) {
        st = mc_fail(err, MC_ENOMEM, "out of memory");
        goto fail;
    }
    const char *hook = getenv("MC_TEST_JOURNAL_KILL");
    if (hook) jl->kill_at = atol(hook);
    jl->fd = open(jl->path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0666);
    if (jl->fd < 0) {
        st = mc_fail(err, MC_EIO, "%s: %s", jl->path, strerror(errno));
        goto fail;
    }
    if (flock(jl->fd, LOCK_EX | LOCK_NB) != 0) {
        st = mc_fail(err, MC_EIO, "%s: in use by another run (locked)", jl->path);
        goto fail;
    }
    if ((st = journal_read(jl->path, j->geo, done, err)) != MC_OK) goto fail;
    struct stat sb;
    if (fstat(jl->fd, &sb) != 0) {
        st = mc_fail(err, MC_EIO, "%s: %s", jl->path, strerror(errno));
        goto fail;
    }
    if (sb.st_size > done->good_size) { /* a torn tail: drop it */
        if (ftruncate(jl->fd, (off_t)done->good_size) != 0 || fsync(jl->fd) != 0) {
            st = mc_fail(err, MC_EIO, "%s: cannot drop the torn last line: %s", jl->path, strerror(errno));
            goto fail;
        }
    }
    if (!done->identity) {
        if (done->good_size > 0) {
            st = mc_fail(err, MC_ECORRUPT, "%s: no job line; not a minclue journal?", jl->path);
            goto fail;
        }
        size_t n = strlen(ident) + 64;
        char *buf = malloc(n);
        if (!buf) {
            st = mc_fail(err, MC_ENOMEM, "out of memory");
            goto fail;
        }
        size_t len = (size_t)sprintf(buf, "J %s", ident);
        len = seal_line(buf, len);
        st = write_all(jl->fd, buf, len, jl->path, err);
        free(buf);
        if (st != MC_OK) goto fail;
        if (fsync(jl->fd) != 0) {
            st = mc_fail(err, MC_EIO, "%s: fsync: %s", jl->path, strerror(errno));
            goto fail;
        }
        fsync_dir(j->output);
        done->identity = ident;
        ident = NULL;
    } else if (strcmp(done->identity, ident) != 0) {
        st = mc_fail(err, MC_EINVAL,
                     "%s belongs to another job (job line 'J %s', this job 'J %s'); use another output directory",
                     jl->path, done->identity, ident);
        goto fail;
    }
    /* every chunk line must be a work unit of this job */
    for (size_t i = 0; i < done->nchunks; i++) {
        const job_result *r = &done->chunks[i];
        uint64_t f, c;
        if (r->first < j->first || r->first > j->last || (r->first - j->first) % j->chunk != 0 ||
            (job_chunk_range(j, (r->first - j->first) / j->chunk, &f, &c), c != r->count)) {
            st = mc_fail(err, MC_ECORRUPT, "%s: chunk %" PRIu64 "+%" PRIu64 " is not a work unit of the job",
                         jl->path, r->first, r->count);
            goto fail;
        }
    }
    free(ident);
    *out = jl;
    return MC_OK;
fail:
    free(ident);
    journal_close(jl);
    journal_data_free(done);
    return st;
}

mc_status journal_comment(journal *jl, const char *text, mc_error *err)
{
    size_t n = strlen(text);
    char *line = malloc(n + 4);
    if (!line) return mc_fail(err, MC_ENOMEM, "out of memory");
    size_t len = (size_t)sprintf(line, "# ");
    for (const char *s = text; *s; s++) line[len++] = (*s == '\n') ? ' ' : *s;
    while (len > 2 && line[len - 1] == ' ') len--;
    line[len++] = '\n';
    mc_status st = write_all(jl->fd, line, len, jl->path, err);
    free(line);
    return st;
}

mc_status journal_append(journal *jl, const job_result *r, mc_error *err)
{
    size_t len = format_chunk(r, jl->j->geo, &jl->buf, &jl->cap);
    if (len == 0) return mc_fail(err, MC_ENOMEM, "out of memory");
    jl->appends++;
    if (jl->kill_at > 0 && jl->appends == jl->kill_at) {
        /* test hook: a power cut in the middle of the write */
        if (write_all(jl->fd, jl->buf, len / 2, jl->path, err) == MC_OK) (void)fsync(jl->fd);
        raise(SIGKILL);
    }
    mc_status st = write_all(jl->fd, jl->buf, len, jl->path, err);
    if (st != MC_OK) return st;
    if (fsync(jl->fd) != 0) return mc_fail(err, MC_EIO, "%s: fsync: %s", jl->path, strerror(errno));
    return MC_OK;
}

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

static char *banner_text(void)
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

/* Writes text to dir/name through dir/name.tmp, fsync, rename. */
static mc_status write_atomic(const char *dir, const char *name, const char *text, mc_error *err)
{
    char *path = join(dir, name), *tmp = NULL;
    mc_status st = MC_OK;
    if (!path || !(tmp = malloc(strlen(path) + 5))) {
        free(path);
        return mc_fail(err, MC_ENOMEM, "out of memory");
    }
    sprintf(tmp, "%s.tmp", path);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd < 0) {
        st = mc_fail(err, MC_EIO, "%s: %s", tmp, strerror(errno));
    } else {
        st = write_all(fd, text, strlen(text), tmp, err);
        if (st == MC_OK && fsync(fd) != 0) st = mc_fail(err, MC_EIO, "%s: fsync: %s", tmp, strerror(errno));
        close(fd);
        if (st == MC_OK && rename(tmp, path) != 0)
            st = mc_fail(err, MC_EIO, "%s: rename: %s", path, strerror(errno));
        if (st == MC_OK) fsync_dir(dir);
        else unlink(tmp);
    }
    free(path);
    free(tmp);
    return st;
}

static char *found_file_text(const job *j, const journal_data *d, char **body_out)
{
    char *body = found_body(j->geo, d), *banner = banner_text(), *ident = job_identity(j), *out = NULL;
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
    char *text = found_file_text(j, d, NULL);
    if (!text) return mc_fail(err, MC_ENOMEM, "out of memory");
    mc_status st = write_atomic(j->output, "found.txt", text, err);
    free(text);
    return st;
}

void job_totals_of(const journal_data *d, job_totals *t)
{
    memset(t, 0, sizeof *t);
    for (size_t i = 0; i < d->nchunks; i++) {
        const job_result *r = &d->chunks[i];
        t->chunks++;
        t->grids += r->count;
        t->uas += r->uas;
        t->nodes += r->nodes;
        t->candidates += r->candidates;
        t->puzzles += r->puzzles;
        t->seconds += r->seconds;
    }
}

static void json_string(char *out, size_t cap, const char *s)
{
    size_t n = 0;
    out[n++] = '"';
    for (; *s && n + 8 < cap; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') {
            out[n++] = '\\';
            out[n++] = (char)c;
        } else if (c < 0x20) {
            n += (size_t)snprintf(out + n, cap - n, "\\u%04x", c);
        } else {
            out[n++] = (char)c;
        }
    }
    out[n++] = '"';
    out[n] = 0;
}

static void claim_text(const job *j, const job_totals *t, char *out, size_t cap)
{
    snprintf(out, cap, "ranks %" PRIu64 "..%" PRIu64 ", %" PRIu64 " grids, K = %d: %" PRIu64 " puzzle%s%s",
             j->first, j->last, t->grids, j->clues, t->puzzles, t->puzzles == 1 ? "" : "s",
             j->engine == JOB_ENGINE_NONE ? " (dry run: nothing was searched)" : "");
}

mc_status job_write_summary(const job *j, const journal_data *d, double wall_seconds, mc_error *err)
{
    job_totals t;
    job_totals_of(d, &t);
    char *banner = banner_text(), *ident = job_identity(j);
    size_t cap = 16384;
    char *out = malloc(cap), *b1 = malloc(4096), *b2 = malloc(4096), *b3 = malloc(4096);
    mc_status st = MC_OK;
    if (!banner || !ident || !out || !b1 || !b2 || !b3) {
        st = mc_fail(err, MC_ENOMEM, "out of memory");
    } else {
        char claim[512];
        claim_text(j, &t, claim, sizeof claim);
        json_string(b1, 4096, banner);
        json_string(b2, 4096, ident);
        json_string(b3, 4096, claim);
        snprintf(out, cap,
                 "{\n  \"banner\": %s,\n  \"job\": %s,\n  \"complete\": true,\n  \"first\": %" PRIu64
                 ",\n  \"last\": %" PRIu64 ",\n  \"clues\": %d,\n  \"engine\": \"%s\",\n  \"chunks\": %" PRIu64
                 ",\n  \"grids\": %" PRIu64 ",\n  \"uas\": %" PRIu64 ",\n  \"nodes\": %" PRIu64
                 ",\n  \"candidates\": %" PRIu64 ",\n  \"puzzles\": %" PRIu64
                 ",\n  \"chunk_seconds\": %.3f,\n  \"seconds_per_grid\": %.6f,\n  \"last_run_wall_seconds\": %.3f,\n"
                 "  \"claim\": %s\n}\n",
                 b1, b2, j->first, j->last, j->clues, job_engine_name(j->engine), t.chunks, t.grids, t.uas, t.nodes,
                 t.candidates, t.puzzles, t.seconds, t.grids ? t.seconds / (double)t.grids : 0.0, wall_seconds, b3);
        st = write_atomic(j->output, "summary.json", out, err);
    }
    free(banner);
    free(ident);
    free(out);
    free(b1);
    free(b2);
    free(b3);
    return st;
}

/* ------------------------------------------------------------------ */
/* verification */

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
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

/* Drops lines starting with '#'. In place. */
static void strip_comments(char *s)
{
    char *w = s;
    for (char *r = s; *r;) {
        char *nl = strchr(r, '\n');
        size_t n = nl ? (size_t)(nl - r + 1) : strlen(r);
        if (*r != '#') {
            memmove(w, r, n);
            w += n;
        }
        r += n;
    }
    *w = 0;
}

static bool json_u64(const char *text, const char *key, uint64_t *out)
{
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\":", key);
    const char *p = strstr(text, pat);
    if (!p) return false;
    p += strlen(pat);
    while (*p == ' ') p++;
    char *end;
    *out = strtoull(p, &end, 10);
    return end != p;
}

#define MAX_REPORTS 20

mc_status job_verify(const char *dir, FILE *out, bool *ok, mc_error *err)
{
    *ok = false;
    char *jpath = join(dir, "journal");
    if (!jpath) return mc_fail(err, MC_ENOMEM, "out of memory");
    journal_data d;
    mc_status st = journal_read(jpath, NULL, &d, err);
    if (st != MC_OK) {
        free(jpath);
        return st;
    }
    if (!d.identity) {
        st = mc_fail(err, MC_EIO, "%s: no journal (or no job line in it)", jpath);
        free(jpath);
        journal_data_free(&d);
        return st;
    }
    job j;
    if ((st = job_from_identity(d.identity, &j, NULL)) != MC_OK) {
        mc_fail(err, st, "%s: bad job line", jpath);
        free(jpath);
        journal_data_free(&d);
        return st;
    }
    free(j.output);
    j.output = strdup(dir);
    const int nc = j.geo->ncells;
    uint64_t nchunks = job_nchunks(&j);
    long problems = 0;
#define PROBLEM(...)                                                                                         \
    do {                                                                                                     \
        if (problems++ < MAX_REPORTS) fprintf(out, __VA_ARGS__);                                             \
    } while (0)
    char what[64] = "";
    if (j.source == JOB_SOURCE_ENUMERATE) snprintf(what, sizeof what, "bands %d-%d", j.band_lo, j.band_hi);
    fprintf(out, "job: %s %s, ranks %" PRIu64 "..%" PRIu64 ", chunk %" PRIu64 ", K = %d, engine %s\n",
            job_source_name(j.source), j.source_path ? j.source_path : what, j.first, j.last, j.chunk, j.clues,
            job_engine_name(j.engine));
    if (d.bad_lines)
        fprintf(out, "note: %ld torn or damaged journal line%s ignored (first at line %ld)\n", d.bad_lines,
                d.bad_lines == 1 ? "" : "s", d.first_bad_line);
    /* coverage: which journal entry holds each chunk */
    size_t *slot = malloc((nchunks ? nchunks : 1) * sizeof *slot);
    uint8_t *grids = malloc((size_t)j.chunk * (size_t)nc);
    solver_ctx *sv = solver_new(j.geo);
    if (!slot || !grids || !sv) {
        st = mc_fail(err, MC_ENOMEM, "out of memory");
        goto done;
    }
    for (uint64_t i = 0; i < nchunks; i++) slot[i] = SIZE_MAX;
    for (size_t k = 0; k < d.nchunks; k++) {
        const job_result *r = &d.chunks[k];
        uint64_t f, c;
        if (r->first < j.first || r->first > j.last || (r->first - j.first) % j.chunk != 0) {
            PROBLEM("wrong: journal entry for ranks %" PRIu64 "..%" PRIu64 " is not a work unit of the job\n",
                    r->first, r->first + r->count - 1);
            continue;
        }
        uint64_t i = (r->first - j.first) / j.chunk;
        job_chunk_range(&j, i, &f, &c);
        if (c != r->count) {
            PROBLEM("wrong: journal entry for ranks %" PRIu64 "..%" PRIu64 " should hold %" PRIu64 " grids\n",
                    r->first, r->first + r->count - 1, c);
            continue;
        }
        if (slot[i] != SIZE_MAX) {
            PROBLEM("duplicated: ranks %" PRIu64 "..%" PRIu64 " are in the journal more than once\n", f,
                    f + c - 1);
            continue;
        }
        slot[i] = k;
    }
    /* missing ranges, merged */
    for (uint64_t i = 0; i < nchunks;) {
        if (slot[i] != SIZE_MAX) {
            i++;
            continue;
        }
        uint64_t i2 = i;
        while (i2 + 1 < nchunks && slot[i2 + 1] == SIZE_MAX) i2++;
        uint64_t f1, c1, f2, c2;
        job_chunk_range(&j, i, &f1, &c1);
        job_chunk_range(&j, i2, &f2, &c2);
        PROBLEM("missing: ranks %" PRIu64 "..%" PRIu64 " (%" PRIu64 " grids)\n", f1, f2 + c2 - 1,
                f2 + c2 - f1);
        i = i2 + 1;
    }
    /* the source: checksums and every found puzzle */
    job_source *src;
    if ((st = job_source_open(&j, &src, err)) != MC_OK) goto done;
    for (uint64_t i = 0; i < nchunks; i++) {
        if (slot[i] == SIZE_MAX) continue;
        const job_result *r = &d.chunks[slot[i]];
        if ((st = job_source_read(src, r->first, r->count, grids, err)) != MC_OK) {
            job_source_close(src);
            goto done;
        }
        if (job_checksum_grids(grids, r->count, nc) != r->checksum)
            PROBLEM("wrong: ranks %" PRIu64 "..%" PRIu64 ": checksum %016" PRIx64 " does not match the source\n",
                    r->first, r->first + r->count - 1, r->checksum);
        if (r->nfound != r->puzzles)
            PROBLEM("wrong: ranks %" PRIu64 "..%" PRIu64 ": %" PRIu64 " puzzles counted, %zu listed\n", r->first,
                    r->first + r->count - 1, r->puzzles, r->nfound);
        for (size_t m = 0; m < r->nfound; m++) {
            const job_puzzle *p = &r->found[m];
            mc_error e;
            if (p->rank < r->first || p->rank >= r->first + r->count)
                PROBLEM("wrong: a puzzle of rank %" PRIu64 " is listed in chunk %" PRIu64 "..%" PRIu64 "\n",
                        p->rank, r->first, r->first + r->count - 1);
            else if (job_check_puzzle(sv, j.geo, grids + (p->rank - r->first) * (uint64_t)nc, p->cell, j.clues,
                                      &e) != MC_OK)
                PROBLEM("wrong: the puzzle listed for rank %" PRIu64 " fails: %s\n", p->rank, e.msg);
        }
    }
    job_source_close(src);
    /* totals of the unique entries; found.txt and summary.json agree with them */
    journal_data uniq = d;
    job_result *tmp = malloc((nchunks ? nchunks : 1) * sizeof *tmp);
    if (!tmp) {
        st = mc_fail(err, MC_ENOMEM, "out of memory");
        goto done;
    }
    uniq.nchunks = 0;
    for (uint64_t i = 0; i < nchunks; i++)
        if (slot[i] != SIZE_MAX) tmp[uniq.nchunks++] = d.chunks[slot[i]];
    uniq.chunks = tmp;
    job_totals t;
    job_totals_of(&uniq, &t);
    char *body = NULL, *text = found_file_text(&j, &uniq, &body);
    free(text);
    char *fpath = join(dir, "found.txt");
    char *have = fpath ? slurp(fpath) : NULL;
    if (!have) {
        PROBLEM("missing: %s (rerun the job to rebuild it from the journal)\n", "found.txt");
    } else {
        strip_comments(have);
        if (!body || strcmp(have, body) != 0)
            PROBLEM("wrong: found.txt does not match the journal (rerun the job to rebuild it)\n");
    }
    free(have);
    free(fpath);
    free(body);
    char *spath = join(dir, "summary.json");
    char *sum = spath ? slurp(spath) : NULL;
    bool complete = problems == 0;
    if (sum) {
        uint64_t g = 0, p = 0, c = 0;
        if (!json_u64(sum, "grids", &g) || !json_u64(sum, "puzzles", &p) || !json_u64(sum, "chunks", &c) ||
            g != t.grids || p != t.puzzles || c != t.chunks)
            PROBLEM("wrong: summary.json totals (%" PRIu64 " grids, %" PRIu64 " puzzles, %" PRIu64
                    " chunks) differ from the journal (%" PRIu64 ", %" PRIu64 ", %" PRIu64 ")\n",
                    g, p, c, t.grids, t.puzzles, t.chunks);
    } else if (complete) {
        PROBLEM("missing: summary.json (rerun the job to write it)\n");
    }
    free(sum);
    free(spath);
    free(tmp);
    if (problems > MAX_REPORTS) fprintf(out, "... %ld problems in all\n", problems);
    if (problems == 0 && t.grids != job_total(&j))
        PROBLEM("wrong: the chunks hold %" PRIu64 " grids, the job %" PRIu64 "\n", t.grids, job_total(&j));
    if (problems == 0) {
        char claim[512];
        claim_text(&j, &t, claim, sizeof claim);
        fprintf(out, "%s\n", claim);
        *ok = true;
    } else {
        fprintf(out, "NOT VERIFIED: %ld problem%s; %" PRIu64 " of %" PRIu64 " grids covered\n", problems,
                problems == 1 ? "" : "s", t.grids, job_total(&j));
    }
#undef PROBLEM
done:
    solver_free(sv);
    free(slot);
    free(grids);
    free(jpath);
    job_free(&j);
    journal_data_free(&d);
    return st;
}
