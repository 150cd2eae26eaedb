/* mc_error — see mc_error.h. */
#include "mc_error.h"

#include <stdio.h>

mc_status mc_fail(mc_error *err, mc_status code, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
    }
    return code;
}

const char *mc_status_name(mc_status code)
{
    switch (code) {
    case MC_OK: return "ok";
    case MC_EIO: return "I/O error";
    case MC_EFORMAT: return "format error";
    case MC_EINVAL: return "invalid input";
    case MC_ECORRUPT: return "corrupt file";
    case MC_ENOMEM: return "out of memory";
    case MC_EOF: return "end of input";
    case MC_STOPPED: return "stopped";
    case MC_EINTERNAL: return "internal error";
    case MC_ELIMIT: return "memory bound reached";
    }
    return "unknown error";
}
