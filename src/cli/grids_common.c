/* grids_common — see grids_common.h. */
#include "grids_common.h"

#include <stdlib.h>

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

void grids_print_grid(FILE *out, const uint8_t *g, int ncells, int N)
{
    char s[MAX_CELLS + 2];
    for (int i = 0; i < ncells; i++) s[i] = grid_digit_char(N, DIGITS_STD, g[i]);
    s[ncells] = '\n';
    fwrite(s, 1, (size_t)ncells + 1, out);
}

void grids_count_progress(void *arg, int band, uint64_t count)
{
    count_prog *c = arg;
    char extra[48];
    snprintf(extra, sizeof extra, "band %d: %llu grids", band, (unsigned long long)count);
    progress_update(&c->p, ++c->done, extra);
}

int grids_open_ranks(const char *cmd, const char *cpath, gridrank **gr, count_prog *cp)
{
    mc_error err;
    if (gridrank_open(grids_counts_path(cpath), gr, &err) != MC_OK) {
        cli_error(cmd, "%s", err.msg);
        return 2;
    }
    cp->done = 0;
    progress_init(&cp->p, "bands counted", 0);
    gridrank_set_progress(*gr, grids_count_progress, cp);
    return 0;
}
