/* job — job files, work units, grid sources, the journal, verification.
 *
 * A job is a set of grids (a source with a rank range), a clue count K, a
 * chunk size and an output directory. The rank range first..last is cut into
 * work units (chunks) of `chunk` consecutive ranks:
 *
 *     chunk i = ranks first + i*chunk .. min(first + (i+1)*chunk - 1, last)
 *
 * so the union of all chunks covers every rank exactly once. A chunk is done
 * when its line is in the journal (OUTPUT/journal), appended and fsync'd:
 *
 *     # comment lines (build banner of each run; ignored)
 *     J source=grids path=/abs/file first=1 last=40 shape=3x3 clues=16 chunk=10 engine=checker ... *SUM
 *     C first=1 count=10 sum=CHUNKSUM uas=.. nodes=.. cand=.. puzzles=1 sec=.. found=RANK:PUZZLE;.. *SUM
 *
 * Every J and C line ends with " *" and the FNV-1a 64-bit hash (16 hex
 * digits) of the text before it, so a torn or damaged line is detected and
 * ignored. CHUNKSUM is job_checksum_grids of the chunk's grids. The puzzles a
 * chunk found are inside its line, so found.txt (rebuilt from the journal) can
 * never disagree with it. The J line is the job's identity: a rerun on the
 * same output directory must have the same one (a different job, chunk size
 * or engine is refused), and `job verify` needs nothing but the journal and
 * the source.
 *
 * Engines: `checker` (the real search, checker.h), `brute` (every K-cell
 * subset through the solver: the slow twin for tiny shapes) and `none`
 * (--dry-run: the grids travel, nothing is searched).
 *
 * Nothing here knows about MPI; mpi_master.c and mpi_worker.c drive it.
 */
#ifndef MC_JOB_H
#define MC_JOB_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "geometry.h"
#include "mc_error.h"
#include "solver.h"

typedef enum job_source_kind { JOB_SOURCE_GRIDS, JOB_SOURCE_CATALOGUE, JOB_SOURCE_ENUMERATE } job_source_kind;
typedef enum job_engine_kind { JOB_ENGINE_CHECKER, JOB_ENGINE_BRUTE, JOB_ENGINE_NONE } job_engine_kind;

typedef struct job {
    char *path;              /* the job file as given ("" for a job read from a journal) */
    job_source_kind source;
    char *source_path;       /* absolute path (grids, catalogue); NULL for enumerate */
    bool ranks_given;
    uint64_t first, last;    /* inclusive rank range; last is 0 until job_resolve */
    int band_lo, band_hi;    /* enumerate: minlex bands (1..416) */
    const geometry *geo;     /* NULL until known (job file `shape` or the source) */
    int clues;
    uint64_t chunk;
    char *output;            /* absolute path of the output directory */
    job_engine_kind engine;
    /* checker options; -1 = the checker's default */
    int ua_max_size, ua_limit, max_degree, learn;
    int inflight;            /* chunks in flight per worker (default 2) */
    double grace;            /* seconds to wait for chunks in flight after SIGTERM (default 60) */
} job;

/* Parses a job file: syntax, keys, values, and that the files it names
 * exist and are readable; relative paths are resolved against the job
 * file's directory. Errors name the file and line. Does not read the
 * source (see job_resolve). On error *j is left empty (job_free safe). */
MC_MUST_USE mc_status job_load(const char *path, job *j, mc_error *err);
/* The same from text (name is used in messages and to resolve paths:
 * its directory, or the current directory when name has no '/'). */
MC_MUST_USE mc_status job_parse(const char *name, const char *text, job *j, mc_error *err);
void job_free(job *j);

/* Opens the source once: for text grid files every line is checked (one
 * shape, valid solution grids) and counted; the rank range is checked
 * against the source and `last` filled in. Errors name file and line. */
MC_MUST_USE mc_status job_resolve(job *j, mc_error *err);

uint64_t job_total(const job *j);               /* grids in the job */
uint64_t job_nchunks(const job *j);
/* First rank and grid count of chunk i. */
void job_chunk_range(const job *j, uint64_t i, uint64_t *first, uint64_t *count);

/* The J line body (without "J " and checksum), malloc'd. */
char *job_identity(const job *j);
/* Rebuilds a job from a J line body (for `job verify`). */
MC_MUST_USE mc_status job_from_identity(const char *text, job *j, mc_error *err);

const char *job_engine_name(job_engine_kind e);
const char *job_source_name(job_source_kind s);

/* FNV-1a 64 over bytes, continuing from h (start with JOB_FNV_INIT). */
#define JOB_FNV_INIT UINT64_C(0xcbf29ce484222325)
uint64_t job_fnv1a(uint64_t h, const void *data, size_t n);
/* Checksum of n grids of ncells cells each, in rank order. */
uint64_t job_checksum_grids(const uint8_t *grids, uint64_t n, int ncells);

/* ---- sources: the job's grids in rank order ---- */
typedef struct job_source job_source;
MC_MUST_USE mc_status job_source_open(const job *j, job_source **out, mc_error *err);
/* Reads the count grids of ranks first..first+count-1 into grids
 * (count * ncells bytes). first must not be before the end of the previous
 * read (sources stream forward; skipped ranks are read and dropped or
 * seeked over). */
MC_MUST_USE mc_status job_source_read(job_source *s, uint64_t first, uint64_t count, uint8_t *grids,
                                      mc_error *err);
void job_source_close(job_source *s);

/* ---- chunk results and the engines that produce them ---- */
typedef struct job_puzzle {
    uint64_t rank;
    uint8_t cell[MAX_CELLS];
} job_puzzle;

typedef struct job_result {
    uint64_t first, count, checksum;
    uint64_t uas, nodes, candidates, puzzles;
    double seconds;
    bool abandoned;          /* stopped by a signal before the end: not done */
    job_puzzle *found;       /* nfound puzzles, grid order */
    size_t nfound, cap;
} job_result;

void job_result_clear(job_result *r);           /* keeps the found buffer */
MC_MUST_USE mc_status job_result_add_found(job_result *r, uint64_t rank, const uint8_t *puzzle, int ncells);
void job_result_free(job_result *r);

typedef struct job_engine job_engine;
/* One engine per process, reused for every chunk. */
MC_MUST_USE mc_status job_engine_new(const job *j, job_engine **out, mc_error *err);
void job_engine_free(job_engine *e);
/* Runs the chunk (count grids of ranks first..). Checks *stop between
 * grids; when it is set the result is marked abandoned. */
MC_MUST_USE mc_status job_engine_run(job_engine *e, const uint8_t *grids, uint64_t first, uint64_t count,
                                     job_result *res, volatile sig_atomic_t *stop, mc_error *err);

/* Checks a reported puzzle independently: at most K clues, every clue
 * equals the grid's digit, and the puzzle has exactly one solution, the
 * grid. MC_EINVAL with the reason otherwise. */
MC_MUST_USE mc_status job_check_puzzle(solver_ctx *sv, const geometry *geo, const uint8_t *grid,
                                       const uint8_t *puzzle, int clues, mc_error *err);

/* ---- the journal ---- */
typedef struct journal_data {
    char *identity;          /* J line body, NULL when the file is new/empty */
    job_result *chunks;      /* valid C lines, in file order */
    size_t nchunks, cap;
    long bad_lines;          /* torn or damaged lines that were ignored */
    long first_bad_line;
    long long good_size;     /* bytes up to the end of the last complete line */
} journal_data;

/* Reads OUTPUT/journal (path of the file). A missing file gives an empty
 * journal_data. Torn/damaged lines are counted, not fatal. */
MC_MUST_USE mc_status journal_read(const char *path, const geometry *geo, journal_data *d, mc_error *err);
void journal_data_free(journal_data *d);
/* Appends a copy of r (with its found puzzles) to d. */
MC_MUST_USE mc_status journal_data_add(journal_data *d, const job_result *r);

typedef struct journal journal;
/* Opens (creates) DIR/journal for appending, takes an exclusive lock (a
 * second run on the same output fails), drops a torn tail, checks or writes
 * the J line, and loads the finished chunks into *done (caller frees with
 * journal_data_free). */
MC_MUST_USE mc_status journal_open(const job *j, journal **out, journal_data *done, mc_error *err);
/* Appends a comment line ("# ..."), not fsync'd. */
MC_MUST_USE mc_status journal_comment(journal *jl, const char *text, mc_error *err);
/* Appends the chunk's line and fsyncs it. Test hook: when the environment
 * variable MC_TEST_JOURNAL_KILL=N is set, the N-th append of this process
 * writes half of its line and then kills the process (SIGKILL). */
MC_MUST_USE mc_status journal_append(journal *jl, const job_result *r, mc_error *err);
void journal_close(journal *jl);

/* Writes DIR/found.txt from the journal's chunks (sorted by rank, then
 * puzzle), through a temporary file renamed into place. */
MC_MUST_USE mc_status job_write_found(const job *j, const journal_data *d, mc_error *err);
/* Totals over the journal's chunks. */
typedef struct job_totals {
    uint64_t chunks, grids, uas, nodes, candidates, puzzles;
    double seconds;
} job_totals;
void job_totals_of(const journal_data *d, job_totals *t);
/* Writes DIR/summary.json (the job is complete). */
MC_MUST_USE mc_status job_write_summary(const job *j, const journal_data *d, double wall_seconds,
                                        mc_error *err);

/* `minclue job verify`: checks that the journal in dir covers every rank of
 * its job exactly once, chunk checksums against the source, counts and
 * totals, every found puzzle, found.txt and summary.json. Writes the claim or
 * the problems to out; *ok tells which. An error return means the check
 * could not run (no journal, unreadable source). */
MC_MUST_USE mc_status job_verify(const char *dir, FILE *out, bool *ok, mc_error *err);

#endif
