/* gridfile — see gridfile.h. */
#include "gridfile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

struct linereader {
    gzFile gz;
    char *name;
    char *buf;
    size_t cap;
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
    if (!r->name || !r->buf) {
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

mc_status linereader_next(linereader *r, char **line, size_t *len, mc_error *err)
{
    size_t n = 0;
    for (;;) {
        if (r->cap - n < 2) {
            size_t cap = r->cap * 2;
            char *b = realloc(r->buf, cap);
            if (!b) return mc_fail(err, MC_ENOMEM, "%s:%ld: out of memory", r->name, r->line + 1);
            r->buf = b;
            r->cap = cap;
        }
        if (!gzgets(r->gz, r->buf + n, (int)(r->cap - n))) {
            int zerr = 0;
            const char *zmsg = gzerror(r->gz, &zerr);
            if (zerr != Z_OK && zerr != Z_BUF_ERROR)
                return mc_fail(err, MC_EIO, "%s:%ld: read error: %s", r->name, r->line + 1, zmsg);
            if (zerr == Z_BUF_ERROR)
                return mc_fail(err, MC_EIO, "%s:%ld: truncated compressed file", r->name, r->line + 1);
            if (n == 0) return MC_EOF;
            break; /* last line without newline */
        }
        n += strlen(r->buf + n);
        if (n > 0 && r->buf[n - 1] == '\n') break;
        /* A line cut short by a damaged stream must not pass as a line. */
        int zerr = 0;
        const char *zmsg = gzerror(r->gz, &zerr);
        if (zerr == Z_BUF_ERROR)
            return mc_fail(err, MC_EIO, "%s:%ld: truncated compressed file", r->name, r->line + 1);
        if (zerr != Z_OK)
            return mc_fail(err, MC_EIO, "%s:%ld: read error: %s", r->name, r->line + 1, zmsg);
    }
    while (n > 0 && (r->buf[n - 1] == '\n' || r->buf[n - 1] == '\r')) n--;
    r->buf[n] = 0;
    r->line++;
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
