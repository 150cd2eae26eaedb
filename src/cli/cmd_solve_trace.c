/* cmd_solve_trace — `minclue solve --trace`: each puzzle through the
 * explaining solver (trace.c); the call tree as '#' lines, then the result
 * line exactly as plain `solve` prints it (puzzle:count:solution). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "gridfile.h"
#include "trace.h"

int cmd_solve_trace(const char *path, const geometry *geo, digit_style style, int limit);
int cmd_solve_trace(const char *path, const geometry *geo, digit_style style, int limit)
{
    mc_error err;
    gridfile *f;
    if (gridfile_open(path, geo, style, &f, &err) != MC_OK) {
        cli_error("solve", "%s", err.msg);
        return 2;
    }
    int status = 0;
    trace_ctx *ctx = NULL;
    const geometry *ctx_geo = NULL;
    grid g;
    const char *trailer;
    mc_status st;
    char text[2 * MAX_CELLS + 32];
    while ((st = gridfile_next(f, &g, &trailer, &err)) != MC_EOF) {
        if (st != MC_OK) {
            fprintf(stderr, "%s\n", err.msg);
            if (status < 1) status = 1;
            if (st == MC_EFORMAT) continue;
            status = 2;
            break;
        }
        if (g.geo != ctx_geo) {
            trace_free(ctx);
            ctx = trace_new(g.geo);
            ctx_geo = g.geo;
            if (!ctx) {
                cli_error("solve", "out of memory");
                gridfile_free(f);
                return 2;
            }
        }
        if (grid_check(&g, style, &err) != MC_OK)
            fprintf(stderr, "%s:%ld: note: %s, so there is no solution\n", gridfile_name(f), gridfile_line(f),
                    err.msg);
        grid s = g;
        int n = trace_solve(ctx, g.cell, limit, s.cell);
        if (n < 0) {
            cli_error("solve", "%s:%ld: out of memory for the call tree", gridfile_name(f), gridfile_line(f));
            status = 2;
            break;
        }
        grid_format(&g, style, text);
        printf("# %s:%ld: %s %s\n", gridfile_name(f), gridfile_line(f), text, trailer);
        trace_print(ctx, stdout, "# ", style);
        char *p = text + g.geo->ncells;
        p += sprintf(p, ":%d:", n);
        if (n > 0) grid_format(&s, style, p);
        puts(text);
    }
    trace_free(ctx);
    gridfile_free(f);
    return status;
}
