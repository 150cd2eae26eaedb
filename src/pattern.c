/* pattern — see pattern.h. Normal form search, alternative filling, text
 * form, and the random grid sampler used to build the catalogue. */
#include "pattern.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pattern_step.h"

/* ------------------------------------------------------------ normal form */

/* Mapping from grid coordinates (in the current orientation) to normalized
 * ones, built up step by step. -1 = not yet seen. */
typedef struct cstate {
    int8_t rowmap[9], colmap[9];   /* grid row/column -> normalized */
    int8_t bandn[3], stackn[3];    /* grid band/stack -> normalized */
    int8_t lab[9];                 /* digit -> label */
    uint8_t rib[3], cis[3];        /* rows used per normalized band, columns per stack */
    uint8_t nb, ns, nl;
    uint16_t done;                 /* UA cells already placed */
} cstate;

typedef struct csearch {
    int n;
    uint8_t r[PATTERN_MAX_CELLS], c[PATTERN_MAX_CELLS], d[PATTERN_MAX_CELLS];
    uint32_t cur[PATTERN_MAX_CELLS], best[PATTERN_MAX_CELLS];
    pattern curp, bestp;
    bool have;
} csearch;

static uint32_t cell_key(const cstate *st, int r, int c, int d)
{
    int rk, rref, ck, cref, lk, lref;
    if (st->rowmap[r] >= 0) rk = 0, rref = st->rowmap[r];
    else if (st->bandn[r / 3] >= 0) rk = 1, rref = st->bandn[r / 3];
    else rk = 2, rref = 0;
    if (st->colmap[c] >= 0) ck = 0, cref = st->colmap[c];
    else if (st->stackn[c / 3] >= 0) ck = 1, cref = st->stackn[c / 3];
    else ck = 2, cref = 0;
    if (st->lab[d] >= 0) lk = 0, lref = st->lab[d];
    else lk = 1, lref = 0;
    return step_key(rk, rref, ck, cref, lk, lref);
}

/* Places UA cell i: normalized coordinates and label into p[depth]. */
static void cell_apply(cstate *st, pattern *p, int depth, int r, int c, int d)
{
    if (st->rowmap[r] < 0) {
        if (st->bandn[r / 3] < 0) st->bandn[r / 3] = (int8_t)st->nb++;
        int b = st->bandn[r / 3];
        st->rowmap[r] = (int8_t)(3 * b + st->rib[b]++);
    }
    if (st->colmap[c] < 0) {
        if (st->stackn[c / 3] < 0) st->stackn[c / 3] = (int8_t)st->ns++;
        int s = st->stackn[c / 3];
        st->colmap[c] = (int8_t)(3 * s + st->cis[s]++);
    }
    if (st->lab[d] < 0) st->lab[d] = (int8_t)st->nl++;
    p->row[depth] = (uint8_t)st->rowmap[r];
    p->col[depth] = (uint8_t)st->colmap[c];
    p->label[depth] = (uint8_t)st->lab[d];
}

static int keys_cmp(const uint32_t *a, const uint32_t *b, int n)
{
    for (int i = 0; i < n; i++)
        if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
    return 0;
}

static void canon_dfs(csearch *s, const cstate *st, int depth)
{
    int cmp = s->have ? keys_cmp(s->cur, s->best, depth) : -1;
    if (cmp > 0) return;
    if (depth == s->n) {
        if (cmp < 0) {
            memcpy(s->best, s->cur, sizeof s->best);
            s->bestp = s->curp;
            s->bestp.nbands = st->nb;
            s->bestp.nstacks = st->ns;
            s->have = true;
        }
        return;
    }
    uint32_t key[PATTERN_MAX_CELLS], m = UINT32_MAX;
    for (int i = 0; i < s->n; i++) {
        if ((st->done >> i) & 1) continue;
        key[i] = cell_key(st, s->r[i], s->c[i], s->d[i]);
        if (key[i] < m) m = key[i];
    }
    if (cmp == 0 && m > s->best[depth]) return;
    for (int i = 0; i < s->n; i++) {
        if (((st->done >> i) & 1) || key[i] != m) continue;
        cstate st2 = *st;
        st2.done |= (uint16_t)(1u << i);
        cell_apply(&st2, &s->curp, depth, s->r[i], s->c[i], s->d[i]);
        s->cur[depth] = m;
        canon_dfs(s, &st2, depth + 1);
    }
}

/* The least other filling (alt labels in step order). */
static bool alt_dfs(pattern *p, int i, uint8_t need[3][9][PATTERN_MAX_CELLS], int nl)
{
    if (i == p->n) return true;
    int r = p->row[i], c = p->col[i], b = (r / 3) * 3 + c / 3;
    for (int a = 0; a < nl; a++) {
        if (a == p->label[i] || !need[0][r][a] || !need[1][c][a] || !need[2][b][a]) continue;
        need[0][r][a]--, need[1][c][a]--, need[2][b][a]--;
        p->alt[i] = (uint8_t)a;
        if (alt_dfs(p, i + 1, need, nl)) return true;
        need[0][r][a]++, need[1][c][a]++, need[2][b][a]++;
    }
    return false;
}

static bool alt_fill(pattern *p)
{
    uint8_t need[3][9][PATTERN_MAX_CELLS];
    memset(need, 0, sizeof need);
    int nl = 0;
    for (int i = 0; i < p->n; i++) {
        int r = p->row[i], c = p->col[i], b = (r / 3) * 3 + c / 3, l = p->label[i];
        need[0][r][l]++, need[1][c][l]++, need[2][b][l]++;
        if (l + 1 > nl) nl = l + 1;
    }
    return alt_dfs(p, 0, need, nl);
}

bool pattern_from_ua(const uint8_t *g, cs81 u, pattern *out)
{
    csearch s;
    memset(&s, 0, sizeof s);
    s.n = cs81_count(u);
    if (s.n < 4 || s.n > PATTERN_MAX_CELLS) return false;
    int k = 0, cell;
    int rr[PATTERN_MAX_CELLS], cc[PATTERN_MAX_CELLS];
    CS81_FOREACH(cell, u) {
        rr[k] = cell / 9, cc[k] = cell % 9, s.d[k] = g[cell];
        k++;
    }
    s.curp.n = s.n;
    for (int o = 0; o < 2; o++) {
        for (int i = 0; i < s.n; i++) {
            s.r[i] = (uint8_t)(o ? cc[i] : rr[i]);
            s.c[i] = (uint8_t)(o ? rr[i] : cc[i]);
        }
        for (int a = 0; a < s.n; a++)
            for (int b = 0; b < s.n; b++) {
                if (a == b || s.d[a] != s.d[b] || s.r[a] / 3 != s.r[b] / 3 || s.c[a] / 3 == s.c[b] / 3)
                    continue;
                cstate st;
                memset(&st, -1, sizeof st);
                memset(st.rib, 0, sizeof st.rib);
                memset(st.cis, 0, sizeof st.cis);
                st.nb = st.ns = st.nl = 0;
                st.done = (uint16_t)((1u << a) | (1u << b));
                cell_apply(&st, &s.curp, 0, s.r[a], s.c[a], s.d[a]);
                /* the second anchor cell: a new row of band 0 and a new
                 * stack's first column, normalized r2c4 */
                cell_apply(&st, &s.curp, 1, s.r[b], s.c[b], s.d[b]);
                assert(s.curp.row[1] == 1 && s.curp.col[1] == 3 && s.curp.label[1] == 0);
                s.cur[0] = s.cur[1] = 0;
                canon_dfs(&s, &st, 2);
            }
    }
    if (!s.have) return false;
    *out = s.bestp;
    out->n = s.n;
    return alt_fill(out);
}

void pattern_keys(const pattern *p, uint32_t *keys)
{
    bool row_seen[9] = {false}, col_seen[9] = {false}, band_seen[3] = {false}, stack_seen[3] = {false};
    bool lab_seen[PATTERN_MAX_CELLS] = {false};
    for (int i = 0; i < p->n; i++) {
        int r = p->row[i], c = p->col[i], l = p->label[i];
        int rk, rref, ck, cref, lk, lref;
        if (i < 2) {
            keys[i] = 0;
        } else {
            if (row_seen[r]) rk = 0, rref = r;
            else if (band_seen[r / 3]) rk = 1, rref = r / 3;
            else rk = 2, rref = 0;
            if (col_seen[c]) ck = 0, cref = c;
            else if (stack_seen[c / 3]) ck = 1, cref = c / 3;
            else ck = 2, cref = 0;
            if (lab_seen[l]) lk = 0, lref = l;
            else lk = 1, lref = 0;
            keys[i] = step_key(rk, rref, ck, cref, lk, lref);
        }
        row_seen[r] = col_seen[c] = band_seen[r / 3] = stack_seen[c / 3] = lab_seen[l] = true;
    }
}

int pattern_cmp(const pattern *a, const pattern *b)
{
    if (a->n != b->n) return a->n < b->n ? -1 : 1;
    uint32_t ka[PATTERN_MAX_CELLS], kb[PATTERN_MAX_CELLS];
    pattern_keys(a, ka);
    pattern_keys(b, kb);
    int c = keys_cmp(ka, kb, a->n);
    if (c) return c;
    return memcmp(a->alt, b->alt, (size_t)a->n) < 0 ? -1 : memcmp(a->alt, b->alt, (size_t)a->n) > 0;
}

/* ------------------------------------------------------------- text form */

void pattern_format(const pattern *p, char *buf)
{
    int lo = p->nbands < p->nstacks ? p->nbands : p->nstacks;
    int hi = p->nbands < p->nstacks ? p->nstacks : p->nbands;
    int k = sprintf(buf, "%d %dx%d", p->n, lo, hi);
    for (int i = 0; i < p->n; i++)
        k += sprintf(buf + k, " r%dc%d%c:%c", p->row[i] + 1, p->col[i] + 1, 'a' + p->label[i], 'a' + p->alt[i]);
}

mc_status pattern_parse(const char *line, pattern *out, mc_error *err)
{
    pattern p;
    memset(&p, 0, sizeof p);
    int n, lo, hi, used;
    if (sscanf(line, "%d %dx%d%n", &n, &lo, &hi, &used) != 3)
        return mc_fail(err, MC_EFORMAT, "pattern line does not start with SIZE SHAPE");
    if (n < 4 || n > PATTERN_MAX_CELLS) return mc_fail(err, MC_EFORMAT, "pattern size %d out of range", n);
    p.n = n;
    const char *s = line + used;
    cs81 cells = cs81_empty();
    uint8_t g[81];
    memset(g, 0, sizeof g);
    for (int i = 0; i < n; i++) {
        int r, c, m;
        char l, a;
        if (sscanf(s, " r%dc%d%c:%c%n", &r, &c, &l, &a, &m) != 4)
            return mc_fail(err, MC_EFORMAT, "pattern cell %d does not parse (want rRcCx:y)", i + 1);
        if (r < 1 || r > 9 || c < 1 || c > 9 || l < 'a' || l >= 'a' + PATTERN_MAX_CELLS || a < 'a' ||
            a >= 'a' + PATTERN_MAX_CELLS)
            return mc_fail(err, MC_EFORMAT, "pattern cell %d out of range", i + 1);
        int cell = (r - 1) * 9 + c - 1;
        if (cs81_has(cells, cell)) return mc_fail(err, MC_EFORMAT, "pattern cell r%dc%d twice", r, c);
        cs81_add(&cells, cell);
        g[cell] = (uint8_t)(l - 'a');
        if (l - 'a' > 8) return mc_fail(err, MC_EFORMAT, "pattern uses more than 9 labels");
        p.row[i] = (uint8_t)(r - 1), p.col[i] = (uint8_t)(c - 1);
        p.label[i] = (uint8_t)(l - 'a'), p.alt[i] = (uint8_t)(a - 'a');
        s += m;
    }
    while (*s == ' ' || *s == '\t' || *s == '\r') s++;
    if (*s) return mc_fail(err, MC_EFORMAT, "trailing text after %d pattern cells", n);
    pattern canon;
    if (!pattern_from_ua(g, cells, &canon))
        return mc_fail(err, MC_EFORMAT, "pattern has no anchor pair or is no trade");
    char want[PATTERN_TEXT_MAX], have[PATTERN_TEXT_MAX];
    p.nbands = canon.nbands, p.nstacks = canon.nstacks;
    pattern_format(&canon, want);
    pattern_format(&p, have);
    if (strcmp(want, have) != 0) return mc_fail(err, MC_EFORMAT, "pattern not in normal form (want \"%s\")", want);
    *out = canon;
    return MC_OK;
}
