/* journal_line — the text of one line of a job's journal (job_journal.h):
 * sealing, and the chunk line written and read back.
 *
 *     J format=3 counters=uas,second,... source=grids ... *SUM
 *     C first=1 count=10 sum=CHUNKSUM uas=.. second=.. ... sec=.. cpu=.. at=.. found=RANK:PUZZLE;.. *SUM
 *
 * Every J and C line ends with " *" and the FNV-1a 64-bit hash (16 hex
 * digits) of the text before it (journal_line_seal), so a torn or damaged
 * line is detected. A C line holds its chunk, every work counter of
 * work_counters.h as key=value, its wall seconds (sec), its CPU seconds (cpu: optional, older journals
 * have none), when it was
 * written (at: Unix seconds; optional, older journals have none) and its
 * puzzles.
 *
 * Numbers are read strictly, one spelling each: counts and ranks as plain
 * decimal digits (numtext_u64), CHUNKSUM as hex digits, seconds as a plain
 * decimal of at most WORK_SECONDS_MAX (no inf, nan, exponent or hex float),
 * at as decimal digits of at most JOURNAL_LINE_MAX_AT. A line with any
 * other spelling is not a chunk line (a damaged line to its reader), so
 * every total built from chunk lines is finite.
 */
#ifndef MC_JOURNAL_LINE_H
#define MC_JOURNAL_LINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "geometry.h"
#include "job_result.h"

/* The latest `at` a line may carry: 9999-12-31 23:59:59 UTC. */
#define JOURNAL_LINE_MAX_AT INT64_C(253402300799)

/* Appends " *HASH\n" to the line in buf (length n; 20 bytes of room after
 * it); returns the sealed length. */
size_t journal_line_seal(char *buf, size_t n);
/* Checks the seal of a line (len bytes, without newline); on success cuts
 * it off (NUL at its start) and returns true. */
bool journal_line_unseal(char *line, size_t len);
/* The sealed C line of r written at time at (omitted when 0) into *buf
 * (grown as needed, *cap its size); returns its length, 0 when out of
 * memory. */
size_t journal_line_format_chunk(const job_result *r, int64_t at, const geometry *geo, char **buf, size_t *cap);
/* Parses an unsealed C line body (changed in place) into r (cleared
 * first; r's found list is reused). Every field once at most, every counter
 * there, every puzzle parsed: one strictness for every reader (run, verify,
 * status). false for anything else. */
bool journal_line_parse_chunk(char *body, const geometry *geo, job_result *r);

#endif
