/* cmd_generate — placeholder until its module lands; says so instead of pretending. */
#include "cli.h"

int cmd_generate(int argc, char **argv)
{
    (void)argc;
    cli_error(argv[0], "not available in this build yet");
    return 2;
}
