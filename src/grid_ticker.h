/* grid_ticker — a progress line while one long grid is being searched.
 *
 * An engine runs a grid to its end without coming back (K = 20 on the
 * band engine, a full 17-clue listing with the checker: minutes), so the
 * per-grid progress line of `search` stays silent then. A ticker is a
 * thread beside the search: between grid_ticker_begin and grid_ticker_end
 * it writes on the stream of the search's progress line, at its interval
 * (progress.h): from 1 s into the grid on a terminal (rewritten in place
 * every 0.5 s, "\r...\033[K") or every 30 s otherwise (a plain line, for
 * logs):
 *
 *     LABEL: Ns on this grid, P puzzles so far
 *
 * and grid_ticker_end erases the in-place line. The search thread only
 * counts puzzles (grid_ticker_found, an atomic add); everything the ticker
 * prints happens under its lock, and the caller writes to the same stream
 * only outside begin..end. One ticker per search; `minclue run` in one
 * process has one too (mpi_master.c, run_alone: its grids run in the
 * master); under mpirun the master reports chunks. It sits beside
 * progress.h, below the command (src/cli) and the MPI layer (src/mpi),
 * which both use it.
 */
#ifndef MC_GRID_TICKER_H
#define MC_GRID_TICKER_H

#include "progress.h"

typedef struct grid_ticker grid_ticker;

/* Starts the thread, writing as p does (p->out; p->tty: rewrite in place;
 * p->interval between lines); p is read here only. NULL when the thread or
 * memory cannot be had (the search runs without). */
grid_ticker *grid_ticker_new(const progress *p);
/* Stops the thread and frees; NULL is fine. */
void grid_ticker_free(grid_ticker *t);

/* A grid starts: the label names it ("grid 3 (in.txt:3), K = 20, engine
 * band"; copied). */
void grid_ticker_begin(grid_ticker *t, const char *label);
/* One puzzle found (called from the search thread). */
void grid_ticker_found(grid_ticker *t);
/* The grid is done: no more lines for it; an in-place line is erased. */
void grid_ticker_end(grid_ticker *t);

#endif
