/* job — job files, work units, sources and engines; see job.h.
 * (The journal and verification are in job_journal.c.) */
#include "job.h"

#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "catalogue.h"
#include "enumerate.h"
#include "gridrank.h"
#include "checker.h"
#include "gridfile.h"
#include "mc_clock.h"
#include "numtext.h"

#define JOB_MAX_CHUNK 1000000
#define BRUTE_MAX_SETS 100000000.0

/* ------------------------------------------------------------------ */
/* small helpers */

uint64_t job_fnv1a(uint64_t h, const void *data, size_t n)
{
    const uint8_t *p = data;
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= UINT64_C(0x100000001b3);
    }
    return h;
}

uint64_t job_checksum_grids(const uint8_t *grids, uint64_t n, int ncells)
{
    return job_fnv1a(JOB_FNV_INIT, grids, (size_t)n * (size_t)ncells);
}

const char *job_engine_name(job_engine_kind e)
{
    switch (e) {
    case JOB_ENGINE_CHECKER: return "checker";
    case JOB_ENGINE_BRUTE: return "brute";
    case JOB_ENGINE_NONE: return "none";
    }
    return "?";
}

const char *job_source_name(job_source_kind s)
{
    switch (s) {
    case JOB_SOURCE_GRIDS: return "grids";
    case JOB_SOURCE_CATALOGUE: return "catalogue";
    case JOB_SOURCE_ENUMERATE: return "enumerate";
    }
    return "?";
}

static bool parse_int(const char *s, int lo, int hi, int *out)
{
    uint64_t v;
    if (s && *s == '-' && s[1] == '1' && !s[2] && lo <= -1) {
        *out = -1;
        return true;
    }
    if (!numtext_u64(s, &v) || v > (uint64_t)INT_MAX || (int)v < lo || (int)v > hi) return false;
    *out = (int)v;
    return true;
}

/* dir/rel unless rel is absolute; dir may be NULL (current directory). */
static char *path_join(const char *dir, const char *rel)
{
    char cwd[PATH_MAX];
    if (rel[0] == '/') return strdup(rel);
    if (!dir || !*dir) {
        if (!getcwd(cwd, sizeof cwd)) return NULL;
        dir = cwd;
    }
    size_t n = strlen(dir) + strlen(rel) + 2;
    char *p = malloc(n);
    if (!p) return NULL;
    snprintf(p, n, "%s/%s", dir, rel);
    return p;
}

/* Absolute directory of the job file name. */
static char *job_dir_of(const char *name)
{
    const char *slash = strrchr(name, '/');
    char cwd[PATH_MAX];
    if (!slash) return getcwd(cwd, sizeof cwd) ? strdup(cwd) : NULL;
    size_t n = (size_t)(slash - name);
    char *d = malloc(n + 2);
    if (!d) return NULL;
    if (n == 0) {
        strcpy(d, "/");
        return d;
    }
    memcpy(d, name, n);
    d[n] = 0;
    char *abs = path_join(NULL, d);
    free(d);
    return abs;
}

static void job_init(job *j)
{
    memset(j, 0, sizeof *j);
    j->clues = -1;
    j->chunk = 100;
    j->engine = JOB_ENGINE_CHECKER;
    j->ua_max_size = j->ua_limit = j->max_degree = j->learn = -1;
    j->inflight = 2;
    j->grace = 60;
    j->band_lo = j->band_hi = 0;
}

void job_free(job *j)
{
    if (!j) return;
    free(j->path);
    free(j->source_path);
    free(j->output);
    job_init(j);
}

/* ------------------------------------------------------------------ */
/* job files */

enum { K_SOURCE, K_RANKS, K_BANDS, K_SHAPE, K_CLUES, K_CHUNK, K_OUTPUT, K_ENGINE, K_UA_MAX_SIZE,
       K_UA_LIMIT, K_MAX_DEGREE, K_LEARN, K_INFLIGHT, K_GRACE, K_COUNT };
static const char *const key_names[K_COUNT] = {
    "source", "ranks", "bands", "shape", "clues", "chunk", "output", "engine", "ua_max_size",
    "ua_limit", "max_degree", "learn", "inflight", "grace"};

static char *trim(char *s)
{
    while (isspace((unsigned char)*s)) s++;
    size_t n = strlen(s);
    while (n > 0 && isspace((unsigned char)s[n - 1])) s[--n] = 0;
    return s;
}

static mc_status set_key(job *j, const char *dir, const char *name, long line, int key, char *v,
                         mc_error *err)
{
#define BAD(...) mc_fail(err, MC_EFORMAT, __VA_ARGS__)
    switch (key) {
    case K_SOURCE: {
        char *sp = v;
        while (*sp && !isspace((unsigned char)*sp)) sp++;
        char *arg = trim(sp);
        if (*sp) *sp = 0; /* v is now the kind word (arg points after it) */
        if (!strcmp(v, "enumerate")) {
            if (*arg) return BAD("%s:%ld: source enumerate takes no file (bands = A-B chooses the grids)", name, line);
            j->source = JOB_SOURCE_ENUMERATE;
            j->geo = geometry_9x9();
            return MC_OK;
        }
        if (strcmp(v, "grids") && strcmp(v, "catalogue"))
            return BAD("%s:%ld: source must be 'grids FILE', 'catalogue FILE' or 'enumerate', not '%s'",
                       name, line, v);
        if (!*arg) return BAD("%s:%ld: source %s needs a file name", name, line, v);
        j->source = !strcmp(v, "grids") ? JOB_SOURCE_GRIDS : JOB_SOURCE_CATALOGUE;
        j->source_path = path_join(dir, arg);
        if (!j->source_path) return mc_fail(err, MC_ENOMEM, "%s:%ld: out of memory", name, line);
        struct stat st;
        if (stat(j->source_path, &st) != 0 || access(j->source_path, R_OK) != 0)
            return mc_fail(err, MC_EIO, "%s:%ld: source %s: %s", name, line, j->source_path, strerror(errno));
        if (S_ISDIR(st.st_mode))
            return mc_fail(err, MC_EIO, "%s:%ld: source %s is a directory", name, line, j->source_path);
        return MC_OK;
    }
    case K_RANKS:
        if (!numtext_range(v, &j->first, &j->last) || j->first == 0)
            return BAD("%s:%ld: ranks must be 'I-J' or 'I' with 1 <= I <= J, not '%s'", name, line, v);
        j->ranks_given = true;
        return MC_OK;
    case K_BANDS: {
        uint64_t lo, hi;
        if (!numtext_range(v, &lo, &hi) || lo < 1 || hi > 416)
            return BAD("%s:%ld: bands must be 'A-B' with 1 <= A <= B <= 416, not '%s'", name, line, v);
        j->band_lo = (int)lo;
        j->band_hi = (int)hi;
        return MC_OK;
    }
    case K_SHAPE: {
        mc_error e;
        if (geometry_parse(v, &j->geo, &e) != MC_OK) return BAD("%s:%ld: shape: %s", name, line, e.msg);
        return MC_OK;
    }
    case K_CLUES:
        if (!parse_int(v, 1, MAX_CELLS, &j->clues))
            return BAD("%s:%ld: clues must be a number from 1 to %d, not '%s'", name, line, MAX_CELLS, v);
        return MC_OK;
    case K_CHUNK:
        if (!numtext_u64(v, &j->chunk) || j->chunk < 1 || j->chunk > JOB_MAX_CHUNK)
            return BAD("%s:%ld: chunk must be a number from 1 to %d, not '%s'", name, line, JOB_MAX_CHUNK, v);
        return MC_OK;
    case K_OUTPUT:
        j->output = path_join(dir, v);
        if (!j->output) return mc_fail(err, MC_ENOMEM, "%s:%ld: out of memory", name, line);
        {
            struct stat st;
            if (stat(j->output, &st) == 0 && !S_ISDIR(st.st_mode))
                return mc_fail(err, MC_EIO, "%s:%ld: output %s exists and is not a directory", name, line,
                               j->output);
        }
        return MC_OK;
    case K_ENGINE:
        if (!strcmp(v, "checker")) j->engine = JOB_ENGINE_CHECKER;
        else if (!strcmp(v, "brute")) j->engine = JOB_ENGINE_BRUTE;
        else if (!strcmp(v, "none")) j->engine = JOB_ENGINE_NONE;
        else return BAD("%s:%ld: engine must be checker, brute or none, not '%s'", name, line, v);
        return MC_OK;
    case K_UA_MAX_SIZE:
        if (!parse_int(v, 2, CHECKER_MAX_UA_SIZE, &j->ua_max_size))
            return BAD("%s:%ld: ua_max_size must be a number from 2 to %d, not '%s'", name, line,
                       CHECKER_MAX_UA_SIZE, v);
        return MC_OK;
    case K_UA_LIMIT:
        if (!parse_int(v, 0, INT_MAX, &j->ua_limit))
            return BAD("%s:%ld: ua_limit must be a number >= 0, not '%s'", name, line, v);
        return MC_OK;
    case K_MAX_DEGREE:
        if (!parse_int(v, 1, 16, &j->max_degree))
            return BAD("%s:%ld: max_degree must be a number from 1 to 16, not '%s'", name, line, v);
        return MC_OK;
    case K_LEARN:
        if (!parse_int(v, 0, 1, &j->learn))
            return BAD("%s:%ld: learn must be 0 or 1, not '%s'", name, line, v);
        return MC_OK;
    case K_INFLIGHT:
        if (!parse_int(v, 1, 64, &j->inflight))
            return BAD("%s:%ld: inflight must be a number from 1 to 64, not '%s'", name, line, v);
        return MC_OK;
    case K_GRACE: {
        char *end;
        errno = 0;
        double g = strtod(v, &end);
        if (errno || end == v || *end || !(g >= 0) || g > 86400)
            return BAD("%s:%ld: grace must be seconds from 0 to 86400, not '%s'", name, line, v);
        j->grace = g;
        return MC_OK;
    }
    }
#undef BAD
    return MC_OK;
}

mc_status job_parse(const char *name, const char *text, job *j, mc_error *err)
{
    job_init(j);
    long seen[K_COUNT] = {0};
    char *dir = job_dir_of(name);
    char *copy = strdup(text);
    j->path = strdup(name);
    mc_status st = MC_OK;
    if (!dir || !copy || !j->path) {
        st = mc_fail(err, MC_ENOMEM, "%s: out of memory", name);
        goto done;
    }
    long line = 0;
    for (char *p = copy; p && *p;) {
        char *nl = strchr(p, '\n');
        if (nl) *nl = 0;
        line++;
        char *s = p;
        p = nl ? nl + 1 : NULL;
        /* a comment starts at a '#' at the line start or after white space */
        for (char *c = s; *c; c++)
            if (*c == '#' && (c == s || isspace((unsigned char)c[-1]))) {
                *c = 0;
                break;
            }
        s = trim(s);
        if (!*s) continue;
        char *eq = strchr(s, '=');
        if (!eq) {
            st = mc_fail(err, MC_EFORMAT, "%s:%ld: expected 'key = value', got '%s'", name, line, s);
            goto done;
        }
        *eq = 0;
        char *key = trim(s), *val = trim(eq + 1);
        int k = -1;
        for (int i = 0; i < K_COUNT; i++)
            if (!strcmp(key, key_names[i])) k = i;
        if (k < 0) {
            st = mc_fail(err, MC_EFORMAT, "%s:%ld: unknown key '%s'", name, line, key);
            goto done;
        }
        if (seen[k]) {
            st = mc_fail(err, MC_EFORMAT, "%s:%ld: key '%s' given twice (first on line %ld)", name, line, key,
                         seen[k]);
            goto done;
        }
        seen[k] = line;
        if (!*val) {
            st = mc_fail(err, MC_EFORMAT, "%s:%ld: key '%s' has no value", name, line, key);
            goto done;
        }
        if ((st = set_key(j, dir, name, line, k, val, err)) != MC_OK) goto done;
    }
    static const int required[] = {K_SOURCE, K_CLUES, K_OUTPUT};
    for (size_t i = 0; i < sizeof required / sizeof required[0]; i++)
        if (!seen[required[i]]) {
            st = mc_fail(err, MC_EFORMAT, "%s: missing key '%s'", name, key_names[required[i]]);
            goto done;
        }
    if (j->source == JOB_SOURCE_ENUMERATE && !seen[K_BANDS]) {
        st = mc_fail(err, MC_EFORMAT, "%s:%ld: source enumerate needs 'bands = A-B'", name, seen[K_SOURCE]);
        goto done;
    }
    if (j->source == JOB_SOURCE_ENUMERATE && j->geo->N != 9) {
        st = mc_fail(err, MC_EINVAL, "%s:%ld: source enumerate makes 9x9 grids", name, seen[K_SHAPE]);
        goto done;
    }
    if (j->source != JOB_SOURCE_ENUMERATE && seen[K_BANDS]) {
        st = mc_fail(err, MC_EFORMAT, "%s:%ld: bands are for the enumerate source", name, seen[K_BANDS]);
        goto done;
    }
    if (j->geo && j->clues > j->geo->ncells) {
        st = mc_fail(err, MC_EINVAL, "%s:%ld: clues %d is more than the %d cells of a %dx%d grid", name,
                     seen[K_CLUES], j->clues, j->geo->ncells, j->geo->N, j->geo->N);
        goto done;
    }
done:
    free(dir);
    free(copy);
    if (st != MC_OK) job_free(j);
    return st;
}

mc_status job_load(const char *path, job *j, mc_error *err)
{
    job_init(j);
    FILE *f = fopen(path, "rb");
    if (!f) return mc_fail(err, MC_EIO, "%s: cannot open job file: %s", path, strerror(errno));
    size_t cap = 4096, n = 0;
    char *text = malloc(cap);
    mc_status st = MC_OK;
    for (;;) {
        if (!text) {
            fclose(f);
            return mc_fail(err, MC_ENOMEM, "%s: out of memory", path);
        }
        size_t got = fread(text + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0 || memchr(text + n - got, 0, got) || n > LINE_MAX_BYTES) break; /* binary or endless */
        if (cap - n < 2) {
            char *t = realloc(text, cap *= 2);
            if (!t) free(text);
            text = t;
        }
    }
    if (ferror(f)) st = mc_fail(err, MC_EIO, "%s: read error", path);
    fclose(f);
    const char *nul = st == MC_OK ? memchr(text, 0, n) : NULL;
    if (nul) {
        long line = 1;
        for (const char *p = text; p < nul; p++) line += *p == '\n';
        st = mc_fail(err, MC_EFORMAT, "%s:%ld: NUL byte: not a text file", path, line);
    } else if (st == MC_OK && n > LINE_MAX_BYTES) {
        st = mc_fail(err, MC_EFORMAT, "%s: more than %u bytes: not a job file", path, (unsigned)LINE_MAX_BYTES);
    }
    if (st == MC_OK) {
        text[n] = 0;
        st = job_parse(path, text, j, err);
    }
    free(text);
    return st;
}

/* ------------------------------------------------------------------ */
/* ranks and chunks */

uint64_t job_total(const job *j) { return j->last >= j->first && j->first ? j->last - j->first + 1 : 0; }

uint64_t job_nchunks(const job *j) { return (job_total(j) + j->chunk - 1) / j->chunk; }

void job_chunk_range(const job *j, uint64_t i, uint64_t *first, uint64_t *count)
{
    assert(i < job_nchunks(j));
    *first = j->first + i * j->chunk;
    uint64_t left = j->last - *first + 1;
    *count = left < j->chunk ? left : j->chunk;
}

/* ------------------------------------------------------------------ */
/* identity (the journal's J line) */

/* Writes s with ' ', '%', '*' and control characters as %XX. */
static void escape_into(char *out, size_t cap, const char *s)
{
    size_t n = 0;
    for (; *s && n + 4 < cap; s++) {
        unsigned char c = (unsigned char)*s;
        if (c <= ' ' || c == '%' || c == '*' || c == '=' || c == ';' || c >= 127)
            n += (size_t)snprintf(out + n, cap - n, "%%%02X", c);
        else
            out[n++] = (char)c;
    }
    out[n] = 0;
}

static bool unescape(char *s)
{
    char *w = s;
    for (char *r = s; *r; r++) {
        if (*r == '%') {
            if (!isxdigit((unsigned char)r[1]) || !isxdigit((unsigned char)r[2])) return false;
            char hex[3] = {r[1], r[2], 0};
            *w++ = (char)strtol(hex, NULL, 16);
            r += 2;
        } else {
            *w++ = *r;
        }
    }
    *w = 0;
    return true;
}

char *job_identity(const job *j)
{
    size_t cap = 3 * PATH_MAX + 512;
    char *out = malloc(cap), *esc = malloc(3 * PATH_MAX + 1);
    if (!out || !esc) {
        free(out);
        free(esc);
        return NULL;
    }
    int n = snprintf(out, cap, "source=%s", job_source_name(j->source));
    if (j->source_path) {
        escape_into(esc, 3 * PATH_MAX + 1, j->source_path);
        n += snprintf(out + n, cap - (size_t)n, " path=%s", esc);
    }
    if (j->source == JOB_SOURCE_ENUMERATE)
        n += snprintf(out + n, cap - (size_t)n, " bands=%d-%d", j->band_lo, j->band_hi);
    snprintf(out + n, cap - (size_t)n,
             " first=%llu last=%llu shape=%dx%d clues=%d chunk=%llu engine=%s ua_max_size=%d ua_limit=%d"
             " max_degree=%d learn=%d",
             (unsigned long long)j->first, (unsigned long long)j->last, j->geo ? j->geo->R : 0,
             j->geo ? j->geo->C : 0, j->clues, (unsigned long long)j->chunk, job_engine_name(j->engine),
             j->ua_max_size, j->ua_limit, j->max_degree, j->learn);
    free(esc);
    return out;
}

mc_status job_from_identity(const char *text, job *j, mc_error *err)
{
    job_init(j);
    char *copy = strdup(text);
    j->path = strdup("");
    if (!copy || !j->path) {
        free(copy);
        return mc_fail(err, MC_ENOMEM, "out of memory");
    }
    mc_status st = MC_OK;
    int have = 0;
    char *save = NULL;
    for (char *tok = strtok_r(copy, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        char *eq = strchr(tok, '=');
        if (!eq) goto bad;
        *eq = 0;
        char *k = tok, *v = eq + 1;
        uint64_t lo, hi;
        if (!strcmp(k, "source")) {
            if (!strcmp(v, "grids")) j->source = JOB_SOURCE_GRIDS;
            else if (!strcmp(v, "catalogue")) j->source = JOB_SOURCE_CATALOGUE;
            else if (!strcmp(v, "enumerate")) j->source = JOB_SOURCE_ENUMERATE;
            else goto bad;
            have |= 1;
        } else if (!strcmp(k, "path")) {
            if (!unescape(v) || !(j->source_path = strdup(v))) goto bad;
        } else if (!strcmp(k, "bands")) {
            if (!numtext_range(v, &lo, &hi) || lo < 1 || hi > 416) goto bad;
            j->band_lo = (int)lo;
            j->band_hi = (int)hi;
        } else if (!strcmp(k, "first")) {
            if (!numtext_u64(v, &j->first)) goto bad;
            have |= 2;
        } else if (!strcmp(k, "last")) {
            if (!numtext_u64(v, &j->last)) goto bad;
            have |= 4;
        } else if (!strcmp(k, "shape")) {
            mc_error e;
            if (geometry_parse(v, &j->geo, &e) != MC_OK) goto bad;
            have |= 8;
        } else if (!strcmp(k, "clues")) {
            if (!parse_int(v, 1, MAX_CELLS, &j->clues)) goto bad;
            have |= 16;
        } else if (!strcmp(k, "chunk")) {
            if (!numtext_u64(v, &j->chunk) || j->chunk < 1) goto bad;
            have |= 32;
        } else if (!strcmp(k, "engine")) {
            if (!strcmp(v, "checker")) j->engine = JOB_ENGINE_CHECKER;
            else if (!strcmp(v, "brute")) j->engine = JOB_ENGINE_BRUTE;
            else if (!strcmp(v, "none")) j->engine = JOB_ENGINE_NONE;
            else goto bad;
        } else if (!strcmp(k, "ua_max_size")) {
            if (!parse_int(v, -1, CHECKER_MAX_UA_SIZE, &j->ua_max_size)) goto bad;
        } else if (!strcmp(k, "ua_limit")) {
            if (!parse_int(v, -1, INT_MAX, &j->ua_limit)) goto bad;
        } else if (!strcmp(k, "max_degree")) {
            if (!parse_int(v, -1, 16, &j->max_degree)) goto bad;
        } else if (!strcmp(k, "learn")) {
            if (!parse_int(v, -1, 1, &j->learn)) goto bad;
        } else {
            goto bad;
        }
    }
    if (have != 63 || (j->source != JOB_SOURCE_ENUMERATE && !j->source_path) || j->first == 0 ||
        j->last < j->first)
        goto bad;
    j->ranks_given = true;
    free(copy);
    return st;
bad:
    free(copy);
    job_free(j);
    return mc_fail(err, MC_ECORRUPT, "bad job identity line");
}

/* ------------------------------------------------------------------ */
/* sources */

/* The enumerate source: a thread runs enumerate_band over the bands and
 * hands the grids over through a ring buffer. */
#define FEED_CAP 65536
typedef struct enum_feed {
    pthread_t thread;
    pthread_mutex_t mu;
    pthread_cond_t can_put, can_get;
    uint8_t *ring;               /* FEED_CAP grids of 81 cells */
    size_t head, n;
    bool done, stop;
    mc_status st;
    int band_lo, band_hi;
} enum_feed;

static int feed_put(void *arg, const uint8_t *g)
{
    enum_feed *f = arg;
    pthread_mutex_lock(&f->mu);
    while (f->n == FEED_CAP && !f->stop) pthread_cond_wait(&f->can_put, &f->mu);
    bool stop = f->stop;
    if (!stop) {
        memcpy(f->ring + ((f->head + f->n) % FEED_CAP) * 81, g, 81);
        f->n++;
        pthread_cond_signal(&f->can_get);
    }
    pthread_mutex_unlock(&f->mu);
    return stop;
}

static void *feed_main(void *arg)
{
    enum_feed *f = arg;
    mc_status st = MC_OK;
    for (int b = f->band_lo; b <= f->band_hi && st == MC_OK; b++) {
        st = enumerate_band(b, feed_put, f, NULL);
        pthread_mutex_lock(&f->mu);
        bool stop = f->stop;
        pthread_mutex_unlock(&f->mu);
        if (stop) break;
    }
    pthread_mutex_lock(&f->mu);
    f->done = true;
    f->st = st;
    pthread_cond_broadcast(&f->can_get);
    pthread_mutex_unlock(&f->mu);
    return NULL;
}

/* Takes up to max grids (at least one unless the enumeration is over). */
static size_t feed_take(enum_feed *f, uint8_t *out, size_t max, mc_status *st)
{
    pthread_mutex_lock(&f->mu);
    while (f->n == 0 && !f->done) pthread_cond_wait(&f->can_get, &f->mu);
    size_t k = 0;
    while (k < max && f->n > 0) {
        if (out) memcpy(out + k * 81, f->ring + f->head * 81, 81);
        f->head = (f->head + 1) % FEED_CAP;
        f->n--;
        k++;
    }
    *st = f->st;
    pthread_cond_signal(&f->can_put);
    pthread_mutex_unlock(&f->mu);
    return k;
}

static void feed_free(enum_feed *f)
{
    if (!f) return;
    pthread_mutex_lock(&f->mu);
    f->stop = true;
    pthread_cond_broadcast(&f->can_put);
    pthread_mutex_unlock(&f->mu);
    pthread_join(f->thread, NULL);
    pthread_mutex_destroy(&f->mu);
    pthread_cond_destroy(&f->can_put);
    pthread_cond_destroy(&f->can_get);
    free(f->ring);
    free(f);
}

static mc_status feed_new(const job *j, enum_feed **out, mc_error *err)
{
    enum_feed *f = calloc(1, sizeof *f);
    if (!f || !(f->ring = malloc((size_t)FEED_CAP * 81))) {
        free(f);
        return mc_fail(err, MC_ENOMEM, "out of memory");
    }
    f->band_lo = j->band_lo;
    f->band_hi = j->band_hi;
    pthread_mutex_init(&f->mu, NULL);
    pthread_cond_init(&f->can_put, NULL);
    pthread_cond_init(&f->can_get, NULL);
    if (pthread_create(&f->thread, NULL, feed_main, f) != 0) {
        pthread_mutex_destroy(&f->mu);
        pthread_cond_destroy(&f->can_put);
        pthread_cond_destroy(&f->can_get);
        free(f->ring);
        free(f);
        return mc_fail(err, MC_ENOMEM, "cannot start the enumeration thread");
    }
    *out = f;
    return MC_OK;
}

struct job_source {
    const job *j;
    gridfile *gf;
    catalogue_reader *cat;
    enum_feed *feed;
    uint64_t next;      /* rank of the next grid the reader returns */
};

/* Scans a text grid file: one shape, valid solution grids; counts them. */
static mc_status scan_grids(job *j, uint64_t *count, mc_error *err)
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
    *count = n;
    return MC_OK;
}

mc_status job_resolve(job *j, mc_error *err)
{
    uint64_t count = 0, base = 1;
    mc_status st;
    switch (j->source) {
    case JOB_SOURCE_GRIDS:
        if ((st = scan_grids(j, &count, err)) != MC_OK) return st;
        break;
    case JOB_SOURCE_CATALOGUE: {
        catalogue_reader *r;
        if ((st = catalogue_open(j->source_path, &r, err)) != MC_OK) return st;
        const geometry *geo = catalogue_geometry(r);
        base = catalogue_first_rank(r);
        count = catalogue_count(r);
        catalogue_close(r);
        if (j->geo && j->geo != geo)
            return mc_fail(err, MC_EINVAL, "%s: shape %dx%d, but %s holds %dx%d grids", j->path, j->geo->R,
                           j->geo->C, j->source_path, geo->R, geo->C);
        j->geo = geo;
        break;
    }
    case JOB_SOURCE_ENUMERATE: {
        /* catalogue ranks: needs the grid counts of bands 1..B, enumerated
         * here unless the counts file $MINCLUE_COUNTS holds them */
        gridrank *gr;
        const char *cache = getenv("MINCLUE_COUNTS");
        if ((st = gridrank_open(cache && *cache ? cache : NULL, &gr, err)) != MC_OK) return st;
        st = gridrank_band_first(gr, j->band_lo, &base, err);
        for (int b = j->band_lo; st == MC_OK && b <= j->band_hi; b++) {
            uint64_t n;
            st = gridrank_band_count(gr, b, &n, err);
            count += n;
        }
        gridrank_free(gr);
        if (st != MC_OK) return st;
        if (count == 0)
            return mc_fail(err, MC_EINVAL, "%s: bands %d-%d hold no grid", j->path, j->band_lo, j->band_hi);
        break;
    }
    }
    if (count == 0) return mc_fail(err, MC_EINVAL, "%s: source %s holds no grids", j->path, j->source_path);
    const char *what = j->source_path ? j->source_path : "the bands";
    if (!j->ranks_given) {
        j->first = base;
        j->last = base + count - 1;
    } else if (j->source == JOB_SOURCE_GRIDS && j->last > count) {
        return mc_fail(err, MC_EINVAL, "%s: ranks %llu-%llu go beyond the %llu grids of %s", j->path,
                       (unsigned long long)j->first, (unsigned long long)j->last, (unsigned long long)count,
                       j->source_path);
    } else if (j->first < base || j->last > base + count - 1) {
        return mc_fail(err, MC_EINVAL, "%s: ranks %llu-%llu are not all in %s (ranks %llu-%llu)", j->path,
                       (unsigned long long)j->first, (unsigned long long)j->last, what,
                       (unsigned long long)base, (unsigned long long)(base + count - 1));
    }
    if (j->clues > j->geo->ncells)
        return mc_fail(err, MC_EINVAL, "%s: clues %d is more than the %d cells of the grids", j->path, j->clues,
                       j->geo->ncells);
    return MC_OK;
}

mc_status job_source_open(const job *j, job_source **out, mc_error *err)
{
    job_source *s = calloc(1, sizeof *s);
    if (!s) return mc_fail(err, MC_ENOMEM, "out of memory");
    s->j = j;
    s->next = 1;
    mc_status st;
    if (j->source == JOB_SOURCE_ENUMERATE) {
        /* the rank of the first grid of band_lo, known from job_resolve only
         * through first when ranks were not given: recompute it */
        gridrank *gr;
        const char *cache = getenv("MINCLUE_COUNTS");
        st = gridrank_open(cache && *cache ? cache : NULL, &gr, err);
        if (st == MC_OK) {
            st = gridrank_band_first(gr, j->band_lo, &s->next, err);
            gridrank_free(gr);
        }
        if (st == MC_OK) st = feed_new(j, &s->feed, err);
    } else if (j->source == JOB_SOURCE_CATALOGUE) {
        st = catalogue_open(j->source_path, &s->cat, err);
        if (st == MC_OK && catalogue_geometry(s->cat) != j->geo) {
            catalogue_close(s->cat);
            st = mc_fail(err, MC_EINVAL, "%s: not the shape of the job (the file changed?)", j->source_path);
        }
        if (st == MC_OK) s->next = catalogue_first_rank(s->cat);
    } else {
        st = gridfile_open(j->source_path, j->geo, DIGITS_STD, &s->gf, err);
    }
    if (st != MC_OK) {
        free(s);
        return st;
    }
    *out = s;
    return MC_OK;
}

mc_status job_source_read(job_source *s, uint64_t first, uint64_t count, uint8_t *grids, mc_error *err)
{
    assert(first >= s->next || s->cat);
    const geometry *geo = s->j->geo;
    if (s->feed) {
        while (s->next < first + count) {
            mc_status st;
            uint8_t *to = NULL;
            size_t want;
            if (s->next < first) {
                want = (size_t)(first - s->next);
            } else {
                want = (size_t)(first + count - s->next);
                to = grids + (s->next - first) * 81;
            }
            if (want > FEED_CAP) want = FEED_CAP;
            size_t got = feed_take(s->feed, to, want, &st);
            if (got == 0) {
                if (st != MC_OK) return mc_fail(err, st, "enumeration of bands %d-%d failed (%s)", s->j->band_lo,
                                                s->j->band_hi, mc_status_name(st));
                return mc_fail(err, MC_EINVAL, "the enumeration of bands %d-%d ends before rank %llu",
                               s->j->band_lo, s->j->band_hi, (unsigned long long)s->next);
            }
            s->next += got;
        }
        return MC_OK;
    }
    if (s->cat) {
        mc_status st;
        if (first != s->next && (st = catalogue_seek(s->cat, first, err)) != MC_OK) return st;
        for (uint64_t i = 0; i < count; i++) {
            uint64_t rank;
            st = catalogue_next(s->cat, grids + i * (uint64_t)geo->ncells, &rank, err);
            if (st == MC_EOF)
                return mc_fail(err, MC_EIO, "%s: ends before rank %llu (the file changed?)", s->j->source_path,
                               (unsigned long long)(first + i));
            if (st != MC_OK) return st;
            if (rank != first + i)
                return mc_fail(err, MC_ECORRUPT, "%s: rank %llu where %llu was expected", s->j->source_path,
                               (unsigned long long)rank, (unsigned long long)(first + i));
        }
        s->next = first + count;
        return MC_OK;
    }
    grid g;
    const char *trailer;
    while (s->next < first + count) {
        mc_status st = gridfile_next(s->gf, &g, &trailer, err);
        if (st == MC_EOF)
            return mc_fail(err, MC_EIO, "%s: ends before rank %llu (the file changed?)", s->j->source_path,
                           (unsigned long long)s->next);
        if (st != MC_OK) return st;
        if (g.geo != geo || !grid_is_valid_solution(&g))
            return mc_fail(err, MC_EINVAL, "%s:%ld: not a valid %dx%d solution grid (the file changed?)",
                           gridfile_name(s->gf), gridfile_line(s->gf), geo->N, geo->N);
        if (s->next >= first) memcpy(grids + (s->next - first) * (uint64_t)geo->ncells, g.cell, (size_t)geo->ncells);
        s->next++;
    }
    return MC_OK;
}

void job_source_close(job_source *s)
{
    if (!s) return;
    feed_free(s->feed);
    catalogue_close(s->cat);
    gridfile_free(s->gf);
    free(s);
}

/* ------------------------------------------------------------------ */
/* results */

void job_result_clear(job_result *r)
{
    job_puzzle *found = r->found;
    size_t cap = r->cap;
    memset(r, 0, sizeof *r);
    r->found = found;
    r->cap = cap;
}

mc_status job_result_add_found(job_result *r, uint64_t rank, const uint8_t *puzzle, int ncells)
{
    if (r->nfound == r->cap) {
        size_t cap = r->cap ? 2 * r->cap : 16;
        job_puzzle *f = realloc(r->found, cap * sizeof *f);
        if (!f) return MC_ENOMEM;
        r->found = f;
        r->cap = cap;
    }
    job_puzzle *p = &r->found[r->nfound++];
    p->rank = rank;
    memset(p->cell, CELL_EMPTY, sizeof p->cell);
    memcpy(p->cell, puzzle, (size_t)ncells);
    return MC_OK;
}

void job_result_free(job_result *r)
{
    free(r->found);
    memset(r, 0, sizeof *r);
}

/* ------------------------------------------------------------------ */
/* engines */

struct job_engine {
    const geometry *geo;
    job_engine_kind kind;
    int clues;
    solver_ctx *sv;
    checker_ctx *ck;
    uint8_t puzzle[MAX_CELLS];
    /* brute: the minimal unique sets found in the current grid */
    uint64_t (*sets)[4];
    size_t nsets, capsets;
    long grid_delay_ns; /* test hook MC_TEST_GRID_DELAY_MS: pause per grid */
};

static double binomial(int n, int k)
{
    double b = 1;
    for (int i = 1; i <= k; i++) b = b * (n - k + i) / i;
    return b;
}

mc_status job_engine_new(const job *j, job_engine **out, mc_error *err)
{
    assert(j->geo);
    job_engine *e = calloc(1, sizeof *e);
    /* test hook: a pause per grid, so signal tests find the job still
     * running however fast the machine is */
    const char *delay = getenv("MC_TEST_GRID_DELAY_MS");
    if (e && delay) e->grid_delay_ns = 1000000L * atol(delay);
    if (!e) return mc_fail(err, MC_ENOMEM, "out of memory");
    e->geo = j->geo;
    e->kind = j->engine;
    e->clues = j->clues;
    if (e->kind == JOB_ENGINE_CHECKER) {
        checker_options o;
        checker_options_default(&o, j->clues);
        if (j->ua_max_size >= 0) o.ua_max_size = j->ua_max_size;
        if (j->ua_limit >= 0) o.ua_limit = j->ua_limit;
        if (j->max_degree >= 0) o.max_degree = j->max_degree;
        if (j->learn >= 0) o.learn = j->learn;
        e->ck = checker_new(j->geo, &o);
        if (!e->ck) {
            free(e);
            return mc_fail(err, MC_ENOMEM, "%s: cannot make a checker for %dx%d grids", j->path, j->geo->N,
                           j->geo->N);
        }
    }
    if (e->kind == JOB_ENGINE_BRUTE) {
        double sets = 0;
        for (int s = 1; s <= j->clues; s++) sets += binomial(j->geo->ncells, s);
        if (sets > BRUTE_MAX_SETS) {
            free(e);
            return mc_fail(err, MC_EINVAL, "%s: engine brute would test %.3g cell sets per grid (limit %.0e)",
                           j->path, sets, BRUTE_MAX_SETS);
        }
        e->sv = solver_new(j->geo);
        if (!e->sv) {
            free(e);
            return mc_fail(err, MC_ENOMEM, "out of memory");
        }
    }
    *out = e;
    return MC_OK;
}

void job_engine_free(job_engine *e)
{
    if (!e) return;
    solver_free(e->sv);
    checker_free(e->ck);
    free(e->sets);
    free(e);
}

static bool contains_found_set(const job_engine *e, const uint64_t *set)
{
    for (size_t i = 0; i < e->nsets; i++) {
        const uint64_t *f = e->sets[i];
        if ((f[0] & ~set[0]) == 0 && (f[1] & ~set[1]) == 0 && (f[2] & ~set[2]) == 0 && (f[3] & ~set[3]) == 0)
            return true;
    }
    return false;
}

/* Every minimal unique set of at most K cells, by size, then lexicographic. */
static mc_status brute_grid(job_engine *e, const uint8_t *g, uint64_t rank, job_result *res)
{
    const int n = e->geo->ncells;
    int idx[MAX_CELLS];
    e->nsets = 0;
    for (int k = 1; k <= e->clues && k <= n; k++) {
        for (int i = 0; i < k; i++) idx[i] = i;
        for (;;) {
            uint64_t set[4] = {0, 0, 0, 0};
            for (int i = 0; i < k; i++) set[idx[i] >> 6] |= UINT64_C(1) << (idx[i] & 63);
            res->nodes++;
            if (!contains_found_set(e, set)) {
                memset(e->puzzle, CELL_EMPTY, (size_t)n);
                for (int i = 0; i < k; i++) e->puzzle[idx[i]] = g[idx[i]];
                res->candidates++;
                if (solver_count(e->sv, e->puzzle, 2, NULL) == 1) {
                    if (e->nsets == e->capsets) {
                        size_t cap = e->capsets ? 2 * e->capsets : 64;
                        uint64_t(*s)[4] = realloc(e->sets, cap * sizeof *s);
                        if (!s) return MC_ENOMEM;
                        e->sets = s;
                        e->capsets = cap;
                    }
                    memcpy(e->sets[e->nsets++], set, sizeof set);
                    res->puzzles++;
                    if (job_result_add_found(res, rank, e->puzzle, n) != MC_OK) return MC_ENOMEM;
                }
            }
            int i = k - 1;
            while (i >= 0 && idx[i] == n - k + i) i--;
            if (i < 0) break;
            idx[i]++;
            for (int m = i + 1; m < k; m++) idx[m] = idx[m - 1] + 1;
        }
    }
    return MC_OK;
}

typedef struct found_arg {
    job_result *res;
    uint64_t rank;
    int ncells;
    mc_status st;
} found_arg;

static void on_found(void *arg, const uint8_t *puzzle, int nclues)
{
    (void)nclues;
    found_arg *fa = arg;
    if (job_result_add_found(fa->res, fa->rank, puzzle, fa->ncells) != MC_OK) fa->st = MC_ENOMEM;
}

mc_status job_engine_run(job_engine *e, const uint8_t *grids, uint64_t first, uint64_t count, job_result *res,
                         volatile sig_atomic_t *stop, mc_error *err)
{
    const int nc = e->geo->ncells;
    double t0 = mc_wall_seconds();
    job_result_clear(res);
    res->first = first;
    res->count = count;
    res->checksum = job_checksum_grids(grids, count, nc);
    for (uint64_t i = 0; i < count; i++) {
        if (stop && *stop) {
            res->abandoned = true;
            break;
        }
        const uint8_t *g = grids + i * (uint64_t)nc;
        if (e->grid_delay_ns > 0) {
            struct timespec ts = {e->grid_delay_ns / 1000000000L, e->grid_delay_ns % 1000000000L};
            nanosleep(&ts, NULL);
        }
        if (e->kind == JOB_ENGINE_BRUTE && brute_grid(e, g, first + i, res) != MC_OK)
            return mc_fail(err, MC_ENOMEM, "out of memory");
        if (e->kind == JOB_ENGINE_CHECKER) {
            checker_record rec;
            found_arg fa = {res, first + i, nc, MC_OK};
            mc_status st = checker_run(e->ck, g, &rec, on_found, &fa);
            if (st != MC_OK)
                return mc_fail(err, st, "grid of rank %llu: the checker failed (%s)",
                               (unsigned long long)(first + i), mc_status_name(st));
            if (fa.st != MC_OK) return mc_fail(err, MC_ENOMEM, "out of memory");
            res->uas += rec.ua_initial;
            res->nodes += rec.nodes;
            res->candidates += rec.candidates;
            res->puzzles += rec.puzzles;
        }
    }
    res->seconds = mc_wall_seconds() - t0;
    return MC_OK;
}

mc_status job_check_puzzle(solver_ctx *sv, const geometry *geo, const uint8_t *g, const uint8_t *puzzle,
                           int clues, mc_error *err)
{
    int n = 0;
    for (int c = 0; c < geo->ncells; c++) {
        if (puzzle[c] == CELL_EMPTY) continue;
        n++;
        if (puzzle[c] != g[c])
            return mc_fail(err, MC_EINVAL, "clue at r%dc%d is not the grid's digit", c / geo->N + 1,
                           c % geo->N + 1);
    }
    if (n > clues) return mc_fail(err, MC_EINVAL, "%d clues, more than K = %d", n, clues);
    solver_result r;
    int cnt = solver_count(sv, puzzle, 2, &r);
    if (cnt != 1) return mc_fail(err, MC_EINVAL, "%s", cnt == 0 ? "no solution" : "more than one solution");
    if (memcmp(r.sol[0], g, (size_t)geo->ncells) != 0)
        return mc_fail(err, MC_EINVAL, "its solution is not the grid");
    return MC_OK;
}
