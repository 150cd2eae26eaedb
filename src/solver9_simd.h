/* solver9_simd — the one vector helper of the 9x9 solver, with its scalar twin.
 *
 * s9_clear_cells(Fb, x) clears the cells x from the nine digit words of a
 * band (Fb[0..8], see solver9.h) and returns a 9-bit mask: bit e set when
 * Fb[e] had one of those cells. With SSE2 (every x86-64) eight words go
 * through two 128-bit registers; otherwise, or with -DS9_SCALAR, a plain
 * loop. Both give identical results (test_solver compares them).
 *
 * s9_clue_cells(puzzle, out) sets out[b] to the 27-bit set of the cells of
 * band b that hold a clue (puzzle byte != CELL_EMPTY); same twin scheme.
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

static inline void s9_clue_cells_scalar(const uint8_t *puzzle, uint32_t out[3])
{
    for (int b = 0; b < 3; b++) {
        uint32_t m = 0;
        for (int p = 0; p < 27; p++) m |= (uint32_t)(puzzle[27 * b + p] != 0xFF) << p;
        out[b] = m;
    }
}

#if S9_SIMD
static inline void s9_clue_cells_sse2(const uint8_t *puzzle, uint32_t out[3])
{
    __m128i empty = _mm_set1_epi8((char)0xFF);
    uint64_t lo = 0, hi = 0; /* empty-cell bits: cells 0..63, 64..80 */
    for (int k = 0; k < 4; k++)
        lo |= (uint64_t)(uint16_t)_mm_movemask_epi8(
                  _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(puzzle + 16 * k)), empty))
              << (16 * k);
    hi = (uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(puzzle + 64)), empty));
    hi |= (uint64_t)(puzzle[80] == 0xFF) << 16;
    lo = ~lo;
    hi = ~hi;
    out[0] = (uint32_t)lo & 0x7FFFFFFu;
    out[1] = (uint32_t)(lo >> 27) & 0x7FFFFFFu;
    out[2] = (uint32_t)((lo >> 54) | hi << 10) & 0x7FFFFFFu;
}

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
#define s9_clue_cells s9_clue_cells_sse2
#else
#define s9_clear_cells s9_clear_cells_scalar
#define s9_clue_cells s9_clue_cells_scalar
#endif

#endif
