/* fuzz_json — the strict JSON reader (json_parse): any bytes give a tree or
 * a message naming the text, never a crash; a tree equals itself
 * (json_same) and its strings and keys hold no NUL byte. */
#include <string.h>

#include "fuzz_common.h"
#include "json.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_tree(const json_value *v)
{
    if ((v->type == JSON_STRING && strlen(v->text) != v->n) || (v->type == JSON_NUMBER && !*v->text)) abort();
    for (size_t i = 0; (v->type == JSON_ARRAY || v->type == JSON_OBJECT) && i < v->n; i++) {
        if (v->type == JSON_OBJECT && !v->key[i]) abort();
        check_tree(&v->item[i]);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    json_value *v;
    mc_error err;
    mc_status st = json_parse((const char *)data, size, "fuzz.json", &v, &err);
    if (st == MC_OK) {
        json_diff d;
        check_tree(v);
        if (!json_same(v, v, &d)) abort();
        char brief[64];
        json_brief(v, brief, sizeof brief);
        json_free(v);
    } else if (v || st != MC_EFORMAT || strncmp(err.msg, "fuzz.json:", 10) != 0) {
        abort();
    }
    return 0;
}
