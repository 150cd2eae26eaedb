/* mpi_master — MPI start-up and the master rank's chunk loop: hands out
 * chunks, takes results back and has them recorded (mpi_record.c); see
 * mpi_master.h and mpi_run.h. */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "grid_ticker.h"
#include "mc_clock.h"
#include "mc_test_hooks.h"
#include "mpi_master.h"

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

/* Everything that can fail before any work starts: the record
 * (mpi_record_open), the chunk slots, the run's note in the journal. */
static mc_status master_setup(master *m)
{
    job *j = m->j;
    mc_status st = mpi_record_open(m);
    if (st != MC_OK || m->complete) return st;
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
    if (!m->slots || !m->requeue || !m->inflight || !m->given_up)
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
    return mpi_record_note(m);
}

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
    memcpy(&r->cpu_seconds, &h[RUN_RESULT_CPU], sizeof(double));
    r->cpu_known = r->cpu_seconds >= 0;
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
    st = mpi_record_chunk(m, s, w);
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
                progress_update(&m->prog, m->grids_done, mpi_record_progress_text(m, 0, extra, sizeof extra));
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
    progress_update(&m->prog, m->grids_done + done, mpi_record_progress_text(m, m->res.nfound, extra, sizeof extra));
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
        if ((st = mpi_record_chunk(m, s, 0)) != MC_OK) break;
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
    /* ok (1; 2 complete, 3 stopped before the start), box R, box C, engine
     * (as resolved by the master) */
    int info[4] = {0, 0, 0, 0};
    double t0 = mc_wall_seconds();
    if (rank == 0) {
        j->halt = &stop_flag; /* a source counting its grids looks at it */
        mc_status st = master_setup(&m);
        if (st == MC_OK) {
            info[0] = m.complete ? 2 : 1;
            info[1] = j->geo->R;
            info[2] = j->geo->C;
            info[3] = (int)j->engine;
        } else if (st == MC_STOPPED) {
            info[0] = 3;
            fprintf(stderr, "minclue run: %s: signal %d while %s, before the run started: nothing recorded\n", j->path,
                    (int)stop_flag, m.err.msg);
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
        return info[0] == 2 ? RUN_EXIT_DONE : info[0] == 3 ? RUN_EXIT_INTERRUPTED : RUN_EXIT_ERROR;
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
    int status = mpi_record_finish(&m, interrupted, t0);
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
