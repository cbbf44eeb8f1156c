/*
 * What the planted examples of shmemtrace findings share (docs/findings.md): a fixed amount of work, and the
 * argument "fixed" that selects an example's fixed variant.
 */
#ifndef PLANTED_H
#define PLANTED_H

#include <string.h>

static volatile double planted_sink;

/* units of dependent floating-point work: a fixed number of instructions, whatever the machine's load */
static void work(long units)
{
    double x = 1.0;
    for (long i = 0; i < units; i++) x = x * 1.0000001 + 1e-9;
    planted_sink = x;
}

/* Whether the last argument is "fixed" (the fixed variant); if so it is dropped from argc. */
static int fixed_variant(int *argc, char **argv)
{
    int fixed = *argc > 1 && strcmp(argv[*argc - 1], "fixed") == 0;
    *argc -= fixed;
    return fixed;
}

#endif
