/* unit_feed — a producer thread handing fixed-size units to one reader
 * through a bounded ring (the computed sources: source_enumerate,
 * source_bandpairs).
 *
 * Representation: a ring of cap units of unit_bytes (zeros at the start); units head..head+n-1
 * (mod cap) are filled, in the producer's order. The producer runs in its
 * own thread: it reserves the next free slot (unit_feed_reserve waits while
 * the ring is full), writes the unit there without the lock (the slot
 * (head + n) mod cap does not move while the reader takes units, and the
 * reader never looks past n) and commits it. The reader takes units in
 * order (unit_feed_take waits until the ring holds what it asks for, or
 * half the ring, or the producer is done: the threads wake each other once
 * per batch, not once per unit). unit_feed_free stops the producer at its next reservation and
 * joins it. Invariants: 0 <= n <= cap; after the producer returns, done is
 * set with its status and no unit is added.
 */
#ifndef MC_UNIT_FEED_H
#define MC_UNIT_FEED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mc_error.h"

typedef struct unit_feed unit_feed;

/* The producer: called once in the feed thread; returns its status. */
typedef mc_status (*unit_feed_producer)(unit_feed *f, void *arg);

/* Starts the thread; *out is set before it starts (so the producer may
 * find it through arg). MC_ENOMEM when memory or the thread cannot be had. */
MC_MUST_USE mc_status unit_feed_new(size_t unit_bytes, size_t cap, unit_feed_producer run, void *arg,
                                    unit_feed **out);
/* Producer side: the slot of the next unit, or NULL when the feed is being
 * stopped (the producer should then return). */
uint8_t *unit_feed_reserve(unit_feed *f);
/* Producer side: the reserved unit is written. */
void unit_feed_commit(unit_feed *f);
/* Producer side: reserve, copy, commit; true when the feed is being stopped. */
bool unit_feed_put(unit_feed *f, const uint8_t *unit);
/* Producer side: true when the feed is being stopped. */
bool unit_feed_stopping(unit_feed *f);
/* Reader side: units are taken with copy(dst, src) instead of a copy of
 * unit_bytes (a source whose units end in a zero tail copies less). Ring
 * slots start as zeros. */
void unit_feed_set_copy(unit_feed *f, void (*copy)(uint8_t *dst, const uint8_t *src));
/* Reader side: takes up to max units in order into out (NULL: dropped);
 * at least one unless the producer is done. *st: the producer's status
 * (MC_OK while it runs). */
size_t unit_feed_take(unit_feed *f, uint8_t *out, size_t max, mc_status *st);
/* Reader side for a source whose ranks are the feed's order: drops the
 * units before rank first (*next is the rank of the next unit of the
 * feed), then takes the count units of ranks first.. into out
 * (unit_bytes each); *next ends past them. MC_OK; else the producer's
 * status, or MC_EOF when the feed ended before rank first + count (*next
 * is then the first rank it did not give). */
MC_MUST_USE mc_status unit_feed_read_ranks(unit_feed *f, size_t unit_bytes, uint64_t *next, uint64_t first,
                                           uint64_t count, uint8_t *out);
/* Stops and joins the producer, frees the ring. NULL safe. */
void unit_feed_free(unit_feed *f);

#endif
