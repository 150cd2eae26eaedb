/* cmd_grids — `minclue grids ...`: the catalogue of essentially different
 * grids: enumerate, count, canonicalize, read catalogue files, rank, unrank
 * and sample. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "band.h"
#include "canon.h"
#include "catalogue.h"
#include "cli.h"
#include "enumerate.h"
#include "gridfile.h"
#include "gridrank.h"
#include "prng.h"

static const char *help_main =
    "usage: minclue grids COMMAND [options]\n"
    "\n"
    "The catalogue of essentially different (ES) grids: every minlex grid in\n"
    "lexicographic order; the rank of a grid is its 1-based position\n"
    "(9x9: 1 .. 5,472,730,538, grouped by the 416 minlex top bands).\n"
    "\n"
    "commands:\n"
    "  enum    [--bands A-B] [--box RxC] [-o FILE] [--format text|cat] [--first-rank R]\n"
    "                                           grids in catalogue order\n"
    "  count   [--bands A-B] [--box RxC] [--counts FILE]  grids per band and in total\n"
    "  canon   [FILE...]                        minlex form and automorphism count of each grid\n"
    "  cat     FILE [--ranks I-J]               grids of a catalogue or text file\n"
    "  rank    [--counts FILE] GRID...          rank of each grid (after canonicalization)\n"
    "  unrank  [--counts FILE] RANK...          the grid of each rank\n"
    "  sample  --count N --seed S [--bands A-B] [--counts FILE]\n"
    "                                           grids drawn uniformly over ES grids\n"
    "  rebase  FILE FIRST_RANK                  renumber the ranks of a catalogue file\n"
    "\n"
    "Ranks need per-band counts, which minclue derives by enumeration (a band\n"
    "at a time; the biggest bands take minutes). Give --counts FILE (or set\n"
    "MINCLUE_COUNTS) to keep them between runs; `grids count --bands 1-416\n"
    "--counts FILE` fills that file ahead of time.\n"
    "`minclue grids COMMAND --help` for details.\n";

/* Options shared by the subcommands. */
enum { OPT_BANDS = 256, OPT_BOX, OPT_FORMAT, OPT_COUNTS, OPT_FIRST, OPT_RANKS, OPT_COUNT, OPT_SEED };

static bool parse_bands(const char *cmd, const char *s, int *lo, int *hi)
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

static const char *counts_path(const char *opt)
{
    if (opt) return opt;
    const char *env = getenv("MINCLUE_COUNTS");
    return env && *env ? env : NULL;
}

static void print_grid(FILE *out, const uint8_t *g, int ncells, int N)
{
    char s[MAX_CELLS + 2];
    for (int i = 0; i < ncells; i++) s[i] = grid_digit_char(N, DIGITS_STD, g[i]);
    s[ncells] = '\n';
    fwrite(s, 1, (size_t)ncells + 1, out);
}

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
    "                   enumerates bands 1..A-1 unless they are in --counts)\n"
    "With -o, standard output gets one line 'band B COUNT' per 9x9 band\n"
    "(or 'total COUNT' for other shapes). Progress goes to standard error on\n"
    "long runs.\n";

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
        print_grid(o->text, g, o->ncells, o->N);
    }
    if ((o->n & 0xffff) == 0) progress_update(o->prog, o->n, NULL);
    return 0;
}

static int grids_enum(int argc, char **argv)
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
            if (!parse_bands("grids enum", optarg, &lo, &hi)) return 2;
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
            if (gridrank_open(counts_path(cpath), &gr, &err) != MC_OK) {
                cli_error("grids enum", "%s", err.msg);
                return 2;
            }
            mc_status st = gridrank_band_first(gr, lo, &first, &err);
            gridrank_free(gr);
            if (st) {
                cli_error("grids enum", "%s", err.msg);
                return 2;
            }
        }
    }
    enum_out eo = {.ncells = geo->ncells, .N = geo->N};
    progress prog;
    progress_init(&prog, "grids", 0);
    eo.prog = &prog;
    if (cat) {
        if (catalogue_create(out_path, geo, first, &eo.cat, &err) != MC_OK) {
            cli_error("grids enum", "%s", err.msg);
            return 2;
        }
    } else if (out_path) {
        eo.text = fopen(out_path, "w");
        if (!eo.text) {
            cli_error("grids enum", "%s: cannot create", out_path);
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
        if (fclose(eo.text) != 0 && !st) {
            st = MC_EIO;
            snprintf(err.msg, sizeof err.msg, "%s: write error", out_path);
        }
    } else {
        fflush(stdout);
    }
    if (st) {
        cli_error("grids enum", "%s", err.msg);
        return 2;
    }
    return 0;
}

/* ----------------------------------------------------------------- count */

static const char *help_count =
    "usage: minclue grids count [--bands A-B] [--box RxC] [--counts FILE]\n"
    "\n"
    "Counts ES grids by enumeration without writing them. 9x9: prints\n"
    "'band B COUNT' for each minlex top band A..B (default 1-416) and\n"
    "'total COUNT'. Counts already in the --counts file (or $MINCLUE_COUNTS)\n"
    "are reused, new ones are appended to it (with per-row-4 counts used by\n"
    "rank and unrank). Other shapes (--box 2x2, 2x3, 3x2, 2x4): prints\n"
    "'total COUNT'.\n";

typedef struct count_prog {
    progress p;
    uint64_t done;
} count_prog;

static void count_progress(void *arg, int band, uint64_t count)
{
    count_prog *c = arg;
    char extra[48];
    snprintf(extra, sizeof extra, "band %d: %llu grids", band, (unsigned long long)count);
    progress_update(&c->p, ++c->done, extra);
}

/* Shapes other than 9x9: counts grids and reports progress. */
typedef struct shape_count {
    progress p;
    uint64_t n;
} shape_count;

static int shape_count_fn(void *arg, const uint8_t *g)
{
    (void)g;
    shape_count *c = arg;
    if ((++c->n & 0xffff) == 0) progress_update(&c->p, c->n, NULL);
    return 0;
}

static int grids_count(int argc, char **argv)
{
    static const struct option opts[] = {{"bands", required_argument, 0, OPT_BANDS},
                                          {"box", required_argument, 0, OPT_BOX},
                                          {"counts", required_argument, 0, OPT_COUNTS},
                                          {"help", no_argument, 0, 'h'},
                                          {0, 0, 0, 0}};
    int lo = 1, hi = BAND_COUNT;
    const geometry *geo = geometry_9x9();
    const char *cpath = NULL;
    mc_error err;
    optind = 0;
    int o;
    while ((o = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        switch (o) {
        case OPT_BANDS:
            if (!parse_bands("grids count", optarg, &lo, &hi)) return 2;
            break;
        case OPT_BOX:
            if (geometry_parse(optarg, &geo, &err) != MC_OK) {
                cli_error("grids count", "%s", err.msg);
                return 2;
            }
            break;
        case OPT_COUNTS: cpath = optarg; break;
        case 'h': fputs(help_count, stdout); return 0;
        default: fputs(help_count, stderr); return 2;
        }
    }
    if (optind < argc) {
        cli_error("grids count", "unexpected argument '%s'", argv[optind]);
        return 2;
    }
    if (geo->N != 9) {
        uint64_t n;
        shape_count sc = {.n = 0};
        progress_init(&sc.p, "grids", 0);
        if (enumerate_shape(geo, shape_count_fn, &sc, &n, &err) != MC_OK) {
            cli_error("grids count", "%s", err.msg);
            return 2;
        }
        progress_done(&sc.p, n, NULL);
        printf("total %llu\n", (unsigned long long)n);
        return 0;
    }
    gridrank *gr;
    if (gridrank_open(counts_path(cpath), &gr, &err) != MC_OK) {
        cli_error("grids count", "%s", err.msg);
        return 2;
    }
    count_prog prog = {.done = 0};
    progress_init(&prog.p, "bands counted", (uint64_t)(hi - lo + 1));
    gridrank_set_progress(gr, count_progress, &prog);
    uint64_t total = 0;
    for (int b = lo; b <= hi; b++) {
        uint64_t n;
        if (gridrank_band_count(gr, b, &n, &err) != MC_OK) {
            cli_error("grids count", "%s", err.msg);
            gridrank_free(gr);
            return 2;
        }
        printf("band %d %llu\n", b, (unsigned long long)n);
        fflush(stdout);
        total += n;
    }
    progress_done(&prog.p, prog.done, NULL);
    printf("total %llu\n", (unsigned long long)total);
    gridrank_free(gr);
    return 0;
}

/* ------------------------------------------------------------------- cat */

static const char *help_cat =
    "usage: minclue grids cat FILE [--ranks I-J]\n"
    "\n"
    "Prints the grids of FILE, one per line. FILE is a catalogue (written by\n"
    "`grids enum --format cat`; ranks are catalogue ranks, read without\n"
    "decoding the rest of the file) or text, plain or gzipped (one grid per\n"
    "line; the rank of a grid is its position among the file's grids).\n"
    "A corrupt or truncated catalogue is an error; no wrong grid is printed.\n";

static int grids_cat(int argc, char **argv)
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
    /* a catalogue starts with its magic; anything else is read as text */
    bool is_cat = false;
    FILE *f = fopen(path, "rb");
    if (f) {
        char m[8];
        is_cat = fread(m, 1, 8, f) == 8 && memcmp(m, "MCGRIDS\x1a", 8) == 0;
        fclose(f);
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
        while ((st = catalogue_next(r, g, &rank, &err)) == MC_OK && rank <= hi) print_grid(stdout, g, geo->ncells, geo->N);
        catalogue_close(r);
        fflush(stdout);
        if (st != MC_OK && st != MC_EOF) {
            cli_error("grids cat", "%s", err.msg);
            return 2;
        }
        return 0;
    }
    gridfile *gf;
    if (gridfile_open(path, NULL, DIGITS_STD, &gf, &err) != MC_OK) {
        cli_error("grids cat", "%s", err.msg);
        return 2;
    }
    grid g;
    uint64_t n = 0;
    mc_status st;
    int status = 0;
    while ((st = gridfile_next(gf, &g, NULL, &err)) != MC_EOF) {
        if (st != MC_OK) {
            cli_error("grids cat", "%s", err.msg);
            status = 2;
            break;
        }
        if (!grid_is_valid_solution(&g)) {
            cli_error("grids cat", "%s:%ld: not a valid solution grid", gridfile_name(gf), gridfile_line(gf));
            status = 2;
            break;
        }
        n++;
        if (n > hi) break;
        if (n >= lo) print_grid(stdout, g.cell, g.geo->ncells, g.geo->N);
    }
    gridfile_free(gf);
    if (!status && ranged && n < hi) {
        cli_error("grids cat", "%s: has %llu grids, fewer than rank %llu", path, (unsigned long long)n,
                  (unsigned long long)hi);
        status = 2;
    }
    return status;
}

/* ------------------------------------------------------------ rank, unrank */

static const char *help_rank =
    "usage: minclue grids rank [--counts FILE] GRID...\n"
    "\n"
    "Prints 'RANK MINLEX' for each 9x9 grid (81 digits): the catalogue rank\n"
    "of its minlex form. Needs the counts of every band up to the grid's\n"
    "band (derived by enumeration and kept in --counts FILE or\n"
    "$MINCLUE_COUNTS when given).\n";

static const char *help_unrank =
    "usage: minclue grids unrank [--counts FILE] RANK...\n"
    "\n"
    "Prints the grid of each catalogue rank (1 .. 5,472,730,538). Needs the\n"
    "counts of every band up to the rank's band (see `grids rank`).\n";

/* Opens the counts; bands counted on the way report progress through cp. */
static int open_ranks(const char *cmd, const char *cpath, gridrank **gr, count_prog *cp)
{
    mc_error err;
    if (gridrank_open(counts_path(cpath), gr, &err) != MC_OK) {
        cli_error(cmd, "%s", err.msg);
        return 2;
    }
    cp->done = 0;
    progress_init(&cp->p, "bands counted", 0);
    gridrank_set_progress(*gr, count_progress, cp);
    return 0;
}

static int grids_rank_unrank(int argc, char **argv, bool unrank)
{
    const char *cmd = unrank ? "grids unrank" : "grids rank";
    static const struct option opts[] = {{"counts", required_argument, 0, OPT_COUNTS},
                                          {"help", no_argument, 0, 'h'},
                                          {0, 0, 0, 0}};
    const char *cpath = NULL;
    optind = 0;
    int o;
    while ((o = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        switch (o) {
        case OPT_COUNTS: cpath = optarg; break;
        case 'h': fputs(unrank ? help_unrank : help_rank, stdout); return 0;
        default: fputs(unrank ? help_unrank : help_rank, stderr); return 2;
        }
    }
    if (optind >= argc) {
        fputs(unrank ? help_unrank : help_rank, stderr);
        return 2;
    }
    gridrank *gr;
    count_prog cp;
    if (open_ranks(cmd, cpath, &gr, &cp)) return 2;
    mc_error err;
    int status = 0;
    for (int i = optind; i < argc && !status; i++) {
        if (unrank) {
            uint64_t r;
            uint8_t g[81];
            if (!numtext_u64(argv[i], &r) || r == 0) {
                cli_error(cmd, "bad rank '%s'", argv[i]);
                status = 2;
            } else if (gridrank_unrank(gr, r, g, &err) != MC_OK) {
                cli_error(cmd, "%s", err.msg);
                status = 2;
            } else {
                print_grid(stdout, g, 81, 9);
            }
            continue;
        }
        const geometry *geo = geometry_9x9();
        grid g;
        size_t tl;
        if (grid_parse(argv[i], strlen(argv[i]), &geo, DIGITS_STD, &g, &tl, &err) != MC_OK || tl != strlen(argv[i])) {
            cli_error(cmd, "argument %d: %s", i - optind + 1, tl != strlen(argv[i]) ? "trailing text" : err.msg);
            status = 2;
            continue;
        }
        if (!grid_is_valid_solution(&g)) {
            cli_error(cmd, "argument %d: not a valid solution grid", i - optind + 1);
            status = 2;
            continue;
        }
        uint8_t m[81];
        canon_minlex9(g.cell, m, NULL);
        uint64_t r;
        if (gridrank_rank(gr, m, &r, &err) != MC_OK) {
            cli_error(cmd, "%s", err.msg);
            status = 2;
            continue;
        }
        printf("%llu ", (unsigned long long)r);
        print_grid(stdout, m, 81, 9);
    }
    gridrank_free(gr);
    return status;
}

/* ---------------------------------------------------------------- sample */

static const char *help_sample =
    "usage: minclue grids sample --count N --seed S [--bands A-B] [--counts FILE]\n"
    "\n"
    "Prints N grids drawn uniformly (with replacement) over the ES 9x9 grids\n"
    "of bands A..B (default all): ranks drawn with minclue's PRNG from seed S,\n"
    "then unranked; each line is 'GRID RANK'. Same seed, same grids. Needs\n"
    "the counts of bands 1..B (see `grids rank`): with an empty --counts file\n"
    "and all bands that is a full enumeration (hours).\n";

static int grids_sample(int argc, char **argv)
{
    static const struct option opts[] = {{"count", required_argument, 0, OPT_COUNT},
                                          {"seed", required_argument, 0, OPT_SEED},
                                          {"bands", required_argument, 0, OPT_BANDS},
                                          {"counts", required_argument, 0, OPT_COUNTS},
                                          {"help", no_argument, 0, 'h'},
                                          {0, 0, 0, 0}};
    uint64_t count = 0, seed = 0;
    bool have_count = false, have_seed = false;
    int lo = 1, hi = BAND_COUNT;
    const char *cpath = NULL;
    optind = 0;
    int o;
    while ((o = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        switch (o) {
        case OPT_COUNT:
            if (!numtext_u64(optarg, &count)) {
                cli_error("grids sample", "bad count '%s'", optarg);
                return 2;
            }
            have_count = true;
            break;
        case OPT_SEED:
            if (!numtext_u64(optarg, &seed)) {
                cli_error("grids sample", "bad seed '%s'", optarg);
                return 2;
            }
            have_seed = true;
            break;
        case OPT_BANDS:
            if (!parse_bands("grids sample", optarg, &lo, &hi)) return 2;
            break;
        case OPT_COUNTS: cpath = optarg; break;
        case 'h': fputs(help_sample, stdout); return 0;
        default: fputs(help_sample, stderr); return 2;
        }
    }
    if (!have_count || !have_seed || optind < argc) {
        fputs(help_sample, stderr);
        return 2;
    }
    gridrank *gr;
    count_prog cp;
    if (open_ranks("grids sample", cpath, &gr, &cp)) return 2;
    mc_error err;
    uint64_t first, total = 0;
    if (gridrank_band_first(gr, lo, &first, &err) != MC_OK) goto fail;
    for (int b = lo; b <= hi; b++) {
        uint64_t n;
        if (gridrank_band_count(gr, b, &n, &err) != MC_OK) goto fail;
        total += n;
    }
    if (total == 0) {
        cli_error("grids sample", "bands %d-%d hold no grid", lo, hi);
        gridrank_free(gr);
        return 2;
    }
    prng rng;
    prng_seed(&rng, seed);
    for (uint64_t i = 0; i < count; i++) {
        uint64_t r = first + prng_below(&rng, total);
        uint8_t g[81];
        if (gridrank_unrank(gr, r, g, &err) != MC_OK) goto fail;
        char s[82];
        for (int k = 0; k < 81; k++) s[k] = (char)('1' + g[k]);
        s[81] = 0;
        printf("%s %llu\n", s, (unsigned long long)r);
    }
    gridrank_free(gr);
    return 0;
fail:
    cli_error("grids sample", "%s", err.msg);
    gridrank_free(gr);
    return 2;
}

/* ---------------------------------------------------------------- rebase */

static const char *help_rebase =
    "usage: minclue grids rebase FILE FIRST_RANK\n"
    "\n"
    "Renumbers a catalogue file in place so that its first grid has rank\n"
    "FIRST_RANK (for files enumerated before the counts of the bands before\n"
    "them were known, as scripts/enumerate-all does). The file is checked\n"
    "first; the grids are not touched.\n";

static int grids_rebase(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "--help") == 0) {
        fputs(help_rebase, stdout);
        return 0;
    }
    uint64_t first;
    if (argc != 3 || !numtext_u64(argv[2], &first) || first == 0) {
        fputs(help_rebase, stderr);
        return 2;
    }
    mc_error err;
    if (catalogue_rebase(argv[1], first, &err) != MC_OK) {
        cli_error("grids rebase", "%s", err.msg);
        return 2;
    }
    return 0;
}

int cmd_grids(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "help") == 0) {
        fputs(help_main, argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    const char *sub = argv[1];
    argc--;
    argv++;
    if (strcmp(sub, "enum") == 0) return grids_enum(argc, argv);
    if (strcmp(sub, "count") == 0) return grids_count(argc, argv);
    if (strcmp(sub, "canon") == 0) return cmd_grids_canon(argc, argv);
    if (strcmp(sub, "cat") == 0) return grids_cat(argc, argv);
    if (strcmp(sub, "rank") == 0) return grids_rank_unrank(argc, argv, false);
    if (strcmp(sub, "unrank") == 0) return grids_rank_unrank(argc, argv, true);
    if (strcmp(sub, "sample") == 0) return grids_sample(argc, argv);
    if (strcmp(sub, "rebase") == 0) return grids_rebase(argc, argv);
    cli_error("grids", "unknown command '%s' (enum, count, canon, cat, rank, unrank, sample, rebase)", sub);
    return 2;
}
