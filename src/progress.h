/* progress — a progress line for long runs.
 *
 * On a terminal the line is rewritten in place ("\r...\033[K") at most every
 * half second; otherwise a plain line is printed every 30 seconds:
 *
 *     DONE[/TOTAL] WHAT, RATE/s, Ns elapsed[, ETA XhYYmZZs][, EXTRA]
 *
 * (WHAT a plural noun, "grids"; its final s dropped when TOTAL, or DONE
 * without a total, is 1.)
 *
 * A progress value is a plain struct owned by the caller (no allocation).
 * progress_done prints the final line when any line was printed or the run
 * took more than 2 seconds. Used by the CLI and the MPI master; nothing here
 * knows about options or files named by users.
 */
#ifndef MC_PROGRESS_H
#define MC_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

typedef struct progress {
    const char *what;     /* "grids", "puzzles" */
    uint64_t total;       /* 0 = unknown */
    double start, last;
    double interval;      /* seconds between lines */
    bool tty;             /* rewrite one line in place */
    bool printed;
    bool open;            /* a line is showing in place, not ended by a newline */
    FILE *out;            /* stderr unless progress_init_file */
} progress;

/* Starts a progress line on stderr (tty and interval from isatty). */
void progress_init(progress *p, const char *what, uint64_t total);
/* The same on out: tty as given, interval 0.5 s on a tty, else 30 s. */
void progress_init_file(progress *p, const char *what, uint64_t total, FILE *out, bool tty);
/* extra may be NULL: a short text appended to the line ("3 puzzles"). */
void progress_update(progress *p, uint64_t done, const char *extra);
void progress_done(progress *p, uint64_t done, const char *extra);
/* Ends the line showing in place on a terminal (a newline), so that a
 * message can follow on a line of its own; nothing when none is showing. */
void progress_break(progress *p);

#endif
