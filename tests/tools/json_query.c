/* json_query FILE PATH... — for the shell tests: parses FILE as one strict
 * JSON value (json.h) and prints the value at each PATH on a line: keys and
 * array indexes joined by dots ("outputs.2.state"); a string as it is, a
 * number as its token, true/false/null, an array or object as
 * "[N]"/"{N}" (its size). Exit 1 when FILE is not strict JSON or a PATH is
 * not in it (message on stderr), 2 on bad usage. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "job_journal.h"
#include "json.h"

static const json_value *at(const json_value *v, const char *path)
{
    char *p = strdup(path), *save = NULL;
    for (char *k = strtok_r(p, ".", &save); k && v; k = strtok_r(NULL, ".", &save)) {
        if (v->type == JSON_ARRAY) {
            char *end;
            unsigned long i = strtoul(k, &end, 10);
            v = *end || i >= v->n ? NULL : &v->item[i];
        } else {
            v = json_get(v, k);
        }
    }
    free(p);
    return v;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: json_query FILE PATH...\n");
        return 2;
    }
    char *text;
    size_t len;
    mc_error err;
    json_value *root;
    if (job_read_text(argv[1], (size_t)64 << 20, &text, &len, &err) != MC_OK) {
        fprintf(stderr, "json_query: %s\n", err.msg);
        return 1;
    }
    if (json_parse(text, len, argv[1], &root, &err) != MC_OK) {
        fprintf(stderr, "json_query: %s\n", err.msg);
        free(text);
        return 1;
    }
    int rc = 0;
    for (int i = 2; i < argc; i++) {
        const json_value *v = at(root, argv[i]);
        if (!v) {
            fprintf(stderr, "json_query: %s: no %s\n", argv[1], argv[i]);
            rc = 1;
            continue;
        }
        switch (v->type) {
        case JSON_STRING:
        case JSON_NUMBER: printf("%s\n", v->text); break;
        case JSON_TRUE: printf("true\n"); break;
        case JSON_FALSE: printf("false\n"); break;
        case JSON_NULL: printf("null\n"); break;
        case JSON_ARRAY: printf("[%zu]\n", v->n); break;
        case JSON_OBJECT: printf("{%zu}\n", v->n); break;
        }
    }
    json_free(root);
    free(text);
    return rc;
}
