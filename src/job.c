/* job — job files, their identity (the journal's J line) and work units;
 * see job.h. */
#include "job.h"

#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "band_crossover.h"
#include "check64_crossover.h"
#include "checker.h"
#include "gridfile.h"
#include "hitset.h"
#include "numtext.h"

/* ------------------------------------------------------------------ */
/* names of sources and engines (job_kinds.h) */

#define NAME_(ID, name, ...) #name,
static const char *const source_names[JOB_SOURCE_COUNT] = {SOURCES(NAME_)};
static const char *const engine_names[JOB_ENGINE_COUNT] = {ENGINES(NAME_)};
#undef NAME_
#define FILE_(ID, name, file, groups) file,
static const bool source_file[JOB_SOURCE_COUNT] = {SOURCES(FILE_)};
#undef FILE_
#define GROUPS_(ID, name, file, groups) groups,
static const bool source_groups[JOB_SOURCE_COUNT] = {SOURCES(GROUPS_)};
#undef GROUPS_
#define GROUPS_(ID, name, groups) groups,
static const bool engine_groups[JOB_ENGINE_COUNT] = {ENGINES(GROUPS_)};
#undef GROUPS_

const char *job_source_name(job_source_kind s) { return (int)s >= 0 && s < JOB_SOURCE_COUNT ? source_names[s] : "?"; }
const char *job_engine_name(job_engine_kind e) { return (int)e >= 0 && e < JOB_ENGINE_COUNT ? engine_names[e] : "?"; }
bool job_source_takes_file(job_source_kind s) { return (int)s >= 0 && s < JOB_SOURCE_COUNT && source_file[s]; }
bool job_source_gives_groups(job_source_kind s) { return (int)s >= 0 && s < JOB_SOURCE_COUNT && source_groups[s]; }

const char *job_unit_noun(const job *j, uint64_t n)
{
    if (job_source_gives_groups(j->source)) return n == 1 ? "band-pair group" : "band-pair groups";
    return n == 1 ? "grid" : "grids";
}
bool job_engine_takes_groups(job_engine_kind e) { return (int)e >= 0 && e < JOB_ENGINE_COUNT && engine_groups[e]; }

bool job_source_find(const char *name, job_source_kind *k)
{
    for (int i = 0; i < JOB_SOURCE_COUNT; i++)
        if (!strcmp(source_names[i], name)) {
            *k = (job_source_kind)i;
            return true;
        }
    return false;
}

bool job_engine_find(const char *name, job_engine_kind *k)
{
    for (int i = 0; i < JOB_ENGINE_COUNT; i++)
        if (!strcmp(engine_names[i], name)) {
            *k = (job_engine_kind)i;
            return true;
        }
    return false;
}

/* ------------------------------------------------------------------ */
/* small helpers */

uint64_t job_fnv1a(uint64_t h, const void *data, size_t n)
{
    const uint8_t *p = data;
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= JOB_FNV_PRIME;
    }
    return h;
}

uint64_t job_checksum_grids(const uint8_t *grids, uint64_t n, int ncells)
{
    return job_fnv1a(JOB_FNV_INIT, grids, (size_t)n * (size_t)ncells);
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

void job_init(job *j)
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

job_engine_kind job_engine_default(const job *j)
{
    if (job_source_gives_groups(j->source)) return JOB_ENGINE_BAND;
    bool checker_opts = j->ua_max_size >= 0 || j->ua_limit >= 0 || j->max_degree >= 0;
    if (!j->geo) return JOB_ENGINE_CHECKER;
    if (band_crossover_use_band(j->geo->R, j->geo->C, j->clues, checker_opts)) return JOB_ENGINE_BAND;
    if (check64_crossover_use(j->geo->R, j->geo->C, j->clues, checker_opts || j->learn == 0))
        return JOB_ENGINE_CHECK64;
    return JOB_ENGINE_CHECKER;
}

void job_free(job *j)
{
    if (!j) return;
    free(j->path);
    free(j->source_path);
    free(j->source_recorded);
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

bool job_line_split(const char *line, size_t len, job_line *l)
{
    size_t cut = len;
    for (size_t i = 0; i < len; i++)
        if (line[i] == '#' && (i == 0 || isspace((unsigned char)line[i - 1]))) {
            cut = i;
            break;
        }
    const char *t = line, *te = line + cut;
    while (t < te && isspace((unsigned char)*t)) t++;
    while (te > t && isspace((unsigned char)te[-1])) te--;
    *l = (job_line){.text = t, .tlen = (size_t)(te - t)};
    const char *eq = memchr(t, '=', l->tlen);
    if (!eq) return false;
    const char *ke = eq, *v = eq + 1;
    while (ke > t && isspace((unsigned char)ke[-1])) ke--;
    while (v < te && isspace((unsigned char)*v)) v++;
    l->key = t;
    l->klen = (size_t)(ke - t);
    l->val = v;
    l->vlen = (size_t)(te - v);
    return true;
}

void job_value_unescape(char *v)
{
    char *w = v;
    for (; *v; v++)
        if (!(v[0] == '\\' && v[1] == '#')) *w++ = *v;
    *w = 0;
}

char *job_value_escape(const char *v)
{
    size_t n = strlen(v) + 1;
    for (const char *c = v; *c; c++) n += *c == '#';
    char *r = malloc(n), *w = r;
    if (!r) return NULL;
    for (; *v; v++) {
        if (*v == '#') *w++ = '\\';
        *w++ = *v;
    }
    *w = 0;
    return r;
}

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
        if (!job_source_find(v, &j->source))
            return BAD("%s:%ld: source must be 'grids FILE', 'catalogue FILE', 'enumerate', 'bandpairs' or 'enumerate8', not '%s'",
                       name, line, v);
        if (!job_source_takes_file(j->source)) {
            if (*arg)
                return BAD("%s:%ld: source %s takes no file (%s)", name, line, v,
                           j->source == JOB_SOURCE_ENUMERATE    ? "bands = A-B chooses the grids"
                           : j->source == JOB_SOURCE_BANDPAIRS ? "ranks = A-B chooses the groups"
                                                                : "ranks = A-B chooses the grids");
            j->geo = j->source == JOB_SOURCE_ENUMERATE8 ? geometry_get(2, 4) : geometry_9x9();
            return MC_OK;
        }
        if (!*arg) return BAD("%s:%ld: source %s needs a file name", name, line, v);
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
        j->ranks_line = line;
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
        if (!numtext_int(v, 1, MAX_CELLS, &j->clues))
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
        j->engine_given = true;
        if (!job_engine_find(v, &j->engine))
#define ENGINE_WORD_(ID, word, ...) ", " #word
            return BAD("%s:%ld: engine must be one of %s, not '%s'", name, line, ENGINES(ENGINE_WORD_) + 2, v);
#undef ENGINE_WORD_
        return MC_OK;
    case K_UA_MAX_SIZE:
        if (!numtext_int(v, CHECKER_MIN_UA_SIZE, CHECKER_MAX_UA_SIZE, &j->ua_max_size))
            return BAD("%s:%ld: ua_max_size must be a number from %d to %d, not '%s'", name, line,
                       CHECKER_MIN_UA_SIZE, CHECKER_MAX_UA_SIZE, v);
        return MC_OK;
    case K_UA_LIMIT:
        if (!numtext_int(v, 0, INT_MAX, &j->ua_limit))
            return BAD("%s:%ld: ua_limit must be a number >= 0, not '%s'", name, line, v);
        return MC_OK;
    case K_MAX_DEGREE:
        if (!numtext_int(v, 1, HITSET_MAX_DEGREE, &j->max_degree))
            return BAD("%s:%ld: max_degree must be a number from 1 to %d, not '%s'", name, line,
                       HITSET_MAX_DEGREE, v);
        return MC_OK;
    case K_LEARN:
        if (!numtext_int(v, 0, 1, &j->learn))
            return BAD("%s:%ld: learn must be 0 or 1, not '%s'", name, line, v);
        return MC_OK;
    case K_INFLIGHT:
        if (!numtext_int(v, 1, 64, &j->inflight))
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
        job_line l;
        bool kv = job_line_split(s, strlen(s), &l);
        if (!l.tlen) continue;
        if (!kv) {
            st = mc_fail(err, MC_EFORMAT, "%s:%ld: expected 'key = value', got '%.*s'", name, line, (int)l.tlen,
                         l.text);
            goto done;
        }
        char *key = s + (l.key - s), *val = s + (l.val - s); /* s is the text's copy: ended in place */
        key[l.klen] = 0;
        val[l.vlen] = 0;
        job_value_unescape(val);
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
    if (j->source == JOB_SOURCE_ENUMERATE8 && (j->geo->R != 2 || j->geo->C != 4)) {
        st = mc_fail(err, MC_EINVAL, "%s:%ld: source enumerate8 makes 8x8 grids of 2x4 boxes, not %dx%d", name,
                     seen[K_SHAPE], j->geo->R, j->geo->C);
        goto done;
    }
    if (j->source == JOB_SOURCE_BANDPAIRS && j->geo->N != 9) {
        st = mc_fail(err, MC_EINVAL, "%s:%ld: source bandpairs makes 9x9 grids", name, seen[K_SHAPE]);
        goto done;
    }
    if (!j->engine_given) j->engine = job_engine_default(j); /* provisional: job_resolve decides once the shape is known */
    if (job_source_gives_groups(j->source) && !job_engine_takes_groups(j->engine)) {
        st = mc_fail(err, MC_EINVAL,
                     "%s:%ld: engine %s cannot take the band-pair groups of source %s (use engine band, or none "
                     "for a dry run)",
                     name, seen[K_ENGINE] ? seen[K_ENGINE] : seen[K_SOURCE], job_engine_name(j->engine),
                     job_source_name(j->source));
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

mc_status job_load(const char *path, job *j, mc_error *err) { return job_load_text(path, j, NULL, err); }

mc_status job_load_text(const char *path, job *j, char **text_out, mc_error *err)
{
    if (text_out) *text_out = NULL;
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
    if (st == MC_OK && text_out)
        *text_out = text;
    else
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

bool job_chunk_of(const job *j, uint64_t first, uint64_t count, uint64_t *index)
{
    if (first < j->first || first > j->last || (first - j->first) % j->chunk != 0) return false;
    uint64_t f, c;
    *index = (first - j->first) / j->chunk;
    job_chunk_range(j, *index, &f, &c);
    return c == count;
}
