/* geometry — see geometry.h. */
#include "geometry.h"

#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static geometry *shapes[MAX_N + 1][MAX_N + 1];

static void build(geometry *g, int R, int C)
{
    memset(g, 0, sizeof *g);
    g->R = R;
    g->C = C;
    g->N = R * C;
    g->ncells = g->N * g->N;
    g->nbands = C;
    g->nstacks = R;
    g->npeers = 3 * g->N - R - C - 1;
    int N = g->N;
    int fill[MAX_UNITS] = {0};
    for (int c = 0; c < g->ncells; c++) {
        int r = c / N, k = c % N;
        int b = (r / R) * R + k / C;
        g->row[c] = (uint8_t)r;
        g->col[c] = (uint8_t)k;
        g->box[c] = (uint8_t)b;
        int us[3] = {r, N + k, 2 * N + b};
        for (int i = 0; i < 3; i++) {
            g->unit[us[i]][fill[us[i]]++] = (uint8_t)c;
            g->cell_units[c][i] = (uint8_t)us[i];
        }
    }
    for (int c = 0; c < g->ncells; c++) {
        int n = 0;
        for (int p = 0; p < g->ncells; p++) {
            if (p == c) continue;
            if (g->row[p] == g->row[c] || g->col[p] == g->col[c] || g->box[p] == g->box[c])
                g->peer[c][n++] = (uint8_t)p;
        }
        if (n != g->npeers) abort(); /* the formula above is a theorem; check it */
    }
}

const geometry *geometry_get(int R, int C)
{
    if (R < 2 || C < 2 || R > MAX_N || C > MAX_N || R * C > MAX_N) return NULL; /* no int overflow */
    pthread_mutex_lock(&lock);
    if (!shapes[R][C]) {
        geometry *g = malloc(sizeof *g);
        if (g) build(g, R, C);
        shapes[R][C] = g;
    }
    const geometry *g = shapes[R][C];
    pthread_mutex_unlock(&lock);
    return g;
}

const geometry *geometry_9x9(void) { return geometry_get(3, 3); }

mc_status geometry_parse(const char *text, const geometry **out, mc_error *err)
{
    /* strtol, not sscanf %d: an out-of-range number must not wrap into a
     * small one (1943486008x2 is not a shape, nor is 3888888888888x2) */
    char *end;
    errno = 0;
    long R = strtol(text, &end, 10);
    long C = 0;
    bool ok = end != text && (*end == 'x' || *end == 'X');
    if (ok) {
        const char *c = end + 1;
        C = strtol(c, &end, 10);
        ok = end != c && *end == 0 && errno == 0;
    }
    if (!ok) return mc_fail(err, MC_EFORMAT, "bad box shape '%s' (expected RxC, e.g. 3x3)", text);
    if (R < 2 || C < 2 || R > MAX_N || C > MAX_N)
        return mc_fail(err, MC_EFORMAT, "unsupported box shape %s (need R, C >= 2 and R*C <= 16)", text);
    const geometry *g = geometry_get((int)R, (int)C);
    if (!g)
        return mc_fail(err, MC_EFORMAT,
                       "unsupported box shape %ldx%ld (need R, C >= 2 and R*C <= 16)", R, C);
    *out = g;
    return MC_OK;
}

const geometry *geometry_for_cells(int ncells)
{
    switch (ncells) {
    case 16: return geometry_get(2, 2);
    case 36: return geometry_get(2, 3);
    case 64: return geometry_get(2, 4);
    case 81: return geometry_get(3, 3);
    case 144: return geometry_get(3, 4);
    case 256: return geometry_get(4, 4);
    default: return NULL;
    }
}
