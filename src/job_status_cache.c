/* job_status_cache — the verdicts kept by `job status --cache`; see
 * job_status_cache.h. */
#include "job_status_cache.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "job_journal.h"

#define MAX_CACHE_BYTES ((size_t)1 << 30)

typedef struct lines {
    char **s;
    size_t n, cap;
} lines;

struct job_status_cache {
    lines old;  /* the entries read */
    lines now;  /* put in this call */
    lines seen; /* the absolute paths looked at in this call */
};

static bool push(lines *l, char *s)
{
    if (l->n == l->cap) {
        size_t nc = l->cap ? 2 * l->cap : 64;
        char **p = realloc(l->s, nc * sizeof *p);
        if (!p) return false;
        l->s = p;
        l->cap = nc;
    }
    l->s[l->n++] = s;
    return true;
}

static void lines_free(lines *l)
{
    for (size_t i = 0; i < l->n; i++) free(l->s[i]);
    free(l->s);
}

static bool has(const lines *l, const char *s)
{
    for (size_t i = 0; i < l->n; i++)
        if (!strcmp(l->s[i], s)) return true;
    return false;
}

/* The path of an entry: after its key. */
static const char *entry_path(const char *e)
{
    const char *sp = strchr(e, ' ');
    return sp ? sp + 1 : e + strlen(e);
}

mc_status job_status_cache_load(const char *path, job_status_cache **out, mc_error *err)
{
    *out = NULL;
    job_status_cache *c = calloc(1, sizeof *c);
    if (!c) return mc_fail(err, MC_ENOMEM, "out of memory");
    struct stat st;
    if (lstat(path, &st) != 0) { /* none yet */
        *out = c;
        return MC_OK;
    }
    char *text = NULL;
    size_t len = 0;
    mc_status rc = job_read_text(path, MAX_CACHE_BYTES, &text, &len, err);
    size_t flen = strlen(JOB_STATUS_CACHE_FORMAT);
    if (rc == MC_OK && (len < flen + 1 || strncmp(text, JOB_STATUS_CACHE_FORMAT "\n", flen + 1) != 0))
        rc = mc_fail(err, MC_EINVAL, "%s: not a cache of job status (its first line is not %s); refused, not "
                     "written over", path, JOB_STATUS_CACHE_FORMAT);
    for (char *p = rc == MC_OK ? text + flen + 1 : NULL; p && *p && rc == MC_OK;) {
        char *nl = strchr(p, '\n');
        if (!nl) break; /* a cut last line: not an entry */
        *nl = 0;
        const char *sp = strchr(p, ' ');
        if (sp && sp > p && sp[1] == '/') { /* "key /path" */
            char *e = strdup(p);
            if (!e || !push(&c->old, e)) {
                free(e);
                rc = mc_fail(err, MC_ENOMEM, "out of memory");
            }
        }
        p = nl + 1;
    }
    free(text);
    if (rc != MC_OK) {
        job_status_cache_free(c);
        return rc;
    }
    *out = c;
    return MC_OK;
}

void job_status_cache_free(job_status_cache *c)
{
    if (!c) return;
    lines_free(&c->old);
    lines_free(&c->now);
    lines_free(&c->seen);
    free(c);
}

/* The stat key of the regular file at path appended at key + *n (a comma
 * before all but the first); false when it is no such file or the key is
 * full. */
static bool stat_key(const char *path, char *key, size_t cap, size_t *n)
{
    struct stat st;
    if (!path || stat(path, &st) != 0 || !S_ISREG(st.st_mode)) return false;
    *n += (size_t)snprintf(key + *n, cap - *n, "%s%jx:%jx:%jx:%jd.%09ld:%jd.%09ld", *n ? "," : "",
                           (uintmax_t)st.st_dev, (uintmax_t)st.st_ino, (uintmax_t)st.st_size,
                           (intmax_t)st.st_mtim.tv_sec, (long)st.st_mtim.tv_nsec, (intmax_t)st.st_ctim.tv_sec,
                           (long)st.st_ctim.tv_nsec);
    return *n < cap;
}

char *job_status_cache_key(const char *dir, const char *source)
{
    static const char *const files[] = {"journal", "summary.json", "found.txt"};
    char real[PATH_MAX], key[4 * 160] = "";
    if (!realpath(dir, real) || strchr(real, '\n')) return NULL;
    size_t n = 0;
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        char *path = job_path_join(real, files[i]);
        bool ok = stat_key(path, key, sizeof key, &n);
        free(path);
        if (!ok) return NULL;
    }
    if (source && !stat_key(source, key, sizeof key, &n)) return NULL;
    size_t total = n + 1 + strlen(real) + 1;
    char *out = malloc(total);
    if (out) snprintf(out, total, "%s %s", key, real);
    return out;
}

bool job_status_cache_verified(job_status_cache *c, const char *key)
{
    return has(&c->old, key) || has(&c->now, key);
}

bool job_status_cache_put(job_status_cache *c, char *key)
{
    if (has(&c->now, key)) {
        free(key);
        return true;
    }
    if (push(&c->now, key)) return true;
    free(key);
    return false;
}

bool job_status_cache_seen(job_status_cache *c, const char *dir)
{
    char real[PATH_MAX];
    if (!realpath(dir, real) || has(&c->seen, real)) return true; /* no entry can name it */
    char *s = strdup(real);
    if (s && push(&c->seen, s)) return true;
    free(s);
    return false;
}

mc_status job_status_cache_save(const job_status_cache *c, const char *path, mc_error *err)
{
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    if (!m) return mc_fail(err, MC_ENOMEM, "out of memory");
    fprintf(m, "%s\n", JOB_STATUS_CACHE_FORMAT);
    for (size_t i = 0; i < c->old.n; i++)
        if (!has(&c->seen, entry_path(c->old.s[i]))) fprintf(m, "%s\n", c->old.s[i]);
    for (size_t i = 0; i < c->now.n; i++) fprintf(m, "%s\n", c->now.s[i]);
    if (fclose(m) != 0 || !text) {
        free(text);
        return mc_fail(err, MC_ENOMEM, "out of memory");
    }
    mc_status rc = job_write_file_atomic(path, text, err);
    free(text);
    return rc;
}
