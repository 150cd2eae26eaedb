/* bandpair_totals — the exact item count of the groups of one band-1 index
 * b, derived without the band-pair enumeration, and the two-way coverage
 * check of those groups.
 *
 * The oracle. A grid G has a slot whose pair (the other two bands, or
 * stacks, of that direction) has smaller band index b iff some grid of its
 * class has rows 1-3 = M_b (band_minlex(b)), rows 4-6 a band of index >= b
 * and rows 7-9 anything completing it, with the rows of bands 2 and 3 in
 * increasing order of their first digit (orient G on the slot, swap the two
 * bands so that the one of index b comes first, map it onto M_b by a band
 * map applied to the whole grid, sort the rows of bands 2 and 3: every step
 * is a symmetry). tot_generate fills exactly those grids cell by cell
 * (band_index for the index test, nothing of bandpair.c) and keeps the
 * distinct minlex forms (canon_minlex9): the set S_b of ES grids having such
 * a slot. For each G in S_b the slots s whose pair has smaller index b are
 * the covered slots, and by bandpair.h's multiplicity rule the groups of b
 * hold exactly one item per orbit of Aut(G) (grid_slot_orbits, an
 * independent search) meeting the covered slots. So
 *     items(b) = sum over G in S_b of #(Aut(G)-orbits of covered slots).
 * tot_check_groups then checks every item of the enumeration of b: valid,
 * located to itself, its minlex form in S_b in a covered slot orbit
 * (canon_slot), no orbit twice; tot_missing counts the grids of S_b with an
 * orbit not met. With the count equal, this proves the groups of b cover
 * S_b exactly with the stated multiplicity.
 *
 * Cost: the number of generated grids (rows 4-6 of index >= b times their
 * completions) decides; fine for the last band-1 indices (few groups), not
 * for the first ones (there the catalogue band is the oracle, see
 * bandpair_check.h).
 */
#ifndef MC_TEST_BANDPAIR_TOTALS_H
#define MC_TEST_BANDPAIR_TOTALS_H

#include "bandpair_check.h"

typedef struct tot_grid {
    uint8_t m[81]; /* minlex form */
    uint8_t rep[6];
    uint8_t expect, seen, covered;
    uint8_t autos_gt1;
} tot_grid;

typedef struct tot_state {
    int band;
    tot_grid *g;
    size_t n, cap;
    uint64_t raw;            /* grids generated (before dedup) */
    uint64_t expected_items; /* sum of covered slot orbits */
    uint64_t covered_slots;  /* sum of covered slots */
    uint64_t auto_grids;     /* grids of S_b with automorphisms */
    uint64_t groups, items;
    uint64_t bad_valid, bad_locate, bad_missing, bad_slot, bad_twice, bad_autos;
    uint64_t bad_band; /* a generated grid with no covered slot, or not minlex */
    /* generation */
    uint8_t x[81];
    unsigned colm[9], rowm[9], boxm[9];
} tot_state;

static inline int tot_cmp(const void *a, const void *b) { return memcmp(a, b, 81); }

/* Sorts the grids and drops repeats. */
static inline void tot_compact(tot_state *s)
{
    if (s->n > 1) qsort(s->g, s->n, sizeof *s->g, tot_cmp);
    size_t w = 0;
    for (size_t r = 0; r < s->n; r++)
        if (w == 0 || memcmp(s->g[w - 1].m, s->g[r].m, 81)) s->g[w++] = s->g[r];
    s->n = w;
}

static inline void tot_push(tot_state *s, const uint8_t *m)
{
    if (s->n == s->cap) {
        tot_compact(s); /* each grid is met many times: grow only when still 3/4 full */
        if (s->cap == 0 || s->n * 4 > s->cap * 3) {
            s->cap = s->cap ? s->cap * 2 : 4096;
            s->g = realloc(s->g, s->cap * sizeof *s->g);
            if (!s->g) abort();
        }
    }
    tot_grid *t = &s->g[s->n++];
    memset(t, 0, sizeof *t);
    memcpy(t->m, m, 81);
}

static inline void tot_fill(tot_state *s, int k)
{
    if (k == 54 && band_index(s->x + 27) < s->band) return;
    if (k == 81) {
        uint8_t m[81];
        (void)canon_minlex9(s->x, m, NULL);
        s->raw++;
        tot_push(s, m);
        return;
    }
    int i = k / 9, j = k % 9, b = (i / 3) * 3 + j / 3;
    unsigned used = s->colm[j] | s->rowm[i] | s->boxm[b];
    for (int d = 0; d < 9; d++) {
        unsigned bit = 1u << d;
        if (used & bit) continue;
        if (j == 0 && i % 3 != 0 && d < s->x[(i - 1) * 9]) continue; /* rows sorted by first digit */
        s->x[k] = (uint8_t)d;
        s->colm[j] |= bit, s->rowm[i] |= bit, s->boxm[b] |= bit;
        tot_fill(s, k + 1);
        s->colm[j] &= ~bit, s->rowm[i] &= ~bit, s->boxm[b] &= ~bit;
    }
}

/* Builds S_b (sorted, distinct) with each grid's covered slot orbits. */
static inline void tot_generate(tot_state *s, int band)
{
    memset(s, 0, sizeof *s);
    s->band = band;
    memcpy(s->x, band_minlex(band), 27);
    for (int k = 0; k < 27; k++) {
        unsigned bit = 1u << s->x[k];
        s->colm[k % 9] |= bit, s->rowm[k / 9] |= bit, s->boxm[(k % 9) / 3] |= bit;
    }
    tot_fill(s, 27);
    tot_compact(s);
    for (size_t i = 0; i < s->n; i++) {
        tot_grid *t = &s->g[i];
        int idx[6], rep[6];
        slot_indices(t->m, idx);
        unsigned covered = 0;
        for (int k = 0; k < 6; k++)
            if (slot_in_range(idx, k, band, 0)) covered |= 1u << k;
        if (!covered) s->bad_band++; /* generated, so some slot must qualify */
        for (int k = 0; k < 6; k++) rep[k] = k;
        int canon_autos = 0;
        if (!canon_is_minlex9(t->m, &canon_autos)) s->bad_band++; /* canon_minlex9 gave a non-minlex form */
        if (canon_autos > 1) {
            int a = grid_slot_orbits(t->m, rep);
            if (a != canon_autos) s->bad_autos++;
            s->auto_grids++;
            t->autos_gt1 = 1;
        }
        unsigned expect = 0;
        for (int k = 0; k < 6; k++) {
            t->rep[k] = (uint8_t)rep[k];
            if (covered >> k & 1) expect |= 1u << rep[k];
        }
        t->covered = (uint8_t)covered;
        t->expect = (uint8_t)expect;
        s->expected_items += (uint64_t)__builtin_popcount(expect);
        s->covered_slots += (uint64_t)__builtin_popcount(covered);
    }
}

static inline int tot_group_fn(void *arg, const bandpair_group *grp)
{
    tot_state *s = arg;
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
        int b1, autos;
        bpc_locate(x, p2, b3, &b1);
        if (b1 != grp->band1 || memcmp(p2, grp->pair, 54) || memcmp(b3, x + 54, 27)) s->bad_locate++;
        int sigma = canon_slot(x, m, &autos);
        tot_grid *t = sigma < 0 ? NULL : bsearch(m, s->g, s->n, sizeof *s->g, tot_cmp);
        if (!t) {
            s->bad_missing++;
            continue;
        }
        unsigned bit = 1u << t->rep[sigma];
        if (!(t->expect & bit)) s->bad_slot++;
        else if (t->seen & bit) s->bad_twice++;
        t->seen |= (uint8_t)bit;
    }
    return 0;
}

/* Grids of S_b with a covered slot orbit that no item met. */
static inline uint64_t tot_missing(const tot_state *s)
{
    uint64_t miss = 0;
    for (size_t i = 0; i < s->n; i++)
        if (s->g[i].seen != s->g[i].expect) miss++;
    return miss;
}

#endif
