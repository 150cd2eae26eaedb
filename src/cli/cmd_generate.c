/* cmd_generate — `minclue generate grid|puzzle`: random complete grids and
 * minimal puzzles (generate.c), reproducible from a seed. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "generate.h"

static const char *help_main =
    "usage: minclue generate grid   [OPTIONS]   random complete grids\n"
    "       minclue generate puzzle [OPTIONS]   random minimal puzzles\n"
    "\n"
    "`minclue generate grid --help` and `minclue generate puzzle --help` list\n"
    "the options. Same seed, same output on every machine.\n";

static const char *help_grid =
    "usage: minclue generate grid [--box RxC] [--count N] [--seed S]\n"
    "                             [--method backtrack|transform] [--hex]\n"
    "\n"
    "Prints N random valid complete grids, one per line.\n"
    "\n"
    "  --box RxC      box shape, any from 2x2 (4x4 grid) to 4x4 (16x16 grid);\n"
    "                 default 3x3, or 4x4 with --hex\n"
    "  --count N      number of grids (default 1)\n"
    "  --seed S       seed of the random generator (xoshiro256**, 64 bits);\n"
    "                 default: taken from the clock and printed to stderr\n"
    "  --method M     backtrack (default): randomized backtracking, the cell\n"
    "                 with the fewest candidates first, candidates in random\n"
    "                 order; transform: a random element of the symmetry group\n"
    "                 (rows in bands, columns in stacks, bands, stacks,\n"
    "                 transposition for square boxes, relabelling) applied to\n"
    "                 the canonical grid (Behringer's Hexadoku construction)\n"
    "  --hex          digits 0-F (Elektor's Hexadoku) instead of 1-9, A-G\n";

static const char *help_puzzle =
    "usage: minclue generate puzzle [--box RxC] [--count N] [--seed S]\n"
    "                               [--clues-max M] [--attempts A] [--symmetric]\n"
    "                               [--method backtrack|transform] [--hex]\n"
    "\n"
    "Prints N random minimal puzzles as `puzzle:solution`, one per line: a\n"
    "random complete grid (see `generate grid --help` for --box, --seed,\n"
    "--method, --hex), then its cells visited in random order, each emptied\n"
    "unless the puzzle would get a second solution. Minimal: removing any one\n"
    "clue gives more than one solution.\n"
    "\n"
    "  --count N      number of puzzles (default 1)\n"
    "  --symmetric    keep the clue pattern point-symmetric (half-turn): clues\n"
    "                 are removed as pairs (and the centre cell of 9x9 alone).\n"
    "                 The puzzle is then minimal among symmetric puzzles:\n"
    "                 removing any pair gives more than one solution, but a\n"
    "                 single clue of a pair may still be removable\n"
    "  --clues-max M  keep generating until a puzzle has at most M clues; give\n"
    "                 up (exit status 1) after A attempts for one puzzle\n"
    "  --attempts A   attempts per puzzle with --clues-max (default 1000)\n"
    "\n"
    "Exit status: 0 on success, 1 when --clues-max was not reached, 2 on\n"
    "usage errors.\n";

int cmd_generate(int argc, char **argv)
{
    if (argc < 2) {
        fputs(help_main, stderr);
        return 2;
    }
    const char *what = argv[1];
    bool is_grid = !strcmp(what, "grid"), is_puzzle = !strcmp(what, "puzzle");
    if (!strcmp(what, "--help") || !strcmp(what, "-h") || !strcmp(what, "help")) {
        fputs(help_main, stdout);
        return 0;
    }
    if (!is_grid && !is_puzzle) {
        cli_error("generate", "unknown kind '%s' (grid or puzzle)", what);
        fputs(help_main, stderr);
        return 2;
    }
    const char *help = is_grid ? help_grid : help_puzzle;
    static const struct option opts[] = {CLI_OPTION_BOX,
                                          {"count", required_argument, 0, 'n'},
                                          {"seed", required_argument, 0, 's'},
                                          {"method", required_argument, 0, 'm'},
                                          CLI_OPTION_HEX,
                                          {"clues-max", required_argument, 0, 'c'},
                                          {"attempts", required_argument, 0, 'a'},
                                          {"symmetric", no_argument, 0, 'y'},
                                          {"help", no_argument, 0, 'h'},
                                          {0, 0, 0, 0}};
    const geometry *geo = NULL;
    uint64_t count = 1, seed = 0, clues_max = 0, attempts = 1000;
    bool have_seed = false, have_clues_max = false, symmetric = false;
    gen_method method = GEN_BACKTRACK;
    digit_style style = DIGITS_STD;
    optind = 0;
    int o;
    while ((o = getopt_long(argc - 1, argv + 1, "", opts, NULL)) != -1) {
        switch (o) {
        case 'b':
            if (!cli_parse_box("generate", optarg, &geo)) return 2;
            break;
        case 'n':
            if (!numtext_u64(optarg, &count) || count < 1) {
                cli_error("generate", "--count needs a whole number >= 1, not '%s'", optarg);
                return 2;
            }
            break;
        case 's':
            if (!numtext_u64(optarg, &seed)) {
                cli_error("generate", "--seed needs a whole number from 0 to 2^64-1, not '%s'", optarg);
                return 2;
            }
            have_seed = true;
            break;
        case 'm':
            if (!strcmp(optarg, "backtrack")) method = GEN_BACKTRACK;
            else if (!strcmp(optarg, "transform")) method = GEN_TRANSFORM;
            else {
                cli_error("generate", "--method is backtrack or transform, not '%s'", optarg);
                return 2;
            }
            break;
        case 'x': style = DIGITS_HEX; break;
        case 'c':
            if (!is_puzzle || !numtext_u64(optarg, &clues_max) || clues_max > MAX_CELLS) {
                cli_error("generate", is_puzzle ? "--clues-max needs a whole number from 0 to 256, not '%s'"
                                                : "--clues-max is an option of `generate puzzle` (%s)",
                          optarg);
                return 2;
            }
            have_clues_max = true;
            break;
        case 'a':
            if (!is_puzzle || !numtext_u64(optarg, &attempts) || attempts < 1) {
                cli_error("generate", is_puzzle ? "--attempts needs a whole number >= 1, not '%s'"
                                                : "--attempts is an option of `generate puzzle` (%s)",
                          optarg);
                return 2;
            }
            break;
        case 'y':
            if (!is_puzzle) {
                cli_error("generate", "--symmetric is an option of `generate puzzle`");
                return 2;
            }
            symmetric = true;
            break;
        case 'h': fputs(help, stdout); return 0;
        default: fputs(help, stderr); return 2;
        }
    }
    if (optind + 1 < argc) {
        cli_error("generate", "unexpected argument '%s'", argv[optind + 1]);
        return 2;
    }
    if (!geo) geo = style == DIGITS_HEX ? geometry_get(4, 4) : geometry_9x9();
    if (!have_seed) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        seed = (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
        fprintf(stderr, "minclue generate: --seed %llu\n", (unsigned long long)seed);
    }
    gen_ctx *ctx = gen_new(geo);
    if (!ctx) {
        cli_error("generate", "out of memory");
        return 2;
    }
    prng rng;
    prng_seed(&rng, seed);
    char line[2 * MAX_CELLS + 4];
    int status = 0;
    for (uint64_t i = 0; i < count; i++) {
        grid sol, puz;
        gen_grid(ctx, method, &rng, &sol);
        if (is_grid) {
            grid_format(&sol, style, line);
            puts(line);
            continue;
        }
        int clues = gen_puzzle(ctx, &rng, &sol, symmetric, &puz);
        int fewest = clues;
        uint64_t tries = 1;
        while (have_clues_max && (uint64_t)clues > clues_max && tries < attempts) {
            gen_grid(ctx, method, &rng, &sol);
            clues = gen_puzzle(ctx, &rng, &sol, symmetric, &puz);
            if (clues < fewest) fewest = clues;
            tries++;
        }
        if (have_clues_max && (uint64_t)clues > clues_max) {
            cli_error("generate",
                      "puzzle %llu: no puzzle with at most %llu clues in %llu attempts (fewest: %d); "
                      "raise --clues-max or --attempts",
                      (unsigned long long)(i + 1), (unsigned long long)clues_max, (unsigned long long)attempts,
                      fewest);
            status = 1;
            break;
        }
        grid_format(&puz, style, line);
        line[geo->ncells] = ':';
        grid_format(&sol, style, line + geo->ncells + 1);
        puts(line);
    }
    gen_free(ctx);
    return status;
}
