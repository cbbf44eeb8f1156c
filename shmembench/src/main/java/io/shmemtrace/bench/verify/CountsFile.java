package io.shmemtrace.bench.verify;

import io.shmemtrace.bench.run.BenchRun.Count;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A benchmark run's own counts, kept beside its trace directory ({@code <trace dir>.counts}) so that a traced
 * run can be checked again later: a line {@code npes N}, then {@code pe api calls bytes} lines.
 */
public final class CountsFile {
    public static final String SUFFIX = ".counts";

    private CountsFile() {}

    public record Counts(int npes, Map<Integer, Map<String, Count>> byPe) {}

    public static Path of(Path traceDir) {
        return traceDir.resolveSibling(traceDir.getFileName() + SUFFIX);
    }

    public static void write(Path file, int npes, Map<Integer, Map<String, Count>> counts) throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add("npes\t" + npes);
        new TreeMap<>(counts).forEach((pe, apis) -> new TreeMap<>(apis).forEach((api, c) ->
                lines.add(pe + "\t" + api + "\t" + c.calls() + "\t" + c.bytes())));
        Files.write(file, lines);
    }

    public static Counts read(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
        if (lines.isEmpty() || !lines.get(0).startsWith("npes\t")) throw new IOException(file + ": not a counts file");
        Map<Integer, Map<String, Count>> counts = new TreeMap<>();
        try {
            for (String line : lines.subList(1, lines.size())) {
                String[] f = line.split("\t");
                if (f.length != 4) throw new IOException(file + ": bad line '" + line + "'");
                counts.computeIfAbsent(Integer.parseInt(f[0]), k -> new TreeMap<>())
                        .put(f[1], new Count(Long.parseLong(f[2]), Long.parseLong(f[3])));
            }
            return new Counts(Integer.parseInt(lines.get(0).substring(5)), counts);
        } catch (NumberFormatException e) {
            throw new IOException(file + ": a number is not one (" + e.getMessage() + ")");
        }
    }
}
