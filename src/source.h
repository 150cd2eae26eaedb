/* source — where a job's grids come from, behind one small interface.
 *
 * A source gives the job's grids in rank order. Ranks are 1-based positions
 * in the source (text files) or catalogue ranks (catalogue files, the
 * enumeration). Sources:
 *
 *     grids FILE       a text file of solution grids (one shape), rank = line
 *                      number among the grids
 *     catalogue FILE   a catalogue file (catalogue.h): its rank range
 *     enumerate        9x9 grids of minlex bands A-B made on the fly by a
 *                      feed thread (enumerate.h), catalogue ranks
 *     bandpairs        band-pair groups (bandpair.h) made on the fly by a
 *                      feed thread, global group ranks (bandpair_rank.h)
 *
 * Units. A rank is one unit of job_unit_bytes(j) bytes: a grid of
 * geo->ncells digits for the grid sources, a packed band-pair group
 * (bandpair_unit.h) for the sources that give groups (job_kinds.h). Readers,
 * engines, checksums and messages carry units; found puzzles are always
 * grids' puzzles (ncells cells) with the rank of their unit.
 *
 * SOURCES (job_kinds.h) is the list; each source is a `source_kind` in
 * its own file source_NAME.c. Adding a source: one file defining
 * `const source_kind source_NAME` and one line in SOURCES.
 *
 * job_source reads a job's grids through its source. Reads stream forward:
 * each read starts at or after the end of the previous one (skipped ranks
 * are read and dropped, or seeked over); source bandpairs also reads
 * backwards, by starting its enumeration anew.
 */
#ifndef MC_SOURCE_H
#define MC_SOURCE_H

#include <stdbool.h>
#include <stdint.h>

#include "job.h"
#include "mc_error.h"

/* SOURCES (job_kinds.h) lists them. */

typedef struct source_kind {
    const char *name;        /* the job file's `source = NAME [FILE]` */
    /* Checks the source once (every grid of a text file; the header of a
     * catalogue; the band counts of an enumeration), sets j->geo when the
     * job did not give it, and gives the rank of the source's first grid
     * and its number of grids. Errors name the file and line. */
    mc_status (*resolve)(job *j, uint64_t *base, uint64_t *count, mc_error *err);
    /* Opens a reader at the source's first grid; *next: its rank. */
    mc_status (*open)(const job *j, void **state, uint64_t *next, mc_error *err);
    /* Reads the units of ranks first..first+count-1 (first >= *next, except
     * for seekable sources) into grids and advances *next past them. */
    mc_status (*read)(void *state, const job *j, uint64_t *next, uint64_t first, uint64_t count, uint8_t *grids,
                      mc_error *err);
    void (*close)(void *state); /* NULL safe */
    /* A sum of the source's content (NULL: the source is not a file and
     * cannot change, as the enumeration): any edit of the grids changes it
     * (a 64-bit hash, so up to hash collisions). */
    mc_status (*fingerprint)(const job *j, uint64_t *sum, mc_error *err);
} source_kind;

#define SOURCE_DECLARE_(ID, name, ...) extern const source_kind source_##name;
SOURCES(SOURCE_DECLARE_)
#undef SOURCE_DECLARE_

/* The source of a job_source_kind; NULL for a value out of range. */
const source_kind *source_of(job_source_kind k);

/* Bytes of one unit of the job (j->geo known): ncells, or
 * BANDPAIR_UNIT_BYTES for a source of groups. */
size_t job_unit_bytes(const job *j);

/* The checksum of n consecutive units of the job (a chunk's, in the
 * journal): FNV-1a 64 (job_fnv1a) of their bytes. Band-pair groups are
 * hashed as the fixed records bandpair_unit.h defines, zero tail included,
 * but the tail is not read: hashing t zero bytes multiplies the hash by the
 * FNV prime to the power t. So the value is that of job_checksum_grids over
 * the full records, at the cost of their filled part (about 0.9 KB of 8.7). */
uint64_t job_checksum_units(const job *j, const uint8_t *units, uint64_t n);

/* Finds the file of a job read from a journal's J line (job_from_identity)
 * by its content: the recorded path (source_path) when it holds a file of
 * the recorded content sum; else the one file at the same place in the
 * record's folder. That folder is the nearest directory holding near (an
 * output directory; near itself included) whose name is the name of a
 * folder on the recorded path (the last such on it); the place is the rest
 * of the recorded path after that folder. A record copied with its grid
 * file (jobs/proofs/4x4: es4x4.txt, and the output results/k3 below it) is
 * found so, wherever the copy is; nothing above the record's folder is
 * looked at, so a file of the same content elsewhere (a copy in /tmp) is
 * never taken. When found there, source_path is that file and
 * source_recorded the recorded path (the J line keeps naming it). MC_EIO
 * naming the path and the content sum (and the place looked at) when there
 * is no such file; MC_OK at once for a source that is no file. */
MC_MUST_USE mc_status job_source_locate(job *j, const char *near, mc_error *err);

/* ---- reading a job's units ---- */
typedef struct job_source job_source;
MC_MUST_USE mc_status job_source_open(const job *j, job_source **out, mc_error *err);
/* Reads the count units of ranks first..first+count-1 into grids
 * (count * job_unit_bytes bytes); see above for the order of reads. */
MC_MUST_USE mc_status job_source_read(job_source *s, uint64_t first, uint64_t count, uint8_t *grids,
                                      mc_error *err);
void job_source_close(job_source *s);

#endif
