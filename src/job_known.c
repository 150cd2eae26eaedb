/* job_known — a result against the complete list of 17s; see job_known.h. */
#include "job_known.h"

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "canon.h"
#include "cellset.h"
#include "grid.h"
#include "job_journal.h"
#include "job_verify.h"
#include "solver.h"
#include "source.h"
#include "transform.h"

#define LIST_CLUES 17
#define MAX_LISTED 1000 /* missing and new lines printed each */

typedef struct known_entry {
    uint64_t group;      /* GLOBAL: the rank of its covering group */
    uint8_t puzzle[81];
} known_entry;

struct job_known_list {
    known_entry *e;      /* sorted by group */
    size_t n;
};

/* A puzzle at its place (group or grid rank) with its key. valid: it has
 * one solution (else it has no key and matches nothing). */
typedef struct rec {
    uint64_t place;
    bool valid;
    int autos;
    uint8_t canon[81];
    cs81 cells;
    const uint8_t *puzzle; /* into the list or the found buffer */
    bool matched;
} rec;

typedef struct recs {
    rec *r;
    size_t n, cap;
} recs;

size_t job_known_size(const job_known_list *kl) { return kl ? kl->n : 0; }

void job_known_free(job_known_list *kl)
{
    if (!kl) return;
    free(kl->e);
    free(kl);
}

/* One entry line: 11 numbers, then the puzzle of 17 clues. */
static bool parse_entry(const char *s, known_entry *e)
{
    char *end;
    errno = 0;
    if (*s < '1' || *s > '9') return false;
    e->group = strtoull(s, &end, 10);
    if (errno || *end != ' ') return false;
    s = end;
    for (int f = 0; f < 10; f++) {
        while (*s == ' ') s++;
        if (*s < '0' || *s > '9') return false;
        strtoul(s, &end, 10);
        if (*end != ' ') return false;
        s = end;
    }
    while (*s == ' ') s++;
    int n = 0;
    for (int k = 0; k < 81; k++) {
        char c = s[k];
        if (c == '.' || c == '0') e->puzzle[k] = CELL_EMPTY;
        else if (c >= '1' && c <= '9') e->puzzle[k] = (uint8_t)(c - '1'), n++;
        else return false;
    }
    s += 81;
    while (*s == ' ' || *s == '\r' || *s == '\n') s++;
    return *s == 0 && n == LIST_CLUES;
}

static int cmp_group(const void *a, const void *b)
{
    const known_entry *x = a, *y = b;
    return x->group < y->group ? -1 : x->group > y->group;
}

mc_status job_known_read(const char *path, job_known_list **out, mc_error *err)
{
    *out = NULL;
    gzFile f = gzopen(path, "rb");
    if (!f) return mc_fail(err, MC_EIO, "--known %s: cannot open it (%s)", path, strerror(errno ? errno : ENOENT));
    job_known_list *kl = calloc(1, sizeof *kl);
    size_t cap = 0;
    mc_status st = kl ? MC_OK : mc_fail(err, MC_ENOMEM, "out of memory");
    char line[512];
    long ln = 0;
    while (st == MC_OK && gzgets(f, line, sizeof line)) {
        ln++;
        size_t len = strlen(line);
        if (len == sizeof line - 1 && line[len - 1] != '\n') {
            st = mc_fail(err, MC_ECORRUPT, "--known %s:%ld: line too long: not a list of 17-clue puzzles", path, ln);
            break;
        }
        if (line[0] == '#' || line[0] == '\n') continue;
        if (kl->n == cap) {
            cap = cap ? 2 * cap : 65536;
            known_entry *e = realloc(kl->e, cap * sizeof *e);
            if (!e) {
                st = mc_fail(err, MC_ENOMEM, "out of memory");
                break;
            }
            kl->e = e;
        }
        int zerr = Z_OK;
        if (!parse_entry(line, &kl->e[kl->n]) && (gzerror(f, &zerr), zerr != Z_OK && zerr != Z_STREAM_END))
            break; /* a line cut by a damaged or truncated file: said below */
        else if (!parse_entry(line, &kl->e[kl->n]))
            st = mc_fail(err, MC_ECORRUPT,
                         "--known %s:%ld: not an entry \"GROUP BAND1 LOCAL BAND2 SLOT B0 B1 B2 S0 S1 S2 PUZZLE\" of a "
                         "17-clue puzzle (tests/data/seventeen-cover.txt.gz)", path, ln);
        else kl->n++;
    }
    int zerr = Z_OK;
    const char *zmsg = gzerror(f, &zerr);
    size_t plen = strlen(path);
    if (!strncmp(zmsg, path, plen) && !strncmp(zmsg + plen, ": ", 2)) zmsg += plen + 2; /* zlib names the file too */
    if (st == MC_OK && zerr != Z_OK && zerr != Z_STREAM_END)
        st = mc_fail(err, MC_EIO, "--known %s: cannot read it: %s (a damaged or truncated file)", path, zmsg);
    gzclose(f);
    if (st == MC_OK && kl->n == 0)
        st = mc_fail(err, MC_ECORRUPT, "--known %s: no entry in it: not a list of 17-clue puzzles", path);
    if (st != MC_OK) {
        job_known_free(kl);
        return st;
    }
    if (kl->n > 1)
        qsort(kl->e, kl->n, sizeof *kl->e, cmp_group);
    *out = kl;
    return MC_OK;
}

/* ------------------------------------------------------------------ */
/* keys */

static void key_of(solver_ctx *sv, const uint8_t *puzzle, uint64_t place, rec *r)
{
    memset(r, 0, sizeof *r);
    r->place = place;
    r->puzzle = puzzle;
    solver_result res;
    if (solver_count(sv, puzzle, 2, &res) != 1) return;
    transform t;
    r->autos = canon_minlex9(res.sol[0], r->canon, &t);
    cs81 s = cs81_empty();
    for (int c = 0; c < 81; c++)
        if (puzzle[c] != CELL_EMPTY) cs81_add(&s, c);
    r->cells = transform_apply_cs81(&t, s);
    r->valid = true;
}

/* place, then the key (puzzles without one solution last) */
static int cmp_key(const rec *x, const rec *y)
{
    if (x->place != y->place) return x->place < y->place ? -1 : 1;
    if (x->valid != y->valid) return x->valid ? -1 : 1;
    int c = memcmp(x->canon, y->canon, 81);
    if (c) return c;
    for (int w = 0; w < 2; w++)
        if (x->cells.w[w] != y->cells.w[w]) return x->cells.w[w] < y->cells.w[w] ? -1 : 1;
    return 0;
}

/* the key, then the puzzle as written */
static int cmp_rec(const void *a, const void *b)
{
    const rec *x = a, *y = b;
    int c = cmp_key(x, y);
    return c ? c : memcmp(x->puzzle, y->puzzle, 81);
}

static rec *push(recs *v)
{
    if (v->n == v->cap) {
        size_t cap = v->cap ? 2 * v->cap : 256;
        rec *r = realloc(v->r, cap * sizeof *r);
        if (!r) return NULL;
        v->r = r;
        v->cap = cap;
    }
    return &v->r[v->n++];
}

/* ------------------------------------------------------------------ */
/* the known puzzles in range */

/* By covering group: the entries whose group is in an output's ranks. */
static mc_status known_by_group(const job_known_list *kl, const job_union *u, solver_ctx *sv, recs *k, mc_error *err)
{
    for (size_t i = 0; i < u->n; i++) {
        const job *j = &u->out[i].v.j;
        size_t lo = 0, hi = kl->n;
        while (lo < hi) {
            size_t mid = lo + (hi - lo) / 2;
            if (kl->e[mid].group < j->first) lo = mid + 1;
            else hi = mid;
        }
        for (size_t e = lo; e < kl->n && kl->e[e].group <= j->last; e++) {
            rec *r = push(k);
            if (!r) return mc_fail(err, MC_ENOMEM, "out of memory");
            key_of(sv, kl->e[e].puzzle, kl->e[e].group, r);
        }
    }
    return MC_OK;
}

static int cmp_canon(const void *a, const void *b) { return memcmp(((const rec *)a)->canon, ((const rec *)b)->canon, 81); }

/* By grid: every entry whose solution is (up to the grid group) a grid of
 * an output's ranks, at that rank. */
static mc_status known_by_grid(const job_known_list *kl, const job_union *u, solver_ctx *sv, recs *k, mc_error *err)
{
    rec *all = malloc(kl->n * sizeof *all);
    if (!all) return mc_fail(err, MC_ENOMEM, "out of memory");
    size_t na = 0;
    for (size_t e = 0; e < kl->n; e++) {
        key_of(sv, kl->e[e].puzzle, 0, &all[na]);
        na += all[na].valid; /* a listed puzzle without one solution cannot lie in a grid */
    }
    if (na > 1)
        qsort(all, na, sizeof *all, cmp_canon);
    mc_status st = MC_OK;
    for (size_t i = 0; st == MC_OK && i < u->n; i++) {
        const job *j = &u->out[i].v.j;
        size_t unit = job_unit_bytes(j);
        uint64_t block = j->chunk < 4096 ? j->chunk : 4096;
        uint8_t *g = malloc((size_t)block * unit);
        job_source *src = NULL;
        st = g ? job_source_open(j, &src, err) : mc_fail(err, MC_ENOMEM, "out of memory");
        for (uint64_t f = j->first; st == MC_OK && f <= j->last; f += block) {
            uint64_t cnt = j->last - f + 1 < block ? j->last - f + 1 : block;
            if ((st = job_source_read(src, f, cnt, g, err)) != MC_OK) break;
            for (uint64_t r = 0; st == MC_OK && r < cnt; r++) {
                rec probe;
                canon_minlex9(g + r * unit, probe.canon, NULL);
                size_t lo = 0, hi = na;
                while (lo < hi) {
                    size_t mid = lo + (hi - lo) / 2;
                    if (memcmp(all[mid].canon, probe.canon, 81) < 0) lo = mid + 1;
                    else hi = mid;
                }
                for (size_t e = lo; e < na && !memcmp(all[e].canon, probe.canon, 81); e++) {
                    rec *x = push(k);
                    if (!x) {
                        st = mc_fail(err, MC_ENOMEM, "out of memory");
                        break;
                    }
                    *x = all[e];
                    x->place = f + r;
                }
            }
        }
        job_source_close(src);
        free(g);
    }
    free(all);
    return st;
}

/* ------------------------------------------------------------------ */
/* the found puzzles */

typedef struct found_set {
    uint8_t (*cells)[81];
    size_t n;
    recs r;
} found_set;

static mc_status read_found(const job_union *u, solver_ctx *sv, found_set *fs, mc_error *err)
{
    size_t cap = 0;
    uint64_t *rank = NULL;
    mc_status st = MC_OK;
    for (size_t i = 0; st == MC_OK && i < u->n; i++) {
        char *path = job_path_join(u->out[i].dir, "journal");
        journal_data d;
        memset(&d, 0, sizeof d);
        st = path ? journal_read(path, u->out[i].v.j.geo, &d, err) : mc_fail(err, MC_ENOMEM, "out of memory");
        for (size_t c = 0; st == MC_OK && c < d.nchunks; c++)
            for (size_t p = 0; p < d.chunks[c].nfound; p++) {
                if (fs->n == cap) {
                    cap = cap ? 2 * cap : 256;
                    uint8_t(*nc)[81] = realloc(fs->cells, cap * sizeof *nc);
                    uint64_t *nr = nc ? realloc(rank, cap * sizeof *nr) : NULL;
                    if (nc) fs->cells = nc;
                    if (nr) rank = nr;
                    if (!nc || !nr) {
                        st = mc_fail(err, MC_ENOMEM, "out of memory");
                        break;
                    }
                }
                memcpy(fs->cells[fs->n], d.chunks[c].found[p].cell, 81);
                rank[fs->n++] = d.chunks[c].found[p].rank;
            }
        journal_data_free(&d);
        free(path);
    }
    for (size_t i = 0; st == MC_OK && i < fs->n; i++) {
        rec *r = push(&fs->r);
        if (!r) st = mc_fail(err, MC_ENOMEM, "out of memory");
        else key_of(sv, fs->cells[i], rank[i], r);
    }
    free(rank);
    if (st != MC_OK) return st;
    /* a chunk in a journal twice (a rerun) lists its puzzles twice: once */
    if (fs->r.n > 1)
        qsort(fs->r.r, fs->r.n, sizeof *fs->r.r, cmp_rec);
    size_t m = 0;
    for (size_t i = 0; i < fs->r.n; i++)
        if (m == 0 || fs->r.r[m - 1].place != fs->r.r[i].place || memcmp(fs->r.r[m - 1].puzzle, fs->r.r[i].puzzle, 81))
            fs->r.r[m++] = fs->r.r[i];
    fs->r.n = m;
    return MC_OK;
}

/* ------------------------------------------------------------------ */
/* matching and the checks of a new puzzle */

static void match(recs *k, recs *f)
{
    if (k->n > 1)
        qsort(k->r, k->n, sizeof *k->r, cmp_rec);
    for (size_t a = 0, b = 0; a < k->n && b < f->n;) {
        rec *x = &k->r[a], *y = &f->r[b];
        int c = cmp_key(x, y);
        if (c == 0 && x->valid) x->matched = y->matched = true, a++, b++;
        else if (c <= 0) a++;
        else b++;
    }
    /* grids with automorphisms: the key depends on the transform picked */
    for (size_t a = 0; a < k->n; a++) {
        rec *x = &k->r[a];
        if (x->matched || !x->valid || x->autos == 1) continue;
        for (size_t b = 0; b < f->n && !x->matched; b++) {
            rec *y = &f->r[b];
            if (!y->matched && y->valid && y->place == x->place && !memcmp(x->canon, y->canon, 81))
                x->matched = y->matched = true;
        }
    }
}

/* One solution, minimal, at most K clues: the reasons it fails into why
 * (empty when it passes). */
static void check_new(solver_ctx *sv, const uint8_t *puzzle, int clues, char *why, size_t cap)
{
    size_t n = 0;
    why[0] = 0;
    int count = 0;
    for (int c = 0; c < 81; c++) count += puzzle[c] != CELL_EMPTY;
    if (count > clues) n += (size_t)snprintf(why + n, cap - n, "%d clues, more than K = %d", count, clues);
    solver_result r;
    int sols = solver_count(sv, puzzle, 2, &r);
    if (sols != 1) {
        if (n < cap) n += (size_t)snprintf(why + n, cap - n, "%s%s", n ? "; " : "", sols ? "more than one solution" : "no solution");
        return;
    }
    int c = job_puzzle_redundant_clue(sv, puzzle);
    if (c >= 0 && n < cap)
        snprintf(why + n, cap - n, "%snot minimal (the clue at r%dc%d can go)", n ? "; " : "", c / 9 + 1, c % 9 + 1);
}

static void text81(const uint8_t *p, char *out)
{
    for (int c = 0; c < 81; c++) out[c] = p[c] == CELL_EMPTY ? '.' : (char)('1' + p[c]);
    out[81] = 0;
}

mc_status job_known_compare(const job_known_list *kl, const job_union *u, FILE *out, job_known_report *rep,
                            mc_error *err)
{
    memset(rep, 0, sizeof *rep);
    if (u->n == 0) return mc_fail(err, MC_EINVAL, "--known: no output");
    const job *j = &u->out[0].v.j;
    if (!j->geo || j->geo->N != 9)
        return mc_fail(err, MC_EINVAL, "--known: the list is of 9x9 puzzles; %s is a job of %dx%d grids", u->out[0].dir,
                       j->geo ? j->geo->N : 0, j->geo ? j->geo->N : 0);
    if (j->clues > LIST_CLUES)
        return mc_fail(err, MC_EINVAL, "--known: a job of K = %d: the list holds the 17-clue puzzles, complete only for "
                       "K up to 17", j->clues);
    const bool groups = job_source_gives_groups(j->source);
    solver_ctx *sv = solver_new(geometry_9x9());
    recs k = {0};
    found_set fs = {0};
    mc_status st = sv ? MC_OK : mc_fail(err, MC_ENOMEM, "out of memory");
    if (st == MC_OK && j->clues >= LIST_CLUES)
        st = groups ? known_by_group(kl, u, sv, &k, err) : known_by_grid(kl, u, sv, &k, err);
    if (st == MC_OK) st = read_found(u, sv, &fs, err);
    if (st == MC_OK) {
        match(&k, &fs.r);
        const char *place = groups ? "group" : "rank";
        char text[82], why[256];
        rep->in_range = k.n;
        rep->found = fs.r.n;
        fprintf(out, "== known 17-clue puzzles (%zu in the list), compared by %s\n", kl->n,
                groups ? "covering group" : "grid");
        if (j->clues < LIST_CLUES)
            fprintf(out, "K = %d: the list holds 17-clue puzzles only; none is in range (the claim stays what the "
                    "search found)\n", j->clues);
        for (size_t a = 0; a < k.n; a++) {
            if (k.r[a].matched) {
                rep->matched++;
                continue;
            }
            if (rep->missing++ >= MAX_LISTED) continue;
            text81(k.r[a].puzzle, text);
            fprintf(out, "missing: %s %" PRIu64 ": %s\n", place, k.r[a].place, text);
        }
        if (rep->missing > MAX_LISTED) fprintf(out, "... %" PRIu64 " missing in all\n", rep->missing);
        for (size_t b = 0; b < fs.r.n; b++) {
            const rec *y = &fs.r.r[b];
            if (y->matched) continue;
            check_new(sv, y->puzzle, j->clues, why, sizeof why);
            rep->added++;
            if (why[0]) rep->defects++;
            else rep->discoveries++;
            if (rep->added > MAX_LISTED) continue;
            text81(y->puzzle, text);
            if (why[0]) fprintf(out, "new: %s %" PRIu64 ": %s: DEFECT: %s\n", place, y->place, text, why);
            else fprintf(out, "new: %s %" PRIu64 ": %s: discovery (one solution, minimal, at most %d clues)\n", place,
                         y->place, text, j->clues);
        }
        if (rep->added > MAX_LISTED) fprintf(out, "... %" PRIu64 " new in all\n", rep->added);
        fprintf(out, "known in range %" PRIu64 ", found %" PRIu64 ", found and known %" PRIu64 ", missing %" PRIu64
                ", new %" PRIu64 " (%" PRIu64 " discover%s, %" PRIu64 " defect%s)\n", rep->in_range, rep->found,
                rep->matched, rep->missing, rep->added, rep->discoveries, rep->discoveries == 1 ? "y" : "ies",
                rep->defects, rep->defects == 1 ? "" : "s");
    }
    free(k.r);
    free(fs.r.r);
    free(fs.cells);
    solver_free(sv);
    return st;
}
