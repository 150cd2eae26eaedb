/* minclue — the stable C interface of libminclue (the only public header).
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
 *   minclue_search_*  the minimal puzzles of at most K clues of a grid (see
 *                     below), one callback per puzzle. A context
 *                     (minclue_search) is made once for a shape and options
 *                     and reused for every grid: a batch is a loop over
 *                     grids with the same context. A context is used by one
 *                     thread at a time; make one per thread.
 *
 * What a search reports: every minimal puzzle of at most K clues that has
 * the grid as its unique solution. Minimal: no clue can be taken away
 * without a second solution. A reported puzzle with fewer than K clues
 * stands for its supersets of up to K clues, which are unique too and are
 * not reported. So no puzzle reported at K means the grid has no unique
 * puzzle of K clues or fewer (K = 16 on a 9x9 grid: no 16-clue puzzle).
 * With `first` set the search of a grid stops at its first puzzle: the
 * count is 0 or 1, the answer to "is there a puzzle of at most K clues in
 * this grid?" (which puzzle comes first may differ between engines).
 *
 * Engines (minclue_search_options.engine), which report the same puzzles
 * and differ only in the work:
 *   MINCLUE_ENGINE_CHECKER (0, the default)  unavoidable sets, hitting
 *       sets of up to K cells, solver check; boxes 2x2, 2x3, 2x4 or 3x3
 *       (grids of at most 81 cells), K from 1 to the number of cells; tuned
 *       by ua_max_size, ua_limit, max_degree and no_learn.
 *   MINCLUE_ENGINE_BAND (1)  the band method: 9x9 grids only (boxes 3x3),
 *       K from 1 to 27; ua_max_size, ua_limit and max_degree must be 0
 *       (they tune the checker), no_learn applies. Faster than the
 *       checker at K = 16 and 17 (K = 16: 0.7 s of CPU a grid against
 *       6.2 s; K = 17: 18 s against 92 s); at high K far slower (K = 21 with first, on a grid with 19-clue puzzles:
 *       78 s against 0.04 s), so choose by K.
 *   MINCLUE_ENGINE_CHECK64 (2, API 3)  the checker's method on 64-bit cell
 *       sets: boxes 2x2, 2x3, 2x4 only (grids of at most 64 cells), K from
 *       1 to the number of cells; ua_max_size, ua_limit, max_degree and
 *       no_learn must be 0 (it takes no tuning). On 8x8 grids 4.5-5.9 times
 *       the checker's speed up to K = 13, about as fast at K = 16-17; on
 *       4x4 and 6x6 grids the faster up to K = 3 and 9 (src/check64_crossover.h).
 *
 * Errors are negative return values (minclue_status); minclue_strerror
 * names them. Every pointer argument is checked: a NULL where a pointer
 * is required gives MINCLUE_ENULL (the optional ones, which may be NULL,
 * are named below). Nothing here exits, prints or keeps global state
 * besides read-only tables built on first use (thread-safe).
 *
 * Callbacks: a puzzle callback may use any other context, and minclue_solve
 * and minclue_canon, but its own context is busy: minclue_search_grid on it
 * returns MINCLUE_EBUSY (the search goes on unharmed), and
 * minclue_search_free on it frees the context once the running search
 * returns (that search makes no more callbacks).
 *
 * ABI: contexts are opaque. minclue_search_options starts with its own
 * size (set by minclue_search_options_init) and ends in reserved fields
 * that must be zero. New fields take reserved ones without changing the
 * layout or the size (API 2 took reserved[0] for `first`): a caller built
 * against API 1, with every reserved field zero, gets the behaviour it
 * had. The size must be sizeof (minclue_search_options) of a released
 * header, which so far is one value; anything else (0xdeadbeef, a size
 * from a later header with a larger struct) gives MINCLUE_EOPTIONS before
 * any field past `size` is read.
 */
#ifndef MINCLUE_H
#define MINCLUE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define MINCLUE_API_VERSION 3 /* 2: engine band, first, EBUSY, ENULL; 3: engine check64 */
#define MINCLUE_MAX_TEXT 257 /* 256 cells and the NUL */

#if defined(__GNUC__)
#define MINCLUE_API __attribute__((visibility("default")))
#else
#define MINCLUE_API
#endif

typedef enum minclue_status {
    MINCLUE_OK = 0,
    MINCLUE_EFORMAT = -1,   /* not a grid or puzzle: length, character (solve, canon, search_grid) */
    MINCLUE_EINVALID = -2,  /* not a valid solution grid (canon, search_grid) */
    MINCLUE_ESHAPE = -3,    /* a grid of another shape than the context's (search_grid) */
    MINCLUE_EOPTIONS = -4,  /* search_new: a bad size, an option out of range, an engine that does
                               not take the shape, K or a tuning option, reserved fields not zero */
    MINCLUE_ENOMEM = -5,    /* out of memory (solve, search_new, search_grid) */
    MINCLUE_EINTERNAL = -6, /* a defect of the library (please report it) */
    MINCLUE_EBUSY = -7,     /* search_grid on a context whose search is running (from its callback) */
    MINCLUE_ENULL = -8      /* a NULL pointer where one is required (API 1: EFORMAT or EOPTIONS) */
} minclue_status;

/* "minclue 0.1.0" and the like; static storage. */
MINCLUE_API const char *minclue_version(void);
/* A short text for a minclue_status; static storage. */
MINCLUE_API const char *minclue_strerror(int status);

/* Counts the solutions of puzzle up to 2: returns 0, 1 or 2, or a negative
 * minclue_status (ENULL without a puzzle, EFORMAT, ENOMEM). With 1 and
 * solution non-NULL, the solution goes there (MINCLUE_MAX_TEXT bytes);
 * solution may be NULL. Clues that clash give 0. Allocates a solver for
 * the call (about a microsecond on 9x9 puzzles). */
MINCLUE_API int minclue_solve(const char *puzzle, char *solution);

/* The minlex form of the valid solution grid into out (MINCLUE_MAX_TEXT
 * bytes, required); returns its automorphism count (>= 1) or a negative
 * status (ENULL, EFORMAT, EINVALID). */
MINCLUE_API int minclue_canon(const char *grid, char *out);

/* ---- search ---- */
enum { MINCLUE_ENGINE_CHECKER = 0, MINCLUE_ENGINE_BAND = 1, MINCLUE_ENGINE_CHECK64 = 2 };

typedef struct minclue_search_options {
    size_t size;      /* sizeof (minclue_search_options); set by _init */
    int clues;        /* K: puzzles of at most K clues (1 .. cells; band: 1 .. 27) */
    int box_rows;     /* the shape: boxes box_rows x box_cols, 0 = 3; the */
    int box_cols;     /*   checker takes 2x2, 2x3, 2x4, 3x3, band 3x3 only, check64 2x2-2x4 */
    int engine;       /* MINCLUE_ENGINE_CHECKER (0, default), _BAND or _CHECK64 */
    /* tuning of the checker; 0 = its default; band and check64 take only 0 */
    int ua_max_size;  /* unavoidable sets found up to this size (0 .. 24) */
    int ua_limit;     /* at most this many initial unavoidable sets (>= 0) */
    int max_degree;   /* degree pruning up to this degree (0 .. 5; 1 = off) */
    /* checker and band (check64 takes only 0) */
    int no_learn;     /* 0 or 1: do not keep sets learned from second solutions */
    int first;        /* 0 or 1: stop each grid at its first puzzle (every engine; API 2; was reserved[0]) */
    int reserved[7];  /* zero */
} minclue_search_options;

/* The defaults for K clues on 9x9 grids with the checker (size set,
 * everything else 0 or default); does nothing when o is NULL. */
MINCLUE_API void minclue_search_options_init(minclue_search_options *o, int clues);

typedef struct minclue_search minclue_search;

/* Called once per puzzle found: its text (NUL-terminated, '.' for empty
 * cells) and its number of clues; the text is valid during the call. See
 * "Callbacks" above for what it may do with its own context. */
typedef void (*minclue_puzzle_fn)(void *user, const char *puzzle, int nclues);

/* A context for the options; *status (status may be NULL) gets MINCLUE_OK
 * or why it is NULL: MINCLUE_ENULL (o is NULL), MINCLUE_EOPTIONS (a size
 * other than sizeof (minclue_search_options), a value out of the ranges
 * above, an engine other than the three, a shape, K or tuning option the
 * engine does not take, a reserved field not zero) or MINCLUE_ENOMEM. */
MINCLUE_API minclue_search *minclue_search_new(const minclue_search_options *o, int *status);
/* Searches one valid solution grid of the context's shape: fn (may be
 * NULL) gets each puzzle; returns the number of puzzles (>= 0; 0 or 1 with
 * `first`) or a negative status: ENULL (s or grid NULL), EFORMAT,
 * ESHAPE, EINVALID, EBUSY (called from a callback of s), ENOMEM. */
MINCLUE_API long minclue_search_grid(minclue_search *s, const char *grid, minclue_puzzle_fn fn, void *user);
/* NULL safe; from a callback of s, s is freed when its search returns. */
MINCLUE_API void minclue_search_free(minclue_search *s);

#ifdef __cplusplus
}
#endif

#endif
