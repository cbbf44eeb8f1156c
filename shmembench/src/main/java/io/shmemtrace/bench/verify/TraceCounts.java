package io.shmemtrace.bench.verify;

import io.shmemtrace.bench.run.BenchRun.Count;
import io.shmemtrace.format.read.TraceFile;
import io.shmemtrace.format.read.TraceFormatException;
import io.shmemtrace.format.read.TraceProblem;
import io.shmemtrace.format.read.TraceRun;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** What a traced run recorded: per PE and function, calls (a collapsed polling loop counts every call) and bytes. */
public final class TraceCounts {
    private TraceCounts() {}

    /** The counts, and each problem the reader met (a damaged file, a missing PE). */
    public record Result(Map<Integer, Map<String, Count>> counts, List<String> problems) {}

    public static Result read(Path runDir) throws IOException {
        List<String> problems = new ArrayList<>();
        Map<Integer, Map<String, Count>> counts = new TreeMap<>();
        TraceRun run;
        try {
            run = TraceRun.scan(List.of(runDir), TraceRun.Options.oneRun(64), problems::add);
        } catch (TraceRun.NoTracesException e) {
            problems.add(e.getMessage());
            return new Result(counts, problems);
        }
        for (TraceRun.Input input : run.inputs()) {
            Map<String, long[]> byName = new TreeMap<>();
            try {
                TraceFile f = input.file();
                f.read(e -> {
                    long[] c = byName.computeIfAbsent(e.name(), k -> new long[2]);
                    c[0] += e.calls();
                    c[1] += e.bytes() * e.calls();
                });
                for (TraceProblem p : f.problems()) if (p.kind() != TraceProblem.Kind.NOTE) problems.add(p.toString());
            } catch (TraceFormatException e) {
                problems.add(input.path() + ": " + e.getMessage());
            } finally {
                input.close();
            }
            Map<String, Count> pe = counts.computeIfAbsent(input.pe(), k -> new TreeMap<>());
            byName.forEach((name, c) -> pe.put(name, new Count(c[0], c[1])));
        }
        return new Result(counts, problems);
    }
}
