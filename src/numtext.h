/* numtext — whole numbers and ranges in text (options, job files, caches).
 *
 * A number is one or more decimal digits, nothing else (no sign, no blanks,
 * no suffix), that fits in 64 bits. A range is "A" or "A-B" with A <= B,
 * both numbers. Shared by the CLI and the job-file parser so both accept
 * exactly the same spellings.
 */
#ifndef MC_NUMTEXT_H
#define MC_NUMTEXT_H

#include <stdbool.h>
#include <stdint.h>

/* Parses a whole non-negative decimal number; false on junk or overflow. */
bool numtext_u64(const char *s, uint64_t *out);

/* Parses "A-B" or "A" into an inclusive range (A <= B). */
bool numtext_range(const char *s, uint64_t *lo, uint64_t *hi);

/* Parses a number from lo to hi into an int; "-1" is accepted as well when
 * lo <= -1 (job files: -1 = the default). */
bool numtext_int(const char *s, int lo, int hi, int *out);

/* Parses a plain decimal from 0 to max (finite) into *out; false on any
 * other spelling or a value above max. */
bool numtext_decimal(const char *s, double max, double *out);

#endif
