package io.shmemtrace.merged.merge;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The side file PSINS calls RankPid.extended: per PE, per call, how many calls and their total time, one line
 * each ({@code SHMEM rank=R name=N count=C time=T}, T in seconds), PEs in order, calls in call-table order.
 */
final class CallTotals implements AutoCloseable {
    private final BufferedWriter out;

    CallTotals(Path file) throws IOException {
        this.out = Files.newBufferedWriter(file);
    }

    void task(int pe, List<Calls.Call> calls, long[] counts, long[] ns) throws IOException {
        for (Calls.Call c : calls) {
            int i = c.index();
            if (i < counts.length && counts[i] > 0) {
                out.write(String.format(Locale.ROOT, "SHMEM rank=%d name=%s count=%d time=%.9f%n", pe, c.name(),
                        counts[i], ns[i] / 1e9));
            }
        }
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
