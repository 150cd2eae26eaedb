/* enumerate_shape — the ES grids of every supported shape (enumerate.h):
 * which method serves which shape, and the generic method of the small ones.
 *
 *   9x9 (3x3 boxes)    enumerate_band, band 1 .. BAND_COUNT (enumerate.c)
 *   8x8 (2x4 boxes)    enumerate8_band, band by band (enumerate8.c)
 *   2x2, 2x3, 3x2      here: cells filled in order with the first row
 *                      0..N-1 and column 1 increasing within each band (and
 *                      band by band), each complete grid kept when no
 *                      position map (bands, rows within bands, stacks,
 *                      columns within stacks, the transpose for square
 *                      boxes), relabelled to first appearance, gives a
 *                      smaller grid: the exact minlex test
 *   others             refused (MC_EINVAL)
 *
 * Representation: a position map is a permutation of rows (or columns) that
 * permutes the bands (stacks) and the rows (columns) within each, stored as
 * out[k][new] = old (gen_perms); at most 4,096 per axis for the generic
 * shapes (3! * 2!^3 = 48 for 6 rows of 2-row bands). Invariants: grids come
 * out in lexicographic order, each class once (its minlex form); a nonzero
 * return of the callback stops the enumeration after that grid.
 */
#include "enumerate.h"
#include "enumerate8.h"

#include <assert.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "band.h"

/* Every permutation of n = groups * size items that permutes the groups and
 * the items within each group; out[k][new] = old. Returns the count. */
static int gen_perms(int groups, int size, uint8_t (*out)[MAX_N], int max)
{
    int gp[MAX_N], n = 0;
    int ngp = 1, nin = 1;
    for (int i = 2; i <= groups; i++) ngp *= i;
    for (int i = 2; i <= size; i++) nin *= i;
    long total = ngp;
    for (int g = 0; g < groups; g++) total *= nin;
    if (total > max) return -1;
    /* permutations of k items by index (Lehmer decode) */
    for (long t = 0; t < total; t++) {
        long x = t;
        int gsel = (int)(x % ngp);
        x /= ngp;
        {
            int avail[MAX_N], na = groups, q = gsel;
            for (int i = 0; i < groups; i++) avail[i] = i;
            for (int i = 0; i < groups; i++) {
                int f = 1;
                for (int k = 2; k <= groups - 1 - i; k++) f *= k;
                int pick = q / f;
                q %= f;
                gp[i] = avail[pick];
                for (int k = pick; k < na - 1; k++) avail[k] = avail[k + 1];
                na--;
            }
        }
        for (int g = 0; g < groups; g++) {
            int q = (int)(x % nin);
            x /= nin;
            int avail[MAX_N], na = size;
            for (int i = 0; i < size; i++) avail[i] = i;
            for (int i = 0; i < size; i++) {
                int f = 1;
                for (int k = 2; k <= size - 1 - i; k++) f *= k;
                int pick = q / f;
                q %= f;
                out[n][g * size + i] = (uint8_t)(gp[g] * size + avail[pick]);
                for (int k = pick; k < na - 1; k++) avail[k] = avail[k + 1];
                na--;
            }
        }
        n++;
    }
    return n;
}

typedef struct gctx {
    const geometry *geo;
    int nrp, ncp;
    uint8_t (*rp)[MAX_N], (*cp)[MAX_N];
    uint8_t g[MAX_CELLS];
    uint16_t rowm[MAX_N], colm[MAX_N], boxm[MAX_N];
    enumerate_fn fn;
    void *arg;
    bool stop;
    uint64_t count;
} gctx;

/* Is g (row 0 = 0..N-1 not required) minlex among all position maps? */
static bool minlex_by_maps(const geometry *geo, const uint8_t *g, int nrp, uint8_t (*rp)[MAX_N], int ncp,
                           uint8_t (*cp)[MAX_N])
{
    const int N = geo->N;
    const int ntr = geo->R == geo->C ? 2 : 1;
    for (int t = 0; t < ntr; t++)
        for (int i = 0; i < nrp; i++)
            for (int j = 0; j < ncp; j++) {
                const uint8_t *row = rp[i], *col = cp[j];
                uint8_t lab[MAX_N];
                memset(lab, 0xff, sizeof lab);
                int next = 0;
                for (int cell = 0; cell < geo->ncells; cell++) {
                    int r = cell / N, c = cell % N;
                    int src = t ? col[c] * N + row[r] : row[r] * N + col[c];
                    int d = g[src];
                    if (lab[d] == 0xff) lab[d] = (uint8_t)next++;
                    if (lab[d] != g[cell]) {
                        if (lab[d] < g[cell]) return false;
                        break;
                    }
                }
            }
    return true;
}

static void gfill(gctx *e, int cell)
{
    const geometry *geo = e->geo;
    const int N = geo->N;
    if (cell == geo->ncells) {
        if (minlex_by_maps(geo, e->g, e->nrp, e->rp, e->ncp, e->cp)) {
            e->count++;
            if (e->fn && e->fn(e->arg, e->g)) e->stop = true;
        }
        return;
    }
    int r = geo->row[cell], c = geo->col[cell], bx = geo->box[cell];
    uint32_t cand = ((1u << N) - 1) & ~(uint32_t)(e->rowm[r] | e->colm[c] | e->boxm[bx]);
    if (r == 0) cand &= 1u << c;
    else if (c == 0) {
        /* column 1 increasing within a band, first rows of bands increasing */
        int prev = r % geo->R ? r - 1 : r - geo->R;
        cand &= ~((2u << e->g[prev * N]) - 1);
    }
    while (cand) {
        int d = __builtin_ctz(cand);
        cand &= cand - 1;
        uint16_t bit = (uint16_t)(1u << d);
        e->g[cell] = (uint8_t)d;
        e->rowm[r] |= bit;
        e->colm[c] |= bit;
        e->boxm[bx] |= bit;
        gfill(e, cell + 1);
        e->rowm[r] ^= bit;
        e->colm[c] ^= bit;
        e->boxm[bx] ^= bit;
        if (e->stop) return;
    }
}

typedef struct chain {
    enumerate_fn fn;
    void *arg;
    bool stopped;
} chain;

static int chain_fn(void *arg, const uint8_t *grid)
{
    chain *c = arg;
    if (c->fn && c->fn(c->arg, grid)) {
        c->stopped = true;
        return 1;
    }
    return 0;
}

static int chain8_fn(void *arg, const uint8_t *grid, int autos)
{
    (void)autos;
    return chain_fn(arg, grid);
}

mc_status enumerate_shape(const geometry *geo, enumerate_fn fn, void *arg, uint64_t *count, mc_error *err)
{
    if (geo->N == 9) {
        chain c = {fn, arg, false};
        uint64_t total = 0;
        for (int b = 1; b <= BAND_COUNT && !c.stopped; b++) {
            uint64_t n;
            mc_status st = enumerate_band(b, chain_fn, &c, &n);
            if (st) return mc_fail(err, st, "enumeration of band %d failed", b);
            total += n;
        }
        if (count) *count = total;
        return MC_OK;
    }
    if (geo->R == 2 && geo->C == 4) {
        chain c = {fn, arg, false};
        uint64_t total = 0;
        int nb = enumerate8_band_count();
        for (int b = 1; b <= nb && !c.stopped; b++) {
            uint64_t n;
            mc_status st = enumerate8_band(b, NULL, 0, chain8_fn, &c, &n);
            if (st) return mc_fail(err, st, "enumeration of 8x8 band %d failed", b);
            total += n;
        }
        if (count) *count = total;
        return MC_OK;
    }
    if (geo->N > 6)
        return mc_fail(err, MC_EINVAL, "enumeration of %dx%d grids (%dx%d boxes) is not supported", geo->N,
                       geo->N, geo->R, geo->C);
    gctx *e = calloc(1, sizeof *e);
    if (!e) return mc_fail(err, MC_ENOMEM, "out of memory");
    e->geo = geo;
    e->rp = malloc(4096 * sizeof *e->rp);
    e->cp = malloc(4096 * sizeof *e->cp);
    if (!e->rp || !e->cp) {
        free(e->rp);
        free(e->cp);
        free(e);
        return mc_fail(err, MC_ENOMEM, "out of memory");
    }
    e->nrp = gen_perms(geo->nbands, geo->R, e->rp, 4096);
    e->ncp = gen_perms(geo->nstacks, geo->C, e->cp, 4096);
    assert(e->nrp > 0 && e->ncp > 0);
    e->fn = fn;
    e->arg = arg;
    gfill(e, 0);
    if (count) *count = e->count;
    free(e->rp);
    free(e->cp);
    free(e);
    return MC_OK;
}

int enumerate_is_minlex_slow(const geometry *geo, const uint8_t *grid)
{
    int maxp = 1 << 20;
    uint8_t(*rp)[MAX_N] = malloc((size_t)maxp * sizeof *rp);
    uint8_t(*cp)[MAX_N] = malloc((size_t)maxp * sizeof *cp);
    assert(rp && cp);
    int nrp = gen_perms(geo->nbands, geo->R, rp, maxp);
    int ncp = gen_perms(geo->nstacks, geo->C, cp, maxp);
    assert(nrp > 0 && ncp > 0);
    bool ok = minlex_by_maps(geo, grid, nrp, rp, ncp, cp);
    free(rp);
    free(cp);
    return ok;
}
