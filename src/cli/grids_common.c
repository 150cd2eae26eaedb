/* grids_common — see grids_common.h. */
#include "grids_common.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "band.h"
#include "gridrank.h"

bool grids_parse_bands(const char *cmd, const char *s, int *lo, int *hi)
{
    uint64_t a, b;
    if (!numtext_range(s, &a, &b) || a < 1 || b > BAND_COUNT) {
        cli_error(cmd, "bad band range '%s' (want A-B within 1-%d)", s, BAND_COUNT);
        return false;
    }
    *lo = (int)a;
    *hi = (int)b;
    return true;
}

const char *grids_counts_path(const char *opt)
{
    if (opt) return opt;
    const char *env = getenv("MINCLUE_COUNTS");
    return env && *env ? env : NULL;
}

uint64_t grids_published_total(const geometry *geo, int lo, int hi)
{
    if (geo->N == 9) {
        uint64_t n = 0;
        for (int b = lo; b <= hi; b++) n += gridrank_published_count(b);
        return n;
    }
    static const struct { int R, C; uint64_t n; } shapes[] = {{2, 2, 2}, {2, 3, 49}, {3, 2, 49}, {2, 4, 1673187}};
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++)
        if (geo->R == shapes[i].R && geo->C == shapes[i].C) return shapes[i].n;
    return 0;
}

void grids_print_grid(FILE *out, const uint8_t *g, int ncells, int N)
{
    char s[MAX_CELLS + 2];
    for (int i = 0; i < ncells; i++) s[i] = grid_digit_char(N, DIGITS_STD, g[i]);
    s[ncells] = '\n';
    fwrite(s, 1, (size_t)ncells + 1, out);
}

void grids_count_progress(void *arg, int band, uint64_t grids, bool band_done)
{
    count_prog *c = arg;
    if (!c->started) { /* the rate and ETA of the counting alone, not of the loading before it */
        progress_init(&c->p, "grids counted", c->total);
        c->started = true;
    }
    char extra[48];
    snprintf(extra, sizeof extra, "band %d", band);
    progress_update(&c->p, c->base + grids, extra);
    if (band_done) c->base += grids;
}

void grids_count_start(count_prog *cp, gridrank *gr)
{
    memset(cp, 0, sizeof *cp);
    gridrank_set_progress(gr, grids_count_progress, cp);
}

void grids_count_ahead(count_prog *cp, const gridrank *gr, int lo, int hi)
{
    cp->total = cp->base + gridrank_grids_to_count(gr, lo, hi);
    cp->p.total = cp->total;
}

void grids_count_done(count_prog *cp)
{
    if (cp->started) progress_done(&cp->p, cp->base, NULL);
}

int grids_open_ranks(const char *cmd, const char *cpath, gridrank **gr, count_prog *cp)
{
    mc_error err;
    const char *path = grids_counts_path(cpath);
    bool shipped = !path;
    char looked[2 * PATH_MAX + 8];
    if (shipped && !(path = cli_shipped_counts(looked, sizeof looked))) {
        cli_error(cmd, "the shipped band counts grids/counts.txt.gz are missing (looked for %s): "
                  "give --counts FILE to count bands into FILE (hours for all 416)", looked);
        return 2;
    }
    if (gridrank_open(path, gr, &err) != MC_OK) {
        cli_error(cmd, "%s%s", err.msg, shipped ? " (the shipped band counts; --counts FILE to use others)" : "");
        return 2;
    }
    grids_count_start(cp, *gr);
    return 0;
}
