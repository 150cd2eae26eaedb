/* check64_crossover — see check64_crossover.h. */
#include "check64_crossover.h"

bool check64_crossover_use(int R, int C, int K, bool checker_options)
{
    if (checker_options || R != 2 || K < 1) return false;
    return C == 4 ? K <= CHECK64_CROSSOVER_8X8_MAX_K
           : C == 3 ? K <= CHECK64_CROSSOVER_6X6_MAX_K
           : C == 2 ? K <= CHECK64_CROSSOVER_4X4_MAX_K
                    : false;
}
