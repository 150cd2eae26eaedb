/* progress — see progress.h. */
#include "progress.h"

#include <string.h>
#include <unistd.h>

#include "mc_clock.h"

void progress_init_file(progress *p, const char *what, uint64_t total, FILE *out, bool tty)
{
    memset(p, 0, sizeof *p);
    p->what = what;
    p->total = total;
    p->start = p->last = mc_wall_seconds();
    p->out = out;
    p->tty = tty;
    p->interval = tty ? 0.5 : 30.0;
}

void progress_init(progress *p, const char *what, uint64_t total)
{
    progress_init_file(p, what, total, stderr, isatty(STDERR_FILENO));
}

static void print_line(progress *p, uint64_t done, const char *extra, bool final)
{
    double now = mc_wall_seconds(), el = now - p->start;
    double rate = el > 0 ? (double)done / el : 0;
    char eta[64] = "";
    if (p->total && rate > 0 && done < p->total) {
        double left = (double)(p->total - done) / rate;
        snprintf(eta, sizeof eta, ", ETA %.0fh%02.0fm%02.0fs", (double)(int)(left / 3600),
                 (double)((int)left % 3600 / 60), (double)((int)left % 60));
    }
    char tot[48] = "";
    if (p->total) snprintf(tot, sizeof tot, "/%llu", (unsigned long long)p->total);
    int wl = (int)strlen(p->what); /* one of them: "grid", not "grids" */
    if ((p->total ? p->total : done) == 1 && wl > 1 && p->what[wl - 1] == 's') wl--;
    fprintf(p->out, "%s%llu%s %.*s, %.1f/s, %.0fs elapsed%s%s%s%s", p->tty ? "\r" : "",
            (unsigned long long)done, tot, wl, p->what, rate, el, eta, extra ? ", " : "",
            extra ? extra : "", p->tty && !final ? "\033[K" : "\n");
    fflush(p->out);
    p->printed = true;
    p->open = p->tty && !final;
}

void progress_update(progress *p, uint64_t done, const char *extra)
{
    double now = mc_wall_seconds();
    if (now - p->last < p->interval) return;
    p->last = now;
    print_line(p, done, extra, false);
}

void progress_done(progress *p, uint64_t done, const char *extra)
{
    if (p->printed || mc_wall_seconds() - p->start > 2.0) print_line(p, done, extra, true);
}

void progress_break(progress *p)
{
    if (!p->open) return;
    fputc('\n', p->out);
    p->open = false;
}
