/* enum_check — shared pieces of the enumeration tests: the per-band oracle,
 * an order/validity checking callback, and the brute-force twin on a prefix.
 */
#ifndef MC_TEST_ENUM_CHECK_H
#define MC_TEST_ENUM_CHECK_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "band.h"
#include "enumerate.h"
#include "geometry.h"
#include "grid.h"

/* Reads es-grids-per-band.txt into counts[1..416]; returns the total. */
static inline uint64_t oracle_counts(uint64_t *counts)
{
    FILE *f = fopen(MC_TEST_DATA "/es-grids-per-band.txt", "r");
    if (!f) return 0;
    char line[256];
    uint64_t total = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#') continue;
        int b;
        unsigned long long n;
        if (sscanf(line, "%d %llu", &b, &n) == 2 && b >= 1 && b <= BAND_COUNT) {
            counts[b] = n;
            total += n;
        }
    }
    fclose(f);
    return total;
}

/* Callback state: grids must come strictly increasing, be valid, and have
 * the band's minlex band on top. */
typedef struct order_check {
    int band;
    uint8_t prev[81];
    uint64_t n;
    uint64_t bad;
    uint64_t sample_every; /* 0: none; else keep every k-th grid in samples */
    uint8_t (*samples)[81];
    int nsamples, maxsamples;
} order_check;

static inline int order_check_fn(void *arg, const uint8_t *g)
{
    order_check *c = arg;
    if (c->n > 0 && memcmp(c->prev, g, 81) >= 0) c->bad++;
    if (memcmp(g, band_minlex(c->band), 27) != 0) c->bad++;
    grid x;
    x.geo = geometry_9x9();
    memcpy(x.cell, g, 81);
    if (!grid_is_valid_solution(&x)) c->bad++;
    memcpy(c->prev, g, 81);
    if (c->sample_every && c->n % c->sample_every == 0 && c->nsamples < c->maxsamples)
        memcpy(c->samples[c->nsamples++], g, 81);
    c->n++;
    return 0;
}

/* Brute force on a prefix: every completion of band + rows 4-6 (27 cells
 * from row 4) with rows 7-9 in column-1 order, kept when the slow minlex
 * test (all 3,359,232 position maps) accepts it. */
typedef struct brute {
    uint8_t g[81];
    uint8_t (*out)[81];
    int n, max;
} brute;

static inline void brute_rec(brute *b, int cell)
{
    if (cell == 81) {
        if (enumerate_is_minlex_slow(geometry_9x9(), b->g) && b->n < b->max) memcpy(b->out[b->n++], b->g, 81);
        return;
    }
    int r = cell / 9, c = cell % 9;
    for (int d = 0; d < 9; d++) {
        bool ok = true;
        for (int i = 0; i < cell && ok; i++) {
            int rr = i / 9, cc = i % 9;
            if (b->g[i] == d && (rr == r || cc == c || (rr / 3 == r / 3 && cc / 3 == c / 3))) ok = false;
        }
        if (!ok) continue;
        if (c == 0 && r > 6 && d < b->g[cell - 9]) continue;
        b->g[cell] = (uint8_t)d;
        brute_rec(b, cell + 1);
    }
}

typedef struct collect {
    uint8_t (*out)[81];
    int n, max;
} collect;

static inline int collect_fn(void *arg, const uint8_t *g)
{
    collect *c = arg;
    if (c->n < c->max) memcpy(c->out[c->n], g, 81);
    c->n++;
    return 0;
}

/* Compares enumerate_band_prefix with the brute force on band + rows 4-6.
 * Returns true when both give the same grids; *n = how many. */
static inline bool prefix_matches_brute(int band, const uint8_t *rows456, int *n)
{
    enum { MAXG = 4096 };
    uint8_t(*a)[81] = malloc(MAXG * sizeof *a);
    uint8_t(*b)[81] = malloc(MAXG * sizeof *b);
    brute br = {.out = b, .max = MAXG};
    memcpy(br.g, band_minlex(band), 27);
    memcpy(br.g + 27, rows456, 27);
    brute_rec(&br, 54);
    collect co = {.out = a, .max = MAXG};
    uint64_t cnt;
    bool ok = enumerate_band_prefix(band, rows456, 27, collect_fn, &co, &cnt) == MC_OK;
    ok = ok && co.n == br.n && cnt == (uint64_t)br.n && memcmp(a, b, (size_t)br.n * 81) == 0;
    *n = br.n;
    free(a);
    free(b);
    return ok;
}

#endif
