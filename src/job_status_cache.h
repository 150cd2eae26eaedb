/* job_status_cache — the outputs that `job verify` passed, kept between
 * calls of `minclue job status --cache FILE` so that a complete output's
 * source is read once, not at every call of a watch loop.
 *
 * Representation: FILE is text, its first line JOB_STATUS_CACHE_FORMAT,
 * then one line per verified output: its key, a space, its absolute path
 * (realpath). The key is, for each of its journal, summary.json and
 * found.txt, and of the source file of a job whose source is a file (the
 * path its journal's job line names), the device, inode, size, mtime and
 * ctime (to the nanosecond) as stat gives them, taken before verify read
 * the files. Only passes are kept: a failure is checked again at the next
 * call; so is a pass whose source verify found elsewhere (a record
 * moved: job_source_locate), which is not kept.
 *
 * Invariants: an entry is used only when every one of its files still has
 * its key; any write to a file (an appended chunk line, a
 * rebuilt summary, an edit, a copy, a touch) changes its ctime, which no
 * user can set back, so a cache whose files changed never says complete.
 * A line that does not read as an entry is ignored. A FILE that is there
 * and does not start with the format line is refused, never overwritten.
 */
#ifndef MC_JOB_STATUS_CACHE_H
#define MC_JOB_STATUS_CACHE_H

#include <stdbool.h>

#include "mc_error.h"

#define JOB_STATUS_CACHE_FORMAT "minclue-job-status-cache-1"

typedef struct job_status_cache job_status_cache;

/* Reads the cache at path (none there: an empty cache). MC_EINVAL when
 * path is there but is not a cache (refused: it is not written over). */
MC_MUST_USE mc_status job_status_cache_load(const char *path, job_status_cache **out, mc_error *err);
void job_status_cache_free(job_status_cache *c);

/* The key of the output in dir as of now, with the file source (NULL: a
 * source that is no file), malloc'd ("key path"); NULL when it has none (a
 * file missing, a path with a newline) or out of memory. */
char *job_status_cache_key(const char *dir, const char *source);
/* Was the output of this key verified (an entry with the key)? */
bool job_status_cache_verified(job_status_cache *c, const char *key);
/* The output of this key verified: kept (key taken over; false: out of
 * memory, key freed). */
bool job_status_cache_put(job_status_cache *c, char *key);
/* The output in dir looked at in this call: its old entries go unless
 * put again. false: out of memory. */
bool job_status_cache_seen(job_status_cache *c, const char *dir);

/* Writes the cache to path (job_write_file_atomic): the entries put in this
 * call and the old ones of the outputs not seen. */
MC_MUST_USE mc_status job_status_cache_save(const job_status_cache *c, const char *path, mc_error *err);

#endif
