/* bandpair_check — independent oracles for the band-pair groups.
 *
 *   h_min_slow      the smallest 81-digit string of an oriented grid over
 *                   all 559,872 position maps of H (forced relabelling): by
 *                   definition the canonical pair followed by the canonical
 *                   band 3, so it must equal bandpair_locate's result.
 *   grid_slot_orbits the automorphisms of a grid found by trying every
 *                   transpose, row map and first column (the relabelling is
 *                   then forced by column 1 and the column map by row 1),
 *                   and their orbits on the 6 slots.
 *   canon_slot      the minlex form of an oriented grid (canon.h) and the
 *                   slot of that form that its band 3 went to.
 *   coverage_band1  the two-way check of the groups of band 1 index 1
 *                   (optionally only those with a given band 2 index)
 *                   against catalogue band 1 (enumerate.h).
 */
#ifndef MC_TEST_BANDPAIR_CHECK_H
#define MC_TEST_BANDPAIR_CHECK_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "band.h"
#include "bandpair.h"
#include "canon.h"
#include "enumerate.h"
#include "geometry.h"
#include "transform.h"

/* A context of its own for bandpair_locate (created on first use). */
static bandpair_ctx *bpc_ctx;
static inline void bpc_locate(const uint8_t *x, uint8_t *pair, uint8_t *band3, int *band1)
{
    if (!bpc_ctx && bandpair_ctx_new(&bpc_ctx) != MC_OK) abort();
    bandpair_locate(bpc_ctx, x, pair, band3, band1);
}

static const uint8_t bpc_perm3[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};

static inline bool bpc_grid_valid(const uint8_t *g)
{
    for (int u = 0; u < 9; u++) {
        unsigned r = 0, c = 0, b = 0;
        for (int k = 0; k < 9; k++) {
            r |= 1u << g[u * 9 + k];
            c |= 1u << g[k * 9 + u];
            b |= 1u << g[(u / 3 * 3 + k / 3) * 9 + u % 3 * 3 + k % 3];
        }
        if (r != 0x1FF || c != 0x1FF || b != 0x1FF) return false;
    }
    return true;
}

/* The 1296 maps of 9 lines that keep triples together (triple perm, then a
 * perm inside each triple): map[i] = old line of new line i. */
static inline void bpc_line_map(int id, uint8_t *map)
{
    int t = id / 216, q0 = id / 36 % 6, q1 = id / 6 % 6, q2 = id % 6;
    int q[3] = {q0, q1, q2};
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < 3; i++) map[k * 3 + i] = (uint8_t)(bpc_perm3[t][k] * 3 + bpc_perm3[q[k]][i]);
}

/* min over H of the oriented grid x (band 3 = rows 7-9 stays rows 7-9). */
static inline void h_min_slow(const uint8_t *x, uint8_t *best)
{
    uint8_t rows[432][9];
    int nr = 0;
    for (int sw = 0; sw < 2; sw++)
        for (int p = 0; p < 216; p++) {
            int q[3] = {p / 36, p / 6 % 6, p % 6};
            int bo[3] = {sw, 1 - sw, 2};
            for (int k = 0; k < 3; k++)
                for (int i = 0; i < 3; i++) rows[nr][k * 3 + i] = (uint8_t)(bo[k] * 3 + bpc_perm3[q[k]][i]);
            nr++;
        }
    bool have = false;
    for (int c = 0; c < 1296; c++) {
        uint8_t col[9];
        bpc_line_map(c, col);
        for (int r = 0; r < nr; r++) {
            uint8_t lab[9];
            memset(lab, 0xFF, 9);
            int next = 0;
            bool less = !have;
            bool abort_map = false;
            uint8_t out[81];
            for (int k = 0; k < 81 && !abort_map; k++) {
                uint8_t d = x[rows[r][k / 9] * 9 + col[k % 9]];
                if (lab[d] == 0xFF) lab[d] = (uint8_t)next++;
                out[k] = lab[d];
                if (!less) {
                    if (out[k] < best[k]) less = true;
                    else if (out[k] > best[k]) abort_map = true;
                }
            }
            if (!abort_map && less) {
                memcpy(best, out, 81);
                have = true;
            }
        }
    }
}

/* Automorphisms of grid m (position maps, transpose included, fixing m up to
 * relabelling) and the orbit representative (smallest slot) of each slot.
 * Returns the number of automorphisms. Slot convention: 0..2 bands, 3..5
 * stacks; the image grid is out[i][j] = lab(T(m)[row[i]][col[j]]). */
static inline int grid_slot_orbits(const uint8_t *m, int rep[6])
{
    for (int s = 0; s < 6; s++) rep[s] = s;
    int count = 0;
    uint8_t tm[81];
    for (int t = 0; t < 2; t++) {
        for (int i = 0; i < 81; i++) tm[i] = t ? m[(i % 9) * 9 + i / 9] : m[i];
        for (int r = 0; r < 1296; r++) {
            uint8_t row[9], x[81];
            bpc_line_map(r, row);
            for (int i = 0; i < 9; i++) memcpy(x + i * 9, tm + row[i] * 9, 9);
            for (int c0 = 0; c0 < 9; c0++) {
                uint8_t lab[9], pos0[9], col[9];
                for (int i = 0; i < 9; i++) lab[x[i * 9 + c0]] = m[i * 9];
                for (int k = 0; k < 9; k++) pos0[lab[x[k]]] = (uint8_t)k;
                for (int j = 0; j < 9; j++) col[j] = pos0[m[j]];
                if (col[0] != c0) continue;
                bool ok = true;
                for (int j = 0; j < 9 && ok; j++) ok = col[j] / 3 == col[j / 3 * 3] / 3;
                unsigned st = 0;
                for (int k = 0; k < 3 && ok; k++) st |= 1u << (col[k * 3] / 3);
                ok = ok && st == 7;
                for (int k = 0; k < 81 && ok; k++) ok = lab[x[(k / 9) * 9 + col[k % 9]]] == m[k];
                if (!ok) continue;
                count++;
                /* new band k <- old (t ? stack : band) row[3k]/3; new stack k <- old (t ? band : stack) col[3k]/3 */
                for (int k = 0; k < 3; k++) {
                    int from_b = (t ? 3 : 0) + row[3 * k] / 3, from_s = (t ? 0 : 3) + col[3 * k] / 3;
                    int pairs[2][2] = {{k, from_b}, {3 + k, from_s}};
                    for (int e = 0; e < 2; e++) {
                        int a = rep[pairs[e][0]], b = rep[pairs[e][1]];
                        if (a == b) continue;
                        int lo = a < b ? a : b, hi = a < b ? b : a;
                        for (int s = 0; s < 6; s++)
                            if (rep[s] == hi) rep[s] = lo;
                    }
                }
            }
        }
    }
    return count;
}

/* Minlex form of the oriented grid x into m; returns the slot of m that x's
 * band 3 (rows 7-9) went to; *autos gets canon's automorphism count. */
static inline int canon_slot(const uint8_t *x, uint8_t *m, int *autos)
{
    transform t;
    *autos = canon_minlex9(x, m, &t);
    for (int k = 0; k < 3; k++) {
        if (!t.transpose && t.row[3 * k] / 3 == 2) return k;
        if (t.transpose && t.col[3 * k] / 3 == 2) return 3 + k;
    }
    return -1;
}

/* Slot indices of grid g: 0..2 bands, 3..5 stacks. */
static inline void slot_indices(const uint8_t *g, int idx[6])
{
    for (int k = 0; k < 3; k++) {
        idx[k] = band_index(g + 27 * k);
        idx[3 + k] = band_index_stack(g, k);
    }
}

/* Is slot s covered by groups (band1, band2 == want2, or any when 0)? */
static inline bool slot_in_range(const int idx[6], int s, int band1, int want2)
{
    int base = s < 3 ? 0 : 3, a = -1, b = -1;
    for (int k = 0; k < 3; k++)
        if (base + k != s) {
            if (a < 0) a = idx[base + k];
            else b = idx[base + k];
        }
    int lo = a < b ? a : b, hi = a < b ? b : a;
    return lo == band1 && (want2 == 0 || hi == want2);
}

/* ---- an oriented grid's item found by the enumeration ---- */

typedef struct find_state {
    const uint8_t *pair;
    uint64_t rank; /* local rank of the pair, 0 = not found */
    bool past;     /* a larger pair was seen first */
} find_state;

static inline int find_pair_fn(void *arg, const bandpair_group *g)
{
    find_state *f = arg;
    int c = memcmp(g->pair, f->pair, 54);
    if (c == 0) f->rank = g->local_rank;
    if (c > 0) f->past = true;
    return c >= 0;
}

typedef struct find_b3 {
    const uint8_t *band3;
    bool found;
    int band2;
} find_b3;

static inline int find_b3_fn(void *arg, const bandpair_group *g)
{
    find_b3 *f = arg;
    f->band2 = g->band2;
    for (int i = 0; i < g->nband3; i++)
        if (memcmp(g->band3 + 27 * i, f->band3, 27) == 0) f->found = true;
    return 0;
}

/* Locates the oriented grid x and looks its item up in the enumeration:
 * the pair among the groups of its band 1 (stopping at the first larger
 * one, the order being lexicographic), then the band 3 in that group's
 * list. Returns the group's local rank, 0 when the item is not there. */
static inline uint64_t find_item(bandpair_ctx *ctx, const uint8_t *x)
{
    uint8_t pair[54], b3[27];
    int b1;
    bpc_locate(x, pair, b3, &b1);
    find_state f = {pair, 0, false};
    if (bandpair_enumerate(ctx, b1, 1, 0, false, find_pair_fn, &f, NULL) != MC_OK || !f.rank) return 0;
    find_b3 fb = {b3, false, 0};
    if (bandpair_enumerate(ctx, b1, f.rank, f.rank, true, find_b3_fn, &fb, NULL) != MC_OK || !fb.found) return 0;
    if (fb.band2 != band_index(pair + 27)) return 0;
    return f.rank;
}

/* ---- two-way coverage of groups of band 1 index 1 against catalogue band 1 ---- */

typedef struct cov_grid {
    uint8_t rows[54]; /* rows 4-9 (rows 1-3 are band_minlex(1)) */
    uint8_t rep[6];   /* orbit representative of each slot */
    uint8_t expect;   /* orbit representatives of covered slots (bit s) */
    uint8_t seen;
} cov_grid;

typedef struct cov_state {
    int want2;
    cov_grid *g;
    size_t n, cap;
    uint64_t catalogue;      /* grids of catalogue band 1 */
    uint64_t expected_items; /* sum of popcount(expect) */
    uint64_t covered_slots;  /* sum of covered slots (no orbit reduction) */
    uint64_t auto_grids;     /* grids with automorphisms among the covered */
    uint64_t items, groups;
    uint64_t bad_valid, bad_locate, bad_missing, bad_slot, bad_twice, bad_autos, bad_order;
    uint8_t last_pair[54];
    bool have_last;
} cov_state;

static inline int cov_catalogue_fn(void *arg, const uint8_t *g)
{
    cov_state *s = arg;
    s->catalogue++;
    int idx[6];
    slot_indices(g, idx);
    unsigned covered = 0;
    for (int k = 0; k < 6; k++)
        if (slot_in_range(idx, k, 1, s->want2)) covered |= 1u << k;
    if (!covered) return 0;
    int rep[6];
    for (int k = 0; k < 6; k++) rep[k] = k;
    int autos = 1;
    uint8_t tmp[81];
    int canon_autos = canon_minlex9(g, tmp, NULL);
    if (canon_autos > 1) {
        autos = grid_slot_orbits(g, rep);
        if (autos != canon_autos) s->bad_autos++;
        s->auto_grids++;
    }
    unsigned expect = 0;
    for (int k = 0; k < 6; k++)
        if (covered >> k & 1) expect |= 1u << rep[k];
    if (s->n == s->cap) {
        s->cap = s->cap ? s->cap * 2 : 1024;
        s->g = realloc(s->g, s->cap * sizeof *s->g);
        if (!s->g) abort();
    }
    cov_grid *c = &s->g[s->n++];
    memcpy(c->rows, g + 27, 54);
    for (int k = 0; k < 6; k++) c->rep[k] = (uint8_t)rep[k];
    c->expect = (uint8_t)expect;
    c->seen = 0;
    s->expected_items += (uint64_t)__builtin_popcount(expect);
    s->covered_slots += (uint64_t)__builtin_popcount(covered);
    return 0;
}

static inline int cov_cmp(const void *key, const void *el)
{
    return memcmp(key, ((const cov_grid *)el)->rows, 54);
}

static inline int cov_group_fn(void *arg, const bandpair_group *grp)
{
    cov_state *s = arg;
    if (s->have_last && memcmp(grp->pair, s->last_pair, 54) <= 0) s->bad_order++;
    memcpy(s->last_pair, grp->pair, 54);
    s->have_last = true;
    if (s->want2 && grp->band2 != s->want2) return 0;
    s->groups++;
    for (int i = 0; i < grp->nband3; i++) {
        s->items++;
        uint8_t x[81], m[81], p2[54], b3[27];
        memcpy(x, grp->pair, 54);
        memcpy(x + 54, grp->band3 + 27 * i, 27);
        if (!bpc_grid_valid(x)) {
            s->bad_valid++;
            continue;
        }
        int b1;
        bpc_locate(x, p2, b3, &b1);
        if (b1 != grp->band1 || memcmp(p2, grp->pair, 54) || memcmp(b3, x + 54, 27)) s->bad_locate++;
        int autos;
        int sigma = canon_slot(x, m, &autos);
        cov_grid *c = memcmp(m, band_minlex(1), 27) == 0 ? bsearch(m + 27, s->g, s->n, sizeof *s->g, cov_cmp) : NULL;
        if (!c) {
            s->bad_missing++;
            continue;
        }
        (void)autos;
        unsigned bit = 1u << c->rep[sigma];
        if (!(c->expect & bit)) s->bad_slot++;
        else if (c->seen & bit) s->bad_twice++;
        c->seen |= (uint8_t)bit;
    }
    return 0;
}

/* Runs both sides; returns the number of catalogue grids whose covered slots
 * were not all seen (0 when coverage holds). */
static inline uint64_t cov_missing(const cov_state *s)
{
    uint64_t miss = 0;
    for (size_t i = 0; i < s->n; i++)
        if (s->g[i].seen != s->g[i].expect) miss++;
    return miss;
}

#endif
