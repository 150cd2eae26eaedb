/* job_union — `minclue job verify OUT...`: the outputs of one job cut into
 * rank ranges (`minclue job split`, or job files written by hand), verified
 * each and then as one claim.
 *
 * The outputs must be of the same job but for their ranks and chunk size:
 * every other key of their journals' job lines (source and its content
 * sum, bands, shape, K, engine, engine options, format and counters) is
 * equal; the path of a grid file may differ (job_identity_same_job: its
 * content sum decides), as for parts run in different checkouts. No rank is in two outputs. The union's claim names its rank
 * ranges (adjacent outputs merged), its units, K and its puzzles; it holds
 * when every output verifies (job_verify_output). With an expected range
 * I..J, the union must be exactly I..J.
 *
 * A job_union holds the outputs sorted by first rank, each with the
 * SHA-256 of its journal, for the certificate (job_certificate.h).
 */
#ifndef MC_JOB_UNION_H
#define MC_JOB_UNION_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "job_verify.h"
#include "mc_error.h"
#include "sha256.h"

typedef struct union_output {
    char *dir;                                   /* absolute path */
    job_verified v;                              /* job, job line, totals, verified */
    char journal_sha256[SHA256_HEX_CHARS + 1];   /* of the journal as verified */
} union_output;

typedef struct job_union {
    size_t n;
    union_output *out;       /* n outputs, by first rank */
    uint64_t units, puzzles, chunks;
    bool ok;                 /* every output verified (and the expected range, when given) */
    char claim[1024];        /* the union's claim (when ok) */
} job_union;

/* Loads, checks for agreement and overlap, verifies each of the n output
 * directories (reports to out, each under a "== DIR" line when n > 1) and
 * the union; expect_first..expect_last (0..0: none) is the range the union
 * must be. MC_EINVAL naming the directories and what differs when the
 * outputs are of different jobs or share ranks; MC_EIO when one cannot be
 * read. u is filled in either way (job_union_free). */
MC_MUST_USE mc_status job_union_verify(job_union *u, int n, char **dirs, uint64_t expect_first,
                                       uint64_t expect_last, FILE *out, mc_error *err);
void job_union_free(job_union *u);
/* The last output of the range of adjacent outputs (no rank between them)
 * that starts at output i: the union's rank ranges are out[i].first ..
 * out[k].last for k = job_union_range_end(u, i), then from k + 1. */
size_t job_union_range_end(const job_union *u, size_t i);

/* The job line of an output without first, last and chunk: what the outputs
 * of one job share. malloc'd, NULL when out of memory. */
char *job_union_shared_identity(const char *identity);

#endif
