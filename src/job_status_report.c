/* job_status_report — `job status` as text and as JSON; see job_status.h.
 *
 * The JSON document (one object; the schema is in jobs/README.md, "Status"):
 *     format        "minclue-job-status-1"
 *     now           the time of the reading, ISO 8601 UTC
 *     units         "grids" or "band-pair groups"
 *     outputs       one object per argument, in order: name, dir, state,
 *                   why (null when there is nothing to say), first, last
 *                   (null when unknown), units_done, units_total (null),
 *                   chunks_done, chunks_total, puzzles, core_hours,
 *                   last_line_age_seconds (null: no journal), stall_seconds,
 *                   index (null: the name has no -N)
 *     totals        units_done, units_total, percent, puzzles, core_hours,
 *                   and the count of outputs per state (states)
 *     cover         expect ([first, last] or null), other_job (the first
 *                   output of another job, or null), missing_parts (the
 *                   parts of job split's N that no part file given is),
 *                   gaps and overlaps ([[first, last], ...])
 *     forecast      modelled, factor (null: nothing done), core_hours_left
 *                   (null: unknown), rate_units_per_hour and
 *                   rate_window_seconds (null: no timed lines), eta_seconds
 *                   and eta (null: unknown)
 *     resubmit      array (the sbatch --array list, "" for none) and
 *                   outputs (their names): not started, stalled, and
 *                   damaged outputs a rerun resumes
 */
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "job_journal.h"
#include "job_status.h"
#include "mc_clock.h"
#include "termtext.h"

static const char *unit_word(const job_status *s)
{
    for (size_t i = 0; i < s->n; i++)
        if (s->out[i].groups) return "band-pair groups";
    return "grids";
}

/* 42 s, 12 min, 3.5 h, 2.1 days */
static void span_text(double sec, char *out, size_t cap)
{
    if (sec < 90) snprintf(out, cap, "%.0f s", sec);
    else if (sec < 5400) snprintf(out, cap, "%.0f min", sec / 60);
    else if (sec < 172800) snprintf(out, cap, "%.1f h", sec / 3600);
    else snprintf(out, cap, "%.1f days", sec / 86400);
}

char *job_status_resubmit_prefix(const job_status *s)
{
    const job_status_output *first = NULL;
    for (size_t i = 0; i < s->n; i++) {
        const job_status_output *o = &s->out[i];
        if (!job_status_to_resubmit(o)) continue;
        size_t n = strlen(o->name);
        if (o->index < 0 || n < 4 || strcmp(o->name + n - 4, ".job")) return NULL;
        if (first && (first->stem != o->stem || strncmp(first->name, o->name, o->stem))) return NULL;
        if (!first) first = o;
    }
    if (!first) return NULL;
    /* the stem's directory made absolute (the part file is there) */
    char *stem = strndup(first->name, first->stem), *slash = stem ? strrchr(stem, '/') : NULL;
    char dir[PATH_MAX], *out = NULL;
    if (stem && realpath(slash ? (slash == stem ? "/" : (*slash = 0, stem)) : ".", dir)) {
        const char *base = slash ? slash + 1 : stem;
        size_t n = strlen(dir) + strlen(base) + 2;
        if ((out = malloc(n))) snprintf(out, n, "%s/%s", strcmp(dir, "/") ? dir : "", base);
    }
    free(stem);
    return out;
}

void job_status_print(const job_status *s, const job_status_paste *paste, FILE *out)
{
    const char *program = paste->program ? paste->program : "minclue";
    char now[40];
    mc_utc_text(s->now, now, sizeof now);
    const char *unit = unit_word(s);
    fprintf(out, "job status at %s: %zu output%s\n", now, s->n, s->n == 1 ? "" : "s");
    fprintf(out, "%-12s %-24s %23s %11s %9s %11s %10s  %s\n", "state", "ranks", "done/total", "chunks", "puzzles",
            "core-hours", "last line", "output");
    for (size_t i = 0; i < s->n; i++) {
        const job_status_output *o = &s->out[i];
        char ranks[48] = "?", done[48], chunks[32] = "-", age[24] = "-", h[24];
        if (o->ranks_known)
            snprintf(ranks, sizeof ranks, "%llu-%llu", (unsigned long long)o->first, (unsigned long long)o->last);
        if (o->ranks_known)
            snprintf(done, sizeof done, "%llu/%llu", (unsigned long long)o->units_done,
                     (unsigned long long)(o->last - o->first + 1));
        else
            snprintf(done, sizeof done, "%llu/?", (unsigned long long)o->units_done);
        if (o->chunks_total)
            snprintf(chunks, sizeof chunks, "%llu/%llu", (unsigned long long)o->chunks_done,
                     (unsigned long long)o->chunks_total);
        if (o->age >= 0) {
            span_text(o->age, age, sizeof age);
            strncat(age, " ago", sizeof age - strlen(age) - 1);
        }
        job_cost_hours_text(o->seconds / 3600, h, sizeof h);
        termtext_printf(out, "%-12s %-24s %23s %11s %9llu %11s %10s  %s\n", job_state_name(o->state), ranks, done, chunks,
                (unsigned long long)o->puzzles, h, age, o->name);
        if (o->why[0] && o->state != JOB_COMPLETE) termtext_printf(out, "%12s %s\n", "", o->why);
    }
    char h[24];
    job_cost_hours_text(s->seconds / 3600, h, sizeof h);
    double pct = s->units_total ? 100.0 * (double)s->units_done / (double)s->units_total : 0;
    fprintf(out, "total: %llu of %llu %s done (%.2f %%), %llu puzzle%s, %s core-hours spent\n",
            (unsigned long long)s->units_done, (unsigned long long)s->units_total, unit, pct,
            (unsigned long long)s->puzzles, s->puzzles == 1 ? "" : "s", h);
    if (s->other_job >= 0)
        termtext_printf(out, "different jobs: %s is an output of another job than the ones before it: these totals mix "
                "jobs, and `job verify` refuses them together\n", s->out[s->other_job].name);
    if (s->nmissing_parts) {
        const job_status_output *o = &s->out[0];
        termtext_printf(out, "parts: %zu of the %ld parts of %s not given (as their part files say):", s->nmissing_parts,
                o->parts, o->part_of);
        for (size_t i = 0; i < s->nmissing_parts && i < 20; i++)
            termtext_printf(out, "%s %ld", i ? "," : "", s->missing_parts[i]);
        termtext_printf(out, "%s\n", s->nmissing_parts > 20 ? ", ..." : "");
    }
    fprintf(out, "states:");
    for (int k = 0; k < JOB_STATE_COUNT; k++) fprintf(out, "%s %zu %s", k ? "," : "", s->count[k], job_state_name(k));
    fputc('\n', out);
    if (s->cache)
        fprintf(out, "verify: %zu output%s checked in full now, %zu as the cache had verified them (files unchanged)\n",
                s->verified, s->verified == 1 ? "" : "s", s->cached);
    if (s->expect_last || s->ngaps || s->noverlaps) {
        fprintf(out, "cover:");
        if (s->expect_last)
            fprintf(out, " expected ranks %llu-%llu;", (unsigned long long)s->expect_first,
                    (unsigned long long)s->expect_last);
        fprintf(out, " %zu gap%s", s->ngaps, s->ngaps == 1 ? "" : "s");
        for (size_t i = 0; i < s->ngaps && i < 5; i++)
            fprintf(out, "%s %llu-%llu", i ? "," : ":", (unsigned long long)s->gaps[i].first,
                    (unsigned long long)s->gaps[i].last);
        fprintf(out, "%s; %zu overlap%s", s->ngaps > 5 ? ", ..." : "", s->noverlaps, s->noverlaps == 1 ? "" : "s");
        for (size_t i = 0; i < s->noverlaps && i < 5; i++)
            fprintf(out, "%s %llu-%llu", i ? "," : ":", (unsigned long long)s->overlaps[i].first,
                    (unsigned long long)s->overlaps[i].last);
        fprintf(out, "%s\n", s->noverlaps > 5 ? ", ..." : "");
    }
    if (s->rate_units >= 0) {
        char w[24];
        span_text(s->window, w, sizeof w);
        /* whole units from 1,000 up (never 3.35e+04), 4 digits below */
        if (s->rate_units >= 1000)
            fprintf(out, "rate: %.0f %s per hour (the journal lines of the last %s)\n", s->rate_units, unit, w);
        else
            fprintf(out, "rate: %.4g %s per hour (the journal lines of the last %s)\n", s->rate_units, unit, w);
    } else {
        fprintf(out, "rate: unknown (no journal line with its time)\n");
    }
    char ctext[512];
    job_cost_calibration_text(&s->obs, ctext, sizeof ctext);
    if (s->factor > 0 && s->modelled)
        fprintf(out, "cost model: measured rates (job split's); the done chunks took %.3g times its prediction: %s\n",
                s->factor, ctext);
    else if (s->obs.units)
        fprintf(out, "cost model: none for this job; the done chunks took %.4g %s s per %s (%llu chunks)\n",
                s->obs.seconds / (double)s->obs.units, s->obs.wall_chunks ? "wall" : "CPU",
                s->out[0].groups ? "group" : "grid", (unsigned long long)s->obs.chunks);
    if (s->hours_left >= 0) {
        job_cost_hours_text(s->hours_left, h, sizeof h);
        const char *how = s->factor <= 0  ? " (the model as job split costs it, not scaled: nothing done yet)"
                          : s->modelled ? " (the model scaled by that factor)"
                                        : " (at that rate)";
        fprintf(out, "left: %s core-hours%s", h, how);
    } else {
        fprintf(out, "left: unknown core-hours (no cost model and nothing done yet)");
    }
    if (s->eta > 0) {
        char w[24], at[40];
        span_text(s->eta, w, sizeof w);
        mc_utc_text(s->now + (int64_t)s->eta, at, sizeof at);
        fprintf(out, "; ETA %s, in %s at the current rate\n", at, w);
    } else if (s->eta == 0) {
        fprintf(out, "; nothing left\n");
    } else {
        fprintf(out, "; ETA unknown (%s)\n", !s->count[JOB_RUNNING] ? "nothing running"
                                             : s->nticks                ? "no journal line in the last hour"
                                                                        : "no rate");
    }
    char arr[4096];
    bool all = job_status_resubmit_array(s, arr, sizeof arr);
    size_t nres = 0;
    for (size_t i = 0; i < s->n; i++) nres += job_status_to_resubmit(&s->out[i]);
    const char *sbatch = paste->sbatch ? paste->sbatch : "jobs/slurm/array.sbatch";
    if (!nres) {
        fprintf(out, "resubmit: none\n");
    } else {
        if (arr[0] && paste->prefix)
            termtext_printf(out, "resubmit: MINCLUE=%s sbatch --array=%s %s %s\n", program, arr, sbatch, paste->prefix);
        else if (arr[0])
            fprintf(out, "resubmit: MINCLUE=%s sbatch --array=%s %s PREFIX   (PREFIX: of the part files "
                    "PREFIX-N.job, as job split printed it)\n", program, arr, sbatch);
        if (arr[0] && !paste->sbatch)
            fprintf(out, "resubmit: (array.sbatch: none found above the part files or this program; "
                    "jobs/slurm/array.sbatch of minclue's source, from its top directory)\n");
        if (!all || !arr[0]) {
            fprintf(out, "resubmit (not started, stalled or resumable):");
            for (size_t i = 0; i < s->n; i++)
                if (job_status_to_resubmit(&s->out[i])) termtext_printf(out, " %s", s->out[i].name);
            fputc('\n', out);
        }
    }
    if (s->count[JOB_DAMAGED])
        fprintf(out, "damaged: %zu output%s (see above; `%s job verify OUT` says more)\n", s->count[JOB_DAMAGED],
                s->count[JOB_DAMAGED] == 1 ? "" : "s", program);
}

/* JSON helpers: a string value, a number or null */
static void jstr(FILE *out, const char *v)
{
    if (!v) {
        fputs("null", out);
        return;
    }
    size_t cap = 6 * strlen(v) + 16; /* job_json_string writes a character while n + 8 < cap */
    char *buf = malloc(cap);
    if (!buf) {
        fputs("null", out);
        return;
    }
    job_json_string(buf, cap, v);
    fputs(buf, out);
    free(buf);
}

/* A number, or null when unknown or not finite (JSON has no inf or nan). */
static void jnum(FILE *out, double v, bool known)
{
    if (!known || !isfinite(v)) fputs("null", out);
    else if (v == (double)(int64_t)v && v < 9e15 && v > -9e15) fprintf(out, "%" PRId64, (int64_t)v);
    else fprintf(out, "%.6g", v);
}

static void jrange_list(FILE *out, const job_rank_range *r, size_t n)
{
    fputc('[', out);
    for (size_t i = 0; i < n; i++)
        fprintf(out, "%s[%llu, %llu]", i ? ", " : "", (unsigned long long)r[i].first, (unsigned long long)r[i].last);
    fputc(']', out);
}

void job_status_json(const job_status *s, FILE *out)
{
    char now[40];
    mc_utc_text(s->now, now, sizeof now);
    fprintf(out, "{\n  \"format\": \"minclue-job-status-1\",\n  \"now\": \"%s\",\n  \"units\": ", now);
    jstr(out, unit_word(s));
    fputs(",\n  \"outputs\": [", out);
    for (size_t i = 0; i < s->n; i++) {
        const job_status_output *o = &s->out[i];
        fputs(i ? ",\n    {\"name\": " : "\n    {\"name\": ", out);
        jstr(out, o->name);
        fputs(", \"dir\": ", out);
        jstr(out, o->dir);
        fprintf(out, ", \"state\": \"%s\", \"why\": ", job_state_name(o->state));
        jstr(out, o->why[0] ? o->why : NULL);
        fputs(", \"first\": ", out);
        jnum(out, (double)o->first, o->ranks_known);
        fputs(", \"last\": ", out);
        jnum(out, (double)o->last, o->ranks_known);
        fprintf(out, ", \"units_done\": %llu, \"units_total\": ", (unsigned long long)o->units_done);
        jnum(out, (double)(o->last - o->first + 1), o->ranks_known);
        fprintf(out, ", \"chunks_done\": %llu, \"chunks_total\": %llu, \"puzzles\": %llu, \"core_hours\": ",
                (unsigned long long)o->chunks_done, (unsigned long long)o->chunks_total,
                (unsigned long long)o->puzzles);
        jnum(out, o->seconds / 3600, true);
        fputs(", \"last_line_age_seconds\": ", out);
        jnum(out, o->age, o->age >= 0);
        fputs(", \"stall_seconds\": ", out);
        jnum(out, o->stall, o->stall > 0);
        fputs(", \"index\": ", out);
        jnum(out, (double)o->index, o->index >= 0);
        fputc('}', out);
    }
    fprintf(out, "%s],\n  \"totals\": {\"units_done\": %llu, \"units_total\": %llu, \"percent\": ", s->n ? "\n  " : "",
            (unsigned long long)s->units_done, (unsigned long long)s->units_total);
    jnum(out, s->units_total ? 100.0 * (double)s->units_done / (double)s->units_total : 0, true);
    fprintf(out, ", \"puzzles\": %llu, \"core_hours\": ", (unsigned long long)s->puzzles);
    jnum(out, s->seconds / 3600, true);
    fputs(", \"states\": {", out);
    for (int k = 0; k < JOB_STATE_COUNT; k++) fprintf(out, "%s\"%s\": %zu", k ? ", " : "", job_state_name(k), s->count[k]);
    fputs("}},\n  \"cover\": {\"expect\": ", out);
    if (s->expect_last)
        fprintf(out, "[%llu, %llu]", (unsigned long long)s->expect_first, (unsigned long long)s->expect_last);
    else
        fputs("null", out);
    fputs(", \"other_job\": ", out);
    jstr(out, s->other_job >= 0 ? s->out[s->other_job].name : NULL);
    fputs(", \"missing_parts\": [", out);
    for (size_t i = 0; i < s->nmissing_parts; i++) fprintf(out, "%s%ld", i ? ", " : "", s->missing_parts[i]);
    fputs("], \"gaps\": ", out);
    jrange_list(out, s->gaps, s->ngaps);
    fputs(", \"overlaps\": ", out);
    jrange_list(out, s->overlaps, s->noverlaps);
    fprintf(out, "},\n  \"forecast\": {\"modelled\": %s, \"factor\": ", s->modelled ? "true" : "false");
    jnum(out, s->factor, s->factor > 0);
    fputs(", \"core_hours_left\": ", out);
    jnum(out, s->hours_left, s->hours_left >= 0);
    fputs(", \"rate_units_per_hour\": ", out);
    jnum(out, s->rate_units, s->rate_units >= 0);
    fputs(", \"rate_window_seconds\": ", out);
    jnum(out, s->window, s->rate_units >= 0);
    fputs(", \"eta_seconds\": ", out);
    jnum(out, s->eta, s->eta >= 0);
    fputs(", \"eta\": ", out);
    if (s->eta >= 0) {
        char at[40];
        mc_utc_text(s->now + (int64_t)s->eta, at, sizeof at);
        jstr(out, at);
    } else {
        fputs("null", out);
    }
    char arr[4096];
    (void)job_status_resubmit_array(s, arr, sizeof arr);
    fputs("},\n  \"resubmit\": {\"array\": ", out);
    jstr(out, arr);
    fputs(", \"outputs\": [", out);
    bool first = true;
    for (size_t i = 0; i < s->n; i++)
        if (job_status_to_resubmit(&s->out[i])) {
            if (!first) fputs(", ", out);
            jstr(out, s->out[i].name);
            first = false;
        }
    fputs("]}\n}\n", out);
}
