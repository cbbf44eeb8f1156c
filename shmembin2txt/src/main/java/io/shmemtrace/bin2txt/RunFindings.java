package io.shmemtrace.bin2txt;

import io.shmemtrace.analysis.findings.Report;
import io.shmemtrace.format.read.TraceRun;
import io.shmemtrace.io.Messages;
import io.shmemtrace.merged.merge.MergedRun;
import io.shmemtrace.merged.merge.RunException;
import io.shmemtrace.merged.merge.RunReading;
import io.shmemtrace.replay.engine.ReplayException;
import io.shmemtrace.replay.machine.MachineException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The findings (shmemtrace findings, docs/findings.md) at the head of the summary and of the page: the ranked list
 * only, on the traced times; or one line saying why there are none here. They replay the run three to five times,
 * so a run of more than {@link #MAX_TRACE_BYTES} bytes of traces is left to shmemtrace findings.
 */
final class RunFindings {
    private RunFindings() {}

    /**
     * Beyond this much trace, the summary points at shmemtrace findings instead: about 6 M events, a few seconds of
     * replays on a second core beside the summary's own pass.
     */
    static final long MAX_TRACE_BYTES = 32L << 20;

    /**
     * The run directory to work the findings out from: the one directory all the run's traces are in (the inputs may
     * have named more, of other runs, left out); null with why not, in one line, in why[0].
     */
    static Path directory(TraceRun run, String[] why) {
        Path dir = null;
        long bytes = 0;
        for (TraceRun.Input in : run.inputs()) {
            Path parent = in.path().toAbsolutePath().getParent();
            if (dir != null && !dir.equals(parent)) {
                why[0] = "Findings: the run's traces are in several directories; give them one (shmemtrace findings DIR).";
                return null;
            }
            dir = parent;
            try {
                bytes += Files.size(in.path());
            } catch (IOException e) {
                why[0] = "Findings: " + e.getMessage();
                return null;
            }
        }
        if (dir == null) {
            why[0] = "Findings: no trace.";
            return null;
        }
        if (HtmlReport.isProfile(run)) {
            why[0] = "Findings: a profile has no timeline to replay (trace the run for them).";
            return null;
        }
        if (bytes > MAX_TRACE_BYTES) {
            why[0] = "Findings: not worked out for " + (bytes >> 20) + " MB of traces here (they replay the run several"
                    + " times): shmemtrace findings " + dir;
            return null;
        }
        return dir;
    }

    /** The findings as the summary prints them and as the page shows them. */
    record View(String text, String html) {
        /** No findings, and why (one line). */
        static View none(String why) {
            return new View(why, "<p id=\"findings\">" + PageAssets.esc(why) + "</p>\n");
        }
    }

    /** The ranked findings of the run directory, or one line saying why there are none. */
    static View of(Path run, PrintStream bars, RunReading reading) {
        ByteArrayOutputStream text = new ByteArrayOutputStream(), problems = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(text, true, StandardCharsets.UTF_8);
        PrintStream err = new PrintStream(problems, true, StandardCharsets.UTF_8);
        Messages messages = Messages.of("shmemtrace findings", err, bars);
        int status;
        Report[] made = {null};
        try {
            status = MergedRun.convert(run, reading, messages, f -> {
                try {
                    made[0] = Report.of(f, run.toString(), null, null, "on the traced times", null, note -> { });
                    made[0].printFindings(out);
                    out.println("(the critical path and the causes of the waits: shmemtrace findings " + run + ")");
                    return 0;
                } catch (ReplayException | MachineException e) {
                    messages.say(e.getMessage());
                    return 1;
                }
            });
        } catch (RunException e) {
            messages.say(e.getMessage());
            status = 1;
        } catch (IOException e) {
            return View.none("Findings: none (" + e.getMessage() + ")");
        }
        // the first problem says why (the file or PE at fault); the rest the tool's own run would print
        return status == 0 ? new View(text.toString(StandardCharsets.UTF_8), FindingsHtml.of(made[0]))
                : View.none("Findings: none (" + problems.toString(StandardCharsets.UTF_8).strip().lines().findFirst()
                .orElse("no reason given") + ")");
    }
}
