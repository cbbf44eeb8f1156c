package io.shmemtrace.merged.merge;

import io.shmemtrace.io.Decimals;
import io.shmemtrace.io.IoErrors;
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
    /** Below this, ns as seconds with 9 decimals are its digits as they are: the double ns / 1e9 rounds back to them. */
    private static final long EXACT_NS = 1L << 51; // 26 days: half a ulp of ns / 1e9 stays under 0.5 ns

    private final BufferedWriter out;
    private final StringBuilder line = new StringBuilder(96);
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
        return IoErrors.cannotWrite(target, e);
    }

    void task(int pe, List<Calls.Call> calls, long[] counts, long[] ns) throws IOException {
        try {
            for (Calls.Call c : calls) {
                int i = c.index();
                if (i < counts.length && counts[i] > 0) {
                    line.setLength(0);
                    line.append("SHMEM rank=").append(pe).append(" name=").append(c.name()).append(" count=")
                            .append(counts[i]).append(" time=");
                    seconds(line, ns[i]);
                    out.append(line).append(System.lineSeparator());
                }
            }
        } catch (IOException e) {
            throw failed(e);
        }
    }

    /**
     * ns as seconds, 9 decimals, as "%.9f" of ns / 1e9 writes them (the file's format since its first version)
     * without a Formatter a line: String.format was a tenth of a 16,384-PE merge.
     */
    static void seconds(StringBuilder to, long ns) {
        if (ns < 0 || ns >= EXACT_NS) {
            to.append(String.format(Locale.ROOT, "%.9f", ns / 1e9));
            return;
        }
        Decimals.append(to, ns, 9);
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
