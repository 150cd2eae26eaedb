/* source_enumerate8 — the 1,673,187 essentially different 8x8 grids (2x4
 * boxes), enumerated on the fly; see source.h. A feed thread (unit_feed.h)
 * runs enumerate8_band over the minlex 2x8 bands 1..n in order and hands
 * the grids over through a ring; rank r is the r-th grid of that order
 * (the order of `minclue grids enum --box 2x4`). resolve counts them (one
 * enumeration, a few seconds); a reader that starts past rank 1 enumerates
 * and drops the grids before it. A reader's state is its unit_feed. */
#include <assert.h>

#include "enumerate.h"
#include "enumerate8.h"
#include "source.h"
#include "unit_feed.h"

#define FEED_CAP 65536
#define CELLS8 64

static int put_grid(void *arg, const uint8_t *g, int autos)
{
    (void)autos;
    return unit_feed_put(arg, g); /* true: the feed is stopping */
}

/* enumerate_fn: stop once the flag arg points to is set */
static int halted(void *arg, const uint8_t *g)
{
    (void)g;
    return *(const volatile sig_atomic_t *)arg != 0;
}

static mc_status produce(unit_feed *f, void *arg)
{
    (void)arg;
    mc_status st = MC_OK;
    int n = enumerate8_band_count();
    for (int b = 1; b <= n && st == MC_OK && !unit_feed_stopping(f); b++)
        st = enumerate8_band(b, NULL, 0, put_grid, f, NULL);
    return st;
}

static mc_status resolve(job *j, uint64_t *base, uint64_t *count, mc_error *err)
{
    if (j->geo->R != 2 || j->geo->C != 4)
        return mc_fail(err, MC_EINVAL, "%s: source enumerate8 makes 8x8 grids of 2x4 boxes, not %dx%d boxes", j->path,
                       j->geo->R, j->geo->C);
    *base = 1;
    mc_error e;
    /* count only, a few seconds: the job's stop flag looked at every grid */
    mc_status st = enumerate_shape(j->geo, j->halt ? halted : NULL, (void *)j->halt, count, &e);
    if (st != MC_OK) return mc_fail(err, st, "%s: %s", j->path, e.msg);
    if (j->halt && *j->halt) return mc_fail(err, MC_STOPPED, "counting the ES 8x8 grids");
    return MC_OK;
}

static mc_status open_reader(const job *j, void **state, uint64_t *next, mc_error *err)
{
    (void)j;
    unit_feed *f;
    if (unit_feed_new(CELLS8, FEED_CAP, produce, NULL, &f) != MC_OK)
        return mc_fail(err, MC_ENOMEM, "cannot start the enumeration thread");
    *next = 1;
    *state = f;
    return MC_OK;
}

static mc_status read_grids(void *state, const job *j, uint64_t *next, uint64_t first, uint64_t count,
                            uint8_t *grids, mc_error *err)
{
    (void)j;
    assert(first >= *next);
    mc_status st = unit_feed_read_ranks(state, CELLS8, next, first, count, grids);
    if (st == MC_EOF)
        return mc_fail(err, MC_EINVAL, "the enumeration of the 8x8 grids ends before rank %llu",
                       (unsigned long long)*next);
    if (st != MC_OK) return mc_fail(err, st, "enumeration of the 8x8 grids failed (%s)", mc_status_name(st));
    return MC_OK;
}

static void close_reader(void *state) { unit_feed_free(state); }

const source_kind source_enumerate8 = {"enumerate8", resolve, open_reader, read_grids, close_reader, NULL};
