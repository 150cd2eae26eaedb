/* job_identity — a job as one line of text (the journal's J line) and back;
 * see job.h. */
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "checker.h"
#include "hitset.h"
#include "job.h"
#include "numtext.h"
#include "work_counters.h"

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
    size_t cap = 3 * PATH_MAX + 1024;
    char *out = malloc(cap), *esc = malloc(3 * PATH_MAX + 1);
    if (!out || !esc) {
        free(out);
        free(esc);
        return NULL;
    }
    int n = snprintf(out, cap, "format=%d counters=%s source=%s", JOB_JOURNAL_FORMAT, work_counters_keys(),
                     job_source_name(j->source));
    if (j->source_path) {
        escape_into(esc, 3 * PATH_MAX + 1, j->source_recorded ? j->source_recorded : j->source_path);
        n += snprintf(out + n, cap - (size_t)n, " path=%s", esc);
    }
    if (j->has_source_sum)
        n += snprintf(out + n, cap - (size_t)n, " source_sum=%016llx", (unsigned long long)j->source_sum);
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

#define STR_(x) #x
#define JOB_JOURNAL_FORMAT_TEXT XSTR_(JOB_JOURNAL_FORMAT)
#define XSTR_(x) STR_(x)

/* The value of key in an identity ("" when absent), into out. */
static void identity_value(const char *text, const char *key, char *out, size_t cap)
{
    size_t kl = strlen(key);
    out[0] = 0;
    for (const char *p = text; p && *p; p = strchr(p, ' ') ? strchr(p, ' ') + 1 : NULL)
        if (!strncmp(p, key, kl) && p[kl] == '=') {
            const char *v = p + kl + 1, *e = strchr(v, ' ');
            size_t n = e ? (size_t)(e - v) : strlen(v);
            if (n >= cap) n = cap - 1;
            memcpy(out, v, n);
            out[n] = 0;
            return;
        }
}

/* A value for a message, unescaped in place (v is a copy), into out: cut
 * to 80 characters ("..." then); "(none)" when empty. */
static void shown_value(char *v, char out[84])
{
    if (!*v) strcpy(v, "(none)");
    char keep[3 * PATH_MAX + 1];
    snprintf(keep, sizeof keep, "%s", v);
    if (!unescape(v)) strcpy(v, keep);
    size_t n = strlen(v);
    if (n > 80) {
        memcpy(out, v, 77);
        strcpy(out + 77, "...");
    } else {
        memcpy(out, v, n + 1);
    }
}

/* Whether the identity has the key (of kl bytes) at all. */
static bool has_key(const char *text, const char *key, size_t kl)
{
    for (const char *p = text; p && *p; p = strchr(p, ' ') ? strchr(p, ' ') + 1 : NULL)
        if (!strncmp(p, key, kl) && p[kl] == '=') return true;
    return false;
}

void job_identity_diff(const char *output, const char *mine, char *out, size_t cap)
{
    size_t n = 0;
    int ndiff = 0, left = 0;
    out[0] = 0;
    /* the keys of the output's line in its order, then those only in mine */
    for (int pass = 0; pass < 2; pass++) {
        const char *text = pass ? mine : output;
        for (const char *p = text; p && *p; p = strchr(p, ' ') ? strchr(p, ' ') + 1 : NULL) {
            const char *eq = strchr(p, '='), *sp = strchr(p, ' ');
            if (!eq || (sp && sp < eq) || eq - p >= 32) continue;
            char key[32];
            size_t kl = (size_t)(eq - p);
            memcpy(key, p, kl);
            key[kl] = 0;
            if (pass && has_key(output, key, kl)) continue;
            static char a[3 * PATH_MAX + 1], b[3 * PATH_MAX + 1];
            identity_value(output, key, a, sizeof a);
            identity_value(mine, key, b, sizeof b);
            if (!strcmp(a, b)) continue;
            bool engine = !strcmp(key, "engine");
            bool dry_a = engine && !strcmp(a, "none"), dry_b = engine && !strcmp(b, "none");
            char va[84], vb[84], item[320];
            shown_value(a, va);
            shown_value(b, vb);
            int m = snprintf(item, sizeof item, "%s%s: %s%s in the output, %s%s in this job", ndiff ? "; " : "", key,
                             va, dry_a ? " (a dry run's output)" : "", vb, dry_b ? " (a dry run)" : "");
            if (m > 0 && n + (size_t)m + 24 < cap) {
                memcpy(out + n, item, (size_t)m + 1);
                n += (size_t)m;
                ndiff++;
            } else {
                left++;
            }
        }
    }
    if (left) snprintf(out + n, cap - n, "%s%d more key%s", ndiff ? "; " : "", left, left == 1 ? "" : "s");
    else if (!ndiff) snprintf(out, cap, "the job lines differ in their layout");
}

/* The next token of an identity after p (NULL at the end). */
static const char *next_token(const char *p)
{
    const char *sp = strchr(p, ' ');
    return sp ? sp + 1 : NULL;
}

/* The length of the token at p. */
static size_t token_len(const char *p)
{
    const char *sp = strchr(p, ' ');
    return sp ? (size_t)(sp - p) : strlen(p);
}

/* The token at p or the next after it that is not path=, NULL at the end. */
static const char *skip_path(const char *p)
{
    while (p && *p && !strncmp(p, "path=", 5)) p = next_token(p);
    return p && *p ? p : NULL;
}

bool job_identity_same_job(const char *a, const char *b)
{
    if (!has_key(a, "source_sum", 10) || !has_key(b, "source_sum", 10)) return !strcmp(a, b);
    const char *p = skip_path(a), *q = skip_path(b);
    for (; p && q; p = skip_path(next_token(p)), q = skip_path(next_token(q))) {
        size_t n = token_len(p);
        if (n != token_len(q) || memcmp(p, q, n)) return false;
    }
    return !p && !q;
}

mc_status job_identity_check_format(const char *text, const char *where, mc_error *err)
{
    char fmt[32], counters[512];
    identity_value(text, "format", fmt, sizeof fmt);
    identity_value(text, "counters", counters, sizeof counters);
    if (!*fmt)
        return mc_fail(err, MC_EINVAL,
                       "%s: journal format 1 (no format= in its job line, written by an older minclue); this minclue "
                       "reads journal format %d only: finish the job with the minclue that started it, or use a new "
                       "output directory",
                       where, JOB_JOURNAL_FORMAT);
    if (strcmp(fmt, JOB_JOURNAL_FORMAT_TEXT))
        return mc_fail(err, MC_EINVAL,
                       "%s: journal format %s; this minclue reads journal format %d only: finish the job with the "
                       "minclue that started it, or use a new output directory",
                       where, fmt, JOB_JOURNAL_FORMAT);
    if (strcmp(counters, work_counters_keys()))
        return mc_fail(err, MC_EINVAL,
                       "%s: journal format %d with the counters %s; this minclue counts %s: finish the job with the "
                       "minclue that started it, or use a new output directory",
                       where, JOB_JOURNAL_FORMAT, counters, work_counters_keys());
    return MC_OK;
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
            if (!job_source_find(v, &j->source)) goto bad;
            have |= 1;
        } else if (!strcmp(k, "format")) {
            if (strcmp(v, JOB_JOURNAL_FORMAT_TEXT)) goto bad;
            have |= 64;
        } else if (!strcmp(k, "counters")) {
            if (strcmp(v, work_counters_keys())) goto bad;
            have |= 128;
        } else if (!strcmp(k, "path")) {
            if (!unescape(v) || !(j->source_path = strdup(v))) goto bad;
        } else if (!strcmp(k, "source_sum")) {
            char *end;
            if (strlen(v) != 16 || !isxdigit((unsigned char)v[0])) goto bad;
            j->source_sum = strtoull(v, &end, 16);
            if (*end) goto bad;
            j->has_source_sum = true;
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
            if (!numtext_int(v, 1, MAX_CELLS, &j->clues)) goto bad;
            have |= 16;
        } else if (!strcmp(k, "chunk")) {
            if (!numtext_u64(v, &j->chunk) || j->chunk < 1 || j->chunk > JOB_MAX_CHUNK) goto bad;
            have |= 32;
        } else if (!strcmp(k, "engine")) {
            if (!job_engine_find(v, &j->engine)) goto bad;
            j->engine_given = true;
        } else if (!strcmp(k, "ua_max_size")) {
            if (!numtext_int(v, -1, CHECKER_MAX_UA_SIZE, &j->ua_max_size)) goto bad;
        } else if (!strcmp(k, "ua_limit")) {
            if (!numtext_int(v, -1, INT_MAX, &j->ua_limit)) goto bad;
        } else if (!strcmp(k, "max_degree")) {
            if (!numtext_int(v, -1, HITSET_MAX_DEGREE, &j->max_degree)) goto bad;
        } else if (!strcmp(k, "learn")) {
            if (!numtext_int(v, -1, 1, &j->learn)) goto bad;
        } else {
            goto bad;
        }
    }
    if (have != 255 || (job_source_takes_file(j->source) && (!j->source_path || !j->has_source_sum)) ||
        j->first == 0 || j->last < j->first || j->last > JOB_MAX_RANK)
        goto bad;
    if (job_source_gives_groups(j->source) &&
        (!job_engine_takes_groups(j->engine) || j->geo->R != 3 || j->geo->C != 3))
        goto bad;
    j->ranks_given = true;
    free(copy);
    return st;
bad:
    free(copy);
    job_free(j);
    return mc_fail(err, MC_ECORRUPT, "bad job identity line");
}

