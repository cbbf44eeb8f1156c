package io.shmemtrace.tests;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The SHMEM calls a program makes, counted by ltrace: a breakpoint on each PLT entry of the program (@MAIN) for
 * the OpenSHMEM names, one log per process and its threads ($LTRACE_DIR/lt.PID). Nothing in it comes from the shim, whose wrappers
 * the same PLT entries lead to.
 */
final class LtraceCounts {
    /** The names ltrace watches: every OpenSHMEM call and the pre-1.0 ones. */
    private static final String FILTER = String.join("+", "shmem_*@MAIN", "_my_pe@MAIN", "_num_pes@MAIN",
            "my_pe@MAIN", "num_pes@MAIN", "start_pes@MAIN", "shmalloc@MAIN", "shfree@MAIN", "shmemalign@MAIN",
            "shrealloc@MAIN");
    /**
     * A call's line: "program->name(args", "TID program->name(args" with -f; a resumed call ("TID <... name
     * resumed>") is not a new one.
     */
    private static final Pattern CALL = Pattern.compile("^(?:\\[?\\d+\\]? )?(?:[^\\s(<]*->)?([A-Za-z_][A-Za-z0-9_]*)\\(",
            Pattern.MULTILINE);

    private LtraceCounts() {}

    /** A launcher that runs its arguments under ltrace, logging into $LTRACE_DIR. */
    static Path wrapper(Path dir) throws IOException {
        Path script = dir.resolve("ltrace-shmem.sh");
        // -f: the threads too (a thread is a clone); their lines carry their pid
        Files.writeString(script, "#!/bin/sh\nexec ltrace -f -o \"$LTRACE_DIR/lt.$$\" -e '" + FILTER + "' \"$@\"\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        return script;
    }

    /** Calls per function of each process that logged into dir. */
    static List<Map<String, Long>> perProcess(Path dir) {
        List<Map<String, Long>> all = new ArrayList<>();
        try (var logs = Files.list(dir)) {
            for (Path log : logs.filter(p -> p.getFileName().toString().startsWith("lt.")).sorted().toList()) {
                Map<String, Long> calls = new TreeMap<>();
                Matcher m = CALL.matcher(Files.readString(log));
                while (m.find()) calls.merge(m.group(1), 1L, Long::sum);
                all.add(calls);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return all;
    }
}
