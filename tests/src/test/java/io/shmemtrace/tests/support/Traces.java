package io.shmemtrace.tests.support;

import io.shmemtrace.format.read.ProfileEntry;
import io.shmemtrace.format.read.TraceFile;
import io.shmemtrace.format.read.TraceFormatException;
import io.shmemtrace.format.read.TraceProblem;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Reads a whole trace file into memory through the trace-format reader. */
public final class Traces {
    /** Everything read from one file. */
    public record Read(TraceFile file, List<Recorded> events, List<TraceProblem> problems) {
        public List<Recorded> named(String name) {
            return events.stream().filter(e -> e.name().equals(name)).toList();
        }
    }

    /** Events per function of one file, for traces too long to keep (count): its header and problems too. */
    public record Counted(TraceFile file, Map<String, Long> calls, List<TraceProblem> problems) {
        public long of(String name) {
            return calls.getOrDefault(name, 0L);
        }
    }

    private Traces() {}

    /** Events per function (a repeat record is one event). */
    public static Counted count(Path file) {
        return count(file, false);
    }

    /** Calls per function: a repeat record stands for its count of calls (FORMAT.md, "Repeats"). */
    public static Counted countCalls(Path file) {
        return count(file, true);
    }

    private static Counted count(Path file, boolean expandRepeats) {
        try (TraceFile trace = TraceFile.open(file)) {
            Map<String, Long> calls = new TreeMap<>();
            trace.read(e -> calls.merge(e.name(), expandRepeats && e.repeats() > 0 ? e.repeats() : 1L, Long::sum));
            return new Counted(trace, calls, trace.problems());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (TraceFormatException e) {
            throw new AssertionError(e.getMessage(), e);
        }
    }

    public static Read read(Path file) {
        try (TraceFile trace = TraceFile.open(file)) {
            List<Recorded> events = new ArrayList<>();
            trace.read(e -> events.add(Recorded.of(e)));
            return new Read(trace, events, trace.problems());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (TraceFormatException e) {
            throw new AssertionError(e.getMessage(), e);
        }
    }

    /** Per function: calls and bytes, from a trace's events or a profile's entries and events. */
    public static Map<String, List<Long>> callsAndBytes(Path file) {
        Map<String, long[]> m = new TreeMap<>();
        try (TraceFile f = TraceFile.open(file)) {
            f.read(e -> {
                long[] c = m.computeIfAbsent(e.name(), k -> new long[2]);
                c[0] += e.calls();
                c[1] += e.bytes() * e.calls();
            });
            for (ProfileEntry e : f.profile()) {
                long[] c = m.computeIfAbsent(e.def().name(), k -> new long[2]);
                c[0] += e.calls();
                c[1] += e.bytes();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (TraceFormatException e) {
            throw new AssertionError(e.getMessage(), e);
        }
        Map<String, List<Long>> out = new TreeMap<>();
        m.forEach((name, c) -> out.put(name, List.of(c[0], c[1])));
        return out;
    }

    public static Path peFile(Path dir, int pe) {
        return dir.resolve(String.format("pe%05d.shmt", pe));
    }
}
