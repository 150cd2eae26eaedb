/* prng — minclue's own documented pseudo-random generator.
 *
 * xoshiro256** (Blackman and Vigna, 2018) seeded through splitmix64 from one
 * 64-bit seed. Same seed, same sequence, on every machine and compiler: the
 * arithmetic is exact 64-bit unsigned. Never rand().
 *
 * State: four 64-bit words, never all zero (splitmix64 seeding guarantees it).
 */
#ifndef MC_PRNG_H
#define MC_PRNG_H

#include <stdint.h>

typedef struct prng {
    uint64_t s[4];
} prng;

static inline uint64_t prng_splitmix64(uint64_t *x)
{
    uint64_t z = (*x += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

static inline void prng_seed(prng *p, uint64_t seed)
{
    uint64_t x = seed;
    for (int i = 0; i < 4; i++) p->s[i] = prng_splitmix64(&x);
}

static inline uint64_t prng_rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

/* Next 64 random bits. */
static inline uint64_t prng_next(prng *p)
{
    uint64_t *s = p->s;
    uint64_t r = prng_rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = prng_rotl(s[3], 45);
    return r;
}

/* Uniform integer in [0, n), n >= 1, without modulo bias (rejection). */
static inline uint64_t prng_below(prng *p, uint64_t n)
{
    uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    uint64_t x;
    do x = prng_next(p);
    while (x >= limit);
    return x % n;
}

/* Fisher-Yates shuffle of a uint8_t array. */
static inline void prng_shuffle_u8(prng *p, uint8_t *a, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)prng_below(p, (uint64_t)i + 1);
        uint8_t t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

#endif
