/* grid — see grid.h. */
#include "grid.h"

#include <string.h>

void grid_clear(grid *g, const geometry *geo)
{
    g->geo = geo;
    memset(g->cell, CELL_EMPTY, sizeof g->cell);
}

char grid_digit_char(int N, digit_style style, int d)
{
    if (d == CELL_EMPTY) return '.';
    if (style == DIGITS_HEX) return "0123456789ABCDEF"[d & 15];
    (void)N;
    return d < 9 ? (char)('1' + d) : (char)('A' + d - 9);
}

/* Digit value of ch, CELL_EMPTY for an empty marker, -1 for a bad character,
 * -2 for a digit character beyond the shape. */
static int char_value(int N, digit_style style, char ch)
{
    int v;
    if (ch == '.' || ch == '-') return CELL_EMPTY;
    if (style == DIGITS_HEX) {
        if (ch >= '0' && ch <= '9') v = ch - '0';
        else if (ch >= 'A' && ch <= 'F') v = ch - 'A' + 10;
        else if (ch >= 'a' && ch <= 'f') v = ch - 'a' + 10;
        else return -1;
    } else {
        if (ch == '0') return CELL_EMPTY;
        if (ch >= '1' && ch <= '9') v = ch - '1';
        else if (ch >= 'A' && ch <= 'G') v = ch - 'A' + 9;
        else if (ch >= 'a' && ch <= 'g') v = ch - 'a' + 9;
        else return -1;
    }
    return v < N ? v : -2;
}

static size_t token_length(const char *text, size_t len)
{
    size_t n = 0;
    while (n < len && text[n] != ':' && text[n] != ' ' && text[n] != '\t' && text[n] != '\r' &&
           text[n] != '\n')
        n++;
    return n;
}

mc_status grid_parse(const char *text, size_t len, const geometry **geo, digit_style style,
                     grid *out, size_t *token_len, mc_error *err)
{
    size_t n = token_length(text, len);
    /* a byte outside ASCII (a UTF-8 digit, say) is a bad character, not
     * a wrong length */
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)text[i] >= 127)
            return mc_fail(err, MC_EFORMAT, "bad character 0x%02x at column %zu",
                           (unsigned char)text[i], i + 1);
    const geometry *g = *geo;
    if (!g) {
        g = geometry_for_cells((int)n);
        if (!g)
            return mc_fail(err, MC_EFORMAT,
                           "wrong length %zu (expected 16, 36, 64, 81, 144 or 256 cells)", n);
    }
    if (n != (size_t)g->ncells)
        return mc_fail(err, MC_EFORMAT, "wrong length %zu (expected %d cells for %dx%d boxes)", n,
                       g->ncells, g->R, g->C);
    grid_clear(out, g);
    for (size_t i = 0; i < n; i++) {
        int v = char_value(g->N, style, text[i]);
        if (v == -1) {
            unsigned char ch = (unsigned char)text[i];
            if (ch >= 32 && ch < 127)
                return mc_fail(err, MC_EFORMAT, "bad character '%c' at column %zu", ch, i + 1);
            return mc_fail(err, MC_EFORMAT, "bad character 0x%02x at column %zu", ch, i + 1);
        }
        if (v == -2)
            return mc_fail(err, MC_EFORMAT, "digit '%c' at column %zu is out of range for %dx%d boxes",
                           text[i], i + 1, g->R, g->C);
        out->cell[i] = (uint8_t)v;
    }
    *geo = g;
    if (token_len) *token_len = n;
    return MC_OK;
}

void grid_format(const grid *g, digit_style style, char *out)
{
    int n = g->geo->ncells;
    for (int i = 0; i < n; i++) out[i] = grid_digit_char(g->geo->N, style, g->cell[i]);
    out[n] = 0;
}

int grid_clue_count(const grid *g)
{
    int k = 0;
    for (int i = 0; i < g->geo->ncells; i++) k += g->cell[i] != CELL_EMPTY;
    return k;
}

bool grid_is_complete(const grid *g) { return grid_clue_count(g) == g->geo->ncells; }

mc_status grid_check(const grid *g, digit_style style, mc_error *err)
{
    const geometry *geo = g->geo;
    static const char *kind[3] = {"row", "column", "box"};
    for (int u = 0; u < 3 * geo->N; u++) {
        int seen[MAX_N];
        for (int d = 0; d < geo->N; d++) seen[d] = -1;
        for (int i = 0; i < geo->N; i++) {
            int c = geo->unit[u][i], d = g->cell[c];
            if (d == CELL_EMPTY) continue;
            if (seen[d] >= 0) {
                int p = seen[d];
                return mc_fail(err, MC_EINVAL, "digit %c twice in %s %d (r%dc%d and r%dc%d)",
                               grid_digit_char(geo->N, style, d), kind[u / geo->N], u % geo->N + 1,
                               geo->row[p] + 1, geo->col[p] + 1, geo->row[c] + 1, geo->col[c] + 1);
            }
            seen[d] = c;
        }
    }
    return MC_OK;
}

bool grid_is_valid_solution(const grid *g)
{
    return grid_is_complete(g) && grid_check(g, DIGITS_STD, NULL) == MC_OK;
}
