package io.shmemtrace.replay.machine;

import java.util.List;
import java.util.Map;

/**
 * A target machine as PSINS described it: nodes of cores joined by a network of buses. Bandwidths in bytes/s,
 * latencies in seconds; cpuRatio scales the traced CPU bursts (0.5: cores twice as fast).
 *
 * @param nodes node count, or 0 when the file gave cores per node (the count follows from the tasks)
 * @param node per node id; DEFAULT_NODE (-1) for every node not named
 * @param map task -> node lines; tasks not named fill the nodes in order, cores per node
 * @param models per model name, its Model line's key=value parameters
 */
public record Machine(int nodes, int coresPerNode, double networkBandwidth, double networkLatency, int buses,
                      Map<Integer, Node> node, List<MapLine> map, Map<String, Map<String, String>> models,
                      String source) {
    public static final int DEFAULT_NODE = -1;

    /** A Node line: cores, links to the network, and the on-node memory path. */
    public record Node(int id, int cores, int inLinks, int outLinks, double localBandwidth, double localLatency,
                       double cpuRatio, int line) {}

    /** A Map line: task (-1: every task) on node. */
    public record MapLine(int task, int node, int line) {}

    public Node nodeOf(int id) {
        Node n = node.get(id);
        return n != null ? n : node.get(DEFAULT_NODE);
    }

    /** The same machine with the parameters of the model named name replaced. */
    public Machine withModel(String name, Map<String, String> parameters) {
        Map<String, Map<String, String>> changed = new java.util.HashMap<>(models);
        changed.put(name, parameters);
        return new Machine(nodes, coresPerNode, networkBandwidth, networkLatency, buses, node, map, changed, source);
    }

    /** The parameters of a model's Model line (empty if none). */
    public Map<String, String> model(String name) {
        return models.getOrDefault(name, Map.of());
    }

    /**
     * The node of each task: Map lines first, the rest filling nodes in order, each node's cores at a time.
     * Throws when a Map line names a node that does not exist.
     */
    public int[] placement(int tasks) throws MachineException {
        int nodeCount = nodeCount(tasks);
        int[] placed = new int[tasks];
        java.util.Arrays.fill(placed, -1);
        for (MapLine m : map) {
            if (m.node() < 0 || m.node() >= nodeCount) {
                throw new MachineException(source + ":" + m.line() + ": Map names node " + m.node() + ", but the machine has "
                        + nodeCount + " node" + (nodeCount == 1 ? "" : "s") + " (0.." + (nodeCount - 1) + ")");
            }
            if (m.task() >= tasks) {
                throw new MachineException(source + ":" + m.line() + ": Map names task " + m.task() + ", but the trace has "
                        + tasks + " tasks");
            }
            if (m.task() < 0) java.util.Arrays.fill(placed, m.node());
            else placed[m.task()] = m.node();
        }
        int[] used = new int[nodeCount];
        for (int t = 0; t < tasks; t++) if (placed[t] >= 0) used[placed[t]]++;
        int next = 0;
        for (int t = 0; t < tasks; t++) {
            if (placed[t] >= 0) continue;
            while (next < nodeCount && used[next] >= nodeOf(next).cores()) next++;
            if (next == nodeCount) {
                throw new MachineException(source + ": " + tasks + " tasks do not fit on " + nodeCount + " nodes of "
                        + nodeOf(0).cores() + " cores (add nodes, or Map lines)");
            }
            placed[t] = next;
            used[next]++;
        }
        return placed;
    }

    /** Nodes: the Machine line's count, or as many as the tasks fill at coresPerNode each. */
    public int nodeCount(int tasks) {
        if (nodes > 0) return nodes;
        int cores = Math.max(1, coresPerNode > 0 ? coresPerNode : nodeOf(0).cores());
        return Math.max(1, (tasks + cores - 1) / cores);
    }

    /**
     * The machine the run ran on, with no costs: each task on the node of its traced host (nodeOfTask, numbered from 0;
     * null: one node holding every task), so that on-node and off-node are the run's own.
     */
    public static Machine unlimited(int tasks, int[] nodeOfTask) {
        int nodes = 1;
        if (nodeOfTask != null) for (int n : nodeOfTask) nodes = Math.max(nodes, n + 1);
        Node n = new Node(DEFAULT_NODE, Math.max(1, tasks), 1, 1, Double.POSITIVE_INFINITY, 0, 1.0, 0);
        List<MapLine> map = new java.util.ArrayList<>();
        if (nodeOfTask != null) for (int t = 0; t < nodeOfTask.length; t++) map.add(new MapLine(t, nodeOfTask[t], 0));
        return new Machine(nodes, Math.max(1, tasks), Double.POSITIVE_INFINITY, 0, 1, Map.of(DEFAULT_NODE, n), map,
                Map.of(), "(no machine file: the traced hosts)");
    }
}
