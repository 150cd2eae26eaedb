/* cmd_grids_canon — placeholder until canon.c lands. */
#include "cli.h"

int cmd_grids_canon(int argc, char **argv)
{
    (void)argc;
    cli_error(argv[0], "not available in this build yet");
    return 2;
}
