package io.shmemtrace.bench;

import picocli.CommandLine.Command;

@Command(name = "calibrate", mixinStandardHelpOptions = true, description = "Fits a machine file for shmemsim.")
final class CalibrateCommand extends BenchCommand {
    @Override
    public Integer call() {
        return 1;
    }
}
