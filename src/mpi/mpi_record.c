/* mpi_record — the master's record of a job: journal, checks, results
 * (mpi_master.h). */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "bandpair_rank.h"
#include "bandpair_unit.h"
#include "banner.h"
#include "mc_clock.h"
#include "mpi_master.h"

mc_status mpi_record_open(master *m)
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
    if (!m->sv || (job_source_gives_groups(j->source) && bandpair_ctx_new(&m->bp) != MC_OK))
        return mc_fail(&m->err, MC_ENOMEM, "out of memory");
    return MC_OK;
}

mc_status mpi_record_note(master *m)
{
    char note[2048];
    char *banner = NULL;
    size_t blen = 0;
    FILE *bm = open_memstream(&banner, &blen);
    if (bm) {
        mc_banner(bm);
        fclose(bm);
    }
    char when[32];
    mc_utc_text((int64_t)time(NULL), when, sizeof when);
    snprintf(note, sizeof note, JOURNAL_RUN_NOTE "%s: %d rank%s, %" PRIu64 " of %" PRIu64 " chunks done; %s", when, m->size,
             m->size == 1 ? "" : "s", (uint64_t)m->done.nchunks, m->nchunks, banner ? banner : "");
    free(banner);
    return journal_comment(m->jl, note, &m->err);
}

char *mpi_record_progress_text(const master *m, uint64_t more, char *buf, size_t n)
{
    uint64_t p = m->puzzles + more;
    snprintf(buf, n, "%" PRIu64 " puzzle%s found, %" PRIu64 "/%" PRIu64 " chunks", p, p == 1 ? "" : "s",
             (uint64_t)m->done.nchunks, m->nchunks);
    return buf;
}

/* Checks a finished chunk against what was sent, re-checks its puzzles,
 * appends it to the journal. */
mc_status mpi_record_chunk(master *m, const slot *s, int worker)
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
        progress_update(&m->prog, m->grids_done, mpi_record_progress_text(m, 0, extra, sizeof extra));
    }
    return MC_OK;
}

int mpi_record_finish(master *m, bool interrupted, double t0)
{
    job *j = m->j;
    mc_status st = job_write_found(j, &m->done, &m->err);
    if (st == MC_OK && !interrupted) st = job_write_summary(j, &m->done, mc_wall_seconds() - t0, &m->err);
    if (st != MC_OK) {
        fprintf(stderr, "minclue run: %s\n", m->err.msg);
        return RUN_EXIT_ERROR;
    }
    char extra[160];
    if (!m->o->quiet) progress_done(&m->prog, m->grids_done, mpi_record_progress_text(m, 0, extra, sizeof extra));
    job_totals t;
    job_totals_of(&m->done, &t);
    if (interrupted) {
        /* the stop note: job status calls the output stopped at once, not running until its stall time */
        char note[160];
        snprintf(note, sizeof note, JOURNAL_STOP_NOTE "%lld: stopped by a signal, %zu of %" PRIu64
                 " chunks done; the same command resumes it", (long long)time(NULL), m->done.nchunks, m->nchunks);
        mc_error e;
        if (journal_comment(m->jl, note, &e) != MC_OK) fprintf(stderr, "minclue run: %s\n", e.msg);
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

