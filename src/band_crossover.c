/* band_crossover — see band_crossover.h. */
#include "band_crossover.h"

bool band_crossover_use_band(int R, int C, int K, bool checker_options)
{
    return R == 3 && C == 3 && K >= 1 && K <= BAND_CROSSOVER_MAX_K && !checker_options;
}
