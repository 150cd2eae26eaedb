/* cmd_job — `minclue job verify [--expect I-J] [--known FILE] [--certificate
 * FILE [--force] | --check-certificate FILE] OUTPUT...`: checks a job's
 * output directories (--known: job_known.h);
 * `minclue job split` is cmd_job_split.c. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "job.h"
#include "job_certificate.h"
#include "job_known.h"
#include "job_union.h"
#include "job_verify.h"
#include "numtext.h"

static void usage(FILE *out)
{
    fputs("usage: minclue job verify [--expect I-J] [--known FILE] [--certificate FILE [--force] | --check-certificate FILE] OUTPUT...\n"
          "       minclue job split JOB N [--outdir DIR] [--calibrate OUT]   (minclue job split --help)\n"
          "       minclue job status [--expect I-J] [--json] [--svg FILE] [--stall-after S] [--cache FILE] OUT...\n"
          "                                                  (minclue job status --help)\n"
          "\n"
          "Checks the output directory of a job (minclue run): the journal covers\n"
          "every rank of the job's source exactly once, each chunk's checksum\n"
          "matches the grids in the source, every listed puzzle is a unique\n"
          "sub-puzzle of its grid with at most K clues (each listed once), and\n"
          "found.txt and summary.json agree with the journal. Prints the claim\n"
          "(\"ranks I..J, N grids, K = 16: 0 puzzles\") or what is missing,\n"
          "duplicated or wrong.\n"
          "\n"
          "With several outputs (one job cut into rank ranges, e.g. by minclue job\n"
          "split), they must be of the same job but for ranks and chunk size, no\n"
          "rank in two of them; each is verified, then one claim is printed over\n"
          "the union.\n"
          "\n"
          "  --expect I-J               the union must be exactly ranks I..J (names\n"
          "                             the first missing ranks otherwise)\n"
          "  --known FILE               compare the found puzzles with the complete\n"
          "                             list of 17-clue puzzles FILE (in a clone:\n"
          "                             tests/data/seventeen-cover.txt.gz): band-pair\n"
          "                             jobs by covering group, grid jobs by grid.\n"
          "                             Prints known in range, found, found and known,\n"
          "                             missing (each listed) and new (each listed and\n"
          "                             checked: one solution, minimal, at most K clues:\n"
          "                             a discovery, else a DEFECT). At K < 17 nothing\n"
          "                             of the list is in range; K > 17 is refused\n"
          "  --certificate FILE         when verified, write FILE: a JSON document\n"
          "                             with the claim and, per output, its ranks,\n"
          "                             the SHA-256 of its journal, its chunk and\n"
          "                             puzzle counts, the build banner and the date;\n"
          "                             never inside an output, and over an existing\n"
          "                             file only when that is a certificate of the\n"
          "                             same outputs\n"
          "  --force                    with --certificate: write over any file\n"
          "  --check-certificate FILE   verify the outputs and check that FILE is\n"
          "                             their certificate (a changed journal, a\n"
          "                             missing output, an edited value or key, or\n"
          "                             anything but one strict JSON object fails;\n"
          "                             at most 16 MiB); the last line is the\n"
          "                             verdict: \"certificate FILE ...: matches the\n"
          "                             outputs\" or \"NOT VERIFIED: ...\"\n"
          "\n"
          "exit status: 0 verified (with --known: nothing missing, no defect),\n"
          "1 not verified (problems listed), 2 error, 3 (--known) a puzzle of the\n"
          "list is missing, 4 (--known) a new puzzle is a defect; 3 before 4\n"
          "before 1. With --known the certificate is written only on exit 0\n",
          out);
}

/* --known: the comparison after the union's verification. True when it
 * decides the exit status (*rc: 2 error, 3 missing, 4 defect, 1 not
 * verified); false when all is well and the rest of verify goes on. */
static bool known_exit(const char *prog, const job_known_list *kl, const job_union *u, int *rc)
{
    job_known_report rep;
    mc_error err;
    if (job_known_compare(kl, u, stdout, &rep, &err) != MC_OK) {
        cli_error(prog, "%s", err.msg);
        *rc = 2;
        return true;
    }
    *rc = rep.missing ? 3 : rep.defects ? 4 : !u->ok ? 1 : 0;
    return *rc != 0;
}

static int verify(const char *prog, int argc, char **argv)
{
    static const struct option opts[] = {{"expect", required_argument, NULL, 'e'},
                                         {"certificate", required_argument, NULL, 'c'},
                                         {"check-certificate", required_argument, NULL, 'k'},
                                         {"force", no_argument, NULL, 'f'},
                                         {"known", required_argument, NULL, 'K'},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    const char *cert = NULL, *check = NULL, *known = NULL;
    bool force = false;
    uint64_t lo = 0, hi = 0;
    optind = 0;
    int c;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) { /* options anywhere among the outputs */
        if (c == 'h') {
            usage(stdout);
            return 0;
        } else if (c == 'e') {
            if (!cli_parse_expect(prog, optarg, &lo, &hi)) return 2;
        } else if (c == 'c') {
            cert = optarg;
        } else if (c == 'k') {
            check = optarg;
        } else if (c == 'f') {
            force = true;
        } else if (c == 'K') {
            known = optarg;
        } else {
            usage(stderr);
            return 2;
        }
    }
    if (optind >= argc || (cert && check)) {
        if (cert && check) cli_error(prog, "--certificate writes one, --check-certificate checks one: not both");
        usage(stderr);
        return 2;
    }
    if (force && !cert) {
        cli_error(prog, "--force goes with --certificate FILE (it lets the certificate write over FILE)");
        usage(stderr);
        return 2;
    }
    mc_error err;
    char *ctext = NULL; /* the certificate to check, read before the outputs are verified */
    size_t clen = 0;
    if (check && job_certificate_read(check, &ctext, &clen, &err) != MC_OK) {
        cli_error(prog, "%s", err.msg);
        return 2;
    }
    job_known_list *kl = NULL; /* read first: a bad list is an error before any work */
    if (known && job_known_read(known, &kl, &err) != MC_OK) {
        cli_error(prog, "%s", err.msg);
        free(ctext);
        return 2;
    }
    if (argc - optind == 1 && !lo && !cert && !check && !known) { /* one output, as it always was */
        bool ok;
        if (job_verify(argv[optind], stdout, &ok, &err) != MC_OK) {
            cli_error(prog, "%s", err.msg);
            return 2;
        }
        return ok ? 0 : 1;
    }
    job_union u;
    int rc = 2;
    if (job_union_verify(&u, argc - optind, argv + optind, lo, hi, stdout, &err) != MC_OK) {
        cli_error(prog, "%s", err.msg);
    } else if (kl && known_exit(prog, kl, &u, &rc)) {
        if (cert) printf("certificate: %s not written\n", cert);
    } else if (check) {
        bool ok;
        if (job_certificate_check(&u, check, ctext, clen, stdout, &ok, &err) != MC_OK) {
            cli_error(prog, "%s", err.msg);
        } else {
            rc = ok && u.ok ? 0 : 1;
            if (rc) /* the last line is the verdict */
                printf("NOT VERIFIED: %s\n", !u.ok && !ok ? "the outputs did not verify, and the certificate does not match them"
                                              : !u.ok ? "the outputs did not verify (the certificate's values match them)"
                                                      : "the certificate does not match the outputs");
        }
    } else if (cert && u.ok) {
        if (job_certificate_write(&u, cert, force, &err) != MC_OK) {
            cli_error(prog, "%s", err.msg);
        } else {
            printf("certificate: %s\n", cert);
            rc = 0;
        }
    } else {
        if (cert) printf("certificate: %s not written\n", cert);
        rc = u.ok ? 0 : 1;
    }
    fflush(stdout);
    free(ctext);
    job_known_free(kl);
    job_union_free(&u);
    return rc;
}

int cmd_job(int argc, char **argv)
{
    static const struct option opts[] = {{"help", no_argument, NULL, 'h'}, {NULL, 0, NULL, 0}};
    optind = 0;
    int c;
    while ((c = getopt_long(argc, argv, "+h", opts, NULL)) != -1) {
        if (c == 'h') {
            usage(stdout);
            return 0;
        }
        usage(stderr);
        return 2;
    }
    if (optind >= argc) {
        usage(stderr);
        return 2;
    }
    cli_counts_default();
    if (!strcmp(argv[optind], "split")) return cmd_job_split(argc - optind, argv + optind);
    if (!strcmp(argv[optind], "status")) return cmd_job_status(argc - optind, argv + optind);
    if (strcmp(argv[optind], "verify") != 0) {
        cli_error(argv[0], "unknown action '%s' (only: verify, split, status)", argv[optind]);
        return 2;
    }
    return verify(argv[0], argc - optind, argv + optind);
}
