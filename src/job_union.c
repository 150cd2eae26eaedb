/* job_union — several outputs of one job as one claim; see job_union.h. */
#include "job_union.h"

#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "job_journal.h"
#include "termtext.h"

#define MAX_GAPS 20

/* Is the key=value token tok one of the keys that may differ? */
static bool own_key(const char *tok)
{
    return !strncmp(tok, "first=", 6) || !strncmp(tok, "last=", 5) || !strncmp(tok, "chunk=", 6);
}

char *job_union_shared_identity(const char *identity)
{
    char *out = malloc(strlen(identity) + 1);
    if (!out) return NULL;
    size_t n = 0;
    for (const char *p = identity; *p;) {
        const char *sp = strchr(p, ' '), *end = sp ? sp : p + strlen(p);
        if (!own_key(p)) {
            if (n) out[n++] = ' ';
            memcpy(out + n, p, (size_t)(end - p));
            n += (size_t)(end - p);
        }
        p = sp ? sp + 1 : end;
    }
    out[n] = 0;
    return out;
}

/* The first key=value of a (shared job line) that b does not hold, into
 * out ("(none)" when all are there). */
static void first_difference(const char *a, const char *b, char *out, size_t cap)
{
    snprintf(out, cap, "(none)");
    for (const char *p = a; *p;) {
        const char *sp = strchr(p, ' ');
        size_t len = sp ? (size_t)(sp - p) : strlen(p);
        bool found = false;
        for (const char *q = b; *q && !found;) {
            const char *sq = strchr(q, ' ');
            size_t lq = sq ? (size_t)(sq - q) : strlen(q);
            found = lq == len && !memcmp(p, q, len);
            q = sq ? sq + 1 : q + lq;
        }
        if (!found) {
            snprintf(out, cap, "%.*s", (int)(len < 300 ? len : 300), p);
            return;
        }
        p = sp ? sp + 1 : p + len;
    }
}

/* The value of the key named in kv ("clues=4") in the job line s, into
 * out as key=value ("clues=5"), or "no key" when absent. */
static void same_key(const char *kv, const char *s, char *out, size_t cap)
{
    const char *eq = strchr(kv, '=');
    size_t kl = eq ? (size_t)(eq - kv) + 1 : strlen(kv);
    snprintf(out, cap, "no %.*s", (int)(eq ? kl - 1 : kl), kv);
    for (const char *q = s; *q;) {
        const char *sq = strchr(q, ' ');
        size_t lq = sq ? (size_t)(sq - q) : strlen(q);
        if (lq >= kl && !memcmp(q, kv, kl)) {
            snprintf(out, cap, "%.*s", (int)(lq < 300 ? lq : 300), q);
            return;
        }
        q = sq ? sq + 1 : q + lq;
    }
}

/* Reads the job line of dir's journal into o (o->v.j, o->v.identity);
 * job_verify_output reads the whole journal later. */
static mc_status load_job(union_output *o, const char *dir, mc_error *err)
{
    char real[PATH_MAX];
    if (!realpath(dir, real)) return mc_fail(err, MC_EIO, "%s: no such output directory", dir);
    if (!(o->dir = strdup(real))) return mc_fail(err, MC_ENOMEM, "out of memory");
    char *jpath = job_path_join(real, "journal");
    if (!jpath) return mc_fail(err, MC_ENOMEM, "out of memory");
    journal_data d;
    mc_status st = journal_read_head(jpath, &d, err);
    if (st == MC_OK && !d.identity) st = mc_fail(err, MC_EIO, "%s: no journal (or no job line in it)", jpath);
    if (st == MC_OK && job_from_identity(d.identity, &o->v.j, NULL) != MC_OK)
        st = mc_fail(err, MC_ECORRUPT, "%s: bad job line", jpath);
    if (st == MC_OK) {
        o->v.identity = d.identity;
        d.identity = NULL;
    }
    journal_data_free(&d);
    free(jpath);
    return st;
}

static int cmp_first(const void *a, const void *b)
{
    const union_output *x = a, *y = b;
    return x->v.j.first < y->v.j.first ? -1 : x->v.j.first > y->v.j.first;
}

/* All outputs of one job, no rank twice. */
static mc_status check_agreement(job_union *u, mc_error *err)
{
    char *base = job_union_shared_identity(u->out[0].v.identity);
    mc_status st = base ? MC_OK : mc_fail(err, MC_ENOMEM, "out of memory");
    for (size_t i = 1; st == MC_OK && i < u->n; i++) {
        char *other = job_union_shared_identity(u->out[i].v.identity);
        if (!other) {
            st = mc_fail(err, MC_ENOMEM, "out of memory");
        } else if (!job_identity_same_job(base, other)) { /* the grid file's path aside: its content sum decides */
            char a[320], b[320];
            first_difference(base, other, a, sizeof a);
            if (!strcmp(a, "(none)")) first_difference(other, base, b, sizeof b), same_key(b, base, a, sizeof a);
            else same_key(a, other, b, sizeof b);
            st = mc_fail(err, MC_EINVAL, "%s and %s are outputs of different jobs: %s in the first, %s in the second",
                         u->out[0].dir, u->out[i].dir, a, b);
        }
        free(other);
    }
    free(base);
    for (size_t i = 1; st == MC_OK && i < u->n; i++) {
        const job *p = &u->out[i - 1].v.j, *q = &u->out[i].v.j;
        if (q->first <= p->last)
            st = mc_fail(err, MC_EINVAL, "ranks %" PRIu64 "..%" PRIu64 " are in two outputs, %s and %s",
                         q->first, q->last < p->last ? q->last : p->last, u->out[i - 1].dir, u->out[i].dir);
    }
    return st;
}

size_t job_union_range_end(const job_union *u, size_t i)
{
    while (i + 1 < u->n && u->out[i + 1].v.j.first == u->out[i].v.j.last + 1) i++;
    return i;
}

/* The union's rank ranges (adjacent outputs merged), "1..30, 41..100". */
static void ranges_text(const job_union *u, char *out, size_t cap)
{
    size_t n = 0;
    out[0] = 0;
    for (size_t i = 0; i < u->n && n < cap;) {
        size_t k = job_union_range_end(u, i);
        n += (size_t)snprintf(out + n, cap - n, "%s%" PRIu64 "..%" PRIu64, i ? ", " : "", u->out[i].v.j.first,
                              u->out[k].v.j.last);
        i = k + 1;
    }
}

/* The union against the expected range: the first gaps, and ranks outside. */
static bool check_expected(const job_union *u, uint64_t lo, uint64_t hi, FILE *out)
{
    const job *j0 = &u->out[0].v.j;
    int reported = 0;
    uint64_t next = lo; /* the first expected rank not yet seen */
    for (size_t i = 0; i < u->n; i++) {
        const job *j = &u->out[i].v.j;
        if (j->last < lo || j->first > hi) { /* all of it outside */
            if (reported++ < MAX_GAPS)
                termtext_printf(out, "wrong: %s holds ranks %" PRIu64 "..%" PRIu64 ", none of them inside the expected %"
                                PRIu64 "..%" PRIu64 "\n", u->out[i].dir, j->first, j->last, lo, hi);
        } else {
            if (j->first < lo && reported++ < MAX_GAPS) /* the part below, the part above */
                termtext_printf(out, "wrong: ranks %" PRIu64 "..%" PRIu64 " (%s) are outside the expected %" PRIu64
                                "..%" PRIu64 "\n", j->first, lo - 1, u->out[i].dir, lo, hi);
            if (j->last > hi && reported++ < MAX_GAPS)
                termtext_printf(out, "wrong: ranks %" PRIu64 "..%" PRIu64 " (%s) are outside the expected %" PRIu64
                                "..%" PRIu64 "\n", hi + 1, j->last, u->out[i].dir, lo, hi);
        }
        if (j->first > next && next <= hi) {
            uint64_t b = j->first - 1 < hi ? j->first - 1 : hi;
            if (reported++ < MAX_GAPS)
                fprintf(out, "missing: ranks %" PRIu64 "..%" PRIu64 " (%" PRIu64 " %s) of the expected %" PRIu64 "..%" PRIu64 "\n",
                        next, b, b - next + 1, job_unit_noun(j0, b - next + 1), lo, hi);
        }
        if (j->last + 1 > next) next = j->last + 1;
    }
    if (next <= hi && reported++ < MAX_GAPS)
        fprintf(out, "missing: ranks %" PRIu64 "..%" PRIu64 " (%" PRIu64 " %s) of the expected %" PRIu64 "..%" PRIu64 "\n",
                next, hi, hi - next + 1, job_unit_noun(j0, hi - next + 1), lo, hi);
    if (reported > MAX_GAPS) fprintf(out, "... %d ranges in all\n", reported);
    return reported == 0;
}

mc_status job_union_verify(job_union *u, int n, char **dirs, uint64_t expect_first, uint64_t expect_last,
                           FILE *out, mc_error *err)
{
    memset(u, 0, sizeof *u);
    if (n < 1) return mc_fail(err, MC_EINVAL, "no output directory");
    if (!(u->out = calloc((size_t)n, sizeof *u->out))) return mc_fail(err, MC_ENOMEM, "out of memory");
    u->n = (size_t)n;
    mc_status st = MC_OK;
    for (int i = 0; st == MC_OK && i < n; i++) st = load_job(&u->out[i], dirs[i], err);
    if (st != MC_OK) return st;
    for (int i = 1; i < n; i++) /* one directory named twice is no overlap of two outputs */
        for (int k = 0; k < i; k++)
            if (!strcmp(u->out[i].dir, u->out[k].dir))
                return strcmp(dirs[i], dirs[k])
                           ? mc_fail(err, MC_EINVAL, "the output %s is given twice (as %s and as %s)", u->out[i].dir,
                                     dirs[k], dirs[i])
                           : mc_fail(err, MC_EINVAL, "the output %s is given twice", dirs[i]);
    qsort(u->out, u->n, sizeof *u->out, cmp_first);
    if ((st = check_agreement(u, err)) != MC_OK) return st;
    /* each output, its journal hashed before and after: the digest is of
     * the journal verified */
    bool all = true;
    for (size_t i = 0; st == MC_OK && i < u->n; i++) {
        union_output *o = &u->out[i];
        char *jpath = job_path_join(o->dir, "journal"), after[SHA256_HEX_CHARS + 1];
        st = jpath ? sha256_file_hex(jpath, o->journal_sha256, err) : mc_fail(err, MC_ENOMEM, "out of memory");
        job_verified_free(&o->v);
        if (st == MC_OK && u->n > 1) termtext_printf(out, "== %s\n", o->dir);
        if (st == MC_OK) st = job_verify_output(o->dir, out, &o->v, err);
        if (st == MC_OK) st = sha256_file_hex(jpath, after, err);
        if (st == MC_OK && strcmp(after, o->journal_sha256))
            st = mc_fail(err, MC_EIO, "%s: the journal changed while it was verified (is a run writing it?)", jpath);
        free(jpath);
        if (st != MC_OK) break;
        all = all && o->v.ok;
        u->units += o->v.t.grids;
        u->puzzles += o->v.t.puzzles;
        u->chunks += o->v.t.chunks;
    }
    if (st != MC_OK) return st;
    if (u->n > 1 && (st = check_agreement(u, err)) != MC_OK) return st; /* the job lines verified */
    const job *j = &u->out[0].v.j;
    char ranges[768];
    ranges_text(u, ranges, sizeof ranges);
    snprintf(u->claim, sizeof u->claim, "ranks %s, %" PRIu64 " %s, K = %d: %" PRIu64 " puzzle%s%s", ranges, u->units,
             job_unit_noun(j, u->units), j->clues, u->puzzles, u->puzzles == 1 ? "" : "s",
             j->engine == JOB_ENGINE_NONE ? " (dry run: nothing was searched)" : "");
    if (u->n > 1) fprintf(out, "== the union of %zu outputs\n", u->n);
    bool expected = expect_first == 0 || check_expected(u, expect_first, expect_last, out);
    u->ok = all && expected;
    if (u->n > 1 || expect_first) {
        if (u->ok) fprintf(out, "%s\n", u->claim);
        else if (!all) fprintf(out, "NOT VERIFIED: not every output verified\n");
        else fprintf(out, "NOT VERIFIED: the outputs are not exactly ranks %" PRIu64 "..%" PRIu64 " (%s)\n",
                     expect_first, expect_last, ranges);
    }
    return MC_OK;
}

void job_union_free(job_union *u)
{
    if (!u) return;
    for (size_t i = 0; i < u->n; i++) {
        free(u->out[i].dir);
        job_verified_free(&u->out[i].v);
    }
    free(u->out);
    memset(u, 0, sizeof *u);
}
