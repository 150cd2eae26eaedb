/* source_enumerate — 9x9 grids of minlex bands A-B, enumerated on the fly;
 * see source.h. A feed thread (unit_feed.h) runs enumerate_band over the
 * bands and hands the grids over through a ring of FEED_CAP grids; ranks are
 * catalogue ranks, which need the grid counts of bands 1..B (gridrank.h:
 * enumerated here unless the counts file $MINCLUE_COUNTS holds them; the
 * CLI sets it to the shipped grids/counts.txt.gz when unset,
 * cli_counts_default). */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "enumerate.h"
#include "gridrank.h"
#include "source.h"
#include "unit_feed.h"

/* The enumerate source: a feed thread (unit_feed.h) runs enumerate_band
 * over the bands and hands the grids over through a ring. */
#define FEED_CAP 65536
typedef struct enum_reader {
    unit_feed *feed;
    int band_lo, band_hi;
} enum_reader;

static int put_grid(void *arg, const uint8_t *g) { return unit_feed_put(arg, g); }

static mc_status produce(unit_feed *f, void *arg)
{
    const enum_reader *r = arg;
    mc_status st = MC_OK;
    for (int b = r->band_lo; b <= r->band_hi && st == MC_OK && !unit_feed_stopping(f); b++)
        st = enumerate_band(b, put_grid, f, NULL);
    return st;
}

/* The ranks, with the job's stop flag: counting bands (no counts file)
 * can take hours. */
static mc_status open_ranks(const job *j, gridrank **gr, mc_error *err)
{
    const char *cache = getenv("MINCLUE_COUNTS");
    mc_status st = gridrank_open(cache && *cache ? cache : NULL, gr, err);
    if (st == MC_OK) gridrank_set_halt(*gr, j->halt);
    return st;
}

static mc_status resolve(job *j, uint64_t *base, uint64_t *count, mc_error *err)
{
    gridrank *gr;
    mc_status st = open_ranks(j, &gr, err);
    if (st != MC_OK) return st;
    *count = 0;
    st = gridrank_band_first(gr, j->band_lo, base, err);
    for (int b = j->band_lo; st == MC_OK && b <= j->band_hi; b++) {
        uint64_t n;
        st = gridrank_band_count(gr, b, &n, err);
        *count += n;
    }
    gridrank_free(gr);
    if (st != MC_OK) return st;
    if (*count == 0) return mc_fail(err, MC_EINVAL, "%s: bands %d-%d hold no grid", j->path, j->band_lo, j->band_hi);
    return MC_OK;
}

static mc_status open_reader(const job *j, void **state, uint64_t *next, mc_error *err)
{
    /* the rank of the first grid of band_lo, known from job_resolve only
     * through first when ranks were not given: recompute it */
    gridrank *gr;
    mc_status st = open_ranks(j, &gr, err);
    if (st != MC_OK) return st;
    st = gridrank_band_first(gr, j->band_lo, next, err);
    gridrank_free(gr);
    if (st != MC_OK) return st;
    enum_reader *r = calloc(1, sizeof *r);
    if (!r) return mc_fail(err, MC_ENOMEM, "out of memory");
    r->band_lo = j->band_lo;
    r->band_hi = j->band_hi;
    if (unit_feed_new(81, FEED_CAP, produce, r, &r->feed) != MC_OK) {
        free(r);
        return mc_fail(err, MC_ENOMEM, "cannot start the enumeration thread");
    }
    *state = r;
    return MC_OK;
}

static mc_status read_grids(void *state, const job *j, uint64_t *next, uint64_t first, uint64_t count,
                            uint8_t *grids, mc_error *err)
{
    enum_reader *r = state;
    assert(first >= *next);
    mc_status st = unit_feed_read_ranks(r->feed, 81, next, first, count, grids);
    if (st == MC_EOF)
        return mc_fail(err, MC_EINVAL, "the enumeration of bands %d-%d ends before rank %llu", j->band_lo,
                       j->band_hi, (unsigned long long)*next);
    if (st != MC_OK)
        return mc_fail(err, st, "enumeration of bands %d-%d failed (%s)", j->band_lo, j->band_hi,
                       mc_status_name(st));
    return MC_OK;
}

static void close_reader(void *state)
{
    enum_reader *r = state;
    if (!r) return;
    unit_feed_free(r->feed);
    free(r);
}

const source_kind source_enumerate = {"enumerate", resolve, open_reader, read_grids, close_reader, NULL};
