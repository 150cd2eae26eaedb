/* gridfile — reading grids and puzzles from text files, one per line.
 *
 * Files may be plain or gzip-compressed (zlib reads both transparently);
 * "-" is standard input. Blank lines and lines starting with '#' are
 * skipped. A line is a grid token followed by an optional trailer: anything
 * after the first whitespace or ':' is kept verbatim (without that first
 * separator) and handed back to the caller.
 *
 * Errors name the file and line: "puzzles.txt:12: bad character 'x' at
 * column 5". After a format error on one line the reader can go on with the
 * next one (callers decide whether to stop). A NUL byte makes its line a
 * format error ("NUL byte at column 7"), never part of the next line; a line
 * longer than LINE_MAX_BYTES (a binary file, /dev/zero) is a read error
 * (MC_EIO) after which the reader stays failed.
 */
#ifndef MC_GRIDFILE_H
#define MC_GRIDFILE_H

#include <stdbool.h>

#include "grid.h"
#include "mc_error.h"

typedef struct gridfile gridfile;

/* Opens path ("-" = stdin). geo NULL means: infer each line's shape from its
 * length (16, 36, 64, 81, 144 or 256 cells), so one file may mix shapes. */
MC_MUST_USE mc_status gridfile_open(const char *path, const geometry *geo, digit_style style,
                                    gridfile **out, mc_error *err);

/* Next grid. Returns MC_OK, MC_EOF at the end, MC_EFORMAT for a bad line
 * (message with file:line; the reader stays usable), MC_EIO on a read error
 * (including a truncated or corrupt gzip stream). *trailer points into the
 * reader's buffer, valid until the next call ("" when absent). */
MC_MUST_USE mc_status gridfile_next(gridfile *f, grid *out, const char **trailer, mc_error *err);

/* Line number of the last line returned (1-based) and the file's name. */
long gridfile_line(const gridfile *f);
const char *gridfile_name(const gridfile *f);

void gridfile_free(gridfile *f);

/* Raw line reader used by gridfile and by other text formats (jobs,
 * patterns): every line, comments included, newline stripped. */
/* The longest line a reader accepts (bytes, newline excluded): anything
 * longer is a binary file or an endless line (/dev/zero) and an error. */
#define LINE_MAX_BYTES (1u << 20)

typedef struct linereader linereader;
MC_MUST_USE mc_status linereader_open(const char *path, linereader **out, mc_error *err);
/* MC_OK with *line (NUL-terminated, owned by the reader), MC_EOF, MC_EFORMAT
 * for a line holding a NUL byte (the line is consumed; the next call reads
 * the next line), or MC_EIO (read error, damaged gzip stream, or a line
 * longer than LINE_MAX_BYTES; every later call fails too). */
MC_MUST_USE mc_status linereader_next(linereader *r, char **line, size_t *len, mc_error *err);
long linereader_line(const linereader *r);
const char *linereader_name(const linereader *r);
void linereader_free(linereader *r);

#endif
