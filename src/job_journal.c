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

#include "journal_line.h"
#include "mc_test_hooks.h"

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

/* Opens path (flags) as a regular file without blocking on a FIFO or a
 * device: *fd -1 and MC_OK when there is no file; another kind of file is
 * refused (MC_EIO naming it). */
static mc_status open_regular(const char *path, int flags, int *fd, mc_error *err)
{
    *fd = open(path, flags | O_NONBLOCK | O_CLOEXEC);
    if (*fd < 0) return errno == ENOENT ? MC_OK : mc_fail(err, MC_EIO, "%s: %s", path, strerror(errno));
    struct stat sb; /* O_NONBLOCK changes nothing for a regular file */
    memset(&sb, 0, sizeof sb);
    if (fstat(*fd, &sb) != 0 || !S_ISREG(sb.st_mode)) {
        bool dir = S_ISDIR(sb.st_mode);
        close(*fd);
        *fd = -1;
        return dir ? mc_fail(err, MC_EIO, "%s: is a directory, not a journal file", path)
                   : mc_fail(err, MC_EIO, "%s: is not a regular file (a FIFO, a device or a socket); not read", path);
    }
    return MC_OK;
}

/* journal_read; with head_only, stops after the job line. */
static mc_status read_journal(const char *path, const geometry *geo, bool head_only, journal_data *d,
                              mc_error *err)
{
    memset(d, 0, sizeof *d);
    int fd;
    mc_status st = open_regular(path, O_RDONLY, &fd, err);
    if (st != MC_OK || fd < 0) return st;
    FILE *f = fdopen(fd, "rb");
    if (!f) {
        close(fd);
        return mc_fail(err, MC_ENOMEM, "out of memory");
    }
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    long lineno = 0;
    long long pos = 0;
    job_result r;
    memset(&r, 0, sizeof r);
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
            if (!strncmp(line, "# " JOURNAL_STOP_NOTE, 2 + strlen(JOURNAL_STOP_NOTE)))
                d->stop_at = strtoll(line + 2 + strlen(JOURNAL_STOP_NOTE), NULL, 10);
            else if (!strncmp(line, "# " JOURNAL_RUN_NOTE, 2 + strlen(JOURNAL_RUN_NOTE)))
                d->stop_at = 0;
        } else if (line[0] == 'J' && journal_line_unseal(line, (size_t)len) && !strncmp(line, "J ", 2)) {
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
        } else if (line[0] == 'C' && journal_line_unseal(line, (size_t)len)) {
            if (!d->identity) {
                st = mc_fail(err, MC_ECORRUPT, "%s:%ld: chunk line before the job line", path, lineno);
                break;
            }
            if (journal_line_parse_chunk(line, geo, &r)) {
                if (push_chunk(d, &r) != MC_OK) {
                    st = mc_fail(err, MC_ENOMEM, "out of memory");
                    break;
                }
                d->stop_at = 0;
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
    return read_journal(path, geo, false, d, err);
}

mc_status journal_read_head(const char *path, journal_data *d, mc_error *err)
{
    return read_journal(path, NULL, true, d, err);
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

void job_totals_of(const journal_data *d, job_totals *t)
{
    memset(t, 0, sizeof *t);
    for (size_t i = 0; i < d->nchunks; i++) {
        const job_result *r = &d->chunks[i];
        t->chunks++;
        t->grids += r->count;
        work_counters_add(&t->work, &r->work);
        t->seconds += r->seconds;
    }
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
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC); /* a FIFO is journal_read's to refuse */
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
        len = journal_line_seal(buf, len);
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
    size_t len = journal_line_format_chunk(r, (int64_t)time(NULL), jl->j->geo, &jl->buf, &jl->cap);
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

