/* catalogue — compressed files of grids with access by rank.
 *
 * Contract (the format itself is documented where it is implemented):
 * a file holds the grids of ranks first .. first+count-1 of one shape, in
 * catalogue order, in independently compressed blocks with a CRC each and a
 * block index, so a reader can seek to any rank without decoding the rest.
 * A truncated or corrupt file, or another format version, is an error
 * (MC_ECORRUPT with the file name), never wrong grids. Ranks are 64-bit:
 * first >= 1 and first + count <= 2^64 - 1 (a range that would wrap is
 * refused by the writer, by rebase (MC_EINVAL) and by the reader).
 */
#ifndef MC_CATALOGUE_H
#define MC_CATALOGUE_H

#include <stdint.h>

#include "geometry.h"
#include "mc_error.h"

typedef struct catalogue_reader catalogue_reader;

MC_MUST_USE mc_status catalogue_open(const char *path, catalogue_reader **out, mc_error *err);
void catalogue_close(catalogue_reader *r);
const geometry *catalogue_geometry(const catalogue_reader *r);
uint64_t catalogue_first_rank(const catalogue_reader *r);
uint64_t catalogue_count(const catalogue_reader *r);
/* Positions the reader so the next grid returned is the one of this rank. */
MC_MUST_USE mc_status catalogue_seek(catalogue_reader *r, uint64_t rank, mc_error *err);
/* Next grid (ncells digits) and its rank; MC_EOF after the last. */
MC_MUST_USE mc_status catalogue_next(catalogue_reader *r, uint8_t *grid, uint64_t *rank, mc_error *err);

typedef struct catalogue_writer catalogue_writer;
MC_MUST_USE mc_status catalogue_create(const char *path, const geometry *geo, uint64_t first_rank,
                                       catalogue_writer **out, mc_error *err);
MC_MUST_USE mc_status catalogue_append(catalogue_writer *w, const uint8_t *grid, mc_error *err);
/* Flushes, writes the index and header, closes. */
MC_MUST_USE mc_status catalogue_finish(catalogue_writer *w, mc_error *err);
void catalogue_abort(catalogue_writer *w); /* closes and removes a partial file */

/* Rewrites the ranks of a finished file in place so that its first grid has
 * rank first_rank (files written before the ranks of earlier grids were
 * known). The file is checked as by catalogue_open first. */
MC_MUST_USE mc_status catalogue_rebase(const char *path, uint64_t first_rank, mc_error *err);

#endif
