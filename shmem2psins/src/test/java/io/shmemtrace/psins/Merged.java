package io.shmemtrace.psins;

import io.shmemtrace.psins.cli.Shmem2Psins;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** Runs the tool in-process and reads what it wrote. */
final class Merged {
    /** Exit status and stderr of one run. */
    record Run(int status, String out, String err) {}

    private Merged() {}

    static Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Shmem2Psins.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
