/* job_status — reading the outputs and the forecast; see job_status.h.
 * The reports (text, JSON, SVG) are job_status_report.c and
 * job_status_svg.c. */
#include "job_status.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "job.h"
#include "job_journal.h"
#include "job_status_output.h"
#include "job_union.h"

#define RATE_WINDOW 3600.0 /* seconds */

const char *job_state_name(job_state s)
{
    static const char *const names[JOB_STATE_COUNT] = {"not started", "running", "stalled", "complete", "damaged"};
    return (int)s >= 0 && s < JOB_STATE_COUNT ? names[s] : "?";
}

static int cmp_tick(const void *a, const void *b)
{
    const job_status_tick *x = a, *y = b;
    return x->at < y->at ? -1 : x->at > y->at;
}

static int cmp_long(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return x < y ? -1 : x > y;
}

/* The parts of 1..N not given, when every output is a part file of one
 * JOB and one N (their headers). */
static mc_status missing_parts(job_status *s, mc_error *err)
{
    const job_status_output *o0 = s->n ? &s->out[0] : NULL;
    if (!o0 || !o0->part_of) return MC_OK;
    for (size_t i = 1; i < s->n; i++)
        if (!s->out[i].part_of || s->out[i].parts != o0->parts || strcmp(s->out[i].part_of, o0->part_of))
            return MC_OK;
    long *have = malloc(s->n * sizeof *have);
    if (!have) return mc_fail(err, MC_ENOMEM, "out of memory");
    for (size_t i = 0; i < s->n; i++) have[i] = s->out[i].part;
    qsort(have, s->n, sizeof *have, cmp_long);
    size_t cap = 0;
    long next = 1;
    mc_status st = MC_OK;
    for (size_t i = 0; i <= s->n && st == MC_OK; i++) {
        long upto = i < s->n ? have[i] : o0->parts + 1;
        for (; next < upto && st == MC_OK; next++) {
            if (s->nmissing_parts == cap) {
                size_t nc = cap ? 2 * cap : 16;
                long *p = realloc(s->missing_parts, nc * sizeof *p);
                if (!p) {
                    st = mc_fail(err, MC_ENOMEM, "out of memory");
                    break;
                }
                s->missing_parts = p;
                cap = nc;
            }
            s->missing_parts[s->nmissing_parts++] = next;
        }
        if (upto >= next) next = upto + 1;
    }
    free(have);
    return st;
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
    if (n) qsort(r, n, sizeof *r, job_status_cmp_range);
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
        if (o->chunks_total == 0 && !(o->costed && o->modelled)) { /* no journal, no model */
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
    bool done = s->n && s->count[JOB_COMPLETE] == s->n && !s->ngaps && !s->nmissing_parts;
    if (done) s->hours_left = 0;
    /* the wall rate over the last hour of journal lines */
    s->rate_units = s->rate_cost = -1;
    s->eta = done ? 0 : -1;
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
    if (done) s->eta = 0;
    else if (s->rate_cost > 0 && (costable || s->factor > 0) && s->count[JOB_RUNNING]) s->eta = left / s->rate_cost;
}

mc_status job_status_read(job_status *s, int n, char *const *paths, uint64_t expect_first, uint64_t expect_last,
                          double stall_after, int64_t now, job_status_cache *cache, mc_error *err)
{
    memset(s, 0, sizeof *s);
    s->cache = cache;
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
        if ((rc = job_status_output_read(s, o, paths[i], stall_after, &tick_cap, err)) != MC_OK) break;
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
    if (rc == MC_OK) rc = missing_parts(s, err);
    if (rc != MC_OK) {
        job_status_free(s);
        return rc;
    }
    if (s->nticks) qsort(s->ticks, s->nticks, sizeof *s->ticks, cmp_tick);
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
        free(s->out[i].part_of);
    }
    free(s->missing_parts);
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
    mc_status st = journal_read(path, NULL, &d, err);
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
    return s->n && s->count[JOB_COMPLETE] == s->n && !s->ngaps && !s->noverlaps && s->other_job < 0 &&
           !s->nmissing_parts;
}

bool job_status_to_resubmit(const job_status_output *o)
{
    return o->state == JOB_NOT_STARTED || o->state == JOB_STALLED || (o->state == JOB_DAMAGED && o->resumable);
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
        if (!job_status_to_resubmit(&s->out[i])) continue;
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
