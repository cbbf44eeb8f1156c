package io.shmemtrace.replay.machine;

import io.shmemtrace.format.InputFiles;
import io.shmemtrace.format.Layout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads PSINS's machine file, so that PSINS users' files work unchanged:
 * <pre>
 * Machine nodes network_bw network_lt buses      (nodes &lt; 0: that many cores per node, the count from the tasks)
 * Node id cores inp out local_bw local_lt cpu_ratio   (id -1: every node)
 * Map task node                                  (task -1: every task)
 * Model NAME key=value ...                       (shmemsim's: what a model needs beyond these)
 * </pre>
 * with {@code #} comments. Every error names {@code file:line}.
 */
public final class MachineFile {
    /** The Model lines' names, and the progress rule's keys and values: read here, written by {@link MachineWriter}. */
    public static final String LOGGP = "loggp", SIMPLE = "simple", PROGRESS = "progress", TABLE = "table";
    static final String PROGRESS_HEAP = "rma", PROGRESS_STATIC = "static", PROGRESS_MESSAGES = "messages";
    static final String SENDER = "sender";
    static final String NEEDS_TARGET = "target", INDEPENDENT = "independent";

    /** A machine file is a few dozen lines; tables of costs make it a few hundred. */
    private static final int MAX_BYTES = 4 << 20;

    private MachineFile() {}

    public static Machine read(Path file) throws MachineException, IOException {
        try {
            return parse(file.toString(), InputFiles.readText(file, MAX_BYTES, "a machine file"));
        } catch (NoSuchFileException e) {
            throw new MachineException(file + ": no such file");
        } catch (IOException e) {
            throw new MachineException(e.getMessage()); // InputFiles: one line naming the file
        }
    }

    public static Machine parse(String name, String text) throws MachineException {
        Integer nodes = null;
        int coresPerNode = 0;
        double bw = 0, lt = 0;
        int buses = 1;
        Map<Integer, Machine.Node> nodeLines = new HashMap<>();
        List<Machine.MapLine> map = new ArrayList<>();
        Map<String, Map<String, String>> models = new LinkedHashMap<>();
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            int n = i + 1;
            String where = name + ":" + n;
            String line = lines[i];
            int hash = line.indexOf('#');
            if (hash >= 0) line = line.substring(0, hash);
            String[] f = line.strip().split("\\s+");
            if (f[0].isEmpty()) continue;
            switch (f[0]) {
                case "Machine" -> {
                    fields(where, f, 5, "Machine nodes network_bw network_lt buses");
                    if (nodes != null) throw new MachineException(where + ": a second Machine line");
                    int count = integer(where, "nodes", f[1]);
                    if (count == 0) throw new MachineException(where + ": nodes is 0");
                    if (count < -Layout.MAX_PES || count > Layout.MAX_PES) {
                        throw new MachineException(where + ": nodes " + count + " is out of range (at most "
                                + Layout.MAX_PES + " nodes, or cores per node)");
                    }
                    nodes = Math.max(count, 0);
                    coresPerNode = count < 0 ? -count : 0;
                    bw = positive(where, "network_bw", f[2]);
                    lt = nonNegative(where, "network_lt", f[3]);
                    buses = integer(where, "buses", f[4]);
                    if (buses < 1) throw new MachineException(where + ": buses " + buses + " is below 1");
                }
                case "Node" -> {
                    fields(where, f, 8, "Node id cores inp out local_bw local_lt cpu_ratio");
                    int id = integer(where, "id", f[1]);
                    int cores = integer(where, "cores", f[2]);
                    int in = integer(where, "inp", f[3]);
                    int out = integer(where, "out", f[4]);
                    if (id < -1) throw new MachineException(where + ": node id " + id + " (use -1 for every node)");
                    if (cores > Layout.MAX_PES) {
                        throw new MachineException(where + ": cores " + cores + " is out of range (at most "
                                + Layout.MAX_PES + ")");
                    }
                    if (cores < 1 || in < 1 || out < 1) {
                        throw new MachineException(where + ": cores, inp and out must be at least 1");
                    }
                    if (nodeLines.containsKey(id)) throw new MachineException(where + ": node " + id + " is described twice");
                    nodeLines.put(id, new Machine.Node(id, cores, in, out, positive(where, "local_bw", f[5]),
                            nonNegative(where, "local_lt", f[6]), positive(where, "cpu_ratio", f[7]), n));
                }
                case "Map" -> {
                    fields(where, f, 3, "Map task node");
                    int task = integer(where, "task", f[1]);
                    if (task < -1) throw new MachineException(where + ": task " + task + " (use -1 for every task)");
                    map.add(new Machine.MapLine(task, integer(where, "node", f[2]), n));
                }
                case "Model" -> {
                    if (f.length < 2) throw new MachineException(where + ": expected Model NAME key=value ...");
                    Map<String, String> params = models.computeIfAbsent(f[1], k -> new LinkedHashMap<>());
                    for (int k = 2; k < f.length; k++) {
                        int eq = f[k].indexOf('=');
                        if (eq <= 0) throw new MachineException(where + ": '" + f[k] + "' is not key=value");
                        params.put(f[k].substring(0, eq), f[k].substring(eq + 1));
                    }
                }
                default -> throw new MachineException(where + ": unknown line '" + f[0]
                        + "' (expected Machine, Node, Map or Model)");
            }
        }
        if (nodes == null) throw new MachineException(name + ": no Machine line");
        if (!nodeLines.containsKey(Machine.DEFAULT_NODE)) {
            int count = nodes;
            for (int id = 0; id < count; id++) {
                if (!nodeLines.containsKey(id)) throw new MachineException(name + ": node " + id
                        + " has no Node line (and there is no Node -1 line for every node)");
            }
            if (count == 0) throw new MachineException(name + ": no Node -1 line (nodes are given as cores per node)");
        }
        for (Machine.Node node : nodeLines.values()) {
            if (nodes > 0 && node.id() >= nodes) {
                throw new MachineException(name + ":" + node.line() + ": node " + node.id() + " is past the machine's "
                        + nodes + " nodes");
            }
        }
        return new Machine(nodes, coresPerNode, bw, lt, buses, nodeLines, map, models, name);
    }

    private static void fields(String where, String[] f, int count, String syntax) throws MachineException {
        if (f.length != count) throw new MachineException(where + ": expected " + syntax + " (" + count + " fields), found "
                + f.length);
    }

    private static int integer(String where, String field, String text) throws MachineException {
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new MachineException(where + ": " + field + " '" + text + "' is not a whole number");
        }
    }

    private static double number(String where, String field, String text) throws MachineException {
        try {
            double v = Double.parseDouble(text);
            if (!Double.isFinite(v)) throw new NumberFormatException();
            return v;
        } catch (NumberFormatException e) {
            throw new MachineException(where + ": " + field + " '" + text + "' is not a finite number");
        }
    }

    private static double positive(String where, String field, String text) throws MachineException {
        double v = number(where, field, text);
        if (v <= 0) throw new MachineException(where + ": " + field + " " + text + " must be above 0");
        return v;
    }

    private static double nonNegative(String where, String field, String text) throws MachineException {
        double v = number(where, field, text);
        if (v < 0) throw new MachineException(where + ": " + field + " " + text + " is negative");
        return v;
    }

    /**
     * Which transfers on this machine complete only when their target is in the library: {@code Model progress
     * rma=target|independent} for the symmetric heap, {@code static=target|independent} for static symmetric data
     * (globals; rma's where absent). shmembench calibrate measures both; independent where the file says nothing.
     */
    public static Progress progress(Machine m) throws MachineException {
        boolean heap = rule(m, PROGRESS_HEAP, NEEDS_TARGET, false);
        return new Progress(heap, rule(m, PROGRESS_STATIC, NEEDS_TARGET, heap));
    }

    /**
     * Whether messages leave only while their sender is in the library ({@code Model progress
     * messages=sender|independent}; independent where the file says nothing): where PEs share a core, or a library
     * sends only inside its calls, a collective's last member's messages, and a flag written before computing, leave
     * at the sender's next library call, and two PEs' computations between barriers run one after the other.
     * shmembench calibrate measures it (a barrier after every PE computed).
     */
    public static boolean messagesNeedSender(Machine m) throws MachineException {
        return rule(m, PROGRESS_MESSAGES, SENDER, false);
    }

    /** Whether transfers to the heap, and to static data, wait for their target's next library call. */
    public record Progress(boolean heap, boolean staticData) {
        public boolean any() {
            return heap || staticData;
        }
    }

    /** Model progress key=needs|independent: whether the rule holds (absent where the file does not say). */
    private static boolean rule(Machine m, String key, String needs, boolean absent) throws MachineException {
        String v = m.model(PROGRESS).get(key);
        if (v == null) return absent;
        if (v.equals(INDEPENDENT)) return false;
        if (v.equals(needs)) return true;
        throw new MachineException(m.source() + ": Model progress " + key + "=" + v + " is neither " + needs
                + " nor independent");
    }

    /** A model parameter: a number, or an error naming the machine file and the key. */
    public static double parameter(Machine m, String model, String key, double absent) throws MachineException {
        String v = m.model(model).get(key);
        if (v == null) return absent;
        try {
            double d = Double.parseDouble(v);
            if (d < 0 || !Double.isFinite(d)) throw new NumberFormatException();
            return d;
        } catch (NumberFormatException e) {
            throw new MachineException(m.source() + ": Model " + model + " " + key + "=" + v + " is not a finite number of 0 or more");
        }
    }
}
