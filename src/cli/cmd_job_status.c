/* cmd_job_status — `minclue job status OUT... [--expect I-J] [--json]
 * [--svg FILE] [--stall-after S] [--cache FILE]`: how far a job's outputs are, read only
 * (job_status.h). */
#include <getopt.h>
#include <limits.h>
#include <libgen.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "cli.h"
#include "job_journal.h"
#include "job_status.h"
#include "numtext.h"

static void usage(FILE *out)
{
    fputs("usage: minclue job status [--expect I-J] [--json] [--svg FILE] [--stall-after S] [--cache FILE] OUT...\n"
          "\n"
          "How far the outputs of a job (or of its parts, `job split`) are, while\n"
          "`minclue run` writes them: it only reads (no lock, no file written but\n"
          "--svg's and --cache's), and an OUT may be an output directory or a job\n"
          "file (its output; its ranks and job are then known before the output\n"
          "exists; a name ending in .job that is not there is an error). Per\n"
          "output: its state, ranks done of its ranks, chunks, puzzles, core-hours\n"
          "spent (its chunks' CPU seconds, cpu=) and the age of the journal's last line.\n"
          "Journals are read in full, as `job verify` reads them. States:\n"
          "  not started  no journal yet\n"
          "  running      chunks missing, a journal line within the stall time\n"
          "  stalled      chunks missing and no line for longer, or the journal's\n"
          "               last note says a signal stopped its run: stopped,\n"
          "               killed or stuck (resubmit it: it resumes)\n"
          "  complete     what `job verify` says: the job file's job, every\n"
          "               chunk once, found.txt and summary.json the journal's,\n"
          "               and then verify's full check passed (each chunk's\n"
          "               checksum against the source, every puzzle re-solved)\n"
          "  damaged      a journal that is not this job's (another K or ranks,\n"
          "               a dry run's), a chunk twice or not the job's, a\n"
          "               found.txt or summary.json not the journal's, an\n"
          "               output job verify does not verify (its first problem\n"
          "               named) or cannot (no source), chunks missing beside\n"
          "               damaged lines or a summary (the last: a rerun redoes\n"
          "               them; resubmitted)\n"
          "Then the totals, the parts of a split not given (as the part files\n"
          "say), the gaps and overlaps of the outputs' ranks, the rate (units per\n"
          "hour over the last hour of journal lines), the core-hours left (the\n"
          "cost model of `job split` scaled by the CPU seconds the done chunks\n"
          "took against it: the factor printed with its standard error, as `job\n"
          "split --calibrate` computes it; its rates are of this CPU's class or\n"
          "$MINCLUE_COST_CPU's, as in `job split`) and the ETA at the current\n"
          "rate while an output runs, and the outputs to resubmit as an sbatch\n"
          "--array line to paste (absolute paths, MINCLUE=this program).\n"
          "\n"
          "The full check reads the source of every complete output: about\n"
          "65,000 band-pair groups per CPU second (4 CPU-hours for the whole\n"
          "no-16 scan), so a watch loop over many parts wants --cache.\n"
          "\n"
          "  --expect I-J      the outputs must cover ranks I..J (gaps named; the\n"
          "                    total is J - I + 1)\n"
          "  --json            the same as one JSON object on stdout (schema:\n"
          "                    jobs/README.md, \"Status\")\n"
          "  --svg FILE        also write a picture to FILE: the rank strip by\n"
          "                    state, gaps and overlaps marked, and the throughput\n"
          "                    over time (self-contained SVG); written through a\n"
          "                    new temporary file, and never onto an output's\n"
          "                    journal, summary.json or found.txt nor an OUT\n"
          "                    (refused, exit 2)\n"
          "  --stall-after S   the stall time in seconds (default: max(120, 5 x\n"
          "                    the output's 90th-percentile chunk seconds))\n"
          "  --cache FILE      keep the outputs job verify passed in FILE (made\n"
          "                    when not there), each keyed by the device, inode,\n"
          "                    size, mtime and ctime of its journal, summary.json,\n"
          "                    found.txt and source file (a job of a file):\n"
          "                    an output whose files are unchanged\n"
          "                    is not verified again; any write to one of them\n"
          "                    changes its ctime and the output is verified anew.\n"
          "                    Written through a new temporary file; a FILE that\n"
          "                    is not such a cache, or a file of an output, is\n"
          "                    refused (exit 2)\n"
          "\n"
          "exit status: 0 every output complete (of one job, no part or gap\n"
          "missing), 1 work left, damaged, outputs of different jobs or parts\n"
          "not given, 2 error\n",
          out);
}

/* The files of an output that --svg and --cache must never replace. */
static const char *const OUTPUT_FILES[] = {"journal", "summary.json", "found.txt"};

static bool same_file(const struct stat *a, const struct stat *b) { return a->st_dev == b->st_dev && a->st_ino == b->st_ino; }

/* May --svg (or --cache) write to path? Not onto a file of an output (its journal,
 * summary.json or found.txt: by name in the output's directory, even
 * before it exists, or the same file through a link) nor onto an argument
 * (a job file). false with the reason in why. */
static bool svg_target_ok(const job_status *s, const char *path, char *why, size_t cap)
{
    struct stat target, parent, st;
    bool exists = stat(path, &target) == 0;
    char *d = strdup(path), *b = strdup(path);
    if (!d || !b) {
        free(d);
        free(b);
        snprintf(why, cap, "out of memory");
        return false;
    }
    const char *base = basename(b);
    bool in_dir = stat(dirname(d), &parent) == 0, ok = true;
    for (size_t i = 0; ok && i < s->n; i++) {
        const job_status_output *o = &s->out[i];
        if (exists && stat(o->name, &st) == 0 && S_ISREG(st.st_mode) && same_file(&st, &target)) {
            snprintf(why, cap, "%s is %s, an argument of job status", path, o->name);
            ok = false;
        }
        bool here = in_dir && o->dir && stat(o->dir, &st) == 0 && same_file(&st, &parent);
        for (size_t k = 0; ok && k < sizeof OUTPUT_FILES / sizeof OUTPUT_FILES[0]; k++) {
            char *f = o->dir ? job_path_join(o->dir, OUTPUT_FILES[k]) : NULL;
            if ((here && !strcmp(base, OUTPUT_FILES[k])) || (exists && f && stat(f, &st) == 0 && same_file(&st, &target))) {
                snprintf(why, cap, "%s is the %s of the output %s", path, OUTPUT_FILES[k], o->dir);
                ok = false;
            }
            free(f);
        }
    }
    free(d);
    free(b);
    return ok;
}

int cmd_job_status(int argc, char **argv)
{
    static const struct option opts[] = {{"expect", required_argument, NULL, 'e'},
                                         {"json", no_argument, NULL, 'j'},
                                         {"svg", required_argument, NULL, 's'},
                                         {"stall-after", required_argument, NULL, 't'},
                                         {"cache", required_argument, NULL, 'c'},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    const char *prog = "job status", *svg = NULL, *cache_path = NULL;
    bool json = false;
    uint64_t lo = 0, hi = 0;
    double stall = 0;
    optind = 0;
    int c;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        if (c == 'h') {
            usage(stdout);
            return 0;
        } else if (c == 'e') {
            if (!cli_parse_expect(prog, optarg, &lo, &hi)) return 2;
        } else if (c == 'j') {
            json = true;
        } else if (c == 's') {
            svg = optarg;
        } else if (c == 'c') {
            cache_path = optarg;
        } else if (c == 't') {
            char *end;
            stall = strtod(optarg, &end);
            if (*end || !(stall > 0) || stall > 1e9) {
                cli_error(prog, "--stall-after: '%s' is not a number of seconds above 0", optarg);
                return 2;
            }
        } else {
            usage(stderr);
            return 2;
        }
    }
    if (optind >= argc) {
        usage(stderr);
        return 2;
    }
    job_status s;
    mc_error err;
    job_status_cache *cache = NULL;
    if (cache_path && svg && !strcmp(cache_path, svg)) {
        cli_error(prog, "--cache and --svg name the same file %s; refused", svg);
        return 2;
    }
    if (cache_path && job_status_cache_load(cache_path, &cache, &err) != MC_OK) {
        cli_error(prog, "--cache: %s", err.msg);
        return 2;
    }
    if (job_status_read(&s, argc - optind, argv + optind, lo, hi, stall, (int64_t)time(NULL), cache, &err) !=
        MC_OK) {
        cli_error(prog, "%s", err.msg);
        job_status_cache_free(cache);
        return 2;
    }
    int rc = job_status_all_complete(&s) ? 0 : 1;
    char why[2 * PATH_MAX + 64];
    if (cache && !svg_target_ok(&s, cache_path, why, sizeof why)) {
        cli_error(prog, "--cache: %s; refused (keep the cache in another file)", why);
        job_status_free(&s);
        job_status_cache_free(cache);
        return 2;
    }
    if (cache && job_status_cache_save(cache, cache_path, &err) != MC_OK) {
        cli_error(prog, "--cache: %s", err.msg);
        rc = 2;
    }
    if (svg && !svg_target_ok(&s, svg, why, sizeof why)) {
        cli_error(prog, "--svg: %s; refused (write the picture to another file)", why);
        job_status_free(&s);
        job_status_cache_free(cache);
        return 2;
    }
    if (svg) {
        char *text = NULL;
        size_t len = 0;
        FILE *m = open_memstream(&text, &len);
        if (m) {
            job_status_svg(&s, m);
            fclose(m);
        }
        if (!m || !text) {
            cli_error(prog, "out of memory");
            rc = 2;
        } else if (job_write_file_atomic(svg, text, &err) != MC_OK) {
            cli_error(prog, "--svg: %s", err.msg);
            rc = 2;
        }
        free(text);
    }
    if (json) {
        job_status_json(&s, stdout);
    } else {
        /* the lines to paste: absolute, each one shell word */
        char *self = cli_program_path(), *sb = NULL, *prefix = job_status_resubmit_prefix(&s);
        char *first = strdup(argv[optind]), *slash = first ? strrchr(first, '/') : NULL;
        if (slash) *slash = 0;
        if (first) sb = cli_array_sbatch(!slash ? "." : slash == first ? "/" : first); /* above the first OUT */
        free(first);
        char *qprog = self ? cli_shell_word(self) : NULL, *qsb = sb ? cli_shell_word(sb) : NULL;
        char *qprefix = prefix ? cli_shell_word(prefix) : NULL;
        job_status_paste paste = {qprog, qsb, qprefix};
        job_status_print(&s, &paste, stdout);
        free(self);
        free(sb);
        free(prefix);
        free(qprog);
        free(qsb);
        free(qprefix);
    }
    if (fflush(stdout) != 0) rc = 2;
    job_status_free(&s);
    job_status_cache_free(cache);
    return rc;
}
