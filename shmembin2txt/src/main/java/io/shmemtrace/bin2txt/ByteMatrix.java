package io.shmemtrace.bin2txt;

import io.shmemtrace.format.read.TraceEvent;
import io.shmemtrace.format.read.TraceFile;
import io.shmemtrace.format.read.TraceRun;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The PE x PE matrix of bytes moved (row: the PE that made the call, column: its target), a report that builds
 * a row as each PE's file is read. The summary prints it; alone it only feeds --matrix. Up to 64 PEs it is printed whole; past that, aggregated by node (when the
 * run spans 2 to 64 hosts) or in blocks of PEs, at most 32 x 32 cells, so the summary stays small at any
 * scale. The whole matrix goes, on request, to a sparse CSV (from_pe,to_pe,bytes) as the rows come.
 */
final class ByteMatrix extends Report {
    static final int FULL_LIMIT = 64;
    private static final int MAX_GROUPS = 32;

    private final PrintStream csv;
    private final int fullLimit;
    private final int maxGroups;
    private int npes;
    private int[] groupOf;
    private List<String> labels;
    private String title;
    private long[][] cells;
    /**
     * The row of the file being read: bytes by target PE, and the targets it has (a boxed map entry per event was a
     * tenth of --html's summary pass); targets beyond the run's PEs (a damaged file's) in a map of their own.
     */
    private long[] row;
    private boolean[] listed;
    private int[] targets;
    private int targetCount;
    private TreeMap<Integer, Long> beyond;
    private String unit;
    /** Bytes moved in calls a profile counted: their target PEs are not recorded (issue 42: drawn as "none"). */
    private long profiledBytes;

    /** csv: where every PE pair goes (--matrix), or null. */
    ByteMatrix(PrintStream csv) {
        this(csv, FULL_LIMIT, MAX_GROUPS);
    }

    /** A matrix whole up to fullLimit PEs, else by node or in at most maxGroups x maxGroups blocks. */
    ByteMatrix(PrintStream csv, int fullLimit, int maxGroups) {
        super(new PrintStream(java.io.OutputStream.nullOutputStream()));
        this.csv = csv;
        this.fullLimit = fullLimit;
        this.maxGroups = maxGroups;
    }

    /** Row and column labels: PEs, nodes or PE blocks. */
    List<String> labels() {
        return labels;
    }

    /** Bytes by (calling group, target group). */
    long[][] cells() {
        return cells;
    }

    /** Bytes moved in profiled calls, which no cell holds (a profile keeps no target PE). */
    long profiledBytes() {
        return profiledBytes;
    }

    /** What the matrix leaves out, in one line, or null when it holds every byte. */
    String notRecorded() {
        return profiledBytes == 0 ? null : "not recorded in a profile: " + profiledBytes + " bytes moved in profiled"
                + " calls, whose target PEs a profile does not keep (trace the run, SHMEMTRACE_MODE=trace, for them)";
    }

    /** What a cell is: "PE", "node" or "block of N PEs". */
    String unit() {
        return unit;
    }

    @Override
    void begin(TraceRun run) {
        this.npes = Math.max(run.npes(), run.inputs().stream().mapToInt(TraceRun.Input::pe).max().orElse(-1) + 1);
        this.groupOf = new int[npes];
        Map<String, Integer> hosts = new LinkedHashMap<>();
        String[] hostOf = new String[npes];
        for (TraceRun.Input in : run.inputs()) {
            if (in.pe() >= 0 && in.pe() < npes) {
                hostOf[in.pe()] = in.header().host();
                hosts.putIfAbsent(in.header().host(), hosts.size());
            }
        }
        if (npes <= fullLimit) {
            for (int pe = 0; pe < npes; pe++) groupOf[pe] = pe;
            labels = java.util.stream.IntStream.range(0, npes).mapToObj(Integer::toString).toList();
            title = "== bytes moved, PE x PE (row: calling PE, column: target PE)";
            unit = "PE";
        } else if (hosts.size() >= 2 && hosts.size() <= fullLimit) {
            for (int pe = 0; pe < npes; pe++) groupOf[pe] = hostOf[pe] == null ? 0 : hosts.get(hostOf[pe]);
            labels = List.copyOf(hosts.keySet());
            title = "== bytes moved, node x node (row: node of the calling PEs, column: node of the targets; "
                    + "--matrix FILE writes every PE pair)";
            unit = "node";
        } else {
            int block = (npes + maxGroups - 1) / maxGroups;
            for (int pe = 0; pe < npes; pe++) groupOf[pe] = pe / block;
            int groups = (npes + block - 1) / block;
            labels = java.util.stream.IntStream.range(0, groups)
                    .mapToObj(g -> g * block + "-" + (Math.min(npes, (g + 1) * block) - 1)).toList();
            title = "== bytes moved, in blocks of " + block + " PEs (row: calling PEs, column: target PEs; "
                    + "--matrix FILE writes every PE pair)";
            unit = "block of " + block + " PEs";
        }
        this.cells = new long[labels.size()][labels.size()];
        this.row = new long[npes];
        this.listed = new boolean[npes];
        this.targets = new int[Math.max(1, Math.min(npes, 64))];
        if (csv != null) csv.println("from_pe,to_pe,bytes");
    }

    @Override
    void beginFile(TraceFile file) {
        clearRow(); // a file that ended without endFile leaves nothing behind
        beyond = new TreeMap<>();
    }

    private void clearRow() {
        for (int i = 0; i < targetCount; i++) {
            row[targets[i]] = 0;
            listed[targets[i]] = false;
        }
        targetCount = 0;
    }

    @Override
    void event(TraceEvent e) {
        int target = e.targetPe();
        if (target < 0 || e.def().elemSize() <= 0) return;
        long bytes = e.bytes() * e.calls();
        if (target >= npes) {
            beyond.merge(target, bytes, Long::sum);
            return;
        }
        if (!listed[target]) {
            listed[target] = true;
            if (targetCount == targets.length) targets = java.util.Arrays.copyOf(targets, 2 * targetCount);
            targets[targetCount++] = target;
        }
        row[target] += bytes;
    }

    /** The calling PE's row: bytes by target PE. */
    @Override
    void endFile(TraceFile file) {
        int from = file.header().pe();
        java.util.Arrays.sort(targets, 0, targetCount);
        for (int i = 0; i < targetCount; i++) cell(from, targets[i], row[targets[i]]);
        clearRow();
        for (Map.Entry<Integer, Long> cell : beyond.entrySet()) cell(from, cell.getKey(), cell.getValue());
        for (var p : file.profile()) { // the calls that would each have a cell in a trace
            if (p.def().elemSize() > 0 && p.def().indexOf(io.shmemtrace.format.FieldKind.TARGET_PE) >= 0) profiledBytes += p.bytes();
        }
    }

    private void cell(int from, int to, long bytes) {
        if (csv != null) csv.append(Integer.toString(from)).append(',').append(Integer.toString(to)).append(',')
                .append(Long.toString(bytes)).append('\n');
        if (from >= 0 && from < npes && to >= 0 && to < npes) cells[groupOf[from]][groupOf[to]] += bytes;
    }

    void print(PrintStream out) {
        out.println();
        out.println(title);
        if (notRecorded() != null) out.println("  " + notRecorded());
        int longest = labels.stream().mapToInt(String::length).max().orElse(0);
        int width = Math.max(12, longest + 1);
        String rowLabel = "  %" + Math.max(6, longest) + "s";
        StringBuilder head = new StringBuilder(String.format(rowLabel, "from\\to"));
        for (String l : labels) head.append(String.format(" %" + width + "s", l));
        out.println(head);
        for (int r = 0; r < labels.size(); r++) {
            StringBuilder row = new StringBuilder(String.format(rowLabel, labels.get(r)));
            for (int c = 0; c < labels.size(); c++) row.append(String.format(" %" + width + "d", cells[r][c]));
            out.println(row);
        }
    }
}
