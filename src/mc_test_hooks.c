/* mc_test_hooks — see mc_test_hooks.h. */
#include "mc_test_hooks.h"

#include <stdlib.h>

void mc_test_hooks_read(mc_test_hooks *h)
{
    const char *v;
    h->grid_delay_ms = (v = getenv("MC_TEST_GRID_DELAY_MS")) ? atol(v) : 0;
    h->journal_kill = (v = getenv("MC_TEST_JOURNAL_KILL")) ? atol(v) : 0;
    h->corrupt_found = getenv("MC_TEST_CORRUPT_FOUND") != NULL;
    h->journal_enospc = (v = getenv("MC_TEST_JOURNAL_ENOSPC")) ? atol(v) : 0;
    h->chunk_lie = getenv("MC_TEST_CHUNK_LIE") != NULL;
    h->abort_delay_ms = (v = getenv("MC_TEST_ABORT_DELAY_MS")) ? atol(v) : 0;
    h->band_corrupt = (v = getenv("MC_TEST_BAND_CORRUPT")) ? (int)atol(v) : 0;
    h->band_max_pairs = (v = getenv("MC_TEST_BAND_MAX_PAIRS")) ? atol(v) : 0;
    h->shipped_counts = getenv("MC_TEST_SHIPPED_COUNTS");
}
