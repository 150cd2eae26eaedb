/* gridrank — ranks of 9x9 grids in the catalogue, without storing grids.
 *
 * The rank of an ES grid is the 1-based position of its minlex form in the
 * catalogue (all minlex grids in lexicographic order, 1 .. 5,472,730,538).
 * It is computed from counts the program derives itself by enumeration
 * (enumerate.h): the number of grids per band and, within a band, per row 4
 * (the first row below the band). rank = grids of the bands before + grids
 * of the same band with a smaller row 4 + position among the grids with the
 * same band and row 4 (found by enumerating that row-4 slice only, a few
 * thousand grids at most in practice).
 *
 * Counts are computed on demand, a band at a time (the whole band is
 * enumerated once: seconds for most bands, minutes for the biggest), kept in
 * memory and, when a cache file is given, appended to it so later runs reuse
 * them. A rank in band b needs the counts of bands 1..b: with an empty cache
 * the first rank of a grid in a late band costs the enumeration of all the
 * bands before it (hours for the whole catalogue). `minclue grids count`
 * fills the cache ahead of time.
 *
 * Cache file (text, append-only): comment lines start with '#'; per band
 *     row4 B DDDDDDDDD N    (one line per row 4 that has grids, text digits)
 *     band B N              (the band's total, written last)
 * A band counts as known when its `band` line follows its `row4` lines and
 * they add up; a later complete record of the same band replaces it. A line
 * that does not parse is an error (MC_ECORRUPT, file:line); so are a band
 * whose row-4 counts do not add up and a band total that is not the
 * published count (gridrank_published_count). A cache whose name ends in
 * .gz is read through zlib (a damaged or truncated stream is an error) and
 * never appended to: bands counted then stay in memory. minclue ships the
 * counts of the whole catalogue as grids/counts.txt.gz (15 MB of text; made
 * by `scripts/enumerate-all --format count`, every band checked against the
 * published counts).
 */
#ifndef MC_GRIDRANK_H
#define MC_GRIDRANK_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

#include "mc_error.h"

/* Essentially different 9x9 grids in all (the catalogue's last rank). */
#define GRIDRANK_PUBLISHED_TOTAL UINT64_C(5472730538)

typedef struct gridrank gridrank;

/* cache_path NULL: counts in memory only. A missing cache file is fine (it
 * is created on the first band counted). */
MC_MUST_USE mc_status gridrank_open(const char *cache_path, gridrank **out, mc_error *err);
void gridrank_free(gridrank *gr);

/* Progress hook for long counts: while a band is counted, called every
 * 65,536 grids with the band's grids so far (band_done false), then once
 * with its total (band_done true). */
typedef void (*gridrank_progress_fn)(void *arg, int band, uint64_t grids, bool band_done);
void gridrank_set_progress(gridrank *gr, gridrank_progress_fn fn, void *arg);

/* From now on a band being counted looks at *flag (NULL: at nothing) at
 * every grid; once it is set the count stops with MC_STOPPED (the band's
 * counts are not kept). For a signal handler's flag. */
void gridrank_set_halt(gridrank *gr, const volatile sig_atomic_t *flag);

/* The published number of ES grids of band 1..416 (Russell and Jarvis
 * 2006; every band re-derived by scripts/enumerate-all); 0 outside. */
uint64_t gridrank_published_count(int band);
/* The band that holds a rank by the published counts (1..416), 0 when
 * rank is 0 or past GRIDRANK_PUBLISHED_TOTAL. */
int gridrank_published_band(uint64_t rank);
/* The grids that counting bands lo..hi would enumerate: the published
 * counts of the bands whose counts gr does not know yet (for a progress
 * line's total before the counting starts). */
uint64_t gridrank_grids_to_count(const gridrank *gr, int lo, int hi);

/* Grids in band 1..416 (enumerates the band when not known). */
MC_MUST_USE mc_status gridrank_band_count(gridrank *gr, int band, uint64_t *count, mc_error *err);

/* Rank of the first grid of band (1 + all grids of bands before it). */
MC_MUST_USE mc_status gridrank_band_first(gridrank *gr, int band, uint64_t *rank, mc_error *err);

/* Rank of a minlex grid (81 digits 0..8). MC_EINVAL when it is not minlex. */
MC_MUST_USE mc_status gridrank_rank(gridrank *gr, const uint8_t *minlex, uint64_t *rank, mc_error *err);

/* The grid of a rank; MC_EINVAL when rank is 0 or past the last grid. */
MC_MUST_USE mc_status gridrank_unrank(gridrank *gr, uint64_t rank, uint8_t *out, mc_error *err);

#endif
