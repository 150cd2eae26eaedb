/* cmd_grids_cat — `minclue grids cat`; see cmd_grids.h. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "band.h"
#include "canon.h"
#include "catalogue.h"
#include "cmd_grids.h"
#include "grids_common.h"
#include "enumerate.h"
#include "gridfile.h"
#include "gridrank.h"
#include "prng.h"

/* ------------------------------------------------------------------- cat */

/* grids cat on a text file: grids lo..hi (1-based) of the file. */
typedef struct cat_ctx {
    uint64_t lo, hi, n;
} cat_ctx;

static int cat_grid(void *user, gridfile *f, grid *g, const char *trailer)
{
    (void)trailer;
    cat_ctx *c = user;
    if (!grid_is_valid_solution(g)) {
        cli_error("grids cat", "%s:%ld: not a valid solution grid", gridfile_name(f), gridfile_line(f));
        return CLI_STOP_ALL;
    }
    c->n++;
    if (c->n > c->hi) return CLI_DONE;
    if (c->n >= c->lo) grids_print_grid(stdout, g->cell, g->geo->ncells, g->geo->N);
    return CLI_LINE_OK;
}

static int cat_bad_line(void *user, gridfile *f, const mc_error *err)
{
    (void)user, (void)f;
    cli_error("grids cat", "%s", err->msg);
    return CLI_STOP_ALL;
}

static const char *help_cat =
    "usage: minclue grids cat FILE [--ranks I-J]\n"
    "\n"
    "Prints the grids of FILE, one per line. FILE is a catalogue (written by\n"
    "`grids enum --format cat`; ranks are catalogue ranks, read without\n"
    "decoding the rest of the file) or text, plain or gzipped (one grid per\n"
    "line; the rank of a grid is its position among the file's grids).\n"
    "A corrupt or truncated catalogue is an error; no wrong grid is printed.\n";

int grids_cat(int argc, char **argv)
{
    static const struct option opts[] = {{"ranks", required_argument, 0, OPT_RANKS},
                                          {"help", no_argument, 0, 'h'},
                                          {0, 0, 0, 0}};
    uint64_t lo = 1, hi = UINT64_MAX;
    bool ranged = false;
    mc_error err;
    optind = 0;
    int o;
    while ((o = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        switch (o) {
        case OPT_RANKS:
            if (!numtext_range(optarg, &lo, &hi) || lo == 0) {
                cli_error("grids cat", "bad rank range '%s'", optarg);
                return 2;
            }
            ranged = true;
            break;
        case 'h': fputs(help_cat, stdout); return 0;
        default: fputs(help_cat, stderr); return 2;
        }
    }
    if (optind + 1 != argc) {
        fputs(help_cat, stderr);
        return 2;
    }
    const char *path = argv[optind];
    /* a catalogue starts with its magic; a gzip file or text is read as
     * text; other binary data (a NUL or a control byte in the first bytes,
     * as a catalogue whose magic is damaged) is neither */
    bool is_cat = false;
    FILE *f = fopen(path, "rb");
    if (f) {
        unsigned char m[64];
        size_t n = fread(m, 1, sizeof m, f);
        fclose(f);
        is_cat = n >= 8 && memcmp(m, "MCGRIDS\x1a", 8) == 0;
        bool gz = n >= 2 && m[0] == 0x1f && m[1] == 0x8b;
        bool binary = false;
        for (size_t i = 0; i < n && !is_cat && !gz; i++)
            if (m[i] == 0 || (m[i] < 32 && m[i] != '\n' && m[i] != '\r' && m[i] != '\t')) binary = true;
        if (binary) {
            cli_error("grids cat", "%s: not a grid catalogue (no catalogue magic: damaged?) and not a text file of grids",
                      path);
            return 2;
        }
    }
    if (is_cat) {
        catalogue_reader *r;
        if (catalogue_open(path, &r, &err) != MC_OK) {
            cli_error("grids cat", "%s", err.msg);
            return 2;
        }
        const geometry *geo = catalogue_geometry(r);
        uint64_t first = catalogue_first_rank(r), last = first + catalogue_count(r) - 1;
        if (ranged && (lo < first || hi > last || catalogue_count(r) == 0)) {
            cli_error("grids cat", "%s: ranks %llu-%llu outside the file's %llu-%llu", path, (unsigned long long)lo,
                      (unsigned long long)hi, (unsigned long long)first, (unsigned long long)last);
            catalogue_close(r);
            return 2;
        }
        if (ranged && catalogue_seek(r, lo, &err) != MC_OK) {
            cli_error("grids cat", "%s", err.msg);
            catalogue_close(r);
            return 2;
        }
        uint8_t g[MAX_CELLS];
        uint64_t rank;
        mc_status st;
        while ((st = catalogue_next(r, g, &rank, &err)) == MC_OK && rank <= hi) grids_print_grid(stdout, g, geo->ncells, geo->N);
        catalogue_close(r);
        fflush(stdout);
        if (st != MC_OK && st != MC_EOF) {
            cli_error("grids cat", "%s", err.msg);
            return 2;
        }
        return 0;
    }
    cat_ctx c = {lo, hi, 0};
    cli_grid_loop loop = {.cmd = "grids cat", .style = DIGITS_STD, .name_cmd_open = true, .name_cmd_lines = true,
                          .on_grid = cat_grid, .on_bad_line = cat_bad_line, .user = &c};
    char *files[] = {(char *)path};
    int status = cli_for_each_grid(&loop, 1, files);
    if (!status && ranged && c.n < hi) {
        cli_error("grids cat", "%s: has %llu grid%s, fewer than rank %llu", path, (unsigned long long)c.n, cli_s(c.n),
                  (unsigned long long)hi);
        status = 2;
    }
    return status;
}

