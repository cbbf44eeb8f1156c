package io.shmemtrace.merged.merge;

import io.shmemtrace.io.Temporary;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether a tool that replays a run directory (shmemsim, --waits, --html's wait states) merges it into a
 * temporary file first, or makes each task's records from its trace again as the replay asks ({@link StreamedRun}).
 * The copy is as fast at 64 PEs and faster past that (a merged file is the compact form the replay reads best: 1.3-1.4
 * x at 1,024 and 16,384 PEs, docs/performance.md); the traces need no room at all. By default the copy is made where
 * TMPDIR has room for as much as the traces take. SHMEMTRACE_TEMP_MERGE=always or never decides instead.
 */
enum TemporaryCopy {
    ALWAYS, NEVER, AUTO;

    static final String VARIABLE = "SHMEMTRACE_TEMP_MERGE";

    /**
     * Mappings the JVM keeps besides the traces' (its libraries, heap, threads): 2,136 measured beside 20,000 traces,
     * a little more than twice that allowed for.
     */
    static final long JVM_MAPPINGS = 5_000;

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

    /**
     * Why run directory dir cannot be read without a copy (null if it can): each trace read side by side is a memory
     * mapping of its own, and Linux refuses a process more than vm.max_map_count of them (65,530 by default). Past
     * that the JVM cannot even grow its heap, and ends with a crash report instead of a message.
     */
    static String tooManyToReadSideBySide(Path dir) {
        return tooManyToReadSideBySide(dir, Path.of("/proc/sys/vm/max_map_count"));
    }

    /** The same, the limit read from limitFile. */
    static String tooManyToReadSideBySide(Path dir, Path limitFile) {
        long limit = mapLimit(limitFile);
        if (limit < 0) return null;
        long traces;
        try (var files = Files.list(dir)) {
            traces = files.filter(Files::isRegularFile).count();
        } catch (IOException | RuntimeException e) {
            return null; // the first pass will say what is wrong with the directory
        }
        if (traces <= limit - JVM_MAPPINGS) return null;
        return traces + " traces cannot be read side by side: each takes a memory mapping, and vm.max_map_count allows "
                + limit + " a process (the JVM takes some " + JVM_MAPPINGS + ")";
    }

    /**
     * The limit in file (a number), or -1 where there is none to read (not Linux). Read as a line: Files.readString
     * gives the first byte alone of a /proc file (a size of 0, JDK 17).
     */
    static long mapLimit(Path file) {
        try (var in = Files.newBufferedReader(file)) {
            return Long.parseLong(in.readLine().trim());
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** What makes a copy possible: room under TMPDIR, and the setting unset where it asked for none. */
    static String roomForACopy() {
        return "give TMPDIR (" + Temporary.systemDirectory() + ") room for a merged copy"
                + (asked(System.getenv(VARIABLE)) == NEVER ? " and unset " + VARIABLE : "");
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
