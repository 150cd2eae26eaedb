/* mpi_master — MPI start-up and the master rank: hands out chunks, checks
 * and records results (see mpi_run.h). */
#include <mpi.h>

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "bandpair_rank.h"
#include "bandpair_unit.h"
#include "banner.h"
#include "chunk_streams.h"
#include "cli/grid_ticker.h"
#include "mc_test_hooks.h"
#include "progress.h"
#include "mc_clock.h"
#include "mpi_run.h"

/* SIGTERM/SIGINT/SIGUSR1 set stop_flag (no new chunks are started) and arm an alarm
 * for the grace period; when it rings hard_flag makes the engines give up
 * their current chunk between two grids. */
static volatile sig_atomic_t stop_flag, hard_flag;
static unsigned grace_alarm;
static void on_signal(int sig)
{
    if (stop_flag) return;
    stop_flag = sig;
    if (grace_alarm) alarm(grace_alarm);
    else hard_flag = 1;
}
static void on_alarm(int sig)
{
    (void)sig;
    hard_flag = 1;
}

/* A chunk held by the master: sent to a worker (busy) or waiting to be
 * sent again (requeued after a worker gave it back). The buffer holds the
 * chunk message: header, then the units. */
typedef struct slot {
    bool busy;
    uint64_t index, first, count, checksum;
    uint8_t *buf;
    MPI_Request req;
} slot;

typedef struct master {
    job *j;
    const run_options *o;
    int size;               /* MPI ranks */
    int nc;                 /* cells of a grid (found puzzles) */
    size_t unit;            /* bytes of a unit (source.h: a grid, or a packed band-pair group) */
    journal *jl;
    journal_data done;      /* finished chunks (journal + this run) */
    uint8_t *isdone;        /* per chunk index */
    uint64_t nchunks, next; /* next chunk index to consider */
    job_source *src;
    solver_ctx *sv;
    bandpair_ctx *bp;       /* groups: the covering item of a reported puzzle */
    slot *slots;            /* (size - 1) * inflight, or 1 without workers */
    int *inflight;          /* per worker rank */
    bool *given_up;         /* worker gave a chunk back (signalled): no more work for it */
    slot *requeue;
    size_t nrequeue;
    size_t bufsize;
    job_result res;
    uint8_t *rbuf;
    size_t rcap;
    progress prog;
    uint64_t grids_done, grids_todo, puzzles, chunks_this_run;
    bool make;              /* the workers make the units (run_workers_make_units) */
    chunk_streams *streams; /* then: which chunk each worker takes (chunk_streams.h) */
    uint64_t unsent;        /* then: chunks neither done nor in flight */
    double chunk_seconds;   /* then: sum of the workers' chunk times this run */
    const uint8_t *found_units; /* then: the units of the last result's ranks with puzzles */
    bool complete;          /* the output holds the whole job already (journal_complete): nothing to do */
    job_totals complete_totals;
    bool chunk_lie;         /* test hooks MC_TEST_CHUNK_LIE, MC_TEST_ABORT_DELAY_MS (mc_test_hooks.h) */
    long abort_delay_ms;
    mc_error err;
} master;

/* What a rank is, in messages. */
#define UNITS(j) (job_source_gives_groups((j)->source) ? "groups" : "grids")

/* A stream taken over from another worker must hold at least this many
 * seconds of chunks (the worker's source starts anew: up to about 0.7 s). */
#define STEAL_SECONDS 1.0

static bool has_work(master *m)
{
    if (m->streams) return m->unsent > 0;
    if (m->nrequeue) return true;
    while (m->next < m->nchunks && m->isdone[m->next]) m->next++;
    return m->next < m->nchunks;
}

/* Every chunk of the job is recorded (has_work says only that none is left
 * to send: chunks in flight are neither). */
static bool all_done(const master *m) { return (uint64_t)m->done.nchunks == m->nchunks; }

/* The fewest chunks worth taking over from another worker's stream. */
static uint64_t min_steal(const master *m)
{
    if (m->chunks_this_run == 0 || m->chunk_seconds <= 0) return 1;
    double per_chunk = m->chunk_seconds / (double)m->chunks_this_run;
    double n = STEAL_SECONDS / per_chunk;
    return n < 1 ? 1 : n > 1e9 ? 1000000000 : (uint64_t)n + 1;
}

/* Fills s with the next chunk for worker w (requeued first); MC_EOF when
 * there is none for w now. */
static mc_status load_chunk(master *m, slot *s, int w)
{
    if (m->nrequeue) {
        slot *r = &m->requeue[--m->nrequeue];
        uint8_t *b = s->buf;
        *s = *r;
        r->buf = b;
        m->unsent -= m->streams != NULL;
        return MC_OK;
    }
    uint64_t i;
    bool jumped;
    if (!m->streams) {
        i = m->next++;
    } else if (chunk_streams_next(m->streams, w - 1, min_steal(m), &i, &jumped)) {
        m->unsent--;
    } else {
        return MC_EOF;
    }
    s->index = i;
    job_chunk_range(m->j, i, &s->first, &s->count);
    uint64_t hdr[RUN_CHUNK_HEADER] = {s->first, s->count};
    memcpy(s->buf, hdr, sizeof hdr);
    if (m->make) { /* the worker reads the units and computes the checksum */
        s->checksum = 0;
        return MC_OK;
    }
    mc_status st = job_source_read(m->src, s->first, s->count, s->buf + sizeof hdr, &m->err);
    if (st != MC_OK) return st;
    s->checksum = job_checksum_units(m->j, s->buf + sizeof hdr, s->count);
    return MC_OK;
}

/* more: puzzles of the chunk in progress (run alone), not yet recorded */
static char *progress_extra(master *m, uint64_t more, char *buf, size_t n)
{
    uint64_t p = m->puzzles + more;
    snprintf(buf, n, "%" PRIu64 " puzzle%s found, %" PRIu64 "/%" PRIu64 " chunks", p, p == 1 ? "" : "s",
             (uint64_t)m->done.nchunks, m->nchunks);
    return buf;
}

/* Checks a finished chunk against what was sent, re-checks its puzzles,
 * appends it to the journal. */
static mc_status record(master *m, slot *s, int worker)
{
    job_result *r = &m->res;
    const uint8_t *grids = m->make ? m->found_units : s->buf + RUN_CHUNK_HEADER * 8;
    if (r->count != s->count || (!m->make && r->checksum != s->checksum))
        return mc_fail(&m->err, MC_ECORRUPT,
                       "rank %d returned chunk %" PRIu64 "+%" PRIu64 " with checksum %016" PRIx64 ", sent %016" PRIx64,
                       worker, r->first, r->count, r->checksum, s->checksum);
    if (r->nfound != r->puzzles)
        return mc_fail(&m->err, MC_ECORRUPT, "rank %d: chunk %" PRIu64 ": %" PRIu64 " puzzles counted, %zu sent",
                       worker, r->first, r->puzzles, r->nfound);
    for (size_t i = 0, k = 0; i < r->nfound; i++) {
        const job_puzzle *p = &r->found[i];
        mc_error e;
        if (p->rank < s->first || p->rank >= s->first + s->count || (i > 0 && p->rank < r->found[i - 1].rank))
            return mc_fail(&m->err, MC_ECORRUPT, "rank %d reported a puzzle of rank %" PRIu64 " outside its chunk",
                           worker, p->rank);
        const uint8_t *u;
        if (m->make) { /* the unit the worker sent along: it must be the group of that rank */
            if (i > 0 && p->rank != r->found[i - 1].rank) k++;
            u = grids + k * m->unit;
            if (bandpair_rank_join(bandpair_unit_band1(u), bandpair_unit_local(u)) != p->rank ||
                bandpair_unit_nitems(u) > BANDPAIR_MAX_ITEMS)
                return mc_fail(&m->err, MC_ECORRUPT, "rank %d sent a group that is not the one of rank %" PRIu64,
                               worker, p->rank);
        } else {
            u = grids + (p->rank - s->first) * (uint64_t)m->unit;
        }
        if ((m->bp ? job_check_group_puzzle(m->sv, m->bp, u, p->cell, m->j->clues, &e)
                   : job_check_puzzle(m->sv, m->j->geo, u, p->cell, m->j->clues, &e)) != MC_OK)
            return mc_fail(&m->err, MC_ECORRUPT, "rank %d reported a puzzle of grid %" PRIu64
                           " that fails the master's check (%s); nothing recorded", worker, p->rank, e.msg);
    }
    mc_status st = journal_append(m->jl, r, &m->err);
    if (st != MC_OK) return st;
    if (journal_data_add(&m->done, r) != MC_OK) return mc_fail(&m->err, MC_ENOMEM, "out of memory");
    m->isdone[s->index] = 1;
    m->chunk_seconds += r->seconds;
    m->grids_done += r->count;
    m->puzzles += r->puzzles;
    m->chunks_this_run++;
    if (!m->o->quiet) {
        char extra[160];
        progress_update(&m->prog, m->grids_done, progress_extra(m, 0, extra, sizeof extra));
    }
    return MC_OK;
}

static mc_status unpack_result(master *m, const uint8_t *buf, size_t n)
{
    job_result *r = &m->res;
    job_result_clear(r);
    uint64_t h[RUN_RESULT_HEADER];
    if (n < sizeof h) return mc_fail(&m->err, MC_ECORRUPT, "short result message");
    memcpy(h, buf, sizeof h);
    r->first = h[RUN_RESULT_FIRST];
    r->count = h[RUN_RESULT_COUNT];
    r->checksum = h[RUN_RESULT_CHECKSUM];
    r->abandoned = h[RUN_RESULT_ABANDONED] != 0;
    memcpy(&r->seconds, &h[RUN_RESULT_SECONDS], sizeof(double));
    work_counters_unpack(&r->work, &h[RUN_RESULT_COUNTERS]);
    const uint64_t nfound = h[RUN_RESULT_NFOUND];
    if (nfound > (n - sizeof h) / (8 + (uint64_t)m->nc)) return mc_fail(&m->err, MC_ECORRUPT, "bad result message");
    const uint8_t *p = buf + sizeof h;
    for (uint64_t i = 0; i < nfound; i++, p += 8 + m->nc) {
        uint64_t rank;
        memcpy(&rank, p, 8);
        if (job_result_add_found(r, rank, p + 8, m->nc) != MC_OK) return mc_fail(&m->err, MC_ENOMEM, "out of memory");
    }
    m->found_units = p;
    uint64_t units = m->make ? run_found_ranks(r) * (uint64_t)m->unit : 0;
    if (n != sizeof h + nfound * (8 + (uint64_t)m->nc) + units) return mc_fail(&m->err, MC_ECORRUPT, "bad result message");
    return MC_OK;
}

static slot *find_slot(master *m, int worker, uint64_t first)
{
    slot *s = &m->slots[(size_t)(worker - 1) * (size_t)m->j->inflight];
    for (int i = 0; i < m->j->inflight; i++)
        if (s[i].busy && s[i].first == first) return &s[i];
    return NULL;
}

static mc_status requeue_slot(master *m, slot *s)
{
    m->unsent += m->streams != NULL;
    slot *r = &m->requeue[m->nrequeue++];
    uint8_t *b = r->buf;
    *r = *s;
    s->buf = b;
    r->busy = false;
    s->busy = false;
    return MC_OK;
}

/* Receives one message; MC_EOF when none was waiting. */
static mc_status poll_workers(master *m)
{
    int flag;
    MPI_Status ms;
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &ms);
    if (!flag) return MC_EOF;
    int n;
    MPI_Get_count(&ms, MPI_BYTE, &n);
    if ((size_t)n + 1 > m->rcap) {
        uint8_t *b = realloc(m->rbuf, (size_t)n + 1);
        if (!b) return mc_fail(&m->err, MC_ENOMEM, "out of memory");
        m->rbuf = b;
        m->rcap = (size_t)n + 1;
    }
    int w = ms.MPI_SOURCE;
    MPI_Recv(m->rbuf, n, MPI_BYTE, w, ms.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (ms.MPI_TAG == RUN_TAG_ERROR) {
        m->rbuf[n] = 0;
        return mc_fail(&m->err, MC_EINVAL, "rank %d: %s", w, (char *)m->rbuf);
    }
    if (ms.MPI_TAG != RUN_TAG_RESULT) return mc_fail(&m->err, MC_ECORRUPT, "rank %d: unexpected message", w);
    mc_status st = unpack_result(m, m->rbuf, (size_t)n);
    if (st != MC_OK) return st;
    slot *s = find_slot(m, w, m->res.first);
    if (!s) return mc_fail(&m->err, MC_ECORRUPT, "rank %d returned a chunk it was not given", w);
    MPI_Wait(&s->req, MPI_STATUS_IGNORE);
    m->inflight[w]--;
    if (m->res.abandoned) {
        m->given_up[w] = true;
        if (m->streams) chunk_streams_retire(m->streams, w - 1);
        s->busy = false;
        return requeue_slot(m, s);
    }
    st = record(m, s, w);
    s->busy = false;
    return st;
}

static mc_status dispatch(master *m, int w)
{
    slot *s = &m->slots[(size_t)(w - 1) * (size_t)m->j->inflight];
    for (int i = 0; i < m->j->inflight; i++) {
        if (s[i].busy) continue;
        mc_status st = load_chunk(m, &s[i], w);
        if (st != MC_OK) return st;
        s[i].busy = true;
        m->inflight[w]++;
        if (m->chunk_lie) { /* test hook: the header announces far more units than the message holds */
            m->chunk_lie = false;
            uint64_t lie = s[i].count + (UINT64_C(1) << 40);
            memcpy(s[i].buf + 8, &lie, 8);
        }
        MPI_Isend(s[i].buf, (int)(RUN_CHUNK_HEADER * 8 + (m->make ? 0 : s[i].count * (uint64_t)m->unit)), MPI_BYTE, w, RUN_TAG_CHUNK,
                  MPI_COMM_WORLD, &s[i].req);
        return MC_OK;
    }
    return MC_OK;
}

/* Idle wait between polls: 50 us after a message, doubling up to 5 ms, so a
 * busy master answers fast and an idle one costs no CPU. */
static void sleep_briefly(long *nap)
{
    struct timespec ts = {0, *nap};
    nanosleep(&ts, NULL);
    if (*nap < 5000000) *nap *= 2;
}

/* The distributed loop. *interrupted is set when it ended with a chunk not
 * recorded (unsent, or in flight when the grace period ended);
 * *lost is the number of chunks still in flight when the grace period ended. */
static mc_status run_master(master *m, bool *interrupted, int *lost)
{
    bool stopping = false;
    double stop_time = 0;
    long nap = 50000;
    *lost = 0;
    for (;;) {
        if (stop_flag && !stopping) {
            stopping = true;
            stop_time = mc_wall_seconds();
            int fl = 0;
            for (int w = 1; w < m->size; w++) fl += m->inflight[w];
            progress_break(&m->prog);
            fprintf(stderr, "minclue run: signal %d: no new work; waiting up to %.0f s for %d chunk%s in flight\n",
                    (int)stop_flag, m->j->grace, fl, fl == 1 ? "" : "s");
        }
        if (!stopping)
            for (int w = 1; w < m->size; w++)
                while (!m->given_up[w] && m->inflight[w] < m->j->inflight && has_work(m)) {
                    mc_status st = dispatch(m, w);
                    if (st == MC_EOF) break; /* nothing for w now */
                    if (st != MC_OK) return st;
                }
        int fl = 0, active = 0;
        for (int w = 1; w < m->size; w++) {
            fl += m->inflight[w];
            active += !m->given_up[w];
        }
        if (fl == 0 && (stopping || active == 0 || !has_work(m))) break;
        if (stopping && mc_wall_seconds() - stop_time > m->j->grace + 3) {
            *lost = fl;
            break;
        }
        mc_status st = poll_workers(m);
        if (st == MC_EOF) {
            if (!m->o->quiet) { /* throttled: a line every 30 s (0.5 s on a terminal) */
                char extra[160];
                progress_update(&m->prog, m->grids_done, progress_extra(m, 0, extra, sizeof extra));
            }
            sleep_briefly(&nap);
        } else if (st != MC_OK) {
            return st;
        } else {
            nap = 50000;
        }
    }
    *interrupted = !all_done(m);
    return MC_OK;
}

/* Progress inside a chunk when running alone: the progress line between
 * units (throttled as between chunks), and a ticker while one unit runs
 * long ("grid of rank R, K = 17, engine checker: 30s on this grid, ..."). */
typedef struct alone_watch {
    master *m;
    grid_ticker *ticker;
} alone_watch;

static void alone_unit(void *arg, uint64_t done, uint64_t rank)
{
    alone_watch *w = arg;
    master *m = w->m;
    grid_ticker_end(w->ticker);
    char extra[160], label[200];
    progress_update(&m->prog, m->grids_done + done, progress_extra(m, m->res.nfound, extra, sizeof extra));
    snprintf(label, sizeof label, "%s of rank %" PRIu64 ", K = %d, engine %s",
             job_source_gives_groups(m->j->source) ? "group" : "grid", rank, m->j->clues,
             job_engine_name(m->j->engine));
    grid_ticker_begin(w->ticker, label);
}

static void alone_found(void *arg) { grid_ticker_found(((alone_watch *)arg)->ticker); }

/* One process: rank 0 does the work itself. */
static mc_status run_alone(master *m, bool *interrupted)
{
    job_engine *eng;
    mc_status st = job_engine_new(m->j, &eng, &m->err);
    if (st != MC_OK) return st;
    alone_watch aw = {m, NULL};
    if (!m->o->quiet) { /* without a ticker (no thread to be had) the line between units stays */
        aw.ticker = grid_ticker_new(&m->prog);
        job_engine_set_watch(eng, &(job_engine_watch){alone_unit, alone_found, &aw});
    }
    slot *s = &m->slots[0];
    while (!stop_flag && has_work(m)) {
        if ((st = load_chunk(m, s, 0)) != MC_OK) break;
        st = job_engine_run(eng, s->buf + RUN_CHUNK_HEADER * 8, s->first, s->count, &m->res, &hard_flag, &m->err);
        grid_ticker_end(aw.ticker);
        if (st != MC_OK) break;
        if (m->res.abandoned) {
            requeue_slot(m, s);
            break;
        }
        if ((st = record(m, s, 0)) != MC_OK) break;
    }
    if (stop_flag) {
        progress_break(&m->prog);
        fprintf(stderr, "minclue run: signal %d: %s\n", (int)stop_flag,
                hard_flag ? "grace period over, current chunk given up" : "current chunk finished");
    }
    job_engine_free(eng);
    grid_ticker_free(aw.ticker);
    *interrupted = !all_done(m);
    return st;
}

/* Frees a slot's buffer unless a send from it is still pending: the
 * transport may read the buffer until the worker takes the message, so on
 * the paths that end in MPI_Abort (an error, or chunks still in flight when
 * the grace period is over) such a buffer is left to the end of the process. */
static void slot_free(slot *s)
{
    if (s->busy) {
        int sent = 0;
        MPI_Test(&s->req, &sent, MPI_STATUS_IGNORE);
        if (!sent) return;
    }
    free(s->buf);
}

static void master_free(master *m)
{
    size_t nslots = m->size > 1 ? (size_t)(m->size - 1) * (size_t)m->j->inflight : 1;
    if (m->slots)
        for (size_t i = 0; i < nslots; i++) slot_free(&m->slots[i]);
    if (m->requeue)
        for (size_t i = 0; i < nslots; i++) free(m->requeue[i].buf);
    free(m->slots);
    free(m->requeue);
    free(m->inflight);
    free(m->given_up);
    free(m->isdone);
    free(m->rbuf);
    chunk_streams_free(m->streams);
    job_result_free(&m->res);
    job_source_close(m->src);
    solver_free(m->sv);
    bandpair_ctx_free(m->bp);
    journal_close(m->jl);
    journal_data_free(&m->done);
}

/* Ends every rank when workers may still hold or be sent chunks (an error,
 * or the grace period over): frees what no pending send uses, then
 * MPI_Abort. */
static int abort_run(master *m, int status)
{
    long linger_ms = m->abort_delay_ms;
    master_free(m);
    if (linger_ms > 0) { /* test hook: the workers take the chunks in flight meanwhile */
        struct timespec ts = {linger_ms / 1000, linger_ms % 1000 * 1000000L};
        nanosleep(&ts, NULL);
    }
    MPI_Abort(MPI_COMM_WORLD, status);
    return status;
}

/* Everything that can fail before any work starts. */
static mc_status master_setup(master *m)
{
    job *j = m->j;
    mc_status st = job_resolve(j, &m->err);
    if (st != MC_OK) return st;
    m->nc = j->geo->ncells;
    m->unit = job_unit_bytes(j);
    job_engine *eng; /* the engine must be available: fail once, here */
    if ((st = job_engine_new(j, &eng, &m->err)) != MC_OK) return st;
    job_engine_free(eng);
    /* a complete output is only read: every file stays as it is */
    if ((st = journal_complete(j, &m->complete, &m->complete_totals, &m->err)) != MC_OK || m->complete) return st;
    journal_data raw;
    if ((st = journal_open(j, &m->jl, &raw, &m->err)) != MC_OK) return st;
    if (raw.bad_lines)
        fprintf(stderr, "minclue run: %s/journal: %ld torn or damaged line%s ignored (first at line %ld)\n", j->output,
                raw.bad_lines, raw.bad_lines == 1 ? "" : "s", raw.first_bad_line);
    m->nchunks = job_nchunks(j);
    m->isdone = calloc(m->nchunks ? m->nchunks : 1, 1);
    if (!m->isdone) {
        journal_data_free(&raw);
        return mc_fail(&m->err, MC_ENOMEM, "out of memory");
    }
    /* the finished chunks, each once */
    m->done.identity = raw.identity;
    raw.identity = NULL;
    for (size_t i = 0; i < raw.nchunks; i++) {
        job_result *r = &raw.chunks[i];
        uint64_t idx = (r->first - j->first) / j->chunk;
        if (m->isdone[idx]) {
            fprintf(stderr, "minclue run: %s/journal: chunk %" PRIu64 "+%" PRIu64 " twice; counted once\n", j->output,
                    r->first, r->count);
            continue;
        }
        m->isdone[idx] = 1;
        if (journal_data_add(&m->done, r) != MC_OK) {
            journal_data_free(&raw);
            return mc_fail(&m->err, MC_ENOMEM, "out of memory");
        }
        m->puzzles += r->puzzles;
    }
    journal_data_free(&raw);
    uint64_t done_grids = 0;
    for (size_t i = 0; i < m->done.nchunks; i++) done_grids += m->done.chunks[i].count;
    m->grids_todo = job_total(j) - done_grids;
    if ((st = job_source_open(j, &m->src, &m->err)) != MC_OK) return st;
    m->sv = solver_new(j->geo);
    if (job_source_gives_groups(j->source) && bandpair_ctx_new(&m->bp) != MC_OK)
        return mc_fail(&m->err, MC_ENOMEM, "out of memory");
    size_t nslots = m->size > 1 ? (size_t)(m->size - 1) * (size_t)j->inflight : 1;
    m->make = m->size > 1 && run_workers_make_units(j);
    if (m->make) {
        for (uint64_t i = 0; i < m->nchunks; i++) m->unsent += !m->isdone[i];
        if (chunk_streams_new(m->nchunks, m->isdone, m->size - 1, &m->streams) != MC_OK)
            return mc_fail(&m->err, MC_ENOMEM, "out of memory");
    }
    m->bufsize = RUN_CHUNK_HEADER * 8 + (m->make ? 0 : (size_t)j->chunk * m->unit);
    m->slots = calloc(nslots, sizeof *m->slots);
    m->requeue = calloc(nslots, sizeof *m->requeue);
    m->inflight = calloc((size_t)m->size, sizeof *m->inflight);
    m->given_up = calloc((size_t)m->size, sizeof *m->given_up);
    if (!m->sv || !m->slots || !m->requeue || !m->inflight || !m->given_up)
        return mc_fail(&m->err, MC_ENOMEM, "out of memory");
    for (size_t i = 0; i < nslots; i++) {
        m->slots[i].buf = malloc(m->bufsize);
        m->requeue[i].buf = malloc(m->bufsize);
        if (!m->slots[i].buf || !m->requeue[i].buf) return mc_fail(&m->err, MC_ENOMEM, "out of memory");
    }
    mc_test_hooks hooks;
    mc_test_hooks_read(&hooks);
    m->chunk_lie = hooks.chunk_lie;
    m->abort_delay_ms = hooks.abort_delay_ms;
    char note[2048];
    char *banner = NULL;
    size_t blen = 0;
    FILE *bm = open_memstream(&banner, &blen);
    if (bm) {
        mc_banner(bm);
        fclose(bm);
    }
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    char when[32];
    strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &tm);
    snprintf(note, sizeof note, "run %s: %d rank%s, %" PRIu64 " of %" PRIu64 " chunks done; %s", when, m->size,
             m->size == 1 ? "" : "s", (uint64_t)m->done.nchunks, m->nchunks, banner ? banner : "");
    free(banner);
    return journal_comment(m->jl, note, &m->err);
}

static int finish(master *m, bool interrupted, double t0)
{
    job *j = m->j;
    mc_status st = job_write_found(j, &m->done, &m->err);
    if (st == MC_OK && !interrupted) st = job_write_summary(j, &m->done, mc_wall_seconds() - t0, &m->err);
    if (st != MC_OK) {
        fprintf(stderr, "minclue run: %s\n", m->err.msg);
        return RUN_EXIT_ERROR;
    }
    char extra[160];
    if (!m->o->quiet) progress_done(&m->prog, m->grids_done, progress_extra(m, 0, extra, sizeof extra));
    job_totals t;
    job_totals_of(&m->done, &t);
    if (interrupted) {
        fprintf(stderr, "minclue run: interrupted: %" PRIu64 " of %" PRIu64 " %s done, %" PRIu64
                " puzzle%s so far; run the same command again to resume\n", t.grids, job_total(j), job_unit_noun(j, job_total(j)), t.puzzles,
                t.puzzles == 1 ? "" : "s");
        return RUN_EXIT_INTERRUPTED;
    }
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    double cpu = (double)ru.ru_utime.tv_sec + 1e-6 * (double)ru.ru_utime.tv_usec + (double)ru.ru_stime.tv_sec +
                 1e-6 * (double)ru.ru_stime.tv_usec;
    fprintf(stderr, "minclue run: complete: ranks %" PRIu64 "..%" PRIu64 ", %" PRIu64 " %s, K = %d: %" PRIu64
            " puzzle%s%s (this run: %" PRIu64 " %s in %.2f s, master CPU %.2f s); results in %s\n", j->first,
            j->last, t.grids, job_unit_noun(j, t.grids), j->clues, t.puzzles, t.puzzles == 1 ? "" : "s",
            j->engine == JOB_ENGINE_NONE ? " (dry run: nothing searched)" : "", m->grids_done,
            job_unit_noun(j, m->grids_done),
            mc_wall_seconds() - t0, cpu,
            j->output);
    return RUN_EXIT_DONE;
}

int mpi_run_job(job *j, const run_options *o)
{
    MPI_Init(NULL, NULL);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGUSR1, &sa, NULL); /* mpirun forwards USR1 to every rank without killing them */
    sa.sa_handler = on_alarm;
    sigaction(SIGALRM, &sa, NULL);
    grace_alarm = j->grace > 0 ? (unsigned)(j->grace + 0.999) : 0;

    master m;
    memset(&m, 0, sizeof m);
    m.j = j;
    m.o = o;
    m.size = size;
    int info[4] = {0, 0, 0, 0}; /* ok, box R, box C, engine (as resolved by the master) */
    double t0 = mc_wall_seconds();
    if (rank == 0) {
        mc_status st = master_setup(&m);
        if (st == MC_OK) {
            info[0] = m.complete ? 2 : 1;
            info[1] = j->geo->R;
            info[2] = j->geo->C;
            info[3] = (int)j->engine;
        } else {
            fprintf(stderr, "minclue run: %s\n", m.err.msg);
        }
    }
    MPI_Bcast(info, 4, MPI_INT, 0, MPI_COMM_WORLD);
    if (info[0] != 1) {
        if (rank == 0 && info[0] == 2) {
            char claim[512];
            job_claim_text(j, &m.complete_totals, claim, sizeof claim);
            fprintf(stderr, "minclue run: %s: complete (%s), nothing to do; %s left as it is\n", j->path, claim,
                    j->output);
        }
        if (rank == 0) master_free(&m);
        MPI_Finalize();
        return info[0] == 2 ? RUN_EXIT_DONE : RUN_EXIT_ERROR;
    }
    uint64_t range[2] = {j->first, j->last}; /* as resolved by the master: workers that make units read them */
    MPI_Bcast(range, 2, MPI_UINT64_T, 0, MPI_COMM_WORLD);
    if (rank != 0) {
        j->first = range[0];
        j->last = range[1];
        j->geo = geometry_get(info[1], info[2]);
        j->engine = (job_engine_kind)info[3]; /* the default is chosen once, by the master (job_resolve) */
        j->engine_given = true;
        int status = mpi_worker_loop(j, &stop_flag, &hard_flag);
        MPI_Finalize();
        return status;
    }
    if (!o->quiet) progress_init(&m.prog, UNITS(j), m.grids_todo);
    /* the start line, with --quiet too */
    fprintf(stderr, "minclue run: %s: %" PRIu64 " %s (ranks %" PRIu64 "..%" PRIu64 "), %" PRIu64
            " still to do, K = %d, engine %s, %d worker%s\n", j->path, job_total(j), job_unit_noun(j, job_total(j)),
            j->first, j->last, m.grids_todo, j->clues, job_engine_name(j->engine), size > 1 ? size - 1 : 1,
            size <= 2 ? "" : "s");
    bool interrupted = false;
    int lost = 0;
    mc_status st = size > 1 ? run_master(&m, &interrupted, &lost) : run_alone(&m, &interrupted);
    if (st != MC_OK) {
        progress_break(&m.prog);
        fprintf(stderr, "minclue run: %s\n", m.err.msg);
        mc_error e2;
        if (job_write_found(j, &m.done, &e2) != MC_OK) fprintf(stderr, "minclue run: %s\n", e2.msg);
        fprintf(stderr, "minclue run: stopped; the journal holds every chunk recorded so far\n");
        return abort_run(&m, RUN_EXIT_ERROR);
    }
    int status = finish(&m, interrupted, t0);
    if (lost > 0) {
        fprintf(stderr, "minclue run: %d chunk%s still in flight after the grace period; redone on resume\n", lost,
                lost == 1 ? "" : "s");
        return abort_run(&m, RUN_EXIT_INTERRUPTED);
    }
    for (int w = 1; w < size; w++) MPI_Send(NULL, 0, MPI_BYTE, w, RUN_TAG_STOP, MPI_COMM_WORLD);
    master_free(&m);
    MPI_Finalize();
    return status;
}
