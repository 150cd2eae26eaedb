/* cover_check — the covering items of 17-clue puzzles (bandpair_cover) and
 * the ranks of their groups, shared by bench_seventeen_cover (which writes
 * tests/data/seventeen-cover.txt.gz) and test_bandpair_cover*.
 *
 * A record: the puzzle (81 cells, CELL_EMPTY or 0..8), its clue counts per
 * band 0..2 and stack 0..2, the covering slot (0..5, bands then stacks, of
 * the puzzle as written), the covering item (pair, band 3, band 1 and band 2
 * indices) and its group's ranks: local = 1-based position of the pair among
 * the canonical pairs of band1 in enumeration order, global = the groups of
 * the band-1 indices before band1 (bandpair_rank.h) + local.
 *
 * Line format of the cover file (text, one puzzle a line, the order of the
 * input list; '#' lines are comments):
 *     GLOBAL BAND1 LOCAL BAND2 SLOT B0 B1 B2 S0 S1 S2 PUZZLE
 * PUZZLE as 81 characters, '.' for an empty cell.
 */
#ifndef MC_TEST_COVER_CHECK_H
#define MC_TEST_COVER_CHECK_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "band.h"
#include "bandpair.h"
#include "bandpair_rank.h"
#include "geometry.h"
#include "grid.h"
#include "solver.h"

typedef struct cov17 {
    uint8_t puzzle[81];
    uint8_t clues[6]; /* bands 0..2, stacks 0..2 */
    int slot, band1, band2;
    uint8_t pair[54], band3[27];
    uint64_t local, global;
} cov17;

/* groups[b] and before[b] (groups of the band-1 indices 1..b-1) from the
 * rank table (bandpair_rank.h, recounted by test_bandpair_rank). */
static inline void cov17_counts(uint64_t groups[BAND_COUNT + 1], uint64_t before[BAND_COUNT + 2])
{
    groups[0] = 0;
    for (int b = 1; b <= BAND_COUNT; b++) {
        groups[b] = bandpair_rank_band_count(b);
        before[b] = bandpair_rank_band_first(b) - 1;
    }
    before[BAND_COUNT + 1] = before[BAND_COUNT] + groups[BAND_COUNT];
}

/* Puzzle text (81 characters, '.' or '0' empty, '1'..'9') into cells. */
static inline bool cov17_parse_puzzle(const char *s, uint8_t *p)
{
    for (int k = 0; k < 81; k++) {
        char c = s[k];
        if (c == '.' || c == '0') p[k] = CELL_EMPTY;
        else if (c >= '1' && c <= '9') p[k] = (uint8_t)(c - '1');
        else return false;
    }
    char e = s[81];
    return e == '\0' || e == '\n' || e == '\r' || e == ' ' || e == '\t';
}

/* Solves the puzzle (it must have one solution) and computes its covering
 * item and clue counts; ranks are left 0. Returns false when the puzzle has
 * no unique solution. */
static inline bool cov17_cover(bandpair_ctx *ctx, solver_ctx *sv, const uint8_t *p, cov17 *r)
{
    solver_result res;
    if (solver_count(sv, p, 2, &res) != 1) return false;
    memcpy(r->puzzle, p, 81);
    memset(r->clues, 0, 6);
    for (int c = 0; c < 81; c++)
        if (p[c] != CELL_EMPTY) r->clues[c / 27]++, r->clues[3 + (c % 9) / 3]++;
    bandpair_cover(ctx, res.sol[0], p, &r->slot, r->pair, r->band3, &r->band1);
    r->band2 = band_index(r->pair + 27);
    r->local = r->global = 0;
    return true;
}

static inline int cov17_cmp_key(const cov17 *a, const cov17 *b)
{
    if (a->band1 != b->band1) return a->band1 < b->band1 ? -1 : 1;
    return memcmp(a->pair + 27, b->pair + 27, 27);
}

static inline int cov17_cmp_ptr(const void *x, const void *y)
{
    return cov17_cmp_key(*(cov17 *const *)x, *(cov17 *const *)y);
}

typedef struct cov17_walk {
    cov17 **v; /* records of one band1, sorted by pair */
    size_t i, n;
} cov17_walk;

/* Merge of the sorted records with the groups (increasing pairs). */
static inline int cov17_walk_fn(void *arg, const bandpair_group *g)
{
    cov17_walk *w = arg;
    while (w->i < w->n) {
        int c = memcmp(w->v[w->i]->pair + 27, g->pair + 27, 27);
        if (c > 0) break;
        if (c == 0) w->v[w->i]->local = g->local_rank; /* else passed by: not a group, local stays 0 */
        w->i++;
    }
    return w->i == w->n;
}

/* Local ranks of the n records (one enumeration of each band 1 present,
 * without band 3s, stopped at the last pair needed) and global ranks from
 * before[]. Returns the number of records whose pair was not found among
 * the groups (their local rank stays 0), or -1 on an enumeration error. */
static inline long cov17_rank(bandpair_ctx *ctx, cov17 *recs, size_t n, const uint64_t before[BAND_COUNT + 2],
                              void (*progress)(int band, size_t done))
{
    cov17 **v = malloc((n ? n : 1) * sizeof *v);
    if (!v) return -1;
    for (size_t i = 0; i < n; i++) v[i] = &recs[i];
    qsort(v, n, sizeof *v, cov17_cmp_ptr);
    long missing = 0;
    for (size_t i = 0; i < n;) {
        size_t j = i;
        while (j < n && v[j]->band1 == v[i]->band1) j++;
        cov17_walk w = {v + i, 0, j - i};
        if (bandpair_enumerate(ctx, v[i]->band1, 1, 0, false, cov17_walk_fn, &w, NULL) != MC_OK) {
            free(v);
            return -1;
        }
        for (size_t k = i; k < j; k++) {
            if (!v[k]->local) missing++;
            else v[k]->global = before[v[k]->band1] + v[k]->local;
        }
        if (progress) progress(v[i]->band1, j);
        i = j;
    }
    free(v);
    return missing;
}

static inline void cov17_format(const cov17 *r, char *out)
{
    int k = sprintf(out, "%llu %d %llu %d %d %d %d %d %d %d %d ", (unsigned long long)r->global, r->band1,
                    (unsigned long long)r->local, r->band2, r->slot, r->clues[0], r->clues[1], r->clues[2],
                    r->clues[3], r->clues[4], r->clues[5]);
    for (int c = 0; c < 81; c++) out[k + c] = r->puzzle[c] == CELL_EMPTY ? '.' : (char)('1' + r->puzzle[c]);
    out[k + 81] = '\0';
}

/* Parses a cover line (the fields above; pair and band 3 are not in the
 * file and are left zero). */
static inline bool cov17_parse_line(const char *line, cov17 *r)
{
    unsigned long long g, l;
    int c[6], used = 0;
    memset(r, 0, sizeof *r);
    if (sscanf(line, "%llu %d %llu %d %d %d %d %d %d %d %d %n", &g, &r->band1, &l, &r->band2, &r->slot, &c[0], &c[1],
               &c[2], &c[3], &c[4], &c[5], &used) != 11)
        return false;
    if (r->band1 < 1 || r->band1 > BAND_COUNT || r->band2 < r->band1 || r->band2 > BAND_COUNT || r->slot < 0 ||
        r->slot >= BANDPAIR_SLOTS)
        return false;
    for (int k = 0; k < 6; k++) {
        if (c[k] < 0 || c[k] > 27) return false;
        r->clues[k] = (uint8_t)c[k];
    }
    r->global = g;
    r->local = l;
    return cov17_parse_puzzle(line + used, r->puzzle);
}

/* Reads a whole text file (plain or gzip) of lines, calling fn on each line
 * that is not a comment or blank; fn returns false to report a bad line.
 * Returns the number of lines given to fn, or -1 with a message naming the
 * file and line. */
static inline long cov17_read_lines(const char *path, bool (*fn)(void *arg, const char *line), void *arg)
{
    gzFile f = gzopen(path, "rb");
    if (!f) {
        fprintf(stderr, "%s: cannot open\n", path);
        return -1;
    }
    char line[1024];
    long lineno = 0, n = 0;
    while (gzgets(f, line, sizeof line)) {
        lineno++;
        if (line[0] == '#' || line[0] == '\n') continue;
        if (!fn(arg, line)) {
            fprintf(stderr, "%s:%ld: bad line\n", path, lineno);
            gzclose(f);
            return -1;
        }
        n++;
    }
    int errnum = 0;
    const char *msg = gzerror(f, &errnum);
    if (errnum != Z_OK && errnum != Z_STREAM_END) {
        fprintf(stderr, "%s:%ld: %s\n", path, lineno, msg);
        gzclose(f);
        return -1;
    }
    gzclose(f);
    return n;
}

#endif
