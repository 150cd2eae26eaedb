/* mc_error — the recoverable-error tier shared by every module.
 *
 * Library functions that can fail on input (I/O, zlib, corrupt files, bad
 * text, bad jobs, out of memory) return an mc_status (MC_OK == 0) and, when
 * given a non-NULL mc_error, fill in a one-line message that names the file
 * and line where that is known ("grids.txt:12: bad character 'x' at column 5").
 * Library code never exits; only the CLI and the MPI layer end the program.
 */
#ifndef MC_ERROR_H
#define MC_ERROR_H

#include <stdarg.h>

#define MC_MUST_USE __attribute__((warn_unused_result))

typedef enum mc_status {
    MC_OK = 0,
    MC_EIO = 1,      /* cannot open, read or write a file */
    MC_EFORMAT = 2,  /* text or option that does not parse */
    MC_EINVAL = 3,   /* parses, but is not valid (clashing clues, bad range) */
    MC_ECORRUPT = 4, /* a binary file fails its checks (CRC, truncation, version) */
    MC_ENOMEM = 5,
    MC_EOF = 6,      /* end of input: not an error for readers */
    MC_STOPPED = 7,  /* the caller's stop flag was set (a signal): the work is not done */
    MC_EINTERNAL = 8, /* an invariant of a search failed: a bug, never a result */
    MC_ELIMIT = 9     /* a search reached the bound on its memory: the work is not done */
} mc_status;

#define MC_ERROR_MSG_MAX 512
typedef struct mc_error {
    char msg[MC_ERROR_MSG_MAX];
} mc_error;

/* Sets err->msg from a printf format (when err is non-NULL) and returns code. */
mc_status mc_fail(mc_error *err, mc_status code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Short name of a status code ("I/O error", ...). */
const char *mc_status_name(mc_status code);

#endif
