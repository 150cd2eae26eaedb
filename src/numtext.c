/* numtext — see numtext.h. */
#include "numtext.h"

#include <limits.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>

bool numtext_u64(const char *s, uint64_t *out)
{
    if (!s || *s < '0' || *s > '9') return false;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || *end) return false;
    *out = v;
    return true;
}

bool numtext_range(const char *s, uint64_t *lo, uint64_t *hi)
{
    const char *dash = strchr(s, '-');
    if (!dash) {
        if (!numtext_u64(s, lo)) return false;
        *hi = *lo;
        return true;
    }
    char buf[64];
    size_t n = (size_t)(dash - s);
    if (n == 0 || n >= sizeof buf) return false;
    memcpy(buf, s, n);
    buf[n] = 0;
    return numtext_u64(buf, lo) && numtext_u64(dash + 1, hi) && *lo <= *hi;
}

bool numtext_int(const char *s, int lo, int hi, int *out)
{
    uint64_t v;
    if (s && *s == '-' && s[1] == '1' && !s[2] && lo <= -1) {
        *out = -1;
        return true;
    }
    if (!numtext_u64(s, &v) || v > (uint64_t)INT_MAX || (int)v < lo || (int)v > hi) return false;
    *out = (int)v;
    return true;
}

bool numtext_decimal(const char *s, double max, double *out)
{
    if (!s) return false;
    const char *p = s;
    while (*p >= '0' && *p <= '9') p++;
    if (p == s) return false;
    if (*p == '.') {
        const char *q = ++p;
        while (*p >= '0' && *p <= '9') p++;
        if (p == q) return false;
    }
    if (*p) return false;
    double v = strtod(s, NULL);
    if (!(v >= 0 && v <= max)) return false;
    *out = v;
    return true;
}
