/* gridfile — see gridfile.h. */
#include "gridfile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

/* Lines are cut out of a read buffer with memchr, so a NUL byte is seen
 * where it is (gzgets + strlen would stop there and glue the next line on),
 * and a line is never longer than LINE_MAX_BYTES, so an endless line
 * (/dev/zero, a binary file) ends in an error instead of a spin. */
#define READ_CHUNK (1u << 17)

struct linereader {
    gzFile gz;
    char *name;
    char *buf;        /* the current line, NUL-terminated */
    size_t cap;
    char *in;         /* read buffer: in[pos..have) not yet consumed */
    size_t pos, have;
    int zerr;         /* a zlib error seen after the bytes in `in` (reported when they run out) */
    mc_status failed; /* sticky after an overlong line or a read error */
    long line;
};

mc_status linereader_open(const char *path, linereader **out, mc_error *err)
{
    linereader *r = calloc(1, sizeof *r);
    if (!r) return mc_fail(err, MC_ENOMEM, "%s: out of memory", path);
    bool is_stdin = strcmp(path, "-") == 0;
    r->name = strdup(is_stdin ? "<stdin>" : path);
    r->cap = 1024;
    r->buf = malloc(r->cap);
    r->in = malloc(READ_CHUNK);
    if (!r->name || !r->buf || !r->in) {
        linereader_free(r);
        return mc_fail(err, MC_ENOMEM, "%s: out of memory", path);
    }
    if (is_stdin) {
        int fd = dup(STDIN_FILENO);
        r->gz = fd >= 0 ? gzdopen(fd, "rb") : NULL;
    } else {
        r->gz = gzopen(path, "rb");
    }
    if (!r->gz) {
        int e = errno;
        mc_status st = mc_fail(err, MC_EIO, "%s: cannot open: %s", path, e ? strerror(e) : "zlib error");
        linereader_free(r);
        return st;
    }
    gzbuffer(r->gz, 1 << 17);
    *out = r;
    return MC_OK;
}

/* Refills r->in. Returns the bytes read (0 at the end) or -1 with the error
 * already reported for line `at`. */
static long refill(linereader *r, long at, mc_error *err)
{
    if (r->zerr == Z_BUF_ERROR) {
        r->failed = MC_EIO;
        return mc_fail(err, MC_EIO, "%s:%ld: truncated compressed file", r->name, at), -1;
    }
    if (r->zerr != Z_OK) {
        int zerr = 0;
        const char *zmsg = gzerror(r->gz, &zerr);
        r->failed = MC_EIO;
        return mc_fail(err, MC_EIO, "%s:%ld: read error: %s", r->name, at, zmsg), -1;
    }
    int k = gzread(r->gz, r->in, READ_CHUNK);
    int zerr = 0;
    const char *zmsg = gzerror(r->gz, &zerr);
    if (k < 0) {
        r->failed = MC_EIO;
        return mc_fail(err, MC_EIO, "%s:%ld: read error: %s", r->name, at, zerr == Z_ERRNO ? strerror(errno) : zmsg),
               -1;
    }
    r->pos = 0;
    r->have = (size_t)k;
    r->zerr = zerr;
    if (k == 0 && zerr != Z_OK) return refill(r, at, err);
    return k;
}

mc_status linereader_next(linereader *r, char **line, size_t *len, mc_error *err)
{
    long at = r->line + 1;
    if (r->failed) {
        if (r->failed == MC_EIO)
            return mc_fail(err, MC_EIO, "%s:%ld: the file was not read to its end (an earlier error)", r->name, at);
        return r->failed;
    }
    size_t n = 0;
    size_t nul = 0; /* 1-based column of the first NUL byte, 0 if none */
    for (;;) {
        if (r->pos == r->have) {
            long k = refill(r, at, err);
            if (k < 0) return MC_EIO;
            if (k == 0) {
                if (n == 0) return MC_EOF;
                break; /* last line without newline */
            }
        }
        char *s = r->in + r->pos;
        size_t avail = r->have - r->pos;
        char *nl = memchr(s, '\n', avail);
        size_t m = nl ? (size_t)(nl - s) : avail;
        if (n + m > LINE_MAX_BYTES) {
            r->failed = MC_EIO;
            return mc_fail(err, MC_EIO, "%s:%ld: binary or overlong line: no newline in %u bytes", r->name, at,
                           (unsigned)LINE_MAX_BYTES);
        }
        if (n + m + 1 > r->cap) {
            size_t cap = r->cap;
            while (n + m + 1 > cap) cap *= 2;
            char *b = realloc(r->buf, cap);
            if (!b) return mc_fail(err, MC_ENOMEM, "%s:%ld: out of memory", r->name, at);
            r->buf = b;
            r->cap = cap;
        }
        if (!nul) {
            char *z = memchr(s, 0, m);
            if (z) nul = n + (size_t)(z - s) + 1;
        }
        memcpy(r->buf + n, s, m);
        n += m;
        r->pos += m + (nl ? 1 : 0);
        if (nl) break;
    }
    r->line++;
    if (nul)
        return mc_fail(err, MC_EFORMAT, "%s:%ld: NUL byte at column %zu (a binary file?)", r->name, r->line, nul);
    while (n > 0 && r->buf[n - 1] == '\r') n--;
    r->buf[n] = 0;
    *line = r->buf;
    *len = n;
    return MC_OK;
}

long linereader_line(const linereader *r) { return r->line; }
const char *linereader_name(const linereader *r) { return r->name; }

void linereader_free(linereader *r)
{
    if (!r) return;
    if (r->gz) gzclose(r->gz);
    free(r->name);
    free(r->buf);
    free(r->in);
    free(r);
}

struct gridfile {
    linereader *lr;
    const geometry *geo;   /* fixed shape, or NULL: inferred per line */
    digit_style style;
};

mc_status gridfile_open(const char *path, const geometry *geo, digit_style style, gridfile **out,
                        mc_error *err)
{
    gridfile *f = calloc(1, sizeof *f);
    if (!f) return mc_fail(err, MC_ENOMEM, "%s: out of memory", path);
    mc_status st = linereader_open(path, &f->lr, err);
    if (st != MC_OK) {
        free(f);
        return st;
    }
    f->geo = geo;
    f->style = style;
    *out = f;
    return MC_OK;
}

mc_status gridfile_next(gridfile *f, grid *out, const char **trailer, mc_error *err)
{
    for (;;) {
        char *line;
        size_t len;
        mc_status st = linereader_next(f->lr, &line, &len, err);
        if (st != MC_OK) return st;
        size_t i = 0;
        while (i < len && (line[i] == ' ' || line[i] == '\t')) i++;
        if (i == len || line[i] == '#') continue;
        size_t tok = 0;
        mc_error e;
        const geometry *geo = f->geo;
        st = grid_parse(line + i, len - i, &geo, f->style, out, &tok, &e);
        if (st != MC_OK)
            return mc_fail(err, st, "%s:%ld: %s", f->lr->name, f->lr->line, e.msg);
        const char *t = line + i + tok;
        if (*t) t++; /* the separator itself */
        if (trailer) *trailer = t;
        return MC_OK;
    }
}

long gridfile_line(const gridfile *f) { return f->lr->line; }
const char *gridfile_name(const gridfile *f) { return f->lr->name; }

void gridfile_free(gridfile *f)
{
    if (!f) return;
    linereader_free(f->lr);
    free(f);
}
