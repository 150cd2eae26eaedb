/* job — a job file, its identity and its work units.
 *
 * A job is a set of grids (a source with a rank range; for a source of
 * band-pair groups each rank is a group of grids, source.h), a clue count K,
 * a chunk size, an engine and an output directory. The rank range
 * first..last is cut into work units (chunks) of `chunk` consecutive ranks:
 *
 *     chunk i = ranks first + i*chunk .. min(first + (i+1)*chunk - 1, last)
 *
 * so the union of all chunks covers every rank exactly once. The job's
 * identity is one line of text (the journal's J line, job_journal.h):
 *
 *     format=3 counters=uas,second,... source=grids path=/abs/file source_sum=HEX16
 *         first=1 last=40 shape=3x3 clues=16 chunk=10 engine=checker ua_max_size=-1 ...
 *
 * format is JOB_JOURNAL_FORMAT and counters the work counter keys of
 * work_counters.h, so a journal written by another format or counter list
 * is refused by name. A rerun on the same output directory must have the
 * same identity, and `job verify` (job_verify.h) needs nothing but it, the
 * journal and the source.
 *
 * A file source is the file's content, not its path: source_sum binds the
 * content, and path= records where the file was when the journal began (a
 * hint, absolute). Two identities that differ in path= alone are the same
 * job (job_identity_same_job), so a record copied to another tree is run
 * on and verified there (job_source_locate, source.h, finds the file).
 *
 * The rooms around it: source.h (where the grids come from), engine.h (the
 * search behind one interface), job_result.h (what a chunk produced),
 * job_journal.h (journal, found.txt, summary.json), job_verify.h.
 * Nothing here knows about MPI; src/mpi/ drives it.
 */
#ifndef MC_JOB_H
#define MC_JOB_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>

#include "geometry.h"
#include "job_kinds.h"
#include "mc_error.h"

/* The journal format this minclue writes and reads. Format 1 (journals
 * written before the counters table: no format= in the J line) and format 2
 * (no source_sum=: the source's content was not bound) are refused with a
 * message naming them. */
#define JOB_JOURNAL_FORMAT 3
/* The largest chunk of a job file, and of a journal's job line. */
#define JOB_MAX_CHUNK 1000000
/* The largest rank a journal's job line may name (no source has more). */
#define JOB_MAX_RANK (UINT64_C(1) << 62)

/* Sources and engines by number (the lists: job_kinds.h). */
#define JOB_KIND_ENUM_(ID, ...) JOB_SOURCE_##ID,
typedef enum job_source_kind { SOURCES(JOB_KIND_ENUM_) JOB_SOURCE_COUNT } job_source_kind;
#undef JOB_KIND_ENUM_
#define JOB_KIND_ENUM_(ID, ...) JOB_ENGINE_##ID,
typedef enum job_engine_kind { ENGINES(JOB_KIND_ENUM_) JOB_ENGINE_COUNT } job_engine_kind;
#undef JOB_KIND_ENUM_

typedef struct job {
    char *path;              /* the job file as given ("" for a job read from a journal) */
    job_source_kind source;
    char *source_path;       /* absolute path (grids, catalogue); NULL for enumerate, bandpairs */
    char *source_recorded;   /* the file's path as the journal's J line names it when that is
                              * another path of the same content (a moved tree); NULL: source_path */
    bool has_source_sum;     /* the source is a file: source_sum binds its content */
    uint64_t source_sum;     /* set by job_resolve (source_kind.fingerprint) */
    bool ranks_given;
    long ranks_line;         /* line of `ranks =` in the job file (0: none, or a job from a journal) */
    uint64_t first, last;    /* inclusive rank range; last is 0 until job_resolve */
    int band_lo, band_hi;    /* enumerate: minlex bands (1..416) */
    const geometry *geo;     /* NULL until known (job file `shape` or the source) */
    int clues;
    uint64_t chunk;
    char *output;            /* absolute path of the output directory */
    job_engine_kind engine;
    bool engine_given;       /* the job named its engine; else job_resolve picks the default */
    /* checker options; -1 = the checker's default */
    int ua_max_size, ua_limit, max_degree, learn;
    int inflight;            /* chunks in flight per worker (default 2) */
    double grace;            /* seconds to wait for chunks in flight after SIGTERM (default 60) */
    /* not from the file: a signal handler's stop flag (NULL: none), looked
     * at by the sources while they count their grids before a run starts
     * (source enumerate without band counts, enumerate8), which then
     * return MC_STOPPED */
    const volatile sig_atomic_t *halt;
} job;

/* Parses a job file: syntax, keys, values, and that the files it names
 * exist and are readable; relative paths are resolved against the job
 * file's directory. Errors name the file and line. Does not read the
 * source (see job_resolve). On error *j is left empty (job_free safe). */
MC_MUST_USE mc_status job_load(const char *path, job *j, mc_error *err);
/* The same, and the file's text (malloc'd, the caller frees it) in *text
 * when it loads; *text is NULL on error. */
MC_MUST_USE mc_status job_load_text(const char *path, job *j, char **text, mc_error *err);
/* The same from text (name is used in messages and to resolve paths:
 * its directory, or the current directory when name has no '/'). */
MC_MUST_USE mc_status job_parse(const char *name, const char *text, job *j, mc_error *err);
/* One line of a job file (len bytes, no newline) by the rules of
 * job_parse: a comment starts at a '#' at the line start or after white
 * space; text is the rest, trimmed (tlen 0: a blank or comment line); when
 * it holds '=', key and val are the trimmed text before and after the
 * first '=' and the result is true. Pointers into line. */
typedef struct job_line {
    const char *text, *key, *val;
    size_t tlen, klen, vlen;
} job_line;
bool job_line_split(const char *line, size_t len, job_line *l);
/* A value holding '#' (a path "h #1/g.txt") is written with every '#' as
 * "\#": "h \#1/g.txt". job_parse reads "\#" as '#' (a '#' after '\' never
 * starts a comment); any other '\' is itself. job_value_unescape does that
 * in place; job_value_escape returns the written form (malloc'd, NULL when
 * out of memory). */
void job_value_unescape(char *v);
char *job_value_escape(const char *v);
void job_free(job *j);
/* An empty job with the defaults (chunk 100, ...; the engine is chosen by
 * job_resolve when the job does not name one: job_engine_default). */
void job_init(job *j);

/* (source.c) Opens the source once: for text grid files every line is checked (one
 * shape, valid solution grids) and counted; the rank range is checked
 * against the source and `last` filled in; a file source's content sum
 * (source_sum) is taken, so that a journal of the job notices a source
 * edited between runs. Errors name file and line. */
MC_MUST_USE mc_status job_resolve(job *j, mc_error *err);
/* The engine of a job that names none (shape known): band for 9x9 grids
 * with K up to BAND_CROSSOVER_MAX_K (band_crossover.h: where it is the
 * faster) when no checker option (ua_max_size, ua_limit, max_degree) is
 * set, and always for a source of band-pair groups; check64 for 4x4, 6x6
 * and 8x8 grids where check64_crossover.h says it is the faster, when no
 * checker option is set and learn is not 0; checker otherwise. */
job_engine_kind job_engine_default(const job *j);

uint64_t job_total(const job *j);               /* grids in the job */
uint64_t job_nchunks(const job *j);
/* First rank and grid count of chunk i. */
void job_chunk_range(const job *j, uint64_t i, uint64_t *first, uint64_t *count);
/* Is first, count (a journal's chunk line) the job's work unit *index? */
bool job_chunk_of(const job *j, uint64_t first, uint64_t count, uint64_t *index);

/* The J line body (without "J " and checksum), malloc'd. */
char *job_identity(const job *j);
/* Checks the format= and counters= of a J line body against this
 * minclue's (JOB_JOURNAL_FORMAT, work_counters_keys()); MC_EINVAL with a
 * message naming the journal's format (where: "FILE:LINE") otherwise. */
MC_MUST_USE mc_status job_identity_check_format(const char *text, const char *where, mc_error *err);
/* What differs between two J line bodies, for the message of a journal
 * that belongs to another job: "clues: 16 in the output, 17 in this job;
 * ..." for each key whose values differ (a key only one line has: "(none)"
 * on the other side; values unescaped, cut to 80 characters; an output of
 * engine none is called a dry run's), into out (cap bytes, always ended;
 * "N more keys" when they do not fit). */
void job_identity_diff(const char *output, const char *mine, char *out, size_t cap);
/* Are two J line bodies the same job: equal but for path= (the file's
 * content sum, in both, is equal)? */
bool job_identity_same_job(const char *a, const char *b);
/* Rebuilds a job from a J line body (for `job verify`). */
MC_MUST_USE mc_status job_from_identity(const char *text, job *j, mc_error *err);

/* Names of sources and engines (job_kinds.h); "?" out of range. find: the
 * kind of a name, false when there is none. */
const char *job_engine_name(job_engine_kind e);
const char *job_source_name(job_source_kind s);
bool job_engine_find(const char *name, job_engine_kind *k);
bool job_source_find(const char *name, job_source_kind *k);
/* Does `source = NAME` take a file? */
bool job_source_takes_file(job_source_kind s);
/* Are the source's ranks band-pair groups (bandpair_unit.h), not grids? */
bool job_source_gives_groups(job_source_kind s);

/* What n units of the job's source are called: "grid(s)" or "band-pair
 * group(s)", singular for n = 1. */
const char *job_unit_noun(const job *j, uint64_t n);
/* Can the engine take band-pair groups? */
bool job_engine_takes_groups(job_engine_kind e);

/* FNV-1a 64 over bytes, continuing from h (start with JOB_FNV_INIT). */
#define JOB_FNV_INIT UINT64_C(0xcbf29ce484222325)
#define JOB_FNV_PRIME UINT64_C(0x100000001b3)
uint64_t job_fnv1a(uint64_t h, const void *data, size_t n);
/* Checksum of n units (grids of ncells cells, or packed groups: see
 * job_unit_bytes in source.h) of `ncells` bytes each, in rank order. */
uint64_t job_checksum_grids(const uint8_t *grids, uint64_t n, int ncells);

#endif
