/* cmd_grids_enum — `minclue grids enum`; see cmd_grids.h. */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "band.h"
#include "canon.h"
#include "catalogue.h"
#include "cmd_grids.h"
#include "grids_common.h"
#include "enumerate.h"
#include "gridfile.h"
#include "gridrank.h"
#include "prng.h"

/* ------------------------------------------------------------------ enum */

static const char *help_enum =
    "usage: minclue grids enum [--bands A-B] [--box RxC] [-o FILE] [--format text|cat]\n"
    "                          [--first-rank N] [--counts FILE]\n"
    "\n"
    "Writes the ES grids in catalogue order (minlex forms, lexicographic).\n"
    "9x9 (default): the grids of minlex top bands A..B (default 1-416: all\n"
    "5,472,730,538 grids, hours). Other shapes: --box 2x2 (2 grids), 2x3 or\n"
    "3x2 (49 grids), 2x4 (1,673,187 grids of 8x8, seconds); 4x2 and bigger\n"
    "shapes are refused.\n"
    "  -o FILE          output file (default standard output)\n"
    "  --format text    one grid per line, digits 1-9 (default)\n"
    "  --format cat     a catalogue file (needs -o), readable with `grids cat`;\n"
    "                   its first rank is --first-rank N, or else the rank of\n"
    "                   band A's first grid, derived from band counts (which\n"
    "                   enumerates bands 1..A-1 unless they are in --counts;\n"
    "                   without --counts the shipped grids/counts.txt.gz is used)\n"
    "-o FILE is written to FILE.tmp.PID and renamed when complete: an\n"
    "interrupted run leaves the FILE that was there as it was.\n"
    "With -o, standard output gets one line 'band B COUNT' per 9x9 band\n"
    "(or 'total COUNT' for other shapes). Progress goes to standard error on\n"
    "long runs: grids done of the published total of the bands or the shape,\n"
    "rate, ETA.\n";

/* -o FILE is written as FILE.tmp.PID and renamed into place when complete,
 * so an interrupted run leaves the FILE that was there untouched. SIGTERM,
 * SIGINT and SIGHUP remove the temporary file (unlink is
 * async-signal-safe) and end the process by the same signal. */
static char tmp_path[PATH_MAX + 32];
static volatile sig_atomic_t tmp_live;

static void on_signal(int sig)
{
    if (tmp_live) unlink(tmp_path);
    signal(sig, SIG_DFL);
    raise(sig);
}

static void trap_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
}

/* fsync of the directory holding path (the rename is then durable). */
static void fsync_parent(const char *path)
{
    char dir[PATH_MAX];
    const char *slash = strrchr(path, '/');
    if (!slash) snprintf(dir, sizeof dir, ".");
    else if (slash == path) snprintf(dir, sizeof dir, "/");
    else snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        (void)fsync(fd);
        close(fd);
    }
}

typedef struct enum_out {
    FILE *text;
    catalogue_writer *cat;
    int ncells, N;
    uint64_t n;
    progress *prog;
    mc_status st;
    mc_error err;
} enum_out;

static int enum_fn(void *arg, const uint8_t *g)
{
    enum_out *o = arg;
    o->n++;
    if (o->cat) {
        o->st = catalogue_append(o->cat, g, &o->err);
        if (o->st) return 1;
    } else {
        grids_print_grid(o->text, g, o->ncells, o->N);
    }
    if ((o->n & 0xffff) == 0) progress_update(o->prog, o->n, NULL);
    return 0;
}

int grids_enum(int argc, char **argv)
{
    static const struct option opts[] = {{"bands", required_argument, 0, OPT_BANDS},
                                          {"box", required_argument, 0, OPT_BOX},
                                          {"format", required_argument, 0, OPT_FORMAT},
                                          {"first-rank", required_argument, 0, OPT_FIRST},
                                          {"counts", required_argument, 0, OPT_COUNTS},
                                          {"help", no_argument, 0, 'h'},
                                          {0, 0, 0, 0}};
    int lo = 1, hi = BAND_COUNT;
    const geometry *geo = geometry_9x9();
    const char *out_path = NULL, *cpath = NULL;
    bool cat = false;
    uint64_t first = 0;
    mc_error err;
    optind = 0;
    int o;
    while ((o = getopt_long(argc, argv, "o:", opts, NULL)) != -1) {
        switch (o) {
        case OPT_BANDS:
            if (!grids_parse_bands("grids enum", optarg, &lo, &hi)) return 2;
            break;
        case OPT_BOX:
            if (geometry_parse(optarg, &geo, &err) != MC_OK) {
                cli_error("grids enum", "%s", err.msg);
                return 2;
            }
            break;
        case OPT_FORMAT:
            if (strcmp(optarg, "cat") == 0) cat = true;
            else if (strcmp(optarg, "text") == 0) cat = false;
            else {
                cli_error("grids enum", "bad format '%s' (text or cat)", optarg);
                return 2;
            }
            break;
        case OPT_FIRST:
            if (!numtext_u64(optarg, &first) || first == 0) {
                cli_error("grids enum", "bad first rank '%s'", optarg);
                return 2;
            }
            break;
        case OPT_COUNTS: cpath = optarg; break;
        case 'o': out_path = optarg; break;
        case 'h': fputs(help_enum, stdout); return 0;
        default: fputs(help_enum, stderr); return 2;
        }
    }
    if (optind < argc) {
        cli_error("grids enum", "unexpected argument '%s'", argv[optind]);
        return 2;
    }
    if (cat && !out_path) {
        cli_error("grids enum", "--format cat needs -o FILE");
        return 2;
    }
    bool nine = geo->N == 9;
    if (!nine && (lo != 1 || hi != BAND_COUNT)) {
        cli_error("grids enum", "--bands applies to 9x9 only");
        return 2;
    }
    if (cat && first == 0) {
        if (!nine || lo == 1) first = 1;
        else {
            gridrank *gr;
            count_prog cp;
            char looked[2 * PATH_MAX + 8];
            const char *counts = grids_counts_path(cpath);
            if (!counts && (counts = cli_shipped_counts(looked, sizeof looked)))
                cli_error("grids enum", "the first rank of band %d from %s", lo, counts);
            else if (!counts)
                cli_error("grids enum",
                          "the first rank of band %d needs the counts of bands 1-%d: enumerating them first "
                          "(give --counts grids/counts.txt.gz, or --first-rank N, to skip this)",
                          lo, lo - 1);
            if (gridrank_open(counts, &gr, &err) != MC_OK) {
                cli_error("grids enum", "%s", err.msg);
                return 2;
            }
            grids_count_start(&cp, gr);
            grids_count_ahead(&cp, gr, 1, lo - 1);
            mc_status st = gridrank_band_first(gr, lo, &first, &err);
            grids_count_done(&cp);
            gridrank_free(gr);
            if (st) {
                cli_error("grids enum", "%s", err.msg);
                return 2;
            }
        }
    }
    enum_out eo = {.ncells = geo->ncells, .N = geo->N};
    progress prog;
    progress_init(&prog, "grids", grids_published_total(geo, lo, hi));
    eo.prog = &prog;
    if (out_path) {
        int n = snprintf(tmp_path, sizeof tmp_path, "%s.tmp.%ld", out_path, (long)getpid());
        if (n < 0 || (size_t)n >= sizeof tmp_path) {
            cli_error("grids enum", "%s: path too long", out_path);
            return 2;
        }
        trap_signals();
        tmp_live = 1;
    }
    if (cat) {
        if (catalogue_create(tmp_path, geo, first, &eo.cat, &err) != MC_OK) {
            tmp_live = 0;
            cli_error("grids enum", "%s", err.msg);
            return 2;
        }
    } else if (out_path) {
        eo.text = fopen(tmp_path, "w");
        if (!eo.text) {
            tmp_live = 0;
            cli_error("grids enum", "%s: cannot create: %s", tmp_path, strerror(errno));
            return 2;
        }
    } else {
        eo.text = stdout;
    }
    mc_status st = MC_OK;
    if (nine) {
        for (int b = lo; b <= hi && !st && !eo.st; b++) {
            uint64_t before = eo.n;
            st = enumerate_band(b, enum_fn, &eo, NULL);
            if (out_path && !st && !eo.st) {
                printf("band %d %llu\n", b, (unsigned long long)(eo.n - before));
                fflush(stdout);
            }
            char extra[32];
            snprintf(extra, sizeof extra, "band %d done", b);
            progress_update(&prog, eo.n, extra);
        }
        if (st) snprintf(err.msg, sizeof err.msg, "enumeration failed: %s", mc_status_name(st));
    } else {
        st = enumerate_shape(geo, enum_fn, &eo, NULL, &err);
        if (out_path && !st && !eo.st) printf("total %llu\n", (unsigned long long)eo.n);
    }
    if (eo.st) {
        st = eo.st;
        err = eo.err;
    }
    progress_done(&prog, eo.n, NULL);
    if (eo.cat) {
        if (st) catalogue_abort(eo.cat);
        else if (catalogue_finish(eo.cat, &err) != MC_OK) st = MC_EIO;
    } else if (eo.text != stdout) {
        bool bad = fflush(eo.text) != 0 || ferror(eo.text) || fsync(fileno(eo.text)) != 0;
        if (fclose(eo.text) != 0) bad = true;
        if (bad && !st) {
            st = mc_fail(&err, MC_EIO, "%s: write error", tmp_path);
        }
    } else {
        fflush(stdout);
    }
    if (out_path) {
        if (!st && rename(tmp_path, out_path) != 0) {
            st = mc_fail(&err, MC_EIO, "%s: cannot rename into place: %s", out_path, strerror(errno));
        }
        if (st) {
            unlink(tmp_path); /* (catalogue_abort removed it already) */
        } else {
            int fd = open(out_path, O_RDONLY | O_CLOEXEC);
            if (fd >= 0) {
                (void)fsync(fd);
                close(fd);
            }
            fsync_parent(out_path);
        }
        tmp_live = 0;
    }
    if (st) {
        cli_error("grids enum", "%s", err.msg);
        return 2;
    }
    return 0;
}

