/* job_status_output — one output of `job status` read and judged: its
 * job file (when given one), its journal, its found.txt and summary.json.
 *
 * The journal is read by journal_read, the reader `run` and `job verify`
 * use, with their strictness: a line one of them would not take is a
 * damaged line here too. An output is complete exactly when `job verify`
 * of it passes and its job line is the job file's job
 * (job_identity_same_job, as `run` compares them). The quick checks come
 * first and name the fault a rerun mends: every chunk there once and a
 * work unit of that job, found.txt and summary.json the journal's
 * (job_verify_files); an output that passes them is then verified in full
 * (job_verify_output: the chunks' checksums against the source, every
 * puzzle re-solved), once per output and invocation. Damaged lines are
 * ignored as verify ignores them, so an output whose damaged chunk a rerun
 * redid is complete again. An output whose only fault is damaged lines or
 * chunks missing beside a summary is resumable: a rerun redoes the missing
 * chunks (journal_open takes such a journal).
 *
 * Invariants: o->done is sorted, merged and inside o->first..o->last;
 * o->resumable only for a damaged output.
 */
#include "job_status_output.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "job.h"
#include "job_journal.h"
#include "job_union.h"
#include "job_verify.h"
#include "mc_clock.h"

#define STALL_FLOOR 120.0 /* seconds */
#define STALL_TIMES 5.0

int job_status_cmp_range(const void *a, const void *b)
{
    const job_rank_range *x = a, *y = b;
    if (x->first != y->first) return x->first < y->first ? -1 : 1;
    return x->last < y->last ? -1 : x->last > y->last;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static int cmp_chunk(const void *a, const void *b)
{
    const job_result *x = a, *y = b;
    return x->first < y->first ? -1 : x->first > y->first;
}

/* N of a name ending in -N (trailing slashes and .job ignored), else -1;
 * *stem gets the length of the name before "-N" (0 when none). */
static long name_index(const char *name, size_t *stem)
{
    *stem = 0;
    size_t n = strlen(name);
    while (n > 1 && name[n - 1] == '/') n--;
    if (n > 4 && !strncmp(name + n - 4, ".job", 4)) n -= 4;
    size_t d = n;
    while (d > 0 && isdigit((unsigned char)name[d - 1])) d--;
    if (d == n || d < 2 || name[d - 1] != '-' || n - d > 9) return -1;
    *stem = d - 1;
    return strtol(name + d, NULL, 10);
}

static mc_status push_tick(job_status *s, const job_status_tick *t, size_t *cap)
{
    if (s->nticks == *cap) {
        size_t nc = *cap ? 2 * *cap : 256;
        job_status_tick *p = realloc(s->ticks, nc * sizeof *p);
        if (!p) return MC_ENOMEM;
        s->ticks = p;
        *cap = nc;
    }
    s->ticks[s->nticks++] = *t;
    return MC_OK;
}

/* The chunks of d that are units of j, sorted, as merged ranges into o;
 * the first problem (a chunk that is not a unit, or twice) into o->why.
 * false: out of memory. */
static bool chunk_ranges(job_status_output *o, const job *j, const journal_data *d, bool *bad)
{
    job_rank_range *r = malloc((d->nchunks ? d->nchunks : 1) * sizeof *r);
    if (!r) return false;
    size_t n = 0;
    for (size_t i = 0; i < d->nchunks; i++) {
        const job_result *c = &d->chunks[i];
        uint64_t index;
        if (!job_chunk_of(j, c->first, c->count, &index)) {
            if (!*bad)
                snprintf(o->why, sizeof o->why, "the chunk at ranks %llu-%llu is not one of the job's",
                         (unsigned long long)c->first, (unsigned long long)(c->first + c->count - 1));
            *bad = true;
            continue;
        }
        r[n++] = (job_rank_range){c->first, c->first + c->count - 1};
    }
    if (n) qsort(r, n, sizeof *r, job_status_cmp_range);
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        if (i && r[i].first == r[i - 1].first) {
            if (!*bad)
                snprintf(o->why, sizeof o->why, "the chunk at rank %llu is in the journal twice",
                         (unsigned long long)r[i].first);
            *bad = true;
            continue;
        }
        o->chunks_done++;
        o->units_done += r[i].last - r[i].first + 1;
        if (m && r[m - 1].last + 1 == r[i].first) r[m - 1].last = r[i].last;
        else r[m++] = r[i];
    }
    o->done = r;
    o->ndone = m;
    return true;
}

/* "# part I of N of JOB (minclue job split): ranks A-B, ..." among the
 * comment lines on top of the job file at path: its I, N and JOB into o. */
static mc_status part_header(job_status_output *o, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) return MC_OK;
    char line[4096];
    mc_status st = MC_OK;
    while (fgets(line, sizeof line, f) && line[0] == '#') {
        unsigned long long i, n;
        int at = 0;
        const char *tail = strstr(line, " (minclue job split): ranks ");
        if (!tail || sscanf(line, "# part %llu of %llu of %n", &i, &n, &at) != 2 || !at || i < 1 || i > n ||
            line + at >= tail)
            continue;
        o->part = (long)i;
        o->parts = (long)n;
        if (!(o->part_of = strndup(line + at, (size_t)(tail - line - at)))) st = MC_ENOMEM;
        break;
    }
    fclose(f);
    return st;
}

/* The job file arg: its output, its ranks, its job line (to compare with
 * the journal's), the cost model of its ranks and its part header. */
static mc_status from_job_file(job_status_output *o, const char *arg, char **want, mc_error *err)
{
    job j;
    mc_status st = job_load(arg, &j, err);
    if (st == MC_OK && (st = job_resolve(&j, err)) != MC_OK) job_free(&j);
    if (st != MC_OK) return st;
    o->dir = strdup(j.output);
    *want = job_identity(&j);
    o->ranks_known = true;
    o->first = j.first;
    o->last = j.last;
    o->groups = job_source_gives_groups(j.source);
    job_cost c = {0};
    mc_error e;
    if (!o->dir || !*want || job_cost_model(&j, &c, &e) != MC_OK || part_header(o, arg) != MC_OK) {
        job_cost_free(&c);
        job_free(&j);
        return mc_fail(err, MC_ENOMEM, "out of memory");
    }
    o->costed = true;
    o->modelled = c.modelled;
    o->left_usec = (double)job_cost_range(&c, j.first, j.last);
    job_cost_free(&c);
    job_free(&j);
    return MC_OK;
}

/* The model's cost of what o has not done, its stall time and its ticks. */
static mc_status cost_and_ticks(job_status *s, job_status_output *o, const job *j, const journal_data *d,
                                double stall_after, size_t *tick_cap, mc_error *err)
{
    double *secs = malloc((d->nchunks ? d->nchunks : 1) * sizeof *secs);
    if (!secs) return mc_fail(err, MC_ENOMEM, "out of memory");
    for (size_t i = 0; i < d->nchunks; i++) {
        o->puzzles += d->chunks[i].nfound;
        o->seconds += d->chunks[i].cpu_known ? d->chunks[i].cpu_seconds : d->chunks[i].seconds;
        secs[i] = d->chunks[i].seconds;
    }
    if (d->nchunks) qsort(secs, d->nchunks, sizeof *secs, cmp_double);
    double usual = d->nchunks ? secs[(d->nchunks - 1) * 9 / 10] : 0;
    free(secs);
    o->stall = stall_after > 0 ? stall_after : STALL_TIMES * usual > STALL_FLOOR ? STALL_TIMES * usual : STALL_FLOOR;
    job_cost c = {0};
    mc_error e;
    if (job_cost_model(j, &c, &e) != MC_OK && job_cost_uniform(j->first, j->last, 1, &c, &e) != MC_OK)
        return mc_fail(err, MC_ENOMEM, "out of memory");
    o->costed = true;
    o->modelled = c.modelled;
    job_cost_observe(&c, d->chunks, d->nchunks, &o->obs);
    double done_cost = 0;
    for (size_t i = 0; i < o->ndone; i++) done_cost += (double)job_cost_range(&c, o->done[i].first, o->done[i].last);
    o->left_usec = (double)job_cost_range(&c, j->first, j->last) - done_cost;
    mc_status rc = MC_OK;
    for (size_t i = 0; i < d->nchunks && rc == MC_OK; i++) {
        const job_result *r = &d->chunks[i];
        if (r->at <= 0 || !r->count || r->first < j->first || r->first + r->count - 1 > j->last) continue;
        job_status_tick t = {r->at, r->count, (double)job_cost_range(&c, r->first, r->first + r->count - 1)};
        if (push_tick(s, &t, tick_cap) != MC_OK) rc = mc_fail(err, MC_ENOMEM, "out of memory");
    }
    job_cost_free(&c);
    return rc;
}

/* Every chunk there once: found.txt and summary.json against the journal
 * as `job verify` checks them; the first problem into o->why. */
static mc_status judge_files(job_status_output *o, job *j, journal_data *d, mc_error *err)
{
    free(j->output);
    if (!(j->output = strdup(o->dir))) return mc_fail(err, MC_ENOMEM, "out of memory");
    qsort(d->chunks, d->nchunks, sizeof *d->chunks, cmp_chunk);
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    if (!m) return mc_fail(err, MC_ENOMEM, "out of memory");
    long problems = job_verify_files(j, o->dir, d, m);
    if (fclose(m) != 0 || !text) {
        free(text);
        return mc_fail(err, MC_ENOMEM, "out of memory");
    }
    if (!problems) {
        o->state = JOB_COMPLETE;
        if (d->bad_lines)
            snprintf(o->why, sizeof o->why, "%ld damaged line%s ignored: every chunk is there", d->bad_lines,
                     d->bad_lines == 1 ? "" : "s");
    } else {
        o->state = JOB_DAMAGED;
        char *nl = strchr(text, '\n'), *rerun;
        if (nl) *nl = 0;
        if ((rerun = strstr(text, " (rerun the job"))) *rerun = 0; /* said below */
        if ((rerun = strstr(text, " (the journal's: "))) *rerun = 0; /* a whole job line: verify shows it */
        snprintf(o->why, sizeof o->why, "as job verify says, %.300s (remove found.txt and summary.json, then "
                 "rerun the part: it rebuilds them)", text);
    }
    free(text);
    return MC_OK;
}

/* A complete output checked by `job verify` in full (the checks that need
 * the source too: the chunks' checksums, every puzzle re-solved): damaged
 * with verify's first problem when it does not verify, or when verify
 * cannot run (the source not found or unreadable). With s->cache: taken
 * from it when its files and j's source file are as they were when it
 * verified, and put into it when it verifies now. Errors only out of
 * memory. */
static mc_status verify_in_full(job_status *s, job_status_output *o, const job *j, mc_error *err)
{
    char *key = NULL; /* taken before verify reads the files */
    if (s->cache) {
        key = job_status_cache_key(o->dir, j->has_source_sum ? j->source_path : NULL);
        if (!job_status_cache_seen(s->cache, o->dir)) {
            free(key);
            return mc_fail(err, MC_ENOMEM, "out of memory");
        }
        if (key && job_status_cache_verified(s->cache, key)) {
            s->cached++;
            return job_status_cache_put(s->cache, key) ? MC_OK : mc_fail(err, MC_ENOMEM, "out of memory");
        }
    }
    s->verified++;
    char *text = NULL; /* verify's report: its first problem is in res */
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    if (!m) return mc_fail(err, MC_ENOMEM, "out of memory");
    job_verified res;
    mc_error e;
    mc_status st = job_verify_output(o->dir, m, &res, &e);
    bool ok = st == MC_OK && res.ok, keep = ok && key && !res.j.source_recorded; /* not a source found elsewhere */
    if (st != MC_OK)
        snprintf(o->why, sizeof o->why, "job verify cannot check it: %.300s", e.msg);
    else if (!ok)
        snprintf(o->why, sizeof o->why, "not verified: as job verify says, %.300s", res.first_problem);
    if (!ok) o->state = JOB_DAMAGED;
    job_verified_free(&res);
    bool closed = fclose(m) == 0 && text;
    free(text);
    if (!closed || st == MC_ENOMEM) {
        free(key);
        return mc_fail(err, MC_ENOMEM, "out of memory");
    }
    if (!keep) {
        free(key);
        return MC_OK;
    }
    return job_status_cache_put(s->cache, key) ? MC_OK : mc_fail(err, MC_ENOMEM, "out of memory");
}

/* The journal of o read and judged; want: the job file's job line (NULL
 * for an output directory). Errors only out of memory. */
static mc_status read_journal_of(job_status *s, job_status_output *o, const char *want, double stall_after,
                                 size_t *tick_cap, mc_error *err)
{
    char *path = job_path_join(o->dir, "journal");
    if (!path) return mc_fail(err, MC_ENOMEM, "out of memory");
    struct stat st;
    if (stat(path, &st) != 0) {
        snprintf(o->why, sizeof o->why, "%s", stat(o->dir, &st) == 0 ? "no journal yet" : "no output directory yet");
        free(path);
        return MC_OK;
    }
    o->age = (double)(s->now - (int64_t)st.st_mtime);
    if (o->age < 0) o->age = 0;
    journal_data d;
    mc_error e;
    mc_status st2 = journal_read(path, NULL, &d, &e);
    free(path);
    if (st2 != MC_OK) {
        if (st2 == MC_ENOMEM) return mc_fail(err, MC_ENOMEM, "out of memory");
        o->state = JOB_DAMAGED;
        snprintf(o->why, sizeof o->why, "%s", e.msg);
        return MC_OK;
    }
    bool torn = d.good_size < (long long)st.st_size;
    long inner_bad = d.bad_lines - (torn ? 1 : 0);
    job j;
    job_init(&j);
    mc_status rc = MC_OK;
    if (!d.identity) {
        if (inner_bad > 0) {
            o->state = JOB_DAMAGED;
            snprintf(o->why, sizeof o->why, "no job line that reads: %ld damaged line%s, the first at line %ld",
                     inner_bad, inner_bad == 1 ? "" : "s", d.first_bad_line);
        } else {
            snprintf(o->why, sizeof o->why, "the journal has no job line yet");
        }
        goto out;
    }
    if (job_from_identity(d.identity, &j, &e) != MC_OK) {
        o->state = JOB_DAMAGED;
        snprintf(o->why, sizeof o->why, "the journal's job line: %s", e.msg);
        goto out;
    }
    if (want && !job_identity_same_job(d.identity, want)) {
        char diff[MC_ERROR_MSG_MAX];
        job_identity_diff(d.identity, want, diff, sizeof diff);
        o->state = JOB_DAMAGED;
        snprintf(o->why, sizeof o->why, "the output is of another job than its job file: %s", diff);
        goto out;
    }
    o->ranks_known = true;
    o->first = j.first;
    o->last = j.last;
    o->groups = job_source_gives_groups(j.source);
    o->chunks_total = job_nchunks(&j);
    bool bad = false;
    if (!(o->shared = job_union_shared_identity(d.identity)) || !chunk_ranges(o, &j, &d, &bad)) {
        rc = mc_fail(err, MC_ENOMEM, "out of memory");
        goto out;
    }
    if ((rc = cost_and_ticks(s, o, &j, &d, stall_after, tick_cap, err)) != MC_OK) goto out;
    /* the state */
    uint64_t missing = o->chunks_total - o->chunks_done;
    bool summary = job_file_there(o->dir, "summary.json");
    if (bad) {
        o->state = JOB_DAMAGED;
    } else if (missing && (inner_bad > 0 || summary)) {
        o->state = JOB_DAMAGED;
        o->resumable = true;
        int n = inner_bad > 0 ? snprintf(o->why, sizeof o->why, "%ld damaged line%s in the journal, the first at "
                                         "line %ld; ", inner_bad, inner_bad == 1 ? "" : "s", d.first_bad_line)
                              : snprintf(o->why, sizeof o->why, "summary.json is there, but ");
        snprintf(o->why + n, sizeof o->why - (size_t)n, "%llu chunk%s missing: a rerun redoes them (resubmit it)",
                 (unsigned long long)missing, missing == 1 ? " is" : "s are");
    } else if (!missing && summary && job_file_there(o->dir, "found.txt")) {
        rc = judge_files(o, &j, &d, err);
        if (rc == MC_OK && o->state == JOB_COMPLETE) rc = verify_in_full(s, o, &j, err);
    } else if (missing && d.stop_at > 0) {
        o->state = JOB_STALLED;
        char when[32];
        mc_utc_text(d.stop_at, when, sizeof when);
        snprintf(o->why, sizeof o->why, "its run was stopped by a signal at %s (the journal's last note), "
                 "%llu chunk%s missing: a rerun resumes it", when, (unsigned long long)missing, missing == 1 ? "" : "s");
    } else if (o->age <= o->stall) {
        o->state = JOB_RUNNING;
    } else {
        o->state = JOB_STALLED;
        snprintf(o->why, sizeof o->why, "no journal line for %.0f s (stall time %.0f s)%s", o->age, o->stall,
                 missing ? "" : "; every chunk is done, summary.json not written");
    }
out:
    job_free(&j);
    journal_data_free(&d);
    return rc;
}

mc_status job_status_output_read(job_status *s, job_status_output *o, const char *arg, double stall_after,
                                 size_t *tick_cap, mc_error *err)
{
    o->age = -1;
    o->index = name_index(arg, &o->stem);
    if (!(o->name = strdup(arg))) return mc_fail(err, MC_ENOMEM, "out of memory");
    struct stat st;
    size_t n = strlen(arg);
    bool exists = stat(arg, &st) == 0;
    if (!exists && n > 4 && !strcmp(arg + n - 4, ".job"))
        return mc_fail(err, MC_EINVAL, "%s: no such job file", arg);
    char *want = NULL;
    mc_status rc;
    if (exists && S_ISREG(st.st_mode)) rc = from_job_file(o, arg, &want, err);
    else rc = (o->dir = strdup(arg)) ? MC_OK : mc_fail(err, MC_ENOMEM, "out of memory");
    if (rc == MC_OK) rc = read_journal_of(s, o, want, stall_after, tick_cap, err);
    free(want);
    return rc;
}
