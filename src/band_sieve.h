/* band_sieve — the sets of a band table held bit per set, so that one OR
 * tests a UA against 512 sets at once.
 *
 * Representation: the sets (27-bit masks of one band, the Y of the band
 * engine's X x Y) are laid out in ranges; each range starts a new block of
 * BAND_SIEVE_BLOCK = 512 sets (8 words), the block's unused tail is
 * padding. Per block:
 *   has[c]  (c < 27): bit i set iff set i of the block holds cell c;
 *   row[k]  (k < BAND_SIEVE_UAS): bit i set iff set i misses UA k's part
 *           in this band (holds none of its cells), or i is padding;
 *   pad:    bit i set iff i is padding.
 * Invariant: row[k] = ~(OR of has[c] over the cells c of part k) | pad for
 * every k given by band_sieve_set_ua; the other rows are undefined and must
 * not be named.
 *
 * The question of the pair loop: given the UAs A that an X of the other
 * band misses (a bit mask over the rows, BAND_SIEVE_MASK_WORDS words: X's
 * vector as it is), which sets of a block miss none of them, i.e. hit
 * every UA of A (those are the Y whose pair with X the vectors let
 * through)? The answer is ~(pad | OR over k in A of row[k]):
 * band_sieve_block_fn. The OR takes the rows in increasing k and stops
 * early once every bit is set (no set of the block is left), so the UAs
 * that kill most should have the small k; the answer does not depend on
 * the order.
 *
 * Three versions of the block function, all with the same answer:
 *  - band_sieve_block_scalar: eight 64-bit words, any machine;
 *  - band_sieve_block_avx2: two 256-bit vectors (x86-64 with AVX2);
 *  - band_sieve_block_avx512: one 512-bit vector (x86-64 with AVX-512F);
 * band_sieve_best() returns the widest the CPU runs (band_scan.h decides
 * what runs). test_band_sieve checks them against a loop over the sets.
 */
#ifndef MC_BAND_SIEVE_H
#define MC_BAND_SIEVE_H

#include <stddef.h>
#include <stdint.h>

#include "band_scan.h"
#include "mc_error.h"

#define BAND_SIEVE_BLOCK 512
#define BAND_SIEVE_WORDS (BAND_SIEVE_BLOCK / 64)
#define BAND_SIEVE_UAS 256
#define BAND_SIEVE_MASK_WORDS (BAND_SIEVE_UAS / 64)
/* words of one block: the UA rows, then has[27], then pad */
#define BAND_SIEVE_ROW_HAS BAND_SIEVE_UAS
#define BAND_SIEVE_ROW_PAD (BAND_SIEVE_UAS + 27)
#define BAND_SIEVE_ROWS (BAND_SIEVE_UAS + 28)

typedef struct band_sieve {
    uint64_t *word; /* block b, row r: word + (b * BAND_SIEVE_ROWS + r) * BAND_SIEVE_WORDS */
    int nblocks, cap;
} band_sieve;

void band_sieve_init(band_sieve *s);
void band_sieve_free(band_sieve *s);
/* Forgets every range (the memory is kept). */
void band_sieve_clear(band_sieve *s);
/* Appends a range of n sets; *first_block is its first block (the range
 * takes (n + 511) / 512 blocks). The UA rows of the new blocks are
 * undefined until band_sieve_set_ua. MC_ENOMEM when it cannot grow. */
MC_MUST_USE mc_status band_sieve_add(band_sieve *s, const uint32_t *sets, int n, int *first_block);
/* Row k (< BAND_SIEVE_UAS) of every block: the sets that miss part. */
void band_sieve_set_ua(band_sieve *s, int k, uint32_t part);

static inline const uint64_t *band_sieve_rows(const band_sieve *s, int block)
{
    return s->word + (size_t)block * BAND_SIEVE_ROWS * BAND_SIEVE_WORDS;
}

/* out = the sets of the block (rows = band_sieve_rows) that miss none of
 * the UAs k whose bit is set in ua: ~(pad | OR of row[k]). Returns whether
 * any is left (out not all zero). */
typedef int (*band_sieve_block_fn)(const uint64_t *rows, const uint64_t ua[BAND_SIEVE_MASK_WORDS],
                                   uint64_t out[BAND_SIEVE_WORDS]);

int band_sieve_block_scalar(const uint64_t *rows, const uint64_t ua[BAND_SIEVE_MASK_WORDS], uint64_t out[BAND_SIEVE_WORDS]);
int band_sieve_block_avx2(const uint64_t *rows, const uint64_t ua[BAND_SIEVE_MASK_WORDS], uint64_t out[BAND_SIEVE_WORDS]);
int band_sieve_block_avx512(const uint64_t *rows, const uint64_t ua[BAND_SIEVE_MASK_WORDS], uint64_t out[BAND_SIEVE_WORDS]);

/* The widest version this CPU runs; "scalar", "avx2" or "avx512" in *name
 * when name is not NULL. */
band_sieve_block_fn band_sieve_best(const char **name);
/* The same, the width at most widest (band_scan.h's band_simd). */
band_sieve_block_fn band_sieve_upto(band_simd widest, const char **name);

#endif
