package io.shmemtrace.bin2txt;

import io.shmemtrace.psins.merge.TemporaryMerge;
import io.shmemtrace.psins.read.PsinsFile;
import io.shmemtrace.psins.read.PsinsFormatException;
import io.shmemtrace.sim.engine.ReplayException;
import io.shmemtrace.sim.report.WaitStates;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/** --patterns: a run's wait states, from its merged trace replayed on its own times. */
final class Patterns {
    private Patterns() {}

    static int print(List<Path> paths, Shmembin2txt.Output output, PrintStream out, PrintStream err) throws IOException {
        if (paths.size() != 1 || output.summaryOnly || output.layers) {
            err.println("shmembin2txt: --patterns takes one run directory (or merged file), and no --summary or --layers");
            return 2;
        }
        try (TemporaryMerge merged = TemporaryMerge.of(paths.get(0), err)) {
            if (merged.status() != 0) return merged.status();
            try (PsinsFile f = PsinsFile.open(merged.path())) {
                WaitStates states = WaitStates.of(f);
                if (output.csv) states.csv(out);
                else states.print(out);
                return 0;
            } catch (PsinsFormatException e) {
                err.println("shmembin2txt: " + e.getMessage());
                return 1;
            } catch (ReplayException e) {
                err.println("shmembin2txt: " + paths.get(0) + ": " + e.getMessage());
                return 1;
            }
        }
    }
}
