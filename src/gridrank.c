/* gridrank — see gridrank.h. */
#include "gridrank.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "band.h"
#include "enumerate.h"
#include "gridfile.h"

typedef struct band_counts {
    bool known;
    uint64_t total;
    int n;            /* row-4 slices with grids */
    uint8_t (*row4)[9];
    uint64_t *cnt;
} band_counts;

struct gridrank {
    char *path;
    bool read_only; /* a .gz cache: read, never appended to */
    band_counts b[BAND_COUNT + 1];
    gridrank_progress_fn progress;
    void *progress_arg;
};

/* Growable list of row-4 slices. */
typedef struct slices {
    int n, cap;
    uint8_t (*row4)[9];
    uint64_t *cnt;
    bool oom;
} slices;

static bool slices_push(slices *s, const uint8_t *row4, uint64_t cnt)
{
    if (s->n == s->cap) {
        int cap = s->cap ? 2 * s->cap : 256;
        uint8_t(*r)[9] = realloc(s->row4, (size_t)cap * sizeof *r);
        if (r) s->row4 = r;
        uint64_t *c = realloc(s->cnt, (size_t)cap * sizeof *c);
        if (c) s->cnt = c;
        if (!r || !c) return false;
        s->cap = cap;
    }
    memcpy(s->row4[s->n], row4, 9);
    s->cnt[s->n++] = cnt;
    return true;
}

static void band_set(band_counts *b, slices *s)
{
    free(b->row4);
    free(b->cnt);
    b->row4 = s->row4;
    b->cnt = s->cnt;
    b->n = s->n;
    b->total = 0;
    for (int i = 0; i < s->n; i++) b->total += s->cnt[i];
    b->known = true;
    memset(s, 0, sizeof *s);
}

static mc_status load(gridrank *gr, mc_error *err)
{
    if (access(gr->path, F_OK) != 0 && errno == ENOENT) return MC_OK; /* created on the first band counted */
    linereader *f; /* plain text or gzip; a truncated or damaged stream is an error */
    mc_status st = linereader_open(gr->path, &f, err);
    if (st) return st;
    char *line;
    size_t len;
    int pending_band = 0;
    slices pend = {0};
    while ((st = linereader_next(f, &line, &len, err)) == MC_OK) {
        if (line[0] == '#' || line[0] == '\0') continue;
        int b;
        unsigned long long n;
        char digits[16];
        if (sscanf(line, "row4 %d %15s %llu", &b, digits, &n) == 3 && b >= 1 && b <= BAND_COUNT &&
            strlen(digits) == 9) {
            uint8_t r[9];
            bool ok = true;
            for (int i = 0; i < 9; i++) {
                if (digits[i] < '1' || digits[i] > '9') ok = false;
                r[i] = (uint8_t)(digits[i] - '1');
            }
            if (ok && pending_band && pending_band != b) ok = false;
            if (ok && pend.n && memcmp(pend.row4[pend.n - 1], r, 9) >= 0) ok = false;
            if (!ok) {
                st = mc_fail(err, MC_ECORRUPT, "%s:%ld: bad row4 line", gr->path, linereader_line(f));
                break;
            }
            pending_band = b;
            if (!slices_push(&pend, r, n)) {
                st = mc_fail(err, MC_ENOMEM, "%s:%ld: out of memory", gr->path, linereader_line(f));
                break;
            }
        } else if (sscanf(line, "band %d %llu", &b, &n) == 2 && b >= 1 && b <= BAND_COUNT) {
            uint64_t sum = 0;
            for (int i = 0; i < pend.n; i++) sum += pend.cnt[i];
            if ((pending_band && pending_band != b) || sum != n) {
                st = mc_fail(err, MC_ECORRUPT, "%s:%ld: band %d: row-4 counts add up to %llu, not %llu", gr->path,
                             linereader_line(f), b, (unsigned long long)sum, n);
                break;
            }
            band_set(&gr->b[b], &pend);
            pending_band = 0;
        } else {
            st = mc_fail(err, MC_ECORRUPT, "%s:%ld: line does not parse", gr->path, linereader_line(f));
            break;
        }
    }
    if (st == MC_EOF) st = MC_OK;
    /* a trailing partial record (interrupted write) is ignored */
    free(pend.row4);
    free(pend.cnt);
    linereader_free(f);
    return st;
}

mc_status gridrank_open(const char *cache_path, gridrank **out, mc_error *err)
{
    gridrank *gr = calloc(1, sizeof *gr);
    if (!gr) return mc_fail(err, MC_ENOMEM, "out of memory");
    if (cache_path) {
        gr->path = strdup(cache_path);
        if (!gr->path) {
            free(gr);
            return mc_fail(err, MC_ENOMEM, "out of memory");
        }
        size_t len = strlen(cache_path);
        gr->read_only = len >= 3 && strcmp(cache_path + len - 3, ".gz") == 0;
        mc_status st = load(gr, err);
        if (st) {
            gridrank_free(gr);
            return st;
        }
    }
    *out = gr;
    return MC_OK;
}

void gridrank_free(gridrank *gr)
{
    if (!gr) return;
    for (int b = 0; b <= BAND_COUNT; b++) {
        free(gr->b[b].row4);
        free(gr->b[b].cnt);
    }
    free(gr->path);
    free(gr);
}

void gridrank_set_progress(gridrank *gr, gridrank_progress_fn fn, void *arg)
{
    gr->progress = fn;
    gr->progress_arg = arg;
}


static int tally_fn(void *arg, const uint8_t *g)
{
    slices *s = arg;
    if (s->n && memcmp(s->row4[s->n - 1], g + 27, 9) == 0) s->cnt[s->n - 1]++;
    else if (!slices_push(s, g + 27, 1)) {
        s->oom = true;
        return 1;
    }
    return 0;
}

static mc_status count_band(gridrank *gr, int band, mc_error *err)
{
    slices s = {0};
    uint64_t n;
    mc_status st = enumerate_band(band, tally_fn, &s, &n);
    if (!st && s.oom) st = MC_ENOMEM;
    if (st) {
        free(s.row4);
        free(s.cnt);
        return mc_fail(err, st, "counting band %d: %s", band, mc_status_name(st));
    }
    band_set(&gr->b[band], &s);
    if (gr->path && !gr->read_only) {
        FILE *f = fopen(gr->path, "a");
        if (!f) return mc_fail(err, MC_EIO, "%s: cannot append: %s", gr->path, strerror(errno));
        const band_counts *b = &gr->b[band];
        for (int i = 0; i < b->n; i++) {
            char d[10];
            for (int k = 0; k < 9; k++) d[k] = (char)('1' + b->row4[i][k]);
            d[9] = 0;
            fprintf(f, "row4 %d %s %llu\n", band, d, (unsigned long long)b->cnt[i]);
        }
        fprintf(f, "band %d %llu\n", band, (unsigned long long)b->total);
        if (fclose(f) != 0) return mc_fail(err, MC_EIO, "%s: write error: %s", gr->path, strerror(errno));
    }
    if (gr->progress) gr->progress(gr->progress_arg, band, gr->b[band].total);
    return MC_OK;
}

mc_status gridrank_band_count(gridrank *gr, int band, uint64_t *count, mc_error *err)
{
    if (band < 1 || band > BAND_COUNT) return mc_fail(err, MC_EINVAL, "band %d outside 1-%d", band, BAND_COUNT);
    if (!gr->b[band].known) {
        mc_status st = count_band(gr, band, err);
        if (st) return st;
    }
    *count = gr->b[band].total;
    return MC_OK;
}

mc_status gridrank_band_first(gridrank *gr, int band, uint64_t *rank, mc_error *err)
{
    if (band < 1 || band > BAND_COUNT) return mc_fail(err, MC_EINVAL, "band %d outside 1-%d", band, BAND_COUNT);
    uint64_t r = 1;
    for (int b = 1; b < band; b++) {
        uint64_t n;
        mc_status st = gridrank_band_count(gr, b, &n, err);
        if (st) return st;
        r += n;
    }
    *rank = r;
    return MC_OK;
}

typedef struct find {
    const uint8_t *target;
    uint64_t pos; /* 1-based position of target, or of the k-th grid */
    uint64_t k;
    uint8_t *out;
    bool found;
} find;

static int find_fn(void *arg, const uint8_t *g)
{
    find *f = arg;
    f->pos++;
    if (f->target ? memcmp(g, f->target, 81) == 0 : f->pos == f->k) {
        if (f->out) memcpy(f->out, g, 81);
        f->found = true;
        return 1;
    }
    if (f->target && memcmp(g, f->target, 81) > 0) return 1;
    return 0;
}

mc_status gridrank_rank(gridrank *gr, const uint8_t *m, uint64_t *rank, mc_error *err)
{
    int band = band_index(m);
    if (memcmp(band_minlex(band), m, 27) != 0) return mc_fail(err, MC_EINVAL, "grid is not in minlex form");
    uint64_t r = 0;
    mc_status st = gridrank_band_first(gr, band, &r, err);
    if (st) return st;
    uint64_t n;
    st = gridrank_band_count(gr, band, &n, err);
    if (st) return st;
    const band_counts *b = &gr->b[band];
    int i = 0;
    while (i < b->n && memcmp(b->row4[i], m + 27, 9) < 0) r += b->cnt[i++];
    if (i == b->n || memcmp(b->row4[i], m + 27, 9) != 0) return mc_fail(err, MC_EINVAL, "grid is not in minlex form");
    find f = {.target = m};
    st = enumerate_band_prefix(band, m + 27, 9, find_fn, &f, NULL);
    if (st) return mc_fail(err, st, "enumeration failed: %s", mc_status_name(st));
    if (!f.found) return mc_fail(err, MC_EINVAL, "grid is not in minlex form");
    *rank = r + f.pos - 1;
    return MC_OK;
}

mc_status gridrank_unrank(gridrank *gr, uint64_t rank, uint8_t *out, mc_error *err)
{
    if (rank == 0) return mc_fail(err, MC_EINVAL, "rank 0: ranks start at 1");
    /* The published total (Felgenhauer-Jarvis count of ES grids, Russell and
     * Jarvis 2006; re-derived by scripts/enumerate-all) bounds every rank:
     * checking it first spares hours of enumeration for a mistyped rank. */
    if (rank > GRIDRANK_PUBLISHED_TOTAL)
        return mc_fail(err, MC_EINVAL, "rank %llu is past the last grid (%llu)",
                       (unsigned long long)rank, (unsigned long long)GRIDRANK_PUBLISHED_TOTAL);
    uint64_t left = rank - 1;
    for (int band = 1; band <= BAND_COUNT; band++) {
        uint64_t n;
        mc_status st = gridrank_band_count(gr, band, &n, err);
        if (st) return st;
        if (left >= n) {
            left -= n;
            continue;
        }
        const band_counts *b = &gr->b[band];
        int i = 0;
        while (left >= b->cnt[i]) left -= b->cnt[i++];
        find f = {.k = left + 1, .out = out};
        st = enumerate_band_prefix(band, b->row4[i], 9, find_fn, &f, NULL);
        if (st) return mc_fail(err, st, "enumeration failed: %s", mc_status_name(st));
        if (!f.found) return mc_fail(err, MC_ECORRUPT, "counts of band %d do not match its grids", band);
        return MC_OK;
    }
    return mc_fail(err, MC_EINVAL, "rank %llu is past the last grid", (unsigned long long)rank);
}
