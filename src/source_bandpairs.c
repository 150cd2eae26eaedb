/* source_bandpairs — band-pair groups (bandpair.h) made on the fly, one per
 * global rank (bandpair_rank.h); see source.h. Each unit is a packed group
 * (bandpair_unit.h). A feed thread runs bandpair_enumerate (band 3s
 * included) from a start rank on and hands the packed groups over through a
 * ring of FEED_CAP units; a read that starts more than RESTART_GAP ranks
 * past the feed's position (a resumed job skipping finished chunks) starts
 * a new feed there instead of enumerating the groups in between. 9x9 only;
 * no fingerprint (a computed source cannot change).
 */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "bandpair.h"
#include "bandpair_rank.h"
#include "bandpair_unit.h"
#include "source.h"

#define FEED_CAP 256        /* units in the ring: 2.2 MB */
#define RESTART_GAP 100000  /* about a second of enumeration */

typedef struct bp_feed {
    pthread_t thread;
    pthread_mutex_t mu;
    pthread_cond_t can_put, can_get;
    uint8_t *ring;          /* FEED_CAP units */
    size_t head, n;
    bool done, stop;
    mc_status st;
    int bad_band;           /* a group of more than BANDPAIR_MAX_ITEMS band 3s: its band 1 */
    uint64_t bad_local;     /* and local rank */
    bandpair_ctx *ctx;
    uint64_t start, last;   /* global ranks start..last */
} bp_feed;

/* The reader: the feed and the rank of the next unit it delivers. */
typedef struct bp_reader {
    bp_feed *feed;
    uint64_t last;          /* the job's last rank */
} bp_reader;

static int feed_put(void *arg, const bandpair_group *g)
{
    bp_feed *f = arg;
    pthread_mutex_lock(&f->mu);
    while (f->n == FEED_CAP && !f->stop) pthread_cond_wait(&f->can_put, &f->mu);
    bool stop = f->stop;
    if (!stop) {
        if (bandpair_unit_pack(g, f->ring + ((f->head + f->n) % FEED_CAP) * (size_t)BANDPAIR_UNIT_BYTES)) {
            f->n++;
            pthread_cond_signal(&f->can_get);
        } else {
            f->bad_band = g->band1;
            f->bad_local = g->local_rank;
            stop = true;
        }
    }
    pthread_mutex_unlock(&f->mu);
    return stop;
}

static void *feed_main(void *arg)
{
    bp_feed *f = arg;
    mc_status st = MC_OK;
    int band;
    uint64_t local;
    bool ok = bandpair_rank_split(f->start, &band, &local);
    assert(ok);
    (void)ok;
    for (uint64_t base = f->start - local; st == MC_OK && base < f->last; band++, local = 1) {
        uint64_t n = bandpair_rank_band_count(band);
        uint64_t to = f->last - base < n ? f->last - base : 0; /* 0: to the band's end */
        st = bandpair_enumerate(f->ctx, band, local, to, true, feed_put, f, NULL);
        base += n;
        pthread_mutex_lock(&f->mu);
        bool stop = f->stop || f->bad_band;
        pthread_mutex_unlock(&f->mu);
        if (stop) break;
    }
    pthread_mutex_lock(&f->mu);
    f->done = true;
    f->st = st;
    pthread_cond_broadcast(&f->can_get);
    pthread_mutex_unlock(&f->mu);
    return NULL;
}

/* Takes up to max units (at least one unless the feed is over) into out
 * (NULL: dropped). */
static size_t feed_take(bp_feed *f, uint8_t *out, size_t max, mc_status *st)
{
    pthread_mutex_lock(&f->mu);
    while (f->n == 0 && !f->done) pthread_cond_wait(&f->can_get, &f->mu);
    size_t k = 0;
    while (k < max && f->n > 0) {
        if (out) memcpy(out + k * BANDPAIR_UNIT_BYTES, f->ring + f->head * BANDPAIR_UNIT_BYTES, BANDPAIR_UNIT_BYTES);
        f->head = (f->head + 1) % FEED_CAP;
        f->n--;
        k++;
    }
    *st = f->st;
    pthread_cond_signal(&f->can_put);
    pthread_mutex_unlock(&f->mu);
    return k;
}

static void feed_free(bp_feed *f)
{
    if (!f) return;
    pthread_mutex_lock(&f->mu);
    f->stop = true;
    pthread_cond_broadcast(&f->can_put);
    pthread_mutex_unlock(&f->mu);
    pthread_join(f->thread, NULL);
    pthread_mutex_destroy(&f->mu);
    pthread_cond_destroy(&f->can_put);
    pthread_cond_destroy(&f->can_get);
    bandpair_ctx_free(f->ctx);
    free(f->ring);
    free(f);
}

static mc_status feed_new(uint64_t start, uint64_t last, bp_feed **out, mc_error *err)
{
    bp_feed *f = calloc(1, sizeof *f);
    if (!f || !(f->ring = malloc((size_t)FEED_CAP * BANDPAIR_UNIT_BYTES)) || bandpair_ctx_new(&f->ctx) != MC_OK) {
        if (f) free(f->ring);
        free(f);
        return mc_fail(err, MC_ENOMEM, "out of memory");
    }
    f->start = start;
    f->last = last;
    pthread_mutex_init(&f->mu, NULL);
    pthread_cond_init(&f->can_put, NULL);
    pthread_cond_init(&f->can_get, NULL);
    if (pthread_create(&f->thread, NULL, feed_main, f) != 0) {
        pthread_mutex_destroy(&f->mu);
        pthread_cond_destroy(&f->can_put);
        pthread_cond_destroy(&f->can_get);
        bandpair_ctx_free(f->ctx);
        free(f->ring);
        free(f);
        return mc_fail(err, MC_ENOMEM, "cannot start the band-pair enumeration thread");
    }
    *out = f;
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
    assert(first >= *next);
    if (count == 0) return MC_OK;
    if (first + count - 1 > r->last || first < 1)
        return mc_fail(err, MC_EINVAL, "band-pair ranks %llu-%llu are outside the job (last %llu)",
                       (unsigned long long)first, (unsigned long long)(first + count - 1), (unsigned long long)r->last);
    if (!r->feed || first - *next > RESTART_GAP) {
        feed_free(r->feed);
        r->feed = NULL;
        mc_status st = feed_new(first, r->last, &r->feed, err);
        if (st != MC_OK) return st;
        *next = first;
    }
    while (*next < first + count) {
        mc_status st;
        uint8_t *to = NULL;
        uint64_t want;
        if (*next < first) {
            want = first - *next;
        } else {
            want = first + count - *next;
            to = units + (*next - first) * BANDPAIR_UNIT_BYTES;
        }
        if (want > FEED_CAP) want = FEED_CAP;
        size_t got = feed_take(r->feed, to, (size_t)want, &st);
        if (got == 0) {
            if (r->feed->bad_band)
                return mc_fail(err, MC_EINVAL,
                               "band-pair group %llu (band %d, local rank %llu) has more than %d band 3s",
                               (unsigned long long)*next, r->feed->bad_band, (unsigned long long)r->feed->bad_local,
                               BANDPAIR_MAX_ITEMS);
            if (st != MC_OK)
                return mc_fail(err, st, "band-pair enumeration failed at rank %llu (%s)", (unsigned long long)*next,
                               mc_status_name(st));
            return mc_fail(err, MC_EINVAL, "the band-pair enumeration ends before rank %llu",
                           (unsigned long long)*next);
        }
        *next += got;
    }
    return MC_OK;
}

static void close_reader(void *state)
{
    bp_reader *r = state;
    if (!r) return;
    feed_free(r->feed);
    free(r);
}

const source_kind source_bandpairs = {"bandpairs", resolve, open_reader, read_groups, close_reader, NULL};
