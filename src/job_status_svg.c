/* job_status_svg — `job status --svg`: one self-contained SVG picture of
 * the status (job_status.h): no script, no external file or font (the
 * generic family sans-serif), fixed size SVG_W x SVG_H.
 *
 *   the rank strip   the range (--expect, else the outputs' ranks) left to
 *                    right; each output's ranks in its state's pale
 *                    colour, its done chunks in the state's deep colour
 *                    over it (a running part: pale where it is to do);
 *                    gaps marked red below the strip, overlaps black
 *                    above it; a legend with the count of each state and
 *                    what pale and deep mean. Neighbouring ranges of one
 *                    colour are drawn as one rectangle, and the white
 *                    borders between outputs only while every output is
 *                    at least MIN_BORDER_PX wide: 1,000 thin parts give
 *                    even areas, not a moire of seams.
 *   the throughput   units per hour over time from the journal lines'
 *                    times, THROUGHPUT_BINS bars from the first line to
 *                    now (to the last line when everything is complete);
 *                    the axis reads as "21,600 groups/h"
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "job_status.h"

#define SVG_W 960
#define SVG_H 440
#define STRIP_X 40.0
#define STRIP_W 880.0
#define STRIP_Y 70.0
#define STRIP_H 40.0
#define CHART_X 110.0 /* room on the left for "21,600 groups/h" */
#define CHART_W 810.0
#define CHART_Y 220.0
#define CHART_H 170.0
#define THROUGHPUT_BINS 48
#define MIN_BORDER_PX 4.0
#define LATEST_TIME 253402300799.0 /* 9999-12-31 23:59:59 UTC */

static const char *const light[JOB_STATE_COUNT] = {"#e5e7eb", "#bfdbfe", "#fde68a", "#86efac", "#fecaca"};
static const char *const full[JOB_STATE_COUNT] = {"#9ca3af", "#2563eb", "#d97706", "#16a34a", "#dc2626"};

/* t (Unix seconds, a double: no integer overflow on any input) as
 * "MM-DD HH:MM", or "?" outside years 1970..9999. */
static void hhmm(double t, char *out, size_t cap)
{
    time_t tt = (time_t)t;
    struct tm tm;
    if (t >= 0 && t <= LATEST_TIME && gmtime_r(&tt, &tm)) strftime(out, cap, "%m-%d %H:%M", &tm);
    else snprintf(out, cap, "?");
}

/* A rate for the axis: "21,600" (3 significant digits, thousands
 * separated) from 1,000 up, whole from 10, else "%.2g". */
static void rate_text(double v, char *out, size_t cap)
{
    if (!(v >= 10) || v >= 1e18) {
        snprintf(out, cap, "%.2g", v);
        return;
    }
    double p = 1;
    while (v >= 1000 * p) p *= 10;
    unsigned long long x = (unsigned long long)(v / p + 0.5) * (unsigned long long)p;
    char digits[32];
    int n = snprintf(digits, sizeof digits, "%llu", x);
    size_t k = 0;
    for (int i = 0; i < n && k + 2 < cap; i++) {
        if (i > 0 && (n - i) % 3 == 0) out[k++] = ',';
        out[k++] = digits[i];
    }
    out[k] = 0;
}

typedef struct scale {
    double lo, hi;
} scale;

static double xpos(const scale *sc, double rank) { return STRIP_X + (rank - sc->lo) / (sc->hi - sc->lo + 1) * STRIP_W; }

static void rect(FILE *out, const scale *sc, uint64_t first, uint64_t last, double y, double h, const char *fill)
{
    double a = xpos(sc, (double)first), b = xpos(sc, (double)last + 1);
    if (b - a < 0.6) b = a + 0.6; /* a part too small for a pixel is still seen */
    fprintf(out, "<rect x=\"%.2f\" y=\"%.1f\" width=\"%.2f\" height=\"%.1f\" fill=\"%s\"/>\n", a, y, b - a, h, fill);
}

/* One coloured range of the strip. */
typedef struct seg {
    uint64_t first, last;
    const char *fill;
} seg;

static int cmp_seg(const void *a, const void *b)
{
    const seg *x = a, *y = b;
    return x->first < y->first ? -1 : x->first > y->first;
}

/* Draws the n ranges sorted, each run of touching ranges of one colour as
 * one rectangle. */
static void draw_merged(FILE *out, const scale *sc, seg *v, size_t n, double y, double h)
{
    if (n) qsort(v, n, sizeof *v, cmp_seg);
    for (size_t i = 0; i < n;) {
        size_t k = i + 1;
        uint64_t last = v[i].last;
        while (k < n && v[k].fill == v[i].fill && v[k].first <= last + 1) {
            if (v[k].last > last) last = v[k].last;
            k++;
        }
        rect(out, sc, v[i].first, last, y, h, v[i].fill);
        i = k;
    }
}

/* The outputs' ranks (pale) and done chunks (deep). */
static void strip_ranges(const job_status *s, FILE *out, const scale *sc)
{
    size_t n = 0, nd = 0;
    for (size_t i = 0; i < s->n; i++)
        if (s->out[i].ranks_known) {
            n++;
            nd += s->out[i].ndone;
        }
    seg *v = malloc((n + nd + 1) * sizeof *v);
    if (!v) return; /* out of memory: the strip stays empty */
    size_t k = 0;
    for (size_t i = 0; i < s->n; i++)
        if (s->out[i].ranks_known) v[k++] = (seg){s->out[i].first, s->out[i].last, light[s->out[i].state]};
    draw_merged(out, sc, v, k, STRIP_Y, STRIP_H);
    k = 0;
    for (size_t i = 0; i < s->n; i++)
        for (size_t m = 0; s->out[i].ranks_known && m < s->out[i].ndone; m++)
            v[k++] = (seg){s->out[i].done[m].first, s->out[i].done[m].last, full[s->out[i].state]};
    draw_merged(out, sc, v, k, STRIP_Y + 6, STRIP_H - 12);
    free(v);
}

static void strip(const job_status *s, FILE *out)
{
    scale sc = {0, 0};
    bool any = false;
    if (s->expect_last) {
        sc.lo = (double)s->expect_first;
        sc.hi = (double)s->expect_last;
        any = true;
    }
    for (size_t i = 0; i < s->n; i++) {
        const job_status_output *o = &s->out[i];
        if (!o->ranks_known || s->expect_last) continue;
        if (!any || (double)o->first < sc.lo) sc.lo = (double)o->first;
        if (!any || (double)o->last > sc.hi) sc.hi = (double)o->last;
        any = true;
    }
    fprintf(out, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"13\">ranks</text>\n", STRIP_X, STRIP_Y - 12);
    fprintf(out, "<rect x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" height=\"%.0f\" fill=\"#ffffff\" stroke=\"#6b7280\"/>\n",
            STRIP_X, STRIP_Y, STRIP_W, STRIP_H);
    if (!any) {
        fprintf(out, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"12\">no output with known ranks</text>\n", STRIP_X + 8,
                STRIP_Y + 25);
        return;
    }
    strip_ranges(s, out, &sc);
    double thinnest = STRIP_W; /* the narrowest output, in pixels */
    for (size_t i = 0; i < s->n; i++)
        if (s->out[i].ranks_known) {
            double wpx = xpos(&sc, (double)s->out[i].last + 1) - xpos(&sc, (double)s->out[i].first);
            if (wpx < thinnest) thinnest = wpx;
        }
    for (size_t i = 0; i < s->n && thinnest >= MIN_BORDER_PX; i++) /* the outputs' borders */
        if (s->out[i].ranks_known && s->out[i].first > (uint64_t)sc.lo)
            fprintf(out, "<line x1=\"%.2f\" y1=\"%.0f\" x2=\"%.2f\" y2=\"%.0f\" stroke=\"#ffffff\"/>\n",
                    xpos(&sc, (double)s->out[i].first), STRIP_Y, xpos(&sc, (double)s->out[i].first), STRIP_Y + STRIP_H);
    for (size_t i = 0; i < s->ngaps; i++) rect(out, &sc, s->gaps[i].first, s->gaps[i].last, STRIP_Y + STRIP_H + 3, 8, "#dc2626");
    for (size_t i = 0; i < s->noverlaps; i++)
        rect(out, &sc, s->overlaps[i].first, s->overlaps[i].last, STRIP_Y - 9, 6, "#111827");
    fprintf(out, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"11\">%.0f</text>\n", STRIP_X, STRIP_Y + STRIP_H + 24, sc.lo);
    fprintf(out, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"11\" text-anchor=\"end\">%.0f</text>\n", STRIP_X + STRIP_W,
            STRIP_Y + STRIP_H + 24, sc.hi);
    /* the legend */
    double x = STRIP_X;
    for (int k = 0; k < JOB_STATE_COUNT; k++) {
        fprintf(out, "<rect x=\"%.0f\" y=\"%.0f\" width=\"12\" height=\"12\" fill=\"%s\"/>\n", x, STRIP_Y + STRIP_H + 36,
                full[k]);
        fprintf(out, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"12\">%s %zu</text>\n", x + 16, STRIP_Y + STRIP_H + 46,
                job_state_name(k), s->count[k]);
        x += 135;
    }
    fprintf(out, "<rect x=\"%.0f\" y=\"%.0f\" width=\"12\" height=\"6\" fill=\"#dc2626\"/>\n", x, STRIP_Y + STRIP_H + 39);
    fprintf(out, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"12\">gap %zu</text>\n", x + 16, STRIP_Y + STRIP_H + 46, s->ngaps);
    x += 80;
    fprintf(out, "<rect x=\"%.0f\" y=\"%.0f\" width=\"12\" height=\"6\" fill=\"#111827\"/>\n", x, STRIP_Y + STRIP_H + 39);
    fprintf(out, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"12\">overlap %zu</text>\n", x + 16, STRIP_Y + STRIP_H + 46,
            s->noverlaps);    /* the two shades, on a running part's colours */
    double y2 = STRIP_Y + STRIP_H + 56;
    fprintf(out, "<rect x=\"%.0f\" y=\"%.0f\" width=\"24\" height=\"12\" fill=\"%s\"/>\n", STRIP_X, y2,
            light[JOB_RUNNING]);
    fprintf(out, "<rect x=\"%.0f\" y=\"%.0f\" width=\"12\" height=\"8\" fill=\"%s\"/>\n", STRIP_X + 6, y2 + 2,
            full[JOB_RUNNING]);
    fprintf(out,
            "<text x=\"%.0f\" y=\"%.0f\" font-size=\"12\">pale: an output's ranks; deep over them: its chunks done "
            "(both in the colour of the output's state)</text>\n",
            STRIP_X + 30, y2 + 10);
}

static void throughput(const job_status *s, FILE *out)
{
    fprintf(out, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"13\">%s per hour (from the journal lines' times)</text>\n",
            STRIP_X, CHART_Y - 14, s->n && s->out[0].groups ? "band-pair groups" : "grids");
    fprintf(out, "<line x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\" stroke=\"#374151\"/>\n", CHART_X, CHART_Y,
            CHART_X, CHART_Y + CHART_H);
    fprintf(out, "<line x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\" stroke=\"#374151\"/>\n", CHART_X,
            CHART_Y + CHART_H, CHART_X + CHART_W, CHART_Y + CHART_H);
    double bins[THROUGHPUT_BINS], w;
    int64_t t0;
    if (!job_status_throughput(s, bins, THROUGHPUT_BINS, &t0, &w)) {
        fprintf(out, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"12\">no journal line with its time yet</text>\n",
                CHART_X + 10, CHART_Y + CHART_H / 2);
        return;
    }
    double max = 0;
    for (int i = 0; i < THROUGHPUT_BINS; i++)
        if (bins[i] > max) max = bins[i];
    if (max <= 0) max = 1;
    double bw = CHART_W / THROUGHPUT_BINS;
    for (int i = 0; i < THROUGHPUT_BINS; i++) {
        double h = bins[i] / max * (CHART_H - 4);
        fprintf(out, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"#2563eb\"/>\n",
                CHART_X + i * bw + 1, CHART_Y + CHART_H - h, bw - 2, h);
    }
    char a[32], b[32], top[40];
    hhmm((double)t0, a, sizeof a);
    hhmm((double)t0 + w * THROUGHPUT_BINS, b, sizeof b);
    rate_text(max, top, sizeof top);
    fprintf(out, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"11\" text-anchor=\"end\">%s %s/h</text>\n", CHART_X - 4,
            CHART_Y + 10, top,
            s->n && s->out[0].groups ? "groups" : "grids");
    fprintf(out, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"11\" text-anchor=\"end\">0</text>\n", CHART_X - 4,
            CHART_Y + CHART_H);
    fprintf(out, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"11\">%s UTC</text>\n", CHART_X, CHART_Y + CHART_H + 16, a);
    fprintf(out, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"11\" text-anchor=\"end\">%s UTC</text>\n", CHART_X + CHART_W,
            CHART_Y + CHART_H + 16, b);
}

void job_status_svg(const job_status *s, FILE *out)
{
    fprintf(out,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
            "font-family=\"sans-serif\">\n"
            "<rect width=\"%d\" height=\"%d\" fill=\"#f9fafb\"/>\n",
            SVG_W, SVG_H, SVG_W, SVG_H, SVG_W, SVG_H);
    char now[32];
    hhmm((double)s->now, now, sizeof now);
    double pct = s->units_total ? 100.0 * (double)s->units_done / (double)s->units_total : 0;
    fprintf(out,
            "<text x=\"%.0f\" y=\"28\" font-size=\"16\" font-weight=\"bold\">minclue job status, %s UTC: %llu of %llu "
            "%s (%.1f %%), %zu output%s</text>\n",
            STRIP_X, now, (unsigned long long)s->units_done, (unsigned long long)s->units_total,
            s->n && s->out[0].groups ? "groups" : "grids", pct, s->n, s->n == 1 ? "" : "s");
    strip(s, out);
    throughput(s, out);
    fputs("</svg>\n", out);
}
