/* install_check — the check of the programs built against the installed
 * library (use_minclue.c, use_minclue_api1.c): CHECK(cond, printf args)
 * prints "FAIL: ..." and counts the failure in `fails` (exit status). */
#ifndef MC_INSTALL_CHECK_H
#define MC_INSTALL_CHECK_H

#include <stdio.h>

static int fails;
#define CHECK(c, ...)                                                                                        \
    do {                                                                                                     \
        if (!(c)) {                                                                                          \
            printf("FAIL: " __VA_ARGS__);                                                                    \
            printf("\n");                                                                                    \
            fails++;                                                                                         \
        }                                                                                                    \
    } while (0)

#endif
