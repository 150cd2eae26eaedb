/* source_bandpairs — band-pair groups (bandpair.h) made on the fly, one per
 * global rank (bandpair_rank.h); see source.h. Each unit is a packed group
 * (bandpair_unit.h). A feed thread (unit_feed.h) runs bandpair_enumerate
 * (band 3s included) from a start rank on and packs the groups straight
 * into the slots of a ring of FEED_CAP units (over the group a slot held
 * before: only the bytes past the new group's end that the old one filled
 * are cleared; a read copies a unit's filled bytes and clears the rest); a read that starts more than RESTART_GAP ranks
 * past the feed's position (a resumed job skipping finished chunks, an MPI
 * worker taking over another's ranks), or before it, starts a new feed
 * there instead of enumerating the groups in between (a new feed walks the
 * pairs of its band from the band's start: up to about 0.7 s). 9x9 only;
 * no fingerprint (a computed source cannot change).
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "bandpair.h"
#include "bandpair_rank.h"
#include "bandpair_unit.h"
#include "source.h"
#include "unit_feed.h"

#define FEED_CAP 256        /* units in the ring: 2.2 MB */
#define RESTART_GAP 100000  /* about a second of enumeration */

/* What the feed thread enumerates: global ranks start..last. */
typedef struct bp_run {
    unit_feed *feed;
    bandpair_ctx *ctx;
    uint64_t start, last;
    int bad_band;           /* a group of more than BANDPAIR_MAX_ITEMS band 3s: its band 1 */
    uint64_t bad_local;     /* and local rank */
} bp_run;

/* The reader: the feed and the job's last rank. */
typedef struct bp_reader {
    bp_run run;
    bool running;
    uint64_t last;
} bp_reader;

static int put_group(void *arg, const bandpair_group *g)
{
    bp_run *f = arg;
    uint8_t *slot = unit_feed_reserve(f->feed);
    if (!slot) return 1;
    if (!bandpair_unit_pack_over(g, slot)) { /* the slot holds a group or zeros */
        f->bad_band = g->band1;
        f->bad_local = g->local_rank;
        return 1;
    }
    unit_feed_commit(f->feed);
    return 0;
}

static mc_status produce(unit_feed *feed, void *arg)
{
    bp_run *f = arg;
    mc_status st = MC_OK;
    int band;
    uint64_t local;
    bool ok = bandpair_rank_split(f->start, &band, &local);
    assert(ok);
    (void)ok;
    for (uint64_t base = f->start - local; st == MC_OK && base < f->last; band++, local = 1) {
        uint64_t n = bandpair_rank_band_count(band);
        uint64_t to = f->last - base < n ? f->last - base : 0; /* 0: to the band's end */
        st = bandpair_enumerate(f->ctx, band, local, to, true, put_group, f, NULL);
        base += n;
        if (f->bad_band || unit_feed_stopping(feed)) break;
    }
    return st;
}

static void feed_stop(bp_reader *r)
{
    if (!r->running) return;
    unit_feed_free(r->run.feed);
    bandpair_ctx_free(r->run.ctx);
    memset(&r->run, 0, sizeof r->run);
    r->running = false;
}

static mc_status feed_start(bp_reader *r, uint64_t start, mc_error *err)
{
    bp_run *f = &r->run;
    memset(f, 0, sizeof *f);
    f->start = start;
    f->last = r->last;
    if (bandpair_ctx_new(&f->ctx) != MC_OK) return mc_fail(err, MC_ENOMEM, "out of memory");
    if (unit_feed_new(BANDPAIR_UNIT_BYTES, FEED_CAP, produce, f, &f->feed) != MC_OK) {
        bandpair_ctx_free(f->ctx);
        return mc_fail(err, MC_ENOMEM, "cannot start the band-pair enumeration thread");
    }
    unit_feed_set_copy(f->feed, bandpair_unit_copy); /* the filled bytes, then zeros */
    r->running = true;
    return MC_OK;
}

static mc_status resolve(job *j, uint64_t *base, uint64_t *count, mc_error *err)
{
    if (j->geo->R != 3 || j->geo->C != 3)
        return mc_fail(err, MC_EINVAL, "%s: source bandpairs makes 9x9 grids, not %dx%d", j->path, j->geo->N,
                       j->geo->N);
    if (j->ranks_given && (j->first < 1 || j->last > BANDPAIR_RANK_TOTAL || j->last < j->first))
        return mc_fail(err, MC_EINVAL, "%s:%ld: ranks %llu-%llu are not all band-pair group ranks (1-%llu)", j->path,
                       j->ranks_line, (unsigned long long)j->first, (unsigned long long)j->last,
                       (unsigned long long)BANDPAIR_RANK_TOTAL);
    *base = 1;
    *count = BANDPAIR_RANK_TOTAL;
    return MC_OK;
}

static mc_status open_reader(const job *j, void **state, uint64_t *next, mc_error *err)
{
    bp_reader *r = calloc(1, sizeof *r);
    if (!r) return mc_fail(err, MC_ENOMEM, "out of memory");
    r->last = j->last ? j->last : BANDPAIR_RANK_TOTAL;
    *next = 1; /* the feed starts at the first read */
    *state = r;
    return MC_OK;
}

static mc_status read_groups(void *state, const job *j, uint64_t *next, uint64_t first, uint64_t count,
                             uint8_t *units, mc_error *err)
{
    (void)j;
    bp_reader *r = state;
    if (count == 0) return MC_OK;
    if (first + count - 1 > r->last || first < 1)
        return mc_fail(err, MC_EINVAL, "band-pair ranks %llu-%llu are outside the job (last %llu)",
                       (unsigned long long)first, (unsigned long long)(first + count - 1), (unsigned long long)r->last);
    if (!r->running || first < *next || first - *next > RESTART_GAP) {
        feed_stop(r);
        mc_status st = feed_start(r, first, err);
        if (st != MC_OK) return st;
        *next = first;
    }
    mc_status st = unit_feed_read_ranks(r->run.feed, BANDPAIR_UNIT_BYTES, next, first, count, units);
    if (st != MC_OK) {
        if (r->run.bad_band)
            return mc_fail(err, MC_EINVAL, "band-pair group %llu (band %d, local rank %llu) has more than %d band 3s",
                           (unsigned long long)*next, r->run.bad_band, (unsigned long long)r->run.bad_local,
                           BANDPAIR_MAX_ITEMS);
        if (st != MC_EOF)
            return mc_fail(err, st, "band-pair enumeration failed at rank %llu (%s)", (unsigned long long)*next,
                           mc_status_name(st));
        return mc_fail(err, MC_EINVAL, "the band-pair enumeration ends before rank %llu", (unsigned long long)*next);
    }
    return MC_OK;
}

static void close_reader(void *state)
{
    bp_reader *r = state;
    if (!r) return;
    feed_stop(r);
    free(r);
}

const source_kind source_bandpairs = {"bandpairs", resolve, open_reader, read_groups, close_reader, NULL};
