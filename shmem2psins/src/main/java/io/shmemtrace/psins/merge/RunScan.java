package io.shmemtrace.psins.merge;

import io.shmemtrace.format.read.TraceFile;
import io.shmemtrace.format.read.TraceFormatException;
import io.shmemtrace.format.read.TraceHeader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * The first look at a run: reads every file's header and finds which file is which PE, which files belong to
 * another run, which PEs are there twice and which are missing. The first maxOpen traces are opened whole and
 * stay open for the merge; of the others only the header is read now (the file is closed at once), and the
 * trace is opened when its turn comes. So no more than maxOpen + 1 inputs are ever open.
 */
final class RunScan {
    /** One PE's trace: its header, and the file itself while it is kept open. */
    static final class Input {
        final Path path;
        final TraceHeader header;
        TraceFile open;

        Input(Path path, TraceHeader header, TraceFile open) {
            this.path = path;
            this.header = header;
            this.open = open;
        }

        /** The trace, opened again if it was closed after the scan. */
        TraceFile file() throws IOException, TraceFormatException {
            if (open == null) open = TraceFile.open(path);
            return open;
        }
    }

    final String runId;
    final int npes;
    /** By PE; null where the PE's trace is missing or unreadable. */
    final Input[] byPe;
    final int problems;

    private RunScan(String runId, int npes, Input[] byPe, int problems) {
        this.runId = runId;
        this.npes = npes;
        this.byPe = byPe;
        this.problems = problems;
    }

    /** Scans the files (directories: their *.shmt files); every problem goes to report, one line each. */
    static RunScan scan(List<Path> paths, int maxOpen, Consumer<String> report) throws NoTracesException {
        int[] problems = {0};
        Consumer<String> problem = m -> {
            problems[0]++;
            report.accept(m);
        };
        List<Input> inputs = new ArrayList<>();
        int open = 0;
        for (Path file : files(paths, problem)) {
            try {
                if (open < maxOpen) {
                    TraceFile t = TraceFile.open(file);
                    open++;
                    inputs.add(new Input(file, t.header(), t));
                } else {
                    inputs.add(new Input(file, TraceFile.readHeader(file), null));
                }
            } catch (TraceFormatException e) {
                problem.accept(e.getMessage());
            } catch (IOException e) {
                problem.accept(file + ": cannot read: " + e.getMessage());
            }
        }
        if (inputs.isEmpty()) throw new NoTracesException("no readable trace among " + paths);

        // The run is the (run id, PE count) most files agree on; the others are reported and left out.
        Map<String, List<Input>> runs = new LinkedHashMap<>();
        for (Input i : inputs) {
            runs.computeIfAbsent(runKey(i.header), k -> new ArrayList<>()).add(i);
        }
        List<Input> chosen = runs.values().stream().max(Comparator.comparingInt(List::size)).orElseThrow();
        TraceHeader first = chosen.get(0).header;
        String chosenKey = runKey(first);
        Input[] byPe = new Input[first.npes()];
        for (Input i : inputs) {
            TraceHeader h = i.header;
            if (!runKey(h).equals(chosenKey)) {
                problem.accept(i.path + ": from another run (run " + h.runId() + ", " + h.npes() + " PEs; merging run "
                        + first.runId() + ", " + first.npes() + " PEs); left out");
                close(i);
            } else if (h.pe() < 0 || h.pe() >= byPe.length) {
                problem.accept(i.path + ": PE " + h.pe() + " is outside the run's " + byPe.length + " PEs; left out");
                close(i);
            } else if (byPe[h.pe()] != null) {
                problem.accept(i.path + ": PE " + h.pe() + " again (first in " + byPe[h.pe()].path + "); left out");
                close(i);
            } else {
                byPe[h.pe()] = i;
            }
        }
        List<Integer> missing = new ArrayList<>();
        for (int pe = 0; pe < byPe.length; pe++) if (byPe[pe] == null) missing.add(pe);
        if (!missing.isEmpty()) {
            problem.accept("run " + first.runId() + ": no trace for " + missing.size() + " of " + byPe.length
                    + " PEs: " + ranges(missing));
        }
        return new RunScan(first.runId(), first.npes(), byPe, problems[0]);
    }

    private static String runKey(TraceHeader h) {
        return h.runId() + "\0" + h.npes();
    }

    private static void close(Input i) {
        try {
            if (i.open != null) i.open.close();
        } catch (IOException ignored) {
            // read-only: nothing to lose
        }
        i.open = null;
    }

    private static List<Path> files(List<Path> paths, Consumer<String> problem) {
        List<Path> files = new ArrayList<>();
        for (Path p : paths) {
            if (Files.isDirectory(p)) {
                try (Stream<Path> list = Files.list(p)) {
                    // One layer: the native shim's files, or the Java agent's where there are no others.
                    List<Path> all = list.filter(f -> f.getFileName().toString().endsWith(".shmt")).sorted().toList();
                    List<Path> found = all.stream().filter(f -> !f.toString().endsWith(".java.shmt")).toList();
                    if (found.isEmpty()) found = all;
                    if (found.isEmpty()) problem.accept(p + ": no *.shmt trace files in this directory");
                    files.addAll(found);
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
    static String ranges(List<Integer> sorted) {
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

    /** Nothing at all could be read. */
    static final class NoTracesException extends Exception {
        NoTracesException(String message) {
            super(message);
        }
    }
}
