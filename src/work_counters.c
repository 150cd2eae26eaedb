/* work_counters — see work_counters.h: everything here is generated from
 * the WORK_COUNTERS table. */
#include "work_counters.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "numtext.h"

void work_counters_add(work_counters *sum, const work_counters *x)
{
#define ADD_(name, key, text) sum->name += x->name;
    WORK_COUNTERS(ADD_, ADD_)
#undef ADD_
}

const char *work_counters_keys(void)
{
#define KEY_(name, key, text) "," key
    static const char keys[] = WORK_COUNTERS(KEY_, KEY_);
#undef KEY_
    return keys + 1;
}

size_t work_counters_format(const work_counters *w, char *buf, size_t cap)
{
    size_t n = 0;
#define FMT_C_(name, key, text) n += (size_t)snprintf(buf + n, cap - n, " " key "=%" PRIu64, w->name);
#define FMT_S_(name, key, text) n += (size_t)snprintf(buf + n, cap - n, " " key "=%.3f", w->name);
    WORK_COUNTERS(FMT_C_, FMT_S_)
#undef FMT_C_
#undef FMT_S_
    return n;
}

/* Seconds as work_counters_format writes them: a plain decimal up to
 * WORK_SECONDS_MAX (numtext_decimal), never inf, nan or an exponent. */
static bool parse_seconds(const char *v, double *out) { return numtext_decimal(v, WORK_SECONDS_MAX, out); }

int work_counters_parse(work_counters *w, const char *k, const char *v)
{
#define PARSE_C_(name, key, text)                                                \
    if (!strcmp(k, key)) return numtext_u64(v, &w->name) ? WORK_COUNTER_##name : -2;
#define PARSE_S_(name, key, text)                                                \
    if (!strcmp(k, key)) return parse_seconds(v, &w->name) ? WORK_COUNTER_##name : -2;
    WORK_COUNTERS(PARSE_C_, PARSE_S_)
#undef PARSE_C_
#undef PARSE_S_
    return -1;
}

void work_counters_pack(const work_counters *w, uint64_t *words)
{
#define PACK_C_(name, key, text) words[WORK_COUNTER_##name] = w->name;
#define PACK_S_(name, key, text) memcpy(&words[WORK_COUNTER_##name], &w->name, sizeof(double));
    WORK_COUNTERS(PACK_C_, PACK_S_)
#undef PACK_C_
#undef PACK_S_
}

void work_counters_unpack(work_counters *w, const uint64_t *words)
{
#define UNPACK_C_(name, key, text) w->name = words[WORK_COUNTER_##name];
#define UNPACK_S_(name, key, text) memcpy(&w->name, &words[WORK_COUNTER_##name], sizeof(double));
    WORK_COUNTERS(UNPACK_C_, UNPACK_S_)
#undef UNPACK_C_
#undef UNPACK_S_
}

void work_counters_json(FILE *f, const work_counters *w, const char *sep, bool pretty)
{
    const char *colon = pretty ? ": " : ":";
#define JSON_C_(name, key, text) fprintf(f, "%s\"" #name "\"%s%" PRIu64, sep, colon, w->name);
#define JSON_S_(name, key, text) fprintf(f, "%s\"" #name "\"%s%.6f", sep, colon, w->name);
    WORK_COUNTERS(JSON_C_, JSON_S_)
#undef JSON_C_
#undef JSON_S_
}

/* A counter's label for a count of 1: its first word that ends in 's'
 * without it ("passes": "pass"), so "1 solver call", "1 UA learned". */
static const char *label_of(const char *text, uint64_t count, char *out, size_t cap)
{
    if (count != 1) return text;
    size_t len = strlen(text), at = 0;
    for (size_t i = 0; i <= len; i++) {
        if (text[i] != ' ' && text[i] != 0) continue;
        if (i > at + 1 && text[i - 1] == 's') {
            size_t cut = i >= at + 4 && !strncmp(text + i - 4, "sses", 4) ? 2 : 1;
            snprintf(out, cap, "%.*s%s", (int)(i - cut), text, text + i);
            return out;
        }
        at = i + 1;
    }
    return text;
}

#define CPU_LABEL "CPU seconds of the engine's thread: "
void work_counters_text(const work_counters *w, char *buf, size_t cap)
{
    size_t n = 0;
    const char *sep = "";
    char one[64];
    bool seconds = false; /* the label before the first of them */
    buf[0] = 0;
#define TEXT_C_(name, key, text)                                                 \
    if (n < cap)                                                                 \
        n += (size_t)snprintf(buf + n, cap - n, "%s%" PRIu64 " %s", sep, w->name,  \
                              label_of(text, w->name, one, sizeof one));          \
    sep = ", ";
#define TEXT_S_(name, key, text)                                                 \
    if (n < cap) n += (size_t)snprintf(buf + n, cap - n, "%s%.2f " text, seconds ? ", " : "; " CPU_LABEL, w->name); \
    seconds = true;
    WORK_COUNTERS(TEXT_C_, TEXT_S_)
#undef TEXT_C_
#undef TEXT_S_
}
