/* job_certificate — a JSON document binding a verified union of outputs
 * (job_union.h) to their content, for anyone to re-check.
 *
 *     {
 *       "minclue_certificate": 1,
 *       "claim": "ranks 1..288, 288 grids, K = 4: 2680 puzzles",
 *       "job": "format=3 counters=... source=grids path=... clues=4 engine=brute ...",
 *       "source": "grids", "clues": 4, "engine": "brute",
 *       "ranges": [[1, 288]], "units": 288, "unit": "grids", "puzzles": 2680,
 *       "outputs": [
 *         {
 *           "output": "/abs/out1",
 *           "first": 1, "last": 100, "chunks": 10, "puzzles": 900,
 *           "journal_sha256": "64 hex digits"
 *         }, ...
 *       ],
 *       "banner": "minclue 0.1.0 (...)",
 *       "date": "2026-11-25T01:55:00Z"
 *     }
 *
 * (one key per line in the file; "job" is the shared job line,
 * job_union_shared_identity). The outputs are in rank order. Checking a
 * certificate reads the file (at most JOB_CERTIFICATE_MAX bytes, not a
 * directory), parses it as one strict JSON object (json.h: no key twice,
 * no text after it), takes "output" (where the outputs were), "banner" and
 * "date" from it (each a string; the date of the form above), rebuilds the
 * certificate from the outputs given (verified again, their journals
 * hashed again) with those values, and compares the two value by value:
 * every key the outputs give, with their value, and no other key. So a
 * changed journal (another digest), a missing or extra output, a truncated
 * file, an edited value or an added key fails.
 */
#ifndef MC_JOB_CERTIFICATE_H
#define MC_JOB_CERTIFICATE_H

#include <stdbool.h>
#include <stdio.h>

#include "job_union.h"
#include "mc_error.h"

/* Writes the certificate of the verified union u to path (atomically).
 * Nothing is written (MC_EINVAL, naming path) when u is not verified, when
 * path is inside one of the outputs (their journals and results are never
 * written over) or a directory, or when a file at path is not already a
 * certificate of the same outputs, unless force. MC_EIO when path's
 * directory does not exist. */
MC_MUST_USE mc_status job_certificate_write(const job_union *u, const char *path, bool force, mc_error *err);
/* A certificate is read whole, up to this size (about 40,000 outputs). */
#define JOB_CERTIFICATE_MAX ((size_t)16 << 20)
/* Reads the certificate at path into *text (malloc'd, *len bytes): MC_EIO
 * for a file that cannot be read, a directory or a file larger than
 * JOB_CERTIFICATE_MAX, the message naming path. */
MC_MUST_USE mc_status job_certificate_read(const char *path, char **text, size_t *len, mc_error *err);
/* Checks the certificate text (of len bytes, read from path) against u: *ok
 * and a line to out saying what matched or the first difference (text that
 * is not one strict JSON object is a difference). MC_ENOMEM only. */
MC_MUST_USE mc_status job_certificate_check(const job_union *u, const char *path, const char *text, size_t len,
                                            FILE *out, bool *ok, mc_error *err);

#endif
