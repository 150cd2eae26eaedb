/* cmd_solve_trace — `minclue solve --trace`: each puzzle through the
 * explaining solver (trace.c); the call tree as '#' lines, then the result
 * line exactly as plain `solve` prints it (puzzle:count:solution). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "gridfile.h"
#include "trace.h"

typedef struct trace_run {
    int limit;
    digit_style style;
    trace_ctx *ctx;           /* for ctx_geo, made on the first line of that shape */
    const geometry *ctx_geo;
    char text[2 * MAX_CELLS + 32];
} trace_run;

static int trace_line(void *user, gridfile *f, grid *g, const char *trailer)
{
    trace_run *run = user;
    if (g->geo != run->ctx_geo) {
        trace_free(run->ctx);
        run->ctx = trace_new(g->geo);
        run->ctx_geo = run->ctx ? g->geo : NULL;
        if (!run->ctx) {
            cli_error("solve", "out of memory");
            return CLI_STOP_FILE;
        }
    }
    cli_note_clash(f, g, run->style);
    grid s = *g;
    int n = trace_solve(run->ctx, g->cell, run->limit, s.cell);
    if (n < 0) {
        cli_error("solve", "%s:%ld: out of memory for the call tree", gridfile_name(f), gridfile_line(f));
        return CLI_STOP_FILE;
    }
    char *text = run->text;
    grid_format(g, run->style, text);
    printf("# %s:%ld: %s %s\n", gridfile_name(f), gridfile_line(f), text, trailer);
    trace_print(run->ctx, stdout, "# ", run->style);
    char *p = text + g->geo->ncells;
    p += sprintf(p, ":%d:", n);
    if (n > 0) grid_format(&s, run->style, p);
    puts(text);
    return CLI_LINE_OK;
}

int cmd_solve_trace(cli_grid_loop *loop, int nfiles, char **files, int limit)
{
    trace_run run = {.limit = limit, .style = loop->style};
    loop->on_grid = trace_line;
    loop->user = &run;
    int status = cli_for_each_grid(loop, nfiles, files);
    trace_free(run.ctx);
    return status;
}
