package io.shmemtrace.merged.merge;

import io.shmemtrace.cli.Temporary;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether a tool that replays a run directory (shmemsim, --patterns, --html's wait states) merges it into a
 * temporary file first, or makes each task's records from its trace again as the replay asks ({@link StreamedRun}).
 * The copy is as fast at 64 PEs and faster past that (a merged file is the compact form the replay reads best: 1.3-1.4
 * x at 1,024 and 16,384 PEs, docs/performance.md); the traces need no room at all. By default the copy is made where
 * TMPDIR has room for as much as the traces take. SHMEMTRACE_TEMP_MERGE=always or never decides instead.
 */
enum TemporaryCopy {
    ALWAYS, NEVER, AUTO;

    static final String VARIABLE = "SHMEMTRACE_TEMP_MERGE";

    /** What to do for run directory dir: ALWAYS (a copy) or NEVER. */
    static TemporaryCopy of(Path dir) {
        TemporaryCopy asked = asked(System.getenv(VARIABLE));
        if (asked != AUTO) return asked;
        try {
            long usable = Files.getFileStore(Temporary.systemDirectory()).getUsableSpace();
            return traceBytes(dir) < usable ? ALWAYS : NEVER;
        } catch (IOException | RuntimeException e) {
            return ALWAYS; // a TMPDIR that cannot be looked at: the copy's own failure will say why
        }
    }

    /** The setting's value (anything else than always or never: auto). */
    static TemporaryCopy asked(String value) {
        if ("always".equals(value)) return ALWAYS;
        if ("never".equals(value)) return NEVER;
        return AUTO;
    }

    /** The bytes of a run directory's files: what a merged copy takes, about. */
    private static long traceBytes(Path dir) throws IOException {
        long bytes = 0;
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
            for (Path f : files) {
                if (Files.isRegularFile(f)) bytes += Files.size(f);
            }
        }
        return bytes;
    }
}
