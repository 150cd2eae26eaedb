/* bandpair_rank — global ranks of the band-pair groups (bandpair.h).
 *
 * The groups of band 1 index b (1..416) have local ranks 1..n_b in the
 * order of bandpair_enumerate. Their global rank is
 *
 *     global = n_1 + ... + n_{b-1} + local        (1..983,959,110)
 *
 * so global ranks run through band 1's groups, then band 2's, and so on.
 * The 416 counts n_b are a table here, taken from bench_bandpair --count-all
 * (tests/bench/results/bench_bandpair_count_all.txt); they sum to
 * BANDPAIR_RANK_TOTAL, the published number of distinct pairs of bands 1+2.
 * The tests recount bands with bandpair_enumerate (a few by default, all of
 * them in test_bandpair_rank_slow).
 */
#ifndef MC_BANDPAIR_RANK_H
#define MC_BANDPAIR_RANK_H

#include <stdbool.h>
#include <stdint.h>

#include "band.h"

#define BANDPAIR_RANK_TOTAL UINT64_C(983959110)

/* Groups of band 1 index band (1..416). */
uint64_t bandpair_rank_band_count(int band);
/* Global rank of the first group of band (1..416). */
uint64_t bandpair_rank_band_first(int band);
uint64_t bandpair_rank_total(void);
/* The band 1 index and local rank of a global rank; false when global is
 * not in 1..BANDPAIR_RANK_TOTAL. */
bool bandpair_rank_split(uint64_t global, int *band, uint64_t *local);
/* The global rank of (band, local); 0 when band is not in 1..416 or local
 * not in 1..n_band. */
uint64_t bandpair_rank_join(int band, uint64_t local);

#endif
