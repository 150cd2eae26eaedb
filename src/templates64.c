/* templates64 — see templates64.h.
 *
 * The difference of a solution from G is the union over the digits d of
 * T_d minus t_d (t_d: the template d takes), a disjoint union (the T_d are
 * disjoint), so its size is the sum of cost(d, t_d) = |T_d| - |t_d & T_d|,
 * each at least 2 for a moved digit (two templates that differ differ in
 * two rows at least). Per subset D the digits are placed one by one, those
 * with the fewest candidates first (the same placements in any order: each
 * is found once), each from its candidates: the templates whose digits
 * lie in D, not T_d, of a cost that leaves at least 2 for every digit
 * still to place, cheapest first; the last digit (the one with the most
 * candidates) takes the rest. A partial placement is cut when the cheapest
 * candidates of the digits still to place do not fit.
 */
#include "templates64.h"

#include <stdlib.h>
#include <string.h>

#define BIT(x) (UINT64_C(1) << (x))

/* The key of the entry (template, digit d, cost c) with digit set S. */
#define EKEY(d, S, c) (((d) * 256 + (int)(S)) * 9 + (c))
#define EKEYS (8 * 256 * 9)

typedef struct candidate {
    uint64_t t;
    int cost;
} candidate;

struct templates64 {
    const geometry *geo;
    int n;                /* templates of the shape */
    uint64_t *all;        /* n masks */
    uint8_t *col;         /* n x N: the column of template i in row r */
    /* per grid */
    int *key;             /* n: the digit set of template i in G, or -1 (too many digits) */
    uint64_t *fit;        /* the templates with a key, sorted by it */
    int group[257];       /* fit[group[S] .. group[S + 1]): the templates of digit set S */
    int *ekey;            /* n x N scratch: an entry's (digit, digit set, cost) key */
    uint64_t *etemp;      /* n x N scratch: an entry's template */
    uint64_t *entry;      /* the pairs (template, digit d in its set) of cost 1 .. N - 1, by key */
    int *egroup;          /* entry[egroup[key] .. egroup[key + 1]) */
    uint64_t orig[8];     /* T_d */
    /* per subset D */
    candidate *cand;      /* per digit of D, its candidates, cheapest first */
    int start[9];         /* cand[start[i] .. start[i + 1]): those of the i-th digit of D */
    int ord[8];           /* the i-th digit placed is digit[ord[i]] */
    int after[8];         /* a lower bound on the cost of the digits placed after the i-th */
    int digit[8];         /* the digits of D */
    int k;                /* |D| */
    uint64_t cells;       /* the cells of D's digits */
    int max_size;
    uint64_t found;
    templates64_fn fn;
    void *arg;
    int stop;
};

static int count_placements(const geometry *g, int row, unsigned cols, unsigned boxes, uint64_t mask,
                            uint8_t *path, templates64 *t)
{
    if (row == g->N) {
        if (t) {
            t->all[t->n] = mask;
            for (int r = 0; r < g->N; r++) t->col[(size_t)t->n * (size_t)g->N + (size_t)r] = path[r];
            t->n++;
        }
        return 1;
    }
    int total = 0;
    for (int c = 0; c < g->N; c++) {
        int x = row * g->N + c, b = g->box[x];
        if ((cols >> c) & 1 || (boxes >> b) & 1) continue;
        path[row] = (uint8_t)c;
        total += count_placements(g, row + 1, cols | 1u << c, boxes | 1u << b, mask | BIT(x), path, t);
    }
    return total;
}

templates64 *templates64_new(const geometry *geo)
{
    if (geo->ncells > 64 || geo->N > 8) return NULL;
    templates64 *t = calloc(1, sizeof *t);
    if (!t) return NULL;
    t->geo = geo;
    uint8_t path[8];
    int n = count_placements(geo, 0, 0, 0, 0, path, NULL);
    t->all = malloc(sizeof *t->all * (size_t)n);
    t->col = malloc((size_t)n * (size_t)geo->N);
    t->fit = malloc(sizeof *t->fit * (size_t)n);
    t->key = malloc(sizeof *t->key * (size_t)n);
    t->cand = malloc(sizeof *t->cand * (size_t)n * (size_t)geo->N);
    t->ekey = malloc(sizeof *t->ekey * (size_t)n * (size_t)geo->N);
    t->etemp = malloc(sizeof *t->etemp * (size_t)n * (size_t)geo->N);
    t->entry = malloc(sizeof *t->entry * (size_t)n * (size_t)geo->N);
    t->egroup = malloc(sizeof *t->egroup * (EKEYS + 1));
    if (!t->all || !t->col || !t->fit || !t->key || !t->cand || !t->ekey || !t->etemp || !t->entry || !t->egroup) {
        templates64_free(t);
        return NULL;
    }
    (void)count_placements(geo, 0, 0, 0, 0, path, t);
    return t;
}

void templates64_free(templates64 *t)
{
    if (!t) return;
    free(t->all);
    free(t->col);
    free(t->fit);
    free(t->key);
    free(t->cand);
    free(t->ekey);
    free(t->etemp);
    free(t->entry);
    free(t->egroup);
    free(t);
}

const uint64_t *templates64_all(const templates64 *t, int *n)
{
    *n = t->n;
    return t->all;
}

/* The cost of the i-th digit of D's cheapest candidate, or none (no
 * candidate: more than any placement may cost). */
static int cheapest(const templates64 *t, int i, int none)
{
    return t->start[i] < t->start[i + 1] ? t->cand[t->start[i]].cost : none;
}

/* The i-th digit placed onward: used the cells taken, cost the
 * difference's size so far, diff the difference. */
static void place(templates64 *t, int i, uint64_t used, int cost, uint64_t diff)
{
    if (t->stop) return;
    const int o = t->ord[i], d = t->digit[o];
    if (i == t->k - 1) {
        uint64_t rest = t->cells & ~used;
        int c = __builtin_popcountll(t->orig[d] & ~rest);
        if (c == 0 || cost + c > t->max_size) return;
        t->found++;
        if (t->fn(t->arg, diff | (t->orig[d] & ~rest))) t->stop = 1;
        return;
    }
    const int room = t->max_size - cost - t->after[i];
    for (int j = t->start[o]; j < t->start[o + 1]; j++) {
        const candidate *c = &t->cand[j];
        if (c->cost > room) break;
        if (c->t & used) continue;
        place(t, i + 1, used | c->t, cost + c->cost, diff | (t->orig[d] & ~c->t));
    }
}

uint64_t templates64_differences(templates64 *t, const uint8_t *sol, int max_digits, int max_size,
                                 templates64_fn fn, void *arg)
{
    const geometry *g = t->geo;
    const int N = g->N;
    for (int d = 0; d < N; d++) t->orig[d] = 0;
    for (int x = 0; x < g->ncells; x++) t->orig[sol[x]] |= BIT(x);
    /* the templates whose cells hold at most max_digits digits, grouped by
     * their digit set (a counting sort), and the entries (template, digit
     * of its set, cost) by digit, digit set and cost */
    int *group = t->group, *egroup = t->egroup;
    memset(group, 0, sizeof t->group);
    memset(egroup, 0, sizeof *egroup * (EKEYS + 1));
    const int costly = max_size - 2; /* one digit's cost at most (|D| = 2) */
    int ne = 0;
    for (int i = 0; i < t->n; i++) {
        const uint8_t *col = t->col + (size_t)i * (size_t)N;
        unsigned digits = 0;
        int count[8] = {0};
        for (int r = 0; r < N; r++) {
            int d = sol[r * N + col[r]];
            digits |= 1u << d;
            count[d]++;
        }
        if (__builtin_popcount(digits) > max_digits) {
            t->key[i] = -1;
            continue;
        }
        t->key[i] = (int)digits;
        group[digits + 1]++;
        for (unsigned m = digits; m; m &= m - 1) {
            int d = __builtin_ctz(m), c = N - count[d];
            if (c == 0 || c > costly) continue;
            t->ekey[ne] = EKEY(d, digits, c);
            t->etemp[ne++] = t->all[i];
            egroup[EKEY(d, digits, c) + 1]++;
        }
    }
    for (int S = 0; S < 256; S++) group[S + 1] += group[S];
    for (int i = 0; i < t->n; i++)
        if (t->key[i] >= 0) t->fit[group[t->key[i]]++] = t->all[i];
    for (int S = 256; S > 0; S--) group[S] = group[S - 1];
    group[0] = 0;
    for (int j = 0; j < EKEYS; j++) egroup[j + 1] += egroup[j];
    for (int e = 0; e < ne; e++) t->entry[egroup[t->ekey[e]]++] = t->etemp[e];
    for (int j = EKEYS; j > 0; j--) egroup[j] = egroup[j - 1];
    egroup[0] = 0;
    t->found = 0;
    t->fn = fn;
    t->arg = arg;
    t->stop = 0;
    t->max_size = max_size;
    for (unsigned D = 0; D < (1u << N) && !t->stop; D++) {
        int k = __builtin_popcount(D);
        if (k < 2 || k > max_digits) continue;
        const int most = max_size - 2 * (k - 1); /* one digit's cost at most */
        if (most < 2) continue;
        t->k = 0;
        t->cells = 0;
        int m = 0;
        for (int d = 0; d < N; d++) {
            if (!((D >> d) & 1)) continue;
            t->cells |= t->orig[d];
            t->start[t->k] = m;
            t->digit[t->k++] = d;
            /* the templates of a digit set inside D holding d, cheapest
             * first; then, when affordable, those without d (cost N) */
            for (int c = 1; c <= most && c < N; c++)
                for (unsigned S = D; S; S = (S - 1) & D) {
                    if (!((S >> d) & 1)) continue;
                    for (int e = egroup[EKEY(d, S, c)]; e < egroup[EKEY(d, S, c) + 1]; e++) {
                        t->cand[m].t = t->entry[e];
                        t->cand[m++].cost = c;
                    }
                }
            if (most >= N)
                for (unsigned S = D & ~(1u << d); S; S = (S - 1) & D & ~(1u << d))
                    for (int i = group[S]; i < group[S + 1]; i++) {
                        t->cand[m].t = t->fit[i];
                        t->cand[m++].cost = N;
                    }
        }
        t->start[t->k] = m;
        /* placed in order of their number of candidates, fewest first; the
         * digit with the most takes the rest (its candidates are not read) */
        int *ord = t->ord;
        for (int i = 0; i < k; i++) {
            int n = t->start[i + 1] - t->start[i], p = i;
            for (; p > 0 && t->start[ord[p - 1] + 1] - t->start[ord[p - 1]] > n; p--) ord[p] = ord[p - 1];
            ord[p] = i;
        }
        /* the digits after the i-th cost at least their cheapest
         * candidates (the last, which takes the rest, at least 2) */
        t->after[k - 1] = 0;
        t->after[k - 2] = 2;
        for (int i = k - 3; i >= 0; i--)
            t->after[i] = t->after[i + 1] + cheapest(t, ord[i + 1], max_size);
        if (t->after[0] + cheapest(t, ord[0], max_size) > max_size) continue;
        place(t, 0, 0, 0, 0);
    }
    return t->found;
}
