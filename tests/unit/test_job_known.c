/* test_job_known — `job verify --known`: outputs written through the
 * journal (dry runs of tiny jobs, each chunk's line made by job_engine_run
 * with engine none, then puzzles of the complete list added to it) compared
 * with the list (job_known_compare) and through the command (exit status):
 *   - band-pair K = 17, groups 5928436-5928440 (group 5928436 covers two
 *     known 17s): both found -> missing 0, new 0, exit 0; one left out ->
 *     missing 1 naming it, exit 3; an extra of 18 clues (a known 17 and one
 *     more clue: one solution, not minimal) -> new 1, a defect, exit 4;
 *   - grid K = 17 over two grids of tests/data/seventeen-grids.txt: both
 *     puzzles found -> missing 0; one left out -> missing 1; with a list
 *     that lacks one of them, that one is new and a discovery (exit 0);
 *   - K = 16: nothing of the list in range, exit 0, the claim "0 puzzles";
 *   - K = 18 refused; a missing, a corrupt and a truncated list refused
 *     with one line naming the file (exit 2).
 * ctest-labels: unit
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bandpair.h"
#include "bandpair_unit.h"
#include "engine.h"
#include "job.h"
#include "job_journal.h"
#include "job_known.h"
#include "job_union.h"
#include "puzzle_key.h"
#include "solver.h"
#include "source.h"

#define COVER MC_TEST_DATA "/seventeen-cover.txt.gz"
#define GROUP 5928436ULL

static char tmpdir[256];

static int setup_dir(void **state)
{
    (void)state;
    snprintf(tmpdir, sizeof tmpdir, "/tmp/test_job_known_XXXXXX");
    return mkdtemp(tmpdir) ? 0 : -1;
}

static int teardown_dir(void **state)
{
    (void)state;
    char cmd[512];
    if (getenv("MC_TEST_KEEP")) return 0;
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    return system(cmd) == 0 ? 0 : -1;
}

typedef struct planted {
    uint64_t rank;
    uint8_t cell[81];
} planted;

/* Writes the output tmpdir/name of the job (source line, ranks, K, chunk
 * 1): a dry run's journal with the n planted puzzles in their chunks,
 * found.txt and summary.json. */
static void make_output(const char *name, const char *source, const char *ranks, int clues, const planted *p, size_t n)
{
    char text[1024], jpath[300];
    snprintf(text, sizeof text, "%s\nranks = %s\nclues = %d\nchunk = 1\noutput = %s/%s\n", source, ranks, clues,
             tmpdir, name);
    snprintf(jpath, sizeof jpath, "%s/%s.job", tmpdir, name);
    job j;
    mc_error err;
    if (job_parse(jpath, text, &j, &err) != MC_OK) fail_msg("%s", err.msg);
    j.engine = JOB_ENGINE_NONE; /* as run --dry-run sets it */
    j.engine_given = true;
    assert_int_equal(job_resolve(&j, &err), MC_OK);
    journal *jl;
    journal_data d;
    assert_int_equal(journal_open(&j, &jl, &d, &err), MC_OK);
    job_engine *e;
    job_source *src;
    assert_int_equal(job_engine_new(&j, &e, &err), MC_OK);
    assert_int_equal(job_source_open(&j, &src, &err), MC_OK);
    uint8_t *units = malloc(job_unit_bytes(&j));
    job_result r;
    memset(&r, 0, sizeof r);
    for (uint64_t i = 0; i < job_nchunks(&j); i++) {
        uint64_t f, c;
        job_chunk_range(&j, i, &f, &c);
        if (job_source_read(src, f, c, units, &err) != MC_OK) fail_msg("%s", err.msg);
        if (job_engine_run(e, units, f, c, &r, NULL, &err) != MC_OK) fail_msg("%s", err.msg);
        for (size_t k = 0; k < n; k++)
            if (p[k].rank == f) assert_int_equal(job_result_add_found(&r, f, p[k].cell, 81), MC_OK);
        r.puzzles = r.nfound;
        assert_int_equal(journal_append(jl, &r, &err), MC_OK);
        assert_int_equal(journal_data_add(&d, &r), MC_OK);
    }
    assert_int_equal(job_write_found(&j, &d, &err), MC_OK);
    assert_int_equal(job_write_summary(&j, &d, 1.0, &err), MC_OK);
    job_result_free(&r);
    free(units);
    job_source_close(src);
    job_engine_free(e);
    journal_close(jl);
    journal_data_free(&d);
    job_free(&j);
}

/* The verify --known of one output: its report and the command's exit
 * status (-1 when $MINCLUE is not set). */
static int known_of(const char *name, const char *list, job_known_report *rep, char *text, size_t cap)
{
    char dir[300];
    snprintf(dir, sizeof dir, "%s/%s", tmpdir, name);
    job_known_list *kl;
    mc_error err;
    if (job_known_read(list, &kl, &err) != MC_OK) fail_msg("%s", err.msg);
    job_union u;
    char *dirs[1] = {dir};
    FILE *devnull = fopen("/dev/null", "w");
    assert_int_equal(job_union_verify(&u, 1, dirs, 0, 0, devnull, &err), MC_OK);
    fclose(devnull);
    FILE *out = fmemopen(text, cap, "w");
    if (job_known_compare(kl, &u, out, rep, &err) != MC_OK) fail_msg("%s", err.msg);
    fclose(out);
    job_union_free(&u);
    job_known_free(kl);
    const char *m = getenv("MINCLUE");
    if (!m) return -1;
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "'%s' job verify --known '%s' '%s' > /dev/null 2>&1", m, list, dir);
    int st = system(cmd);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -2;
}

static void expect_exit(int got, int want)
{
    if (got == -1) print_message("(MINCLUE not set: the command's exit status not checked)\n");
    else assert_int_equal(got, want);
}

static void puzzle_parse(const char *s, uint8_t *p)
{
    for (int c = 0; c < 81; c++) p[c] = s[c] >= '1' && s[c] <= '9' ? (uint8_t)(s[c] - '1') : CELL_EMPTY;
}

/* The known 17s of group GROUP (from the list), in the coordinates of
 * the group's item grid that covers each. */
static size_t group_puzzles(planted *p, size_t cap)
{
    char cmd[600], line[512];
    snprintf(cmd, sizeof cmd, "zcat '%s' | awk '$1 == %llu { print $12 }'", COVER, GROUP);
    FILE *f = popen(cmd, "r");
    assert_non_null(f);
    job j;
    mc_error err;
    char text[200];
    snprintf(text, sizeof text, "source = bandpairs\nranks = %llu-%llu\nclues = 17\noutput = x\n", GROUP, GROUP);
    assert_int_equal(job_parse("g.job", text, &j, &err), MC_OK);
    assert_int_equal(job_resolve(&j, &err), MC_OK);
    job_source *src;
    assert_int_equal(job_source_open(&j, &src, &err), MC_OK);
    uint8_t *unit = malloc(job_unit_bytes(&j));
    assert_int_equal(job_source_read(src, GROUP, 1, unit, &err), MC_OK);
    bandpair_ctx *bp;
    assert_int_equal(bandpair_ctx_new(&bp), MC_OK);
    solver_ctx *sv = solver_new(geometry_9x9());
    size_t n = 0;
    while (n < cap && fgets(line, sizeof line, f)) {
        uint8_t q[81], pair[54], band3[27], item[81];
        puzzle_parse(line, q);
        solver_result r;
        assert_int_equal(solver_count(sv, q, 2, &r), 1);
        int slot, band1;
        bandpair_cover(bp, r.sol[0], q, &slot, pair, band3, &band1);
        memcpy(item, pair, 54);
        memcpy(item + 54, band3, 27);
        cs81 cells;
        assert_true(puzzle_key_map(r.sol[0], item, puzzle_key_cells(q), &cells));
        p[n].rank = GROUP;
        for (int c = 0; c < 81; c++) p[n].cell[c] = cs81_has(cells, c) ? item[c] : CELL_EMPTY;
        n++;
    }
    pclose(f);
    solver_free(sv);
    bandpair_ctx_free(bp);
    free(unit);
    job_source_close(src);
    job_free(&j);
    return n;
}

static void test_bandpair_known(void **state)
{
    (void)state;
    planted p[3];
    assert_int_equal(group_puzzles(p, 2), 2);
    const char *src = "source = bandpairs";
    char text[8192];
    job_known_report rep;
    make_output("bp-all", src, "5928436-5928440", 17, p, 2);
    int rc = known_of("bp-all", COVER, &rep, text, sizeof text);
    assert_int_equal(rep.in_range, 2);
    assert_int_equal(rep.found, 2);
    assert_int_equal(rep.matched, 2);
    assert_int_equal(rep.missing, 0);
    assert_int_equal(rep.added, 0);
    assert_non_null(strstr(text, "known in range 2, found 2, found and known 2, missing 0, new 0"));
    expect_exit(rc, 0);

    make_output("bp-one", src, "5928436-5928440", 17, p + 1, 1);
    rc = known_of("bp-one", COVER, &rep, text, sizeof text);
    assert_int_equal(rep.missing, 1);
    assert_int_equal(rep.matched, 1);
    assert_int_equal(rep.added, 0);
    assert_non_null(strstr(text, "missing: group 5928436: "));
    expect_exit(rc, 3);

    /* an extra: the first 17 and one more clue (18 clues, not minimal) */
    p[2] = p[0];
    planted sol = p[0];
    { /* the item grid of p[0]: its solution */
        solver_ctx *sv = solver_new(geometry_9x9());
        solver_result r;
        assert_int_equal(solver_count(sv, p[0].cell, 2, &r), 1);
        memcpy(sol.cell, r.sol[0], 81);
        solver_free(sv);
    }
    for (int c = 0; c < 81; c++)
        if (p[2].cell[c] == CELL_EMPTY) {
            p[2].cell[c] = sol.cell[c];
            break;
        }
    make_output("bp-extra", src, "5928436-5928440", 17, p, 3);
    rc = known_of("bp-extra", COVER, &rep, text, sizeof text);
    assert_int_equal(rep.matched, 2);
    assert_int_equal(rep.missing, 0);
    assert_int_equal(rep.added, 1);
    assert_int_equal(rep.defects, 1);
    assert_int_equal(rep.discoveries, 0);
    assert_non_null(strstr(text, "DEFECT: 18 clues, more than K = 17; not minimal"));
    expect_exit(rc, 4);
}

/* Two grids of seventeen-grids.txt (one 17 each) and their puzzles. */
static void test_grid_known(void **state)
{
    (void)state;
    char path[300], line[512], gl[2][82];
    planted p[2];
    snprintf(path, sizeof path, "%s/g.txt", tmpdir);
    FILE *in = fopen(MC_TEST_DATA "/seventeen-grids.txt", "r"), *out = fopen(path, "w");
    assert_non_null(in);
    assert_non_null(out);
    int ng = 0, np = 0;
    while (np < 2 && fgets(line, sizeof line, in)) {
        if (!strncmp(line, "G ", 2) && ng < 2) {
            memcpy(gl[ng], line + 2, 81);
            gl[ng][81] = 0;
            fprintf(out, "%s\n", gl[ng++]);
        } else if (!strncmp(line, "P ", 2) && np < ng) {
            p[np].rank = (uint64_t)np + 1;
            puzzle_parse(line + 2, p[np].cell);
            np++;
        }
    }
    fclose(in);
    fclose(out);
    assert_int_equal(np, 2);
    char src[400], text[8192];
    snprintf(src, sizeof src, "source = grids %s", path);
    job_known_report rep;
    make_output("g-all", src, "1-2", 17, p, 2);
    int rc = known_of("g-all", COVER, &rep, text, sizeof text);
    assert_int_equal(rep.in_range, 2);
    assert_int_equal(rep.matched, 2);
    assert_int_equal(rep.missing, 0);
    assert_int_equal(rep.added, 0);
    expect_exit(rc, 0);
    make_output("g-one", src, "1-2", 17, p, 1);
    rc = known_of("g-one", COVER, &rep, text, sizeof text);
    assert_int_equal(rep.missing, 1);
    assert_non_null(strstr(text, "missing: rank 2: "));
    expect_exit(rc, 3);

    /* a list without the first grid's 17: found there, it is new, and a
     * discovery (it passes every check) */
    char list[300], all_path[320], cmd[1200], t81[82];
    for (int c = 0; c < 81; c++) t81[c] = p[0].cell[c] == CELL_EMPTY ? '.' : (char)('1' + p[0].cell[c]);
    t81[81] = 0;
    snprintf(list, sizeof list, "%s/short.txt", tmpdir);
    snprintf(all_path, sizeof all_path, "%s/all.txt", tmpdir);
    snprintf(cmd, sizeof cmd, "zcat '%s' > '%s'", COVER, all_path);
    assert_int_equal(system(cmd), 0);
    /* the list's line of p[0] (in other coordinates) found by its key */
    solver_ctx *sv = solver_new(geometry_9x9());
    puzzle_key want;
    uint8_t g0[81];
    for (int c = 0; c < 81; c++) g0[c] = (uint8_t)(gl[0][c] - '1');
    assert_int_equal(puzzle_key_of(g0, puzzle_key_cells(p[0].cell), &want), 1);
    FILE *all = fopen(all_path, "r"), *sh = fopen(list, "w");
    assert_non_null(all);
    assert_non_null(sh);
    long dropped = 0;
    while (fgets(line, sizeof line, all)) {
        char *pz = strrchr(line, ' ');
        uint8_t q[81];
        solver_result r;
        puzzle_key k;
        if (line[0] != '#' && pz) {
            puzzle_parse(pz + 1, q);
            if (solver_count(sv, q, 2, &r) == 1 && puzzle_key_of(r.sol[0], puzzle_key_cells(q), &k) == 1 &&
                puzzle_key_eq(&k, &want)) {
                dropped++;
                continue;
            }
        }
        fputs(line, sh);
    }
    fclose(all);
    fclose(sh);
    solver_free(sv);
    assert_int_equal(dropped, 1);
    rc = known_of("g-all", list, &rep, text, sizeof text);
    assert_int_equal(rep.in_range, 1);
    assert_int_equal(rep.matched, 1);
    assert_int_equal(rep.added, 1);
    assert_int_equal(rep.discoveries, 1);
    assert_int_equal(rep.defects, 0);
    char want_line[200];
    snprintf(want_line, sizeof want_line, "new: rank 1: %s: discovery", t81);
    assert_non_null(strstr(text, want_line));
    expect_exit(rc, 0);
}

/* K = 16: nothing of the list is in range; K = 18 is refused. */
static void test_other_k(void **state)
{
    (void)state;
    char text[8192];
    job_known_report rep;
    make_output("k16", "source = bandpairs", "5928436-5928437", 16, NULL, 0);
    int rc = known_of("k16", COVER, &rep, text, sizeof text);
    assert_int_equal(rep.in_range, 0);
    assert_int_equal(rep.found, 0);
    assert_non_null(strstr(text, "K = 16: the list holds 17-clue puzzles only; none is in range"));
    expect_exit(rc, 0);

    make_output("k18", "source = bandpairs", "5928436-5928436", 18, NULL, 0);
    char dir[300];
    snprintf(dir, sizeof dir, "%s/k18", tmpdir);
    job_known_list *kl;
    mc_error err;
    assert_int_equal(job_known_read(COVER, &kl, &err), MC_OK);
    job_union u;
    char *dirs[1] = {dir};
    FILE *devnull = fopen("/dev/null", "w");
    assert_int_equal(job_union_verify(&u, 1, dirs, 0, 0, devnull, &err), MC_OK);
    assert_int_equal(job_known_compare(kl, &u, devnull, &rep, &err), MC_EINVAL);
    assert_non_null(strstr(err.msg, "K = 18"));
    fclose(devnull);
    job_union_free(&u);
    job_known_free(kl);
}

/* A missing, a corrupt and a truncated list: one message naming it. */
static void test_bad_lists(void **state)
{
    (void)state;
    char path[300], cmd[2000];
    job_known_list *kl;
    mc_error err;
    snprintf(path, sizeof path, "%s/none.gz", tmpdir);
    assert_int_equal(job_known_read(path, &kl, &err), MC_EIO);
    assert_non_null(strstr(err.msg, path));

    snprintf(path, sizeof path, "%s/bad.txt", tmpdir);
    snprintf(cmd, sizeof cmd, "zcat '%s' | head -20 | sed '12s/ [^ ]*$/ 123/' > '%s'", COVER, path);
    assert_int_equal(system(cmd), 0);
    assert_int_equal(job_known_read(path, &kl, &err), MC_ECORRUPT);
    char where[320];
    snprintf(where, sizeof where, "%s:12: not an entry", path);
    if (!strstr(err.msg, where)) fail_msg("%s", err.msg);

    snprintf(path, sizeof path, "%s/cut.gz", tmpdir);
    snprintf(cmd, sizeof cmd, "head -c 300000 '%s' > '%s'", COVER, path);
    assert_int_equal(system(cmd), 0);
    assert_int_equal(job_known_read(path, &kl, &err), MC_EIO);
    if (!strstr(err.msg, path) || !strstr(err.msg, "truncated")) fail_msg("%s", err.msg);

    snprintf(path, sizeof path, "%s/empty.txt", tmpdir);
    snprintf(cmd, sizeof cmd, "echo '# nothing' > '%s'", path);
    assert_int_equal(system(cmd), 0);
    assert_int_equal(job_known_read(path, &kl, &err), MC_ECORRUPT);
    assert_non_null(strstr(err.msg, "no entry"));

    const char *m = getenv("MINCLUE");
    if (m) {
        snprintf(cmd, sizeof cmd, "'%s' job verify --known '%s/none.gz' '%s' 2> '%s/e.txt'; echo $? >> '%s/e.txt'", m,
                 tmpdir, tmpdir, tmpdir, tmpdir);
        assert_int_equal(system(cmd), 0);
        snprintf(path, sizeof path, "%s/e.txt", tmpdir);
        FILE *f = fopen(path, "r");
        char l1[600] = "", l2[16] = "";
        assert_non_null(fgets(l1, sizeof l1, f));
        assert_non_null(fgets(l2, sizeof l2, f));
        fclose(f);
        assert_non_null(strstr(l1, "none.gz: cannot open it"));
        assert_string_equal(l2, "2\n");
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bandpair_known),
        cmocka_unit_test(test_grid_known),
        cmocka_unit_test(test_other_k),
        cmocka_unit_test(test_bad_lists),
    };
    return cmocka_run_group_tests(tests, setup_dir, teardown_dir);
}
