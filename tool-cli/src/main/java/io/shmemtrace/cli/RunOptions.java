package io.shmemtrace.cli;

import io.shmemtrace.io.Messages;
import io.shmemtrace.io.Progress;
import java.io.PrintStream;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The options of every tool that reads a run (a run directory or a merged file), the same words for the same thing
 * on every verb: a picocli mixin (@Mixin RunOptions runOptions).
 */
public final class RunOptions {
    @Spec(Spec.Target.MIXEE)
    private CommandSpec spec;

    @Option(names = "--allow-partial", description = "read what is intact of a run with missing, foreign, duplicate or"
            + " damaged files; what is missing is said (and recorded in a merge's output)")
    public boolean allowPartial;

    public int maxOpen = 64;

    @Option(names = {"-q", "--quiet"}, description = "no progress bar, no closing summary line")
    public boolean quiet;

    @Option(names = "--max-open", defaultValue = "64", paramLabel = "N",
            description = "trace files open at once, at most (default: ${DEFAULT-VALUE})")
    void maxOpen(int n) {
        if (n < 1) throw new ParameterException(spec.commandLine(), "--max-open must be at least 1");
        maxOpen = n;
    }

    /** Where the libraries' lines go for tool: err, after its name; their bars too, on a terminal and not -q. */
    public Messages messages(String tool, PrintStream err) {
        return Messages.of(tool, err, !quiet && Progress.onTerminal() ? err : null);
    }
}
