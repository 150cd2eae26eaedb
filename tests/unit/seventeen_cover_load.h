/* seventeen_cover_load — tests/data/seventeen-cover.txt.gz and
 * seventeen-all.txt.gz loaded and checked for what needs no enumeration:
 * same puzzles in the same order, 17 clues each, the clue columns equal to
 * the puzzle's, local ranks within the band's group count and global rank =
 * groups of the bands before + local rank (counts from the rank table,
 * bandpair_rank.h). For
 * test_bandpair_seventeen and its slow twin. */
#ifndef MC_TEST_SEVENTEEN_COVER_LOAD_H
#define MC_TEST_SEVENTEEN_COVER_LOAD_H

#include "cover_check.h"

#define S17_COVER MC_TEST_DATA "/seventeen-cover.txt.gz"
#define S17_ALL MC_TEST_DATA "/seventeen-all.txt.gz"
#define S17_PUZZLES 49158

typedef struct s17_list {
    cov17 *r;
    size_t n, cap;
    bool puzzles_only;
} s17_list;

static inline bool s17_add(void *arg, const char *line)
{
    s17_list *l = arg;
    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 65536;
        cov17 *nr = realloc(l->r, l->cap * sizeof *nr);
        if (!nr) return false;
        l->r = nr;
    }
    cov17 *r = &l->r[l->n];
    if (l->puzzles_only ? !cov17_parse_puzzle(line, r->puzzle) : !cov17_parse_line(line, r)) return false;
    l->n++;
    return true;
}

typedef struct s17_data {
    s17_list cover, all;
    uint64_t groups[BAND_COUNT + 1], before[BAND_COUNT + 2];
} s17_data;

/* Loads both files and the counts; fails the test on any inconsistency. */
static inline void s17_load(s17_data *d)
{
    memset(d, 0, sizeof *d);
    d->all.puzzles_only = true;
    cov17_counts(d->groups, d->before);
    assert_int_equal(cov17_read_lines(S17_COVER, s17_add, &d->cover), S17_PUZZLES);
    assert_int_equal(cov17_read_lines(S17_ALL, s17_add, &d->all), S17_PUZZLES);
    for (size_t i = 0; i < d->cover.n; i++) {
        const cov17 *r = &d->cover.r[i];
        if (memcmp(r->puzzle, d->all.r[i].puzzle, 81)) fail_msg("cover line %zu: not puzzle %zu of the list", i + 1, i + 1);
        int c[6] = {0}, n = 0;
        for (int k = 0; k < 81; k++)
            if (r->puzzle[k] != CELL_EMPTY) c[k / 27]++, c[3 + (k % 9) / 3]++, n++;
        assert_int_equal(n, 17);
        for (int k = 0; k < 6; k++)
            if (c[k] != r->clues[k]) fail_msg("cover line %zu: clue counts differ from the puzzle's", i + 1);
        if (r->local < 1 || r->local > d->groups[r->band1] || r->global != d->before[r->band1] + r->local)
            fail_msg("cover line %zu: ranks inconsistent with the group counts", i + 1);
    }
}

static inline void s17_free(s17_data *d)
{
    free(d->cover.r);
    free(d->all.r);
}

/* Recomputes the cover of record r (from its puzzle alone) into *out and
 * compares slot and band indices with r. */
static inline bool s17_recover(bandpair_ctx *ctx, solver_ctx *sv, const cov17 *r, cov17 *out)
{
    if (!cov17_cover(ctx, sv, r->puzzle, out)) return false;
    return out->slot == r->slot && out->band1 == r->band1 && out->band2 == r->band2;
}

#endif
