/* cli_util — see cli.h. */
#include "cli.h"
#include "mc_clock.h"
#include "mc_test_hooks.h"
#include "termtext.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>


void cli_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "minclue %s: ", cmd);
    termtext_vprintf(stderr, fmt, ap); /* one line: the names in it escaped */
    fputc('\n', stderr);
    va_end(ap);
}


bool cli_parse_box(const char *cmd, const char *arg, const geometry **geo)
{
    mc_error err;
    if (geometry_parse(arg, geo, &err) == MC_OK) return true;
    cli_error(cmd, "%s", err.msg);
    return false;
}

static int worse(int status, int s) { return s > status ? s : status; }

int cli_for_each_grid(const cli_grid_loop *loop, int nfiles, char **files)
{
    static char *stdin_only[] = {"-"};
    if (nfiles == 0) {
        files = stdin_only;
        nfiles = 1;
    }
    const geometry *geo = loop->geo;
    if (loop->style == DIGITS_HEX && !geo) geo = geometry_get(4, 4);
    char named[64];
    snprintf(named, sizeof named, "minclue %s: ", loop->cmd);
    const char *open_prefix = loop->name_cmd_open ? named : "";
    const char *line_prefix = loop->name_cmd_lines ? named : "";
    int status = 0;
    mc_error err;
    for (int i = 0; i < nfiles; i++) {
        gridfile *f;
        if (gridfile_open(files[i], geo, loop->style, &f, &err) != MC_OK) {
            fprintf(stderr, "%s%s\n", open_prefix, err.msg);
            status = 2;
            continue;
        }
        grid g;
        const char *trailer;
        mc_status st;
        while ((st = gridfile_next(f, &g, &trailer, &err)) != MC_EOF) {
            int r;
            if (st == MC_OK) {
                r = loop->on_grid(loop->user, f, &g, trailer);
            } else if (st == MC_EFORMAT && loop->on_bad_line) {
                r = loop->on_bad_line(loop->user, f, &err);
            } else {
                fprintf(stderr, "%s%s\n", line_prefix, err.msg);
                r = st == MC_EFORMAT ? CLI_LINE_INVALID : CLI_STOP_FILE;
            }
            /* standard output failed (full disk, /dev/full): stop reading;
             * main() reports the write error */
            if (r == CLI_STOP_ALL || ferror(stdout)) {
                gridfile_free(f);
                return 2;
            }
            if (r == CLI_DONE) {
                gridfile_free(f);
                return status;
            }
            status = worse(status, r);
            if (r == CLI_STOP_FILE) break;
        }
        gridfile_free(f);
    }
    return status;
}

void cli_note_clash(gridfile *f, const grid *g, digit_style style)
{
    mc_error err;
    if (grid_check(g, style, &err) != MC_OK)
        fprintf(stderr, "%s:%ld: note: %s, so there is no solution\n", gridfile_name(f), gridfile_line(f),
                err.msg);
}

bool cli_parse_expect(const char *cmd, const char *arg, uint64_t *lo, uint64_t *hi)
{
    if (numtext_range(arg, lo, hi) && *lo >= 1 && *hi >= *lo) return true;
    cli_error(cmd, "--expect: '%s' is not a rank range I-J (1 <= I <= J)", arg);
    return false;
}

const char *cli_shipped_counts(char *looked, size_t size)
{
    mc_test_hooks hooks;
    mc_test_hooks_read(&hooks);
    const char *test = hooks.shipped_counts;
    const char *paths[3] = {
#ifdef MC_COUNTS_INSTALLED
        MC_COUNTS_INSTALLED,
#endif
#ifdef MC_COUNTS_SOURCE
        MC_COUNTS_SOURCE,
#endif
        NULL};
    if (test) paths[0] = test, paths[1] = NULL;
    size_t at = 0;
    looked[0] = '\0';
    for (int i = 0; paths[i]; i++) {
        if (access(paths[i], R_OK) == 0) return paths[i];
        int n = snprintf(looked + at, size - at, "%s%s", i ? ", " : "", paths[i]);
        if (n > 0 && (size_t)n < size - at) at += (size_t)n;
    }
    return NULL;
}

void cli_counts_default(void)
{
    const char *env = getenv("MINCLUE_COUNTS");
    char looked[2 * PATH_MAX + 8];
    const char *shipped;
    if ((!env || !*env) && (shipped = cli_shipped_counts(looked, sizeof looked))) setenv("MINCLUE_COUNTS", shipped, 1);
}
/* s as one shell word: as it is when it holds only characters no shell
 * reads specially, else in single quotes ('\'' for a quote). malloc'd. */
char *cli_shell_word(const char *s)
{
    size_t n = strlen(s);
    if (n && strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-./,:=+@%") == n)
        return strdup(s);
    char *r = malloc(4 * n + 3), *w = r;
    if (!r) return NULL;
    *w++ = '\'';
    for (; *s; s++) {
        if (*s == '\'') {
            memcpy(w, "'\\''", 4);
            w += 4;
        } else {
            *w++ = *s;
        }
    }
    *w++ = '\'';
    *w = 0;
    return r;
}

/* jobs/slurm/array.sbatch of the source tree holding dir or one above it
 * (absolute, malloc'd), NULL when there is none */
static char *sbatch_above(const char *dir)
{
    char d[PATH_MAX];
    if (!realpath(dir, d)) return NULL;
    for (;;) {
        char f[PATH_MAX + 32], r[PATH_MAX];
        snprintf(f, sizeof f, "%s/jobs/slurm/array.sbatch", strcmp(d, "/") ? d : "");
        if (access(f, R_OK) == 0 && realpath(f, r)) return strdup(r);
        char *slash = strrchr(d, '/');
        if (!slash || slash == d) return NULL;
        *slash = 0;
    }
}

/* array.sbatch for the run line: of the source tree holding the job file,
 * else of the one holding this program (build/minclue); NULL: neither */
char *cli_array_sbatch(const char *jobdir)
{
    char *f = sbatch_above(jobdir);
    char exe[PATH_MAX];
    ssize_t n;
    if (!f && (n = readlink("/proc/self/exe", exe, sizeof exe - 1)) > 0) {
        exe[n] = 0;
        char *slash = strrchr(exe, '/');
        if (slash && slash != exe) {
            *slash = 0;
            f = sbatch_above(exe);
        }
    }
    return f;
}


char *cli_program_path(void)
{
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) return NULL;
    exe[n] = 0;
    return strdup(exe);
}
