/* test_sort — the three sorts of sort.h against qsort with the comparison
 * each replaces (number of cells, then value; cs81_cmp for cs81).
 *
 * ctest-labels: unit
 *
 * For each kind, 600 random arrays (seed 20261201, printed on failure):
 * lengths 0..3,000 (below and above the insertion-sort bound, with and
 * without runs of equal sets), sets drawn as the engine meets them (a few
 * cells, many repeats) and uniformly over their bits (so that every radix
 * pass is taken and none skipped), all-equal arrays (every pass
 * skipped) and arrays equal but for one or two sets (a pass that one
 * key alone needs). The result equals qsort's element by element, and the scratch
 * may hold anything before the call.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "prng.h"
#include "sort.h"

#define NMAX 3000
#define SEED 20261201

static int cmp27(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    int cx = __builtin_popcount(x), cy = __builtin_popcount(y);
    if (cx != cy) return cx < cy ? -1 : 1;
    return x < y ? -1 : x > y;
}

static int cmp54(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    int cx = __builtin_popcountll(x), cy = __builtin_popcountll(y);
    if (cx != cy) return cx < cy ? -1 : 1;
    return x < y ? -1 : x > y;
}

static int cmp81(const void *a, const void *b) { return cs81_cmp(*(const cs81 *)a, *(const cs81 *)b); }

/* A set of `bits` cells: few cells (2..12, as UAs; mode 0), all bits
 * random (mode 1), or one fixed set (modes 2 and 3: the whole array
 * equal; in mode 3 the caller then draws one or two of them anew). */
static uint64_t draw(prng *r, int bits, int mode, uint64_t fixed)
{
    uint64_t all = bits == 64 ? ~UINT64_C(0) : (UINT64_C(1) << bits) - 1;
    if (mode >= 2) return fixed & all;
    if (mode == 1) return prng_next(r) & all;
    uint64_t s = 0;
    int k = 2 + (int)prng_below(r, 11);
    while (__builtin_popcountll(s) < k) s |= UINT64_C(1) << prng_below(r, (uint64_t)bits);
    return s;
}

static int length(prng *r)
{
    int kind = (int)prng_below(r, 3);
    return kind == 0 ? (int)prng_below(r, 30) : kind == 1 ? (int)prng_below(r, 300) : (int)prng_below(r, NMAX + 1);
}

static void test_sets27(void **state)
{
    (void)state;
    static uint32_t a[NMAX], b[NMAX], tmp[NMAX];
    prng r;
    prng_seed(&r, SEED);
    for (int t = 0; t < 600; t++) {
        int n = length(&r), mode = (int)prng_below(&r, 4), pool = 1 + (int)prng_below(&r, 2 * NMAX);
        uint64_t fixed = prng_next(&r);
        for (int i = 0; i < n; i++) {
            /* repeats: some arrays draw from a small pool of sets */
            a[i] = (uint32_t)draw(&r, 27, mode, fixed);
            if (pool < 50 && i >= pool) a[i] = a[prng_below(&r, (uint64_t)pool)];
        }
        for (int k = 0; mode == 3 && n && k < 2; k++) a[prng_below(&r, (uint64_t)n)] = (uint32_t)draw(&r, 27, 1, 0);
        for (int i = 0; i < NMAX; i++) tmp[i] = (uint32_t)prng_next(&r);
        memcpy(b, a, sizeof *a * (size_t)n);
        qsort(b, (size_t)n, sizeof *b, cmp27);
        sort_sets27(a, n, tmp);
        if (memcmp(a, b, sizeof *a * (size_t)n)) fail_msg("sets27: case %d (n %d, mode %d, seed %d)", t, n, mode, SEED);
    }
}

static void test_sets54(void **state)
{
    (void)state;
    static uint64_t a[NMAX], b[NMAX], tmp[NMAX];
    prng r;
    prng_seed(&r, SEED + 1);
    for (int t = 0; t < 600; t++) {
        int n = length(&r), mode = (int)prng_below(&r, 4), pool = 1 + (int)prng_below(&r, 2 * NMAX);
        uint64_t fixed = prng_next(&r);
        for (int i = 0; i < n; i++) {
            a[i] = draw(&r, 54, mode, fixed);
            if (pool < 50 && i >= pool) a[i] = a[prng_below(&r, (uint64_t)pool)];
        }
        for (int k = 0; mode == 3 && n && k < 2; k++) a[prng_below(&r, (uint64_t)n)] = draw(&r, 54, 1, 0);
        for (int i = 0; i < NMAX; i++) tmp[i] = prng_next(&r);
        memcpy(b, a, sizeof *a * (size_t)n);
        qsort(b, (size_t)n, sizeof *b, cmp54);
        sort_sets54(a, n, tmp);
        if (memcmp(a, b, sizeof *a * (size_t)n)) fail_msg("sets54: case %d (n %d, mode %d, seed %d)", t, n, mode, SEED + 1);
    }
}

static void test_cs81(void **state)
{
    (void)state;
    static cs81 a[NMAX], b[NMAX], tmp[NMAX];
    prng r;
    prng_seed(&r, SEED + 2);
    for (int t = 0; t < 600; t++) {
        int n = length(&r), mode = (int)prng_below(&r, 4), pool = 1 + (int)prng_below(&r, 2 * NMAX);
        uint64_t fixed = prng_next(&r), fixed_hi = prng_next(&r);
        for (int i = 0; i < n; i++) {
            if (mode == 0) { /* a few cells anywhere of the 81 */
                a[i] = cs81_empty();
                int k = 2 + (int)prng_below(&r, 11);
                while (cs81_count(a[i]) < k) cs81_add(&a[i], (int)prng_below(&r, 81));
            } else {
                a[i].w[0] = draw(&r, 64, mode, fixed);
                a[i].w[1] = draw(&r, 17, mode, fixed_hi);
            }
            if (pool < 50 && i >= pool) a[i] = a[prng_below(&r, (uint64_t)pool)];
        }
        for (int k = 0; mode == 3 && n && k < 2; k++) {
            int i = (int)prng_below(&r, (uint64_t)n);
            a[i].w[0] = draw(&r, 64, 1, 0), a[i].w[1] = draw(&r, 17, 1, 0);
        }
        for (int i = 0; i < NMAX; i++) tmp[i].w[0] = prng_next(&r), tmp[i].w[1] = prng_next(&r);
        memcpy(b, a, sizeof *a * (size_t)n);
        qsort(b, (size_t)n, sizeof *b, cmp81);
        sort_cs81(a, n, tmp);
        if (memcmp(a, b, sizeof *a * (size_t)n)) fail_msg("cs81: case %d (n %d, mode %d, seed %d)", t, n, mode, SEED + 2);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_sets27), cmocka_unit_test(test_sets54),
                                       cmocka_unit_test(test_cs81)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
