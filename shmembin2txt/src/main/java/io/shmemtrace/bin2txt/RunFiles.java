package io.shmemtrace.bin2txt;

import io.shmemtrace.format.Escape;
import io.shmemtrace.format.InputFiles;
import io.shmemtrace.format.TraceNaming;
import io.shmemtrace.format.read.TraceRun;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * What the tracer leaves beside PE 0's trace for the reports (trace-format/FORMAT.md, "Files and directories"):
 * the command line, and the SHMEM functions the program imports that were not recorded. Each is a fact the reports
 * can do without: absent, too large or not what it should be, it is left out.
 */
final class RunFiles {
    private static final int MAX_COMMAND = 4096;
    private static final int MAX_UNTRACED = 64 * 1024;

    private RunFiles() {}

    /** PE 0's command line, arguments that need it quoted as a shell would; null when there is none. */
    static String command(TraceRun run) {
        String args = read(run, TraceNaming.COMMAND_FILE, MAX_COMMAND, "a command line");
        if (args == null) return null;
        StringBuilder c = new StringBuilder();
        for (String a : args.split("\0")) {
            if (c.length() > 0) c.append(' ');
            c.append(a.matches("[A-Za-z0-9_./=:,+@%-]+") ? a : "'" + a.replace("'", "'\\''") + "'");
        }
        return Escape.text(c.toString());
    }

    /** The SHMEM functions the program imports that the tracer does not record; empty when none (or not known). */
    static List<String> untraced(TraceRun run) {
        String text = read(run, TraceNaming.UNTRACED_FILE, MAX_UNTRACED, "a list of functions");
        if (text == null) return List.of();
        List<String> names = text.lines().toList();
        return names.stream().allMatch(n -> n.matches("[A-Za-z_][A-Za-z0-9_]{0,127}")) ? names : List.of();
    }

    private static String read(TraceRun run, String pattern, int maxBytes, String whatItIs) {
        for (TraceRun.Input in : run.inputs()) {
            if (in.pe() != 0) continue;
            Path file = in.path().resolveSibling(String.format(pattern, 0));
            try {
                return InputFiles.readText(file, maxBytes, whatItIs);
            } catch (IOException e) {
                return null;
            }
        }
        return null;
    }
}
