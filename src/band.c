/* band — see band.h. */
#include "band.h"

#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "perm3.h"

#define ROW2_PERMS 12096
#define NORMAL_BANDS (ROW2_PERMS * 216)

static const uint32_t fact[9] = {1, 1, 2, 6, 24, 120, 720, 5040, 40320};

/* Row of rank r (0 .. 9!-1, Lehmer code, lexicographic order) into p;
 * true when it can be row 2 under row 1 = 012345678, i.e. no digit stays in
 * its own stack (d / 3 != i / 3 for every column i). */
static bool decode_row2(uint32_t r, uint8_t *p)
{
    uint32_t used = 0, x = r;
    bool ok = true;
    for (int i = 0; i < 9; i++) {
        uint32_t q = x / fact[8 - i];
        x %= fact[8 - i];
        int d = 0;
        for (;; d++)
            if (!(used & (1u << d)) && q-- == 0) break;
        used |= 1u << d;
        p[i] = (uint8_t)d;
        if (d / 3 == i / 3) ok = false;
    }
    return ok;
}

static struct {
    int16_t *row2id;            /* [362880] Lehmer rank of row 2 -> 0..12095, -1 invalid */
    uint8_t (*row2perm)[9];     /* [12096] */
    uint32_t *table;            /* [NORMAL_BANDS] index | map << 9 */
    uint8_t minlex[BAND_COUNT + 1][27];
    uint8_t map_cell[BAND_MAPS][27]; /* new cell -> old cell */
    uint16_t inverse[BAND_MAPS];
    uint16_t two_row_max[ROW2_PERMS];
    uint32_t *two_box;           /* [12096] box 2 (box 1 = 0..8; its id as row2id) -> min | max << 16 */
    uint16_t (*box_classes)[36]; /* [12096] the same -> index per third-box class */
    uint16_t *index;             /* [NORMAL_BANDS] key -> index (the hot half of table) */
    uint8_t class_of[216];       /* pi0*36 + pi1*6 + pi2 -> class */
} T;

static pthread_once_t once = PTHREAD_ONCE_INIT;

static int rank3(int a, int b, int c)
{
    return 2 * ((a > b) + (a > c)) + (b > c);
}

void band_map_perm(int id, uint8_t row[3], uint8_t col[9])
{
    assert(id >= 0 && id < BAND_MAPS);
    int rp = id / 1296, sp = id / 216 % 6, cp[3] = {id / 36 % 6, id / 6 % 6, id % 6};
    for (int i = 0; i < 3; i++) row[i] = perm3[rp][i];
    for (int j = 0; j < 3; j++)
        for (int k = 0; k < 3; k++) col[3 * j + k] = (uint8_t)(3 * perm3[sp][j] + perm3[cp[j]][k]);
}

static int map_id_from_perm(const uint8_t row[3], const uint8_t col[9])
{
    int rp = rank3(row[0], row[1], row[2]);
    int sp = rank3(col[0] / 3, col[3] / 3, col[6] / 3);
    int id = rp * 1296 + sp * 216;
    id += rank3(col[0] % 3, col[1] % 3, col[2] % 3) * 36;
    id += rank3(col[3] % 3, col[4] % 3, col[5] % 3) * 6;
    id += rank3(col[6] % 3, col[7] % 3, col[8] % 3);
    return id;
}

static inline void apply_cells(int id, const uint8_t *band, uint8_t *out)
{
    const uint8_t *mc = T.map_cell[id];
    uint8_t tmp[27], lab[9];
    for (int i = 0; i < 27; i++) tmp[i] = band[mc[i]];
    for (int j = 0; j < 9; j++) lab[tmp[j]] = (uint8_t)j;
    for (int i = 0; i < 27; i++) out[i] = lab[tmp[i]];
}

/* Table key of a valid band (any labelling). */
static inline uint32_t band_key(const uint8_t *b)
{
    uint8_t lab[9];
    for (int j = 0; j < 9; j++) lab[b[j]] = (uint8_t)j;
    uint32_t used = 0, rank = 0;
    for (int i = 0; i < 9; i++) {
        uint32_t d = lab[b[9 + i]];
        rank += (uint32_t)__builtin_popcount(~used & ((1u << d) - 1)) * fact[8 - i];
        used |= 1u << d;
    }
    int id2 = T.row2id[rank];
    assert(id2 >= 0);
    uint32_t key = (uint32_t)id2 * 216;
    static const uint32_t w[3] = {36, 6, 1};
    for (int k = 0; k < 3; k++) {
        int a = lab[b[18 + 3 * k]], c1 = lab[b[19 + 3 * k]], c2 = lab[b[20 + 3 * k]];
        key += (uint32_t)rank3(a, c1, c2) * w[k];
    }
    return key;
}

static void band_decode(uint32_t key, uint8_t *b)
{
    int id2 = (int)(key / 216);
    int o[3] = {(int)(key / 36 % 6), (int)(key / 6 % 6), (int)(key % 6)};
    for (int j = 0; j < 9; j++) {
        b[j] = (uint8_t)j;
        b[9 + j] = T.row2perm[id2][j];
    }
    for (int k = 0; k < 3; k++) {
        uint32_t used = 0;
        for (int j = 0; j < 3; j++) used |= (1u << (3 * k + j)) | (1u << b[9 + 3 * k + j]);
        uint8_t rest[3];
        int n = 0;
        for (int d = 0; d < 9; d++)
            if (!(used & (1u << d))) rest[n++] = (uint8_t)d;
        assert(n == 3);
        for (int j = 0; j < 3; j++) b[18 + 3 * k + j] = rest[perm3[o[k]][j]];
    }
}

static uint32_t perm9_rank(const uint8_t *p)
{
    uint32_t used = 0, rank = 0;
    for (int i = 0; i < 9; i++) {
        uint32_t d = p[i];
        rank += (uint32_t)__builtin_popcount(~used & ((1u << d) - 1)) * fact[8 - i];
        used |= 1u << d;
    }
    return rank;
}

/* For each box 2 under box 1 = 012/345/678: min and max index over the
 * orders of the forced box 3. */
static void build_two_box(void)
{
    T.two_box = calloc(ROW2_PERMS, sizeof *T.two_box);
    T.box_classes = calloc(ROW2_PERMS, sizeof *T.box_classes);
    if (!T.two_box || !T.box_classes) abort();
    for (int a = 0; a < 6; a++)
        for (int b = 0; b < 6; b++)
            for (int c = 0; c < 6; c++) {
                /* tau_i = pi_i o pi_0^-1 */
                uint8_t inv0[3], t1[3], t2[3];
                for (int k = 0; k < 3; k++) inv0[perm3[a][k]] = (uint8_t)k;
                for (int k = 0; k < 3; k++) {
                    t1[k] = perm3[b][inv0[k]];
                    t2[k] = perm3[c][inv0[k]];
                }
                T.class_of[a * 36 + b * 6 + c] =
                    (uint8_t)(6 * rank3(t1[0], t1[1], t1[2]) + rank3(t2[0], t2[1], t2[2]));
            }
    for (uint32_t r = 0; r < 362880; r++) {
        uint8_t p[9];
        bool ok = decode_row2(r, p);
        if (!ok) continue;
        uint8_t band[27], rest[3][3];
        for (int i = 0; i < 3; i++) {
            uint32_t u = 0;
            for (int k = 0; k < 3; k++) {
                band[i * 9 + k] = (uint8_t)(3 * i + k);
                band[i * 9 + 3 + k] = p[3 * i + k];
                u |= (1u << (3 * i + k)) | (1u << p[3 * i + k]);
            }
            int n = 0;
            for (int d = 0; d < 9; d++)
                if (!(u & (1u << d))) rest[i][n++] = (uint8_t)d;
            assert(n == 3);
        }
        int mn = BAND_COUNT + 1, mx = 0;
        for (int cls = 0; cls < 36; cls++) {
            const uint8_t *pi[3] = {perm3[0], perm3[cls / 6], perm3[cls % 6]};
            for (int i = 0; i < 3; i++)
                for (int k = 0; k < 3; k++) band[i * 9 + 6 + k] = rest[i][pi[i][k]];
            int idx = (int)(T.table[band_key(band)] & 511);
            T.box_classes[T.row2id[r]][cls] = (uint16_t)idx;
            if (idx < mn) mn = idx;
            if (idx > mx) mx = idx;
        }
        T.two_box[T.row2id[r]] = (uint32_t)mn | ((uint32_t)mx << 16);
    }
}

const uint16_t *band_two_box_classes(const uint8_t *box1, const uint8_t *box2, uint8_t lab[9], int *min,
                                     int *max)
{
    band_init();
    uint8_t p[9];
    for (int k = 0; k < 9; k++) lab[box1[k]] = (uint8_t)k;
    for (int k = 0; k < 9; k++) p[k] = lab[box2[k]];
    int r = T.row2id[perm9_rank(p)];
    assert(r >= 0 && T.two_box[r] != 0);
    *min = (int)(T.two_box[r] & 0xffff);
    *max = (int)(T.two_box[r] >> 16);
    return T.box_classes[r];
}

int band_box3_class(int pi0, int pi1, int pi2)
{
    band_init();
    return T.class_of[pi0 * 36 + pi1 * 6 + pi2];
}

const uint8_t *band_box3_class_table(void)
{
    band_init();
    return T.class_of;
}

int band_two_row_max(const uint8_t *r1, const uint8_t *r2)
{
    band_init();
    uint8_t lab[9], p[9];
    for (int j = 0; j < 9; j++) lab[r1[j]] = (uint8_t)j;
    for (int j = 0; j < 9; j++) p[j] = lab[r2[j]];
    int id2 = T.row2id[perm9_rank(p)];
    assert(id2 >= 0);
    return T.two_row_max[id2];
}

static void build(void)
{
    for (int id = 0; id < BAND_MAPS; id++) {
        uint8_t row[3], col[9], irow[3], icol[9];
        band_map_perm(id, row, col);
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 9; j++) T.map_cell[id][i * 9 + j] = (uint8_t)(row[i] * 9 + col[j]);
        for (int i = 0; i < 3; i++) irow[row[i]] = (uint8_t)i;
        for (int j = 0; j < 9; j++) icol[col[j]] = (uint8_t)j;
        T.inverse[id] = (uint16_t)map_id_from_perm(irow, icol);
        assert(map_id_from_perm(row, col) == id);
    }
    T.row2id = malloc(362880 * sizeof *T.row2id);
    T.row2perm = malloc(ROW2_PERMS * sizeof *T.row2perm);
    T.table = calloc(NORMAL_BANDS, sizeof *T.table);
    if (!T.row2id || !T.row2perm || !T.table) abort(); /* 11 MB at start-up; nothing sensible to return */
    /* row 2 candidates: Lehmer decode of every rank, in lexicographic order */
    int n2 = 0;
    for (uint32_t r = 0; r < 362880; r++) {
        uint8_t p[9];
        bool ok = decode_row2(r, p);
        T.row2id[r] = ok ? (int16_t)n2 : -1;
        if (ok) memcpy(T.row2perm[n2++], p, 9);
    }
    assert(n2 == ROW2_PERMS);
    /* orbits in key order = lexicographic order: the first unseen band of an
     * orbit is its minlex form */
    int nb = 0;
    for (uint32_t key = 0; key < NORMAL_BANDS; key++) {
        if (T.table[key]) continue;
        uint8_t m[27], y[27];
        band_decode(key, m);
        nb++;
        assert(nb <= BAND_COUNT);
        memcpy(T.minlex[nb], m, 27);
        /* the table (10 MB) is written at random places: the keys of a
         * batch of maps are made and their entries fetched ahead, then
         * written in map order as before (the first map to reach a key
         * sets it) */
        enum { BATCH = 32 };
        static_assert(BAND_MAPS % BATCH == 0, "whole batches");
        for (int id0 = 0; id0 < BAND_MAPS; id0 += BATCH) {
            uint32_t ky[BATCH];
            for (int k = 0; k < BATCH; k++) {
                apply_cells(id0 + k, m, y);
                ky[k] = band_key(y);
                __builtin_prefetch(&T.table[ky[k]], 1);
            }
            for (int k = 0; k < BATCH; k++)
                if (!T.table[ky[k]]) T.table[ky[k]] = (uint32_t)nb | ((uint32_t)T.inverse[id0 + k] << 9);
        }
    }
    assert(nb == BAND_COUNT);
    for (int id2 = 0; id2 < ROW2_PERMS; id2++) {
        int mx = 0;
        for (int o = 0; o < 216; o++) {
            int idx = (int)(T.table[id2 * 216 + o] & 511);
            if (idx > mx) mx = idx;
        }
        T.two_row_max[id2] = (uint16_t)mx;
    }
    T.index = malloc(NORMAL_BANDS * sizeof *T.index);
    if (!T.index) abort();
    for (uint32_t k = 0; k < NORMAL_BANDS; k++) T.index[k] = (uint16_t)(T.table[k] & 511);
    build_two_box();
}

void band_init(void) { pthread_once(&once, build); }

const uint8_t *band_minlex(int index)
{
    band_init();
    assert(index >= 1 && index <= BAND_COUNT);
    return T.minlex[index];
}

int band_index(const uint8_t *band)
{
    band_init();
    return T.index[band_key(band)];
}

int band_index_map(const uint8_t *band, int *map_id)
{
    band_init();
    uint32_t e = T.table[band_key(band)];
    *map_id = (int)(e >> 9);
    return (int)(e & 511);
}

int band_index_stack(const uint8_t *grid, int s)
{
    uint8_t x[27];
    for (int i = 0; i < 3; i++)
        for (int c = 0; c < 9; c++) x[i * 9 + c] = grid[c * 9 + 3 * s + i];
    return band_index(x);
}

void band_map_apply(int id, const uint8_t *band, uint8_t *out)
{
    band_init();
    apply_cells(id, band, out);
}

int band_automorphisms(int index, uint16_t *ids)
{
    band_init();
    const uint8_t *m = T.minlex[index];
    int n = 0;
    for (int id = 0; id < BAND_MAPS; id++) {
        uint8_t y[27];
        apply_cells(id, m, y);
        if (memcmp(y, m, 27) == 0) ids[n++] = (uint16_t)id;
    }
    return n;
}

void band_minlex_slow(const uint8_t *band, uint8_t *out)
{
    band_init();
    uint8_t best[27], y[27];
    memset(best, 0xff, sizeof best);
    for (int id = 0; id < BAND_MAPS; id++) {
        uint8_t row[3], col[9], tmp[27], lab[9];
        band_map_perm(id, row, col);
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 9; j++) tmp[i * 9 + j] = band[row[i] * 9 + col[j]];
        for (int j = 0; j < 9; j++) lab[tmp[j]] = (uint8_t)j;
        for (int i = 0; i < 27; i++) y[i] = lab[tmp[i]];
        if (memcmp(y, best, 27) < 0) memcpy(best, y, 27);
    }
    memcpy(out, best, 27);
}
