/* band_template — the two-band check by digit templates (band_template.h). */
#include "band_template.h"

#include <assert.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#define MASK27 ((UINT32_C(1) << 27) - 1)
#define ALL54 ((UINT64_C(1) << 54) - 1)

/* row order k: box (stack) s of the band takes row ORDER[k][s] */
static const uint8_t ORDER[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};

static int order_of(const int row[3])
{
    for (int k = 0; k < 6; k++)
        if (ORDER[k][0] == row[0] && ORDER[k][1] == row[1] && ORDER[k][2] == row[2]) return k;
    assert(0);
    return 0;
}

void band_template_init(band_template *t, const uint8_t *grid, uint64_t given)
{
    t->given = given & ALL54;
    for (int d = 0; d < 9; d++) {
        int col[2][3], row[2][3];
        t->own[d] = 0;
        for (int c = 0; c < 54; c++)
            if (grid[c] == d) {
                int b = c / 27, r = (c / 9) % 3, k = c % 9;
                col[b][k / 3] = k, row[b][k / 3] = r;
                t->own[d] |= UINT64_C(1) << c;
            }
        t->own_k1[d] = (uint8_t)order_of(row[0]);
        t->own_k2[d] = (uint8_t)order_of(row[1]);
        for (int c = 0; c < 8; c++)
            for (int k = 0; k < 6; k++) {
                uint32_t p1 = 0, p2 = 0;
                for (int s = 0; s < 3; s++) {
                    int swap = (c >> s) & 1;
                    p1 |= UINT32_C(1) << (9 * ORDER[k][s] + col[swap][s]);
                    p2 |= UINT32_C(1) << (9 * ORDER[k][s] + col[!swap][s]);
                }
                t->part1[d][c][k] = p1, t->part2[d][c][k] = p2;
            }
        memset(t->has1[d], 0, sizeof t->has1[d]);
        memset(t->has2[d], 0, sizeof t->has2[d]);
        for (int c = 0; c < 8; c++)
            for (int k = 0; k < 6; k++) {
                for (uint32_t m = t->part1[d][c][k]; m; m &= m - 1)
                    t->has1[d][__builtin_ctz(m)] |= UINT64_C(1) << (6 * c + k);
                for (uint32_t m = t->part2[d][c][k]; m; m &= m - 1)
                    t->has2[d][__builtin_ctz(m)] |= UINT64_C(1) << (6 * c + k);
            }
        for (int c = 0; c < 8; c++)
            for (int m = 0; m < 64; m++) {
                uint32_t a1 = 0, b1 = MASK27, a2 = 0, b2 = MASK27;
                for (int k = 0; k < 6; k++)
                    if ((m >> k) & 1) {
                        a1 |= t->part1[d][c][k], b1 &= t->part1[d][c][k];
                        a2 |= t->part2[d][c][k], b2 &= t->part2[d][c][k];
                    }
                t->ui1[d][c][m] = a1 | ((uint64_t)b1 << 27), t->ui2[d][c][m] = a2 | ((uint64_t)b2 << 27);
            }
        assert((t->part1[d][0][t->own_k1[d]] | ((uint64_t)t->part2[d][0][t->own_k2[d]] << 27)) == t->own[d]);
    }
    band_template_set_x(t, 0);
}

#define ALL48 ((UINT64_C(1) << 48) - 1)
/* bit 6 c of the result: group c (bits 6 c .. 6 c + 5) of v is not 0 */
#define GROUP_LOW UINT64_C(0x041041041041)

static inline uint64_t groups_nonzero(uint64_t v)
{
    uint64_t a = v | (v >> 1), b = a | (a >> 2);
    return (b | (a >> 4)) & GROUP_LOW;
}

/* The part masks (k1 with has = has1, or k2 with has2) of the templates
 * of each digit that agree with the clue cells q of one band (bits
 * 0..26); the band's cells are bits base..base + 26 of t->own. */
static void agree(const band_template *t, const uint64_t has[9][27], int base, uint32_t q, uint64_t k[9])
{
    for (; q; q &= q - 1) {
        int c = __builtin_ctz(q);
        for (int d = 0; d < 9; d++) k[d] &= (t->own[d] >> (base + c)) & 1 ? has[d][c] : ~has[d][c];
    }
}

/* The templates of a set. */
static inline int size_of(band_template_set a)
{
    int n = 0;
    for (uint64_t cs = groups_nonzero(a.k1) & groups_nonzero(a.k2); cs; cs &= cs - 1) {
        int c6 = __builtin_ctzll(cs);
        n += __builtin_popcountll((a.k1 >> c6) & 63) * __builtin_popcountll((a.k2 >> c6) & 63);
    }
    return n;
}

typedef band_template_node node;

/* Rules out, to a fixpoint, the templates that cannot be in a filling:
 * a digit's templates must hold every cell no other digit can take, and
 * avoid every cell all templates of another digit hold. -1: no filling
 * (a digit without templates, a cell no digit can take, a cell two
 * digits must take); 1: one template left per digit (n->u); 0: open. */
static int propagate(const band_template *t, node *n)
{
    for (;;) {
        for (unsigned m = n->dirty; m; m &= m - 1) {
            int d = __builtin_ctz(m);
            band_template_set sd = n->s[d];
            uint64_t live = groups_nonzero(sd.k1) & groups_nonzero(sd.k2);
            if (!live) return -1;
            uint64_t a = 0, b = ALL54;
            for (; live; live &= live - 1) {
                int c6 = __builtin_ctzll(live), c = c6 / 6;
                uint64_t m1 = (sd.k1 >> c6) & 63, m2 = (sd.k2 >> c6) & 63;
                uint64_t p1 = t->ui1[d][c][m1], p2 = t->ui2[d][c][m2];
                a |= (p1 & MASK27) | ((p2 & MASK27) << 27);
                b &= (p1 >> 27) | ((p2 >> 27) << 27);
            }
            n->u[d] = a, n->in[d] = b;
        }
        n->dirty = 0;
        uint64_t once = 0, twice = 0, sure = 0, clash = 0;
        for (int d = 0; d < 9; d++) {
            twice |= once & n->u[d], once |= n->u[d];
            clash |= sure & n->in[d], sure |= n->in[d];
        }
        if (once != ALL54 || clash) return -1;
        /* cells one digit only can take and not yet its in every template;
         * cells sure for one digit and open for another */
        uint64_t force = once & ~twice & ~sure, drop = sure & twice;
        if (!(force | drop)) return once == sure; /* fixpoint: solved iff every u == in */
        for (int d = 0; d < 9; d++) {
            uint64_t u = n->u[d], in = n->in[d];
            uint64_t f = force & u, g = drop & u & ~in;
            if (!(f | g)) continue;
            n->dirty |= 1u << d;
            uint64_t k1 = n->s[d].k1, k2 = n->s[d].k2;
            for (uint32_t m = (uint32_t)f & MASK27; m; m &= m - 1) k1 &= t->has1[d][__builtin_ctz(m)];
            for (uint32_t m = (uint32_t)(f >> 27); m; m &= m - 1) k2 &= t->has2[d][__builtin_ctz(m)];
            for (uint32_t m = (uint32_t)g & MASK27; m; m &= m - 1) k1 &= ~t->has1[d][__builtin_ctz(m)];
            for (uint32_t m = (uint32_t)(g >> 27); m; m &= m - 1) k2 &= ~t->has2[d][__builtin_ctz(m)];
            n->s[d].k1 = k1, n->s[d].k2 = k2;
        }
    }
}

static void search(band_template *t, node *n);

/* The child of n where digit d takes the one template of set one; true
 * when a filling other than the grid's is found. */
static bool branch(band_template *t, const node *n, int d, band_template_set one)
{
    node child = *n;
    child.s[d] = one;
    child.dirty = 1u << d;
    search(t, &child);
    return t->other;
}

/* The fillings from node n (propagated here), until one other than the
 * grid's is found (t->other). */
static void search(band_template *t, node *n)
{
    int r = propagate(t, n);
    if (r < 0) return;
    if (r > 0) {
        if (memcmp(n->u, t->own, sizeof n->u)) memcpy(t->found, n->u, sizeof n->u), t->other = true;
        else t->own_seen = true;
        return;
    }
    int best = -1, bn = INT32_MAX;
    for (int d = 0; d < 9; d++)
        if (n->u[d] != n->in[d]) {
            int k = size_of(n->s[d]);
            if (k < bn) bn = k, best = d;
        }
    /* the grid's own template first: the other fillings found first then
     * differ from the grid deeper down, in fewer cells (smaller UAs to
     * learn) */
    band_template_set a = n->s[best];
    band_template_set own = {UINT64_C(1) << t->own_k1[best], UINT64_C(1) << t->own_k2[best]};
    if ((a.k1 & own.k1) && (a.k2 & own.k2) && branch(t, n, best, own)) return;
    for (uint64_t cs = groups_nonzero(a.k1) & groups_nonzero(a.k2); cs; cs &= cs - 1) {
        int c6 = __builtin_ctzll(cs);
        for (uint64_t m1 = (a.k1 >> c6) & 63; m1; m1 &= m1 - 1)
            for (uint64_t m2 = (a.k2 >> c6) & 63; m2; m2 &= m2 - 1) {
                band_template_set one = {UINT64_C(1) << (c6 + __builtin_ctzll(m1)),
                                         UINT64_C(1) << (c6 + __builtin_ctzll(m2))};
                if ((one.k1 != own.k1 || one.k2 != own.k2) && branch(t, n, best, one)) return;
            }
    }
}

void band_template_set_x(band_template *t, uint32_t x)
{
    uint64_t k1[9];
    t->x = x;
    for (int d = 0; d < 9; d++) k1[d] = ALL48;
    agree(t, t->has1, 0, (x | (uint32_t)t->given) & MASK27, k1);
    for (int d = 0; d < 9; d++) t->xnode.s[d] = (band_template_set){k1[d], ALL48};
    t->xnode.dirty = 0x1ff;
    int r = propagate(t, &t->xnode);
    assert(r >= 0); /* the grid's filling agrees with x */
    (void)r;
}

int band_template_count(band_template *t, uint32_t y, uint8_t other[54])
{
    uint64_t k2[9];
    node root = t->xnode;
    for (int d = 0; d < 9; d++) k2[d] = root.s[d].k2;
    agree(t, t->has2, 27, (y | (uint32_t)(t->given >> 27)) & MASK27, k2);
    for (int d = 0; d < 9; d++)
        if (k2[d] != root.s[d].k2) root.s[d].k2 = k2[d], root.dirty |= 1u << d;
    t->own_seen = t->other = false;
    search(t, &root);
    if (!t->other) return t->own_seen; /* 0 only if broken: the grid's own filling agrees with every clue */
    for (int d = 0; d < 9; d++)
        for (uint64_t m = t->found[d]; m; m &= m - 1) other[__builtin_ctzll(m)] = (uint8_t)d;
    return 2;
}
