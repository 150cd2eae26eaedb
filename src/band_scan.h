/* band_scan — the first set of a list that a set misses, and the sets of
 * a list that a set misses.
 *
 * Representation: a list of n sets of at most 64 elements, each a uint64_t
 * bitmap (in the band engine: two-band UAs, band-1 part | band-2 part << 27,
 * and q a pair X u Y of bands 1+2 in the same layout).
 *
 * band_scan_first_*(list, n, q) returns the least i < n with
 * (list[i] & q) == 0, or n when q meets every set. The pair phase calls it
 * for every pair that passes the vectors (group 70:877691, K = 17: 7.4 M
 * calls), the first pair of an X on the whole list (4,758 sets on
 * average), the others on the sets that X misses (193 on average): a hot
 * loop.
 *
 * Three implementations, all returning the same index:
 *  - band_scan_first_scalar: one set per step, any machine;
 *  - band_scan_first_avx2: four sets per compare (x86-64 with AVX2);
 *  - band_scan_first_avx512: eight sets per compare (x86-64 with AVX-512F).
 * The vector ones are compiled with per-function target attributes, so the
 * portable build holds them; band_scan_best() returns the widest the CPU
 * runs (the band engine asks once, when it is made). test_band_scan
 * compares the three on random lists. A build without x86-64 intrinsics
 * has the scalar one only (the others then forward to it).
 *
 * band_scan_filter_*(list, n, x, out) writes to out, in list order, the
 * sets of list[0..n) that x misses ((list[i] & x) == 0) and returns their
 * number; out holds n entries and does not overlap list. The pair phase
 * makes with it the sets an X misses, once per X from its second pair on
 * (the whole list, about 1,000 sets at K = 16; one set per step, this was
 * half of survivor's own time). Versions: scalar; AVX2 (four sets per
 * compare, packed by a permutation); AVX-512F (eight, compressed in the
 * register). band_scan_filter_best picks as band_scan_best does.
 */
#ifndef MC_BAND_SCAN_H
#define MC_BAND_SCAN_H

#include <stdbool.h>
#include <stdint.h>

typedef int (*band_scan_fn)(const uint64_t *list, int n, uint64_t q);

int band_scan_first_scalar(const uint64_t *list, int n, uint64_t q);
int band_scan_first_avx2(const uint64_t *list, int n, uint64_t q);
int band_scan_first_avx512(const uint64_t *list, int n, uint64_t q);

typedef int (*band_scan_filter_fn)(const uint64_t *list, int n, uint64_t x, uint64_t *out);

int band_scan_filter_scalar(const uint64_t *list, int n, uint64_t x, uint64_t *out);
int band_scan_filter_avx2(const uint64_t *list, int n, uint64_t x, uint64_t *out);
int band_scan_filter_avx512(const uint64_t *list, int n, uint64_t x, uint64_t *out);

/* Whether this CPU (and this build) runs the AVX2 / AVX-512F versions. */
bool band_scan_has_avx2(void);
bool band_scan_has_avx512(void);

/* The vector widths of band_scan, band_sieve and band_bound, narrowest
 * first: a level stands for the widest version allowed. */
typedef enum band_simd { BAND_SIMD_SCALAR, BAND_SIMD_AVX2, BAND_SIMD_AVX512 } band_simd;

/* The widest version this CPU runs; "scalar", "avx2" or "avx512" in *name
 * when name is not NULL. */
band_scan_fn band_scan_best(const char **name);
band_scan_filter_fn band_scan_filter_best(void);
/* The same, the width at most widest (BAND_SIMD_AVX2: the AVX2 versions on
 * a CPU that runs AVX-512 too, so that tests compare them). */
band_scan_fn band_scan_upto(band_simd widest, const char **name);
band_scan_filter_fn band_scan_filter_upto(band_simd widest);

#endif
