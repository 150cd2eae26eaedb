/* json — a strict reader of JSON text (RFC 8259) into a tree of values,
 * and the comparison of two trees; for the one JSON document minclue reads
 * back, the certificate (job_certificate.h).
 *
 * Strict: the whole text is one value with only whitespace around it
 * (trailing data fails), no key twice in an object, strings in valid UTF-8
 * without control characters or "\u0000", the number grammar of the RFC,
 * at most JSON_MAX_DEPTH nested arrays and objects. A failure names the
 * text (name), its line and column.
 *
 *     json_value  type   text                    n      item / key
 *     STRING      .      the decoded UTF-8       bytes  -
 *     NUMBER      .      the token ("-12.5e3")   -      -
 *     ARRAY       .      -                       items  item[0..n-1]
 *     OBJECT      .      -                       pairs  key[i] : item[i], in file order
 *     TRUE FALSE NULL    -                       -      -
 *
 * A tree is owned by its root (json_free).
 */
#ifndef MC_JSON_H
#define MC_JSON_H

#include <stdbool.h>
#include <stddef.h>

#include "mc_error.h"

#define JSON_MAX_DEPTH 64

typedef enum json_type { JSON_NULL, JSON_FALSE, JSON_TRUE, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT } json_type;

typedef struct json_value json_value;
struct json_value {
    json_type type;
    char *text;       /* STRING (NUL-terminated, n bytes), NUMBER */
    size_t n;
    json_value *item; /* ARRAY, OBJECT */
    char **key;       /* OBJECT */
};

/* Parses text[0..len) (name for messages) into *out (json_free). MC_EFORMAT
 * with "name:LINE:COL: what" when it is not one strict JSON value;
 * MC_ENOMEM. */
MC_MUST_USE mc_status json_parse(const char *text, size_t len, const char *name, json_value **out, mc_error *err);
void json_free(json_value *v); /* NULL safe */

/* The value of key in an object; NULL when v is not an object or has no such key. */
const json_value *json_get(const json_value *v, const char *key);
/* The string value of key in an object; NULL when absent or not a string. */
const char *json_get_string(const json_value *v, const char *key);

/* Do have and want hold the same value? Objects: the same keys (any order)
 * with the same values; arrays: the same items in order; numbers: an
 * integer (no fraction or exponent: a count) only the same integer, other
 * numbers the same exact decimal value (1.5 = 15e-1; 3.9999999999999999 is
 * not 4, 1e-400 not 0: no double in between). When not, d gets
 * the path of the first difference ("outputs[1].chunks", "" for the root),
 * a short reason ("differs"; "missing": a key of want that have lacks;
 * "unknown": a key of have that want lacks) and the two values there
 * (either NULL for a missing or unknown key). */
typedef struct json_diff {
    char where[256];
    const char *why;
    const json_value *want, *have;
} json_diff;
bool json_same(const json_value *want, const json_value *have, json_diff *d);
/* A value in a few words, for messages: a string quoted (cut to fit cap), a
 * number, true/false/null, "an array of N", "an object". */
void json_brief(const json_value *v, char *out, size_t cap);

#endif
