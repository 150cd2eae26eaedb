/* cmd_minimum — `minclue minimum`: the fewest clues of a unique puzzle for a small shape. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "canon.h"
#include "checker.h"
#include "enumerate.h"
#include "cli.h"
#include "mc_clock.h"
#include "prng.h"

static const char *help =
    "usage: minclue minimum --box RxC [--estimate N] [--seed S] [checker options]\n"
    "\n"
    "Finds the smallest number of clues of a unique puzzle for a small shape\n"
    "and proves it: every grid with the first row 1..N is built by\n"
    "backtracking, reduced to its minlex form (one grid per essentially\n"
    "different class), and the checker (unavoidable sets, hitting sets,\n"
    "solver) runs on each class with K = 1, 2, ... until some grid has a\n"
    "puzzle. The K before that is the proof: no grid has a unique puzzle with\n"
    "K - 1 clues. Feasible for 2x2 (4x4 grids) and 2x3 (6x6 grids).\n"
    "\n"
    "  --box RxC      the shape (2x2 or 2x3 for a proof)\n"
    "  --estimate N   2x4 boxes (8x8 grids): enumerate the 1,673,187 ES grids,\n"
    "                 draw N of them uniformly and search each with K = 13;\n"
    "                 prints the CPU time of the full K = 13 proof it\n"
    "                 extrapolates to (no proof is made)\n"
    "  --seed S       seed of the random grids for --estimate (default 1)\n"
    "checker options (as for search; the defaults make the proof):\n";
static const char *help_tail =
    "\n"
    "Exit status: 0 when the proof (or the estimate) is complete, 2 on usage\n"
    "errors or an unsupported shape.\n";

static void print_help(FILE *f)
{
    fputs(help, f);
    fputs(cli_checker_options_help, f);
    fputs(help_tail, f);
}

typedef struct grid_list {
    uint8_t *cells;     /* n * ncells */
    size_t n, cap;
    int ncells;
} grid_list;

static int list_add(grid_list *l, const uint8_t *g)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 1024;
        uint8_t *p = realloc(l->cells, cap * (size_t)l->ncells);
        if (!p) return -1;
        l->cells = p;
        l->cap = cap;
    }
    memcpy(l->cells + l->n * (size_t)l->ncells, g, (size_t)l->ncells);
    l->n++;
    return 0;
}

static int g_ncells; /* for qsort's comparison only */
static int cmp_grid(const void *a, const void *b) { return memcmp(a, b, (size_t)g_ncells); }

/* Every grid with first row 0..N-1 (plain backtracking); calls back per grid. */
typedef struct enum_ctx {
    const geometry *geo;
    uint8_t cur[MAX_CELLS];
    uint64_t count;
    grid_list *classes;
    int fail;
} enum_ctx;

static void enum_rec(enum_ctx *e, int cell)
{
    const geometry *g = e->geo;
    if (e->fail) return;
    if (cell == g->ncells) {
        e->count++;
        grid in, out;
        in.geo = g;
        memcpy(in.cell, e->cur, (size_t)g->ncells);
        if (canon_minlex(&in, &out, NULL) <= 0) {
            e->fail = 1;
            return;
        }
        if (list_add(e->classes, out.cell) != 0) e->fail = 1;
        return;
    }
    if (cell < g->N) {
        e->cur[cell] = (uint8_t)cell;
        enum_rec(e, cell + 1);
        return;
    }
    for (int d = 0; d < g->N; d++) {
        int ok = 1;
        for (int i = 0; i < g->npeers && ok; i++) {
            int p = g->peer[cell][i];
            if (p < cell && e->cur[p] == d) ok = 0;
        }
        if (!ok) continue;
        e->cur[cell] = (uint8_t)d;
        enum_rec(e, cell + 1);
    }
}

typedef struct first_found {
    const geometry *geo;
    int have;
    char text[MAX_CELLS + 1];
} first_found;

static void on_found(void *arg, const uint8_t *puzzle, int n)
{
    (void)n;
    first_found *f = arg;
    if (f->have) return;
    grid g;
    g.geo = f->geo;
    memcpy(g.cell, puzzle, (size_t)f->geo->ncells);
    grid_format(&g, DIGITS_STD, f->text);
    f->have = 1;
}

/* Picks the grids of sorted ranks want[0..n) (1-based, repeats allowed)
 * out of the enumeration, in enumeration order. */
typedef struct pick_ctx {
    const uint64_t *want;
    int n, next, ncells;
    uint64_t rank;
    uint8_t *out;
} pick_ctx;

static int pick_fn(void *arg, const uint8_t *g)
{
    pick_ctx *p = arg;
    p->rank++;
    while (p->next < p->n && p->want[p->next] == p->rank)
        memcpy(p->out + (size_t)p->next++ * (size_t)p->ncells, g, (size_t)p->ncells);
    return 0;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static int estimate(const geometry *geo, int n, uint64_t seed, const checker_options *base)
{
    if (geo->R != 2 || geo->C != 4) {
        cli_error("minimum", "--estimate is for 2x4 boxes (8x8 grids)");
        return 2;
    }
    mc_error err;
    uint64_t nes = 0;
    double t0 = mc_wall_seconds();
    if (enumerate_shape(geo, NULL, NULL, &nes, &err) != MC_OK || nes == 0) {
        cli_error("minimum", "enumeration of the 8x8 grids failed: %s", err.msg);
        return 2;
    }
    double tenum = mc_wall_seconds() - t0;
    uint64_t *want = malloc(sizeof *want * (size_t)n);
    uint8_t *grids = malloc((size_t)n * (size_t)geo->ncells);
    if (!want || !grids) {
        cli_error("minimum", "out of memory");
        free(want);
        free(grids);
        return 2;
    }
    prng p;
    prng_seed(&p, seed);
    for (int i = 0; i < n; i++) want[i] = 1 + prng_below(&p, nes);
    qsort(want, (size_t)n, sizeof *want, cmp_u64);
    pick_ctx pc = {want, n, 0, geo->ncells, 0, grids};
    if (enumerate_shape(geo, pick_fn, &pc, NULL, &err) != MC_OK || pc.next != n) {
        cli_error("minimum", "enumeration of the 8x8 grids failed: %s", err.msg);
        free(want);
        free(grids);
        return 2;
    }
    printf("minimum 2x4 (8x8 grids): %llu essentially different grids enumerated (%.1f s); estimate from %d of "
           "them drawn uniformly (seed %llu), no proof\n",
           (unsigned long long)nes, tenum, n, (unsigned long long)seed);
    int status = 0;
    const int K = 13;
    checker_options o = *base;
    o.clues = K;
    checker_ctx *c = checker_new(geo, &o);
    if (!c) {
        cli_error("minimum", "out of memory");
        free(want);
        free(grids);
        return 2;
    }
    double t = 0;
    uint64_t with = 0;
    checker_record tot = {0};
    for (int i = 0; i < n; i++) {
        checker_record r;
        double c0 = mc_cpu_seconds();
        if (checker_run(c, grids + (size_t)i * (size_t)geo->ncells, &r, NULL, NULL) != MC_OK) {
            cli_error("minimum", "search failed");
            status = 2;
            break;
        }
        double cpu = mc_cpu_seconds() - c0;
        t += cpu;
        checker_record_add(&tot, &r);
        with += r.puzzles > 0;
        fprintf(stderr, "  K = %d: grid %d of %d (rank %llu): %.2f s CPU, %llu puzzles\n", K, i + 1, n,
                (unsigned long long)want[i], cpu, (unsigned long long)r.puzzles);
    }
    if (status == 0) {
        double per = t / n;
        printf("K = %d: %.3f s CPU per grid (%llu nodes per grid), %llu of %d grids with puzzles (%llu in all);"
               " all %llu ES grids: about %.1f core-hours\n",
               K, per, (unsigned long long)(tot.nodes / (uint64_t)n), (unsigned long long)with, n,
               (unsigned long long)tot.puzzles, (unsigned long long)nes, per * (double)nes / 3600.0);
        printf("the proof of the minimum 14 needs K = 13 on every ES grid (the line above) and one grid with a"
               " 14-clue puzzle\n");
    }
    checker_free(c);
    free(want);
    free(grids);
    return status;
}

int cmd_minimum(int argc, char **argv)
{
    static const struct option opts[] = {{"box", required_argument, 0, 'b'},
                                          {"estimate", required_argument, 0, 'e'},
                                          {"seed", required_argument, 0, 's'},
                                          CLI_CHECKER_OPTIONS,
                                          {"help", no_argument, 0, 'h'},
                                          {0, 0, 0, 0}};
    const geometry *geo = NULL;
    uint64_t est = 0, seed = 1;
    checker_options copt;
    checker_options_default(&copt, 0);
    optind = 0;
    int o;
    while ((o = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        int r = cli_checker_option("minimum", o, optarg, &copt);
        if (r < 0) return 2;
        if (r > 0) continue;
        switch (o) {
        case 'b':
            if (!cli_parse_box("minimum", optarg, &geo)) return 2;
            break;
        case 'e':
            if (!numtext_u64(optarg, &est) || est < 1 || est > 1000000) {
                cli_error("minimum", "--estimate needs a whole number from 1 to 1000000, not '%s'", optarg);
                return 2;
            }
            break;
        case 's':
            if (!numtext_u64(optarg, &seed)) {
                cli_error("minimum", "--seed needs a whole number, not '%s'", optarg);
                return 2;
            }
            break;
        case 'h': print_help(stdout); return 0;
        default: print_help(stderr); return 2;
        }
    }
    if (optind < argc) {
        cli_error("minimum", "unexpected argument '%s' (see --help)", argv[optind]);
        return 2;
    }
    if (!geo) {
        cli_error("minimum", "--box RxC is required (see --help)");
        return 2;
    }
    if (est) return estimate(geo, (int)est, seed, &copt);
    if (geo->ncells > 36) {
        cli_error("minimum", "%dx%d boxes: the proof here enumerates every grid with a fixed first row, feasible up to "
                  "2x3 only; for 2x4 --estimate N measures the K = 13 search over the enumerated ES grids",
                  geo->R, geo->C);
        return 2;
    }

    double t0 = mc_wall_seconds();
    grid_list classes = {NULL, 0, 0, geo->ncells};
    enum_ctx *e = calloc(1, sizeof *e);
    if (!e) {
        cli_error("minimum", "out of memory");
        return 2;
    }
    e->geo = geo;
    e->classes = &classes;
    enum_rec(e, 0);
    if (e->fail) {
        cli_error("minimum", "enumeration failed (out of memory or canonical form error)");
        free(e);
        free(classes.cells);
        return 2;
    }
    g_ncells = geo->ncells;
    qsort(classes.cells, classes.n, (size_t)geo->ncells, cmp_grid);
    size_t nes = 0;
    for (size_t i = 0; i < classes.n; i++) {
        uint8_t *gi = classes.cells + i * (size_t)geo->ncells;
        if (nes > 0 && memcmp(gi, classes.cells + (nes - 1) * (size_t)geo->ncells, (size_t)geo->ncells) == 0)
            continue;
        memmove(classes.cells + nes * (size_t)geo->ncells, gi, (size_t)geo->ncells);
        nes++;
    }
    printf("minimum %dx%d (%dx%d grids): %llu grids with the first row 1..%d, %zu essentially different "
           "(minlex forms), %.2f s\n",
           geo->R, geo->C, geo->N, geo->N, (unsigned long long)e->count, geo->N, nes, mc_wall_seconds() - t0);
    free(e);

    int status = 2, minimum = -1;
    for (int K = 1; K <= geo->ncells && minimum < 0; K++) {
        checker_options ko = copt;
        ko.clues = K;
        checker_ctx *c = checker_new(geo, &ko);
        if (!c) {
            cli_error("minimum", "out of memory");
            break;
        }
        uint64_t with = 0;
        checker_record tot = {0};
        double t = mc_wall_seconds();
        first_found ff = {geo, 0, {0}};
        size_t example_grid = 0;
        for (size_t i = 0; i < nes; i++) {
            checker_record r;
            if (checker_run(c, classes.cells + i * (size_t)geo->ncells, &r, on_found, &ff) != MC_OK) {
                cli_error("minimum", "search failed");
                checker_free(c);
                free(classes.cells);
                return 2;
            }
            if (r.puzzles && !with) example_grid = i;
            with += r.puzzles > 0;
            checker_record_add(&tot, &r);
        }
        checker_free(c);
        if (!with) {
            printf("K = %d: no unique puzzle in any of the %zu grids (%llu nodes, %llu candidates, %.2f s)\n", K,
                   nes, (unsigned long long)tot.nodes, (unsigned long long)tot.candidates, mc_wall_seconds() - t);
            continue;
        }
        grid eg;
        eg.geo = geo;
        memcpy(eg.cell, classes.cells + example_grid * (size_t)geo->ncells, (size_t)geo->ncells);
        char gtext[MAX_CELLS + 1];
        grid_format(&eg, DIGITS_STD, gtext);
        printf("K = %d: %llu of %zu grids have unique puzzles with %d clues (%llu minimal puzzles in all; "
               "%llu nodes, %llu candidates, %.2f s)\n",
               K, (unsigned long long)with, nes, K, (unsigned long long)tot.puzzles, (unsigned long long)tot.nodes,
               (unsigned long long)tot.candidates, mc_wall_seconds() - t);
        printf("  e.g. %s in grid %s\n", ff.text, gtext);
        minimum = K;
    }
    if (minimum > 0) {
        printf("minimum: %d clues; none of the %zu essentially different grids has a unique puzzle with %d clues\n",
               minimum, nes, minimum - 1);
        status = 0;
    }
    free(classes.cells);
    return status;
}
