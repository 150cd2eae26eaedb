/* journal_line — one journal line's text: seal, format, parse; see journal_line.h. */
#include "journal_line.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"
#include "job.h"
#include "numtext.h"

#define LINE_SUM_CHARS 16
#define ALL_COUNTERS (WORK_COUNTERS_N == 64 ? ~UINT64_C(0) : (UINT64_C(1) << WORK_COUNTERS_N) - 1)
_Static_assert(WORK_COUNTERS_N <= 64, "a C line tracks the counters it holds in 64 bits");

size_t journal_line_seal(char *buf, size_t n)
{
    uint64_t h = job_fnv1a(JOB_FNV_INIT, buf, n);
    return n + (size_t)sprintf(buf + n, " *%016" PRIx64 "\n", h);
}

/* s is hex digits only (no sign, no 0x, no blank), at most 16. */
static bool parse_hex64(const char *s, uint64_t *out)
{
    size_t n = strspn(s, "0123456789abcdefABCDEF");
    if (n == 0 || n > LINE_SUM_CHARS || s[n]) return false;
    *out = strtoull(s, NULL, 16);
    return true;
}

bool journal_line_unseal(char *line, size_t len)
{
    if (len < LINE_SUM_CHARS + 2) return false;
    size_t body = len - LINE_SUM_CHARS - 2;
    if (line[body] != ' ' || line[body + 1] != '*') return false;
    uint64_t h;
    if (!parse_hex64(line + body + 2, &h) || h != job_fnv1a(JOB_FNV_INIT, line, body)) return false;
    line[body] = 0;
    return true;
}

size_t journal_line_format_chunk(const job_result *r, int64_t at, const geometry *geo, char **buf, size_t *cap)
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
    return journal_line_seal(p, n);
}

/* found=RANK:PUZZLE;... into r's found list. */
static bool parse_found(char *v, const geometry *geo, job_result *r)
{
    if (!geo) return false;
    char *save = NULL;
    for (char *item = strtok_r(v, ";", &save); item; item = strtok_r(NULL, ";", &save)) {
        char *colon = strchr(item, ':');
        if (!colon) return false;
        *colon = 0;
        uint64_t rank;
        if (!numtext_u64(item, &rank)) return false;
        const geometry *g2 = geo;
        grid g;
        size_t tl;
        mc_error e;
        if (grid_parse(colon + 1, strlen(colon + 1), &g2, DIGITS_STD, &g, &tl, &e) != MC_OK ||
            tl != strlen(colon + 1))
            return false;
        if (job_result_add_found(r, rank, g.cell, geo->ncells) != MC_OK) return false;
    }
    return true;
}

enum { HAVE_FIRST = 1, HAVE_COUNT = 2, HAVE_SUM = 4, HAVE_SEC = 8, HAVE_AT = 16, HAVE_FOUND = 32, HAVE_CPU = 64 };
#define HAVE_ALL (HAVE_FIRST | HAVE_COUNT | HAVE_SUM | HAVE_SEC)

bool journal_line_parse_chunk(char *body, const geometry *geo, job_result *r)
{
    job_result_clear(r);
    unsigned have = 0;
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
        unsigned field = !strcmp(k, "first") ? HAVE_FIRST
                         : !strcmp(k, "count") ? HAVE_COUNT
                         : !strcmp(k, "sum")   ? HAVE_SUM
                         : !strcmp(k, "sec")   ? HAVE_SEC
                         : !strcmp(k, "cpu")   ? HAVE_CPU
                         : !strcmp(k, "at")    ? HAVE_AT
                         : !strcmp(k, "found") ? HAVE_FOUND
                                               : 0;
        if (have & field) return false; /* a field twice */
        have |= field;
        uint64_t t;
        int c;
        bool ok = true;
        if (field == HAVE_FIRST) ok = numtext_u64(v, &r->first);
        else if (field == HAVE_COUNT) ok = numtext_u64(v, &r->count);
        else if (field == HAVE_SUM) ok = parse_hex64(v, &r->checksum);
        else if (field == HAVE_SEC) ok = numtext_decimal(v, WORK_SECONDS_MAX, &r->seconds);
        else if (field == HAVE_CPU) ok = r->cpu_known = numtext_decimal(v, WORK_SECONDS_MAX, &r->cpu_seconds);
        else if (field == HAVE_AT) {
            ok = numtext_u64(v, &t) && t <= (uint64_t)JOURNAL_LINE_MAX_AT;
            r->at = ok ? (int64_t)t : 0;
        } else if (field == HAVE_FOUND) ok = parse_found(v, geo, r);
        else if ((c = work_counters_parse(&r->work, k, v)) >= 0 && !(counters >> c & 1)) counters |= UINT64_C(1) << c;
        else ok = false;
        if (!ok) return false;
    }
    return (have & HAVE_ALL) == HAVE_ALL && counters == ALL_COUNTERS && r->count > 0;
}
