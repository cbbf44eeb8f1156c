package io.shmemtrace.merged.merge;

import io.shmemtrace.io.Messages;
import io.shmemtrace.merged.read.MergedFile;
import io.shmemtrace.merged.read.RunRecord;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Merges a run as shmem2psins does and reads what it wrote. */
final class Merged {
    /** Whether it merged (else refused: nothing written) and the lines it said, each after "merge: ". */
    record Run(boolean merged, String err) {}

    private Merged() {}

    /** input merged into out (and its side file beside it, named as shmem2psins names it), every line said kept. */
    static Run run(Path input, Path out, boolean allowPartial, boolean force, Alignment.Mode align) throws IOException {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream lines = new PrintStream(err, true, StandardCharsets.UTF_8);
        Messages messages = Messages.of("merge", lines, null);
        boolean merged = true;
        try {
            Merge.run(new Merge.Options(List.of(input), out, out.resolveSibling(
                    out.getFileName().toString().replaceFirst("\\.psins$", "") + ".RankPid.extended"),
                    allowPartial, 64, align, force), messages);
        } catch (RunException e) {
            messages.say(e.getMessage());
            merged = false;
        }
        return new Run(merged, err.toString(StandardCharsets.UTF_8));
    }

    /** The same, a whole run or nothing, into an out that is not there yet, aligned as the run needs. */
    static Run run(Path input, Path out) throws IOException {
        return run(input, out, false, false, Alignment.Mode.AUTO);
    }

    /** The SHMEM events (bursts left out) of every PE, copied. */
    static List<List<RunRecord>> events(Path merged) throws Exception {
        try (MergedFile f = MergedFile.open(merged)) {
            List<List<RunRecord>> pes = new ArrayList<>();
            for (int t = 0; t < f.tasks().size(); t++) {
                pes.add(f.records(t).stream().filter(r -> !r.burst()).toList());
            }
            return pes;
        }
    }
}
