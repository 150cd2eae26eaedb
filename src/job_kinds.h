/* job_kinds — the lists of grid sources and search engines a job can name.
 *
 * X-macros: X(ID, name, ...) gives the enum constant JOB_SOURCE_ID /
 * JOB_ENGINE_ID (job.h), the word in job files and journals (job.c:
 * job_source_find, job_source_name, ...), and the table entry source_NAME
 * (source.h, in source_NAME.c) / engine_NAME (engine.h, in engine_NAME.c).
 * A source also says whether the job file names a file after it
 * (`source = grids FILE`) or not (`source = enumerate`), and whether its
 * ranks are grids or band-pair groups (bandpair_unit.h); an engine says
 * whether it takes groups (a job pairing a group source with an engine that
 * does not is refused when it is loaded). Adding a source or
 * an engine: one line here and its file. Order is the enum order (journals
 * store names, not numbers). The job module knows the names only; the
 * tables of source.c and engine.c sit above it.
 */
#ifndef MC_JOB_KINDS_H
#define MC_JOB_KINDS_H

#define SOURCES(X)                                                               \
    X(GRIDS, grids, true, false)                                                 \
    X(CATALOGUE, catalogue, true, false)                                         \
    X(ENUMERATE, enumerate, false, false)                                        \
    X(BANDPAIRS, bandpairs, false, true)                                         \
    X(ENUMERATE8, enumerate8, false, false)

#define ENGINES(X)                                                               \
    X(CHECKER, checker, false)                                                   \
    X(BAND, band, true)                                                          \
    X(BRUTE, brute, false)                                                       \
    X(CHECK64, check64, false)                                                   \
    X(NONE, none, true)

#endif
