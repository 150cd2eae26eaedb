/* work_counters — the work a search does, defined once.
 *
 * WORK_COUNTERS is an X-macro table (as kissat's statistics.h): one line per
 * counter, in output order,
 *
 *     C(name, key, text)    a uint64_t count, summed over grids and chunks
 *     S(name, key, text)    double seconds, summed likewise: CPU time of
 *                           the engine's thread (every engine measures
 *                           so; journals of the checker and check64
 *                           written before kept wall seconds)
 *
 * name: the field (in work_counters, checker_record, band_record, job_result) and its JSON
 * name; key: its short name in journal lines (key=value) and the job line's
 * counters list; text: the words after the number in human output.
 * Generated from it: the fields (WORK_COUNTER_FIELDS), the sum
 * (work_counters_add), the journal fields (work_counters_format,
 * work_counters_parse), the MPI words (work_counters_pack/unpack,
 * WORK_COUNTERS_N), JSON (work_counters_json) and text (work_counters_text).
 *
 * Adding a counter = one line here plus the increment in the engine that
 * counts it. An engine leaves the counters it does not have at zero (the
 * checker: pairs .. seconds_band3; the band engine: second, nodes, cand,
 * sec_search). Every journal's job line names the counter keys it was written
 * with (`counters=uas,second,...`), so a journal written with another list
 * is refused by name, never misread.
 */
#ifndef MC_WORK_COUNTERS_H
#define MC_WORK_COUNTERS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define WORK_COUNTERS(C, S)                                                      \
    C(ua_initial, "uas", "initial UAs")                                          \
    C(ua_second, "second", "second solutions")                                   \
    C(ua_learned, "learned", "UAs learned")                                      \
    C(nodes, "nodes", "nodes")                                                   \
    C(candidates, "cand", "candidates")                                          \
    C(solver_calls, "solver", "solver calls")                                    \
    C(puzzles, "puzzles", "puzzles")                                             \
    C(ua_two_band, "uas2", "two-band UAs")                                       \
    C(ua_learned_two_band, "learned2", "two-band UAs learned")                   \
    C(pairs, "pairs", "band pairs")                                              \
    C(survivors, "surv", "surviving pairs")                                      \
    C(two_band_pass, "pass2", "two-band passes")                                 \
    C(band3_filtered, "filt3", "pairs cut by the band-3 bound")                  \
    C(band3_nodes, "nodes3", "band-3 nodes")                                     \
    C(band3_checks, "checks3", "band-3 checks")                                  \
    S(seconds_ua, "sec_ua", "s finding UAs")                                     \
    S(seconds_search, "sec_search", "s searching")                               \
    S(seconds_tables, "sec_tables", "s in band tables")                          \
    S(seconds_pairs, "sec_pairs", "s in band pairs")                             \
    S(seconds_band3, "sec_band3", "s in band 3")                                 \
    S(seconds_total, "sec_grids", "s in the engine")

#define WORK_COUNTER_FIELD_C_(name, key, text) uint64_t name;
#define WORK_COUNTER_FIELD_S_(name, key, text) double name;
/* The fields, for any struct that holds the counters. */
#define WORK_COUNTER_FIELDS WORK_COUNTERS(WORK_COUNTER_FIELD_C_, WORK_COUNTER_FIELD_S_)

#define WORK_COUNTER_ENUM_(name, key, text) WORK_COUNTER_##name,
enum { WORK_COUNTERS(WORK_COUNTER_ENUM_, WORK_COUNTER_ENUM_) WORK_COUNTERS_N };

typedef struct work_counters {
    WORK_COUNTER_FIELDS
} work_counters;

/* A struct that holds the counters as plain fields (r.nodes) and as one
 * work_counters (r.work) for the functions below: put WORK_COUNTERS_MEMBER
 * in it. */
#define WORK_COUNTERS_MEMBER                                                     \
    union {                                                                      \
        work_counters work;                                                      \
        struct {                                                                 \
            WORK_COUNTER_FIELDS                                                  \
        };                                                                       \
    }

/* sum += x, counter by counter. */
void work_counters_add(work_counters *sum, const work_counters *x);

/* The comma-separated journal keys in table order ("uas,second,..."). */
const char *work_counters_keys(void);

/* Appends " key=value" for every counter to buf (cap bytes, 64 per counter
 * are enough); returns the length written. Seconds with 3 decimals. */
size_t work_counters_format(const work_counters *w, char *buf, size_t cap);
/* The most seconds a counter read back from a journal may hold (about 31
 * years): a larger value, or one not written as a plain decimal (inf, nan,
 * 1e308, a hex float), is a bad value, so sums stay finite. */
#define WORK_SECONDS_MAX 1e9
/* Parses one journal field (counts: numtext_u64; seconds:
 * numtext_decimal up to WORK_SECONDS_MAX). Returns the counter's index when key is a
 * counter and value parses, -1 for an unknown key, -2 for a bad value. */
int work_counters_parse(work_counters *w, const char *key, const char *value);

/* WORK_COUNTERS_N 64-bit words (seconds as IEEE bits), for messages. */
void work_counters_pack(const work_counters *w, uint64_t *words);
void work_counters_unpack(work_counters *w, const uint64_t *words);

/* Writes `SEP"name":VALUE` for every counter to f; with pretty a space after
 * the colon. */
void work_counters_json(FILE *f, const work_counters *w, const char *sep, bool pretty);
/* "N initial UAs, N second solutions, ...; CPU seconds of the engine's
 * thread: X.XX s finding UAs, ..., X.XX s in the engine" into buf. */
void work_counters_text(const work_counters *w, char *buf, size_t cap);

#endif
