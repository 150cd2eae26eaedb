/* banner — the build banner: version, build type, compiler, flags, and the
 * CPU features of this machine and of the compiled code. Printed by
 * `minclue --version`, every benchmark, and at the top of result files. */
#ifndef MC_BANNER_H
#define MC_BANNER_H

#include <stdio.h>

/* "minclue 0.1.0 (Release; GNU 12.2.0; flags: -O3 ...; cpu: ...; compiled for: ...)\n" */
void mc_banner(FILE *out);

#endif
