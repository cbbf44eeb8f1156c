package io.shmemtrace.format.read;

import io.shmemtrace.format.TraceNaming;
import io.shmemtrace.format.TraceNaming.Layer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * A run's trace files, found, checked and handed out the same way for every tool: directories give their
 * files by FORMAT.md's naming rule (TraceNaming), and the layer choice picks the native files, the Java
 * agent's, or both; each file's header is read once, and the run id, PE numbers and duplicates are checked
 * once, every problem one line to the report. At most {@code maxOpen} traces are kept open from the scan
 * (the first ones); the others are opened when a tool asks for them, so a tool that closes each input
 * after use never has more than maxOpen + 1 files open, at any number of PEs.
 *
 * <pre>
 * TraceRun run = TraceRun.scan(paths, TraceRun.Options.oneRun(64), System.err::println);
 * for (TraceRun.Input in : run.inputs()) {
 *     try (TraceFile f = in.file()) { f.read(e -&gt; ...); }
 * }
 * </pre>
 */
public final class TraceRun {
    /** Which files of a directory: one layer (native, or the Java agent's where there are no native files), or both. */
    public enum Layers { ONE, BOTH }

    /**
     * The files must be one run (the run id and PE count most files agree on): files of other runs (each other run in
     * one line), PEs out of range, a PE given twice and, where every PE is expected, PEs missing are problems. Every
     * tool reads one run at a time: two runs given together were once summed as one job of twice the PEs.
     */
    public record Options(Layers layers, int maxOpen, boolean everyPe) {
        /** One run, every PE of it expected (a merge): a PE missing is a problem. */
        public static Options oneRun(int maxOpen) {
            return new Options(Layers.ONE, maxOpen, true);
        }
    }

    /** One trace file: its header, and the trace itself while it is open. */
    public static final class Input {
        private final Path path;
        private final TraceHeader header;
        private final Layer layer;
        private TraceFile open;

        Input(Path path, TraceHeader header, Layer layer, TraceFile open) {
            this.path = path;
            this.header = header;
            this.layer = layer;
            this.open = open;
        }

        public Path path() { return path; }
        public TraceHeader header() { return header; }
        public Layer layer() { return layer; }
        public int pe() { return header.pe(); }

        /** The trace, opened if it is not open; closing it (or {@link #close()}) releases it. */
        public TraceFile file() throws IOException, TraceFormatException {
            if (open == null) open = TraceFile.open(path);
            return open;
        }

        /** The trace if it is open now (the first maxOpen are, from the scan), else null. */
        public TraceFile ifOpen() {
            return open;
        }

        /** Forgets the open trace and closes it, if open. */
        public void close() {
            TraceFile f = open;
            open = null;
            if (f != null) {
                try {
                    f.close();
                } catch (IOException ignored) {
                    // read-only: nothing to lose
                }
            }
        }
    }

    /** Nothing at all could be read. */
    public static final class NoTracesException extends Exception {
        NoTracesException(String message) {
            super(message);
        }
    }

    private final String runId;
    private final int npes;
    private final List<Input> inputs;
    private final int problems;

    private TraceRun(String runId, int npes, List<Input> inputs, int problems) {
        this.runId = runId;
        this.npes = npes;
        this.inputs = inputs;
        this.problems = problems;
    }

    /** The run id most files agree on. */
    public String runId() { return runId; }

    /** The PE count of that run. */
    public int npes() { return npes; }

    /** The traces kept, by PE, native layer first. */
    public List<Input> inputs() { return inputs; }

    /** How many problems the scan reported. */
    public int problems() { return problems; }

    /** The inputs of one layer indexed by PE (null where missing): what a merge walks. */
    public Input[] byPe() {
        Input[] byPe = new Input[npes];
        for (Input i : inputs) {
            if (i.pe() >= 0 && i.pe() < npes && byPe[i.pe()] == null) byPe[i.pe()] = i;
        }
        return byPe;
    }

    public static TraceRun scan(List<Path> paths, Options options, Consumer<String> report) throws NoTracesException {
        int[] problems = {0};
        Consumer<String> problem = m -> {
            problems[0]++;
            report.accept(m);
        };
        List<Input> read = new ArrayList<>();
        int open = 0;
        for (Path file : files(paths, options.layers(), problem)) {
            TraceNaming.FileName name = TraceNaming.parse(file.getFileName().toString());
            Layer layer = name == null ? Layer.NATIVE : name.layer();
            try {
                if (open < options.maxOpen()) {
                    TraceFile t = TraceFile.open(file);
                    open++;
                    read.add(new Input(file, t.header(), layer, t));
                } else {
                    read.add(new Input(file, TraceFile.readHeader(file), layer, null));
                }
            } catch (TraceFormatException e) {
                problem.accept(e.getMessage());
            } catch (IOException e) {
                problem.accept(file + ": cannot read: " + e.getMessage());
            }
        }
        if (read.isEmpty()) throw new NoTracesException("no readable trace among " + paths);
        return oneRun(read, problem, problems, options.everyPe());
    }

    private static TraceRun oneRun(List<Input> read, Consumer<String> problem, int[] problems, boolean everyPe) {
        // The run is the (run id, PE count) most files agree on; the others are reported and left out.
        Map<String, List<Input>> runs = new LinkedHashMap<>();
        for (Input i : read) runs.computeIfAbsent(runKey(i.header), k -> new ArrayList<>()).add(i);
        TraceHeader first = runs.values().stream().max(Comparator.comparingInt(List::size)).orElseThrow().get(0).header;
        String chosen = runKey(first);
        Map<String, Input> seen = new HashMap<>();
        List<Input> kept = new ArrayList<>();
        boolean[] present = new boolean[first.npes()];
        runs.forEach((key, files) -> { // each other run in one line: a directory of 1,024 PEs is not 1,024 lines
            if (key.equals(chosen)) return;
            TraceHeader h = files.get(0).header;
            problem.accept(files.get(0).path + ": from another run (run " + h.runId() + ", " + h.npes() + " PEs; the run"
                    + " is " + first.runId() + ", " + first.npes() + " PEs); left out" + (files.size() == 1 ? ""
                    : ", with the " + (files.size() - 1) + " other files of that run (give one run at a time)"));
            files.forEach(Input::close);
        });
        for (Input i : read) {
            TraceHeader h = i.header;
            if (!runKey(h).equals(chosen)) {
                continue;
            } else if (h.pe() < 0 || h.pe() >= first.npes()) {
                problem.accept(i.path + ": PE " + h.pe() + " is outside the run's " + first.npes() + " PEs; left out");
                i.close();
            } else if (seen.putIfAbsent(h.pe() + "/" + i.layer, i) != null) {
                problem.accept(i.path + ": PE " + h.pe() + " again (first in " + seen.get(h.pe() + "/" + i.layer).path
                        + "); left out");
                i.close();
            } else {
                kept.add(i);
                present[h.pe()] = true;
            }
        }
        List<Integer> missing = new ArrayList<>();
        for (int pe = 0; pe < present.length; pe++) if (!present[pe]) missing.add(pe);
        if (everyPe && !missing.isEmpty()) {
            problem.accept("run " + first.runId() + ": no trace for " + missing.size() + " of " + present.length
                    + " PEs: " + ranges(missing));
        }
        kept.sort(ORDER);
        return new TraceRun(first.runId(), first.npes(), List.copyOf(kept), problems[0]);
    }

    private static final Comparator<Input> ORDER = Comparator.comparingInt(Input::pe)
            .thenComparing(Input::layer).thenComparing(i -> i.path.toString());

    private static String runKey(TraceHeader h) {
        return h.runId() + "\0" + h.npes();
    }

    private static List<Path> files(List<Path> paths, Layers layers, Consumer<String> problem) {
        List<Path> files = new ArrayList<>();
        for (Path p : paths) {
            if (Files.isDirectory(p)) {
                try (Stream<Path> list = Files.list(p)) {
                    List<Path> all = list.filter(f -> TraceNaming.parse(f.getFileName().toString()) != null)
                            .sorted().toList();
                    List<Path> chosen = layers == Layers.BOTH ? all : all.stream()
                            .filter(f -> TraceNaming.parse(f.getFileName().toString()).layer() == Layer.NATIVE).toList();
                    if (chosen.isEmpty()) chosen = all; // a Java program traced by the agent alone
                    if (chosen.isEmpty()) problem.accept(p + ": no pe*.shmt trace files in this directory");
                    files.addAll(chosen);
                } catch (IOException e) {
                    problem.accept(p + ": cannot list: " + e.getMessage());
                }
            } else if (Files.isRegularFile(p)) {
                files.add(p);
            } else {
                problem.accept(p + ": no such file or directory");
            }
        }
        return files;
    }

    /** "3, 5-9, 12": PE lists stay one line even when thousands are missing. */
    public static String ranges(List<Integer> sorted) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < sorted.size(); ) {
            int j = i;
            while (j + 1 < sorted.size() && sorted.get(j + 1) == sorted.get(j) + 1) j++;
            if (s.length() > 0) s.append(", ");
            s.append(sorted.get(i));
            if (j > i) s.append('-').append(sorted.get(j));
            i = j + 1;
        }
        return s.toString();
    }
}
