/* job_verify — `minclue job verify`, one helper per check; see job_verify.h. */
#include "job_verify.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "bandpair_unit.h"
#include "engine.h"
#include "grid.h"
#include "job_journal.h"
#include "source.h"
#include "termtext.h"

#define MAX_REPORTS 20

mc_status job_check_puzzle(solver_ctx *sv, const geometry *geo, const uint8_t *g, const uint8_t *puzzle, int clues,
                           mc_error *err)
{
    int n = 0;
    for (int c = 0; c < geo->ncells; c++) {
        if (puzzle[c] == CELL_EMPTY) continue;
        n++;
        if (puzzle[c] != g[c])
            return mc_fail(err, MC_EINVAL, "clue at r%dc%d is not the grid's digit", c / geo->N + 1, c % geo->N + 1);
    }
    if (n > clues) return mc_fail(err, MC_EINVAL, "%d clues, more than K = %d", n, clues);
    solver_result r;
    int cnt = solver_count(sv, puzzle, 2, &r);
    if (cnt != 1) return mc_fail(err, MC_EINVAL, "%s", cnt == 0 ? "no solution" : "more than one solution");
    if (memcmp(r.sol[0], g, (size_t)geo->ncells) != 0) return mc_fail(err, MC_EINVAL, "its solution is not the grid");
    return MC_OK;
}

int job_puzzle_redundant_clue(solver_ctx *sv, const uint8_t *puzzle)
{
    uint8_t q[81];
    solver_result r;
    memcpy(q, puzzle, 81);
    for (int c = 0; c < 81; c++) {
        if (q[c] == CELL_EMPTY) continue;
        q[c] = CELL_EMPTY;
        int m = solver_count(sv, q, 2, &r);
        q[c] = puzzle[c];
        if (m == 1) return c;
    }
    return -1;
}

mc_status job_check_group_puzzle(solver_ctx *sv, bandpair_ctx *bp, const uint8_t *unit, const uint8_t *puzzle,
                                 int clues, mc_error *err)
{
    int n = 0;
    for (int c = 0; c < 81; c++) {
        if (puzzle[c] == CELL_EMPTY) continue;
        if (puzzle[c] > 8) return mc_fail(err, MC_EINVAL, "bad digit at r%dc%d", c / 9 + 1, c % 9 + 1);
        n++;
    }
    if (n > clues) return mc_fail(err, MC_EINVAL, "%d clues, more than K = %d", n, clues);
    solver_result r;
    int cnt = solver_count(sv, puzzle, 2, &r);
    if (cnt != 1) return mc_fail(err, MC_EINVAL, "%s", cnt == 0 ? "no solution" : "more than one solution");
    uint8_t g[81];
    memcpy(g, r.sol[0], 81);
    int item = -1, nitems = bandpair_unit_nitems(unit);
    if (!memcmp(g, bandpair_unit_pair(unit), 54))
        for (int i = 0; i < nitems && item < 0; i++)
            if (!memcmp(g + 54, bandpair_unit_band3(unit) + 27 * i, 27)) item = i;
    if (item < 0) return mc_fail(err, MC_EINVAL, "its solution is not an item grid of the group");
    int c = job_puzzle_redundant_clue(sv, puzzle);
    if (c >= 0) return mc_fail(err, MC_EINVAL, "not minimal: the clue at r%dc%d can go", c / 9 + 1, c % 9 + 1);
    int slot, band1;
    uint8_t pair[54], band3[27];
    bandpair_cover(bp, g, puzzle, &slot, pair, band3, &band1);
    if (memcmp(pair, g, 54) || memcmp(band3, g + 54, 27))
        return mc_fail(err, MC_EINVAL, "its covering item is not item %d of the group", item + 1);
    return MC_OK;
}

/* The state of one verification: the job, its journal, where each chunk's
 * entry is, and the problems found so far. */
typedef struct verifier {
    const char *dir;
    job j;
    journal_data d;
    uint64_t nchunks;
    size_t *slot;            /* journal entry of each chunk, SIZE_MAX = none */
    size_t unit;             /* bytes of a unit (source.h) */
    bandpair_ctx *bp;        /* for groups: bandpair_cover */
    FILE *out;
    long problems;
    char first[320]; /* the first problem's line (job_verified.first_problem) */
} verifier;

static void problem(verifier *v, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void problem(verifier *v, const char *fmt, ...)
{
    va_list ap;
    if (v->problems == 0) {
        va_start(ap, fmt);
        vsnprintf(v->first, sizeof v->first, fmt, ap);
        va_end(ap);
        v->first[strcspn(v->first, "\n")] = 0;
    }
    if (v->problems++ >= MAX_REPORTS) return;
    va_start(ap, fmt);
    termtext_vprintf(v->out, fmt, ap); /* names and values from the files, escaped: one line each */
    va_end(ap);
}

/* A puzzle as text (ncells characters, '.' for an empty cell). */
static void puzzle_text(const verifier *v, const job_puzzle *p, char *out)
{
    grid g;
    g.geo = v->j.geo;
    memcpy(g.cell, p->cell, sizeof g.cell);
    grid_format(&g, DIGITS_STD, out);
    out[v->j.geo->ncells] = 0;
}

/* Every journal entry is a work unit of the job, and no chunk is there twice. */
static void check_entries(verifier *v)
{
    const job *j = &v->j;
    for (uint64_t i = 0; i < v->nchunks; i++) v->slot[i] = SIZE_MAX;
    for (size_t k = 0; k < v->d.nchunks; k++) {
        const job_result *r = &v->d.chunks[k];
        uint64_t f, c;
        if (r->first < j->first || r->first > j->last || (r->first - j->first) % j->chunk != 0) {
            problem(v, "wrong: journal entry for ranks %" PRIu64 "..%" PRIu64 " is not a work unit of the job\n",
                    r->first, r->first + r->count - 1);
            continue;
        }
        uint64_t i = (r->first - j->first) / j->chunk;
        job_chunk_range(j, i, &f, &c);
        if (c != r->count) {
            problem(v, "wrong: journal entry for ranks %" PRIu64 "..%" PRIu64 " should hold %" PRIu64 " %s\n",
                    r->first, r->first + r->count - 1, c, job_unit_noun(j, c));
            continue;
        }
        if (v->slot[i] != SIZE_MAX) {
            problem(v, "duplicated: ranks %" PRIu64 "..%" PRIu64 " are in the journal more than once\n", f, f + c - 1);
            continue;
        }
        v->slot[i] = k;
    }
}

/* Ranges of chunks with no entry, merged. */
static void check_missing(verifier *v)
{
    for (uint64_t i = 0; i < v->nchunks;) {
        if (v->slot[i] != SIZE_MAX) {
            i++;
            continue;
        }
        uint64_t i2 = i;
        while (i2 + 1 < v->nchunks && v->slot[i2 + 1] == SIZE_MAX) i2++;
        uint64_t f1, c1, f2, c2;
        job_chunk_range(&v->j, i, &f1, &c1);
        job_chunk_range(&v->j, i2, &f2, &c2);
        problem(v, "missing: ranks %" PRIu64 "..%" PRIu64 " (%" PRIu64 " %s)\n", f1, f2 + c2 - 1, f2 + c2 - f1,
                job_unit_noun(&v->j, f2 + c2 - f1));
        i = i2 + 1;
    }
}

/* One chunk against its grids: checksum, puzzle count, every puzzle once
 * and each one checked. */
static void check_chunk(verifier *v, job_result *r, const uint8_t *grids, solver_ctx *sv)
{
    const size_t unit = v->unit;
    size_t dup = job_puzzles_first_repeat(r->found, r->nfound, false);
    if (dup < r->nfound) {
        char text[MAX_CELLS + 1];
        puzzle_text(v, &r->found[dup], text);
        problem(v, "duplicated: rank %" PRIu64 " lists the puzzle %s more than once\n", r->found[dup].rank, text);
    }
    if (job_checksum_grids(grids, r->count, (int)unit) != r->checksum)
        problem(v, "wrong: ranks %" PRIu64 "..%" PRIu64 ": checksum %016" PRIx64 " does not match the source\n",
                r->first, r->first + r->count - 1, r->checksum);
    if (r->nfound != r->puzzles)
        problem(v, "wrong: ranks %" PRIu64 "..%" PRIu64 ": %" PRIu64 " puzzles counted, %zu listed\n", r->first,
                r->first + r->count - 1, r->puzzles, r->nfound);
    for (size_t m = 0; m < r->nfound; m++) {
        const job_puzzle *p = &r->found[m];
        mc_error e;
        if (p->rank < r->first || p->rank >= r->first + r->count)
            problem(v, "wrong: a puzzle of rank %" PRIu64 " is listed in chunk %" PRIu64 "..%" PRIu64 "\n", p->rank,
                    r->first, r->first + r->count - 1);
        else if ((v->bp ? job_check_group_puzzle(sv, v->bp, grids + (p->rank - r->first) * unit, p->cell,
                                                 v->j.clues, &e)
                        : job_check_puzzle(sv, v->j.geo, grids + (p->rank - r->first) * unit, p->cell, v->j.clues,
                                           &e)) != MC_OK)
            problem(v, "wrong: the puzzle listed for rank %" PRIu64 " fails: %s\n", p->rank, e.msg);
    }
}

/* Reads the source once, in rank order, and checks every chunk with an entry. */
static mc_status check_source(verifier *v, mc_error *err)
{
    v->unit = job_unit_bytes(&v->j);
    uint8_t *grids = malloc((size_t)v->j.chunk * v->unit);
    solver_ctx *sv = solver_new(v->j.geo);
    job_source *src = NULL;
    mc_status st = !grids || !sv ? mc_fail(err, MC_ENOMEM, "out of memory") : MC_OK;
    if (st == MC_OK && job_source_gives_groups(v->j.source) && bandpair_ctx_new(&v->bp) != MC_OK)
        st = mc_fail(err, MC_ENOMEM, "out of memory");
    if (st == MC_OK) st = job_source_open(&v->j, &src, err);
    for (uint64_t i = 0; st == MC_OK && i < v->nchunks; i++) {
        if (v->slot[i] == SIZE_MAX) continue;
        job_result *r = &v->d.chunks[v->slot[i]];
        if ((st = job_source_read(src, r->first, r->count, grids, err)) == MC_OK) check_chunk(v, r, grids, sv);
    }
    job_source_close(src);
    bandpair_ctx_free(v->bp);
    v->bp = NULL;
    solver_free(sv);
    free(grids);
    return st;
}

/* The text after the first line (its end when there is one line or none). */
static const char *after_first_line(const char *s)
{
    const char *nl = strchr(s, '\n');
    return nl ? nl + 1 : s + strlen(s);
}

/* found.txt holds exactly the journal's puzzles, under the journal's job
 * line and K (its first line is the banner of the build that wrote it). */
static void check_found_file(verifier *v, const journal_data *uniq)
{
    char *body = NULL, *text = job_found_text(&v->j, uniq, &body);
    char *fpath = job_path_join(v->dir, "found.txt");
    char *have = fpath ? job_read_file(fpath) : NULL;
    if (!have) {
        problem(v, "missing: %s (rerun the job to rebuild it from the journal)\n", "found.txt");
    } else if (!text || !body) {
        problem(v, "wrong: found.txt could not be compared (out of memory)\n");
    } else {
        size_t head = strlen(text) - strlen(body), have_head = 0;
        const char *p = have;
        while (*p == '#') { /* the comment lines on top */
            const char *nl = strchr(p, '\n');
            p = nl ? nl + 1 : p + strlen(p);
        }
        have_head = (size_t)(p - have);
        const char *want_after = after_first_line(text), *have_after = after_first_line(have);
        size_t want_n = head - (size_t)(want_after - text);
        if (strncmp(have, "# minclue", 9) != 0 || have_head < (size_t)(have_after - have) ||
            have_head - (size_t)(have_after - have) != want_n || strncmp(have_after, want_after, want_n) != 0)
            problem(v, "wrong: found.txt's header (job line, K) does not match the journal (rerun the job to rebuild "
                       "it)\n");
        else if (strcmp(p, body) != 0)
            problem(v, "wrong: found.txt does not match the journal (rerun the job to rebuild it)\n");
    }
    free(text);
    free(have);
    free(fpath);
    free(body);
}

/* One "key": value line of summary.json (job_json_line), the value into
 * val; false (nothing read) when it does not fit vcap bytes. */
static bool json_line(const char *line, const char *end, char *key, size_t kcap, char *val, size_t vcap)
{
    const char *vs;
    size_t n;
    if (!job_json_line(line, end, key, kcap, &vs, &n) || n >= vcap) return false;
    memcpy(val, vs, n);
    val[n] = 0;
    return true;
}

/* The value of key in a summary text, into val; false when absent. */
static bool json_find(const char *text, const char *key, char *val, size_t vcap)
{
    char k[64];
    for (const char *p = text; *p;) {
        const char *nl = strchr(p, '\n'), *end = nl ? nl : p + strlen(p);
        if (json_line(p, end, k, sizeof k, val, vcap) && !strcmp(k, key)) return true;
        p = nl ? nl + 1 : end;
    }
    return false;
}

/* Do two summary values agree? Seconds are sums over the chunks, which the
 * journal holds to 1 ms and the run summed unrounded: equal to half a ms
 * per chunk, plus 0.1 % for the order of the additions. */
static bool values_agree(const char *key, const char *a, const char *b, uint64_t chunks)
{
    if (!strcmp(a, b)) return true;
    bool seconds = !strncmp(key, "sec", 3) || strstr(key, "seconds");
    if (!seconds) return false;
    char *ea, *eb;
    double x = strtod(a, &ea), y = strtod(b, &eb);
    if (ea == a || eb == b || *ea || *eb) return false;
    double tol = 0.001 + 0.0005 * (double)chunks + 0.001 * (x > y ? x : y);
    return x - y <= tol && y - x <= tol;
}

/* summary.json is the journal's: every key the journal gives (job line,
 * ranks, K, engine, chunks, units, every counter, the seconds and the
 * claim) with the journal's value, and no other key; the banner and the
 * last run's wall seconds are the run's own. It may be absent while the
 * job is incomplete. */
static void check_summary(verifier *v, const journal_data *uniq)
{
    char *spath = job_path_join(v->dir, "summary.json");
    char *have = spath ? job_read_file(spath) : NULL;
    char *want = have ? job_summary_text(&v->j, uniq, 0.0) : NULL;
    if (!have) {
        if (v->problems == 0) problem(v, "missing: summary.json (rerun the job to write it)\n");
    } else if (!want) {
        problem(v, "wrong: summary.json could not be compared (out of memory)\n");
    } else {
        /* no value is longer than the two texts: none is cut */
        size_t vcap = strlen(have) + strlen(want) + 1;
        char key[64], *val = malloc(vcap), *hv = malloc(vcap);
        long wrong = 0;
        if (!val || !hv) wrong++, problem(v, "wrong: summary.json could not be compared (out of memory)\n");
        for (const char *p = want; val && hv && *p;) { /* every key of the journal's */
            const char *nl = strchr(p, '\n'), *end = nl ? nl : p + strlen(p);
            if (json_line(p, end, key, sizeof key, val, vcap) && strcmp(key, "banner") &&
                strcmp(key, "last_run_wall_seconds")) {
                if (!json_find(have, key, hv, vcap))
                    wrong++, problem(v, "wrong: summary.json has no \"%s\" (the journal's: %.200s)\n", key, val);
                else if (!values_agree(key, val, hv, uniq->nchunks))
                    wrong++, problem(v, "wrong: summary.json \"%s\" is %.200s, the journal's %.200s\n", key, hv, val);
            }
            p = nl ? nl + 1 : end;
        }
        for (const char *p = have; val && hv && *p;) { /* and no other */
            const char *nl = strchr(p, '\n'), *end = nl ? nl : p + strlen(p);
            if (json_line(p, end, key, sizeof key, hv, vcap) && !json_find(want, key, val, vcap))
                wrong++, problem(v, "wrong: summary.json has \"%s\", which the journal does not give\n", key);
            p = nl ? nl + 1 : end;
        }
        if (!wrong && (have[0] != '{' || !strstr(have, "\n}\n")))
            problem(v, "wrong: summary.json is not a whole JSON object (rerun the job to write it)\n");
        free(val);
        free(hv);
    }
    free(want);
    free(have);
    free(spath);
}

/* Each puzzle once in total: for a source of band-pair groups no puzzle is
 * listed for two groups (its covering item is in one group only). A grid
 * file may hold a grid twice, so there the same puzzle may be listed for
 * two ranks; each rank lists it once (check_chunk). */
static void check_total_repeats(verifier *v, const journal_data *uniq)
{
    if (!job_source_gives_groups(v->j.source)) return;
    size_t n = 0, k = 0;
    for (size_t i = 0; i < uniq->nchunks; i++) n += uniq->chunks[i].nfound;
    job_puzzle *all = malloc((n ? n : 1) * sizeof *all);
    if (!all) {
        problem(v, "wrong: the puzzles could not be compared (out of memory)\n");
        return;
    }
    for (size_t i = 0; i < uniq->nchunks; i++)
        for (size_t m = 0; m < uniq->chunks[i].nfound; m++) all[k++] = uniq->chunks[i].found[m];
    size_t dup = job_puzzles_first_repeat(all, n, true);
    if (dup < n) {
        char text[MAX_CELLS + 1];
        puzzle_text(v, &all[dup], text);
        problem(v, "duplicated: the puzzle %s is listed for ranks %" PRIu64 " and %" PRIu64 "\n", text,
                all[dup - 1].rank, all[dup].rank);
    }
    free(all);
}

/* Reads the journal and its job; the output directory is dir. */
static mc_status load(verifier *v, const char *jpath, mc_error *err)
{
    mc_status st = journal_read(jpath, NULL, &v->d, err);
    if (st != MC_OK) return st;
    if (!v->d.identity) return mc_fail(err, MC_EIO, "%s: no journal (or no job line in it)", jpath);
    if ((st = job_from_identity(v->d.identity, &v->j, NULL)) != MC_OK) return mc_fail(err, st, "%s: bad job line", jpath);
    free(v->j.output);
    if (!(v->j.output = strdup(v->dir))) return mc_fail(err, MC_ENOMEM, "out of memory");
    if ((st = job_source_locate(&v->j, v->dir, err)) != MC_OK) return st;
    v->nchunks = job_nchunks(&v->j);
    if (!(v->slot = malloc((v->nchunks ? v->nchunks : 1) * sizeof *v->slot)))
        return mc_fail(err, MC_ENOMEM, "out of memory");
    return MC_OK;
}

static void report_job(verifier *v)
{
    const job *j = &v->j;
    char what[64] = "";
    if (j->source == JOB_SOURCE_ENUMERATE) snprintf(what, sizeof what, "bands %d-%d", j->band_lo, j->band_hi);
    if (j->source == JOB_SOURCE_ENUMERATE8) snprintf(what, sizeof what, "(the ES 8x8 grids)");
    if (job_source_gives_groups(j->source)) snprintf(what, sizeof what, "(band-pair groups)");
    fprintf(v->out, "job: %s ", job_source_name(j->source));
    termtext_put(v->out, j->source_path ? j->source_path : what);
    fprintf(v->out, ", ranks %" PRIu64 "..%" PRIu64 ", chunk %" PRIu64 ", K = %d, engine %s\n", j->first, j->last,
            j->chunk, j->clues, job_engine_name(j->engine));
    if (j->source_recorded) {
        fputs("note: the journal names ", v->out);
        termtext_put(v->out, j->source_recorded);
        fputs("; the file of that content is ", v->out);
        termtext_put(v->out, j->source_path);
        fputc('\n', v->out);
    }
    if (v->d.bad_lines)
        fprintf(v->out, "note: %ld torn or damaged journal line%s ignored (first at line %ld)\n", v->d.bad_lines,
                v->d.bad_lines == 1 ? "" : "s", v->d.first_bad_line);
}

mc_status job_verify_output(const char *dir, FILE *out, job_verified *res, mc_error *err)
{
    memset(res, 0, sizeof *res);
    bool *ok = &res->ok;
    verifier v;
    memset(&v, 0, sizeof v);
    v.dir = dir;
    v.out = out;
    char *jpath = job_path_join(dir, "journal");
    if (!jpath) return mc_fail(err, MC_ENOMEM, "out of memory");
    job_result *uniq_chunks = NULL;
    mc_status st = load(&v, jpath, err);
    if (st != MC_OK) goto done;
    report_job(&v);
    check_entries(&v);
    check_missing(&v);
    if ((st = check_source(&v, err)) != MC_OK) goto done;
    /* totals of the unique entries; found.txt and summary.json agree with them */
    journal_data uniq = v.d;
    if (!(uniq_chunks = malloc((v.nchunks ? v.nchunks : 1) * sizeof *uniq_chunks))) {
        st = mc_fail(err, MC_ENOMEM, "out of memory");
        goto done;
    }
    uniq.nchunks = 0;
    for (uint64_t i = 0; i < v.nchunks; i++)
        if (v.slot[i] != SIZE_MAX) uniq_chunks[uniq.nchunks++] = v.d.chunks[v.slot[i]];
    uniq.chunks = uniq_chunks;
    job_totals t;
    job_totals_of(&uniq, &t);
    res->t = t;
    check_found_file(&v, &uniq);
    check_total_repeats(&v, &uniq);
    check_summary(&v, &uniq);
    if (v.problems > MAX_REPORTS) fprintf(out, "... %ld problems in all\n", v.problems);
    if (v.problems == 0 && t.grids != job_total(&v.j))
        problem(&v, "wrong: the chunks hold %" PRIu64 " %s, the job %" PRIu64 "\n", t.grids,
                job_unit_noun(&v.j, t.grids), job_total(&v.j));
    if (v.problems == 0) {
        char claim[512];
        job_claim_text(&v.j, &t, claim, sizeof claim);
        fprintf(out, "%s\n", claim);
        *ok = true;
    } else {
        fprintf(out, "NOT VERIFIED: %ld problem%s; %" PRIu64 " of %" PRIu64 " %s covered\n", v.problems,
                v.problems == 1 ? "" : "s", t.grids, job_total(&v.j), job_unit_noun(&v.j, job_total(&v.j)));
    }
done:
    if (st == MC_OK) { /* the job and its line go to res */
        memcpy(res->first_problem, v.first, sizeof v.first);
        res->j = v.j;
        res->identity = v.d.identity;
        v.d.identity = NULL;
    } else {
        job_free(&v.j);
    }
    free(uniq_chunks);
    free(v.slot);
    free(jpath);
    journal_data_free(&v.d);
    return st;
}

void job_verified_free(job_verified *res)
{
    if (!res) return;
    job_free(&res->j);
    free(res->identity);
    memset(res, 0, sizeof *res);
}

mc_status job_verify(const char *dir, FILE *out, bool *ok, mc_error *err)
{
    job_verified res;
    mc_status st = job_verify_output(dir, out, &res, err);
    *ok = st == MC_OK && res.ok;
    job_verified_free(&res);
    return st;
}

long job_verify_files(const job *j, const char *dir, const journal_data *uniq, FILE *out)
{
    verifier v;
    memset(&v, 0, sizeof v);
    v.dir = dir;
    v.j = *j; /* read only: not freed here */
    v.out = out;
    check_found_file(&v, uniq);
    check_total_repeats(&v, uniq);
    check_summary(&v, uniq);
    return v.problems;
}
