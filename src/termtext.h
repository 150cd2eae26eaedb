/* termtext — text from a file or a directory name, made safe to print on a
 * terminal.
 *
 * A name read from a journal, a summary, a certificate or the file system
 * may hold bytes a terminal acts on: a newline (a fake line of a report),
 * ESC (colours, cursor moves, a window title), other control characters.
 * termtext writes such text with exactly those bytes escaped:
 *
 *     \n \r \t \e   newline, carriage return, tab, escape
 *     \\            a backslash (so an escape is never ambiguous)
 *     \xHH          any other C0 control (0x00-0x1f), DEL (0x7f), each byte
 *                   of a C1 control (U+0080..U+009F: C2 80..C2 9F) and each
 *                   byte that is not part of valid UTF-8
 *
 * Everything else (printable ASCII, valid UTF-8) passes unchanged, so an
 * ordinary name prints as itself. The escaped text of s is at most
 * TERMTEXT_GROWTH times as long as s.
 */
#ifndef MC_TERMTEXT_H
#define MC_TERMTEXT_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#define TERMTEXT_GROWTH 4

/* The length of s escaped (bytes, without the NUL). */
size_t termtext_len(const char *s);

/* s escaped into out (cap >= 1 bytes, NUL-terminated). When it does not
 * fit, it is cut before a whole escape or UTF-8 character and ends in
 * "..." (when cap >= 4). Returns out. */
char *termtext_escape(char *out, size_t cap, const char *s);

/* s escaped, malloc'd; NULL when out of memory. */
char *termtext_dup(const char *s);

/* Writes s escaped to f. */
void termtext_put(FILE *f, const char *s);

/* Writes the printf text of fmt escaped to f, but for a newline at its end,
 * which stays one: a report line whose names cannot break it. */
void termtext_vprintf(FILE *f, const char *fmt, va_list ap);
void termtext_printf(FILE *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
