/* job_verify — `minclue job verify`: an independent check of a job's output.
 *
 * From nothing but the journal, the job line in it and the source: every
 * rank covered exactly once by chunks of the job, each chunk's checksum
 * against the source (the hash of its units: grids, or packed band-pair
 * groups), its counts, every found puzzle re-solved (for groups also:
 * minimal, and covered by its item), found.txt
 * and summary.json against the journal. Each check is its own helper in
 * job_verify.c; problems are reported as lines "missing: ..." / "wrong: ..."
 * / "duplicated: ...".
 */
#ifndef MC_JOB_VERIFY_H
#define MC_JOB_VERIFY_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "bandpair.h"
#include "geometry.h"
#include "job.h"
#include "job_journal.h"
#include "mc_error.h"
#include "solver.h"

/* Checks that the journal in dir covers every rank of its job exactly once,
 * chunk checksums against the source, counts and totals, every found
 * puzzle, found.txt and summary.json. Writes the claim or the problems to
 * out; *ok tells which. An error return means the check could not run (no
 * journal, a journal of another format, unreadable source). */
MC_MUST_USE mc_status job_verify(const char *dir, FILE *out, bool *ok, mc_error *err);

/* What job_verify_output found for one output directory: its job (from
 * the journal's job line), that line, the totals of its chunks, and
 * whether it verified. */
typedef struct job_verified {
    job j;
    char *identity;
    job_totals t;
    bool ok;
    char first_problem[320]; /* the first problem line as written, without its newline; "" when ok */
} job_verified;

/* job_verify, keeping the job and totals in *res (job_verified_free; on an
 * error return *res is empty). */
MC_MUST_USE mc_status job_verify_output(const char *dir, FILE *out, job_verified *res, mc_error *err);
void job_verified_free(job_verified *res);

/* The checks of job_verify that need no source, on found.txt and
 * summary.json of the output in dir against uniq (the journal's chunks of
 * job j, each once, in rank order): found.txt holds exactly their puzzles
 * under the job line, no puzzle twice, summary.json gives their values.
 * The problems are written to out as job_verify writes them; returns
 * their count (0: these checks pass). */
long job_verify_files(const job *j, const char *dir, const journal_data *uniq, FILE *out);

/* Checks a reported puzzle independently: at most K clues, every clue
 * equals the grid's digit, and the puzzle has exactly one solution, the
 * grid. MC_EINVAL with the reason otherwise. */
MC_MUST_USE mc_status job_check_puzzle(solver_ctx *sv, const geometry *geo, const uint8_t *grid,
                                       const uint8_t *puzzle, int clues, mc_error *err);

/* The first clue of a 9x9 puzzle with one solution that can go (the rest
 * still has one solution): its cell, or -1 when the puzzle is minimal. */
int job_puzzle_redundant_clue(solver_ctx *sv, const uint8_t *puzzle);

/* The same for a puzzle reported for a band-pair group (unit: a packed
 * group, bandpair_unit.h; puzzle: 81 cells; sv a 9x9 solver): at most K
 * clues, exactly one solution, that solution is one of the group's item
 * grids (pair + band 3 i), every clue is needed (minimal), and its covering
 * item (bandpair_cover) is that item. MC_EINVAL with the reason otherwise. */
MC_MUST_USE mc_status job_check_group_puzzle(solver_ctx *sv, bandpair_ctx *bp, const uint8_t *unit,
                                             const uint8_t *puzzle, int clues, mc_error *err);

#endif
