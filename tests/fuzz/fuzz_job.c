/* fuzz_job — the job-file parser (job_parse): any text gives a job or one
 * error naming the file, never a crash; a parsed job has a sane range. */
#include <string.h>

#include "fuzz_common.h"
#include "job.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text) return 0;
    memcpy(text, data, size);
    text[size] = 0; /* job_load refuses a NUL byte before it gets here */
    job j;
    mc_error err;
    if (job_parse("fuzz.job", text, &j, &err) == MC_OK) {
        if (j.chunk == 0) abort();
        job_free(&j);
    } else if (!strstr(err.msg, "fuzz.job")) {
        abort();
    }
    free(text);
    return 0;
}
