/* test_hitset — the hitting-set search against obviously-correct twins.
 *
 * ctest-labels: unit
 * ctest-timeout: 600
 *
 * - 4x4: all 288 grids; the UA family is exact (the minimal members of the
 *   differences between the grid and each other grid). For K = 3, 4, 5 the
 *   search must give exactly the minimal unique puzzles with <= K clues
 *   found by checking every subset of <= K cells with the solver.
 * - The scalar twin gives the same puzzles and the same counts (4x4, 6x6 and
 *   9x9 families wide enough for 512-bit vectors).
 * - Property: a random subfamily (even the empty one) gives the same
 *   puzzles; only the work changes.
 * - Region caps: on every 4x4 grid with K = 5 and caps on the left and top
 *   halves, every brute-force puzzle within the caps is reported, every
 *   reported set is a brute-force puzzle, and the caps cut nodes (in the
 *   brute-force test, which has the lists).
 * - Stats: sets from second solutions are counted as learned only when
 *   they are kept (none with learn = 0); every kept set is unavoidable.
 * - hv_transpose64 (compaction's transposes; the scalar twin compacts set
 *   by set, compared in test_check64) against a bit-by-bit transpose of
 *   random and sparse matrices.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cellset.h"
#include "geometry.h"
#include "grid.h"
#include "hitset.h"
#include "hitset_inline.h"
#include "prng.h"
#include "solver.h"

/* ---- helpers ----------------------------------------------------------- */

typedef struct found_list {
    cs81 set[20000];
    int n;
} found_list;

static void on_found(void *arg, cs81 cells, int n)
{
    found_list *l = arg;
    assert_int_equal(cs81_count(cells), n);
    assert_true(l->n < 20000);
    l->set[l->n++] = cells;
}

static int cmp_cs(const void *a, const void *b) { return cs81_cmp(*(const cs81 *)a, *(const cs81 *)b); }

static void sort_list(found_list *l) { qsort(l->set, (size_t)l->n, sizeof(cs81), cmp_cs); }

static int count_on(solver_ctx *s, const geometry *g, const uint8_t *sol, cs81 clues)
{
    uint8_t p[MAX_CELLS];
    memset(p, CELL_EMPTY, sizeof p);
    for (int c = 0; c < g->ncells; c++)
        if (cs81_has(clues, c)) p[c] = sol[c];
    return solver_count_generic(s, p, 2, NULL);
}

/* All grids of a small shape by plain backtracking. */
static int all_grids_rec(const geometry *g, uint8_t *cur, int cell, uint8_t (*out)[MAX_CELLS], int n, int max)
{
    if (cell == g->ncells) {
        if (n < max) memcpy(out[n], cur, MAX_CELLS);
        return n + 1;
    }
    for (int d = 0; d < g->N; d++) {
        int ok = 1;
        for (int i = 0; i < g->npeers && ok; i++) {
            int p = g->peer[cell][i];
            if (p < cell && cur[p] == d) ok = 0;
        }
        if (!ok) continue;
        cur[cell] = (uint8_t)d;
        n = all_grids_rec(g, cur, cell + 1, out, n, max);
        if (n >= max) break;
    }
    return n;
}

/* Exact minimal UA family of a 4x4 grid from all grids. */
static int exact_family(const geometry *g, uint8_t (*grids)[MAX_CELLS], int ngrids, int gi, cs81 *out)
{
    cs81 diff[300];
    int nd = 0;
    for (int k = 0; k < ngrids; k++) {
        if (k == gi) continue;
        cs81 d = cs81_empty();
        for (int c = 0; c < g->ncells; c++)
            if (grids[k][c] != grids[gi][c]) cs81_add(&d, c);
        diff[nd++] = d;
    }
    qsort(diff, (size_t)nd, sizeof(cs81), cmp_cs);
    int n = 0;
    for (int i = 0; i < nd; i++) {
        int keep = 1;
        for (int j = 0; j < n && keep; j++)
            if (cs81_subset(out[j], diff[i])) keep = 0;
        if (keep) out[n++] = diff[i];
    }
    return n;
}

/* Every minimal unique puzzle with <= K clues, by checking all subsets. */
static void brute_force(const geometry *g, const uint8_t *sol, int K, found_list *l)
{
    solver_ctx *s = solver_new(g);
    l->n = 0;
    int ncells = g->ncells;
    for (uint32_t m = 0; m < (UINT32_C(1) << ncells); m++) {
        if (__builtin_popcount(m) > K) continue;
        cs81 t = cs81_empty();
        t.w[0] = m;
        if (count_on(s, g, sol, t) != 1) continue;
        int minimal = 1;
        for (int c = 0; c < ncells && minimal; c++) {
            if (!(m >> c & 1)) continue;
            cs81 u = t;
            cs81_del(&u, c);
            if (count_on(s, g, sol, u) == 1) minimal = 0;
        }
        if (minimal) l->set[l->n++] = t;
    }
    solver_free(s);
}

static void run_hitset(hitset_ctx *h, const uint8_t *sol, const cs81 *uas, int n, int K, int simd,
                       int learn, found_list *l, hitset_stats *st)
{
    hitset_options o;
    hitset_options_default(&o, K);
    o.simd = simd;
    o.learn = learn;
    l->n = 0;
    assert_int_equal(hitset_run(h, sol, uas, n, &o, on_found, l, st), MC_OK);
    assert_int_equal((int)st->puzzles, l->n);
}

static void assert_same_lists(found_list *a, found_list *b, const char *what, uint64_t seed)
{
    sort_list(a);
    sort_list(b);
    if (a->n != b->n) fail_msg("%s: %d vs %d puzzles (seed %llu)", what, a->n, b->n, (unsigned long long)seed);
    for (int i = 0; i < a->n; i++)
        if (!cs81_eq(a->set[i], b->set[i]))
            fail_msg("%s: puzzle %d differs (seed %llu)", what, i, (unsigned long long)seed);
}

/* A UA family of any grid without a finder: random clue sets, the second
 * solution's difference, shrunk to minimal; deduplicated, sorted by size. */
static int random_family(const geometry *g, const uint8_t *sol, prng *p, int tries, int nclues, cs81 *out,
                         int max)
{
    solver_ctx *s = solver_new(g);
    solver_result res;
    int n = 0;
    uint8_t cells[MAX_CELLS];
    for (int c = 0; c < g->ncells; c++) cells[c] = (uint8_t)c;
    for (int t = 0; t < tries && n < max; t++) {
        prng_shuffle_u8(p, cells, g->ncells);
        cs81 clues = cs81_empty();
        for (int i = 0; i < nclues; i++) cs81_add(&clues, cells[i]);
        uint8_t pz[MAX_CELLS];
        memset(pz, CELL_EMPTY, sizeof pz);
        for (int c = 0; c < g->ncells; c++)
            if (cs81_has(clues, c)) pz[c] = sol[c];
        if (solver_count_generic(s, pz, 2, &res) < 2) continue;
        const uint8_t *o = memcmp(res.sol[0], sol, (size_t)g->ncells) ? res.sol[0] : res.sol[1];
        cs81 u = cs81_empty();
        for (int c = 0; c < g->ncells; c++)
            if (o[c] != sol[c]) cs81_add(&u, c);
        /* shrink */
        cs81 todo = u;
        int x;
        CS81_FOREACH(x, todo) {
            if (!cs81_has(u, x)) continue;
            cs81 v = u;
            cs81_del(&v, x);
            memcpy(pz, sol, (size_t)g->ncells);
            for (int c = 0; c < g->ncells; c++)
                if (cs81_has(v, c)) pz[c] = CELL_EMPTY;
            if (solver_count_generic(s, pz, 2, &res) >= 2) {
                o = memcmp(res.sol[0], sol, (size_t)g->ncells) ? res.sol[0] : res.sol[1];
                u = cs81_empty();
                for (int c = 0; c < g->ncells; c++)
                    if (o[c] != sol[c]) cs81_add(&u, c);
            }
        }
        int dup = 0;
        for (int i = 0; i < n && !dup; i++) dup = cs81_eq(out[i], u);
        if (!dup) out[n++] = u;
    }
    solver_free(s);
    qsort(out, (size_t)n, sizeof(cs81), cmp_cs);
    return n;
}

static uint8_t grids4[300][MAX_CELLS];
static found_list la, lb;

static bool within_caps(cs81 p, const hitset_options *o)
{
    for (int i = 0; i < o->ncaps; i++)
        if (cs81_count(cs81_and(p, o->cap_region[i])) > o->cap[i]) return false;
    return true;
}

static bool listed(const found_list *l, cs81 p)
{
    for (int i = 0; i < l->n; i++)
        if (cs81_eq(l->set[i], p)) return true;
    return false;
}

/* Region caps on a 4x4 grid, K = 5: the left half (cap 2), then also the
 * top half (cap 2). Every reported set is a puzzle of all (the brute-force
 * list), every puzzle within the caps is reported; counts the puzzles
 * within the caps and the nodes with and without them. */
static void check_caps(hitset_ctx *h, const geometry *g, const uint8_t *sol, const cs81 *fam, int nf,
                       const found_list *all, int gi, int *inside, uint64_t *nodes_free, uint64_t *nodes_capped)
{
    for (int caps = 1; caps <= 2; caps++) {
        hitset_options o;
        hitset_options_default(&o, 5);
        o.ncaps = caps;
        o.cap_region[0] = o.cap_region[1] = cs81_empty();
        for (int c = 0; c < g->ncells; c++) {
            if (g->col[c] < 2) cs81_add(&o.cap_region[0], c);
            if (g->row[c] < 2) cs81_add(&o.cap_region[1], c);
        }
        o.cap[0] = o.cap[1] = 2;
        hitset_stats st, st0;
        lb.n = 0;
        assert_int_equal(hitset_run(h, sol, fam, nf, &o, on_found, &lb, &st), MC_OK);
        run_hitset(h, sol, fam, nf, 5, 1, 1, &la, &st0);
        *nodes_free += st0.nodes;
        *nodes_capped += st.nodes;
        for (int i = 0; i < lb.n; i++)
            if (!listed(all, lb.set[i])) fail_msg("grid %d, %d caps: a reported set is no puzzle", gi, caps);
        for (int i = 0; i < all->n; i++)
            if (within_caps(all->set[i], &o)) {
                ++*inside;
                if (!listed(&lb, all->set[i])) fail_msg("grid %d, %d caps: a puzzle within the caps is missed", gi, caps);
            }
    }
}

/* ---- tests ------------------------------------------------------------- */

static void test_4x4_brute_force_twin(void **state)
{
    (void)state;
    const geometry *g = geometry_get(2, 2);
    uint8_t cur[MAX_CELLS] = {0};
    int ng = all_grids_rec(g, cur, 0, grids4, 0, 300);
    assert_int_equal(ng, 288);
    hitset_ctx *h = hitset_new(g);
    assert_non_null(h);
    int total[6] = {0}, inside = 0;
    uint64_t nodes_free = 0, nodes_capped = 0;
    for (int gi = 0; gi < ng; gi++) {
        cs81 fam[300];
        int nf = exact_family(g, grids4, ng, gi, fam);
        static found_list all5;
        brute_force(g, grids4[gi], 5, &all5);
        check_caps(h, g, grids4[gi], fam, nf, &all5, gi, &inside, &nodes_free, &nodes_capped);
        for (int K = 3; K <= 5; K++) {
            hitset_stats st;
            la.n = 0;
            for (int i = 0; i < all5.n; i++)
                if (cs81_count(all5.set[i]) <= K) la.set[la.n++] = all5.set[i];
            run_hitset(h, grids4[gi], fam, nf, K, 1, 1, &lb, &st);
            char what[64];
            snprintf(what, sizeof what, "grid %d K=%d", gi, K);
            assert_same_lists(&la, &lb, what, 0);
            total[K] += la.n;
        }
    }
    /* The 4x4 minimum is 4: no grid has a 3-clue puzzle, every grid a 4-clue one. */
    assert_int_equal(total[3], 0);
    assert_true(total[4] > 0);
    assert_true(total[5] > total[4]);
    print_message("4x4: %d grids; minimal puzzles with <=4: %d, <=5: %d\n", ng, total[4], total[5]);
    assert_true(inside > 0);
    assert_true(nodes_capped < nodes_free);
    print_message("4x4 caps: %d puzzles within caps; nodes %llu capped, %llu free\n", inside,
                  (unsigned long long)nodes_capped, (unsigned long long)nodes_free);
    hitset_free(h);
}

static void test_4x4_subfamily_property(void **state)
{
    (void)state;
    const geometry *g = geometry_get(2, 2);
    hitset_ctx *h = hitset_new(g);
    uint64_t seed = 20261121;
    prng p;
    prng_seed(&p, seed);
    for (int gi = 0; gi < 288; gi += 7) {
        cs81 fam[300], sub[300];
        int nf = exact_family(g, grids4, 288, gi, fam);
        int ns = 0;
        int keep = (int)prng_below(&p, 4); /* 0: empty family, else about keep/4 of it */
        for (int i = 0; i < nf; i++)
            if ((int)prng_below(&p, 4) < keep) sub[ns++] = fam[i];
        for (int K = 4; K <= 5; K++) {
            hitset_stats st;
            run_hitset(h, grids4[gi], fam, nf, K, 1, 1, &la, &st);
            for (int learn = 0; learn <= 1; learn++) {
                run_hitset(h, grids4[gi], sub, ns, K, 1, learn, &lb, &st);
                assert_same_lists(&la, &lb, "4x4 subfamily", seed);
            }
        }
    }
    hitset_free(h);
}

static void compare_twins(const geometry *g, const uint8_t *sol, const cs81 *fam, int nf, int K, uint64_t seed)
{
    hitset_ctx *h = hitset_new(g);
    hitset_stats s1, s0;
    run_hitset(h, sol, fam, nf, K, 1, 1, &la, &s1);
    run_hitset(h, sol, fam, nf, K, 0, 1, &lb, &s0);
    /* order too: both lists unsorted first */
    assert_int_equal(la.n, lb.n);
    for (int i = 0; i < la.n; i++)
        if (!cs81_eq(la.set[i], lb.set[i])) fail_msg("twin order differs (seed %llu)", (unsigned long long)seed);
    assert_true(s1.nodes == s0.nodes);
    assert_true(s1.candidates == s0.candidates);
    assert_true(s1.solver_calls == s0.solver_calls);
    assert_true(s1.learned == s0.learned);
    /* with a cap on the left half (the caps and their branch; compaction,
     * at children with 9 or more clues left, is compared on check64's 8x8
     * sets in test_check64) */
    hitset_stats c[2];
    found_list *l[2] = {&la, &lb};
    for (int simd = 0; simd < 2; simd++) {
        hitset_options o;
        hitset_options_default(&o, K);
        o.simd = simd;
        o.ncaps = 1;
        o.cap_region[0] = cs81_empty();
        for (int x = 0; x < g->ncells; x++)
            if (g->col[x] < g->N / 2) cs81_add(&o.cap_region[0], x);
        o.cap[0] = K / 2;
        l[simd]->n = 0;
        assert_int_equal(hitset_run(h, sol, fam, nf, &o, on_found, l[simd], &c[simd]), MC_OK);
    }
    assert_int_equal(la.n, lb.n);
    for (int i = 0; i < la.n; i++)
        if (!cs81_eq(la.set[i], lb.set[i])) fail_msg("capped twin differs (seed %llu)", (unsigned long long)seed);
    assert_true(c[0].nodes == c[1].nodes);
    assert_true(c[0].candidates == c[1].candidates);
    hitset_free(h);
}

static void test_scalar_equals_simd(void **state)
{
    (void)state;
    const geometry *g4 = geometry_get(2, 2);
    for (int gi = 0; gi < 288; gi += 11) {
        cs81 fam[300];
        int nf = exact_family(g4, grids4, 288, gi, fam);
        compare_twins(g4, grids4[gi], fam, nf, 5, 0);
    }
    /* 9x9: a grid of a 17-clue puzzle with a random family of ~480 sets
     * (512-bit top vectors; at K = 10 no child compacts: test_check64's 8x8
     * twin compares compaction). */
    const geometry *g9 = geometry_9x9();
    const char *text = "812753649943682175675491283154237896369845721287169534521974368438526917796318452";
    grid gr;
    const geometry *gg = g9;
    size_t tl;
    assert_int_equal(grid_parse(text, strlen(text), &gg, DIGITS_STD, &gr, &tl, NULL), MC_OK);
    assert_true(grid_is_valid_solution(&gr));
    uint64_t seed = 7;
    prng p;
    prng_seed(&p, seed);
    static cs81 fam[600];
    int nf = random_family(g9, gr.cell, &p, 3000, 30, fam, 480);
    print_message("9x9 random family: %d sets\n", nf);
    assert_true(nf > 300);
    compare_twins(g9, gr.cell, fam, nf, 10, seed);
}

static void test_transpose64(void **state)
{
    (void)state;
    prng p;
    prng_seed(&p, 11);
    for (int round = 0; round < 200; round++) {
        uint64_t a[64], b[64];
        for (int i = 0; i < 64; i++) {
            a[i] = prng_next(&p);
            if (round % 2) a[i] &= prng_next(&p) & prng_next(&p); /* sparse, as sets of cells are */
            if (round % 5 == 0 && i >= round % 64) a[i] = 0;       /* fewer than 64 rows */
            b[i] = a[i];
        }
        hv_transpose64(a);
        for (int i = 0; i < 64; i++)
            for (int c = 0; c < 64; c++)
                if (((a[c] >> i) & 1) != ((b[i] >> c) & 1)) fail_msg("round %d: bit (%d, %d)", round, i, c);
    }
}

static void test_6x6_subfamily_and_twin(void **state)
{
    (void)state;
    const geometry *g = geometry_get(2, 3);
    uint8_t cur[MAX_CELLS] = {0};
    static uint8_t one[1][MAX_CELLS];
    all_grids_rec(g, cur, 0, one, 0, 1); /* the first grid in backtracking order */
    uint64_t seed = 12345;
    prng p;
    prng_seed(&p, seed);
    cs81 fam[400], sub[400];
    int nf = random_family(g, one[0], &p, 2000, 8, fam, 300);
    assert_true(nf > 20);
    for (int K = 7; K <= 8; K++) {
        hitset_ctx *h = hitset_new(g);
        hitset_stats st;
        run_hitset(h, one[0], fam, nf, K, 1, 1, &la, &st);
        if (K == 7) assert_int_equal(la.n, 0); /* 6x6 needs 8 clues */
        int ns = 0;
        for (int i = 0; i < nf; i++)
            if (prng_below(&p, 3) == 0) sub[ns++] = fam[i];
        run_hitset(h, one[0], sub, ns, K, 1, 1, &lb, &st);
        assert_same_lists(&la, &lb, "6x6 subfamily", seed);
        hitset_free(h);
        compare_twins(g, one[0], fam, nf, K, seed);
    }
}

/* With learn = 0 no set is kept: second > 0, learned == 0, none listed.
 * With learn = 1 every second-solution set is kept and is unavoidable
 * (the complement's puzzle has a second solution). */
static void test_learn_stats(void **state)
{
    (void)state;
    const geometry *g = geometry_get(2, 2);
    uint8_t cur[MAX_CELLS] = {0};
    static uint8_t one[1][MAX_CELLS];
    all_grids_rec(g, cur, 0, one, 0, 1);
    hitset_ctx *h = hitset_new(g);
    solver_ctx *s = solver_new(g);
    cs81 fam[1];
    for (int learn = 0; learn <= 1; learn++) {
        hitset_stats st;
        run_hitset(h, one[0], fam, 0, 4, 1, learn, &la, &st); /* no initial sets: many second solutions */
        int nl;
        const cs81 *L = hitset_learned(h, &nl);
        assert_true(st.second > 0);
        assert_true(st.second <= st.candidates);
        uint64_t bysize = 0;
        for (int k = 0; k < 82; k++) bysize += st.learned_by_size[k];
        assert_true(bysize == st.learned);
        assert_int_equal(nl, (int)st.learned);
        if (!learn) {
            assert_true(st.learned == 0);
            continue;
        }
        assert_true(st.learned == st.second);
        cs81 all = cs81_empty();
        for (int c = 0; c < g->ncells; c++) cs81_add(&all, c);
        for (int i = 0; i < nl; i++) assert_true(count_on(s, g, one[0], cs81_andnot(all, L[i])) >= 2);
    }
    solver_free(s);
    hitset_free(h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_4x4_brute_force_twin),
        cmocka_unit_test(test_4x4_subfamily_property),
        cmocka_unit_test(test_scalar_equals_simd),
        cmocka_unit_test(test_6x6_subfamily_and_twin),
        cmocka_unit_test(test_learn_stats),
        cmocka_unit_test(test_transpose64),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
