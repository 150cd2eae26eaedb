/* job_result — see job_result.h. */
#include "job_result.h"

#include <stdlib.h>
#include <string.h>

#include "grid.h"

void job_result_clear(job_result *r)
{
    job_puzzle *found = r->found;
    size_t cap = r->cap;
    memset(r, 0, sizeof *r);
    r->found = found;
    r->cap = cap;
}

mc_status job_result_add_found(job_result *r, uint64_t rank, const uint8_t *puzzle, int ncells)
{
    if (r->nfound == r->cap) {
        size_t cap = r->cap ? 2 * r->cap : 16;
        job_puzzle *f = realloc(r->found, cap * sizeof *f);
        if (!f) return MC_ENOMEM;
        r->found = f;
        r->cap = cap;
    }
    job_puzzle *p = &r->found[r->nfound++];
    p->rank = rank;
    memset(p->cell, CELL_EMPTY, sizeof p->cell);
    memcpy(p->cell, puzzle, (size_t)ncells);
    return MC_OK;
}

static int cmp_rank_cells(const void *a, const void *b)
{
    const job_puzzle *x = a, *y = b;
    if (x->rank != y->rank) return x->rank < y->rank ? -1 : 1;
    return memcmp(x->cell, y->cell, sizeof x->cell); /* cells past the grid are CELL_EMPTY */
}

static int cmp_cells_rank(const void *a, const void *b)
{
    const job_puzzle *x = a, *y = b;
    int c = memcmp(x->cell, y->cell, sizeof x->cell);
    return c ? c : x->rank < y->rank ? -1 : x->rank > y->rank;
}

size_t job_puzzles_first_repeat(job_puzzle *p, size_t n, bool across_ranks)
{
    if (n < 2) return n; /* (p may be NULL then) */
    qsort(p, n, sizeof *p, across_ranks ? cmp_cells_rank : cmp_rank_cells);
    for (size_t i = 1; i < n; i++)
        if (!memcmp(p[i - 1].cell, p[i].cell, sizeof p->cell) && (p[i - 1].rank != p[i].rank) == across_ranks)
            return i;
    return n;
}

void job_result_free(job_result *r)
{
    free(r->found);
    memset(r, 0, sizeof *r);
}
