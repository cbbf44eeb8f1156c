package io.shmemtrace.bench;

import io.shmemtrace.cli.ManifestVersion;
import io.shmemtrace.cli.ToolMain;
import java.io.PrintStream;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** shmembench: the seed's ShmemBench. Generates OpenSHMEM benchmarks from event-spec.xml, runs them, checks the tracer. */
@Command(name = "shmembench", mixinStandardHelpOptions = true, usageHelpWidth = 120, versionProvider = ManifestVersion.class,
        subcommands = {GenerateCommand.class, RunCommand.class, CalibrateCommand.class, VerifyCommand.class},
        description = {"Benchmarks OpenSHMEM calls from a configuration of the ShmemBench paper",
                "(lines TESTNUM TESTCLASS NELEMS STRIDE [APIS=a,b] [REPS=N] [SIZES=8..1M]; classes 1 put, 2 get,",
                "3 collectives, 4 synchronisation, 5 atomics), with every class's calls taken from event-spec.xml.",
                "Exit status: 0 done, 1 a failure (build, run or verification), 2 usage or configuration error."})
public final class Shmembench implements Callable<Integer> {
    final PrintStream out;
    final PrintStream err;

    Shmembench(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    public static void main(String[] args) {
        ToolMain.main(Shmembench::new, args);
    }

    /** Runs the tool without exiting the JVM; returns the exit status. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        return ToolMain.run(new Shmembench(out, err), args, out, err);
    }

    @Override
    public Integer call() {
        err.println("shmembench: a subcommand is needed: generate, run, calibrate or verify (shmembench --help)");
        return 2;
    }
}
