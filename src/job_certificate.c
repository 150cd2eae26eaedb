/* job_certificate — write and check the certificate; see job_certificate.h. */
#include "job_certificate.h"

#include <inttypes.h>
#include <limits.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "job_journal.h"
#include "json.h"
#include "mc_clock.h"
#include "termtext.h"

/* The certificate's text with the given banner and date; output_dirs[i]
 * (NULL: the outputs' own) as the outputs' "output". malloc'd. */
static char *certificate_text(const job_union *u, const char *banner, const char *date, char **output_dirs)
{
    const job *j = &u->out[0].v.j;
    char *shared = job_union_shared_identity(u->out[0].v.identity), *buf = NULL;
    char *claim = job_json_dup(u->claim), *line = shared ? job_json_dup(shared) : NULL;
    size_t len = 0;
    bool whole = claim && line;
    FILE *m = whole ? open_memstream(&buf, &len) : NULL;
    if (m) {
        fprintf(m, "{\n  \"minclue_certificate\": 1,\n");
        fprintf(m, "  \"claim\": %s,\n", claim);
        fprintf(m, "  \"job\": %s,\n", line);
        fprintf(m, "  \"source\": \"%s\",\n  \"clues\": %d,\n  \"engine\": \"%s\",\n  \"ranges\": [",
                job_source_name(j->source), j->clues, job_engine_name(j->engine));
        for (size_t i = 0; i < u->n;) {
            size_t k = job_union_range_end(u, i);
            fprintf(m, "%s[%" PRIu64 ", %" PRIu64 "]", i ? ", " : "", u->out[i].v.j.first, u->out[k].v.j.last);
            i = k + 1;
        }
        fprintf(m, "],\n  \"units\": %" PRIu64 ",\n  \"unit\": \"%s\",\n  \"puzzles\": %" PRIu64 ",\n  \"outputs\": [\n",
                u->units, job_unit_noun(j, 2), u->puzzles);
        for (size_t i = 0; i < u->n; i++) {
            const union_output *o = &u->out[i];
            char *s = output_dirs ? NULL : job_json_dup(o->dir);
            whole = whole && (output_dirs || s);
            fprintf(m,
                    "    {\n      \"output\": %s,\n      \"first\": %" PRIu64 ",\n      \"last\": %" PRIu64
                    ",\n      \"chunks\": %" PRIu64 ",\n      \"puzzles\": %" PRIu64
                    ",\n      \"journal_sha256\": \"%s\"\n    }%s\n",
                    output_dirs ? output_dirs[i] : s ? s : "null", o->v.j.first, o->v.j.last, o->v.t.chunks,
                    o->v.t.puzzles, o->journal_sha256, i + 1 < u->n ? "," : "");
            free(s);
        }
        fprintf(m, "  ],\n  \"banner\": %s,\n  \"date\": %s\n}\n", banner, date);
        fclose(m);
    }
    free(shared);
    free(claim);
    free(line);
    if (!whole) { /* out of memory on the way: no certificate */
        free(buf);
        buf = NULL;
    }
    return buf;
}

/* path resolved: the file's real path when it exists, else its directory's
 * and its name; NULL when its directory does not exist. malloc'd. */
static char *resolved(const char *path)
{
    char real[PATH_MAX];
    if (realpath(path, real)) return strdup(real);
    const char *slash = strrchr(path, '/'), *name = slash ? slash + 1 : path;
    char *dir = slash ? strndup(path, (size_t)(slash - path)) : strdup(".");
    bool ok = dir && realpath(*dir ? dir : "/", real);
    free(dir);
    if (!ok || !*name || !strcmp(name, ".") || !strcmp(name, "..")) return NULL;
    size_t n = strlen(real) + strlen(name) + 2;
    char *out = malloc(n);
    if (out) snprintf(out, n, "%s%s%s", real, strcmp(real, "/") ? "/" : "", name);
    return out;
}

/* May the certificate go to path? Not inside an output (its journal or
 * results would be written over); over an existing file only when that is
 * a certificate of the same outputs, or when forced. */
static mc_status check_target(const job_union *u, const char *path, bool force, mc_error *err)
{
    char *where = resolved(path);
    if (!where) return mc_fail(err, MC_EIO, "%s: no such directory", path);
    mc_status st = MC_OK;
    for (size_t i = 0; i < u->n && st == MC_OK; i++) {
        size_t n = strlen(u->out[i].dir);
        if (!strncmp(where, u->out[i].dir, n) && (where[n] == '/' || where[n] == 0))
            st = mc_fail(err, MC_EINVAL, "%s: inside the output %s being verified; the certificate goes elsewhere", path,
                         u->out[i].dir);
    }
    struct stat sb;
    if (st == MC_OK && stat(path, &sb) == 0) {
        char *text = NULL, *said = NULL;
        size_t len = 0, slen = 0;
        bool same = false;
        FILE *quiet = open_memstream(&said, &slen);
        if (S_ISDIR(sb.st_mode)) st = mc_fail(err, MC_EINVAL, "%s: a directory, not a file", path);
        else if (!force && quiet && job_certificate_read(path, &text, &len, err) == MC_OK)
            st = job_certificate_check(u, path, text, len, quiet, &same, err);
        if (quiet) fclose(quiet);
        if (st == MC_OK && !force && !same)
            st = mc_fail(err, MC_EINVAL, "%s exists and is not a certificate of these outputs; --force writes over it",
                         path);
        free(text);
        free(said);
    }
    free(where);
    return st;
}

mc_status job_certificate_write(const job_union *u, const char *path, bool force, mc_error *err)
{
    if (!u->ok) return mc_fail(err, MC_EINVAL, "%s: not written: the outputs did not verify", path);
    mc_status st = check_target(u, path, force, err);
    if (st != MC_OK) return st;
    char *banner = job_banner_text(), *b = banner ? job_json_dup(banner) : NULL, date[64], d[80];
    free(banner);
    if (!b) return mc_fail(err, MC_ENOMEM, "out of memory");
    mc_utc_text((int64_t)time(NULL), date, sizeof date);
    snprintf(d, sizeof d, "\"%s\"", date);
    char *text = certificate_text(u, b, d, NULL);
    free(b);
    if (!text) return mc_fail(err, MC_ENOMEM, "out of memory");
    st = job_write_file_atomic(path, text, err);
    free(text);
    return st;
}

mc_status job_certificate_read(const char *path, char **text, size_t *len, mc_error *err)
{
    mc_error e;
    mc_status st = job_read_text(path, JOB_CERTIFICATE_MAX, text, len, &e);
    if (st != MC_OK) return mc_fail(err, st, "the certificate %s", e.msg);
    return MC_OK;
}

/* A date as the certificate writes it: YYYY-MM-DDTHH:MM:SSZ. */
static bool is_date(const char *d)
{
    static const char shape[] = "dddd-dd-ddTdd:dd:ddZ";
    if (strlen(d) != sizeof shape - 1) return false;
    for (size_t i = 0; shape[i]; i++)
        if (shape[i] == 'd' ? d[i] < '0' || d[i] > '9' : d[i] != shape[i]) return false;
    return true;
}

/* The certificate's own values (where the outputs were, the banner, the
 * date) as JSON text for certificate_text, each malloc'd whole; NULL (and
 * a line to out, the certificate's path as shown) when the file lacks one
 * or it has the wrong type or shape, or out of memory (*nomem). */
static char **own_values(const job_union *u, const json_value *have, const char *shown, FILE *out, char **banner,
                         char **date, bool *nomem)
{
    const json_value *outs = json_get(have, "outputs");
    const char *b = json_get_string(have, "banner"), *d = json_get_string(have, "date");
    if (!outs || outs->type != JSON_ARRAY) {
        fprintf(out, "wrong: the certificate %s has no list of outputs (not a whole certificate)\n", shown);
        return NULL;
    }
    if (outs->n != u->n) {
        fprintf(out, "wrong: the certificate %s names %zu output%s, %zu given\n", shown, outs->n,
                outs->n == 1 ? "" : "s", u->n);
        return NULL;
    }
    if (!b || !d || !is_date(d) || strpbrk(b, "\n\r\t") || strncmp(b, "minclue ", 8) != 0) {
        fprintf(out, "wrong: the certificate %s has no %s (not a whole certificate)\n", shown,
                !b ? "banner" : !d ? "date" : !is_date(d) ? "date of the form 2026-11-25T01:55:00Z" : "build banner");
        return NULL;
    }
    char **dirs = calloc(u->n, sizeof *dirs);
    bool all = dirs != NULL;
    for (size_t i = 0; dirs && i < u->n; i++) {
        const char *o = json_get_string(&outs->item[i], "output");
        if (!o) {
            fprintf(out, "wrong: the certificate %s: outputs[%zu] has no \"output\" (not a whole certificate)\n", shown,
                    i);
            for (size_t k = 0; k < i; k++) free(dirs[k]);
            free(dirs);
            return NULL;
        }
        all = all && (dirs[i] = job_json_dup(o));
    }
    *banner = job_json_dup(b);
    *date = job_json_dup(d);
    if (!all || !*banner || !*date) {
        for (size_t i = 0; dirs && i < u->n; i++) free(dirs[i]);
        free(dirs);
        *nomem = true;
        return NULL;
    }
    return dirs;
}

/* Where the certificate and the outputs first differ, to out. */
static void report_difference(const json_diff *d, const char *shown, FILE *out)
{
    char a[320] = "nothing", b[320] = "nothing", ea[320], eb[320], where[sizeof d->where];
    if (d->have) json_brief(d->have, b, sizeof b);
    if (d->want) json_brief(d->want, a, sizeof a);
    termtext_escape(where, sizeof where, d->where); /* keys and values of the file: shown escaped */
    termtext_escape(eb, sizeof eb, b);
    termtext_escape(ea, sizeof ea, a);
    if (!strcmp(d->why, "unknown"))
        fprintf(out, "wrong: the certificate %s has \"%s\", which a certificate does not hold\n", shown, where);
    else
        fprintf(out, "wrong: the certificate %s says %s for \"%s\"; the outputs give %s\n", shown, eb, where, ea);
}

mc_status job_certificate_check(const job_union *u, const char *path, const char *text, size_t len, FILE *out,
                                bool *ok, mc_error *err)
{
    *ok = false;
    json_value *have = NULL, *want = NULL;
    mc_error perr;
    char *shown = termtext_dup(path);
    if (!shown) return mc_fail(err, MC_ENOMEM, "out of memory");
    mc_status st = json_parse(text, len, path, &have, &perr);
    if (st == MC_ENOMEM) {
        free(shown);
        return mc_fail(err, st, "out of memory");
    }
    if (st != MC_OK) {
        fputs("wrong: the certificate is not one strict JSON object: ", out);
        termtext_put(out, perr.msg);
        fputs("\n", out);
        free(shown);
        return MC_OK;
    }
    char *banner = NULL, *date = NULL, *wtext = NULL;
    bool nomem = false;
    char **dirs = own_values(u, have, shown, out, &banner, &date, &nomem);
    if (dirs && !(wtext = certificate_text(u, banner, date, dirs))) nomem = true;
    if (nomem) {
        st = mc_fail(err, MC_ENOMEM, "out of memory");
    } else if (wtext && (st = json_parse(wtext, strlen(wtext), "the certificate made here", &want, err)) == MC_OK) {
        json_diff d;
        if (json_same(want, have, &d)) {
            fprintf(out, "certificate %s of %s (", shown, json_get_string(have, "date"));
            termtext_put(out, json_get_string(have, "banner"));
            fprintf(out, "): %s\n", u->ok ? "matches the outputs" : "its values match the outputs given");
            *ok = true;
        } else {
            report_difference(&d, shown, out);
        }
    }
    for (size_t i = 0; dirs && i < u->n; i++) free(dirs[i]);
    free(dirs);
    free(banner);
    free(date);
    free(wtext);
    free(shown);
    json_free(have);
    json_free(want);
    return st;
}
