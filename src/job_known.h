/* job_known — a K = 17 result against the complete list of known 17-clue
 * puzzles (`minclue job verify --known FILE`).
 *
 * The list is the cover file tests/data/seventeen-cover.txt.gz (gzip or
 * plain text): '#' comment lines, then one puzzle a line,
 *     GLOBAL BAND1 LOCAL BAND2 SLOT B0 B1 B2 S0 S1 S2 PUZZLE
 * GLOBAL the rank of the band-pair group that covers the puzzle
 * (bandpair_cover), PUZZLE 81 characters ('.' or '0' empty). Each entry is
 * held as its group rank and its puzzle.
 *
 * A puzzle is compared through its key: the minlex form of its solution
 * (canon_minlex9) and its clue cells carried there by the transform that
 * canon_minlex9 returns. Equivalent puzzles of a grid without automorphism
 * have equal keys. For a grid with automorphisms the key depends on the
 * transform picked, so such puzzles are matched by their grid alone (an
 * unmatched known and an unmatched found puzzle of the same group and
 * minlex grid pair up). Known and found puzzles are compared inside a
 * place: for a source of band-pair groups the covering group (the found
 * puzzle's rank, the list's GLOBAL); for grids the rank of the job's grid
 * (a listed puzzle is in range when its solution's minlex form is the
 * minlex form of a grid of the job).
 *
 * The list holds 17-clue puzzles only: at K < 17 nothing of it is in
 * range; at K > 17 it is not complete, and the comparison is refused.
 * Every found puzzle outside the list ("new") is checked on its own: one
 * solution, minimal, at most K clues. One that passes is a discovery; one
 * that fails is a defect.
 */
#ifndef MC_JOB_KNOWN_H
#define MC_JOB_KNOWN_H

#include <stdint.h>
#include <stdio.h>

#include "job_union.h"
#include "mc_error.h"

typedef struct job_known_list job_known_list;

/* Reads the list at path. MC_EIO naming the path when it cannot be
 * opened or read (a truncated gzip file too); MC_ECORRUPT naming path and
 * line for a line that is not an entry; MC_ENOMEM. */
MC_MUST_USE mc_status job_known_read(const char *path, job_known_list **out, mc_error *err);
void job_known_free(job_known_list *kl);
/* The entries of the list. */
size_t job_known_size(const job_known_list *kl);

typedef struct job_known_report {
    uint64_t in_range;    /* known puzzles in the ranks of the outputs */
    uint64_t found;       /* puzzles the outputs' journals list */
    uint64_t matched;     /* found and known */
    uint64_t missing;     /* known, not found */
    uint64_t added;       /* found, not known ("new") */
    uint64_t discoveries; /* new, and one solution, minimal, at most K clues */
    uint64_t defects;     /* new, and failing one of those checks */
} job_known_report;

/* Compares the found puzzles of the union's outputs (their journals) with
 * the list, and writes the report to out: the counts, each missing and
 * each new puzzle on its own line ("missing: ...", "new: ... discovery" or
 * "new: ... DEFECT: why"). MC_EINVAL when the job is not a 9x9 one or its
 * K is above 17; MC_EIO/MC_ECORRUPT when a journal or the source cannot be
 * read; MC_ENOMEM. */
MC_MUST_USE mc_status job_known_compare(const job_known_list *kl, const job_union *u, FILE *out,
                                        job_known_report *rep, mc_error *err);

#endif
