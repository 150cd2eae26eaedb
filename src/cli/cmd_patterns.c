/* cmd_patterns — `minclue patterns build|embed|check`: the UA pattern
 * catalogue (pattern.h) built from the complete reference finder. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "gridfile.h"
#include "generate.h"
#include "pattern.h"
#include "ua.h"

static const char *help =
    "usage: minclue patterns build [--max-size S] [--grids N] [--seed S]\n"
    "                              [--include FILE] [-o FILE]\n"
    "       minclue patterns embed FILE [-o FILE.c]\n"
    "       minclue patterns check FILE\n"
    "\n"
    "build: runs the complete reference finder (ua_find_reference) over N\n"
    "random 9x9 grids (randomized backtracking from the empty grid with a\n"
    "prng seeded by --seed), reduces every minimal UA of size <= S to its\n"
    "normal form under the symmetry group, and writes the distinct normal\n"
    "forms (sorted by size, then step code) in the text format of\n"
    "patterns/README.md, with counts per size and shape and the growth curve\n"
    "(classes known after each grid that added one) as '#' comments. The\n"
    "output depends only on the options. Progress and the growth curve also\n"
    "go to stderr.\n"
    "  --max-size S  largest UA size (default 12, at most 16)\n"
    "  --grids N     grids to sample (default 1000)\n"
    "  --seed S      prng seed (default 1)\n"
    "  --include F   also sample every 9x9 grid of file F, before the random\n"
    "                ones (e.g. tests/data/known-grids.txt: structured grids\n"
    "                hold UA classes that random grids rarely show)\n"
    "  -o FILE       output file (default stdout)\n"
    "\n"
    "embed: writes the catalogue FILE as a C source defining\n"
    "pattern_catalogue_text (src/pattern_data.c, compiled into minclue).\n"
    "check: parses FILE and checks that every line is a normal form.\n"
    "\n"
    "Exit status: 0 on success, 2 on bad options or input.\n";

typedef struct pset {
    pattern *p;
    int n, cap;
} pset;

/* Binary search; inserts when absent. Returns 1 when new, 0 when known,
 * -1 when out of memory. */
static int pset_insert(pset *s, const pattern *p)
{
    int lo = 0, hi = s->n;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        int c = pattern_cmp(&s->p[mid], p);
        if (c == 0) return 0;
        if (c < 0) lo = mid + 1;
        else hi = mid;
    }
    if (s->n == s->cap) {
        int cap = s->cap ? 2 * s->cap : 1024;
        pattern *q = realloc(s->p, sizeof *q * (size_t)cap);
        if (!q) return -1;
        s->p = q;
        s->cap = cap;
    }
    memmove(s->p + lo + 1, s->p + lo, sizeof *s->p * (size_t)(s->n - lo));
    s->p[lo] = *p;
    s->n++;
    return 1;
}

/* --include: the grids of a file, all valid solution grids (else stop). */
typedef struct grid_list {
    uint8_t *cells;          /* n * 81 */
    uint64_t n;
} grid_list;

static int include_grid(void *user, gridfile *f, grid *g, const char *trailer)
{
    (void)trailer;
    grid_list *gl = user;
    if (!grid_is_valid_solution(g)) {
        cli_error("patterns", "not a valid solution grid");
        fprintf(stderr, "  (%s:%ld)\n", gridfile_name(f), gridfile_line(f));
        return CLI_STOP_ALL;
    }
    uint8_t *q = realloc(gl->cells, 81 * (size_t)(gl->n + 1));
    if (!q) {
        cli_error("patterns", "out of memory");
        return CLI_STOP_ALL;
    }
    gl->cells = q;
    memcpy(gl->cells + 81 * gl->n++, g->cell, 81);
    return CLI_LINE_OK;
}

static int include_bad_line(void *user, gridfile *f, const mc_error *err)
{
    (void)user, (void)f;
    cli_error("patterns", "%s", err->msg);
    return CLI_STOP_ALL;
}

static int do_build(int argc, char **argv)
{
    static const struct option opts[] = {{"max-size", required_argument, 0, 'm'},
                                          {"grids", required_argument, 0, 'g'},
                                          {"seed", required_argument, 0, 's'},
                                          {"output", required_argument, 0, 'o'},
                                          {"include", required_argument, 0, 'i'},
                                          {"help", no_argument, 0, 'h'},
                                          {0, 0, 0, 0}};
    uint64_t max_size = 12, ngrids = 1000, seed = 1;
    const char *outpath = NULL, *include = NULL;
    optind = 0;
    int o;
    while ((o = getopt_long(argc, argv, "o:", opts, NULL)) != -1) {
        switch (o) {
        case 'm':
            if (!numtext_u64(optarg, &max_size) || max_size < 4 || max_size > PATTERN_MAX_CELLS) {
                cli_error("patterns", "--max-size needs a number from 4 to %d, not '%s'", PATTERN_MAX_CELLS, optarg);
                return 2;
            }
            break;
        case 'g':
            if (!numtext_u64(optarg, &ngrids) || ngrids < 1 || ngrids > 100000000) {
                cli_error("patterns", "--grids needs a number from 1 to 100000000, not '%s'", optarg);
                return 2;
            }
            break;
        case 's':
            if (!numtext_u64(optarg, &seed)) {
                cli_error("patterns", "--seed needs a whole number, not '%s'", optarg);
                return 2;
            }
            break;
        case 'o': outpath = optarg; break;
        case 'i': include = optarg; break;
        case 'h': fputs(help, stdout); return 0;
        default: fputs(help, stderr); return 2;
        }
    }
    if (optind < argc) {
        cli_error("patterns", "build takes no file argument ('%s')", argv[optind]);
        return 2;
    }
    const geometry *geo = geometry_9x9();
    uint8_t *extra_grids = NULL;
    uint64_t nextra = 0;
    if (include) {
        grid_list gl = {NULL, 0};
        cli_grid_loop loop = {.cmd = "patterns", .geo = geo, .style = DIGITS_STD, .name_cmd_open = true,
                              .name_cmd_lines = true, .on_grid = include_grid, .on_bad_line = include_bad_line, .user = &gl};
        char *files[] = {(char *)include};
        if (cli_for_each_grid(&loop, 1, files) != 0) {
            free(gl.cells);
            return 2;
        }
        extra_grids = gl.cells;
        nextra = gl.n;
    }
    prng rng;
    prng_seed(&rng, seed);
    ngrids += nextra;
    pset set = {0};
    ua_store uas;
    ua_store_init(&uas);
    uint64_t no_anchor = 0, total_uas = 0;
    /* growth curve: (grid, classes) after each grid that added a class */
    uint64_t *gx = malloc(sizeof *gx * ngrids), *gy = malloc(sizeof *gy * ngrids);
    int ngrowth = 0;
    if (!gx || !gy) {
        cli_error("patterns", "out of memory");
        return 2;
    }
    progress prog;
    progress_init(&prog, "grids", ngrids);
    for (uint64_t k = 1; k <= ngrids; k++) {
        uint8_t g[81];
        if (k <= nextra) memcpy(g, extra_grids + 81 * (k - 1), 81);
        else gen_grid9_quick(&rng, g);
        ua_store_clear(&uas);
        if (ua_find_reference(geo, g, (int)max_size, &uas) != MC_OK) {
            cli_error("patterns", "out of memory");
            return 2;
        }
        int added = 0;
        for (int i = 0; i < uas.n; i++) {
            pattern p;
            total_uas++;
            if (!pattern_from_ua(g, uas.set[i], &p)) {
                no_anchor++;
                continue;
            }
            int r = pset_insert(&set, &p);
            if (r < 0) {
                cli_error("patterns", "out of memory");
                return 2;
            }
            added += r;
        }
        if (added) {
            gx[ngrowth] = k;
            gy[ngrowth++] = (uint64_t)set.n;
        }
        char extra[64];
        snprintf(extra, sizeof extra, "%d classes", set.n);
        progress_update(&prog, k, extra);
    }
    char extra[64];
    snprintf(extra, sizeof extra, "%d classes", set.n);
    progress_done(&prog, ngrids, extra);

    FILE *out = outpath ? fopen(outpath, "w") : stdout;
    if (!out) {
        cli_error("patterns", "cannot write '%s'", outpath);
        return 2;
    }
    int by_size[PATTERN_MAX_CELLS + 1] = {0}, by_shape[4][4] = {{0}};
    for (int i = 0; i < set.n; i++) {
        const pattern *p = &set.p[i];
        int lo = p->nbands < p->nstacks ? p->nbands : p->nstacks;
        int hi = p->nbands < p->nstacks ? p->nstacks : p->nbands;
        by_size[p->n]++;
        by_shape[lo][hi]++;
    }
    fprintf(out, "# minclue UA pattern catalogue (format: patterns/README.md)\n");
    fprintf(out, "# command: minclue patterns build --max-size %d --grids %llu --seed %llu%s%s\n", (int)max_size,
            (unsigned long long)(ngrids - nextra), (unsigned long long)seed, include ? " --include " : "",
            include ? include : "");
    fprintf(out, "# sample: %llu grids from the include file, then %llu random grids\n", (unsigned long long)nextra,
            (unsigned long long)(ngrids - nextra));
    fprintf(out, "# minimal UAs seen: %llu, without anchor pair: %llu\n", (unsigned long long)total_uas,
            (unsigned long long)no_anchor);
    fprintf(out, "# classes: %d\n# by size:", set.n);
    for (int s = 4; s <= (int)max_size; s++) fprintf(out, " %d:%d", s, by_size[s]);
    fprintf(out, "\n# by shape (bands x stacks, smaller first):");
    for (int a = 1; a <= 3; a++)
        for (int b = a; b <= 3; b++) fprintf(out, " %dx%d:%d", a, b, by_shape[a][b]);
    fprintf(out, "\n# growth (grid:classes after each grid that added a class):");
    for (int i = 0; i < ngrowth; i++) fprintf(out, "%s%llu:%llu", i % 10 ? " " : "\n#   ", (unsigned long long)gx[i], (unsigned long long)gy[i]);
    fprintf(out, "\n# last new class at grid %llu of %llu\n", ngrowth ? (unsigned long long)gx[ngrowth - 1] : 0ULL,
            (unsigned long long)ngrids);
    for (int i = 0; i < set.n; i++) {
        char line[PATTERN_TEXT_MAX];
        pattern_format(&set.p[i], line);
        fprintf(out, "%s\n", line);
    }
    fprintf(stderr, "patterns: %d classes from %llu grid%s (%llu UAs, %llu without anchor pair); last new class at grid %llu\n",
            set.n, (unsigned long long)ngrids, cli_s(ngrids), (unsigned long long)total_uas, (unsigned long long)no_anchor,
            ngrowth ? (unsigned long long)gx[ngrowth - 1] : 0ULL);
    int status = 0;
    if (outpath && fclose(out) != 0) {
        cli_error("patterns", "cannot write '%s'", outpath);
        status = 2;
    }
    free(gx);
    free(gy);
    free(extra_grids);
    free(set.p);
    ua_store_free(&uas);
    return status;
}

/* Reads a catalogue file; every pattern line must parse. */
static int read_catalogue(const char *path, pset *set, char **text, size_t *textlen)
{
    linereader *r;
    mc_error err;
    if (linereader_open(path, &r, &err) != MC_OK) {
        cli_error("patterns", "%s", err.msg);
        return 2;
    }
    size_t cap = 0;
    char *line;
    size_t len;
    mc_status st;
    while ((st = linereader_next(r, &line, &len, &err)) == MC_OK) {
        if (text) {
            if (*textlen + len + 2 > cap) {
                cap = 2 * cap + len + 4096;
                char *t = realloc(*text, cap);
                if (!t) {
                    cli_error("patterns", "out of memory");
                    return 2;
                }
                *text = t;
            }
            memcpy(*text + *textlen, line, len);
            *textlen += len;
            (*text)[(*textlen)++] = '\n';
            (*text)[*textlen] = 0;
        }
        if (len == 0 || line[0] == '#') continue;
        pattern p;
        if (pattern_parse(line, &p, &err) != MC_OK) {
            cli_error("patterns", "%s:%ld: %s", linereader_name(r), linereader_line(r), err.msg);
            linereader_free(r);
            return 2;
        }
        if (pset_insert(set, &p) == 0) {
            cli_error("patterns", "%s:%ld: pattern listed twice", linereader_name(r), linereader_line(r));
            linereader_free(r);
            return 2;
        }
    }
    if (st != MC_EOF) {
        cli_error("patterns", "%s", err.msg);
        linereader_free(r);
        return 2;
    }
    linereader_free(r);
    return 0;
}

/* Is argv[1..argc) asking for the help text? */
static bool wants_help(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) return true;
    return false;
}

static int do_embed(int argc, char **argv)
{
    const char *outpath = NULL, *inpath = NULL;
    if (wants_help(argc, argv)) {
        fputs(help, stdout);
        return 0;
    }
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-o") && i + 1 < argc) outpath = argv[++i];
        else if (!inpath && argv[i][0] != '-') inpath = argv[i];
        else {
            fputs(help, stderr);
            return 2;
        }
    }
    if (!inpath) {
        cli_error("patterns", "embed needs a catalogue FILE");
        return 2;
    }
    pset set = {0};
    char *text = NULL;
    size_t len = 0;
    int st = read_catalogue(inpath, &set, &text, &len);
    free(set.p);
    if (st) {
        free(text);
        return st;
    }
    FILE *out = outpath ? fopen(outpath, "w") : stdout;
    if (!out) {
        cli_error("patterns", "cannot write '%s'", outpath);
        free(text);
        return 2;
    }
    fprintf(out, "/* pattern_data — the built-in UA pattern catalogue, generated from\n"
                 " * patterns/patterns.txt by `minclue patterns embed`; do not edit. */\n"
                 "#include \"pattern.h\"\n\nconst char pattern_catalogue_text[] =\n");
    const char *p = text ? text : "";
    if (!*p) fprintf(out, "    \"\"");
    while (*p) {
        const char *e = strchr(p, '\n');
        fprintf(out, "    \"%.*s\\n\"%s", (int)(e - p), p, e[1] ? "\n" : "");
        p = e + 1;
    }
    fprintf(out, ";\n");
    free(text);
    if (outpath && fclose(out) != 0) {
        cli_error("patterns", "cannot write '%s'", outpath);
        return 2;
    }
    return 0;
}

int cmd_patterns(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        fputs(help, argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    if (!strcmp(argv[1], "build")) return do_build(argc - 1, argv + 1);
    if (!strcmp(argv[1], "embed")) return do_embed(argc - 1, argv + 1);
    if (!strcmp(argv[1], "check")) {
        if (wants_help(argc - 1, argv + 1)) {
            fputs(help, stdout);
            return 0;
        }
        if (argc != 3) {
            fputs(help, stderr);
            return 2;
        }
        pset set = {0};
        int st = read_catalogue(argv[2], &set, NULL, NULL);
        if (!st) printf("%s: %d patterns in normal form\n", argv[2], set.n);
        free(set.p);
        return st;
    }
    cli_error("patterns", "unknown action '%s' (build, embed or check)", argv[1]);
    return 2;
}
