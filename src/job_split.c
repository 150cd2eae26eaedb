/* job_split — a job cut into N jobs whose ranks partition its range; see
 * job_split.h. */
#include "job_split.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The part of segment s inside first..last; false when there is none. */
static bool clip(const job_cost_segment *s, uint64_t first, uint64_t last, uint64_t *lo, uint64_t *hi)
{
    *lo = s->first > first ? s->first : first;
    *hi = s->last < last ? s->last : last;
    return *lo <= *hi;
}

mc_status job_split_ranges(const job_cost *c, uint64_t first, uint64_t last, uint64_t n, uint64_t *end,
                           mc_error *err)
{
    if (n == 0) return mc_fail(err, MC_EINVAL, "a split needs at least 1 part, not 0");
    if (n > JOB_SPLIT_MAX_PARTS)
        return mc_fail(err, MC_EINVAL, "%llu parts: at most %d parts", (unsigned long long)n, JOB_SPLIT_MAX_PARTS);
    uint64_t ranks = last - first + 1;
    if (n > ranks)
        return mc_fail(err, MC_EINVAL, "%llu parts but only %llu rank%s (%llu-%llu)", (unsigned long long)n,
                       (unsigned long long)ranks, ranks == 1 ? "" : "s", (unsigned long long)first,
                       (unsigned long long)last);
    uint64_t total = job_cost_range(c, first, last);
    uint64_t q = total / n, rem = total % n; /* i T / N = i q + i rem / N, without overflow (N <= 10^6) */
    size_t s = 0;
    uint64_t before = 0; /* cost of the ranks before segment s (inside first..last) */
    uint64_t prev = first - 1;
    for (uint64_t i = 1; i < n; i++) {
        uint64_t target = q * i + rem * i / n, r = first;
        if (target > 0) {
            uint64_t lo = 0, hi = 0;
            for (; s < c->n; s++) {
                if (!clip(&c->seg[s], first, last, &lo, &hi)) continue;
                uint64_t after = before + (hi - lo + 1) * c->seg[s].usec;
                if (after >= target) break;
                before = after;
            }
            if (s < c->n) {
                uint64_t u = c->seg[s].usec;
                r = lo + (target - before + u - 1) / u - 1;
            } else {
                r = last;
            }
        }
        if (r < prev + 1) r = prev + 1;
        if (r > last - (n - i)) r = last - (n - i);
        end[i - 1] = prev = r;
    }
    end[n - 1] = last;
    return MC_OK;
}

/* ---- job file text ---- */

/* Is l a key = value line of the key want? */
static bool is_key(bool kv, const job_line *l, const char *want)
{
    return kv && l->klen == strlen(want) && !memcmp(l->key, want, l->klen);
}

long job_split_key_line(const char *text, const char *key, char **value)
{
    if (value) *value = NULL;
    long line = 0;
    for (const char *p = text; *p;) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        line++;
        job_line l;
        if (is_key(job_line_split(p, len, &l), &l, key)) {
            if (value && (*value = strndup(l.val, l.vlen))) job_value_unescape(*value);
            return line;
        }
        if (!nl) break;
        p = nl + 1;
    }
    return 0;
}

/* A growing string; on out of memory s becomes NULL and stays so. */
typedef struct buf {
    char *s;
    size_t n, cap;
} buf;

static void put(buf *b, const char *t, size_t n)
{
    if (!b->s) return;
    if (b->n + n + 1 > b->cap) {
        size_t cap = b->cap * 2 > b->n + n + 1 ? b->cap * 2 : b->n + n + 1;
        char *s = realloc(b->s, cap);
        if (!s) {
            free(b->s);
            b->s = NULL;
            return;
        }
        b->s = s;
        b->cap = cap;
    }
    memcpy(b->s + b->n, t, n);
    b->n += n;
    b->s[b->n] = 0;
}

static void puts_(buf *b, const char *t) { put(b, t, strlen(t)); }

/* "key = value" with value as a job file holds it ('#' as "\#") */
static void put_key(buf *b, const char *key, const char *word, const char *value)
{
    char *v = job_value_escape(value);
    if (!v) {
        free(b->s);
        b->s = NULL;
        return;
    }
    puts_(b, key);
    puts_(b, " = ");
    if (word) {
        puts_(b, word);
        puts_(b, " ");
    }
    puts_(b, v);
    puts_(b, "\n");
    free(v);
}

static void put_ranks(buf *b, uint64_t first, uint64_t last)
{
    char r[64];
    snprintf(r, sizeof r, "ranks = %llu-%llu\n", (unsigned long long)first, (unsigned long long)last);
    puts_(b, r);
}

char *job_split_text(const char *text, const job *j, uint64_t first, uint64_t last, const char *output,
                     int absolute, const char *header)
{
    buf b = {malloc(256), 0, 256};
    if (b.s) b.s[0] = 0;
    if (header) puts_(&b, header);
    bool has_ranks = job_split_key_line(text, "ranks", NULL) != 0;
    for (const char *p = text; *p;) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        job_line l;
        bool kv = job_line_split(p, len, &l);
        if (!l.tlen && memchr(p, '#', len)) {
            /* the job's comments are not the part's ("minclue run JOB"): dropped */
        } else if (is_key(kv, &l, "ranks")) {
            put_ranks(&b, first, last);
        } else if (is_key(kv, &l, "output")) {
            put_key(&b, "output", NULL, output);
        } else if (is_key(kv, &l, "source") && absolute && j->source_path) {
            put_key(&b, "source", job_source_name(j->source), j->source_path);
        } else {
            put(&b, p, len);
            puts_(&b, "\n");
        }
        if (is_key(kv, &l, "source") && !has_ranks) put_ranks(&b, first, last);
        if (!nl) break;
        p = nl + 1;
    }
    return b.s;
}
