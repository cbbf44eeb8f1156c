package io.shmemtrace.merged.merge;

import io.shmemtrace.cli.IoErrors;
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
    /** The name failures give the file (the side file it will be renamed to). */
    private final Path target;

    CallTotals(Path file, Path target) throws IOException {
        this.target = target;
        try {
            this.out = Files.newBufferedWriter(file);
        } catch (IOException e) {
            throw failed(e);
        }
    }

    private IOException failed(IOException e) {
        return new IOException(target + ": cannot write: " + IoErrors.describe(e), e);
    }

    void task(int pe, List<Calls.Call> calls, long[] counts, long[] ns) throws IOException {
        try {
            for (Calls.Call c : calls) {
                int i = c.index();
                if (i < counts.length && counts[i] > 0) {
                    out.write(String.format(Locale.ROOT, "SHMEM rank=%d name=%s count=%d time=%.9f%n", pe, c.name(),
                            counts[i], ns[i] / 1e9));
                }
            }
        } catch (IOException e) {
            throw failed(e);
        }
    }

    @Override
    public void close() throws IOException {
        try {
            out.close();
        } catch (IOException e) {
            throw failed(e);
        }
    }
}
