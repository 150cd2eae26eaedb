/* ua_find — the fast 9x9 finder: the pattern catalogue matched against a
 * grid (ua.h, pattern.h).
 *
 * The catalogue's normal forms are step sequences (pattern_step.h). They are
 * merged into a trie: the root is the anchor (normalized r1c1 and r2c4, one
 * digit), each edge one step, a node is terminal when a pattern ends there.
 *
 * Matching is the search for embeddings of the trie into the grid: a partial
 * map of normalized rows to grid rows (band to band, injective), columns
 * likewise, labels to digits (injective). It starts from every anchor of the
 * grid — an ordered pair of cells of one band holding the same digit (9
 * digits x 3 bands x 6 orders = 162) — once on the grid and once on its
 * transpose; a step then either tests one cell (old row, old column), looks
 * up the one cell where an old label's digit sits in the chosen row or
 * column, or tries the free rows and columns of the right band or stack.
 * No grid is ever rearranged: the rearrangements that could bring a UA into
 * a pattern's normal form are exactly the extensions this search tries, and
 * the inverse transform of a match is just the list of grid cells reached.
 *
 * Why it finds every UA whose class is in the catalogue: if U is the image
 * of pattern P under a group element t, the cells of U taken in the order of
 * P's steps give the same step keys (they are invariant under the group), so
 * the search started at the image of P's anchor (in the grid or in its
 * transpose, as t transposes or not) reaches U along P's path. Every match
 * is a minimal UA because fitting a labelled pattern makes a minimal UA
 * (pattern.h). A UA is reached once per anchor pair and automorphism, so
 * the matches are de-duplicated in a hash set before they are stored.
 *
 * Grids that share their first two bands (ua_find_group: a band pair and
 * the band 3s of its items) share every step that stays out of band 3. A
 * shared pass searches the two bands with band 3 unknown (UNKNOWN in the
 * cells and positions there): a step whose candidate cell lies in band 3,
 * or whose lookup lands there, is not taken but recorded as a fork (the
 * state before the step and the step). Then each grid replays the forks
 * with its own band 3, taking only the candidates in band 3 (the others
 * the shared pass took), and the anchors inside band 3. A match of the
 * shared pass misses band 3, so it is every grid's; a replayed match meets
 * band 3. So each grid's list is the union of the two, and equals
 * ua_find's without the UAs inside one band of rows (test_ua_find checks
 * it set for set): the band engine has those from its band tables, so the
 * group searches, in the grid (not its transpose), only the trie nodes
 * below which a pattern leaves the anchor's band (tnode.multi; K = 16, 26
 * groups: 44,080 of 314,386 UAs were inside one band).
 *
 * The grids replay together, as classes: a class is a set of grids (bits
 * of a 64-bit mask; 64 grids are replayed at a time) that agree on every
 * band-3 cell and position the path so far has read, and it searches with
 * the tables of its first grid (its representative). A read in band 3
 * splits the class by the value each grid gives (a cell's digit, or the
 * row or column of a digit in a line; f->vmask holds, per read and value,
 * the grids that give it), and every part goes on with its value. Whether
 * a read lands in band 3 does not depend on the grid (bands 1+2 are shared,
 * so a digit missing from a line's two bands is in its band-3 cell for
 * every grid), so a read outside band 3 never splits. A class searches a
 * subtree once for all its grids, and a match is recorded for each
 * (f->imatch, de-duplicated per grid at the end). K = 16, 26 groups of 41
 * items on average: 4.7 M steps taken instead of 21.4 M one grid at a time.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "pattern.h"
#include "pattern_step.h"
#include "ua.h"

typedef struct tnode {
    uint32_t key;
    uint8_t rk, ck, lk;
    uint8_t nr, nc, lab;   /* the cell's normalized row, column and label */
    uint8_t depth;         /* cells placed once this step is taken */
    uint8_t terminal;
    /* a pattern ends at this node or below whose steps reach a second band
     * (rk 2 on its path): else every match of the subtree lies inside the
     * anchor's band */
    uint8_t multi;
    /* while the trie is built: the first child and the next sibling (-1:
     * none); once laid out (layout): the children are nodes child ..
     * child + nchild - 1, and sibling is not read */
    uint16_t nchild;
    int32_t child, sibling;
} tnode;

#define HASH_BITS 14
#define HASH_SIZE (1 << HASH_BITS)
/* a cell or position of band 3 in the shared pass */
#define UNKNOWN 0xFF

typedef struct fork_rec fork_rec;

struct ua_finder {
    tnode *node;
    int nnodes, cap;
    int npatterns;
    /* per-call scratch */
    uint8_t g[2][81];
    uint8_t rowpos[2][9][9]; /* rowpos[o][r][d]: column of digit d in row r */
    uint8_t colpos[2][9][9]; /* colpos[o][c][d]: row of digit d in column c */
    cs81 hash[HASH_SIZE];
    uint16_t slot[HASH_SIZE / 2]; /* occupied slots of hash, in order of arrival */
    int nfound;
    /* ua_find_group: the forks of the shared pass, and its anchors in band 3 */
    fork_rec *fork;
    int nfork, capfork;
    uint16_t *anchor; /* o << 10 | B << 8 | d << 4 | i << 2 | j */
    int nanchor, capanchor;
    /* the replay's grids: grid g's tables as g, rowpos, colpos and its
     * matches, with repeats (capgrids of each); the grids replayed now are
     * base .. base + 63, bit g - base of a class; vmask[what][o][a][b][v]:
     * the bits of those whose read (what, a, b) in orientation o gives v */
    uint8_t (*ig)[2][81];
    uint8_t (*irowpos)[2][9][9], (*icolpos)[2][9][9];
    ua_store *imatch;
    int capgrids, base;
    uint64_t vmask[3][2][9][9][9];
};

/* How the search goes: OWN in a grid's own search (ua_find), SHARED in
 * the shared pass of ua_find_group (band 3 UNKNOWN), CLASS in its replay
 * (a class of grids, bits of mstate.cls); and, as a step's only, REPLAY
 * for a fork replayed by a class (the candidates in band 3 alone). step()
 * is specialized for each (the compiler folds the mode away), so a grid's
 * own search has no test for band 3 or classes in its loop. */
enum { OWN, SHARED, CLASS, REPLAY };

typedef struct mstate {
    const uint8_t *g;
    const uint8_t (*rowpos)[9], (*colpos)[9];
    int o; /* 1 = transposed */
    int8_t rowmap[9], colmap[9], bandmap[3], stackmap[3];
    uint8_t labmap[9];
    uint16_t rowused, colused, digused;
    uint8_t bandused, stackused;
    cs81 cells; /* in the original grid's orientation */
    int max_size;
    int mode; /* OWN, SHARED or CLASS */
    uint64_t cls;
    mc_status st;
} mstate;

struct fork_rec {
    mstate m; /* the state before the step (tables set again at replay) */
    int ti;   /* the step */
};

static int node_new(ua_finder *f)
{
    if (f->nnodes == f->cap) {
        int cap = f->cap ? 2 * f->cap : 4096;
        tnode *p = realloc(f->node, sizeof *p * (size_t)cap);
        if (!p) return -1;
        f->node = p;
        f->cap = cap;
    }
    tnode *t = &f->node[f->nnodes];
    memset(t, 0, sizeof *t);
    t->child = t->sibling = -1;
    return f->nnodes++;
}

static bool trie_insert(ua_finder *f, const pattern *p)
{
    uint32_t keys[PATTERN_MAX_CELLS];
    pattern_keys(p, keys);
    int at = 0;
    for (int i = 2; i < p->n; i++) {
        int ch;
        for (ch = f->node[at].child; ch >= 0; ch = f->node[ch].sibling)
            if (f->node[ch].key == keys[i]) break;
        if (ch < 0) {
            ch = node_new(f);
            if (ch < 0) return false;
            tnode *t = &f->node[ch];
            t->key = keys[i];
            t->rk = (uint8_t)step_rk(keys[i]);
            t->ck = (uint8_t)step_ck(keys[i]);
            t->lk = (uint8_t)step_lk(keys[i]);
            t->nr = p->row[i];
            t->nc = p->col[i];
            t->lab = p->label[i];
            t->depth = (uint8_t)(i + 1);
            t->sibling = f->node[at].child;
            f->node[at].child = ch;
        }
        at = ch;
    }
    f->node[at].terminal = 1;
    return true;
}

/* Places the children of node at (old) of from, in their sibling order,
 * at the next free index of to, then the subtree of each: a node's
 * children come one after another, and a subtree's nodes close together
 * (the search walks them in that order). Returns the next free index. */
static int place(const tnode *from, tnode *to, int at_old, int at_new, int next)
{
    int first = next, n = 0;
    for (int ch = from[at_old].child; ch >= 0; ch = from[ch].sibling) to[next + n++] = from[ch];
    to[at_new].child = n ? first : -1;
    to[at_new].nchild = (uint16_t)n;
    next += n;
    int k = 0;
    for (int ch = from[at_old].child; ch >= 0; ch = from[ch].sibling, k++) next = place(from, to, ch, first + k, next);
    return next;
}

/* The built trie laid out so that every node's children are contiguous
 * (place); false when out of memory. */
static bool layout(ua_finder *f)
{
    tnode *to = malloc(sizeof *to * (size_t)f->nnodes);
    if (!to) return false;
    to[0] = f->node[0];
    int n = place(f->node, to, 0, 0, 1);
    assert(n == f->nnodes);
    (void)n;
    for (int i = 0; i < f->nnodes; i++) to[i].sibling = -1;
    free(f->node);
    f->node = to;
    f->cap = f->nnodes;
    return true;
}

/* tnode.multi of node at and its subtree; path: a step above reached a
 * second band. Returns the node's multi. */
static bool mark_multi(ua_finder *f, int at, bool path)
{
    path |= f->node[at].rk == 2;
    bool m = f->node[at].terminal && path;
    for (int ch = f->node[at].child; ch >= 0; ch = f->node[ch].sibling) m |= mark_multi(f, ch, path);
    f->node[at].multi = m;
    return m;
}

ua_finder *ua_finder_new(void)
{
    ua_finder *f = calloc(1, sizeof *f);
    if (!f) return NULL;
    if (node_new(f) != 0) {
        ua_finder_free(f);
        return NULL;
    }
    f->node[0].depth = 2;
    const char *s = pattern_catalogue_text;
    char line[PATTERN_TEXT_MAX + 64];
    while (*s) {
        const char *e = strchr(s, '\n');
        size_t len = e ? (size_t)(e - s) : strlen(s);
        if (len > 0 && s[0] != '#' && len < sizeof line) {
            memcpy(line, s, len);
            line[len] = 0;
            pattern p;
            mc_error err;
            /* the built-in text was checked when it was embedded and is
             * checked again by test_ua_find; a bad line is skipped */
            if (pattern_parse(line, &p, &err) == MC_OK) {
                if (!trie_insert(f, &p)) {
                    ua_finder_free(f);
                    return NULL;
                }
                f->npatterns++;
            }
        }
        s += len + (e ? 1 : 0);
    }
    mark_multi(f, 0, false);
    if (!layout(f)) {
        ua_finder_free(f);
        return NULL;
    }
    return f;
}

void ua_finder_free(ua_finder *f)
{
    if (!f) return;
    free(f->fork);
    free(f->anchor);
    free(f->ig);
    free(f->irowpos);
    free(f->icolpos);
    for (int g = 0; g < f->capgrids; g++) ua_store_free(&f->imatch[g]);
    free(f->imatch);
    free(f->node);
    free(f);
}

int ua_finder_patterns(const ua_finder *f) { return f->npatterns; }

/* u into the hash set (nothing when there); MC_ENOMEM when it is full. */
static mc_status hash_add(ua_finder *f, cs81 u)
{
    uint64_t h = (u.w[0] * UINT64_C(0x9E3779B97F4A7C15)) ^ (u.w[1] * UINT64_C(0xC2B2AE3D27D4EB4F));
    uint32_t i = (uint32_t)(h >> (64 - HASH_BITS));
    for (;;) {
        if (cs81_is_empty(f->hash[i])) break;
        if (cs81_eq(f->hash[i], u)) return MC_OK;
        i = (i + 1) & (HASH_SIZE - 1);
    }
    if (f->nfound >= HASH_SIZE / 2) return MC_ENOMEM; /* more matches than the table holds: never seen */
    f->hash[i] = u;
    f->slot[f->nfound++] = (uint16_t)i;
    return MC_OK;
}

/* A match: into the hash set, or in the replay for every grid of the class. */
static void emit(ua_finder *f, mstate *m)
{
    mc_status st = MC_OK;
    if (m->mode != CLASS) st = hash_add(f, m->cells);
    else
        for (uint64_t c = m->cls; c && st == MC_OK; c &= c - 1)
            st = ua_store_add(&f->imatch[f->base + __builtin_ctzll(c)], m->cells);
    if (st != MC_OK) m->st = st;
}

static void match_children(ua_finder *f, mstate *m, int node);
static void match_class(ua_finder *f, mstate *m, int node);
static inline __attribute__((always_inline)) void match_own(ua_finder *f, mstate *m, int node);

static inline bool row_ok(const mstate *m, const tnode *t, int gr)
{
    if (t->rk == 0) return m->rowmap[t->nr] == gr;
    if (t->rk == 1) return m->bandmap[t->nr / 3] == gr / 3 && !((m->rowused >> gr) & 1);
    return !((m->bandused >> (gr / 3)) & 1);
}

static inline bool col_ok(const mstate *m, const tnode *t, int gc)
{
    if (t->ck == 0) return m->colmap[t->nc] == gc;
    if (t->ck == 1) return m->stackmap[t->nc / 3] == gc / 3 && !((m->colused >> gc) & 1);
    return !((m->stackused >> (gc / 3)) & 1);
}

/* Takes step t at grid cell (gr, gc) holding digit d (all checks done). */
static void take(ua_finder *f, mstate *m, int ti, int gr, int gc, int d)
{
    const tnode *t = &f->node[ti];
    /* what the step changes and a sibling or the caller reads again: the
     * used masks and the cells. The maps need no restoring: an entry this
     * step writes is of a row, column, band, stack or label new at this
     * step, so new for every sibling too, and written again before any
     * step reads it. */
    const uint16_t rowused = m->rowused, colused = m->colused, digused = m->digused;
    const uint8_t bandused = m->bandused, stackused = m->stackused;
    const cs81 cells = m->cells;
    if (t->rk) {
        m->rowmap[t->nr] = (int8_t)gr;
        m->rowused |= (uint16_t)(1u << gr);
        if (t->rk == 2) {
            m->bandmap[t->nr / 3] = (int8_t)(gr / 3);
            m->bandused |= (uint8_t)(1u << (gr / 3));
        }
    }
    if (t->ck) {
        m->colmap[t->nc] = (int8_t)gc;
        m->colused |= (uint16_t)(1u << gc);
        if (t->ck == 2) {
            m->stackmap[t->nc / 3] = (int8_t)(gc / 3);
            m->stackused |= (uint8_t)(1u << (gc / 3));
        }
    }
    if (t->lk) {
        m->labmap[t->lab] = (uint8_t)d;
        m->digused |= (uint16_t)(1u << d);
    }
    cs81_add(&m->cells, m->o ? gc * 9 + gr : gr * 9 + gc);
    if (t->terminal) emit(f, m);
    if (t->child >= 0 && t->depth < m->max_size) {
        if (m->mode == SHARED) match_children(f, m, ti);
        else if (m->mode == CLASS) match_class(f, m, ti);
        else match_own(f, m, ti);
    }
    m->rowused = rowused, m->colused = colused, m->digused = digused;
    m->bandused = bandused, m->stackused = stackused;
    m->cells = cells;
}

/* Rows (or columns) a step may use: a bit mask over 0..8. */
static inline uint16_t free_lines(int kind, int mapped, int8_t blockmap, uint16_t used, uint8_t blockused)
{
    if (kind == 0) return (uint16_t)(1u << mapped);
    if (kind == 1) return (uint16_t)((7u << (3 * blockmap)) & ~used);
    uint16_t m = 0;
    for (int b = 0; b < 3; b++)
        if (!((blockused >> b) & 1)) m |= (uint16_t)(7u << (3 * b));
    return m;
}

/* Whether cell (gr, gc) of orientation o lies in band 3 of the original
 * grid: its rows 6..8, the transpose's columns 6..8. */
static inline bool in_band3(const mstate *m, int gr, int gc) { return (m->o ? gc : gr) >= 6; }

/* buf (cap items of size bytes) with room for item n: buf itself, or
 * grown to twice its capacity (first when empty); NULL, with m->st set,
 * when it cannot grow (buf is then kept). */
static void *room(void *buf, int *cap, int n, size_t size, int first, mstate *m)
{
    if (n < *cap) return buf;
    int c = *cap ? 2 * *cap : first;
    void *p = realloc(buf, size * (size_t)c);
    if (!p) {
        m->st = MC_ENOMEM;
        return NULL;
    }
    *cap = c;
    return p;
}

static void add_fork(ua_finder *f, mstate *m, int ti)
{
    fork_rec *p = room(f->fork, &f->capfork, f->nfork, sizeof *p, 4096, m);
    if (!p) return;
    f->fork = p;
    f->fork[f->nfork++] = (fork_rec){*m, ti};
}

/* One candidate (gr, gc) of step ti. SHARED: a candidate in band 3 (or a
 * lookup that landed there) only marks the step for a fork; REPLAY: a
 * candidate outside band 3 is skipped (the shared pass took it). Returns
 * whether to fork. */
static inline __attribute__((always_inline)) bool candidate(ua_finder *f, mstate *m, int ti, int gr, int gc,
                                                            int mode, int kind)
{
    const tnode *t = &f->node[ti];
    if (mode == SHARED && (gr == UNKNOWN || gc == UNKNOWN || in_band3(m, gr, gc))) return true;
    if (mode == REPLAY && !in_band3(m, gr, gc)) return false;
    int d;
    if (kind == 0) { /* row and column found by the label's digit */
        d = m->labmap[t->lab];
        if (t->rk == 0 ? !col_ok(m, t, gc) : !row_ok(m, t, gr)) return false;
    } else if (kind == 1) { /* a free row, the column by the digit */
        d = m->labmap[t->lab];
        if (!col_ok(m, t, gc)) return false;
    } else { /* a new label: the cell's digit */
        d = m->g[gr * 9 + gc];
        if ((m->digused >> d) & 1) return false;
    }
    take(f, m, ti, gr, gc, d);
    return false;
}

/* What a read of the grid is: the column of digit b in row a, the row of
 * digit b in column a, the digit of cell (a, b). */
enum { READ_ROW, READ_COL, READ_CELL };

/* The value grid g of the replay gives to the read (what, a, b) in
 * orientation o. */
static inline int read_value(const ua_finder *f, int g, int o, int what, int a, int b)
{
    return what == READ_ROW ? f->irowpos[g][o][a][b] : what == READ_COL ? f->icolpos[g][o][a][b] : f->ig[g][o][a * 9 + b];
}

/* The class's tables: those of its first grid. */
static void class_tables(ua_finder *f, mstate *m)
{
    int rep = f->base + __builtin_ctzll(m->cls);
    m->g = f->ig[rep][m->o];
    m->rowpos = (const uint8_t(*)[9])f->irowpos[rep][m->o];
    m->colpos = (const uint8_t(*)[9])f->icolpos[rep][m->o];
}

/* A candidate of a class with more than one grid whose read (what, a, b:
 * digit b in row a, digit b in column a, or cell (a, b)) lands in band 3:
 * each part of the class by the value read goes on with its value (in gc
 * for READ_ROW, in gr for READ_COL, in its tables for READ_CELL). The
 * candidate lies in band 3 for every part, so a replayed fork's test for
 * band 3 is passed already. */
static void class_candidate(ua_finder *f, mstate *m, int ti, int gr, int gc, int kind, int what, int a, int b)
{
    const uint64_t cls = m->cls, *vm = f->vmask[what][m->o][a][b];
    /* the parts one by one: the value of the first grid left, then all
     * that share it */
    for (uint64_t rest = cls; rest && m->st == MC_OK;) {
        int v = read_value(f, f->base + __builtin_ctzll(rest), m->o, what, a, b);
        uint64_t part = rest & vm[v];
        rest &= ~part;
        m->cls = part;
        class_tables(f, m);
        if (what == READ_ROW) gc = v;
        else if (what == READ_COL) gr = v;
        candidate(f, m, ti, gr, gc, CLASS, kind);
    }
    m->cls = cls;
    class_tables(f, m);
}

/* candidate, or class_candidate when the read that gave (gr, gc) lands in
 * band 3 and the class holds more than one grid. */
static inline __attribute__((always_inline)) bool look(ua_finder *f, mstate *m, int ti, int gr, int gc, int mode,
                                                       int kind, int what, int a, int b)
{
    if ((mode == REPLAY || mode == CLASS) && (m->cls & (m->cls - 1)) && in_band3(m, gr, gc)) {
        class_candidate(f, m, ti, gr, gc, kind, what, a, b);
        return false;
    }
    return candidate(f, m, ti, gr, gc, mode, kind);
}

/* Step ti from state m: every candidate cell (those in band 3 only when
 * REPLAY); SHARED records the step as a fork when one lies in band 3. */
static inline __attribute__((always_inline)) void step(ua_finder *f, mstate *m, int ti, int mode)
{
    const tnode *t = &f->node[ti];
    bool fork = false;
    if (t->lk == 0) {
        int d = m->labmap[t->lab];
        if (t->rk == 0) {
            int gr = m->rowmap[t->nr];
            fork |= look(f, m, ti, gr, m->rowpos[gr][d], mode, 0, READ_ROW, gr, d);
        } else if (t->ck == 0) {
            int gc = m->colmap[t->nc];
            fork |= look(f, m, ti, m->colpos[gc][d], gc, mode, 0, READ_COL, gc, d);
        } else {
            uint16_t rows = free_lines(t->rk, 0, m->bandmap[t->nr / 3], m->rowused, m->bandused);
            while (rows) {
                int gr = __builtin_ctz(rows);
                rows &= (uint16_t)(rows - 1);
                fork |= look(f, m, ti, gr, m->rowpos[gr][d], mode, 1, READ_ROW, gr, d);
            }
        }
    } else {
        uint16_t rows = free_lines(t->rk, t->rk == 0 ? m->rowmap[t->nr] : 0, m->bandmap[t->nr / 3], m->rowused,
                                   m->bandused);
        uint16_t cols0 = free_lines(t->ck, t->ck == 0 ? m->colmap[t->nc] : 0, m->stackmap[t->nc / 3], m->colused,
                                    m->stackused);
        while (rows) {
            int gr = __builtin_ctz(rows);
            rows &= (uint16_t)(rows - 1);
            for (uint16_t cols = cols0; cols; cols &= (uint16_t)(cols - 1)) {
                int gc = __builtin_ctz(cols);
                fork |= look(f, m, ti, gr, gc, mode, 2, READ_CELL, gr, gc);
            }
        }
    }
    if (mode == SHARED && fork) add_fork(f, m, ti);
}

static __attribute__((noinline)) void step_shared(ua_finder *f, mstate *m, int ti) { step(f, m, ti, SHARED); }
static __attribute__((noinline)) void step_replay(ua_finder *f, mstate *m, int ti) { step(f, m, ti, REPLAY); }

/* The children of node from state m in a grid's own search; inlined into
 * take, the search's one recursive function. */
static inline __attribute__((always_inline)) void match_own(ua_finder *f, mstate *m, int node)
{
    const tnode *t = &f->node[node];
    for (int ti = t->child, end = ti + t->nchild; ti < end && m->st == MC_OK; ti++)
        if (f->node[ti].depth <= m->max_size) step(f, m, ti, OWN);
}

/* Whether ua_find_group takes step ti: within the size, and in the grid
 * (not its transpose) only toward a match that leaves the anchor's band
 * (tnode.multi): a UA inside one band of rows is not listed. */
static inline bool group_step(const ua_finder *f, const mstate *m, int ti)
{
    return f->node[ti].depth <= m->max_size && (m->o || f->node[ti].multi);
}

/* The children of node in a class's search. */
static void match_class(ua_finder *f, mstate *m, int node)
{
    const tnode *t = &f->node[node];
    for (int ti = t->child, end = ti + t->nchild; ti < end && m->st == MC_OK; ti++)
        if (group_step(f, m, ti)) step(f, m, ti, CLASS);
}

static void match_children(ua_finder *f, mstate *m, int node)
{
    if (m->mode != SHARED) {
        match_own(f, m, node);
        return;
    }
    const tnode *t = &f->node[node];
    for (int ti = t->child, end = ti + t->nchild; ti < end && m->st == MC_OK; ti++)
        if (group_step(f, m, ti)) step_shared(f, m, ti);
}

/* The tables of grid_cells (9x9, row order; UNKNOWN in a cell of band 3
 * makes the shared pass's tables: positions there UNKNOWN) into g, rowpos,
 * colpos: the finder's own (load_grid) or a replayed grid's. */
static void load_tables(const uint8_t *grid_cells, uint8_t g[2][81], uint8_t rowpos[2][9][9],
                        uint8_t colpos[2][9][9])
{
    memset(rowpos, UNKNOWN, sizeof(uint8_t[2][9][9]));
    memset(colpos, UNKNOWN, sizeof(uint8_t[2][9][9]));
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) {
            int d = grid_cells[r * 9 + c];
            g[0][r * 9 + c] = (uint8_t)d;
            g[1][c * 9 + r] = (uint8_t)d;
            if (d == UNKNOWN) continue;
            assert(d < 9); /* a valid solution grid (ua.h) */
            rowpos[0][r][d] = (uint8_t)c;
            colpos[0][c][d] = (uint8_t)r;
            rowpos[1][c][d] = (uint8_t)r;
            colpos[1][r][d] = (uint8_t)c;
        }
}

static void load_grid(ua_finder *f, const uint8_t *grid_cells) { load_tables(grid_cells, f->g, f->rowpos, f->colpos); }

static void set_orientation(ua_finder *f, mstate *m, int o)
{
    m->o = o;
    m->g = f->g[o];
    m->rowpos = (const uint8_t(*)[9])f->rowpos[o];
    m->colpos = (const uint8_t(*)[9])f->colpos[o];
}

/* The anchor (o, B, d, i, j): rows 3B + i and 3B + j, digit d; false when
 * a cell of it is UNKNOWN (the shared pass leaves it to each grid). */
static bool set_anchor(mstate *m, int B, int d, int i, int j)
{
    int ra = 3 * B + i, rb = 3 * B + j;
    int ca = m->rowpos[ra][d], cb = m->rowpos[rb][d];
    if (ca == UNKNOWN || cb == UNKNOWN) return false;
    m->rowmap[0] = (int8_t)ra, m->rowmap[1] = (int8_t)rb;
    m->bandmap[0] = (int8_t)B;
    m->rowused = (uint16_t)((1u << ra) | (1u << rb));
    m->bandused = (uint8_t)(1u << B);
    m->colmap[0] = (int8_t)ca, m->colmap[3] = (int8_t)cb;
    m->stackmap[0] = (int8_t)(ca / 3), m->stackmap[1] = (int8_t)(cb / 3);
    m->colused = (uint16_t)((1u << ca) | (1u << cb));
    m->stackused = (uint8_t)((1u << (ca / 3)) | (1u << (cb / 3)));
    m->labmap[0] = (uint8_t)d;
    m->digused = (uint16_t)(1u << d);
    m->cells = cs81_empty();
    cs81_add(&m->cells, m->o ? ca * 9 + ra : ra * 9 + ca);
    cs81_add(&m->cells, m->o ? cb * 9 + rb : rb * 9 + cb);
    return true;
}

static void add_anchor(ua_finder *f, mstate *m, int o, int B, int d, int i, int j)
{
    uint16_t *p = room(f->anchor, &f->capanchor, f->nanchor, sizeof *p, 512, m);
    if (!p) return;
    f->anchor = p;
    f->anchor[f->nanchor++] = (uint16_t)(o << 10 | B << 8 | d << 4 | i << 2 | j);
}

/* The search from every anchor of the loaded grid; in the shared pass the
 * anchors with a cell in band 3 are recorded for the grids. */
static void search_all(ua_finder *f, mstate *m)
{
    for (int o = 0; o < 2 && m->st == MC_OK; o++) {
        set_orientation(f, m, o);
        for (int B = 0; B < 3; B++)
            for (int d = 0; d < 9; d++)
                for (int i = 0; i < 3; i++)
                    for (int j = 0; j < 3; j++) {
                        if (i == j) continue;
                        if (m->mode == SHARED && !o && B == 2) {
                            add_anchor(f, m, o, B, d, i, j);
                        } else if (set_anchor(m, B, d, i, j)) {
                            match_children(f, m, 0);
                        } else {
                            assert(m->mode == SHARED);
                            add_anchor(f, m, o, B, d, i, j);
                        }
                    }
    }
}

/* out, holding n0 sets before the finder appended its matches, sorted:
 * the matches are distinct minimal UAs (none inside another), so when out
 * held nothing before a sort is all ua_store_normalize would do
 * (test_ua_find compares the lists with the reference finder's). */
static void finish(ua_store *out, int n0)
{
    if (n0) ua_store_normalize(out);
    else ua_store_sort(out);
}

/* Appends the hash set's matches to out (and empties it). */
static mc_status flush_found(ua_finder *f, mc_status st, ua_store *out)
{
    for (int i = 0; i < f->nfound; i++) {
        if (st == MC_OK && out) st = ua_store_add(out, f->hash[f->slot[i]]);
        f->hash[f->slot[i]] = cs81_empty(); /* the table is empty between calls */
    }
    f->nfound = 0;
    return st;
}

mc_status ua_find(ua_finder *f, const uint8_t *grid_cells, int max_size, ua_store *out)
{
    f->nfound = 0;
    load_grid(f, grid_cells);
    mstate m;
    memset(&m, 0, sizeof m);
    m.max_size = max_size;
    m.st = MC_OK;
    search_all(f, &m);
    int n0 = out->n;
    mc_status st = flush_found(f, m.st, out);
    if (st == MC_OK) finish(out, n0);
    return st;
}

/* The anchor (B, d, i, j) for every grid of class m (its orientation
 * set): the class split by the anchor's two columns, each part searched. */
static void anchor_class(ua_finder *f, mstate *m, int B, int d, int i, int j)
{
    const int ra = 3 * B + i, rb = 3 * B + j;
    const uint64_t cls = m->cls, *va = f->vmask[READ_ROW][m->o][ra][d], *vb = f->vmask[READ_ROW][m->o][rb][d];
    for (uint64_t rest = cls; rest && m->st == MC_OK;) { /* part by part, as class_candidate */
        int g = f->base + __builtin_ctzll(rest);
        uint64_t part = rest & va[read_value(f, g, m->o, READ_ROW, ra, d)] & vb[read_value(f, g, m->o, READ_ROW, rb, d)];
        rest &= ~part;
        m->cls = part;
        class_tables(f, m);
        if (set_anchor(m, B, d, i, j)) match_class(f, m, 0);
    }
    m->cls = cls;
}

/* Whether u lies inside one band of rows (rows 0-2, 3-5 or 6-8). */
static bool in_one_band(cs81 u)
{
    const uint64_t b0 = (UINT64_C(1) << 27) - 1, b1 = b0 << 27;
    return (!u.w[1] && (!(u.w[0] & ~b0) || !(u.w[0] & ~b1))) || !(u.w[0] & ((UINT64_C(1) << 54) - 1));
}

/* Room for n grids in the replay's arrays. */
static mc_status grids_room(ua_finder *f, int n)
{
    if (n <= f->capgrids) return MC_OK;
#define GROW(p)                                                                                                        \
    do {                                                                                                               \
        void *q = realloc(f->p, sizeof *f->p * (size_t)n);                                                             \
        if (!q) return MC_ENOMEM;                                                                                      \
        f->p = q;                                                                                                      \
    } while (0)
    GROW(ig);
    GROW(irowpos);
    GROW(icolpos);
    GROW(imatch);
#undef GROW
    for (int g = f->capgrids; g < n; g++) ua_store_init(&f->imatch[g]);
    f->capgrids = n;
    return MC_OK;
}

/* vmask for the grids base .. base + cnt - 1 (their tables loaded). */
static void class_masks(ua_finder *f, int cnt)
{
    memset(f->vmask, 0, sizeof f->vmask);
    for (int b = 0; b < cnt; b++) {
        int g = f->base + b;
        uint64_t bit = UINT64_C(1) << b;
        for (int o = 0; o < 2; o++)
            for (int x = 0; x < 9; x++)
                for (int y = 0; y < 9; y++)
                    for (int what = READ_ROW; what <= READ_CELL; what++)
                        f->vmask[what][o][x][y][read_value(f, g, o, what, x, y)] |= bit;
    }
}

mc_status ua_find_group(ua_finder *f, const uint8_t pair[54], const uint8_t *band3, int n, int max_size,
                        ua_store *out)
{
    uint8_t cells[81];
    memcpy(cells, pair, 54);
    memset(cells + 54, UNKNOWN, 27);
    f->nfound = 0;
    f->nfork = f->nanchor = 0;
    load_grid(f, cells);
    mstate m;
    memset(&m, 0, sizeof m);
    m.max_size = max_size;
    m.mode = SHARED;
    m.st = MC_OK;
    search_all(f, &m);
    /* the shared matches (none meets band 3) into every grid's list */
    ua_store shared;
    ua_store_init(&shared);
    mc_status st = flush_found(f, m.st, &shared);
    int kept = 0; /* those inside one band of rows out (a transposed match may give one) */
    for (int i = 0; i < shared.n; i++)
        if (!in_one_band(shared.set[i])) shared.set[kept++] = shared.set[i];
    shared.n = kept;
    if (st == MC_OK && n > 0) st = grids_room(f, n);
    if (st != MC_OK || n <= 0) {
        ua_store_free(&shared);
        return st;
    }
    for (int g = 0; g < n; g++) {
        memcpy(cells + 54, band3 + 27 * (size_t)g, 27);
        load_tables(cells, f->ig[g], f->irowpos[g], f->icolpos[g]);
        f->imatch[g].n = 0;
    }
    /* the anchors and forks, each for the class of 64 grids at a time */
    mstate r;
    memset(&r, 0, sizeof r);
    r.st = MC_OK;
    for (f->base = 0; f->base < n && r.st == MC_OK; f->base += 64) {
        int cnt = n - f->base < 64 ? n - f->base : 64;
        uint64_t all = cnt == 64 ? ~UINT64_C(0) : (UINT64_C(1) << cnt) - 1;
        class_masks(f, cnt);
        for (int k = 0; k < f->nanchor && r.st == MC_OK; k++) {
            int a = f->anchor[k];
            memset(&r, 0, sizeof r);
            r.max_size = max_size;
            r.mode = CLASS;
            r.cls = all;
            r.o = a >> 10;
            anchor_class(f, &r, (a >> 8) & 3, (a >> 4) & 15, (a >> 2) & 3, a & 3);
        }
        for (int k = 0; k < f->nfork && r.st == MC_OK; k++) {
            r = f->fork[k].m;
            r.mode = CLASS;
            r.cls = all;
            class_tables(f, &r);
            step_replay(f, &r, f->fork[k].ti);
        }
    }
    st = r.st;
    /* each grid's matches, de-duplicated in the hash set, those inside one
     * band of rows left out (a transposed match may still give one) */
    for (int g = 0; g < n && st == MC_OK; g++) {
        int n0 = out[g].n;
        for (int i = 0; i < f->imatch[g].n && st == MC_OK; i++)
            if (!in_one_band(f->imatch[g].set[i])) st = hash_add(f, f->imatch[g].set[i]);
        for (int i = 0; i < shared.n && st == MC_OK; i++) st = ua_store_add(&out[g], shared.set[i]);
        st = flush_found(f, st, &out[g]);
        if (st == MC_OK) finish(&out[g], n0);
    }
    ua_store_free(&shared);
    return st;
}
