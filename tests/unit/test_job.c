/* test_job — job files, work units, journal, verification (no MPI).
 * ctest-labels: unit mpi
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>

#include "catalogue.h"
#include "enumerate.h"
#include "engine.h"
#include "job.h"
#include "job_journal.h"
#include "job_certificate.h"
#include "job_union.h"
#include "job_verify.h"
#include "source.h"
#include "prng.h"
#include "solver.h"

#define GRIDS4 MC_TEST_DATA "/grids-4x4-all.txt"

static char tmpdir[256];

static int setup_dir(void **state)
{
    (void)state;
    snprintf(tmpdir, sizeof tmpdir, "/tmp/test_job_XXXXXX");
    return mkdtemp(tmpdir) ? 0 : -1;
}

static int teardown_dir(void **state)
{
    (void)state;
    char cmd[512];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    return system(cmd) == 0 ? 0 : -1;
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* Parses text as a job named tmpdir/t.job; returns the status, message in err. */
static mc_status parse(const char *text, job *j, mc_error *err)
{
    char name[300];
    snprintf(name, sizeof name, "%s/t.job", tmpdir);
    return job_parse(name, text, j, err);
}

static void expect_error(const char *text, mc_status code, const char *where, const char *what)
{
    job j;
    mc_error err;
    mc_status st = parse(text, &j, &err);
    if (st != code || !strstr(err.msg, where) || !strstr(err.msg, what))
        fail_msg("job text:\n%s\ngave %d '%s'; expected %d with '%s' and '%s'", text, st, st ? err.msg : "",
                 code, where, what);
    job_free(&j);
}

static void test_parse_good(void **state)
{
    (void)state;
    job j;
    mc_error err;
    mc_status st = parse("# a job\n"
                         "source = grids " GRIDS4 "   # all of them\n"
                         "ranks = 5-20\n"
                         "clues=4\n"
                         "  chunk   =  3 \n"
                         "output = out\n"
                         "engine = brute\n"
                         "max_degree = 4\n"
                         "learn = 0\n"
                         "grace = 2.5\n",
                         &j, &err);
    assert_int_equal(st, MC_OK);
    assert_int_equal(j.source, JOB_SOURCE_GRIDS);
    assert_string_equal(j.source_path, GRIDS4);
    assert_int_equal(j.first, 5);
    assert_int_equal(j.last, 20);
    assert_int_equal(j.clues, 4);
    assert_int_equal(j.chunk, 3);
    assert_int_equal(j.engine, JOB_ENGINE_BRUTE);
    assert_int_equal(j.max_degree, 4);
    assert_int_equal(j.learn, 0);
    assert_int_equal(j.ua_max_size, -1);
    char expect[300];
    snprintf(expect, sizeof expect, "%s/out", tmpdir);
    assert_string_equal(j.output, expect); /* relative to the job file's directory */
    assert_int_equal(job_resolve(&j, &err), MC_OK);
    assert_int_equal(j.geo->N, 4);
    assert_int_equal(job_total(&j), 16);
    assert_int_equal(job_nchunks(&j), 6);
    /* identity round trip */
    char *id = job_identity(&j);
    job k;
    assert_int_equal(job_from_identity(id, &k, &err), MC_OK);
    char *id2 = job_identity(&k);
    assert_string_equal(id, id2);
    free(id);
    free(id2);
    job_free(&k);
    job_free(&j);
}

static void test_parse_errors(void **state)
{
    (void)state;
    char missing[600];
    snprintf(missing, sizeof missing, "source = grids %s/nope.txt\nclues = 4\noutput = o\n", tmpdir);
    char isdir[600];
    snprintf(isdir, sizeof isdir, "source = grids %s\nclues = 4\noutput = o\n", tmpdir);
    char outfile[400];
    snprintf(outfile, sizeof outfile, "source = grids %s\nclues = 4\noutput = %s\n", GRIDS4, GRIDS4);
#define SRC "source = grids " GRIDS4 "\n"
    expect_error(SRC "clues = 4\nbogus = 1\noutput = o\n", MC_EFORMAT, "t.job:3:", "unknown key 'bogus'");
    expect_error(SRC "clues = 4\nclues = 5\noutput = o\n", MC_EFORMAT, "t.job:3:", "given twice");
    expect_error(SRC "clues 4\noutput = o\n", MC_EFORMAT, "t.job:2:", "expected 'key = value'");
    expect_error(SRC "clues =\noutput = o\n", MC_EFORMAT, "t.job:2:", "no value");
    expect_error(SRC "clues = four\noutput = o\n", MC_EFORMAT, "t.job:2:", "clues must be");
    expect_error(SRC "clues = 0\noutput = o\n", MC_EFORMAT, "t.job:2:", "clues must be");
    expect_error(SRC "clues = 4\nchunk = 0\noutput = o\n", MC_EFORMAT, "t.job:3:", "chunk must be");
    expect_error(SRC "clues = 4\nchunk = -5\noutput = o\n", MC_EFORMAT, "t.job:3:", "chunk must be");
    expect_error(SRC "clues = 4\nranks = 9-3\noutput = o\n", MC_EFORMAT, "t.job:3:", "ranks must be");
    expect_error(SRC "clues = 4\nranks = 0-3\noutput = o\n", MC_EFORMAT, "t.job:3:", "ranks must be");
    expect_error(SRC "clues = 4\nbands = 1-2\noutput = o\n", MC_EFORMAT, "t.job:3:", "bands are for");
    expect_error("source = enumerate\nbands = 0-3\nclues = 16\noutput = o\n", MC_EFORMAT, "t.job:2:", "bands must be");
    expect_error(SRC "clues = 4\nengine = fast\noutput = o\n", MC_EFORMAT, "t.job:3:", "engine must be");
    expect_error(SRC "clues = 4\nua_max_size = 99\noutput = o\n", MC_EFORMAT, "t.job:3:", "ua_max_size");
    /* the same range as search --ua-max (4..24): no minimal UA has fewer than 4 cells */
    expect_error(SRC "clues = 4\nua_max_size = 3\noutput = o\n", MC_EFORMAT, "t.job:3:", "from 4 to 24, not '3'");
    expect_error(SRC "clues = 4\nmax_degree = x\noutput = o\n", MC_EFORMAT, "t.job:3:", "max_degree");
    expect_error(SRC "clues = 4\nmax_degree = 6\noutput = o\n", MC_EFORMAT, "t.job:3:", "from 1 to 5");
    expect_error(SRC "clues = 4\nlearn = 2\noutput = o\n", MC_EFORMAT, "t.job:3:", "learn must be");
    expect_error(SRC "clues = 4\ninflight = 0\noutput = o\n", MC_EFORMAT, "t.job:3:", "inflight");
    expect_error(SRC "clues = 4\ngrace = -1\noutput = o\n", MC_EFORMAT, "t.job:3:", "grace");
    expect_error(SRC "clues = 4\nshape = 5x5\noutput = o\n", MC_EFORMAT, "t.job:3:", "shape");
    expect_error(SRC "shape = 2x2\nclues = 17\noutput = o\n", MC_EINVAL, "t.job:3:", "more than the 16 cells");
    expect_error(SRC "output = o\n", MC_EFORMAT, "t.job", "missing key 'clues'");
    expect_error("clues = 4\noutput = o\n", MC_EFORMAT, "t.job", "missing key 'source'");
    expect_error(SRC "clues = 4\n", MC_EFORMAT, "t.job", "missing key 'output'");
    expect_error("source = tape x\nclues = 4\noutput = o\n", MC_EFORMAT, "t.job:1:", "source must be");
    expect_error("source = grids\nclues = 4\noutput = o\n", MC_EFORMAT, "t.job:1:", "needs a file");
    expect_error(missing, MC_EIO, "t.job:1:", "nope.txt");
    expect_error(isdir, MC_EIO, "t.job:1:", "is a directory");
    expect_error(outfile, MC_EIO, "t.job:3:", "not a directory");
#undef SRC
}

/* Resolution reads the source: bad grids and ranks beyond it fail with file:line. */
static void test_resolve_errors(void **state)
{
    (void)state;
    char path[300], text[600];
    job j;
    mc_error err;
    snprintf(path, sizeof path, "%s/bad.txt", tmpdir);
    write_file(path, "1234341221434321\n# comment\n1234341221434312\n");
    snprintf(text, sizeof text, "source = grids bad.txt\nclues = 4\noutput = o\n");
    assert_int_equal(parse(text, &j, &err), MC_OK);
    assert_int_not_equal(job_resolve(&j, &err), MC_OK);
    assert_non_null(strstr(err.msg, "bad.txt:3:"));
    job_free(&j);
    write_file(path, "1234341221434321\n1234..1221434321\n");
    assert_int_equal(parse(text, &j, &err), MC_OK);
    assert_int_not_equal(job_resolve(&j, &err), MC_OK);
    assert_non_null(strstr(err.msg, "bad.txt:2:"));
    job_free(&j);
    write_file(path, "1234341221434321\n123456789456789123789123456214365897365897214897214365531642978642978531978531642\n");
    assert_int_equal(parse(text, &j, &err), MC_OK);
    assert_int_not_equal(job_resolve(&j, &err), MC_OK);
    assert_non_null(strstr(err.msg, "bad.txt:2:"));
    job_free(&j);
    snprintf(text, sizeof text, "source = grids %s\nranks = 280-300\nclues = 4\noutput = o\n", GRIDS4);
    assert_int_equal(parse(text, &j, &err), MC_OK);
    assert_int_equal(job_resolve(&j, &err), MC_EINVAL);
    assert_non_null(strstr(err.msg, "beyond the 288 grids"));
    job_free(&j);
}

/* Chunks cover first..last exactly once: checked against a slow walk. */
static void test_chunks_cover(void **state)
{
    (void)state;
    uint64_t seed = 20261121;
    prng p;
    prng_seed(&p, seed);
    for (int t = 0; t < 300; t++) {
        job j;
        memset(&j, 0, sizeof j);
        j.first = 1 + prng_next(&p) % 1000;
        j.last = j.first + prng_next(&p) % 500;
        j.chunk = 1 + prng_next(&p) % 60;
        uint64_t expect = j.first;
        for (uint64_t i = 0; i < job_nchunks(&j); i++) {
            uint64_t f, c;
            job_chunk_range(&j, i, &f, &c);
            if (f != expect || c == 0 || c > j.chunk) fail_msg("seed %llu, case %d: chunk %llu", (unsigned long long)seed, t, (unsigned long long)i);
            expect = f + c;
        }
        if (expect != j.last + 1) fail_msg("seed %llu, case %d: chunks end at %llu", (unsigned long long)seed, t, (unsigned long long)expect);
    }
}

/* A small job over grids 1..30 of the 4x4 file with the given engine. */
static void make_job(job *j, const char *out, job_engine_kind engine, uint64_t chunk)
{
    char text[600];
    mc_error err;
    snprintf(text, sizeof text, "source = grids %s\nranks = 1-30\nclues = 4\nchunk = %llu\noutput = %s\n", GRIDS4,
             (unsigned long long)chunk, out);
    assert_int_equal(parse(text, j, &err), MC_OK);
    j->engine = engine;
    assert_int_equal(job_resolve(j, &err), MC_OK);
}

/* Runs chunks which[0..n-1] of the job (every chunk when which is NULL) in
 * this process, into d and, when jl is not NULL, the journal. */
static void run_chunks(job *j, const uint64_t *which, uint64_t n, journal *jl, journal_data *d)
{
    mc_error err;
    job_engine *e;
    assert_int_equal(job_engine_new(j, &e, &err), MC_OK);
    job_source *src;
    assert_int_equal(job_source_open(j, &src, &err), MC_OK);
    uint8_t *grids = malloc(j->chunk * (size_t)j->geo->ncells);
    job_result r;
    memset(&r, 0, sizeof r);
    if (!which) n = job_nchunks(j);
    for (uint64_t i = 0; i < n; i++) {
        uint64_t f, c;
        job_chunk_range(j, which ? which[i] : i, &f, &c);
        assert_int_equal(job_source_read(src, f, c, grids, &err), MC_OK);
        assert_int_equal(job_engine_run(e, grids, f, c, &r, NULL, &err), MC_OK);
        if (jl) assert_int_equal(journal_append(jl, &r, &err), MC_OK);
        assert_int_equal(journal_data_add(d, &r), MC_OK);
    }
    job_result_free(&r);
    free(grids);
    job_source_close(src);
    job_engine_free(e);
}

/* Runs every chunk of the job in this process into its journal. */
static void run_all(job *j)
{
    mc_error err;
    journal *jl;
    journal_data d;
    assert_int_equal(journal_open(j, &jl, &d, &err), MC_OK);
    run_chunks(j, NULL, 0, jl, &d);
    assert_int_equal(job_write_found(j, &d, &err), MC_OK);
    assert_int_equal(job_write_summary(j, &d, 1.0, &err), MC_OK);
    journal_close(jl);
    journal_data_free(&d);
}

/* summary.json says the job is complete: job_write_summary refuses a
 * journal that lacks a chunk (chunk 2 of 3 here), even with another chunk
 * twice to make up the count, and writes nothing. */
static void test_summary_needs_every_chunk(void **state)
{
    (void)state;
    char out[300], spath[320];
    snprintf(out, sizeof out, "%s/partial", tmpdir);
    snprintf(spath, sizeof spath, "%s/summary.json", out);
    job j;
    make_job(&j, out, JOB_ENGINE_BRUTE, 10);
    journal_data d;
    memset(&d, 0, sizeof d);
    const uint64_t which[3] = {0, 2, 0};
    for (uint64_t k = 0; k < 3; k++) {
        run_chunks(&j, which + k, 1, NULL, &d);
        uint64_t first = 0, missing = k == 0 ? 2 : 1;
        assert_int_equal(job_chunks_missing(&j, &d, &first), missing);
        assert_int_equal(first, 11);
        mc_error err;
        assert_int_equal(job_write_summary(&j, &d, 1.0, &err), MC_EINVAL);
        char want[120];
        snprintf(want, sizeof want, "summary.json not written: %llu of 3 chunks not in the journal (the first at rank 11)",
                 (unsigned long long)missing);
        if (!strstr(err.msg, want)) fail_msg("%s", err.msg);
        assert_int_equal(access(spath, F_OK), -1);
    }
    journal_data_free(&d);
    job_free(&j);
}

static char *read_all(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    char *buf = malloc(1 << 22);
    *n = fread(buf, 1, (1 << 22) - 1, f);
    buf[*n] = 0;
    fclose(f);
    return buf;
}

static bool verify_says(const char *dir, const char *needle, bool expect_ok)
{
    char *out = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&out, &len);
    bool ok;
    mc_error err;
    mc_status st = job_verify(dir, m, &ok, &err);
    fclose(m);
    bool found = st == MC_OK && strstr(out, needle) != NULL;
    if (!found) fprintf(stderr, "verify %s said:\n%s(status %d)\n", dir, out, st);
    free(out);
    return found && ok == expect_ok;
}

/* A job of 30 4x4 grids in chunks of 7 (brute), run whole into TMP/NAME:
 * out gets the output, jpath its journal. */
static void run_named(const char *name, job *j, char *out, size_t outn, char *jpath, size_t jn)
{
    snprintf(out, outn, "%s/%s", tmpdir, name);
    snprintf(jpath, jn, "%s/journal", out);
    make_job(j, out, JOB_ENGINE_BRUTE, 7);
    run_all(j);
}

static void test_journal_roundtrip_and_verify(void **state)
{
    (void)state;
    char out[300], jpath[320];
    job j;
    run_named("run1", &j, out, sizeof out, jpath, sizeof jpath);
    /* read back: 5 chunks, totals of 30 grids, each puzzle checks out */
    journal_data d;
    mc_error err;
    assert_int_equal(journal_read(jpath, NULL, &d, &err), MC_OK);
    assert_int_equal(d.nchunks, 5);
    assert_int_equal(d.bad_lines, 0);
    job_totals t;
    job_totals_of(&d, &t);
    assert_int_equal(t.grids, 30);
    assert_true(t.puzzles > 0);
    size_t listed = 0;
    for (size_t i = 0; i < d.nchunks; i++) listed += d.chunks[i].nfound;
    assert_int_equal(listed, t.puzzles);
    /* the head alone: the same job line, no chunk read */
    journal_data jhead;
    assert_int_equal(journal_read_head(jpath, &jhead, &err), MC_OK);
    assert_non_null(jhead.identity);
    assert_string_equal(jhead.identity, d.identity);
    assert_int_equal(jhead.nchunks, 0);
    assert_true(jhead.good_size > 0 && jhead.good_size < d.good_size);
    journal_data_free(&jhead);
    /* every line has its time */
    int64_t now = (int64_t)time(NULL);
    for (size_t i = 0; i < d.nchunks; i++) assert_true(d.chunks[i].at > now - 600 && d.chunks[i].at <= now);
    journal_data_free(&d);
    assert_true(verify_says(out, "ranks 1..30, 30 grids, K = 4:", true));

    /* a second open of the same journal is refused while the first holds it */
    journal *a, *b;
    journal_data da, db;
    assert_int_equal(journal_open(&j, &a, &da, &err), MC_OK);
    assert_int_equal(da.nchunks, 5);
    assert_int_not_equal(journal_open(&j, &b, &db, &err), MC_OK);
    assert_non_null(strstr(err.msg, "in use"));
    journal_close(a);
    journal_data_free(&da);

    /* another job on the same output is refused */
    job other;
    make_job(&other, out, JOB_ENGINE_BRUTE, 6);
    assert_int_equal(journal_open(&other, &b, &db, &err), MC_EINVAL);
    assert_non_null(strstr(err.msg, "another job"));
    /* the message names the key that differs with both values, not the
     * whole job lines (which a long path would cut) */
    assert_non_null(strstr(err.msg, "(chunk: 7 in the output, 6 in this job)"));
    assert_null(strstr(err.msg, "format="));
    assert_non_null(strstr(err.msg, "use another output directory"));
    job_free(&other);
    /* a dry run on a real run's output, and a real run on a dry run's (make_job's
     * job names no engine, so it runs the default: checker on 4x4) */
    make_job(&other, out, JOB_ENGINE_BRUTE, 7);
    other.engine = JOB_ENGINE_NONE; /* as run --dry-run sets it */
    assert_int_equal(journal_open(&other, &b, &db, &err), MC_EINVAL);
    assert_non_null(strstr(err.msg, "(engine: checker in the output, none (a dry run) in this job)"));
    job_free(&other);
    char dry[320];
    snprintf(dry, sizeof dry, "%s/dry1", tmpdir);
    make_job(&other, dry, JOB_ENGINE_BRUTE, 7);
    other.engine = JOB_ENGINE_NONE;
    assert_int_equal(journal_open(&other, &b, &db, &err), MC_OK);
    journal_close(b);
    journal_data_free(&db);
    job_free(&other);
    make_job(&other, dry, JOB_ENGINE_BRUTE, 6);
    assert_int_equal(journal_open(&other, &b, &db, &err), MC_EINVAL);
    assert_non_null(
        strstr(err.msg, "(chunk: 7 in the output, 6 in this job; engine: none (a dry run's output) in the output, "
                        "checker in this job)"));
    job_free(&other);

    size_t n;
    char *text = read_all(jpath, &n);
    char *lines[64];
    int nl = 0;
    for (char *p = text; *p;) {
        lines[nl++] = p;
        char *e = strchr(p, '\n');
        p = e + 1;
    }
    /* C lines are the last five */
    assert_int_equal(strncmp(lines[nl - 5], "C ", 2), 0);
    size_t head = (size_t)(lines[nl - 5] - text);

    /* missing chunk: drop the third C line */
    {
        FILE *f = fopen(jpath, "w");
        fwrite(text, 1, head, f);
        for (int i = nl - 5; i < nl; i++)
            if (i != nl - 3) fwrite(lines[i], 1, (size_t)(strchr(lines[i], '\n') - lines[i] + 1), f);
        fclose(f);
        assert_true(verify_says(out, "missing: ranks 15..21 (7 grids)", false));
    }
    /* duplicated chunk */
    {
        FILE *f = fopen(jpath, "w");
        fwrite(text, 1, n, f);
        fwrite(lines[nl - 2], 1, (size_t)(strchr(lines[nl - 2], '\n') - lines[nl - 2] + 1), f);
        fclose(f);
        assert_true(verify_says(out, "duplicated: ranks 22..28", false));
    }
    /* wrong checksum, resealed so the line itself is intact */
    {
        char line[1 << 16];
        size_t len = (size_t)(strchr(lines[nl - 4], '\n') - lines[nl - 4]);
        memcpy(line, lines[nl - 4], len);
        line[len] = 0;
        char *sum = strstr(line, " sum=") + 5;
        sum[0] = sum[0] == '0' ? '1' : '0';
        char *star = strrchr(line, '*');
        star[-1] = 0;
        uint64_t h = job_fnv1a(JOB_FNV_INIT, line, strlen(line));
        FILE *f = fopen(jpath, "w");
        fwrite(text, 1, (size_t)(lines[nl - 4] - text), f);
        fprintf(f, "%s *%016llx\n", line, (unsigned long long)h);
        char *after = strchr(lines[nl - 4], '\n') + 1;
        fwrite(after, 1, n - (size_t)(after - text), f);
        fclose(f);
        assert_true(verify_says(out, "ranks 8..14: checksum", false));
    }
    /* damaged line (one byte changed, seal not updated): ignored, chunk missing */
    {
        char *copy = malloc(n + 1);
        memcpy(copy, text, n + 1);
        char *l = copy + (lines[nl - 1] - text);
        char *cnt = strstr(l, "nodes=") + 6;
        *cnt = *cnt == '9' ? '8' : '9';
        write_file(jpath, copy);
        free(copy);
        assert_true(verify_says(out, "missing: ranks 29..30", false));
        assert_true(verify_says(out, "damaged journal line", false));
    }
    /* torn last line: reading ignores it, opening drops it, the rest stays */
    {
        FILE *f = fopen(jpath, "w");
        fwrite(text, 1, n - 20, f);
        fclose(f);
        assert_int_equal(journal_read(jpath, NULL, &d, &err), MC_OK);
        assert_int_equal(d.nchunks, 4);
        assert_int_equal(d.bad_lines, 1);
        long long good = d.good_size;
        journal_data_free(&d);
        assert_int_equal(journal_open(&j, &a, &da, &err), MC_OK);
        assert_int_equal(da.nchunks, 4);
        journal_close(a);
        journal_data_free(&da);
        struct stat st;
        assert_int_equal(stat(jpath, &st), 0);
        assert_int_equal((long long)st.st_size, good);
        assert_true(verify_says(out, "missing: ranks 29..30", false));
    }
    /* resume: running again completes it; found.txt equals the first run's */
    {
        char fpath[320];
        snprintf(fpath, sizeof fpath, "%s/found.txt", out);
        size_t fn;
        char *found1 = read_all(fpath, &fn);
        write_file(jpath, text); /* restore */
        FILE *f = fopen(jpath, "w");
        fwrite(text, 1, head, f); /* only the header: redo everything */
        fclose(f);
        run_all(&j);
        char *found2 = read_all(fpath, &fn);
        assert_string_equal(found1, found2);
        free(found1);
        free(found2);
        assert_true(verify_says(out, "ranks 1..30, 30 grids, K = 4:", true));
    }
    free(text);
    job_free(&j);
}

/* The engines: none reports nothing; brute reports exactly the minimal
 * unique sets, checked against an independent subset walk on a few grids. */
/* What job_engine_watch reports of a chunk of ranks 1.. */
typedef struct watched {
    uint64_t units, found;
    bool in_order;
} watched;

static void watch_unit(void *arg, uint64_t done, uint64_t rank)
{
    watched *w = arg;
    w->in_order = (w->units == 0 || w->in_order) && done == w->units && rank == done + 1;
    w->units++;
}

static void watch_found(void *arg) { ((watched *)arg)->found++; }

/* The stop note a run writes when a signal stops it (JOURNAL_STOP_NOTE): the
 * journal reader keeps its time while no chunk line and no run note follow
 * it (job status then calls the output stopped, not running). */
static void append_line(const char *path, const char *text)
{
    FILE *f = fopen(path, "a");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* The journal at path read whole: its stop_at. */
static int64_t stop_at_of(const char *path)
{
    journal_data d;
    mc_error err;
    assert_int_equal(journal_read(path, NULL, &d, &err), MC_OK);
    int64_t t = d.stop_at;
    journal_data_free(&d);
    return t;
}

static void test_journal_stop_note(void **state)
{
    (void)state;
    char out[300], jpath[320];
    job j;
    run_named("runstop", &j, out, sizeof out, jpath, sizeof jpath);
    assert_int_equal(stop_at_of(jpath), 0);
    /* the last chunk line, to append again after a stop note */
    FILE *f = fopen(jpath, "r");
    assert_non_null(f);
    char *line = NULL, *chunk = NULL;
    size_t cap = 0;
    while (getline(&line, &cap, f) > 0)
        if (line[0] == 'C') {
            free(chunk);
            chunk = strdup(line);
        }
    free(line);
    fclose(f);
    assert_true(chunk && chunk[0] == 'C');
    struct { const char *text; int64_t stop_at; } steps[] = {
        {"# " JOURNAL_STOP_NOTE "1796600000: stopped by a signal, 3 of 5 chunks done\n", 1796600000},
        {"# a comment of another kind\n", 1796600000},
        {"# " JOURNAL_RUN_NOTE "2026-12-07T00:00:00Z: 1 rank, 3 of 5 chunks done\n", 0},
        {"# " JOURNAL_STOP_NOTE "1796600100: stopped by a signal\n", 1796600100},
        {chunk, 0},
        {"# " JOURNAL_STOP_NOTE "1796600200: stopped by a signal\n", 1796600200},
    };
    for (size_t i = 0; i < sizeof steps / sizeof *steps; i++) {
        append_line(jpath, steps[i].text);
        assert_int_equal(stop_at_of(jpath), steps[i].stop_at);
    }
    free(chunk);
    job_free(&j);
}

static void test_engines(void **state)
{
    (void)state;
    char out[300];
    snprintf(out, sizeof out, "%s/e", tmpdir);
    job j;
    make_job(&j, out, JOB_ENGINE_BRUTE, 30);
    j.clues = 5;
    mc_error err;
    job_source *src;
    assert_int_equal(job_source_open(&j, &src, &err), MC_OK);
    uint8_t grids[30 * 16];
    assert_int_equal(job_source_read(src, 1, 30, grids, &err), MC_OK);
    job_source_close(src);
    job_engine *e;
    job_result r;
    memset(&r, 0, sizeof r);
    assert_int_equal(job_engine_new(&j, &e, &err), MC_OK);
    watched w = {0};
    job_engine_set_watch(e, &(job_engine_watch){watch_unit, watch_found, &w});
    assert_int_equal(job_engine_run(e, grids, 1, 30, &r, NULL, &err), MC_OK);
    assert_int_equal(r.puzzles, r.nfound);
    /* the watch: each unit before it runs (units done, its rank), each puzzle */
    assert_int_equal(w.units, 30);
    assert_true(w.in_order);
    assert_int_equal(w.found, r.nfound);
    job_engine_set_watch(e, NULL);
    solver_ctx *sv = solver_new(j.geo);
    /* every reported set: unique, solution = grid, and minimal */
    for (size_t i = 0; i < r.nfound; i++) {
        const uint8_t *g = grids + (r.found[i].rank - 1) * 16;
        assert_int_equal(job_check_puzzle(sv, j.geo, g, r.found[i].cell, 5, &err), MC_OK);
        uint8_t p[MAX_CELLS];
        memcpy(p, r.found[i].cell, sizeof p);
        for (int c = 0; c < 16; c++) {
            if (p[c] == CELL_EMPTY) continue;
            uint8_t keep = p[c];
            p[c] = CELL_EMPTY;
            assert_int_equal(solver_count(sv, p, 2, NULL), 2);
            p[c] = keep;
        }
    }
    /* slow twin for grid 1: all 2^16 cell sets, minimal unique ones of size <= 5 */
    size_t expect = 0;
    for (uint32_t m = 1; m < (1u << 16); m++) {
        if (__builtin_popcount(m) > 5) continue;
        uint8_t p[MAX_CELLS];
        memset(p, CELL_EMPTY, sizeof p);
        for (int c = 0; c < 16; c++)
            if (m >> c & 1) p[c] = grids[c];
        if (solver_count(sv, p, 2, NULL) != 1) continue;
        bool minimal = true;
        for (int c = 0; c < 16 && minimal; c++)
            if (m >> c & 1) {
                p[c] = CELL_EMPTY;
                if (solver_count(sv, p, 2, NULL) == 1) minimal = false;
                p[c] = grids[c];
            }
        expect += minimal;
    }
    size_t got = 0;
    for (size_t i = 0; i < r.nfound; i++) got += r.found[i].rank == 1;
    assert_int_equal(got, expect);
    /* engine none: checksum only */
    job_engine_free(e);
    j.engine = JOB_ENGINE_NONE;
    assert_int_equal(job_engine_new(&j, &e, &err), MC_OK);
    assert_int_equal(job_engine_run(e, grids, 1, 30, &r, NULL, &err), MC_OK);
    assert_int_equal(r.nfound, 0);
    assert_int_equal(r.checksum, job_checksum_grids(grids, 30, 16));
    /* stop flag: abandoned before the first grid */
    volatile sig_atomic_t stop = 1;
    assert_int_equal(job_engine_run(e, grids, 1, 30, &r, &stop, &err), MC_OK);
    assert_true(r.abandoned);
    job_engine_free(e);
    job_result_free(&r);
    solver_free(sv);
    job_free(&j);
}

/* A catalogue source gives the same grids (same chunk checksums) as the text file. */
static void test_catalogue_source(void **state)
{
    (void)state;
    char cat[300], text[800];
    snprintf(cat, sizeof cat, "%s/all4.cat", tmpdir);
    mc_error err;
    job t;
    snprintf(text, sizeof text, "source = grids %s\nclues = 4\nchunk = 9\nranks = 101-200\noutput = o\n", GRIDS4);
    assert_int_equal(parse(text, &t, &err), MC_OK);
    assert_int_equal(job_resolve(&t, &err), MC_OK);
    /* the whole file into a catalogue starting at rank 1 */
    job all = t;
    all.first = 1;
    all.last = 288;
    job_source *src;
    assert_int_equal(job_source_open(&all, &src, &err), MC_OK);
    uint8_t grids[288 * 16];
    assert_int_equal(job_source_read(src, 1, 288, grids, &err), MC_OK);
    job_source_close(src);
    catalogue_writer *w;
    assert_int_equal(catalogue_create(cat, t.geo, 1, &w, &err), MC_OK);
    for (int i = 0; i < 288; i++) assert_int_equal(catalogue_append(w, grids + 16 * i, &err), MC_OK);
    assert_int_equal(catalogue_finish(w, &err), MC_OK);
    job c;
    snprintf(text, sizeof text, "source = catalogue %s\nclues = 4\nchunk = 9\nranks = 101-200\noutput = o\n", cat);
    assert_int_equal(parse(text, &c, &err), MC_OK);
    assert_int_equal(job_resolve(&c, &err), MC_OK);
    assert_int_equal(job_nchunks(&c), job_nchunks(&t));
    job_source *a, *b;
    assert_int_equal(job_source_open(&t, &a, &err), MC_OK);
    assert_int_equal(job_source_open(&c, &b, &err), MC_OK);
    uint8_t ga[9 * 16], gb[9 * 16];
    for (uint64_t i = 0; i < job_nchunks(&c); i += 2) { /* every other chunk: the catalogue seeks */
        uint64_t f, n;
        job_chunk_range(&c, i, &f, &n);
        assert_int_equal(job_source_read(a, f, n, ga, &err), MC_OK);
        assert_int_equal(job_source_read(b, f, n, gb, &err), MC_OK);
        assert_int_equal(job_checksum_grids(ga, n, 16), job_checksum_grids(gb, n, 16));
        assert_memory_equal(ga, grids + (f - 1) * 16, n * 16);
    }
    job_source_close(a);
    job_source_close(b);
    job_free(&c);
    /* ranks outside the catalogue */
    snprintf(text, sizeof text, "source = catalogue %s\nclues = 4\nranks = 250-300\noutput = o\n", cat);
    assert_int_equal(parse(text, &c, &err), MC_OK);
    assert_int_equal(job_resolve(&c, &err), MC_EINVAL);
    assert_non_null(strstr(err.msg, "not all in"));
    job_free(&c);
    /* a damaged catalogue fails cleanly when resolved */
    FILE *f = fopen(cat, "r+b");
    fseek(f, 70, SEEK_SET);
    fputc(0x55, f);
    fclose(f);
    snprintf(text, sizeof text, "source = catalogue %s\nclues = 4\noutput = o\n", cat);
    assert_int_equal(parse(text, &c, &err), MC_OK);
    mc_status st = job_resolve(&c, &err);
    if (st == MC_OK) { /* the header survived: reading the block must fail */
        assert_int_equal(job_source_open(&c, &a, &err), MC_OK);
        uint8_t g1[16];
        assert_int_equal(job_source_read(a, 1, 1, g1, &err), MC_ECORRUPT);
        job_source_close(a);
    }
    job_free(&c);
    job_free(&t);
}

/* The enumerate source streams enumerate_band's grids with catalogue ranks. */
typedef struct collect {
    uint8_t *grids;
    size_t n, max;
} collect;

static int collect_grid(void *arg, const uint8_t *g)
{
    collect *c = arg;
    if (c->n < c->max) memcpy(c->grids + 81 * c->n, g, 81);
    c->n++;
    return c->n >= c->max;
}

static void test_enumerate_source(void **state)
{
    (void)state;
    job j;
    mc_error err;
    assert_int_equal(parse("source = enumerate\nbands = 1-1\nranks = 70001-90000\nclues = 16\nchunk = 3000\noutput = o\n",
                           &j, &err), MC_OK);
    assert_int_equal(job_resolve(&j, &err), MC_OK);
    assert_int_equal(j.geo->N, 9);
    assert_int_equal(job_total(&j), 20000);
    collect c = {malloc(90000 * 81), 0, 90000};
    uint64_t n;
    assert_int_equal(enumerate_band(1, collect_grid, &c, &n), MC_OK);
    job_source *src;
    assert_int_equal(job_source_open(&j, &src, &err), MC_OK);
    uint8_t *buf = malloc(3000 * 81);
    for (uint64_t i = 1; i < job_nchunks(&j); i += 2) { /* every other chunk: skipping works */
        uint64_t f, k;
        job_chunk_range(&j, i, &f, &k);
        assert_int_equal(job_source_read(src, f, k, buf, &err), MC_OK);
        assert_memory_equal(buf, c.grids + (f - 1) * 81, k * 81);
    }
    job_source_close(src); /* stops the enumeration thread early */
    free(buf);
    free(c.grids);
    job_free(&j);
    /* ranks past the band's grids, and a missing bands key */
    assert_int_equal(parse("source = enumerate\nbands = 1-1\nranks = 1007170-1007171\nclues = 16\noutput = o\n",
                           &j, &err), MC_OK);
    assert_int_equal(job_resolve(&j, &err), MC_EINVAL);
    assert_non_null(
        strstr(err.msg, "ranks 1007170-1007171 are not all in the grids of bands 1-1, whose ranks are 1-1007170"));
    job_free(&j);
    expect_error("source = enumerate\nclues = 16\noutput = o\n", MC_EFORMAT, "t.job:1:", "needs 'bands");
    expect_error("source = enumerate x.cat\nbands = 1\nclues = 16\noutput = o\n", MC_EFORMAT, "t.job:1:",
                 "takes no file");
}

static void test_check_puzzle(void **state)
{
    (void)state;
    const geometry *geo = geometry_get(2, 2);
    const char *gs = "1234341221434321";
    uint8_t g[16], p[MAX_CELLS];
    for (int i = 0; i < 16; i++) g[i] = (uint8_t)(gs[i] - '1');
    solver_ctx *sv = solver_new(geo);
    mc_error err;
    memcpy(p, g, 16);
    assert_int_equal(job_check_puzzle(sv, geo, g, p, 16, &err), MC_OK); /* the full grid */
    assert_int_equal(job_check_puzzle(sv, geo, g, p, 15, &err), MC_EINVAL);
    assert_non_null(strstr(err.msg, "more than K"));
    p[5] = (uint8_t)((p[5] + 1) % 4);
    assert_int_equal(job_check_puzzle(sv, geo, g, p, 16, &err), MC_EINVAL);
    assert_non_null(strstr(err.msg, "r2c2"));
    memset(p, CELL_EMPTY, sizeof p);
    p[0] = g[0];
    assert_int_equal(job_check_puzzle(sv, geo, g, p, 4, &err), MC_EINVAL);
    assert_non_null(strstr(err.msg, "more than one"));
    solver_free(sv);
}

/* Appends "LINE *HASH\n" (the journal's seal) to f. */
static void put_sealed(FILE *f, const char *line)
{
    fprintf(f, "%s *%016llx\n", line, (unsigned long long)job_fnv1a(JOB_FNV_INIT, line, strlen(line)));
}

/* Writes dir/journal with the job line body ident and one chunk line. */
static void write_journal(const char *dir, const char *ident, const char *chunk)
{
    char path[400], line[1200];
    snprintf(path, sizeof path, "%s/journal", dir);
    mkdir(dir, 0777);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("# written by hand\n", f);
    snprintf(line, sizeof line, "J %s", ident);
    put_sealed(f, line);
    put_sealed(f, chunk);
    fclose(f);
}

/* A journal of format 1 (the job line and chunk lines as minclue wrote them
 * before the counters table) and one with another counter list are refused
 * by journal_open, journal_read and job_verify with a message naming the
 * format, and the file is left as it was. */
static void test_old_journal_format_refused(void **state)
{
    (void)state;
    char out[300], path[400], ident[1000], *msg;
    snprintf(out, sizeof out, "%s/old", tmpdir);
    snprintf(path, sizeof path, "%s/journal", out);
    job j;
    make_job(&j, out, JOB_ENGINE_BRUTE, 10);
    snprintf(ident, sizeof ident,
             "source=grids path=%s first=1 last=30 shape=2x2 clues=4 chunk=10 engine=brute ua_max_size=-1"
             " ua_limit=-1 max_degree=-1 learn=-1",
             GRIDS4);
    write_journal(out, ident, "C first=1 count=10 sum=0123456789abcdef uas=0 nodes=175 cand=175 puzzles=0 sec=0.001");
    size_t n0, n1;
    char *before = read_all(path, &n0);
    mc_error err;
    journal *jl = NULL;
    journal_data d;
    assert_int_not_equal(journal_open(&j, &jl, &d, &err), MC_OK);
    assert_null(jl);
    assert_non_null(strstr(err.msg, "journal format 1"));
    assert_non_null(strstr(err.msg, "format 3 only"));
    assert_int_not_equal(journal_read(path, NULL, &d, &err), MC_OK);
    assert_non_null(strstr(err.msg, "journal format 1"));
    assert_non_null((msg = strstr(err.msg, ":2:"))); /* names the line */
    bool ok = true;
    FILE *sink = tmpfile();
    assert_int_not_equal(job_verify(out, sink, &ok, &err), MC_OK);
    assert_false(ok);
    assert_non_null(strstr(err.msg, "journal format 1"));
    char *after = read_all(path, &n1);
    assert_int_equal(n0, n1);
    assert_memory_equal(before, after, n0);
    free(before);
    free(after);

    /* format 2 (before source_sum=): refused by name */
    char ident2[1100];
    snprintf(ident2, sizeof ident2, "format=2 counters=%s %s", work_counters_keys(), ident);
    write_journal(out, ident2, "C first=1 count=10 sum=0123456789abcdef sec=0.001");
    assert_int_not_equal(journal_open(&j, &jl, &d, &err), MC_OK);
    assert_non_null(strstr(err.msg, "journal format 2;"));
    /* format 3, but counters other than this minclue's */
    snprintf(ident2, sizeof ident2, "format=3 counters=uas,nodes %s", ident);
    write_journal(out, ident2, "C first=1 count=10 sum=0123456789abcdef uas=0 nodes=175 sec=0.001");
    assert_int_not_equal(journal_open(&j, &jl, &d, &err), MC_OK);
    assert_non_null(strstr(err.msg, "counters uas,nodes;"));
    /* a format from the future */
    snprintf(ident2, sizeof ident2, "format=4 %s", ident);
    write_journal(out, ident2, "C first=1 count=10 sum=0123456789abcdef sec=0.001");
    assert_int_not_equal(journal_read(path, NULL, &d, &err), MC_OK);
    assert_non_null(strstr(err.msg, "journal format 4"));
    fclose(sink);
    job_free(&j);
}

/* Replaces the journal line of dir that starts with prefix by edit(line),
 * resealed, so the line itself is intact: what an edit with the seal
 * recomputed (the seal is unkeyed) leaves. */
static void reseal_line(const char *dir, const char *prefix, void (*edit)(char *line))
{
    char path[400];
    snprintf(path, sizeof path, "%s/journal", dir);
    size_t n;
    char *text = read_all(path, &n);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    bool done = false;
    for (char *p = text; *p;) {
        char *nl = strchr(p, '\n');
        *nl = 0;
        if (!done && !strncmp(p, prefix, strlen(prefix))) {
            static char line[1 << 16];
            snprintf(line, sizeof line, "%s", p);
            *strrchr(line, '*') = 0;
            line[strlen(line) - 1] = 0; /* the space before the seal */
            edit(line);
            put_sealed(f, line);
            done = true;
        } else {
            fprintf(f, "%s\n", p);
        }
        p = nl + 1;
    }
    fclose(f);
    free(text);
    assert_true(done);
}

/* The first found= entry listed a second time, and puzzles= one more. */
static void edit_repeat_puzzle(char *line)
{
    char *found = strstr(line, " found="), *pz = strstr(line, " puzzles=");
    assert_non_null(found);
    char entry[128], *end = strchr(found + 7, ';');
    size_t len = end ? (size_t)(end - found - 7) : strlen(found + 7);
    memcpy(entry, found + 7, len);
    entry[len] = 0;
    unsigned long np = strtoul(pz + 9, NULL, 10);
    char rest[1 << 15];
    snprintf(rest, sizeof rest, "%s", strchr(pz + 1, ' '));
    sprintf(pz, " puzzles=%lu%s;%s", np + 1, rest, entry);
}

static void edit_k5(char *line)
{
    char *k = strstr(line, " clues=4 ");
    assert_non_null(k);
    k[7] = '5';
}

/* Regression (issue 24, items 2 and 3): edits with the seal recomputed.
 * A puzzle listed twice in a chunk line (puzzles= raised to match) is
 * refused by journal_open (run) and by job_verify, even with found.txt
 * rebuilt from that journal; a job line with another K (clues=4 -> 5, which
 * the found puzzles of at most 4 clues still pass) is caught by comparing
 * summary.json and found.txt's header with the journal, as is one counter
 * changed in summary.json. */
static void test_verify_resealed_edits(void **state)
{
    (void)state;
    char out[300], jpath[320], spath[320];
    snprintf(out, sizeof out, "%s/reseal", tmpdir);
    snprintf(jpath, sizeof jpath, "%s/journal", out);
    snprintf(spath, sizeof spath, "%s/summary.json", out);
    job j;
    make_job(&j, out, JOB_ENGINE_BRUTE, 7);
    run_all(&j);
    assert_true(verify_says(out, "ranks 1..30, 30 grids, K = 4:", true));
    size_t n, sn;
    char *text = read_all(jpath, &n), *summary = read_all(spath, &sn);
    mc_error err;

    /* a puzzle listed twice in its chunk line */
    reseal_line(out, "C first=1 ", edit_repeat_puzzle);
    journal_data d;
    assert_int_equal(journal_read(jpath, NULL, &d, &err), MC_OK);
    assert_int_equal(d.bad_lines, 0); /* the line is intact */
    assert_int_equal(job_write_found(&j, &d, &err), MC_OK); /* as an older run rebuilt them */
    assert_int_equal(job_write_summary(&j, &d, 1.0, &err), MC_OK);
    journal_data_free(&d);
    assert_true(verify_says(out, "lists the puzzle", false));
    assert_true(verify_says(out, "more than once", false));
    journal *jl = NULL;
    assert_int_not_equal(journal_open(&j, &jl, &d, &err), MC_OK);
    assert_null(jl);
    assert_non_null(strstr(err.msg, "twice"));

    /* the job line with K = 5 */
    write_file(jpath, text);
    write_file(spath, summary);
    assert_int_equal(journal_read(jpath, NULL, &d, &err), MC_OK);
    assert_int_equal(job_write_found(&j, &d, &err), MC_OK); /* found.txt as before */
    journal_data_free(&d);
    assert_true(verify_says(out, "ranks 1..30, 30 grids, K = 4:", true));
    reseal_line(out, "J ", edit_k5);
    assert_true(verify_says(out, "summary.json \"clues\" is 4, the journal's 5", false));
    assert_true(verify_says(out, "found.txt's header", false));
    assert_true(verify_says(out, "summary.json \"job\"", false));

    /* one counter of summary.json changed */
    write_file(jpath, text);
    char *nodes = strstr(summary, "\"nodes\": ");
    assert_non_null(nodes);
    char *edited = malloc(sn + 64);
    memcpy(edited, summary, (size_t)(nodes - summary) + 9);
    sprintf(edited + (nodes - summary) + 9, "1%s", nodes + 9);
    write_file(spath, edited);
    assert_true(verify_says(out, "summary.json \"nodes\" is 1", false));
    /* a key the journal does not give */
    write_file(spath, summary);
    assert_true(verify_says(out, "ranks 1..30, 30 grids, K = 4:", true));
    strcpy(edited, summary);
    sprintf(strstr(edited, "  \"claim\""), "  \"extra\": 1,\n%s", strstr(summary, "  \"claim\""));
    write_file(spath, edited);
    assert_true(verify_says(out, "summary.json has \"extra\"", false));
    write_file(spath, summary);
    assert_true(verify_says(out, "ranks 1..30, 30 grids, K = 4:", true));
    free(edited);
    free(summary);
    free(text);
    job_free(&j);
}

/* A job over ranks lo..hi of the 4x4 file, run in this process into out. */
/* job_certificate_check of the file at path. */
static mc_status check_certificate(const job_union *u, const char *path, FILE *out, bool *ok)
{
    char *text;
    size_t len;
    mc_error err;
    assert_int_equal(job_certificate_read(path, &text, &len, &err), MC_OK);
    mc_status st = job_certificate_check(u, path, text, len, out, ok, &err);
    free(text);
    return st;
}

static void run_range(const char *out, int lo, int hi, int clues)
{
    char text[600];
    mc_error err;
    job j;
    snprintf(text, sizeof text, "source = grids %s\nranks = %d-%d\nclues = %d\nchunk = 4\nengine = brute\noutput = %s\n",
             GRIDS4, lo, hi, clues, out);
    assert_int_equal(parse(text, &j, &err), MC_OK);
    assert_int_equal(job_resolve(&j, &err), MC_OK);
    run_all(&j);
    job_free(&j);
}

/* Several outputs of one job: the union's totals are those of one output
 * over all ranks (the oracle); overlap and another K are refused; the
 * certificate checks against the outputs and fails on a changed journal. */
/* Two job lines are the same job when they differ in path= alone and both
 * bind the file's content (source_sum=). */
static void test_identity_same_job(void **state)
{
    (void)state;
    const char *a = "format=3 source=grids path=/srv/a/g.txt source_sum=0361927effec8625 first=1 last=2 clues=3";
    const char *b = "format=3 source=grids path=/tmp/x/g.txt source_sum=0361927effec8625 first=1 last=2 clues=3";
    const char *c = "format=3 source=grids path=/tmp/x/g.txt source_sum=1361927effec8625 first=1 last=2 clues=3";
    const char *d = "format=3 source=grids path=/tmp/x/g.txt source_sum=0361927effec8625 first=1 last=2 clues=4";
    const char *e = "format=3 source=grids path=/tmp/x/g.txt source_sum=0361927effec8625 first=1 last=2";
    assert_true(job_identity_same_job(a, b));
    assert_true(job_identity_same_job(a, a));
    assert_false(job_identity_same_job(a, c));
    assert_false(job_identity_same_job(a, d));
    assert_false(job_identity_same_job(a, e));
    assert_false(job_identity_same_job("source=grids path=/a first=1", "source=grids path=/b first=1"));
}

static void test_union_and_certificate(void **state)
{
    (void)state;
    char d[4][300], all[300], cert[300];
    const int lo[4] = {1, 11, 21, 8}, hi[4] = {10, 20, 30, 12};
    for (int i = 0; i < 4; i++) {
        snprintf(d[i], sizeof d[i], "%s/u%d", tmpdir, i);
        run_range(d[i], lo[i], hi[i], 4);
    }
    snprintf(all, sizeof all, "%s/uall", tmpdir);
    run_range(all, 1, 30, 4);
    job_verified one;
    mc_error err;
    FILE *sink = tmpfile();
    assert_int_equal(job_verify_output(all, sink, &one, &err), MC_OK);
    assert_true(one.ok);

    char *three[3] = {d[2], d[0], d[1]};
    job_union u;
    assert_int_equal(job_union_verify(&u, 3, three, 1, 30, sink, &err), MC_OK);
    assert_true(u.ok);
    assert_int_equal(u.units, 30);
    assert_int_equal(u.puzzles, one.t.puzzles);
    assert_int_equal(u.out[0].v.j.first, 1); /* by rank */
    char want[200];
    snprintf(want, sizeof want, "ranks 1..30, 30 grids, K = 4: %llu puzzles", (unsigned long long)one.t.puzzles);
    assert_string_equal(u.claim, want);
    snprintf(cert, sizeof cert, "%s/cert.json", tmpdir);
    assert_int_equal(job_certificate_write(&u, cert, false, &err), MC_OK);
    bool ok = false;
    assert_int_equal(check_certificate(&u, cert, sink, &ok), MC_OK);
    assert_true(ok);
    job_union_free(&u);

    /* the expected range not covered */
    char *two[2] = {d[0], d[2]};
    assert_int_equal(job_union_verify(&u, 2, two, 1, 30, sink, &err), MC_OK);
    assert_false(u.ok);
    job_union_free(&u);
    /* overlap: ranks 8..10 of u0 and u3 */
    char *over[2] = {d[0], d[3]};
    assert_int_equal(job_union_verify(&u, 2, over, 0, 0, sink, &err), MC_EINVAL);
    assert_non_null(strstr(err.msg, "ranks 8..10 are in two outputs"));
    job_union_free(&u);
    /* another K */
    char k5[300];
    snprintf(k5, sizeof k5, "%s/uk5", tmpdir);
    run_range(k5, 11, 20, 5);
    char *other[2] = {d[0], k5};
    assert_int_equal(job_union_verify(&u, 2, other, 0, 0, sink, &err), MC_EINVAL);
    assert_non_null(strstr(err.msg, "clues=4 in the first, clues=5 in the second"));
    job_union_free(&u);

    /* a journal changed after the certificate (a comment line: it still verifies) */
    char jpath[320];
    snprintf(jpath, sizeof jpath, "%s/journal", d[1]);
    FILE *f = fopen(jpath, "a");
    fputs("# edited\n", f);
    fclose(f);
    assert_int_equal(job_union_verify(&u, 3, three, 0, 0, sink, &err), MC_OK);
    assert_true(u.ok);
    assert_int_equal(check_certificate(&u, cert, sink, &ok), MC_OK);
    assert_false(ok);
    job_union_free(&u);
    job_verified_free(&one);
    fclose(sink);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_good),
        cmocka_unit_test(test_parse_errors),
        cmocka_unit_test(test_resolve_errors),
        cmocka_unit_test(test_chunks_cover),
        cmocka_unit_test(test_journal_roundtrip_and_verify),
        cmocka_unit_test(test_journal_stop_note),
        cmocka_unit_test(test_summary_needs_every_chunk),
        cmocka_unit_test(test_engines),
        cmocka_unit_test(test_catalogue_source),
        cmocka_unit_test(test_enumerate_source),
        cmocka_unit_test(test_check_puzzle),
        cmocka_unit_test(test_old_journal_format_refused),
        cmocka_unit_test(test_verify_resealed_edits),
        cmocka_unit_test(test_identity_same_job),
        cmocka_unit_test(test_union_and_certificate),
    };
    return cmocka_run_group_tests(tests, setup_dir, teardown_dir);
}
