/* band_engine_band3 — steps 3b, 5 and 6 of the band method (band_engine.h):
 * the band-3 bound, the hitting-set search of band 3 for each pair of step
 * 4, the final check of Q u Z and the report.
 *
 * Carries: for a pair Q kept by step 4, every Z of band 3 with Q u Z a
 * minimal unique puzzle of at most K clues, owned by the orientation (by
 * the covering item in group mode), is reached once and reported once: the
 * bound cuts a pair only when the disjoint band-3 parts of the UAs it
 * leaves unhit need more clues than band 3 (or a stack) may take; the
 * search branches on an unhit UA's live cells with dead cells for later
 * siblings (so no Z twice), and a tight bound kills only cells no Z below
 * can take; the report keeps a unique Q u Z only when no clue can go and
 * band_split_owner (bandpair_cover) names this orientation (item).
 * May assume: every UA in its bitmaps and lists is a UA of the item's grid
 * (the finder's, band 3's own from band_table, those step 6 learns, checked
 * in band_engine_learn.c), so a Z that misses one is not unique; the pairs
 * come in X order with zlo, zhi and their clues per stack in e->qinfo
 * (band_engine_pairs.c); solver9 counts exactly.
 */
#include <stdlib.h>
#include <string.h>

#include "band_engine_internal.h"
#include "band_split.h"
#include "grid.h"
#include "mc_clock.h"

/* ---- the final check ---- */

static int solve_set(band_engine *e, uint64_t q, uint32_t z, uint8_t *second)
{
    uint8_t p[81];
    memset(p, CELL_EMPTY, sizeof p);
    q |= e->g12, z |= e->g3;
    for (uint64_t m = q; m; m &= m - 1) {
        int c = __builtin_ctzll(m);
        p[c] = e->og[c];
    }
    for (uint32_t m = z; m; m &= m - 1) {
        int c = 54 + __builtin_ctz(m);
        p[c] = e->og[c];
    }
    e->rec->solver_calls++;
    return solver9_count2(e->solver, p, second);
}

static void report(band_engine *e, uint32_t z)
{
    uint64_t q = e->Q;
    int n = __builtin_popcountll(q) + __builtin_popcount(z);
    /* ownership: counts of the six orientations, in grid coordinates */
    int counts[6] = {0, 0, 0, 0, 0, 0};
    uint8_t pz[81];
    memset(pz, CELL_EMPTY, sizeof pz);
    for (int c = 0; c < 81; c++) {
        bool in = c < 54 ? (q >> c) & 1 : (z >> (c - 54)) & 1;
        if (!in) continue;
        int g = e->orig[c];
        pz[g] = e->grid[g];
        counts[g / 27]++;
        counts[3 + (g % 9) / 3]++;
    }
    if (e->group) {
        int slot, b1;
        uint8_t cp[54], cb[27];
        bandpair_cover(e->bp, e->og, pz, &slot, cp, cb, &b1);
        if (memcmp(cp, e->gpair, 54) || memcmp(cb, e->gband3, 27)) return;
    } else if (band_split_owner(counts) != e->o) {
        return;
    }
    /* the givens join the counted clues (they play no part in the counts) */
    int gc;
    CS81_FOREACH(gc, e->opt.givens) pz[gc] = e->grid[gc];
    n += e->ngiven;
    /* minimal: every one-clue-less subset is ambiguous */
    for (int c = 0; c < 81; c++) {
        if (pz[c] == CELL_EMPTY) continue;
        uint8_t keep = pz[c];
        pz[c] = CELL_EMPTY;
        e->rec->solver_calls++;
        int r = solver9_count2(e->solver, pz, NULL);
        pz[c] = keep;
        if (r == 1) return;
    }
    e->rec->puzzles++;
    if (e->group) {
        if (e->item_fn) e->item_fn(e->found_arg, e->item, pz, n);
    } else if (e->found_fn) {
        e->found_fn(e->found_arg, pz, n);
    }
    if (e->opt.first) e->stop = true;
}

/* ---- band 3 ---- */

/* A UA of the item (oriented, with a band-3 part) appended to its bitmaps,
 * while there is room. */
/* UA u as entry k of the bitmaps whose rows have bit k set already: its
 * band-3 part and stack, and its own cells taken out of the rows. */
static void b3_put(band_engine *e, int k, cs81 u)
{
    e->b3part[k] = part3(u);
    e->b3stack[k] = stack_of(e->b3part[k]);
    uint64_t keep = ~(UINT64_C(1) << (k & 63));
    for (uint64_t m = u.w[0] & ((UINT64_C(1) << 54) - 1); m; m &= m - 1) e->b3miss[__builtin_ctzll(m)][k >> 6] &= keep;
}

static void b3_add(band_engine *e, cs81 u)
{
    if (e->nb3 >= B3_MAX) return;
    int k = e->nb3++, w = k >> 6;
    uint64_t bit = UINT64_C(1) << (k & 63);
    if ((k & 63) == 0) /* a word not read before: whatever an earlier item or X left there out */
        e->b3x[w] = 0;
    for (int c = 0; c < 54; c++) e->b3miss[c][w] = (k & 63 ? e->b3miss[c][w] : 0) | bit;
    b3_put(e, k, u);
    if (e->b3x_valid && !(u.w[0] & e->b3x_x)) e->b3x[w] |= bit;
}

static void b3_unhit(const band_engine *e, uint32_t y, uint64_t *un, int w0, int w1);

/* The band-3 part of a UA of the item that the pair Q and Z leave unhit,
 * among the UAs beyond the search's list (e->un3 words from un3_w0, filled
 * at the first call for Q); 0 when Z hits them all. */
static uint32_t b3_rest_unhit(band_engine *e, uint32_t z)
{
    if (!e->un3_rest) {
        e->un3_w1 = (e->nb3 + 63) >> 6;
        b3_unhit(e, (uint32_t)(e->Q >> 27) & MASK27, e->un3, e->un3_w0, e->un3_w1);
        e->un3_rest = true;
    }
    for (int w = e->un3_w0; w < e->un3_w1; w++)
        for (uint64_t m = e->un3[w]; m; m &= m - 1) {
            uint32_t p = e->b3part[64 * w + __builtin_ctzll(m)];
            if (!(p & z)) return p;
        }
    return 0;
}

/* The lower bounds of a node of the band-3 search, as its list is read:
 * best, the live part with the fewest cells (bestn of them; 32: none yet),
 * used, the union of the disjoint live parts taken greedily (lb of them;
 * and bit 31, B3_USED0, so that B3_NONE is never disjoint),
 * used_st, lbs the same for the parts inside one stack. */
#define B3_NONE UINT32_C(0xFFFFFFFF)
#define B3_USED0 (UINT32_C(1) << 31)
typedef struct b3_bound {
    uint32_t best, used, used_st[3];
    int bestn, lb, lbs[3];
} b3_bound;

/* Adds a live part (B3_NONE: a set already hit, which changes nothing) to
 * b; true when the node is dead: a part with no live cell, or more
 * disjoint parts inside stack s than its cap allows. */
static inline bool b3_bound_add(b3_bound *b, uint32_t live, const int qstack[3], const int zs[3],
                                const int stack_cap[3])
{
    int c = __builtin_popcount(live);
    if (c == 0) return true;
    if (c < b->bestn) b->bestn = c, b->best = live;
    if (!(live & b->used)) {
        b->lb++, b->used |= live;
        for (int s = 0; s < 3; s++)
            if (!(live & ~(UINT32_C(0x1C0E07) << (3 * s)))) {
                if (qstack[s] + zs[s] + ++b->lbs[s] > stack_cap[s]) return true;
                b->used_st[s] |= live;
                break;
            }
    }
    return false;
}

/* The allowed cells of a node: those of the stacks that can still take a
 * clue (Z holds zs[s] of stack s). */
static inline uint32_t b3_allowed(const band_engine *e, const int zs[3])
{
    uint32_t allowed = 0;
    for (int s = 0; s < 3; s++)
        if (e->qstack[s] + zs[s] < e->stack_cap[s]) allowed |= UINT32_C(0x1C0E07) << (3 * s);
    return allowed;
}

static void dfs3(band_engine *e, uint32_t z, uint32_t dead, int nz, const int zs[3], uint32_t *list, int n,
                 uint32_t bit);

/* The rest of a node of the band-3 search once its list is read into bd
 * (its list for the children in out[0..m); take: the cells it may take,
 * neither dead nor in a full stack): the UAs learned for this pair, the
 * final check when Z hits them all, the tight bounds and the branches. */
static inline __attribute__((always_inline)) void dfs3_rest(band_engine *e, uint32_t z, uint32_t dead, int nz,
                                                           const int zs[3], uint32_t take, b3_bound *bd,
                                                           uint32_t *out, int m)
{
    for (int i = 0; i < e->nlearned3; i++) {
        uint32_t u = e->learned3[i];
        if (!(u & z) && b3_bound_add(bd, u & take, e->qstack, zs, e->stack_cap)) return;
    }
    uint32_t best = bd->best, used = bd->used & MASK27, *used_st = bd->used_st;
    int lb = bd->lb, *lbs = bd->lbs;
    if (bd->bestn == 32) { /* Z hits the list: branch on a UA beyond it, else the final check */
        uint32_t u3 = b3_rest_unhit(e, z);
        if (!u3) {
            uint8_t second[81];
            e->rec->band3_checks++;
            int r = solve_set(e, e->Q, z, second);
            if (r == 1) {
                if (nz >= e->zlo) report(e, z);
                return;
            }
            if (r == 0) { /* cannot happen on a subset of a grid */
                be_fail(e, "a band-3 count found no solution");
                return;
            }
            uint8_t other[81];
            cs81 d = be_diff_set(e, second, other);
            if (!be_second_ok(e, other, &d, e->Q, z)) return;
            if (!e->opt.learn_raw) { /* the difference minimized (options.learn_raw: as it is) */
                cs81 mu = be_minimize(e, d);
                if (!be_minimized_ok(e, mu, d)) return;
                d = mu;
            }
            u3 = part3(d);
            if (!u3) { /* a two-band UA unhit by Q: nothing in band 3 helps */
                e->q_dead = true;
                return;
            }
            e->rec->ua_second++; /* a second solution giving a grid UA; learned ones are a subset */
            if (e->opt.learn && e->nlearned < MAX_GRID_LEARNED && be_add_grid_ua(e, d)) {
                e->nlearned++, e->rec->ua_learned++;
                b3_add(e, d);
            }
        }
        if (e->nlearned3 < (int)(sizeof e->learned3 / sizeof *e->learned3)) e->learned3[e->nlearned3++] = u3;
        best = used = u3 & take;
        lb = 1;
        if (!best) return;
    }
    if (nz + lb > e->zhi) return;
    /* a tight bound: each disjoint part takes exactly one more clue, so no
     * cell outside them can (in all, or inside a stack that is tight) */
    if (!e->opt.band3_plain) {
        if (nz + lb == e->zhi) dead |= MASK27 & ~used;
        for (int s = 0; s < 3; s++)
            if (e->qstack[s] + zs[s] + lbs[s] == e->stack_cap[s])
                dead |= (UINT32_C(0x1C0E07) << (3 * s)) & ~used_st[s];
        best &= ~dead;
    }
    while (best) {
        int c = __builtin_ctz(best);
        uint32_t b = UINT32_C(1) << c;
        best &= best - 1;
        int zs2[3] = {zs[0], zs[1], zs[2]};
        zs2[(c % 9) / 3]++;
        dfs3(e, z | b, dead, nz + 1, zs2, out, m, b);
        dead |= b;
        if (e->stop || e->q_dead) return;
    }
}

/* One node of the band-3 search below the root: Z (nz clues, zs per
 * stack) taken, the cells of dead excluded; list[0..n): the pair's UAs
 * unhit by Z without its last cell bit, so this node's list (those without
 * bit) is written just after it, list + n (the lists of a path nest in
 * e->R); the UAs learned for this pair are scanned as they are. */
static void dfs3(band_engine *e, uint32_t z, uint32_t dead, int nz, const int zs[3], uint32_t *list, int n,
                 uint32_t bit)
{
    if (e->stop || e->q_dead) return;
    e->rec->band3_nodes++;
    const uint32_t take = ~dead & b3_allowed(e, zs);
    b3_bound bd = {.used = B3_USED0, .bestn = 32};
    uint32_t *out = list + n;
    int m = 0;
    /* lower bounds: disjoint live parts (dead and full-stack cells cannot
     * be taken), in all and inside one stack; the list's sets that bit
     * hits go in as B3_NONE (no branch on them: it would be mispredicted
     * half the time) */
    for (int i = 0; i < n; i++) {
        uint32_t u = list[i], hit = -(uint32_t)((u & bit) != 0);
        out[m] = u;
        m += (int)(hit + 1);
        if (b3_bound_add(&bd, (u & take) | hit, e->qstack, zs, e->stack_cap)) return;
    }
    dfs3_rest(e, z, dead, nz, zs, take, &bd, out, m);
}

/* Adds the band-3 parts of the UAs whose bits are set in un's words [wa,
 * wb) to the root's list (e->R from *n) and its bound; true when the root
 * is dead. */
static inline bool root_take(band_engine *e, const uint64_t *un, int wa, int wb, const int zs[3],
                             uint32_t allowed, b3_bound *bd, int *n)
{
    uint32_t *r = e->R;
    int nr = *n; /* a local: a store to R[] might alias *n */
    for (int w = wa; w < wb; w++)
        for (uint64_t m = un[w]; m; m &= m - 1) {
            uint32_t u = e->b3part[64 * w + __builtin_ctzll(m)];
            r[nr++] = u;
            if (b3_bound_add(bd, u & allowed, e->qstack, zs, e->stack_cap)) return true;
        }
    *n = nr;
    return false;
}

/* The root of the band-3 search of the pair Q (Z empty): its list, read
 * as it is made, is the band-3 parts of the UAs Q leaves unhit among the
 * first w0 words of e->un3 (the first MIX; all with options.band3_plain)
 * and among those learned since the bitmaps were loaded (k >= nb3_load;
 * step 6's minimized ones, at most MAX_GRID_LEARNED), in that order in
 * e->R; it is the children's list as well (nothing of it is hit). The
 * learned ones are small and made for pairs like this one: in the list
 * the bounds and branches use them from the root, where tested only on a
 * Z that hits the list they cut late (K = 17, 26 groups: band-3 nodes
 * 63.1 M -> 43.2 M, band 3 27.5 -> 26.4 s). */
static void dfs3_root(band_engine *e, uint32_t y, int w0)
{
    static const int zs[3] = {0, 0, 0};
    if (e->stop) return;
    e->rec->band3_nodes++;
    const uint32_t allowed = b3_allowed(e, zs);
    b3_bound bd = {.used = B3_USED0, .bestn = 32};
    int n = 0;
    if (root_take(e, e->un3, 0, w0, zs, allowed, &bd, &n)) return;
    int lo = e->nb3_load > 64 * w0 ? e->nb3_load : 64 * w0, wa = lo >> 6, wb = (e->nb3 + 63) >> 6;
    if (wa < wb) {
        uint64_t un[B3_WORDS];
        b3_unhit(e, y, un, wa, wb);
        un[wa] &= ~((UINT64_C(1) << (lo & 63)) - 1);
        if (root_take(e, un, wa, wb, zs, allowed, &bd, &n)) return;
    }
    dfs3_rest(e, 0, 0, 0, zs, allowed, &bd, e->R, n);
}

/* A UA's band-3 size and its size (be_b3_order's keys). */
static int b3_size(cs81 u) { return __builtin_popcountll(u.w[0] >> 54 | (u.w[1] << 10)); }
static int all_size(cs81 u) { return __builtin_popcountll(u.w[0]) + __builtin_popcountll(u.w[1]); }

/* out[0..n) = in[0..n) stably sorted by key (0 <= key < keys <= 82): a
 * counting sort. */
static void sort_by(const cs81 *in, cs81 *out, int n, int (*key)(cs81), int keys)
{
    int at[83] = {0};
    for (int i = 0; i < n; i++) at[key(in[i]) + 1]++;
    for (int k = 1; k < keys; k++) at[k] += at[k - 1];
    for (int i = 0; i < n; i++) out[at[key(in[i])]++] = in[i];
}

/* The item's UAs with a band-3 part in step 5's order into e->b3tmp (their
 * number returned): band 3's own UAs (e->tab3) and those of u[0..n) that
 * meet band 3, smallest band-3 part first, then smallest UA, then in the
 * order they came (band 3's, then u's): two stable counting sorts, by
 * size and then by band-3 size. */
int be_b3_order(band_engine *e, const cs81 *u, int n)
{
    cs81 *tmp = e->b3tmp, *scratch = e->b3tmp + B3_TMP;
    int m = 0;
    for (int i = 0; i < e->tab3.nua; i++) {
        cs81 v = cs81_empty();
        v.w[0] = (uint64_t)e->tab3.ua[i] << 54;
        v.w[1] = e->tab3.ua[i] >> 10;
        tmp[m++] = v;
    }
    for (int i = 0; i < n; i++)
        if (part3(u[i])) tmp[m++] = u[i];
    sort_by(tmp, scratch, m, all_size, 82);
    sort_by(scratch, tmp, m, b3_size, 28);
    return m;
}

/* The item's bitmaps (e->b3*) from the first B3_MAX of list[0..n). */
static void b3_load(band_engine *e, const cs81 *list, int n)
{
    if (n > B3_MAX) n = B3_MAX;
    int nw = (n + 63) >> 6;
    uint64_t all[B3_WORDS];
    bit_range(all, nw, 0, n);
    /* every row missing every UA, then each UA's cells taken out */
    for (int c = 0; c < 54; c++) memcpy(e->b3miss[c], all, sizeof *all * (size_t)nw);
    for (int k = 0; k < n; k++) b3_put(e, k, list[k]);
    e->nb3 = e->nb3_load = n;
    e->b3x_valid = false;
    e->b3_pending = false;
}

/* The item's UAs with a band-3 part as bitmaps (e->b3*), for the item now
 * in e->og (its UAs in e->oua, band 3's own in e->tab3). */
static void b3_prepare(band_engine *e)
{
    b3_load(e, e->b3tmp, be_b3_order(e, e->oua, e->noua));
}

/* The UAs of the item unhit by X (e->b3x), computed when X changes. */
static void b3_set_x(band_engine *e, uint32_t x)
{
    int nw = (e->nb3 + 63) >> 6;
    bit_range(e->b3x, nw, 0, e->nb3);
    miss_and(e->b3x, e->b3miss[0], B3_WORDS, 0, x, 0, nw);
    e->b3x_x = x;
    e->b3x_valid = true;
}

/* un[w0..w1) = the item's UAs unhit by X (e->b3x) and by Y. */
static void b3_unhit(const band_engine *e, uint32_t y, uint64_t *un, int w0, int w1)
{
    for (int w = w0; w < w1; w++) un[w] = e->b3x[w];
    miss_and(un, e->b3miss[0], B3_WORDS, 27, y, w0, w1);
}

/* True when the pair cannot be completed in band 3: the UAs un[0..nw) it
 * leaves unhit (parts part[k], stacks stack[k] as b3part, b3stack) hold
 * more disjoint band-3 parts (taken greedily, smallest first) than the
 * clues band 3 may still take (z <= zhi), in all or inside one stack
 * (q_s + z_s <= zhi - strict_s). A lower bound only: false says nothing. */
bool be_bound_dead(const uint32_t *part, const int8_t *stack, const uint64_t *un, int nw, int zhi,
                       const int strict[3], const int qstack[3])
{
    uint32_t used = 0;
    int lb = 0, lbs[3] = {0, 0, 0}, cap[3];
    /* cap >= -1: survivor dropped the pairs with a stack above zhi - strict_s
     * for the smallest strictness of a group's items (-1: a stricter item) */
    for (int st = 0; st < 3; st++) cap[st] = zhi - strict[st] - qstack[st];
    for (int w = 0; w < nw; w++)
        for (uint64_t m = un[w]; m; m &= m - 1) {
            int k = 64 * w + __builtin_ctzll(m);
            uint32_t p = part[k];
            if (p & used) continue;
            used |= p;
            if (++lb > zhi) return true;
            int st = stack[k];
            if (st >= 0 && ++lbs[st] > cap[st]) return true;
        }
    return false;
}

/* be_bound_dead over the current item's UAs (e->b3*) and strictness. */
static bool b3_dead(const band_engine *e, const uint64_t *un, int nw, int zhi, const int qstack[3])
{
    return be_bound_dead(e->b3part, e->b3stack, un, nw, zhi, e->strict, qstack);
}

/* The bound of step 3b on the pair x u y, over the first MIX UAs of the
 * item (un[0..) filled with their words; the number of words returned in
 * *nw). */
bool be_mix_dead(band_engine *e, uint32_t x, uint32_t y, int zhi, const int qstack[3], uint64_t *un, int *nw)
{
    int all = (e->nb3 + 63) >> 6;
    *nw = all < MIX / 64 ? all : MIX / 64;
    if (!e->b3x_valid || e->b3x_x != x) b3_set_x(e, x);
    b3_unhit(e, y, un, 0, *nw);
    return b3_dead(e, un, *nw, zhi, qstack);
}

/* Step 5 on one pair Q of step 4, in the current item's band 3: the bound
 * of step 3b again (in group mode its first application; in grid mode the
 * UAs learned since make it stronger), then the search over the UAs Q
 * leaves unhit. cut: step 3c's lane of this item found the bound dead
 * already (e->qlive), so it is not made again: be_mix_dead takes the same
 * UAs in the same order, and more. */
static void band3(band_engine *e, uint64_t q, uint32_t info, bool cut)
{
    uint32_t x = (uint32_t)q & MASK27, y = (uint32_t)(q >> 27) & MASK27;
    e->Q = q;
    e->zlo = (int)(info & 31);
    e->zhi = (int)((info >> 5) & 31);
    if (e->group) { /* the item's own e_1, e_2: a tie it cannot cover is not searched */
        int a = __builtin_popcount(x) + e->band_strict[0], b = __builtin_popcount(y) + e->band_strict[1];
        if (a > e->zlo) e->zlo = a;
        if (b > e->zlo) e->zlo = b;
        if (e->zlo > e->zhi) return;
    }
    for (int s = 0; s < 3; s++) e->qstack[s] = (int)((info >> (10 + 5 * s)) & 31);
    uint64_t *un = e->un3;
    int w0;
    if (!cut && e->b3_pending) b3_load(e, e->iua + e->iua_at[e->item], (int)(e->iua_at[e->item + 1] - e->iua_at[e->item]));
    if (cut || be_mix_dead(e, x, y, e->zhi, e->qstack, un, &w0)) {
        e->rec->band3_filtered++;
        return;
    }
    for (int s = 0; s < 3; s++) e->stack_cap[s] = e->zhi - e->strict[s];
    if (e->opt.band3_plain) { /* the whole list from the root */
        int nw = (e->nb3 + 63) >> 6;
        b3_unhit(e, y, un, w0, nw);
        w0 = nw;
    }
    e->un3_w0 = e->un3_w1 = w0;
    e->un3_rest = e->opt.band3_plain;
    e->q_dead = false;
    e->nlearned3 = 0;
    dfs3_root(e, y, w0);
}

/* The band-3 side of the item now in e->og (its UAs in e->oua): band 3's
 * own UAs and the filter. */
mc_status be_item_prepare(band_engine *e)
{
    uint8_t b3[27];
    memcpy(b3, e->og + 54, 27);
    mc_status st = band_table_build_given(&e->tab3, b3, 0, e->g3);
    if (st != MC_OK) return st;
    b3_prepare(e);
    return MC_OK;
}

/* Step 5 for every pair kept by step 4, on the item now in e->og (its
 * band 3, its UAs in e->oua). In group mode with e->qlive, a pair whose
 * lane of this item step 3c found dead is cut without its bound made
 * again (band3's cut: the same counters). */
mc_status be_band3_phase(band_engine *e)
{
    double t0 = mc_thread_cpu_seconds();
    bool lanes = e->group && e->qlive_on;
    int j = e->item / BAND_BOUND_LANES, bit = e->item % BAND_BOUND_LANES;
    for (size_t i = 0; i < e->nqs && !e->stop; i++)
        band3(e, e->qs[i], e->qinfo[i], lanes && !((e->qlive[i * (size_t)e->nbb + j] >> bit) & 1));
    e->rec->seconds_band3 += mc_thread_cpu_seconds() - t0;
    return e->status;
}
