package io.shmemtrace.bin2txt;

import io.shmemtrace.cli.RunOptions;
import io.shmemtrace.io.Messages;
import io.shmemtrace.merged.merge.RunException;
import io.shmemtrace.merged.merge.RunReading;
import io.shmemtrace.waits.TimelineWaits;
import io.shmemtrace.waits.WaitStates;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/** --waits: a run's wait states, from its timeline on the merge's aligned clocks ({@link TimelineWaits}). */
final class WaitsOption {
    private WaitsOption() {}

    /**
     * The wait states for the report page, as HTML: a table of the patterns (seconds lost, the PEs that lost them,
     * the PE that lost most, a bar), the text by PE and call site folded below it; or one paragraph saying why there
     * are none. Progress bars go to bars (null: none).
     */
    static String html(Path run, PrintStream bars, RunReading reading) {
        java.io.ByteArrayOutputStream problems = new java.io.ByteArrayOutputStream();
        PrintStream err = new PrintStream(problems, true, java.nio.charset.StandardCharsets.UTF_8);
        WaitStates states;
        try {
            states = TimelineWaits.of(run, reading, Messages.of("shmembin2txt", err, bars));
        } catch (RunException e) {
            states = null;
            err.println("shmembin2txt: " + e.getMessage());
        } catch (IOException e) {
            states = null;
            err.println(e.getMessage());
        }
        if (states == null) {
            return "<p id=\"wait-states\">Not found: "
                    + PageAssets.esc(problems.toString(java.nio.charset.StandardCharsets.UTF_8).strip()) + "</p>\n";
        }
        return PageWaits.html(states);
    }

    static int print(List<Path> paths, Shmembin2txt.Output output, RunOptions options, PrintStream out, PrintStream err)
            throws IOException {
        if (paths.size() != 1 || output.summaryOnly || output.layers || output.html != null) {
            err.println("shmembin2txt: --waits takes one run directory (or merged file), and no --summary, --layers"
                    + " or --html");
            return 2;
        }
        WaitStates states;
        try {
            states = TimelineWaits.of(paths.get(0), new RunReading(options.allowPartial, options.maxOpen),
                    options.messages("shmembin2txt", err));
        } catch (RunException e) {
            err.println("shmembin2txt: " + e.getMessage());
            return 1;
        }
        if (output.csv) states.csv(out);
        else states.print(out);
        return 0;
    }
}
