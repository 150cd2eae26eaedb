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

void job_result_free(job_result *r)
{
    free(r->found);
    memset(r, 0, sizeof *r);
}
