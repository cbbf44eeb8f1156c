package io.shmemtrace.bench;

import picocli.CommandLine.Option;

/** --np, for the subcommands that run benchmarks. */
final class PesOption {
    @Option(names = "--np", defaultValue = "2", paramLabel = "N", description = "PEs (default: ${DEFAULT-VALUE})")
    int npes;
}
