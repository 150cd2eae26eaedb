/* solver9_simd — the one vector helper of the 9x9 solver, with its scalar twin.
 *
 * s9_clear_cells(Fb, x) clears the cells x from the nine digit words of a
 * band (Fb[0..8], see solver9.h) and returns a 9-bit mask: bit e set when
 * Fb[e] had one of those cells. With SSE2 (every x86-64) eight words go
 * through two 128-bit registers; otherwise, or with -DS9_SCALAR, a plain
 * loop. Both give identical results (test_solver compares them).
 */
#ifndef MC_SOLVER9_SIMD_H
#define MC_SOLVER9_SIMD_H

#include <stdint.h>

#if defined(__SSE2__) && !defined(S9_SCALAR)
#include <emmintrin.h>
#define S9_SIMD 1
#else
#define S9_SIMD 0
#endif

static inline uint32_t s9_clear_cells_scalar(uint32_t *Fb, uint32_t x)
{
    uint32_t hit = 0;
    for (int e = 0; e < 9; e++) {
        uint32_t w = Fb[e];
        hit |= (uint32_t)((w & x) != 0) << e;
        Fb[e] = w & ~x;
    }
    return hit;
}

#if S9_SIMD
static inline uint32_t s9_clear_cells_sse2(uint32_t *Fb, uint32_t x)
{
    __m128i vx = _mm_set1_epi32((int)x), zero = _mm_setzero_si128();
    __m128i a = _mm_loadu_si128((const __m128i *)Fb);
    __m128i b = _mm_loadu_si128((const __m128i *)(Fb + 4));
    int miss_a = _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(_mm_and_si128(a, vx), zero)));
    int miss_b = _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(_mm_and_si128(b, vx), zero)));
    _mm_storeu_si128((__m128i *)Fb, _mm_andnot_si128(vx, a));
    _mm_storeu_si128((__m128i *)(Fb + 4), _mm_andnot_si128(vx, b));
    uint32_t w = Fb[8];
    Fb[8] = w & ~x;
    return (~(uint32_t)(miss_a | miss_b << 4) & 0xFF) | (uint32_t)((w & x) != 0) << 8;
}
#define s9_clear_cells s9_clear_cells_sse2
#else
#define s9_clear_cells s9_clear_cells_scalar
#endif

#endif
