/* unit_feed — a producer thread and a bounded ring of units; see unit_feed.h. */
#include "unit_feed.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct unit_feed {
    pthread_t thread;
    pthread_mutex_t mu;
    pthread_cond_t can_put, can_get;
    uint8_t *ring;
    size_t unit_bytes, cap, head, n;
    size_t want;        /* the reader waits for this many units (0: it does not wait) */
    bool done, stop;
    mc_status st;
    unit_feed_producer run;
    void *arg;
    void (*copy)(uint8_t *dst, const uint8_t *src); /* NULL: memcpy of unit_bytes */
};

static void *feed_main(void *p)
{
    unit_feed *f = p;
    mc_status st = f->run(f, f->arg);
    pthread_mutex_lock(&f->mu);
    f->done = true;
    f->st = st;
    pthread_cond_broadcast(&f->can_get);
    pthread_mutex_unlock(&f->mu);
    return NULL;
}

mc_status unit_feed_new(size_t unit_bytes, size_t cap, unit_feed_producer run, void *arg, unit_feed **out)
{
    unit_feed *f = calloc(1, sizeof *f);
    if (!f || !(f->ring = calloc(cap, unit_bytes))) {
        free(f);
        return MC_ENOMEM;
    }
    f->unit_bytes = unit_bytes;
    f->cap = cap;
    f->run = run;
    f->arg = arg;
    pthread_mutex_init(&f->mu, NULL);
    pthread_cond_init(&f->can_put, NULL);
    pthread_cond_init(&f->can_get, NULL);
    *out = f; /* before the thread starts: the producer may read it through arg */
    if (pthread_create(&f->thread, NULL, feed_main, f) != 0) {
        *out = NULL;
        pthread_mutex_destroy(&f->mu);
        pthread_cond_destroy(&f->can_put);
        pthread_cond_destroy(&f->can_get);
        free(f->ring);
        free(f);
        return MC_ENOMEM;
    }
    return MC_OK;
}

void unit_feed_set_copy(unit_feed *f, void (*copy)(uint8_t *dst, const uint8_t *src)) { f->copy = copy; }

uint8_t *unit_feed_reserve(unit_feed *f)
{
    pthread_mutex_lock(&f->mu);
    while (f->n == f->cap && !f->stop) pthread_cond_wait(&f->can_put, &f->mu);
    uint8_t *slot = f->stop ? NULL : f->ring + ((f->head + f->n) % f->cap) * f->unit_bytes;
    pthread_mutex_unlock(&f->mu);
    return slot;
}

void unit_feed_commit(unit_feed *f)
{
    pthread_mutex_lock(&f->mu);
    f->n++;
    if (f->want && f->n >= f->want) pthread_cond_signal(&f->can_get);
    pthread_mutex_unlock(&f->mu);
}

bool unit_feed_put(unit_feed *f, const uint8_t *unit)
{
    uint8_t *slot = unit_feed_reserve(f);
    if (!slot) return true;
    memcpy(slot, unit, f->unit_bytes);
    unit_feed_commit(f);
    return false;
}

bool unit_feed_stopping(unit_feed *f)
{
    pthread_mutex_lock(&f->mu);
    bool stop = f->stop;
    pthread_mutex_unlock(&f->mu);
    return stop;
}

size_t unit_feed_take(unit_feed *f, uint8_t *out, size_t max, mc_status *st)
{
    pthread_mutex_lock(&f->mu);
    /* wait for a batch, not for each unit: one wake-up per half ring */
    size_t need = max < f->cap / 2 ? max : f->cap / 2;
    if (need == 0) need = 1;
    while (f->n < need && !f->done) {
        f->want = need;
        pthread_cond_wait(&f->can_get, &f->mu);
    }
    f->want = 0;
    size_t k = 0;
    while (k < max && f->n > 0) {
        const uint8_t *from = f->ring + f->head * f->unit_bytes;
        if (out && f->copy) f->copy(out + k * f->unit_bytes, from);
        else if (out) memcpy(out + k * f->unit_bytes, from, f->unit_bytes);
        f->head = (f->head + 1) % f->cap;
        f->n--;
        k++;
    }
    *st = f->st;
    pthread_cond_signal(&f->can_put);
    pthread_mutex_unlock(&f->mu);
    return k;
}

void unit_feed_free(unit_feed *f)
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

mc_status unit_feed_read_ranks(unit_feed *f, size_t unit_bytes, uint64_t *next, uint64_t first, uint64_t count,
                               uint8_t *out)
{
    while (*next < first + count) {
        mc_status st;
        uint8_t *to = NULL;
        uint64_t want;
        if (*next < first) {
            want = first - *next;
        } else {
            want = first + count - *next;
            to = out + (size_t)(*next - first) * unit_bytes;
        }
        size_t got = unit_feed_take(f, to, (size_t)want, &st);
        if (got == 0) return st != MC_OK ? st : MC_EOF;
        *next += got;
    }
    return MC_OK;
}
