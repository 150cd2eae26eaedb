/* chunk_streams — which chunk a worker takes next, when workers make their
 * own units and a worker's source runs on cheaply from one chunk to the
 * next but costs a restart to jump (source_bandpairs: a new feed walks the
 * pairs of its band from the band's start, up to about 0.7 s).
 *
 * Representation: chunk indices 0..nchunks-1 and, per worker w, a stream
 * [cur[w], end[w]) of chunk indices it owns and has not taken yet. At the
 * start the chunks not done are cut into one stream per worker, equal in
 * count, in index order. A worker takes its stream's chunks in order,
 * skipping the done ones. When its stream is empty it takes over the second
 * half of the largest stream left (the whole of it when it holds one chunk
 * or its owner has retired), provided that stream holds at least min_steal
 * chunks or its owner has retired; otherwise it waits.
 *
 * Invariants: the streams are disjoint; every chunk index is in at most one
 * stream; a chunk leaves the streams only by being taken, so each chunk is
 * taken at most once, and every chunk not done at the start is taken once
 * the streams are empty. done is the caller's array (one byte per chunk,
 * nonzero = finished), read at each call; chunks given back after being
 * taken are the caller's to hand out again.
 */
#ifndef MC_CHUNK_STREAMS_H
#define MC_CHUNK_STREAMS_H

#include <stdbool.h>
#include <stdint.h>

#include "mc_error.h"

typedef struct chunk_streams chunk_streams;

/* nworkers >= 1 streams over chunks 0..nchunks-1, of which those with
 * done[i] != 0 are skipped. MC_ENOMEM. */
MC_MUST_USE mc_status chunk_streams_new(uint64_t nchunks, const uint8_t *done, int nworkers, chunk_streams **out);
void chunk_streams_free(chunk_streams *cs);

/* The next chunk of worker w (0 <= w < nworkers) into *chunk, as above;
 * false when none is left for w now (no chunk left, or only streams of
 * fewer than min_steal chunks whose owners still work). *jumped: the chunk
 * does not follow the one w took last (w's source starts anew). */
bool chunk_streams_next(chunk_streams *cs, int w, uint64_t min_steal, uint64_t *chunk, bool *jumped);

/* Worker w takes no more chunks: its stream may be taken whole by anyone. */
void chunk_streams_retire(chunk_streams *cs, int w);

#endif
