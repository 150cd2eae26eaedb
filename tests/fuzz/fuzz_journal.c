/* fuzz_journal — the journal reader (journal_read): damaged, torn or
 * forged lines are counted or refused, never a crash; every chunk it keeps
 * has a count, found puzzles inside it and finite seconds (at most
 * WORK_SECONDS_MAX: journal_line.h reads numbers strictly). */
#include "fuzz_common.h"
#include "job.h"
#include "job_journal.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_write_temp(data, size, ".journal");
    journal_data d;
    mc_error err;
    if (journal_read(path, NULL, &d, &err) == MC_OK) {
        if (d.nchunks && !d.identity) abort();
        for (size_t i = 0; i < d.nchunks; i++) {
            const job_result *c = &d.chunks[i];
            if (!(c->seconds >= 0 && c->seconds <= WORK_SECONDS_MAX)) abort();
            for (size_t k = 0; k < c->nfound; k++)
                if (c->found[k].rank < c->first || c->found[k].rank - c->first >= c->count) abort();
        }
    }
    journal_data_free(&d);
    unlink(path);
    return 0;
}
