/* grid_ticker — see grid_ticker.h. */
#include "grid_ticker.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

#include "mc_clock.h"

struct grid_ticker {
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t wake;
    FILE *out;
    bool tty;
    double delay, interval; /* first line after delay s, then every interval s */
    /* under lock: */
    bool quit, active, shown;
    double start, last;
    char label[256];
    /* from the search thread */
    _Atomic uint64_t found;
};

static void print_line(grid_ticker *t, double now)
{
    uint64_t found = atomic_load(&t->found);
    fprintf(t->out, "%s%s: %.0fs on this grid, %llu puzzle%s so far%s", t->tty ? "\r" : "", t->label,
            now - t->start, (unsigned long long)found, found == 1 ? "" : "s", t->tty ? "\033[K" : "\n");
    fflush(t->out);
    t->shown = true;
    t->last = now;
}

static void *run(void *arg)
{
    grid_ticker *t = arg;
    pthread_mutex_lock(&t->lock);
    while (!t->quit) {
        struct timespec until;
        clock_gettime(CLOCK_MONOTONIC, &until);
        until.tv_nsec += 250000000L;
        if (until.tv_nsec >= 1000000000L) until.tv_sec++, until.tv_nsec -= 1000000000L;
        pthread_cond_timedwait(&t->wake, &t->lock, &until);
        double now = mc_wall_seconds();
        if (t->active && !t->quit && now - t->start >= t->delay && (!t->shown || now - t->last >= t->interval))
            print_line(t, now);
    }
    pthread_mutex_unlock(&t->lock);
    return NULL;
}

grid_ticker *grid_ticker_new(const progress *p)
{
    grid_ticker *t = calloc(1, sizeof *t);
    if (!t) return NULL;
    t->out = p->out;
    t->tty = p->tty;
    t->interval = p->interval;
    t->delay = p->tty ? 1.0 : p->interval;
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    bool ok = pthread_mutex_init(&t->lock, NULL) == 0;
    ok = ok && pthread_cond_init(&t->wake, &ca) == 0;
    pthread_condattr_destroy(&ca);
    if (!ok || pthread_create(&t->thread, NULL, run, t) != 0) {
        free(t);
        return NULL;
    }
    return t;
}

void grid_ticker_free(grid_ticker *t)
{
    if (!t) return;
    pthread_mutex_lock(&t->lock);
    t->quit = true;
    pthread_cond_signal(&t->wake);
    pthread_mutex_unlock(&t->lock);
    pthread_join(t->thread, NULL);
    pthread_cond_destroy(&t->wake);
    pthread_mutex_destroy(&t->lock);
    free(t);
}

void grid_ticker_begin(grid_ticker *t, const char *label)
{
    if (!t) return;
    pthread_mutex_lock(&t->lock);
    snprintf(t->label, sizeof t->label, "%s", label);
    atomic_store(&t->found, 0);
    t->start = t->last = mc_wall_seconds();
    t->shown = false;
    t->active = true;
    pthread_mutex_unlock(&t->lock);
}

void grid_ticker_found(grid_ticker *t)
{
    if (t) atomic_fetch_add(&t->found, 1);
}

void grid_ticker_end(grid_ticker *t)
{
    if (!t) return;
    pthread_mutex_lock(&t->lock);
    t->active = false;
    if (t->shown && t->tty) {
        fputs("\r\033[K", t->out);
        fflush(t->out);
    }
    t->shown = false;
    pthread_mutex_unlock(&t->lock);
}
