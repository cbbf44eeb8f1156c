package io.shmemtrace.bin2txt;

import io.shmemtrace.cli.Progress;
import io.shmemtrace.cli.RunOptions;
import io.shmemtrace.merged.merge.RunReading;
import io.shmemtrace.replay.report.TimelineWaits;
import io.shmemtrace.replay.report.WaitStates;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/** --waits: a run's wait states, from its timeline on the merge's aligned clocks ({@link TimelineWaits}). */
final class WaitsOption {
    private WaitsOption() {}

    /**
     * The wait states as text, or one line saying why there are none (for the HTML report); progress bars go to
     * bars (null: none).
     */
    static String text(Path run, PrintStream bars, RunReading reading) {
        java.io.ByteArrayOutputStream text = new java.io.ByteArrayOutputStream();
        java.io.ByteArrayOutputStream problems = new java.io.ByteArrayOutputStream();
        PrintStream out = new PrintStream(text, true, java.nio.charset.StandardCharsets.UTF_8);
        PrintStream err = new PrintStream(problems, true, java.nio.charset.StandardCharsets.UTF_8);
        try {
            int status = print(run, false, out, err, bars, reading);
            return status == 0 ? text.toString(java.nio.charset.StandardCharsets.UTF_8)
                    : "Not found: " + problems.toString(java.nio.charset.StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            return "Not found: " + e.getMessage();
        }
    }

    static int print(List<Path> paths, Shmembin2txt.Output output, RunOptions options, PrintStream out, PrintStream err)
            throws IOException {
        if (paths.size() != 1 || output.summaryOnly || output.layers || output.html != null) {
            err.println("shmembin2txt: --waits takes one run directory (or merged file), and no --summary, --layers"
                    + " or --html");
            return 2;
        }
        return print(paths.get(0), output.csv, out, err, !options.quiet && Progress.onTerminal() ? err : null,
                new RunReading(options.allowPartial, options.maxOpen));
    }

    private static int print(Path run, boolean csv, PrintStream out, PrintStream err, PrintStream bars,
                             RunReading reading) throws IOException {
        WaitStates states = TimelineWaits.of(run, "shmembin2txt", err, bars, reading);
        if (states == null) return 1;
        if (csv) states.csv(out);
        else states.print(out);
        return 0;
    }
}
