/* job_status — reading the outputs and the forecast; see job_status.h.
 * The reports (text, JSON, SVG) are job_status_report.c and
 * job_status_svg.c. */
#include "job_status.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "job.h"
#include "job_journal.h"
#include "job_union.h"

#define STALL_FLOOR 120.0 /* seconds */
#define STALL_TIMES 5.0
#define RATE_WINDOW 3600.0 /* seconds */

const char *job_state_name(job_state s)
{
    static const char *const names[JOB_STATE_COUNT] = {"not started", "running", "stalled", "complete", "damaged"};
    return (int)s >= 0 && s < JOB_STATE_COUNT ? names[s] : "?";
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

static int cmp_range(const void *a, const void *b)
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

static int cmp_tick(const void *a, const void *b)
{
    const job_status_tick *x = a, *y = b;
    return x->at < y->at ? -1 : x->at > y->at;
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
    qsort(r, n, sizeof *r, cmp_range);
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

/* The job file arg: its output and, when it names them, its ranks. */
static mc_status from_job_file(job_status_output *o, const char *arg, mc_error *err)
{
    job j;
    mc_status st = job_load(arg, &j, err);
    if (st != MC_OK) return st;
    o->dir = strdup(j.output);
    if (j.ranks_given) {
        o->ranks_known = true;
        o->first = j.first;
        o->last = j.last;
    }
    o->groups = job_source_gives_groups(j.source);
    job_free(&j);
    return o->dir ? MC_OK : mc_fail(err, MC_ENOMEM, "out of memory");
}

/* The journal of o read and judged; errors only out of memory. */
static mc_status read_journal_of(job_status *s, job_status_output *o, double stall_after, size_t *tick_cap,
                                 mc_error *err)
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
    mc_status st2 = journal_read_brief(path, &d, &e);
    if (st2 != MC_OK) {
        free(path);
        if (st2 == MC_ENOMEM) return mc_fail(err, MC_ENOMEM, "out of memory");
        o->state = JOB_DAMAGED;
        snprintf(o->why, sizeof o->why, "%s", e.msg);
        return MC_OK;
    }
    free(path);
    job j;
    job_init(&j);
    mc_status rc = MC_OK;
    if (!d.identity) {
        snprintf(o->why, sizeof o->why, "the journal has no job line yet");
        goto out;
    }
    if (job_from_identity(d.identity, &j, &e) != MC_OK) {
        o->state = JOB_DAMAGED;
        snprintf(o->why, sizeof o->why, "the journal's job line: %s", e.msg);
        goto out;
    }
    o->ranks_known = true;
    o->first = j.first;
    o->last = j.last;
    o->groups = job_source_gives_groups(j.source);
    o->chunks_total = job_nchunks(&j);
    if (!(o->shared = job_union_shared_identity(d.identity))) {
        rc = mc_fail(err, MC_ENOMEM, "out of memory");
        goto out;
    }
    bool bad = false;
    if (!chunk_ranges(o, &j, &d, &bad)) {
        rc = mc_fail(err, MC_ENOMEM, "out of memory");
        goto out;
    }
    double *secs = malloc((d.nchunks ? d.nchunks : 1) * sizeof *secs);
    if (!secs) {
        rc = mc_fail(err, MC_ENOMEM, "out of memory");
        goto out;
    }
    for (size_t i = 0; i < d.nchunks; i++) {
        o->puzzles += d.chunks[i].nfound;
        o->seconds += d.chunks[i].seconds;
        secs[i] = d.chunks[i].seconds;
    }
    qsort(secs, d.nchunks, sizeof *secs, cmp_double);
    double usual = d.nchunks ? secs[(d.nchunks - 1) * 9 / 10] : 0;
    free(secs);
    o->stall = stall_after > 0 ? stall_after : STALL_TIMES * usual > STALL_FLOOR ? STALL_TIMES * usual : STALL_FLOOR;
    /* the cost model of its ranks (uniform when the job has none) */
    job_cost c = {0};
    if (job_cost_model(&j, &c, &e) != MC_OK && job_cost_uniform(j.first, j.last, 1, &c, &e) != MC_OK) {
        rc = mc_fail(err, MC_ENOMEM, "out of memory");
        goto out;
    }
    o->modelled = c.modelled;
    job_cost_observe(&c, d.chunks, d.nchunks, &o->obs);
    double done_cost = 0;
    for (size_t i = 0; i < o->ndone; i++) done_cost += (double)job_cost_range(&c, o->done[i].first, o->done[i].last);
    o->left_usec = (double)job_cost_range(&c, j.first, j.last) - done_cost;
    for (size_t i = 0; i < d.nchunks && rc == MC_OK; i++) {
        const job_result *r = &d.chunks[i];
        if (r->at <= 0 || !r->count || r->first < j.first || r->first + r->count - 1 > j.last) continue;
        job_status_tick t = {r->at, r->count, (double)job_cost_range(&c, r->first, r->first + r->count - 1)};
        if (push_tick(s, &t, tick_cap) != MC_OK) rc = mc_fail(err, MC_ENOMEM, "out of memory");
    }
    job_cost_free(&c);
    if (rc != MC_OK) goto out;
    /* the state */
    bool torn = d.good_size < (long long)st.st_size;
    long inner_bad = d.bad_lines - (torn ? 1 : 0);
    uint64_t missing = o->chunks_total - o->chunks_done;
    bool summary = job_file_there(o->dir, "summary.json");
    if (inner_bad > 0) {
        o->state = JOB_DAMAGED;
        snprintf(o->why, sizeof o->why, "%ld damaged line%s in the journal, the first at line %ld", inner_bad,
                 inner_bad == 1 ? "" : "s", d.first_bad_line);
    } else if (bad) {
        o->state = JOB_DAMAGED;
    } else if (missing && summary) {
        o->state = JOB_DAMAGED;
        snprintf(o->why, sizeof o->why, "summary.json is there, but %llu chunk%s missing",
                 (unsigned long long)missing, missing == 1 ? " is" : "s are");
    } else if (!missing && summary && job_file_there(o->dir, "found.txt")) {
        o->state = JOB_COMPLETE;
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

/* Gaps and overlaps of the known ranges (within --expect when given). */
static mc_status cover(job_status *s, mc_error *err)
{
    job_rank_range *r = malloc((s->n ? s->n : 1) * sizeof *r);
    s->gaps = malloc((s->n + 1) * sizeof *s->gaps);
    s->overlaps = malloc((s->n ? s->n : 1) * sizeof *s->overlaps);
    if (!r || !s->gaps || !s->overlaps) {
        free(r);
        return mc_fail(err, MC_ENOMEM, "out of memory");
    }
    size_t n = 0;
    for (size_t i = 0; i < s->n; i++)
        if (s->out[i].ranks_known) r[n++] = (job_rank_range){s->out[i].first, s->out[i].last};
    qsort(r, n, sizeof *r, cmp_range);
    bool expect = s->expect_last != 0;
    uint64_t lo = expect ? s->expect_first : n ? r[0].first : 1;
    uint64_t hi = expect ? s->expect_last : 0;
    for (size_t i = 0; i < n; i++)
        if (!expect && r[i].last > hi) hi = r[i].last;
    uint64_t next = lo, covered = 0; /* the first rank not yet covered */
    for (size_t i = 0; i < n; i++) {
        if (r[i].first > next && next <= hi) {
            uint64_t end = r[i].first - 1 < hi ? r[i].first - 1 : hi;
            s->gaps[s->ngaps++] = (job_rank_range){next, end};
        }
        if (i && r[i].first <= r[i - 1].last) {
            uint64_t end = r[i].last < r[i - 1].last ? r[i].last : r[i - 1].last;
            s->overlaps[s->noverlaps++] = (job_rank_range){r[i].first, end};
        }
        uint64_t a = r[i].first > next ? r[i].first : next, b = r[i].last < hi ? r[i].last : hi;
        if (a <= b) covered += b - a + 1;
        if (r[i].last + 1 > next) next = r[i].last + 1;
    }
    if (next <= hi && (n || expect)) s->gaps[s->ngaps++] = (job_rank_range){next, hi};
    if (expect) s->units_unknown = s->expect_last - s->expect_first + 1 - covered;
    free(r);
    return MC_OK;
}

static void forecast(job_status *s)
{
    double left = 0; /* predicted usec */
    uint64_t pending = s->units_unknown; /* units of no journal yet */
    s->modelled = true;
    bool any = false;
    for (size_t i = 0; i < s->n; i++) {
        const job_status_output *o = &s->out[i];
        if (!o->ranks_known) continue;
        if (o->chunks_total == 0) {
            pending += o->last - o->first + 1;
            continue;
        }
        any = true;
        if (!o->modelled) s->modelled = false;
        if (o->state != JOB_COMPLETE) left += o->left_usec;
    }
    if (!any) s->modelled = false;
    s->factor = job_cost_factor(&s->obs);
    /* ranks without a journal: costed as the done ones went */
    double unit_usec = s->obs.units ? s->obs.predicted * 1e6 / (double)s->obs.units : 0;
    bool costable = s->factor > 0 || s->modelled;
    if (pending && !unit_usec) costable = false;
    left += (double)pending * unit_usec;
    double scale = s->factor > 0 ? s->factor : 1;
    s->hours_left = costable ? left / 1e6 * scale / 3600 : -1;
    if (s->units_done >= s->units_total && !pending) s->hours_left = 0;
    /* the wall rate over the last hour of journal lines */
    s->rate_units = s->rate_cost = -1;
    s->eta = s->hours_left == 0 ? 0 : -1;
    if (!s->nticks) return;
    double t1 = (double)s->now, t0 = t1 - RATE_WINDOW;
    if ((double)s->ticks[0].at > t0) t0 = (double)s->ticks[0].at;
    s->window = t1 - t0;
    if (s->window < 1) return;
    double units = 0, cost = 0;
    for (size_t i = s->nticks; i-- > 0 && (double)s->ticks[i].at >= t0;) {
        units += (double)s->ticks[i].units;
        cost += s->ticks[i].cost;
    }
    s->rate_units = units / s->window * 3600;
    s->rate_cost = cost / s->window;
    if (s->hours_left == 0) s->eta = 0;
    else if (s->rate_cost > 0 && (costable || s->factor > 0)) s->eta = left / s->rate_cost;
}

mc_status job_status_read(job_status *s, int n, char *const *paths, uint64_t expect_first, uint64_t expect_last,
                          double stall_after, int64_t now, mc_error *err)
{
    memset(s, 0, sizeof *s);
    /* a bad $MINCLUE_COST_CPU is an error here: below, an output whose job
     * has no model takes a uniform one */
    job_cost_cpu cpu;
    if (job_cost_cpu_chosen(&cpu, err) != MC_OK) return MC_EINVAL;
    s->now = now;
    s->expect_first = expect_first;
    s->expect_last = expect_last;
    s->out = calloc(n > 0 ? (size_t)n : 1, sizeof *s->out);
    if (!s->out) return mc_fail(err, MC_ENOMEM, "out of memory");
    size_t tick_cap = 0;
    mc_status rc = MC_OK;
    for (int i = 0; i < n && rc == MC_OK; i++) {
        job_status_output *o = &s->out[s->n++];
        o->age = -1;
        o->index = name_index(paths[i], &o->stem);
        if (!(o->name = strdup(paths[i]))) {
            rc = mc_fail(err, MC_ENOMEM, "out of memory");
            break;
        }
        struct stat st;
        if (stat(paths[i], &st) == 0 && S_ISREG(st.st_mode)) rc = from_job_file(o, paths[i], err);
        else if (!(o->dir = strdup(paths[i]))) rc = mc_fail(err, MC_ENOMEM, "out of memory");
        if (rc == MC_OK) rc = read_journal_of(s, o, stall_after, &tick_cap, err);
        if (rc != MC_OK) break;
        s->count[o->state]++;
        s->units_done += o->units_done;
        s->puzzles += o->puzzles;
        s->seconds += o->seconds;
        job_cost_observed_add(&s->obs, &o->obs);
        if (o->ranks_known && !expect_last) s->units_total += o->last - o->first + 1;
    }
    if (rc == MC_OK && expect_last) s->units_total = expect_last - expect_first + 1;
    s->other_job = -1;
    const char *first_job = NULL;
    for (size_t i = 0; rc == MC_OK && i < s->n && s->other_job < 0; i++) {
        if (!s->out[i].shared) continue;
        if (!first_job) first_job = s->out[i].shared;
        else if (!job_identity_same_job(first_job, s->out[i].shared)) s->other_job = (long)i;
    }
    if (rc == MC_OK) rc = cover(s, err);
    if (rc != MC_OK) {
        job_status_free(s);
        return rc;
    }
    qsort(s->ticks, s->nticks, sizeof *s->ticks, cmp_tick);
    forecast(s);
    return MC_OK;
}

void job_status_free(job_status *s)
{
    for (size_t i = 0; s->out && i < s->n; i++) {
        free(s->out[i].name);
        free(s->out[i].dir);
        free(s->out[i].done);
        free(s->out[i].shared);
    }
    free(s->out);
    free(s->gaps);
    free(s->overlaps);
    free(s->ticks);
    memset(s, 0, sizeof *s);
}

mc_status job_status_calibrate(const job *j, const char *dir, job_cost_observed *o, mc_error *err)
{
    char *path = job_path_join(dir, "journal");
    if (!path) return mc_fail(err, MC_ENOMEM, "out of memory");
    journal_data d;
    job oj;
    job_init(&oj);
    job_cost c = {0};
    mc_status st = journal_read_brief(path, &d, err);
    if (st != MC_OK) {
        free(path);
        return st;
    }
    char what[96] = "";
    if (!d.identity) {
        st = mc_fail(err, MC_EINVAL, "%s: no journal with a job line (a run writes it)", dir);
    } else if ((st = job_from_identity(d.identity, &oj, err)) != MC_OK) {
        st = mc_fail(err, MC_EINVAL, "%s: %s", path, err->msg);
    } else {
        if (oj.source != j->source)
            snprintf(what, sizeof what, "source %s, not %s", job_source_name(oj.source), job_source_name(j->source));
        else if (oj.clues != j->clues)
            snprintf(what, sizeof what, "K = %d, not %d", oj.clues, j->clues);
        else if (oj.engine != j->engine)
            snprintf(what, sizeof what, "engine %s, not %s", job_engine_name(oj.engine), job_engine_name(j->engine));
        else if (oj.geo && j->geo && (oj.geo->R != j->geo->R || oj.geo->C != j->geo->C))
            snprintf(what, sizeof what, "boxes %dx%d, not %dx%d", oj.geo->R, oj.geo->C, j->geo->R, j->geo->C);
        if (what[0])
            st = mc_fail(err, MC_EINVAL, "%s: a job of %s: its times do not calibrate this job", dir, what);
        else if (!d.nchunks)
            st = mc_fail(err, MC_EINVAL, "%s: no chunk done yet to calibrate with", dir);
        else if ((st = job_cost_model(&oj, &c, err)) == MC_OK)
            job_cost_observe(&c, d.chunks, d.nchunks, o);
    }
    job_cost_free(&c);
    job_free(&oj);
    journal_data_free(&d);
    free(path);
    return st;
}

bool job_status_all_complete(const job_status *s)
{
    return s->n && s->count[JOB_COMPLETE] == s->n && !s->ngaps && !s->noverlaps;
}

bool job_status_resubmit_array(const job_status *s, char *out, size_t cap)
{
    bool all = true;
    size_t len = 0;
    out[0] = 0;
    long *ix = malloc((s->n ? s->n : 1) * sizeof *ix);
    if (!ix) return false;
    size_t m = 0;
    for (size_t i = 0; i < s->n; i++) {
        job_state st = s->out[i].state;
        if (st != JOB_NOT_STARTED && st != JOB_STALLED) continue;
        if (s->out[i].index < 0) all = false;
        else ix[m++] = s->out[i].index;
    }
    for (size_t i = 1; i < m; i++) /* insertion sort: the list is short and mostly sorted */
        for (size_t k = i; k > 0 && ix[k - 1] > ix[k]; k--) {
            long t = ix[k];
            ix[k] = ix[k - 1];
            ix[k - 1] = t;
        }
    for (size_t i = 0; i < m && len + 48 < cap;) {
        size_t k = i;
        while (k + 1 < m && ix[k + 1] <= ix[k] + 1) k++;
        len += (size_t)snprintf(out + len, cap - len, ix[k] > ix[i] ? "%s%ld-%ld" : "%s%ld", len ? "," : "", ix[i],
                                ix[k]);
        i = k + 1;
    }
    free(ix);
    return all;
}

bool job_status_throughput(const job_status *s, double *bins, size_t nbins, int64_t *t0, double *width)
{
    if (!s->nticks || !nbins) return false;
    int64_t a = s->ticks[0].at, b = s->ticks[s->nticks - 1].at;
    if (!job_status_all_complete(s) && s->now > b) b = s->now;
    double w = (double)(b - a) / (double)nbins;
    if (w < 1) w = 1;
    for (size_t i = 0; i < nbins; i++) bins[i] = 0;
    for (size_t i = 0; i < s->nticks; i++) {
        size_t k = (size_t)((double)(s->ticks[i].at - a) / w);
        if (k >= nbins) k = nbins - 1;
        bins[k] += (double)s->ticks[i].units;
    }
    for (size_t i = 0; i < nbins; i++) bins[i] *= 3600 / w;
    *t0 = a;
    *width = w;
    return true;
}
