/* cmd_job_status — `minclue job status OUT... [--expect I-J] [--json]
 * [--svg FILE] [--stall-after S]`: how far a job's outputs are, read only
 * (job_status.h). */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "job_journal.h"
#include "job_status.h"
#include "numtext.h"

static void usage(FILE *out)
{
    fputs("usage: minclue job status [--expect I-J] [--json] [--svg FILE] [--stall-after S] OUT...\n"
          "\n"
          "How far the outputs of a job (or of its parts, `job split`) are, while\n"
          "`minclue run` writes them: it only reads (no lock, no file written but\n"
          "--svg's), and an OUT may be an output directory or a job file (its\n"
          "output; its ranks are then known before the output exists). Per output:\n"
          "its state, ranks done of its ranks, chunks, puzzles, core-hours spent\n"
          "(its chunks' seconds) and the age of the journal's last line. States:\n"
          "  not started  no journal yet\n"
          "  running      chunks missing, a journal line within the stall time\n"
          "  stalled      chunks missing and no line for longer: stopped, killed\n"
          "               or stuck (resubmit it: it resumes)\n"
          "  complete     every chunk once, found.txt and summary.json there\n"
          "               (`job verify` proves it)\n"
          "  damaged      a journal that is not this job's, a damaged line, a\n"
          "               chunk twice or not the job's, a summary beside missing\n"
          "               chunks\n"
          "Then the totals, the gaps and overlaps of the outputs' ranks, the rate\n"
          "(units per hour over the last hour of journal lines), the core-hours\n"
          "left (the cost model of `job split` scaled by the CPU seconds the done\n"
          "chunks took against it: the factor printed with its standard error,\n"
          "as `job split --calibrate` computes it; its rates are of this CPU's class\n"
          "or $MINCLUE_COST_CPU's, as in `job split`) and the ETA at the current\n"
          "rate, and the outputs to resubmit as an sbatch --array list.\n"
          "\n"
          "  --expect I-J      the outputs must cover ranks I..J (gaps named; the\n"
          "                    total is J - I + 1)\n"
          "  --json            the same as one JSON object on stdout (schema:\n"
          "                    README, `job status`)\n"
          "  --svg FILE        also write a picture to FILE: the rank strip by\n"
          "                    state, gaps and overlaps marked, and the throughput\n"
          "                    over time (self-contained SVG)\n"
          "  --stall-after S   the stall time in seconds (default: max(120, 5 x\n"
          "                    the output's 90th-percentile chunk seconds))\n"
          "\n"
          "exit status: 0 every output complete (and no gap), 1 work left or\n"
          "damaged, 2 error\n",
          out);
}

int cmd_job_status(int argc, char **argv)
{
    static const struct option opts[] = {{"expect", required_argument, NULL, 'e'},
                                         {"json", no_argument, NULL, 'j'},
                                         {"svg", required_argument, NULL, 's'},
                                         {"stall-after", required_argument, NULL, 't'},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    const char *prog = "job status", *svg = NULL;
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
    if (job_status_read(&s, argc - optind, argv + optind, lo, hi, stall, (int64_t)time(NULL), &err) != MC_OK) {
        cli_error(prog, "%s", err.msg);
        return 2;
    }
    int rc = job_status_all_complete(&s) ? 0 : 1;
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
    if (json) job_status_json(&s, stdout);
    else job_status_print(&s, stdout);
    if (fflush(stdout) != 0) rc = 2;
    job_status_free(&s);
    return rc;
}
