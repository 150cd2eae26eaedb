/* json — the strict reader and the comparison; see json.h. */
#include "json.h"

#include <stdbool.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct reader {
    const char *s, *end, *p;
    const char *name;
    mc_error *err;
} reader;

/* Fails with the line and column of r->p. */
static mc_status bad(reader *r, const char *what)
{
    long line = 1, col = 1;
    for (const char *q = r->s; q < r->p; q++) {
        if (*q == '\n') line++, col = 1;
        else col++;
    }
    return mc_fail(r->err, MC_EFORMAT, "%s:%ld:%ld: %s", r->name, line, col, what);
}

static void skip_space(reader *r)
{
    while (r->p < r->end && (*r->p == ' ' || *r->p == '\t' || *r->p == '\n' || *r->p == '\r')) r->p++;
}

static bool put_byte(char **buf, size_t *n, size_t *cap, char c)
{
    if (*n + 1 >= *cap) {
        size_t nc = *cap ? 2 * *cap : 32;
        char *b = realloc(*buf, nc);
        if (!b) return false;
        *buf = b;
        *cap = nc;
    }
    (*buf)[(*n)++] = c;
    return true;
}

static int hex4(const char *p)
{
    int v = 0;
    for (int i = 0; i < 4; i++) {
        char c = p[i];
        v <<= 4;
        if (c >= '0' && c <= '9') v |= c - '0';
        else if (c >= 'a' && c <= 'f') v |= c - 'a' + 10;
        else if (c >= 'A' && c <= 'F') v |= c - 'A' + 10;
        else return -1;
    }
    return v;
}

/* The length of the UTF-8 sequence at p (at most avail bytes), 0 when invalid. */
static int utf8_len(const unsigned char *p, size_t avail)
{
    unsigned c = p[0];
    int n = c < 0x80 ? 1 : (c & 0xe0) == 0xc0 ? 2 : (c & 0xf0) == 0xe0 ? 3 : (c & 0xf8) == 0xf0 ? 4 : 0;
    if (n == 0 || (size_t)n > avail) return 0;
    uint32_t cp = n == 1 ? c : n == 2 ? c & 0x1f : n == 3 ? c & 0x0f : c & 0x07;
    for (int i = 1; i < n; i++) {
        if ((p[i] & 0xc0) != 0x80) return 0;
        cp = cp << 6 | (p[i] & 0x3f);
    }
    static const uint32_t least[5] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < least[n] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return 0;
    return n;
}

/* Appends code point cp as UTF-8. */
static bool put_utf8(char **buf, size_t *n, size_t *cap, uint32_t cp)
{
    char u[4];
    int k;
    if (cp < 0x80) u[0] = (char)cp, k = 1;
    else if (cp < 0x800) u[0] = (char)(0xc0 | cp >> 6), u[1] = (char)(0x80 | (cp & 0x3f)), k = 2;
    else if (cp < 0x10000)
        u[0] = (char)(0xe0 | cp >> 12), u[1] = (char)(0x80 | (cp >> 6 & 0x3f)), u[2] = (char)(0x80 | (cp & 0x3f)), k = 3;
    else
        u[0] = (char)(0xf0 | cp >> 18), u[1] = (char)(0x80 | (cp >> 12 & 0x3f)), u[2] = (char)(0x80 | (cp >> 6 & 0x3f)),
        u[3] = (char)(0x80 | (cp & 0x3f)), k = 4;
    for (int i = 0; i < k; i++)
        if (!put_byte(buf, n, cap, u[i])) return false;
    return true;
}

/* A string at r->p (its opening quote) into *out (malloc'd), *len bytes. */
static mc_status parse_string(reader *r, char **out, size_t *len)
{
    char *buf = NULL;
    size_t n = 0, cap = 0;
    mc_status st = MC_OK;
    r->p++;
    for (;;) {
        if (r->p >= r->end) {
            st = bad(r, "a string is not closed");
            break;
        }
        unsigned char c = (unsigned char)*r->p;
        if (c == '"') {
            r->p++;
            break;
        }
        if (c < 0x20) {
            st = bad(r, "a control character in a string");
            break;
        }
        if (c == '\\') {
            if (r->p + 1 >= r->end) {
                st = bad(r, "a string is not closed");
                break;
            }
            char e = r->p[1], lit = 0;
            switch (e) {
            case '"': lit = '"'; break;
            case '\\': lit = '\\'; break;
            case '/': lit = '/'; break;
            case 'b': lit = '\b'; break;
            case 'f': lit = '\f'; break;
            case 'n': lit = '\n'; break;
            case 'r': lit = '\r'; break;
            case 't': lit = '\t'; break;
            case 'u': break;
            default: st = bad(r, "a bad escape in a string"); break;
            }
            if (st != MC_OK) break;
            if (lit) {
                if (!put_byte(&buf, &n, &cap, lit)) goto nomem;
                r->p += 2;
                continue;
            }
            int u = r->p + 6 <= r->end ? hex4(r->p + 2) : -1;
            if (u < 0) {
                st = bad(r, "a bad \\u escape in a string");
                break;
            }
            uint32_t cp = (uint32_t)u;
            if (cp >= 0xdc00 && cp <= 0xdfff) {
                st = bad(r, "a lone low surrogate in a string");
                break;
            }
            if (cp >= 0xd800 && cp <= 0xdbff) { /* a pair: \uD8xx\uDCxx */
                int lo = r->p + 12 <= r->end && r->p[6] == '\\' && r->p[7] == 'u' ? hex4(r->p + 8) : -1;
                if (lo < 0xdc00 || lo > 0xdfff) {
                    st = bad(r, "a lone high surrogate in a string");
                    break;
                }
                cp = 0x10000 + ((cp - 0xd800) << 10) + ((uint32_t)lo - 0xdc00);
                r->p += 6;
            }
            if (cp == 0) {
                st = bad(r, "\\u0000 in a string");
                break;
            }
            if (!put_utf8(&buf, &n, &cap, cp)) goto nomem;
            r->p += 6;
            continue;
        }
        int k = utf8_len((const unsigned char *)r->p, (size_t)(r->end - r->p));
        if (k == 0) {
            st = bad(r, "a string is not valid UTF-8");
            break;
        }
        for (int i = 0; i < k; i++)
            if (!put_byte(&buf, &n, &cap, r->p[i])) goto nomem;
        r->p += k;
    }
    if (st == MC_OK && !buf && !(buf = malloc(1))) goto nomem;
    if (st != MC_OK) {
        free(buf);
        return st;
    }
    buf[n] = 0;
    *out = buf;
    *len = n;
    return MC_OK;
nomem:
    free(buf);
    return mc_fail(r->err, MC_ENOMEM, "out of memory");
}

static bool is_digit(reader *r) { return r->p < r->end && *r->p >= '0' && *r->p <= '9'; }

static mc_status parse_number(reader *r, json_value *v)
{
    const char *start = r->p;
    if (r->p < r->end && *r->p == '-') r->p++;
    if (!is_digit(r)) return bad(r, "a bad number");
    if (*r->p == '0') r->p++;
    else
        while (is_digit(r)) r->p++;
    if (r->p < r->end && *r->p == '.') {
        r->p++;
        if (!is_digit(r)) return bad(r, "a bad number");
        while (is_digit(r)) r->p++;
    }
    if (r->p < r->end && (*r->p == 'e' || *r->p == 'E')) {
        r->p++;
        if (r->p < r->end && (*r->p == '+' || *r->p == '-')) r->p++;
        if (!is_digit(r)) return bad(r, "a bad number");
        while (is_digit(r)) r->p++;
    }
    v->type = JSON_NUMBER;
    if (!(v->text = strndup(start, (size_t)(r->p - start)))) return mc_fail(r->err, MC_ENOMEM, "out of memory");
    return MC_OK;
}

static mc_status parse_value(reader *r, json_value *v, int depth);

static int cmp_key(const void *a, const void *b) { return strcmp(**(char *const *const *)a, **(char *const *const *)b); }

/* An object with no key twice: its keys sorted, neighbours compared. */
static mc_status check_keys(reader *r, const json_value *v, const char *open)
{
    if (v->n < 2) return MC_OK;
    char *const **k = malloc(v->n * sizeof *k);
    if (!k) return mc_fail(r->err, MC_ENOMEM, "out of memory");
    for (size_t i = 0; i < v->n; i++) k[i] = &v->key[i];
    qsort(k, v->n, sizeof *k, cmp_key);
    mc_status st = MC_OK;
    for (size_t i = 1; i < v->n && st == MC_OK; i++)
        if (!strcmp(*k[i], *k[i - 1])) {
            char what[160];
            snprintf(what, sizeof what, "the key \"%.100s\" twice in the object opened here", *k[i]);
            const char *p = r->p;
            r->p = open;
            st = bad(r, what);
            r->p = p;
        }
    free(k);
    return st;
}

/* The items of an array or object at r->p (its opening bracket). */
static mc_status parse_items(reader *r, json_value *v, int depth, bool object)
{
    const char *open = r->p;
    const char close = object ? '}' : ']';
    size_t cap = 0;
    r->p++;
    skip_space(r);
    if (r->p < r->end && *r->p == close) {
        r->p++;
        return MC_OK;
    }
    for (;;) {
        if (v->n == cap) {
            size_t nc = cap ? 2 * cap : 8;
            json_value *it = realloc(v->item, nc * sizeof *it);
            if (!it) return mc_fail(r->err, MC_ENOMEM, "out of memory");
            v->item = it;
            if (object) {
                char **k = realloc(v->key, nc * sizeof *k);
                if (!k) return mc_fail(r->err, MC_ENOMEM, "out of memory");
                v->key = k;
            }
            cap = nc;
        }
        json_value *it = &v->item[v->n];
        memset(it, 0, sizeof *it);
        if (object) {
            skip_space(r);
            if (r->p >= r->end || *r->p != '"') return bad(r, "a key (a string) expected");
            size_t klen;
            v->key[v->n] = NULL;
            mc_status st = parse_string(r, &v->key[v->n], &klen);
            if (st != MC_OK) return st;
            v->n++; /* the key is owned from here on */
            skip_space(r);
            if (r->p >= r->end || *r->p != ':') return bad(r, "':' expected after a key");
            r->p++;
            mc_status sv = parse_value(r, it, depth + 1);
            if (sv != MC_OK) return sv;
        } else {
            v->n++;
            mc_status sv = parse_value(r, it, depth + 1);
            if (sv != MC_OK) return sv;
        }
        skip_space(r);
        if (r->p < r->end && *r->p == ',') {
            r->p++;
            continue;
        }
        if (r->p < r->end && *r->p == close) {
            r->p++;
            return object ? check_keys(r, v, open) : MC_OK;
        }
        return bad(r, object ? "',' or '}' expected" : "',' or ']' expected");
    }
}

static bool literal(reader *r, const char *word)
{
    size_t n = strlen(word);
    if ((size_t)(r->end - r->p) < n || memcmp(r->p, word, n) != 0) return false;
    r->p += n;
    return true;
}

static mc_status parse_value(reader *r, json_value *v, int depth)
{
    skip_space(r);
    if (r->p >= r->end) return bad(r, "a value expected, the text ends");
    if (depth > JSON_MAX_DEPTH) return bad(r, "arrays and objects nested too deep");
    char c = *r->p;
    if (c == '{' || c == '[') {
        v->type = c == '{' ? JSON_OBJECT : JSON_ARRAY;
        return parse_items(r, v, depth, c == '{');
    }
    if (c == '"') {
        v->type = JSON_STRING;
        return parse_string(r, &v->text, &v->n);
    }
    if (c == '-' || (c >= '0' && c <= '9')) return parse_number(r, v);
    if (literal(r, "true")) v->type = JSON_TRUE;
    else if (literal(r, "false")) v->type = JSON_FALSE;
    else if (literal(r, "null")) v->type = JSON_NULL;
    else return bad(r, "not a JSON value");
    return MC_OK;
}

static void free_inside(json_value *v)
{
    for (size_t i = 0; v->item && i < v->n; i++) {
        free_inside(&v->item[i]);
        if (v->key) free(v->key[i]);
    }
    free(v->item);
    free(v->key);
    free(v->text);
}

void json_free(json_value *v)
{
    if (!v) return;
    free_inside(v);
    free(v);
}

mc_status json_parse(const char *text, size_t len, const char *name, json_value **out, mc_error *err)
{
    *out = NULL;
    reader r = {text, text + len, text, name, err};
    json_value *v = calloc(1, sizeof *v);
    if (!v) return mc_fail(err, MC_ENOMEM, "out of memory");
    mc_status st = parse_value(&r, v, 0);
    if (st == MC_OK) {
        skip_space(&r);
        if (r.p < r.end) st = bad(&r, "more text after the JSON value");
    }
    if (st != MC_OK) {
        json_free(v);
        return st;
    }
    *out = v;
    return MC_OK;
}

const json_value *json_get(const json_value *v, const char *key)
{
    if (!v || v->type != JSON_OBJECT) return NULL;
    for (size_t i = 0; i < v->n; i++)
        if (!strcmp(v->key[i], key)) return &v->item[i];
    return NULL;
}

const char *json_get_string(const json_value *v, const char *key)
{
    const json_value *s = json_get(v, key);
    return s && s->type == JSON_STRING ? s->text : NULL;
}

static bool is_integer(const char *t) { return !strpbrk(t, ".eE"); }

/* A number token (parse_number's grammar) as an exact decimal: zero, or
 * the sign, the significant digits (no leading or trailing zeros) and the
 * power of ten of the first of them. false when the exponent is beyond
 * +-10^15 (such tokens are the same only as text). */
typedef struct decimal {
    bool neg, zero;
    const char *t;            /* the token */
    size_t first, last;       /* first and last significant digit in t */
    long long pow10;          /* the value is 0.DIGITS x 10^pow10 */
} decimal;

static bool decimal_of(const char *t, decimal *d)
{
    memset(d, 0, sizeof *d);
    d->t = t;
    size_t i = 0, int_digits = 0, lead = 0;
    bool dot = false, seen = false;
    if (t[0] == '-') d->neg = true, i = 1;
    for (; t[i] && t[i] != 'e' && t[i] != 'E'; i++) {
        if (t[i] == '.') {
            dot = true;
            continue;
        }
        if (!dot) int_digits++;
        if (t[i] != '0') {
            if (!seen) d->first = i, seen = true;
            d->last = i;
        } else if (!seen) {
            lead++;
        }
    }
    long long e = 0;
    if (t[i]) { /* the exponent */
        bool eneg = t[++i] == '-';
        if (t[i] == '-' || t[i] == '+') i++;
        for (; t[i]; i++) {
            if (e > 1000000000000000LL) return false;
            e = 10 * e + (t[i] - '0');
        }
        if (eneg) e = -e;
    }
    d->zero = !seen;
    d->pow10 = (long long)int_digits - (long long)lead + e;
    return true;
}

/* The same number? Integers (no fraction, no exponent: counts) are equal
 * only to the same integer (-0 to 0), never to a number with a fraction or
 * an exponent; other numbers by their exact decimal value (1.5 = 15e-1),
 * never through a double (which takes 3.9999999999999999 for 4). */
static bool same_number(const char *a, const char *b)
{
    if (!strcmp(a, b)) return true;
    bool ia = is_integer(a), ib = is_integer(b);
    decimal x, y;
    if (!decimal_of(a, &x) || !decimal_of(b, &y)) return false;
    if (ia != ib) return false;
    if (x.zero || y.zero) return x.zero && y.zero;
    if (ia) return false; /* two integers: the same token (JSON has one spelling of each) */
    if (x.neg != y.neg || x.pow10 != y.pow10) return false;
    size_t i = x.first, k = y.first;
    for (;;) { /* the significant digits, '.' skipped */
        if (a[i] == '.') i++;
        if (b[k] == '.') k++;
        if (a[i] != b[k]) return false;
        if (i == x.last || k == y.last) return i == x.last && k == y.last;
        i++, k++;
    }
}

/* Appends a path step to d->where (cut to fit). */
static void step(json_diff *d, size_t at, const char *key, size_t index)
{
    if (key) snprintf(d->where + at, sizeof d->where - at, "%s%s", at ? "." : "", key);
    else snprintf(d->where + at, sizeof d->where - at, "[%zu]", index);
}

static bool same_at(const json_value *a, const json_value *b, json_diff *d)
{
    size_t at = strlen(d->where);
    d->want = a;
    d->have = b;
    d->why = "differs";
    if (a->type != b->type) return false;
    switch (a->type) {
    case JSON_STRING: return a->n == b->n && !memcmp(a->text, b->text, a->n);
    case JSON_NUMBER: return same_number(a->text, b->text);
    case JSON_ARRAY:
        if (a->n != b->n) return false;
        for (size_t i = 0; i < a->n; i++) {
            step(d, at, NULL, i);
            if (!same_at(&a->item[i], &b->item[i], d)) return false;
        }
        break;
    case JSON_OBJECT:
        for (size_t i = 0; i < a->n; i++) {
            step(d, at, a->key[i], 0);
            const json_value *bi = json_get(b, a->key[i]);
            if (!bi) {
                d->why = "missing";
                d->want = &a->item[i];
                d->have = NULL;
                return false;
            }
            if (!same_at(&a->item[i], bi, d)) return false;
        }
        for (size_t i = 0; i < b->n; i++)
            if (!json_get(a, b->key[i])) {
                step(d, at, b->key[i], 0);
                d->why = "unknown";
                d->want = NULL;
                d->have = &b->item[i];
                return false;
            }
        break;
    default: break;
    }
    d->where[at] = 0;
    return true;
}

bool json_same(const json_value *want, const json_value *have, json_diff *d)
{
    d->where[0] = 0;
    return same_at(want, have, d);
}

void json_brief(const json_value *v, char *out, size_t cap)
{
    switch (v->type) {
    case JSON_STRING: snprintf(out, cap, "\"%.*s\"", cap > 8 ? (int)(cap - 8) : 0, v->text); break;
    case JSON_NUMBER: snprintf(out, cap, "%s", v->text); break;
    case JSON_TRUE: snprintf(out, cap, "true"); break;
    case JSON_FALSE: snprintf(out, cap, "false"); break;
    case JSON_NULL: snprintf(out, cap, "null"); break;
    case JSON_ARRAY: snprintf(out, cap, "an array of %zu", v->n); break;
    case JSON_OBJECT: snprintf(out, cap, "an object"); break;
    }
}
