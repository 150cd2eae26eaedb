/* band_engine_learn — what steps 4 and 6 of the band method learn
 * (band_engine.h) and the invariants checked in every build.
 *
 * Carries: a second solution of a count becomes a UA of the grid (its
 * difference from the grid, be_diff_set), checked (be_second_ok: a valid
 * grid that holds every clue of the count and differs from the grid); a
 * two-band difference goes into a vector slot or the two-band list
 * (be_learn_two_band); step 6's difference is shrunk in band 3
 * (be_minimize) and checked again (be_minimized_ok: non-empty, inside the
 * difference, still unavoidable) before be_add_grid_ua keeps it. A failed
 * check stops the run with MC_EINTERNAL (be_fail): the rooms that drop a
 * pair or a Z for missing a set rely on every learned set being a UA, and
 * these checks are what that rests on.
 * May assume: solver9 counts exactly and its second solution is a
 * solution of the puzzle counted; band_template's second filling is a
 * filling of bands 1+2 with band 3 given (band_template.h).
 */
#include <stdio.h>
#include <string.h>

#include "band_engine_internal.h"
#include "grid.h"

bool be_add_grid_ua(band_engine *e, cs81 oriented)
{
    if (e->ngua >= MAX_GRID_UAS) return false;
    cs81 g = cs81_empty();
    int c;
    CS81_FOREACH(c, oriented) cs81_add(&g, e->orig[c]);
    e->gua[e->ngua++] = g;
    e->oua[e->noua++] = oriented;
    return true;
}

/* The cells where other differs from the grid. */
cs81 be_diff_of(const band_engine *e, const uint8_t other[81])
{
    cs81 d = cs81_empty();
    for (int c = 0; c < 81; c++)
        if (other[c] != e->og[c]) cs81_add(&d, c);
    return d;
}

/* The cells where a solution of the last count-2 call differs from the
 * grid, and that solution in other. */
cs81 be_diff_set(band_engine *e, const uint8_t *second, uint8_t other[81])
{
    solver9_first_solution(e->solver, other);
    if (!memcmp(other, e->og, 81)) memcpy(other, second, 81);
    return be_diff_of(e, other);
}

/* ---- the invariants of band_engine.h, checked in every build ---- */

/* Stops the run with MC_EINTERNAL; the first failure is the one told. */
void be_fail(band_engine *e, const char *what)
{
    if (e->status != MC_EINTERNAL) {
        if (e->group)
            snprintf(e->failure, sizeof e->failure, "%s (group item %d)", what, e->item + 1);
        else
            snprintf(e->failure, sizeof e->failure, "%s (orientation %d)", what, e->o);
        e->status = MC_EINTERNAL;
    }
    e->stop = true;
}

static bool valid_grid(const uint8_t *s)
{
    uint16_t row[9] = {0}, col[9] = {0}, box[9] = {0};
    for (int c = 0; c < 81; c++) {
        if (s[c] > 8) return false;
        uint16_t bit = (uint16_t)(1u << s[c]);
        int r = c / 9, k = c % 9, b = 3 * (r / 3) + k / 3;
        if ((row[r] | col[k] | box[b]) & bit) return false;
        row[r] |= bit, col[k] |= bit, box[b] |= bit;
    }
    return true;
}

/* The difference d of a second solution of a count whose clues were the
 * oriented cells q (bands 1+2), z (band 3) and the givens, checked: the
 * solution is a valid grid, holds every clue and differs from the grid.
 * False (the run stopped) when it does not. */
bool be_second_ok(band_engine *e, uint8_t other[81], cs81 *d, uint64_t q, uint32_t z)
{
    if (e->opt.test_corrupt == 2) { /* tests: a clue of the count changed */
        uint64_t cq = q | e->g12;
        int c = cq ? __builtin_ctzll(cq) : 54 + __builtin_ctz((z | e->g3) | (UINT32_C(1) << 26));
        other[c] = (uint8_t)((other[c] + 1) % 9);
        cs81_add(d, c);
    }
    if (e->opt.test_corrupt == 1) *d = cs81_empty(); /* tests: an empty difference */
    if (!valid_grid(other)) {
        be_fail(e, "a second solution is not a valid grid");
        return false;
    }
    if ((d->w[0] & (q | e->g12) & ((UINT64_C(1) << 54) - 1)) || (part3(*d) & (z | e->g3))) {
        be_fail(e, "a second solution disagrees with a clue of its count");
        return false;
    }
    if (cs81_is_empty(*d)) {
        be_fail(e, "a second solution equals the grid (an empty UA)");
        return false;
    }
    return true;
}

/* Shrinks an unavoidable set of the oriented grid (step 6's difference)
 * until it is minimal in band 3: a band-3 cell is dropped when the set
 * without it is still unavoidable (then the cells where the new second
 * solution differs replace the set); the cells of bands 1+2 stay unless
 * such a replacement drops them. Band 3 alone: the differences shrink there
 * (K = 17, groups 1:31513 and 70:877691: about 42 cells to 26; trying bands
 * 1+2 as well takes off 0.6 cells more for twice the solver calls: 524,534
 * -> 251,877 calls and 1.06 -> 0.82 s in the engine on 1:31513, band-3
 * nodes 2.45 M -> 2.38 M). Each count starts from the solver's base slot
 * MINIMIZE_SLOT (the grid without u's cells, propagated; made again when u
 * shrinks) plus the one cell tested, instead of loading the whole puzzle
 * (the same counts; the second solution found may differ); be_minimized_ok
 * checks the result with the whole puzzle. */
cs81 be_minimize(band_engine *e, cs81 u)
{
    uint8_t p[81], second[81], other[81];
    cs81 todo = cs81_and(u, BAND3_CELLS);
    int c;
    bool base_stale = true;
    CS81_FOREACH(c, todo) {
        if (!cs81_has(u, c)) continue;
        e->rec->solver_calls++;
        if (base_stale) {
            for (int k = 0; k < 81; k++) p[k] = cs81_has(u, k) ? CELL_EMPTY : e->og[k];
            solver9_base_load(e->solver, MINIMIZE_SLOT, p);
            base_stale = false;
        }
        uint64_t cell[2] = {0, 0};
        cell[c >> 6] = UINT64_C(1) << (c & 63);
        int r = solver9_count2_base(e->solver, MINIMIZE_SLOT, e->og, cell, second);
        if (r == 2) u = be_diff_set(e, second, other), base_stale = true;
    }
    return u;
}

/* The invariant of a minimized UA m (of a final check) of the difference
 * d: not
 * empty, inside d, and still unavoidable: the grid without m's cells has a
 * second solution, a valid grid that differs from the grid inside m only
 * (one solver call, counted). */
bool be_minimized_ok(band_engine *e, cs81 m, cs81 d)
{
    if (e->opt.test_corrupt == 3) { /* tests: cut to one cell, which no UA is */
        cs81 one = cs81_empty();
        if (!cs81_is_empty(m)) cs81_add(&one, cs81_first(m));
        m = one;
    }
    if (cs81_is_empty(m) || !cs81_is_empty(cs81_andnot(m, d))) {
        be_fail(e, "a minimized UA is empty or leaves its difference");
        return false;
    }
    uint8_t p[81], second[81], other[81] = {0};
    for (int k = 0; k < 81; k++) p[k] = cs81_has(m, k) ? CELL_EMPTY : e->og[k];
    e->rec->solver_calls++;
    cs81 d2 = cs81_empty();
    if (solver9_count2(e->solver, p, second) == 2) d2 = be_diff_set(e, second, other);
    if (cs81_is_empty(d2) || !valid_grid(other) || !cs81_is_empty(cs81_andnot(d2, m))) {
        be_fail(e, "a minimized UA is not unavoidable");
        return false;
    }
    return true;
}

/* A two-band UA learned: into a vector slot while there is one (every Y's
 * bit at once; each X computes its bits when its turn comes), else at the
 * end of the list, up to MAX_TB_LEARNED. Never into the second vector:
 * that would set a bit of every Y (K = 16, 26 groups: pairs 0.78 s with
 * it, 0.73 s without; the same survivors, as the list scan tests the
 * entry on the same pairs). */
void be_learn_two_band(band_engine *e, uint64_t w)
{
    uint32_t a = (uint32_t)(w & MASK27), b = (uint32_t)(w >> 27) & MASK27;
    if (e->nl < LEARN_SLOTS) {
        int k = e->nl++;
        e->lb[k] = b;
        uint64_t bit = UINT64_C(1) << (k & 63);
        int word = 2 + (k >> 6);
        for (uint32_t m = a; m; m &= m - 1) e->slot_miss[__builtin_ctz(m)][k >> 6] &= ~bit;
        for (int i = e->x_live0; i < e->x_live1; i++) e->vx[i].w[word] |= bit & -(uint64_t)!(e->xset[i] & a);
        if (!e->opt.pairs_plain) band_sieve_set_ua(&e->sieve, BAND_ENGINE_VEC_UAS + k, b);
        e->rec->ua_learned_two_band++;
    } else if (e->ntb < e->ntb_base + MAX_TB_LEARNED && be_add_tb(e, w) == MC_OK) {
        e->rec->ua_learned_two_band++;
    }
}
