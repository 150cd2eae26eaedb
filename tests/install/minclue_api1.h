/* minclue_api1 — minclue.h as released with API 1 (minclue 0.1.0), kept
 * verbatim below this note so that tests/install/use_minclue_api1.c is a
 * program built against API 1 (the ABI test of test_install.sh).
 *
 * minclue — the stable C interface of libminclue (the only public header).
 *
 * Grids and puzzles cross this interface as text, one cell per character,
 * row by row: '1'-'9' then 'A'-'G' for digits (16x16 uses 1-9, A-G), '.',
 * '0' or '-' for an empty cell, and a NUL after the last cell. The shape
 * follows from the length: 16 (4x4, boxes 2x2), 36 (6x6, 2x3), 64 (8x8,
 * 2x4), 81 (9x9, 3x3), 144 (12x12, 3x4) or 256 (16x16, 4x4) cells. Output
 * buffers hold MINCLUE_MAX_TEXT bytes.
 *
 * Entry points:
 *   minclue_solve     count the solutions of a puzzle up to 2 (0: none,
 *                     1: unique, with the solution; 2: more than one)
 *   minclue_canon     the minlex form of a solution grid (the least of its
 *                     equivalents under the Sudoku symmetry group) and its
 *                     automorphism count
 *   minclue_search_*  every K-clue puzzle of a grid (see below), one
 *                     callback per puzzle. A context (minclue_search) is made once
 *                     for a shape and options and reused for every grid: a
 *                     batch is a loop over grids with the same context. A
 *                     context is used by one thread at a time; make one per
 *                     thread.
 *
 * minclue_search reports the puzzles of exactly K clues that have the grid
 * as their unique solution (every such puzzle: K = 16 on a 9x9 grid proves
 * that the grid has no 16-clue puzzle when none is reported).
 *
 * Errors are negative return values (minclue_status); minclue_strerror
 * names them. Nothing here exits, prints or keeps global state besides
 * read-only tables built on first use (thread-safe).
 *
 * ABI: contexts are opaque. minclue_search_options starts with its own
 * size (set by minclue_search_options_init) and ends in reserved fields
 * that must be zero: later versions add fields (the next one is an engine
 * choice, MINCLUE_ENGINE_BAND, in `engine`, whose default 0 is today's
 * checker) without changing the layout of the fields before them, and a
 * library reads only the fields that the caller's size covers.
 */
#ifndef MINCLUE_H
#define MINCLUE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define MINCLUE_API_VERSION 1
#define MINCLUE_MAX_TEXT 257 /* 256 cells and the NUL */

#if defined(__GNUC__)
#define MINCLUE_API __attribute__((visibility("default")))
#else
#define MINCLUE_API
#endif

typedef enum minclue_status {
    MINCLUE_OK = 0,
    MINCLUE_EFORMAT = -1,   /* not a grid or puzzle (length, character) */
    MINCLUE_EINVALID = -2,  /* a grid that is not a valid solution grid */
    MINCLUE_ESHAPE = -3,    /* a grid of another shape than the context's */
    MINCLUE_EOPTIONS = -4,  /* an option out of range, or reserved fields not zero */
    MINCLUE_ENOMEM = -5,
    MINCLUE_EINTERNAL = -6
} minclue_status;

/* "minclue 0.1.0" and the like; static storage. */
MINCLUE_API const char *minclue_version(void);
/* A short text for a minclue_status; static storage. */
MINCLUE_API const char *minclue_strerror(int status);

/* Counts the solutions of puzzle up to 2: returns 0, 1 or 2, or a negative
 * minclue_status. With 1 and solution non-NULL, the solution goes there
 * (MINCLUE_MAX_TEXT bytes). Clues that clash give 0. Allocates a solver
 * for the call (about a microsecond on 9x9 puzzles). */
MINCLUE_API int minclue_solve(const char *puzzle, char *solution);

/* The minlex form of the valid solution grid into out (MINCLUE_MAX_TEXT
 * bytes); returns its automorphism count (>= 1) or a negative status. */
MINCLUE_API int minclue_canon(const char *grid, char *out);

/* ---- search ---- */
enum { MINCLUE_ENGINE_CHECKER = 0 };

typedef struct minclue_search_options {
    size_t size;      /* sizeof (minclue_search_options); set by _init */
    int clues;        /* K: the number of clues of the puzzles (1 .. cells) */
    int box_rows;     /* the shape: boxes box_rows x box_cols (default 3 x 3) */
    int box_cols;
    int engine;       /* MINCLUE_ENGINE_CHECKER (the only one so far) */
    /* tuning of the checker; 0 = its default */
    int ua_max_size;  /* unavoidable sets found up to this size */
    int ua_limit;     /* at most this many initial unavoidable sets */
    int max_degree;   /* degree pruning up to this degree */
    int no_learn;     /* 1: do not learn sets from second solutions */
    int reserved[8];  /* zero */
} minclue_search_options;

/* The defaults for K clues on 9x9 grids (size set, everything else 0 or
 * default). */
MINCLUE_API void minclue_search_options_init(minclue_search_options *o, int clues);

typedef struct minclue_search minclue_search;

/* Called once per puzzle found: its text (NUL-terminated, '.' for empty
 * cells) and its number of clues; the text is valid during the call. */
typedef void (*minclue_puzzle_fn)(void *user, const char *puzzle, int nclues);

/* A context for the options; *status (if not NULL) gets MINCLUE_OK or why
 * it is NULL (MINCLUE_EOPTIONS, MINCLUE_ENOMEM). */
MINCLUE_API minclue_search *minclue_search_new(const minclue_search_options *o, int *status);
/* Searches one valid solution grid of the context's shape: fn (may be
 * NULL) gets each puzzle; returns the number of puzzles (>= 0) or a
 * negative status. */
MINCLUE_API long minclue_search_grid(minclue_search *s, const char *grid, minclue_puzzle_fn fn, void *user);
MINCLUE_API void minclue_search_free(minclue_search *s); /* NULL safe */

#ifdef __cplusplus
}
#endif

#endif
