/* source_enumerate — 9x9 grids of minlex bands A-B, enumerated on the fly;
 * see source.h. A feed thread runs enumerate_band over the bands and hands
 * the grids over through a ring buffer of FEED_CAP grids; ranks are
 * catalogue ranks, which need the grid counts of bands 1..B (gridrank.h:
 * enumerated here unless the counts file $MINCLUE_COUNTS holds them). */
#include <pthread.h>
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "enumerate.h"
#include "gridrank.h"
#include "source.h"

/* The enumerate source: a thread runs enumerate_band over the bands and
 * hands the grids over through a ring buffer. */
#define FEED_CAP 65536
typedef struct enum_feed {
    pthread_t thread;
    pthread_mutex_t mu;
    pthread_cond_t can_put, can_get;
    uint8_t *ring;               /* FEED_CAP grids of 81 cells */
    size_t head, n;
    bool done, stop;
    mc_status st;
    int band_lo, band_hi;
} enum_feed;

static int feed_put(void *arg, const uint8_t *g)
{
    enum_feed *f = arg;
    pthread_mutex_lock(&f->mu);
    while (f->n == FEED_CAP && !f->stop) pthread_cond_wait(&f->can_put, &f->mu);
    bool stop = f->stop;
    if (!stop) {
        memcpy(f->ring + ((f->head + f->n) % FEED_CAP) * 81, g, 81);
        f->n++;
        pthread_cond_signal(&f->can_get);
    }
    pthread_mutex_unlock(&f->mu);
    return stop;
}

static void *feed_main(void *arg)
{
    enum_feed *f = arg;
    mc_status st = MC_OK;
    for (int b = f->band_lo; b <= f->band_hi && st == MC_OK; b++) {
        st = enumerate_band(b, feed_put, f, NULL);
        pthread_mutex_lock(&f->mu);
        bool stop = f->stop;
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

/* Takes up to max grids (at least one unless the enumeration is over). */
static size_t feed_take(enum_feed *f, uint8_t *out, size_t max, mc_status *st)
{
    pthread_mutex_lock(&f->mu);
    while (f->n == 0 && !f->done) pthread_cond_wait(&f->can_get, &f->mu);
    size_t k = 0;
    while (k < max && f->n > 0) {
        if (out) memcpy(out + k * 81, f->ring + f->head * 81, 81);
        f->head = (f->head + 1) % FEED_CAP;
        f->n--;
        k++;
    }
    *st = f->st;
    pthread_cond_signal(&f->can_put);
    pthread_mutex_unlock(&f->mu);
    return k;
}

static void feed_free(enum_feed *f)
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
    free(f->ring);
    free(f);
}

static mc_status feed_new(const job *j, enum_feed **out, mc_error *err)
{
    enum_feed *f = calloc(1, sizeof *f);
    if (!f || !(f->ring = malloc((size_t)FEED_CAP * 81))) {
        free(f);
        return mc_fail(err, MC_ENOMEM, "out of memory");
    }
    f->band_lo = j->band_lo;
    f->band_hi = j->band_hi;
    pthread_mutex_init(&f->mu, NULL);
    pthread_cond_init(&f->can_put, NULL);
    pthread_cond_init(&f->can_get, NULL);
    if (pthread_create(&f->thread, NULL, feed_main, f) != 0) {
        pthread_mutex_destroy(&f->mu);
        pthread_cond_destroy(&f->can_put);
        pthread_cond_destroy(&f->can_get);
        free(f->ring);
        free(f);
        return mc_fail(err, MC_ENOMEM, "cannot start the enumeration thread");
    }
    *out = f;
    return MC_OK;
}

static mc_status open_ranks(gridrank **gr, mc_error *err)
{
    const char *cache = getenv("MINCLUE_COUNTS");
    return gridrank_open(cache && *cache ? cache : NULL, gr, err);
}

static mc_status resolve(job *j, uint64_t *base, uint64_t *count, mc_error *err)
{
    gridrank *gr;
    mc_status st = open_ranks(&gr, err);
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
    mc_status st = open_ranks(&gr, err);
    if (st != MC_OK) return st;
    st = gridrank_band_first(gr, j->band_lo, next, err);
    gridrank_free(gr);
    if (st != MC_OK) return st;
    enum_feed *f = NULL;
    if ((st = feed_new(j, &f, err)) != MC_OK) return st;
    *state = f;
    return MC_OK;
}

static mc_status read_grids(void *state, const job *j, uint64_t *next, uint64_t first, uint64_t count,
                            uint8_t *grids, mc_error *err)
{
    enum_feed *f = state;
    assert(first >= *next);
    while (*next < first + count) {
        mc_status st;
        uint8_t *to = NULL;
        size_t want;
        if (*next < first) {
            want = (size_t)(first - *next);
        } else {
            want = (size_t)(first + count - *next);
            to = grids + (*next - first) * 81;
        }
        if (want > FEED_CAP) want = FEED_CAP;
        size_t got = feed_take(f, to, want, &st);
        if (got == 0) {
            if (st != MC_OK)
                return mc_fail(err, st, "enumeration of bands %d-%d failed (%s)", j->band_lo, j->band_hi,
                               mc_status_name(st));
            return mc_fail(err, MC_EINVAL, "the enumeration of bands %d-%d ends before rank %llu", j->band_lo,
                           j->band_hi, (unsigned long long)*next);
        }
        *next += got;
    }
    return MC_OK;
}

static void close_reader(void *state) { feed_free(state); }

const source_kind source_enumerate = {"enumerate", resolve, open_reader, read_grids, close_reader, NULL};
