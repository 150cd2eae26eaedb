/* job_status_svg — `job status --svg`: one self-contained SVG picture of
 * the status (job_status.h): no script, no external file or font (the
 * generic family sans-serif), fixed size SVG_W x SVG_H.
 *
 *   the rank strip   the range (--expect, else the outputs' ranks) left to
 *                    right; each output's ranks in its state's light
 *                    colour, its done chunks in the full colour; gaps
 *                    marked red below the strip, overlaps black above it;
 *                    a legend with the count of each state
 *   the throughput   units per hour over time from the journal lines'
 *                    times, THROUGHPUT_BINS bars from the first line to
 *                    now (to the last line when everything is complete)
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
#define CHART_X 70.0
#define CHART_W 850.0
#define CHART_Y 220.0
#define CHART_H 170.0
#define THROUGHPUT_BINS 48

static const char *const light[JOB_STATE_COUNT] = {"#e5e7eb", "#bfdbfe", "#fde68a", "#86efac", "#fecaca"};
static const char *const full[JOB_STATE_COUNT] = {"#9ca3af", "#2563eb", "#d97706", "#16a34a", "#dc2626"};

static void hhmm(int64_t t, char *out, size_t cap)
{
    time_t tt = (time_t)t;
    struct tm tm;
    if (gmtime_r(&tt, &tm)) strftime(out, cap, "%m-%d %H:%M", &tm);
    else snprintf(out, cap, "?");
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
    for (size_t i = 0; i < s->n; i++) {
        const job_status_output *o = &s->out[i];
        if (!o->ranks_known) continue;
        rect(out, &sc, o->first, o->last, STRIP_Y, STRIP_H, light[o->state]);
        for (size_t k = 0; k < o->ndone; k++)
            rect(out, &sc, o->done[k].first, o->done[k].last, STRIP_Y + 6, STRIP_H - 12, full[o->state]);
    }
    for (size_t i = 0; i < s->n && s->n <= 400; i++) /* the outputs' borders, while they are far enough apart */
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
            s->noverlaps);
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
    char a[32], b[32];
    hhmm(t0, a, sizeof a);
    hhmm(t0 + (int64_t)(w * THROUGHPUT_BINS), b, sizeof b);
    fprintf(out, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"11\" text-anchor=\"end\">%.4g</text>\n", CHART_X - 4,
            CHART_Y + 10, max);
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
    hhmm(s->now, now, sizeof now);
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
