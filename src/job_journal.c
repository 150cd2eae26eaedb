/* job_journal — the journal: line format, read, open, append; see job_journal.h. */
#include "job_journal.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "grid.h"
#include "mc_test_hooks.h"

#define LINE_SUM_CHARS 16
#define ALL_COUNTERS (WORK_COUNTERS_N == 64 ? ~UINT64_C(0) : (UINT64_C(1) << WORK_COUNTERS_N) - 1)
_Static_assert(WORK_COUNTERS_N <= 64, "a C line tracks the counters it holds in 64 bits");

struct journal {
    int fd;
    char *path;
    const job *j;
    long appends;
    long kill_at;            /* test hook, 0 = off */
    long enospc_at;          /* test hook, 0 = off */
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

static size_t format_chunk(const job_result *r, int64_t at, const geometry *geo, char **buf, size_t *cap)
{
    size_t need = 256 + 64 * WORK_COUNTERS_N + r->nfound * (size_t)(geo->ncells + 24);
    if (need > *cap) {
        char *b = realloc(*buf, need);
        if (!b) return 0;
        *buf = b;
        *cap = need;
    }
    char *p = *buf;
    size_t n = (size_t)sprintf(p, "C first=%" PRIu64 " count=%" PRIu64 " sum=%016" PRIx64, r->first, r->count,
                               r->checksum);
    n += work_counters_format(&r->work, p + n, *cap - n);
    n += (size_t)sprintf(p + n, " sec=%.3f", r->seconds);
    if (r->cpu_known) n += (size_t)sprintf(p + n, " cpu=%.3f", r->cpu_seconds);
    if (at > 0) n += (size_t)sprintf(p + n, " at=%" PRId64, at);
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

/* Parses a C line body (after unsealing). brief (journal_read_brief):
 * the counters are skipped and found only counted (nfound, found NULL). */
static bool parse_chunk(char *body, const geometry *geo, bool brief, job_result *r)
{
    job_result_clear(r);
    int have = 0;
    uint64_t counters = 0; /* the work counters seen */
    char *save = NULL;
    char *tok = strtok_r(body, " ", &save);
    if (!tok || strcmp(tok, "C")) return false;
    while ((tok = strtok_r(NULL, " ", &save))) {
        char *eq = strchr(tok, '=');
        if (!eq) return false;
        *eq = 0;
        const char *k = tok;
        char *v = eq + 1;
        int c;
        if (!strcmp(k, "first")) have |= parse_u64_field(v, &r->first, 10) ? 1 : 0;
        else if (!strcmp(k, "count")) have |= parse_u64_field(v, &r->count, 10) ? 2 : 0;
        else if (!strcmp(k, "sum")) have |= parse_u64_field(v, &r->checksum, 16) ? 4 : 0;
        else if (!strcmp(k, "sec")) {
            char *end;
            r->seconds = strtod(v, &end);
            if (*end || !(r->seconds >= 0)) return false;
            have |= 8;
        } else if (!strcmp(k, "cpu")) {
            char *end;
            r->cpu_seconds = strtod(v, &end);
            if (*end || !(r->cpu_seconds >= 0) || r->cpu_seconds > 1e12) return false;
            r->cpu_known = true;
        } else if (!strcmp(k, "at")) {
            uint64_t t;
            if (!parse_u64_field(v, &t, 10) || t > INT64_MAX) return false;
            r->at = (int64_t)t;
        } else if (brief && strcmp(k, "found")) {
            continue; /* a counter, not read */
        } else if ((c = work_counters_parse(&r->work, k, v)) >= 0) {
            counters |= UINT64_C(1) << c;
        } else if (!strcmp(k, "found") && brief) {
            r->nfound = *v ? 1 : 0;
            for (const char *q = v; *q; q++) r->nfound += *q == ';';
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
    return have == 15 && (brief || counters == ALL_COUNTERS) && r->count > 0;
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

/* journal_read; with head_only, stops after the job line; with brief, C
 * lines are read as parse_chunk's brief says. */
static mc_status read_journal(const char *path, const geometry *geo, bool head_only, bool brief, journal_data *d,
                              mc_error *err)
{
    memset(d, 0, sizeof *d);
    FILE *f = fopen(path, "rb");
    if (!f) {
        if (errno == ENOENT) return MC_OK;
        return mc_fail(err, MC_EIO, "%s: %s", path, strerror(errno));
    }
    struct stat sb;
    if (fstat(fileno(f), &sb) == 0 && !S_ISREG(sb.st_mode)) {
        fclose(f);
        return mc_fail(err, MC_EIO, "%s: is %s, not a journal file", path,
                       S_ISDIR(sb.st_mode) ? "a directory" : "not a regular file");
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
            char where[PATH_MAX + 32];
            snprintf(where, sizeof where, "%s:%ld", path, lineno);
            if ((st = job_identity_check_format(line + 2, where, err)) != MC_OK) break;
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
            if (parse_chunk(line, geo, brief, &r)) {
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
        if (head_only && d->identity) break;
    }
    if (st == MC_OK && ferror(f)) st = mc_fail(err, MC_EIO, "%s: read error", path);
    free(line);
    free(r.found);
    fclose(f);
    if (st != MC_OK) journal_data_free(d);
    return st;
}

mc_status journal_read(const char *path, const geometry *geo, journal_data *d, mc_error *err)
{
    return read_journal(path, geo, false, false, d, err);
}

mc_status journal_read_brief(const char *path, journal_data *d, mc_error *err)
{
    return read_journal(path, NULL, false, true, d, err);
}

mc_status journal_read_head(const char *path, journal_data *d, mc_error *err)
{
    return read_journal(path, NULL, true, false, d, err);
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

void job_fsync_dir(const char *dir)
{
    int fd = open(dir, O_RDONLY | O_DIRECTORY);
    if (fd >= 0) {
        (void)fsync(fd);
        close(fd);
    }
}

char *job_path_join(const char *dir, const char *name)
{
    size_t n = strlen(dir) + strlen(name) + 2;
    char *p = malloc(n);
    if (p) snprintf(p, n, "%s/%s", dir, name);
    return p;
}

mc_status job_write_all(int fd, const char *buf, size_t n, const char *path, mc_error *err)
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

/* Cuts the journal back to its last complete line (a torn tail). */
static mc_status drop_torn_tail(journal *jl, const journal_data *done, mc_error *err)
{
    struct stat sb;
    if (fstat(jl->fd, &sb) != 0) return mc_fail(err, MC_EIO, "%s: %s", jl->path, strerror(errno));
    if (sb.st_size > done->good_size) {
        if (ftruncate(jl->fd, (off_t)done->good_size) != 0 || fsync(jl->fd) != 0)
            return mc_fail(err, MC_EIO, "%s: cannot drop the torn last line: %s", jl->path, strerror(errno));
    }
    return MC_OK;
}

/* The journal's J line (identity) is of the same job as j with its file at
 * another path (job_identity_same_job): j->source_recorded gets the
 * journal's path, so found.txt and summary.json keep naming it. */
static mc_status adopt_recorded(job *j, const char *identity, const char *path, mc_error *err)
{
    job old;
    if (job_from_identity(identity, &old, NULL) != MC_OK) return mc_fail(err, MC_ECORRUPT, "%s: bad job line", path);
    free(j->source_recorded);
    j->source_recorded = old.source_path;
    old.source_path = NULL;
    job_free(&old);
    return MC_OK;
}

/* Every chunk line of done is a work unit of j, each at most once, and no
 * line lists a puzzle twice (path: the journal, for messages). */
static mc_status check_units(const job *j, const journal_data *done, const char *path, mc_error *err)
{
    /* every chunk line must be a work unit of this job */
    for (size_t i = 0; i < done->nchunks; i++) {
        const job_result *r = &done->chunks[i];
        uint64_t index;
        if (!job_chunk_of(j, r->first, r->count, &index))
            return mc_fail(err, MC_ECORRUPT, "%s: chunk %" PRIu64 "+%" PRIu64 " is not a work unit of the job", path,
                           r->first, r->count);
    }
    /* and each at most once: run never writes a chunk twice, so a second
     * line is an edit; refused as `job verify` refuses it (one view of the
     * journal), never silently counted once */
    uint64_t nch = job_nchunks(j);
    unsigned char *seen = calloc(nch / 8 + 1, 1);
    if (!seen) return mc_fail(err, MC_ENOMEM, "out of memory");
    mc_status st = MC_OK;
    for (size_t i = 0; st == MC_OK && i < done->nchunks; i++) {
        const job_result *r = &done->chunks[i];
        uint64_t idx = (r->first - j->first) / j->chunk;
        /* a puzzle listed twice in a line is an edit (or an engine fault)
         * too, refused as `job verify` refuses it */
        size_t dup = job_puzzles_first_repeat(done->chunks[i].found, r->nfound, false);
        if (seen[idx / 8] & (1u << (idx % 8)))
            st = mc_fail(err, MC_ECORRUPT,
                         "%s: ranks %" PRIu64 "..%" PRIu64 " are in the journal more than once (a journal holds "
                         "each chunk once: remove the extra line, or use another output directory)",
                         path, r->first, r->first + r->count - 1);
        else if (dup < r->nfound)
            st = mc_fail(err, MC_ECORRUPT,
                         "%s: ranks %" PRIu64 "..%" PRIu64 " list a puzzle of rank %" PRIu64 " twice (a journal "
                         "lists each puzzle once: remove the extra entry, or use another output directory)",
                         path, r->first, r->first + r->count - 1, r->found[dup].rank);
        seen[idx / 8] |= (unsigned char)(1u << (idx % 8));
    }
    free(seen);
    return st;
}

bool job_file_there(const char *dir, const char *name)
{
    char *p = job_path_join(dir, name);
    struct stat sb;
    bool there = p && stat(p, &sb) == 0 && S_ISREG(sb.st_mode);
    free(p);
    return there;
}

mc_status journal_complete(job *j, bool *complete, job_totals *t, mc_error *err)
{
    *complete = false;
    char *path = job_path_join(j->output, "journal"), *ident = job_identity(j);
    if (!path || !ident) {
        free(path);
        free(ident);
        return mc_fail(err, MC_ENOMEM, "out of memory");
    }
    mc_status st = MC_OK;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    journal_data d;
    memset(&d, 0, sizeof d);
    if (fd < 0) goto done; /* no journal: a job to start */
    if (flock(fd, LOCK_SH | LOCK_NB) != 0) {
        st = mc_fail(err, MC_EIO, "%s: in use by another run (locked)", path);
        goto done;
    }
    mc_error e; /* a journal that is not of a complete job is journal_open's to judge */
    if (journal_read(path, j->geo, &d, &e) != MC_OK || !d.identity || d.bad_lines ||
        !job_identity_same_job(d.identity, ident) || check_units(j, &d, path, &e) != MC_OK ||
        d.nchunks != job_nchunks(j) || !job_file_there(j->output, "found.txt") || !job_file_there(j->output, "summary.json"))
        goto done;
    if (strcmp(d.identity, ident) && (st = adopt_recorded(j, d.identity, path, err)) != MC_OK) goto done;
    job_totals_of(&d, t);
    *complete = true;
done:
    if (fd >= 0) close(fd);
    journal_data_free(&d);
    free(path);
    free(ident);
    return st;
}

mc_status journal_open(job *j, journal **out, journal_data *done, mc_error *err)
{
    memset(done, 0, sizeof *done);
    mc_status st = mkdir_p(j->output, err);
    if (st != MC_OK) return st;
    journal *jl = calloc(1, sizeof *jl);
    if (!jl) return mc_fail(err, MC_ENOMEM, "out of memory");
    jl->fd = -1;
    jl->j = j;
    jl->path = job_path_join(j->output, "journal");
    char *ident = job_identity(j);
    if (!jl->path || !ident) {
        st = mc_fail(err, MC_ENOMEM, "out of memory");
        goto fail;
    }
    mc_test_hooks hooks;
    mc_test_hooks_read(&hooks);
    jl->kill_at = hooks.journal_kill;
    jl->enospc_at = hooks.journal_enospc;
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
    /* a journal refused below is left as it was; the torn tail of an
     * accepted one is dropped (drop_torn_tail) */
    bool fresh = !done->identity;
    if (fresh) {
        if ((st = drop_torn_tail(jl, done, err)) != MC_OK) goto fail;
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
        st = job_write_all(jl->fd, buf, len, jl->path, err);
        free(buf);
        if (st != MC_OK) goto fail;
        if (fsync(jl->fd) != 0) {
            st = mc_fail(err, MC_EIO, "%s: fsync: %s", jl->path, strerror(errno));
            goto fail;
        }
        job_fsync_dir(j->output);
        done->identity = ident;
        ident = NULL;
    } else if (strcmp(done->identity, ident) != 0 && job_identity_same_job(done->identity, ident)) {
        if ((st = adopt_recorded(j, done->identity, jl->path, err)) != MC_OK) goto fail;
    } else if (strcmp(done->identity, ident) != 0) {
        job old;
        mc_error e;
        if (job_from_identity(done->identity, &old, &e) == MC_OK && old.has_source_sum && j->has_source_sum &&
            old.source_sum != j->source_sum && old.source_path && j->source_path &&
            !strcmp(old.source_path, j->source_path)) {
            st = mc_fail(err, MC_EINVAL,
                         "%s: the source %s changed since the job started (content sum %016llx, the journal's "
                         "%016llx): the chunks done so far were searched on other grids; restore the file, or "
                         "use another output directory",
                         jl->path, j->source_path, (unsigned long long)j->source_sum,
                         (unsigned long long)old.source_sum);
            job_free(&old);
            goto fail;
        }
        job_free(&old);
        char diff[MC_ERROR_MSG_MAX];
        size_t used = strlen(jl->path) + 64; /* the rest of the message */
        job_identity_diff(done->identity, ident, diff, used + 96 < sizeof diff ? sizeof diff - used : 96);
        st = mc_fail(err, MC_EINVAL, "%s belongs to another job (%s); use another output directory", jl->path, diff);
        goto fail;
    }
    if ((st = check_units(j, done, jl->path, err)) != MC_OK) goto fail;
    if (!fresh && (st = drop_torn_tail(jl, done, err)) != MC_OK) goto fail;
    free(ident);
    *out = jl;
    return MC_OK;
fail:
    free(ident);
    journal_close(jl);
    journal_data_free(done);
    return st;
}

/* The output directory still holds the journal this run has open and
 * locked (the lock is on its inode: a directory deleted during the run
 * would let a second run take the name while this one wrote into an
 * unlinked file). Checked before every write. */
static mc_status still_there(const journal *jl, mc_error *err)
{
    struct stat a, b;
    if (fstat(jl->fd, &a) != 0) return mc_fail(err, MC_EIO, "%s: %s", jl->path, strerror(errno));
    if (stat(jl->path, &b) != 0 || a.st_dev != b.st_dev || a.st_ino != b.st_ino)
        return mc_fail(err, MC_EIO,
                       "%s: the output directory no longer holds this run's journal (deleted or replaced during "
                       "the run); stopped without writing",
                       jl->path);
    return MC_OK;
}

mc_status journal_comment(journal *jl, const char *text, mc_error *err)
{
    mc_status gone = still_there(jl, err);
    if (gone != MC_OK) return gone;
    size_t n = strlen(text);
    char *line = malloc(n + 4);
    if (!line) return mc_fail(err, MC_ENOMEM, "out of memory");
    size_t len = (size_t)sprintf(line, "# ");
    for (const char *s = text; *s; s++) line[len++] = (*s == '\n') ? ' ' : *s;
    while (len > 2 && line[len - 1] == ' ') len--;
    line[len++] = '\n';
    mc_status st = job_write_all(jl->fd, line, len, jl->path, err);
    free(line);
    return st;
}

mc_status journal_append(journal *jl, const job_result *r, mc_error *err)
{
    size_t len = format_chunk(r, (int64_t)time(NULL), jl->j->geo, &jl->buf, &jl->cap);
    if (len == 0) return mc_fail(err, MC_ENOMEM, "out of memory");
    jl->appends++;
    if (jl->kill_at > 0 && jl->appends == jl->kill_at) {
        /* test hook: a power cut in the middle of the write */
        if (job_write_all(jl->fd, jl->buf, len / 2, jl->path, err) == MC_OK) (void)fsync(jl->fd);
        raise(SIGKILL);
    }
    if (jl->enospc_at > 0 && jl->appends == jl->enospc_at) /* test hook: the disk is full */
        return mc_fail(err, MC_EIO, "%s: write error: %s", jl->path, strerror(ENOSPC));
    mc_status st = still_there(jl, err);
    if (st != MC_OK) return st;
    st = job_write_all(jl->fd, jl->buf, len, jl->path, err);
    if (st != MC_OK) return st;
    if (fsync(jl->fd) != 0) return mc_fail(err, MC_EIO, "%s: fsync: %s", jl->path, strerror(errno));
    return MC_OK;
}

