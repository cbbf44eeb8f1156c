package io.shmemtrace.psins;

import io.shmemtrace.merged.read.MergedFile;
import io.shmemtrace.psins.cli.Shmem2Psins;
import io.shmemtrace.merged.read.RunRecord;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

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

    /** The SHMEM events (bursts left out) of every task, copied. */
    static List<List<RunRecord>> events(Path merged) throws Exception {
        try (MergedFile f = MergedFile.open(merged)) {
            List<List<RunRecord>> tasks = new ArrayList<>();
            for (int t = 0; t < f.tasks().size(); t++) {
                tasks.add(f.records(t).stream().filter(r -> !r.burst()).toList());
            }
            return tasks;
        }
    }
}
