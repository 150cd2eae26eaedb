/* job_certificate — write and check the certificate; see job_certificate.h. */
#include "job_certificate.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "job_journal.h"

#define JSON_CAP 8192

/* The certificate's text with the given banner and date; output_dirs[i]
 * (NULL: the outputs' own) as the outputs' "output". malloc'd. */
static char *certificate_text(const job_union *u, const char *banner, const char *date, char **output_dirs)
{
    const job *j = &u->out[0].v.j;
    char *shared = job_union_shared_identity(u->out[0].v.identity), *buf = NULL;
    char *s = malloc(JSON_CAP);
    size_t len = 0;
    FILE *m = shared && s ? open_memstream(&buf, &len) : NULL;
    if (m) {
        fprintf(m, "{\n  \"minclue_certificate\": 1,\n");
        job_json_string(s, JSON_CAP, u->claim);
        fprintf(m, "  \"claim\": %s,\n", s);
        job_json_string(s, JSON_CAP, shared);
        fprintf(m, "  \"job\": %s,\n", s);
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
            job_json_string(s, JSON_CAP, o->dir);
            fprintf(m,
                    "    {\n      \"output\": %s,\n      \"first\": %" PRIu64 ",\n      \"last\": %" PRIu64
                    ",\n      \"chunks\": %" PRIu64 ",\n      \"puzzles\": %" PRIu64
                    ",\n      \"journal_sha256\": \"%s\"\n    }%s\n",
                    output_dirs ? output_dirs[i] : s, o->v.j.first, o->v.j.last, o->v.t.chunks, o->v.t.puzzles,
                    o->journal_sha256, i + 1 < u->n ? "," : "");
        }
        fprintf(m, "  ],\n  \"banner\": %s,\n  \"date\": %s\n}\n", banner, date);
        fclose(m);
    }
    free(shared);
    free(s);
    return buf;
}

mc_status job_certificate_write(const job_union *u, const char *path, mc_error *err)
{
    if (!u->ok) return mc_fail(err, MC_EINVAL, "%s: not written: the outputs did not verify", path);
    char *banner = job_banner_text(), b[JSON_CAP], date[64], d[80];
    if (!banner) return mc_fail(err, MC_ENOMEM, "out of memory");
    job_json_string(b, sizeof b, banner);
    free(banner);
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", &tm);
    snprintf(d, sizeof d, "\"%s\"", date);
    char *text = certificate_text(u, b, d, NULL);
    if (!text) return mc_fail(err, MC_ENOMEM, "out of memory");
    mc_status st = job_write_file_atomic(path, text, err);
    free(text);
    return st;
}

mc_status job_certificate_check(const job_union *u, const char *path, FILE *out, bool *ok, mc_error *err)
{
    *ok = false;
    char *have = job_read_file(path);
    if (!have) return mc_fail(err, MC_EIO, "%s: cannot read the certificate", path);
    /* what the file says for the keys it may set: banner, date, outputs */
    char *banner = NULL, *date = NULL, **dirs = calloc(u->n, sizeof *dirs);
    size_t ndirs = 0;
    for (const char *p = have; dirs && *p;) {
        const char *nl = strchr(p, '\n'), *end = nl ? nl : p + strlen(p), *vs;
        char key[64], **to = NULL;
        size_t vn;
        if (job_json_line(p, end, key, sizeof key, &vs, &vn)) {
            if (!strcmp(key, "output")) to = ndirs++ < u->n ? &dirs[ndirs - 1] : NULL;
            else if (!strcmp(key, "banner")) to = &banner;
            else if (!strcmp(key, "date")) to = &date;
        }
        if (to) {
            free(*to);
            *to = strndup(vs, vn);
        }
        p = nl ? nl + 1 : end;
    }
    mc_status st = MC_OK;
    if (!dirs) {
        st = mc_fail(err, MC_ENOMEM, "out of memory");
    } else if (ndirs != u->n) {
        fprintf(out, "wrong: the certificate %s names %zu output%s, %zu given\n", path, ndirs, ndirs == 1 ? "" : "s",
                u->n);
    } else if (!banner || !date) {
        fprintf(out, "wrong: the certificate %s has no %s (not a whole certificate)\n", path,
                banner ? "date" : "banner");
    } else {
        char *want = certificate_text(u, banner, date, dirs);
        if (!want) {
            st = mc_fail(err, MC_ENOMEM, "out of memory");
        } else if (!strcmp(want, have)) {
            fprintf(out, "certificate %s of %s (%s): matches the outputs\n", path, date, banner);
            *ok = true;
        } else {
            const char *a = want, *b = have;
            long line = 1;
            while (*a && *a == *b) {
                if (*a == '\n') line++;
                a++, b++;
            }
            while (a > want && a[-1] != '\n') a--, b--;
            const char *ea = strchr(a, '\n'), *eb = strchr(b, '\n');
            int la = ea ? (int)(ea - a) : (int)strlen(a), lb = eb ? (int)(eb - b) : (int)strlen(b);
            fprintf(out, "wrong: the certificate %s, line %ld, says '%.*s'; the outputs give '%.*s'\n", path, line,
                    lb > 300 ? 300 : lb, b, la > 300 ? 300 : la, a);
        }
        free(want);
    }
    for (size_t i = 0; dirs && i < u->n; i++) free(dirs[i]);
    free(dirs);
    free(banner);
    free(date);
    free(have);
    return st;
}
