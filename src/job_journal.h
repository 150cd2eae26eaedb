/* job_journal — the journal of a job, the totals of its chunks, and the
 * files rebuilt from it.
 *
 * DIR/journal is append-only text; a chunk is done when its line is in it,
 * appended and fsync'd:
 *
 *     # comment lines (build banner of each run; ignored)
 *     J format=3 counters=uas,second,... source=grids path=/abs/file source_sum=HEX ... *SUM
 *     C first=1 count=10 sum=CHUNKSUM uas=.. second=.. ... sec=.. cpu=.. at=.. found=RANK:PUZZLE;.. *SUM
 *
 * The text of a line (its seal, the fields of a C line and how strictly
 * their numbers are read) is journal_line.h's. A C line holds its wall
 * seconds and its CPU seconds (cpu: of the process that ran the chunk, from
 * its first unit made to its last searched; job split --calibrate and job
 * status scale the cost model by them; journals written before cpu was
 * added have none, and are read as they were). The J line body is
 * job_identity (job.h). A torn or damaged line is detected by its seal or
 * its fields and ignored (counted in bad_lines). Two comments have a
 * meaning: a run's start note ("# run ...") and the stop note a run
 * stopped by a signal writes ("# stop at=T: ..."; job status calls such
 * an output stalled at once). Unsealed, they only ever send an output to
 * the resubmit list or back to running, never to complete. CHUNKSUM is
 * job_checksum_grids of the chunk's grids. The puzzles a chunk found are
 * inside its line, so found.txt (rebuilt from the journal) can never
 * disagree with it. A journal of another format or counter list
 * (job_identity_check_format) is refused with a message naming its
 * format, never misread; so is a journal that is not a regular file (a
 * FIFO is never opened for reading in a way that waits).
 *
 * The totals of a journal's chunks (job_totals_of) are the journal's: the
 * summary (job_summary.c) builds on them and on the file helpers below,
 * and the journal calls nothing of the summary's.
 *
 * Files named here are written through a new temporary file renamed into
 * place (found.txt, summary.json) or appended and fsync'd (journal).
 */
#ifndef MC_JOB_JOURNAL_H
#define MC_JOB_JOURNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "job.h"
#include "job_result.h"
#include "mc_error.h"
#include "work_counters.h"

typedef struct journal_data {
    char *identity;          /* J line body, NULL when the file is new/empty */
    job_result *chunks;      /* valid C lines, in file order */
    size_t nchunks, cap;
    long bad_lines;          /* torn or damaged lines that were ignored */
    long first_bad_line;
    long long good_size;     /* bytes up to the end of the last complete line */
    int64_t stop_at;         /* at= of a stop note (JOURNAL_STOP_NOTE) with no chunk line
                              * or run note after it: the last run was stopped by a
                              * signal and none has started since; 0 otherwise */
} journal_data;

/* The comment a run writes when a signal stops it cleanly ("# stop at=T: ..."),
 * and the start of the comment every run writes when it starts ("# run ..."). */
#define JOURNAL_STOP_NOTE "stop at="
#define JOURNAL_RUN_NOTE "run "

/* Reads OUTPUT/journal (path of the file). A missing file gives an empty
 * journal_data. Torn/damaged lines are counted, not fatal. */
MC_MUST_USE mc_status journal_read(const char *path, const geometry *geo, journal_data *d, mc_error *err);
/* The same up to the job line only (d->identity; no chunks): what the
 * journal is of, without reading its chunks. */
MC_MUST_USE mc_status journal_read_head(const char *path, journal_data *d, mc_error *err);
void journal_data_free(journal_data *d);
/* Appends a copy of r (with its found puzzles) to d. */
MC_MUST_USE mc_status journal_data_add(journal_data *d, const job_result *r);

typedef struct journal journal;
/* Opens (creates) DIR/journal for appending, takes an exclusive lock (a
 * second run on the same output fails), drops a torn tail, checks or writes
 * the J line, and loads the finished chunks into *done (caller frees with
 * journal_data_free). A J line of the same job with the source at another
 * path (job_identity_same_job) is kept: j->source_recorded gets its path. */
MC_MUST_USE mc_status journal_open(job *j, journal **out, journal_data *done, mc_error *err);
/* Appends a comment line ("# ..."), not fsync'd. */
MC_MUST_USE mc_status journal_comment(journal *jl, const char *text, mc_error *err);
/* Appends the chunk's line and fsyncs it. Test hook MC_TEST_JOURNAL_KILL
 * (mc_test_hooks.h): the N-th append writes half its line and SIGKILLs. */
MC_MUST_USE mc_status journal_append(journal *jl, const job_result *r, mc_error *err);
void journal_close(journal *jl);

/* Writes DIR/found.txt from the journal's chunks (sorted by rank, then
 * puzzle), through a temporary file renamed into place. */
MC_MUST_USE mc_status job_write_found(const job *j, const journal_data *d, mc_error *err);
/* Totals over the journal's chunks: the work counters and the chunks'
 * wall seconds. */
typedef struct job_totals {
    uint64_t chunks, grids;
    WORK_COUNTERS_MEMBER;
    double seconds;
} job_totals;
void job_totals_of(const journal_data *d, job_totals *t);
/* Is the job complete in its output: the journal (opened read-only, under
 * a shared lock) of this job (job_identity_same_job; source_recorded set
 * as by journal_open) holds every chunk once, no damaged line, and
 * found.txt and summary.json are there? Then *complete and the totals in
 * *t; nothing is written. *complete false otherwise (journal_open judges
 * such an output); an error only for a journal in use by a run or out of
 * memory. */
MC_MUST_USE mc_status journal_complete(job *j, bool *complete, job_totals *t, mc_error *err);
/* found.txt's text (banner, job and the puzzle lines); *body (if not NULL)
 * gets the puzzle lines alone. Both malloc'd; NULL when out of memory. */
char *job_found_text(const job *j, const journal_data *d, char **body);
/* The one-line claim of a complete job ("ranks 1..40, 40 grids, K = 16: 0 puzzles"). */
void job_claim_text(const job *j, const job_totals *t, char *out, size_t cap);
/* Writes DIR/summary.json (the job is complete): one key per line, the
 * banner, the job line, first, last, clues, engine, chunks, the units
 * ("grids", or "groups" for a source of band-pair groups: job_units_key),
 * every counter of the counter table (work_counters_json), the seconds
 * and the claim. job_summary_text gives the text (malloc'd, NULL when out of
 * memory); `job verify` compares it with the file. A summary says the job is
 * complete, so it is refused (MC_EINVAL, nothing written) unless every chunk
 * of the job is in d (job_chunks_missing == 0). */
MC_MUST_USE mc_status job_write_summary(const job *j, const journal_data *d, double wall_seconds,
                                        mc_error *err);
char *job_summary_text(const job *j, const journal_data *d, double wall_seconds);
/* The chunks of the job with no entry in d (an entry counts when it is a
 * work unit of the job: its first rank and count); *first_missing (if not
 * NULL) gets the first rank of the first of them. Out of memory counts as
 * every chunk missing. */
uint64_t job_chunks_missing(const job *j, const journal_data *d, uint64_t *first_missing);
const char *job_units_key(const job *j);
/* The build banner as one line, malloc'd (NULL when out of memory). */
char *job_banner_text(void);
/* s as a JSON string with its quotes, into out (cap >= 3 bytes). A byte
 * takes at most 6 (\u001f), so all of s fits in JOB_JSON_CAP(strlen(s));
 * with less, s is cut before the first piece (an escape, or a character
 * with its UTF-8 continuation bytes) that does not fit with the closing
 * quote and the NUL: valid UTF-8 stays valid. true when all of s is there. */
#define JOB_JSON_CAP(len) (6 * (size_t)(len) + 3)
bool job_json_string(char *out, size_t cap, const char *s);
/* s as a JSON string, whole, malloc'd; NULL when out of memory. */
char *job_json_dup(const char *s);
/* One `"key": value` line (line..end, no newline) of a JSON document
 * written one key per line (summary.json, the certificate): the key into
 * key (kcap bytes), the value's text (spaces before it skipped, a trailing
 * comma cut) as *val, *vlen, pointing into the line; false when the line
 * holds no such key (or a key of kcap bytes or more). */
bool job_json_line(const char *line, const char *end, char *key, size_t kcap, const char **val, size_t *vlen);

/* File helpers shared by the journal, the summary and verification. */
char *job_path_join(const char *dir, const char *name);                 /* malloc'd */
bool job_file_there(const char *dir, const char *name);                /* dir/name a regular file? */
MC_MUST_USE mc_status job_write_all(int fd, const char *buf, size_t n, const char *path, mc_error *err);
/* Writes text to path through a new temporary file beside it
 * (path.tmp.PID.N, created with O_EXCL: never through an existing file or
 * a planted symlink): fsync, rename, fsync of the directory. */
MC_MUST_USE mc_status job_write_file_atomic(const char *path, const char *text, mc_error *err);
void job_fsync_dir(const char *dir);
/* The whole file at path as a string, malloc'd; NULL when it cannot be
 * opened, is not a regular file (a FIFO is refused, never waited on) or
 * out of memory. */
char *job_read_file(const char *path);
/* The whole file at path into *out (malloc'd, NUL-terminated, *len bytes),
 * at most max bytes: a larger file (or endless, as /dev/zero) is refused
 * once max is passed, and so is a directory, a FIFO or a socket (MC_EIO
 * naming path; a FIFO is never waited on). */
MC_MUST_USE mc_status job_read_text(const char *path, size_t max, char **out, size_t *len, mc_error *err);

#endif
