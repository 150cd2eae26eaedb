/* cmd_solve_trace — placeholder for `solve --trace` until the explaining
 * solver (trace.c) lands. */
#include "cli.h"

int cmd_solve_trace(const char *path, const geometry *geo, digit_style style, int limit);
int cmd_solve_trace(const char *path, const geometry *geo, digit_style style, int limit)
{
    (void)path; (void)geo; (void)style; (void)limit;
    cli_error("solve", "--trace is not available in this build yet");
    return 2;
}
