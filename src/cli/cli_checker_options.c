/* cli_checker_options — the checker options of `search` and `minimum`; see cli.h. */
#include "cli.h"
#include "hitset.h"

const char cli_checker_options_help[] =
    "  --ua-max N       unavoidable sets up to N cells (default: 12 on 9x9,\n"
    "                   16 on 4x4, 12 on 6x6, 10 on 8x8)\n"
    "  --ua-limit N     use at most N initial sets, smallest first\n"
    "  --max-degree N   unions of up to N disjoint sets (2..5; 1 = off; default 5)\n"
    "  --no-learn       do not keep sets learned from second solutions\n";

_Static_assert(HITSET_MAX_DEGREE == 5, "the help text above says 2..5, default 5");

static bool parse_int(const char *s, int lo, int hi, int *out)
{
    uint64_t v;
    if (!numtext_u64(s, &v) || v < (uint64_t)lo || v > (uint64_t)hi) return false;
    *out = (int)v;
    return true;
}

int cli_checker_option(const char *cmd, int o, const char *arg, checker_options *opt)
{
    switch (o) {
    case CLI_OPT_UA_MAX:
        if (parse_int(arg, CHECKER_MIN_UA_SIZE, CHECKER_MAX_UA_SIZE, &opt->ua_max_size)) return 1;
        cli_error(cmd, "--ua-max needs a whole number from %d to %d, not '%s'", CHECKER_MIN_UA_SIZE,
                  CHECKER_MAX_UA_SIZE, arg);
        return -1;
    case CLI_OPT_UA_LIMIT:
        if (parse_int(arg, 1, HITSET_MAX_INITIAL, &opt->ua_limit)) return 1;
        cli_error(cmd, "--ua-limit needs a whole number from 1 to %d, not '%s'", HITSET_MAX_INITIAL, arg);
        return -1;
    case CLI_OPT_MAX_DEGREE:
        if (parse_int(arg, 1, HITSET_MAX_DEGREE, &opt->max_degree)) return 1;
        cli_error(cmd, "--max-degree needs a whole number from 1 to %d, not '%s'", HITSET_MAX_DEGREE, arg);
        return -1;
    case CLI_OPT_NO_LEARN: opt->learn = 0; return 1;
    }
    return 0;
}
