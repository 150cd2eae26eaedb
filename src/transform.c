/* transform — see transform.h.
 *
 * Composition and inversion follow from the definition
 *     apply(t, g)[i][j] = digit[g[T(row[i], col[j])]]
 * by substitution:
 *   compose (a then b):  if b transposes, b's row index reads a's column map
 *     and vice versa:    row[i] = a.col[b.row[i]], col[j] = a.row[b.col[j]];
 *     otherwise          row[i] = a.row[b.row[i]], col[j] = a.col[b.col[j]];
 *     transpose = a.transpose xor b.transpose, digit = b.digit o a.digit.
 *   invert: the inverse permutations, with row and column maps swapped when
 *     t transposes.
 */
#include "transform.h"

#include <assert.h>
#include <string.h>

void transform_identity(transform *t, const geometry *geo)
{
    memset(t, 0, sizeof *t);
    t->geo = geo;
    t->transpose = false;
    for (int i = 0; i < geo->N; i++) t->row[i] = t->col[i] = t->digit[i] = (uint8_t)i;
}

static bool is_permutation(const uint8_t *p, int n)
{
    uint32_t seen = 0;
    for (int i = 0; i < n; i++) {
        if (p[i] >= n || (seen >> p[i] & 1)) return false;
        seen |= UINT32_C(1) << p[i];
    }
    return true;
}

/* p is a permutation of n = groups * size that maps each group of `size`
 * consecutive indices onto one group. */
static bool keeps_groups(const uint8_t *p, int groups, int size)
{
    for (int g = 0; g < groups; g++) {
        int target = p[g * size] / size;
        for (int k = 1; k < size; k++)
            if (p[g * size + k] / size != target) return false;
    }
    return true;
}

bool transform_is_valid(const transform *t)
{
    const geometry *geo = t->geo;
    if (!geo) return false;
    int N = geo->N;
    if (t->transpose && geo->R != geo->C) return false;
    if (!is_permutation(t->row, N) || !is_permutation(t->col, N) || !is_permutation(t->digit, N))
        return false;
    /* bands are strips of R rows, stacks strips of C columns */
    return keeps_groups(t->row, geo->nbands, geo->R) && keeps_groups(t->col, geo->nstacks, geo->C);
}

/* A random permutation of groups x size indices that keeps groups together. */
static void random_grouped(uint8_t *p, int groups, int size, prng *rng)
{
    uint8_t order[MAX_N], inner[MAX_N];
    for (int g = 0; g < groups; g++) order[g] = (uint8_t)g;
    prng_shuffle_u8(rng, order, groups);
    for (int g = 0; g < groups; g++) {
        for (int k = 0; k < size; k++) inner[k] = (uint8_t)k;
        prng_shuffle_u8(rng, inner, size);
        for (int k = 0; k < size; k++) p[g * size + k] = (uint8_t)(order[g] * size + inner[k]);
    }
}

void transform_random(transform *t, const geometry *geo, prng *rng)
{
    transform_identity(t, geo);
    if (geo->R == geo->C) t->transpose = (prng_next(rng) >> 63) != 0;
    random_grouped(t->row, geo->nbands, geo->R, rng);
    random_grouped(t->col, geo->nstacks, geo->C, rng);
    prng_shuffle_u8(rng, t->digit, geo->N);
    assert(transform_is_valid(t));
}

void transform_cell_map(const transform *t, uint8_t *map)
{
    int N = t->geo->N;
    for (int i = 0; i < N; i++) {
        int r = t->row[i];
        for (int j = 0; j < N; j++) {
            int c = t->col[j];
            map[i * N + j] = (uint8_t)(t->transpose ? c * N + r : r * N + c);
        }
    }
}

void transform_apply_cells(const transform *t, const uint8_t *in, uint8_t *out)
{
    assert(transform_is_valid(t));
    int n = t->geo->ncells;
    uint8_t map[MAX_CELLS], tmp[MAX_CELLS];
    transform_cell_map(t, map);
    for (int i = 0; i < n; i++) {
        uint8_t d = in[map[i]];
        tmp[i] = d == CELL_EMPTY ? CELL_EMPTY : t->digit[d];
    }
    memcpy(out, tmp, (size_t)n);
}

void transform_apply(const transform *t, const grid *in, grid *out)
{
    assert(in->geo == t->geo);
    transform_apply_cells(t, in->cell, out->cell);
    if (out != in) {
        memset(out->cell + t->geo->ncells, CELL_EMPTY, sizeof out->cell - (size_t)t->geo->ncells);
        out->geo = in->geo;
    }
}

cs81 transform_apply_cs81(const transform *t, cs81 s)
{
    assert(t->geo->ncells <= 81);
    uint8_t map[MAX_CELLS];
    transform_cell_map(t, map);
    cs81 r = cs81_empty();
    for (int i = 0; i < t->geo->ncells; i++)
        if (cs81_has(s, map[i])) cs81_add(&r, i);
    return r;
}

void transform_compose(const transform *a, const transform *b, transform *ab)
{
    assert(a->geo == b->geo);
    transform r;
    transform_identity(&r, a->geo);
    int N = a->geo->N;
    r.transpose = a->transpose != b->transpose;
    for (int i = 0; i < N; i++) {
        if (b->transpose) {
            r.row[i] = a->col[b->row[i]];
            r.col[i] = a->row[b->col[i]];
        } else {
            r.row[i] = a->row[b->row[i]];
            r.col[i] = a->col[b->col[i]];
        }
        r.digit[i] = b->digit[a->digit[i]];
    }
    *ab = r;
}

void transform_invert(const transform *t, transform *inv)
{
    transform r;
    transform_identity(&r, t->geo);
    int N = t->geo->N;
    r.transpose = t->transpose;
    for (int i = 0; i < N; i++) {
        if (t->transpose) {
            r.col[t->row[i]] = (uint8_t)i;
            r.row[t->col[i]] = (uint8_t)i;
        } else {
            r.row[t->row[i]] = (uint8_t)i;
            r.col[t->col[i]] = (uint8_t)i;
        }
        r.digit[t->digit[i]] = (uint8_t)i;
    }
    *inv = r;
}
