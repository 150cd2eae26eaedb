/* banner — see banner.h. */
#include "banner.h"

#include "build_info.h"

void mc_banner(FILE *out)
{
    fprintf(out, "minclue %s (%s; %s; flags: %s; cpu:", MC_VERSION, MC_BUILD_TYPE, MC_COMPILER,
            MC_FLAGS);
#if defined(__x86_64__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("popcnt")) fputs(" popcnt", out);
    if (__builtin_cpu_supports("bmi2")) fputs(" bmi2", out);
    if (__builtin_cpu_supports("avx2")) fputs(" avx2", out);
    if (__builtin_cpu_supports("avx512f")) fputs(" avx512f", out);
    if (__builtin_cpu_supports("avx512bw")) fputs(" avx512bw", out);
#else
    fputs(" generic", out);
#endif
    fputs("; compiled for:", out);
#ifdef __AVX512F__
    fputs(" avx512f", out);
#endif
#ifdef __AVX2__
    fputs(" avx2", out);
#endif
#ifdef __BMI2__
    fputs(" bmi2", out);
#endif
#ifdef __POPCNT__
    fputs(" popcnt", out);
#endif
    fputs(")\n", out);
}

