/* chunk_streams — a stream of consecutive chunks per worker; see chunk_streams.h. */
#include "chunk_streams.h"

#include <assert.h>
#include <stdlib.h>

struct chunk_streams {
    const uint8_t *done;
    int n;              /* workers */
    uint64_t *cur, *end;
    uint64_t *last;     /* chunk each worker took last + 1 (0: none yet) */
    bool *retired;
};

mc_status chunk_streams_new(uint64_t nchunks, const uint8_t *done, int nworkers, chunk_streams **out)
{
    assert(nworkers >= 1);
    chunk_streams *cs = calloc(1, sizeof *cs);
    if (!cs) return MC_ENOMEM;
    cs->done = done;
    cs->n = nworkers;
    cs->cur = calloc((size_t)nworkers, sizeof *cs->cur);
    cs->end = calloc((size_t)nworkers, sizeof *cs->end);
    cs->last = calloc((size_t)nworkers, sizeof *cs->last);
    cs->retired = calloc((size_t)nworkers, sizeof *cs->retired);
    if (!cs->cur || !cs->end || !cs->last || !cs->retired) {
        chunk_streams_free(cs);
        return MC_ENOMEM;
    }
    uint64_t todo = 0;
    for (uint64_t i = 0; i < nchunks; i++) todo += !done[i];
    /* stream k starts at the (k * todo / n)-th chunk not done (counting from
     * 0) and ends where stream k + 1 starts */
    uint64_t seen = 0;
    int k = 0;
    for (uint64_t i = 0; i < nchunks && k < nworkers; i++) {
        if (done[i]) continue;
        while (k < nworkers && (uint64_t)k * todo / (uint64_t)nworkers == seen) cs->cur[k++] = i;
        seen++;
    }
    for (; k < nworkers; k++) cs->cur[k] = nchunks;
    for (k = 0; k < nworkers; k++) cs->end[k] = k + 1 < nworkers ? cs->cur[k + 1] : nchunks;
    *out = cs;
    return MC_OK;
}

void chunk_streams_free(chunk_streams *cs)
{
    if (!cs) return;
    free(cs->cur);
    free(cs->end);
    free(cs->last);
    free(cs->retired);
    free(cs);
}

void chunk_streams_retire(chunk_streams *cs, int w) { cs->retired[w] = true; }

bool chunk_streams_next(chunk_streams *cs, int w, uint64_t min_steal, uint64_t *chunk, bool *jumped)
{
    for (;;) {
        while (cs->cur[w] < cs->end[w] && cs->done[cs->cur[w]]) cs->cur[w]++;
        if (cs->cur[w] < cs->end[w]) {
            *chunk = cs->cur[w]++;
            *jumped = cs->last[w] == 0 || cs->last[w] != *chunk;
            cs->last[w] = *chunk + 1;
            return true;
        }
        /* the largest stream left, a retired owner's first */
        int v = -1;
        uint64_t best = 0;
        bool best_retired = false;
        for (int k = 0; k < cs->n; k++) {
            uint64_t rem = cs->end[k] - cs->cur[k];
            if (k == w || rem == 0) continue;
            if ((cs->retired[k] && !best_retired) || (cs->retired[k] == best_retired && rem > best)) {
                v = k;
                best = rem;
                best_retired = cs->retired[k];
            }
        }
        if (v < 0 || (!best_retired && best < (min_steal ? min_steal : 1))) return false;
        uint64_t mid = best == 1 || best_retired ? cs->cur[v] : cs->cur[v] + (best + 1) / 2;
        cs->cur[w] = mid;
        cs->end[w] = cs->end[v];
        cs->end[v] = mid;
    }
}
