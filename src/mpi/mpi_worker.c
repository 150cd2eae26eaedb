/* mpi_worker — a worker rank: receives chunks, runs the engine, sends results. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mc_clock.h"
#include "mc_test_hooks.h"
#include "mpi_run.h"

/* units: the chunk's (of ranks r->first..), appended for each rank with
 * puzzles when the worker made them (run_workers_make_units); else NULL. */
static size_t pack_result(const job_result *r, int ncells, const uint8_t *units, size_t unit, uint8_t **buf,
                          size_t *cap)
{
    size_t need = RUN_RESULT_HEADER * 8 + r->nfound * (8 + (size_t)ncells);
    if (units) need += run_found_ranks(r) * unit;
    if (need > *cap) {
        uint8_t *b = realloc(*buf, need);
        if (!b) return 0;
        *buf = b;
        *cap = need;
    }
    uint64_t h[RUN_RESULT_HEADER];
    h[RUN_RESULT_FIRST] = r->first;
    h[RUN_RESULT_COUNT] = r->count;
    h[RUN_RESULT_CHECKSUM] = r->checksum;
    h[RUN_RESULT_NFOUND] = r->nfound;
    h[RUN_RESULT_ABANDONED] = r->abandoned;
    memcpy(&h[RUN_RESULT_SECONDS], &r->seconds, sizeof(double));
    memcpy(&h[RUN_RESULT_CPU], &r->cpu_seconds, sizeof(double));
    work_counters_pack(&r->work, &h[RUN_RESULT_COUNTERS]);
    memcpy(*buf, h, sizeof h);
    uint8_t *p = *buf + sizeof h;
    for (size_t i = 0; i < r->nfound; i++) {
        memcpy(p, &r->found[i].rank, 8);
        memcpy(p + 8, r->found[i].cell, (size_t)ncells);
        p += 8 + (size_t)ncells;
    }
    for (size_t i = 0; units && i < r->nfound; i++)
        if (i == 0 || r->found[i].rank != r->found[i - 1].rank) {
            memcpy(p, units + (r->found[i].rank - r->first) * unit, unit);
            p += unit;
        }
    return need;
}

/* Reads the header of a chunk message of n bytes into hdr; true when it
 * announces 1..chunk units and the message holds exactly that many (none
 * when the worker makes them). */
static bool chunk_header_fits(const uint8_t *in, size_t n, const job *j, uint64_t hdr[RUN_CHUNK_HEADER])
{
    hdr[0] = hdr[1] = 0;
    if (n < RUN_CHUNK_HEADER * 8) return false;
    memcpy(hdr, in, RUN_CHUNK_HEADER * 8);
    uint64_t carried = run_workers_make_units(j) ? 0 : hdr[1] * (uint64_t)job_unit_bytes(j);
    return hdr[1] >= 1 && hdr[1] <= j->chunk && n - RUN_CHUNK_HEADER * 8 == carried;
}

static void send_error(const char *msg)
{
    MPI_Send(msg, (int)strlen(msg) + 1, MPI_CHAR, 0, RUN_TAG_ERROR, MPI_COMM_WORLD);
}

int mpi_worker_loop(const job *j, volatile sig_atomic_t *stop, volatile sig_atomic_t *hard)
{
    const int nc = j->geo->ncells;
    size_t inmax = RUN_CHUNK_HEADER * 8 + (size_t)j->chunk * job_unit_bytes(j);
    uint8_t *in = malloc(inmax), *out = NULL;
    size_t outcap = 0;
    job_result res;
    memset(&res, 0, sizeof res);
    job_engine *eng = NULL;
    mc_error err;
    /* test hook: report a wrong puzzle, to see the master refuse it */
    mc_test_hooks hooks;
    mc_test_hooks_read(&hooks);
    const bool corrupt = hooks.corrupt_found;
    const bool make = run_workers_make_units(j);
    const size_t unit = job_unit_bytes(j);
    job_source *src = NULL;
    int status = RUN_EXIT_DONE;
    if (!in) {
        send_error("worker: out of memory");
        status = RUN_EXIT_ERROR;
    } else if (job_engine_new(j, &eng, &err) != MC_OK || (make && job_source_open(j, &src, &err) != MC_OK)) {
        send_error(err.msg);
        job_engine_free(eng);
        eng = NULL;
        status = RUN_EXIT_ERROR;
    }
    for (;;) {
        /* wait for the master without spinning a core (Open MPI's blocking
         * probe busy-polls): probe, then sleep 50 us doubling to 10 ms */
        MPI_Status ms;
        int flag = 0;
        for (long nap = 50000;; nap = nap < 10000000 ? 2 * nap : nap) {
            MPI_Iprobe(0, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &ms);
            if (flag) break;
            struct timespec ts = {0, nap};
            nanosleep(&ts, NULL);
        }
        if (ms.MPI_TAG == RUN_TAG_STOP) {
            MPI_Recv(NULL, 0, MPI_BYTE, 0, RUN_TAG_STOP, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            break;
        }
        int n;
        MPI_Get_count(&ms, MPI_BYTE, &n);
        if (!in || (size_t)n > inmax) {
            /* cannot happen with a consistent master; drain and report */
            uint8_t *tmp = malloc((size_t)n);
            MPI_Recv(tmp, n, MPI_BYTE, 0, ms.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            free(tmp);
            send_error("worker: chunk larger than announced");
            status = RUN_EXIT_ERROR;
            continue;
        }
        MPI_Recv(in, n, MPI_BYTE, 0, RUN_TAG_CHUNK, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (!eng) continue; /* already reported */
        uint64_t hdr[RUN_CHUNK_HEADER];
        if (!chunk_header_fits(in, (size_t)n, j, hdr)) {
            char msg[200];
            snprintf(msg, sizeof msg, "worker: refused a chunk message of %d bytes whose header announces %llu units "
                     "of %zu bytes (chunk %llu)", n, (unsigned long long)hdr[1], job_unit_bytes(j),
                     (unsigned long long)j->chunk);
            fprintf(stderr, "minclue run: %s\n", msg); /* here too: the master may be gone */
            send_error(msg);
            status = RUN_EXIT_ERROR;
            continue;
        }
        /* after a signal, chunks not yet started go back unstarted; the
         * current one runs on until the grace period is over */
        double t0 = mc_wall_seconds(), c0 = mc_cpu_seconds();
        if ((make && job_source_read(src, hdr[0], hdr[1], in + sizeof hdr, &err) != MC_OK) ||
            job_engine_run(eng, in + sizeof hdr, hdr[0], hdr[1], &res, *stop ? stop : hard, &err) != MC_OK) {
            send_error(err.msg);
            status = RUN_EXIT_ERROR;
            continue;
        }
        res.seconds = mc_wall_seconds() - t0; /* making the units included */
        res.cpu_seconds = mc_cpu_seconds() - c0;
        if (corrupt && res.nfound > 0) {
            uint8_t *cell = res.found[0].cell;
            for (int c = 0; c < nc; c++)
                if (cell[c] != CELL_EMPTY) {
                    cell[c] = (uint8_t)((cell[c] + 1) % j->geo->N);
                    break;
                }
        }
        size_t len = pack_result(&res, nc, make ? in + sizeof hdr : NULL, unit, &out, &outcap);
        if (len == 0) {
            send_error("worker: out of memory");
            status = RUN_EXIT_ERROR;
            continue;
        }
        MPI_Send(out, (int)len, MPI_BYTE, 0, RUN_TAG_RESULT, MPI_COMM_WORLD);
    }
    job_engine_free(eng);
    job_source_close(src);
    job_result_free(&res);
    free(in);
    free(out);
    return status;
}
