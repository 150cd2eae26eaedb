/* cmd_job_split — `minclue job split JOB N [--outdir DIR]`: a job cut into
 * N part jobs (job_split.h) balanced by predicted cost (job_cost.h). */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "job.h"
#include "job_cost.h"
#include "job_split.h"
#include "job_status.h"

static void usage(FILE *out)
{
    fputs("usage: minclue job split JOB N [--outdir DIR] [--calibrate OUT]...\n"
          "\n"
          "Cuts the rank range of the job file JOB (its `ranks`, or the whole\n"
          "source) into N part jobs whose ranks partition it exactly: DIR/NAME-i.job\n"
          "for i = 1..N (NAME: JOB's name without .job; DIR: JOB's directory by\n"
          "default), each with `ranks = I-J` and its own `output` (JOB's output\n"
          "with -i appended); JOB's comment lines are dropped, every other line\n"
          "is kept (a '#' in a value written as \\#). Sources bandpairs\n"
          "(K = 16, 17) and enumerate (K = 16) are balanced by predicted cost from\n"
          "measured rates; other jobs by rank count. Prints each part's ranks and\n"
          "predicted core-hours, the total, and the bash commands that run and\n"
          "merge the parts, to paste from any directory: paths absolute and\n"
          "quoted, this program by its path (MINCLUE= for array.sbatch),\n"
          "jobs/slurm/array.sbatch of the source tree above JOB or above\n"
          "this program, the outputs as NAME-{1..N}.\n"
          "\n"
          "The rates are of the CPU class of this machine: AVX-512 (avx512f) or\n"
          "AVX2 without it, where a group took 1.3-1.45 times longer. Set\n"
          "MINCLUE_COST_CPU=avx512 or avx2 to take the other class's (a split\n"
          "made on a login node for compute nodes of another kind). The cost\n"
          "model line names the class.\n"
          "\n"
          "--calibrate OUT scales the predictions to this CPU: OUT is the output\n"
          "of a run (finished or partial, e.g. a small sample job) of the same\n"
          "kind of job (source, shape, K and engine) on the machine that will\n"
          "run the parts; the CPU seconds its chunks took (the journal's cpu=;\n"
          "wall seconds for chunks of older journals, said so) against the\n"
          "model's prediction for the same ranks is the factor, printed with its\n"
          "standard error over the chunks and applied to every core-hour figure\n"
          "(job status applies the same to its outputs). Fewer than 10 chunks, a\n"
          "standard error above 15 % or a sample under a CPU-minute is called a\n"
          "rough factor: the first chunks of a process build tables that later\n"
          "ones reuse, so calibrate with a sample of many chunks and minutes.\n"
          "Without a cost model the factor is the observed time per unit, and\n"
          "core-hours are predicted from it. Several --calibrate add up. The\n"
          "parts' ranks do not change (the factor scales every rank alike).\n"
          "\n"
          "No file is written over: an existing part file or part output is an\n"
          "error, and then nothing is written.\n"
          "\n"
          "exit status: 0 written, 2 error\n",
          out);
}

static char *dir_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash) return strdup(".");
    if (slash == path) return strdup("/");
    return strndup(path, (size_t)(slash - path));
}

/* NAME of DIR/NAME.job */
static char *stem_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    size_t n = strlen(base);
    if (n > 4 && !strcmp(base + n - 4, ".job")) n -= 4;
    return strndup(base, n);
}

static bool same_dir(const char *a, const char *b)
{
    char ra[PATH_MAX], rb[PATH_MAX];
    return realpath(a, ra) && realpath(b, rb) && !strcmp(ra, rb);
}

/* usec of one core as core-hours to read */
static void hours_text(char *out, size_t n, double usec) { job_cost_hours_text(usec / 3.6e9, out, n); }

typedef struct part {
    uint64_t first, last;
    double usec;  /* predicted (when the cost is modelled or calibrated), scaled by the calibration */
    char *file;   /* the part's job file */
    char *output; /* its output as written in the file */
    char *abs_output;
} part;

static void parts_free(part *p, uint64_t n)
{
    for (uint64_t i = 0; p && i < n; i++) {
        free(p[i].file);
        free(p[i].output);
        free(p[i].abs_output);
    }
    free(p);
}

static char *fmt(const char *f, const char *s, uint64_t i)
{
    size_t n = strlen(s) + 32;
    char *r = malloc(n);
    if (r) snprintf(r, n, f, s, (unsigned long long)i);
    return r;
}

static char *no_trailing_slash(const char *s)
{
    size_t n = strlen(s);
    while (n > 1 && s[n - 1] == '/') n--;
    return strndup(s, n);
}

/* Writes every part file, none over an existing file; on error removes the
 * ones written and returns false (message printed). */
static bool write_parts(const char *cmd, const char *text, const job *j, part *p, uint64_t n, int absolute,
                        bool predicted, bool calibrated)
{
    uint64_t i;
    for (i = 0; i < n; i++) {
        char header[512], cost[80] = "";
        uint64_t units = p[i].last - p[i].first + 1;
        if (predicted) {
            char h[32];
            hours_text(h, sizeof h, p[i].usec);
            snprintf(cost, sizeof cost, ", predicted %s core-hours%s", h, calibrated ? " (calibrated)" : "");
        }
        snprintf(header, sizeof header, "# part %llu of %llu of %s (minclue job split): ranks %llu-%llu, %llu %s%s\n",
                 (unsigned long long)(i + 1), (unsigned long long)n, j->path, (unsigned long long)p[i].first,
                 (unsigned long long)p[i].last, (unsigned long long)units, job_unit_noun(j, units), cost);
        char *body = job_split_text(text, j, p[i].first, p[i].last, p[i].output, absolute, header);
        if (!body) {
            cli_error(cmd, "out of memory");
            break;
        }
        int fd = open(p[i].file, O_WRONLY | O_CREAT | O_EXCL, 0644);
        size_t len = strlen(body);
        bool ok = fd >= 0 && write(fd, body, len) == (ssize_t)len;
        int e = errno;
        if (fd >= 0 && close(fd) != 0 && ok) ok = false, e = errno;
        free(body);
        if (!ok) {
            cli_error(cmd, "%s: %s", p[i].file, strerror(e));
            if (fd >= 0) unlink(p[i].file);
            break;
        }
    }
    if (i == n) return true;
    while (i-- > 0) unlink(p[i].file);
    return false;
}

typedef struct calibration {
    int n;
    char **out; /* the --calibrate outputs */
    job_cost_observed obs;
    double factor; /* 0: none */
} calibration;

/* The --calibrate outputs observed against j's kind of model; false
 * (message printed) when one cannot calibrate. */
static bool calibrate(const char *cmd, const job *j, calibration *cal)
{
    mc_error err;
    for (int i = 0; i < cal->n; i++)
        if (job_status_calibrate(j, cal->out[i], &cal->obs, &err) != MC_OK) {
            cli_error(cmd, "--calibrate %s", err.msg);
            return false;
        }
    cal->factor = job_cost_factor(&cal->obs);
    if (cal->n && !(cal->factor > 0)) {
        cli_error(cmd, "--calibrate: the chunks of %s took no measurable time", cal->out[0]);
        return false;
    }
    return true;
}

static int split(const char *cmd, const char *path, uint64_t n, const char *outdir_opt, calibration *cal)
{
    job j;
    mc_error err;
    char *text = NULL;
    if (job_load_text(path, &j, &text, &err) != MC_OK || job_resolve(&j, &err) != MC_OK) {
        cli_error(cmd, "%s", err.msg);
        free(text);
        job_free(&j);
        return 2;
    }
    int rc = 2;
    char *jobdir = dir_of(path), *stem = stem_of(path), *out_raw = NULL;
    char *outdir = outdir_opt ? strdup(outdir_opt) : strdup(jobdir);
    long out_line = text ? job_split_key_line(text, "output", &out_raw) : 0;
    char *out_base = out_raw ? no_trailing_slash(out_raw) : NULL, *abs_base = no_trailing_slash(j.output);
    job_cost c = {0};
    uint64_t *end = NULL;
    part *p = NULL;
    if (!jobdir || !stem || !outdir || !out_base || !abs_base) {
        cli_error(cmd, "%s: out of memory", path);
        goto done;
    }
    if (job_cost_model(&j, &c, &err) != MC_OK) {
        cli_error(cmd, "%s: %s", path, err.msg);
        goto done;
    }
    if (!calibrate(cmd, &j, cal)) goto done;
    double scale = cal->factor > 0 ? cal->factor : 1;
    bool predicted = c.modelled || cal->factor > 0;
    end = calloc(n && n <= JOB_SPLIT_MAX_PARTS ? n : 1, sizeof *end); /* more parts: job_split_ranges says so */
    if (!end) {
        cli_error(cmd, "out of memory");
        goto done;
    }
    if (job_split_ranges(&c, j.first, j.last, n, end, &err) != MC_OK) {
        if (j.ranks_given)
            cli_error(cmd, "%s:%ld: %s", path, j.ranks_line, err.msg);
        else
            cli_error(cmd, "%s: %s (the whole source)", path, err.msg);
        goto done;
    }
    struct stat st;
    if (outdir_opt && stat(outdir, &st) != 0 && mkdir(outdir, 0755) != 0) {
        cli_error(cmd, "%s: cannot create: %s", outdir, strerror(errno));
        goto done;
    }
    int absolute = !same_dir(outdir, jobdir);
    p = calloc(n, sizeof *p);
    if (!p) {
        cli_error(cmd, "out of memory");
        goto done;
    }
    char real_outdir[PATH_MAX];
    const char *od = realpath(outdir, real_outdir) ? real_outdir : outdir;
    size_t plen = strlen(od) + strlen(stem) + 2;
    char *prefix = malloc(plen);
    if (prefix) snprintf(prefix, plen, "%s/%s", od, stem);
    for (uint64_t i = 0; i < n; i++) {
        p[i].first = i ? end[i - 1] + 1 : j.first;
        p[i].last = end[i];
        p[i].usec = (double)job_cost_range(&c, p[i].first, p[i].last) * scale;
        p[i].file = prefix ? fmt("%s-%llu.job", prefix, i + 1) : NULL;
        p[i].abs_output = fmt("%s-%llu", abs_base, i + 1);
        p[i].output = fmt("%s-%llu", absolute ? abs_base : out_base, i + 1);
        if (!p[i].file || !p[i].abs_output || !p[i].output) {
            cli_error(cmd, "out of memory");
            free(prefix);
            goto done;
        }
        if (lstat(p[i].file, &st) == 0) {
            cli_error(cmd, "%s: part %llu's job file exists (split writes no file over; remove it or use --outdir)",
                      p[i].file, (unsigned long long)(i + 1));
            free(prefix);
            goto done;
        }
        if (lstat(p[i].abs_output, &st) == 0) {
            cli_error(cmd, "%s:%ld: the output of part %llu, %s, exists (a split's parts start in new output "
                      "directories)",
                      path, out_line, (unsigned long long)(i + 1), p[i].abs_output);
            free(prefix);
            goto done;
        }
    }
    if (!write_parts(cmd, text, &j, p, n, absolute, predicted, cal->factor > 0)) {
        free(prefix);
        goto done;
    }
    /* the report */
    double total = (double)job_cost_range(&c, j.first, j.last) * scale;
    printf("# %s: ranks %llu-%llu (%llu %s), K = %d, engine %s, %llu parts\n", path, (unsigned long long)j.first,
           (unsigned long long)j.last, (unsigned long long)job_total(&j), job_unit_noun(&j, job_total(&j)),
           j.clues, job_engine_name(j.engine), (unsigned long long)n);
    if (c.modelled)
        printf("# cost model: %s\n", c.origin);
    else
        printf("# no cost model for this job: %s; parts balanced by rank count%s\n", c.why,
               predicted ? "" : ", no core-hours predicted");
    for (int i = 0; i < cal->n; i++) printf("# calibrated by %s\n", cal->out[i]);
    char ctext[512];
    job_cost_calibration_text(&cal->obs, ctext, sizeof ctext);
    if (cal->factor > 0 && c.modelled)
        printf("# calibration %s; every core-hour figure below is the model's times %.3g\n", ctext, cal->factor);
    else if (cal->factor > 0)
        printf("# calibration: %llu chunks took %.4g %s s per %s; core-hours below at that rate\n",
               (unsigned long long)cal->obs.chunks, cal->obs.seconds / (double)cal->obs.units,
               cal->obs.wall_chunks ? "wall" : "CPU", job_unit_noun(&j, 1));
    printf("%8s %25s %14s %12s  %s\n", "part", "ranks", "units", "core-hours", "job file");
    for (uint64_t i = 0; i < n; i++) {
        char r[48];
        snprintf(r, sizeof r, "%llu-%llu", (unsigned long long)p[i].first, (unsigned long long)p[i].last);
        char h[32] = "-";
        if (predicted) hours_text(h, sizeof h, p[i].usec);
        printf("%8llu %25s %14llu %12s  %s\n", (unsigned long long)(i + 1), r,
               (unsigned long long)(p[i].last - p[i].first + 1), h, p[i].file);
    }
    if (predicted) {
        char h[32], per[32];
        hours_text(h, sizeof h, total);
        hours_text(per, sizeof per, total / (double)n);
        printf("total: %s core-hours predicted for K = %d (%s per part)%s\n", h, j.clues, per,
               cal->factor > 0 ? ", calibrated" : "");
    }
    /* commands to paste into bash: every path absolute and one shell word,
     * the outputs as a brace expansion */
    char *sbatch = cli_array_sbatch(jobdir), *cert = malloc(strlen(abs_base) + 11);
    if (cert) sprintf(cert, "%s.cert.json", abs_base);
    char *q_sbatch = cli_shell_word(sbatch ? sbatch : "jobs/slurm/array.sbatch"), *q_prefix = cli_shell_word(prefix);
    char *q_cert = cert ? cli_shell_word(cert) : NULL, *q_out = cli_shell_word(abs_base);
    char *self = cli_program_path(), *q_self = cli_shell_word(self ? self : "minclue");
    if (!sbatch)
        printf("# array.sbatch: none found above %s or this program; jobs/slurm/array.sbatch of minclue's "
               "source, from its top directory\n",
               jobdir);
    if (q_sbatch && q_prefix && q_cert && q_out && q_self) {
        printf("run:    MINCLUE=%s sbatch --array=1-%llu %s %s\n", q_self, (unsigned long long)n, q_sbatch, q_prefix);
        printf("verify: %s job verify --expect %llu-%llu --certificate %s %s-{1..%llu}\n", q_self,
               (unsigned long long)j.first, (unsigned long long)j.last, q_cert, q_out, (unsigned long long)n);
        rc = 0;
    } else {
        cli_error(cmd, "out of memory");
    }
    free(sbatch);
    free(cert);
    free(q_sbatch);
    free(q_prefix);
    free(q_cert);
    free(q_out);
    free(self);
    free(q_self);
    free(prefix);
done:
    parts_free(p, p ? n : 0);
    free(end);
    job_cost_free(&c);
    free(text);
    free(jobdir);
    free(stem);
    free(outdir);
    free(out_raw);
    free(out_base);
    free(abs_base);
    job_free(&j);
    return rc;
}

/* A negative number where N goes ("-1"), which getopt would take for an
 * option; NULL when there is none. The value of -o/--outdir is skipped. */
static const char *negative_n(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--")) break;
        if (!strcmp(argv[i], "-o") || !strcmp(argv[i], "--outdir") || !strcmp(argv[i], "--calibrate")) i++;
        else if (argv[i][0] == '-' && argv[i][1] >= '0' && argv[i][1] <= '9') return argv[i];
    }
    return NULL;
}

int cmd_job_split(int argc, char **argv)
{
    static const struct option opts[] = {{"outdir", required_argument, NULL, 'o'},
                                         {"calibrate", required_argument, NULL, 'c'},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    const char *outdir = NULL, *neg = negative_n(argc, argv);
    calibration cal = {0};
    if (neg) {
        cli_error("job split", "N must be a whole number of parts, 1 or more, not '%s'", neg);
        return 2;
    }
    optind = 0;
    int c;
    while ((c = getopt_long(argc, argv, "ho:c:", opts, NULL)) != -1) {
        if (c == 'h') {
            usage(stdout);
            return 0;
        }
        if (c == 'o') {
            outdir = optarg;
            continue;
        }
        if (c == 'c') {
            char **o = realloc(cal.out, (size_t)(cal.n + 1) * sizeof *o);
            if (!o) {
                cli_error("job split", "out of memory");
                free(cal.out);
                return 2;
            }
            cal.out = o;
            cal.out[cal.n++] = optarg;
            continue;
        }
        free(cal.out);
        usage(stderr);
        return 2;
    }
    uint64_t n;
    int rc = 2;
    if (argc - optind != 2)
        usage(stderr);
    else if (!numtext_u64(argv[optind + 1], &n) || n < 1)
        cli_error("job split", "N must be a whole number of parts, 1 or more, not '%s'", argv[optind + 1]);
    else
        rc = split("job split", argv[optind], n, outdir, &cal);
    free(cal.out);
    return rc;
}
