package io.shmemtrace.replay.model;

import io.shmemtrace.replay.machine.Machine;
import io.shmemtrace.replay.machine.MachineException;
import java.util.PriorityQueue;

/**
 * LogGP with shared links: a transfer between nodes uses its source node's out links, its destination node's in
 * links and the machine's buses; one within a node uses the node's memory path. Each gets its fair share of the
 * most loaded of them when it starts (capacity / (transfers in flight + 1)), and never more than one link's
 * bandwidth. The share is fixed at the start: transfers that end early do not give theirs back (a simplification
 * of max-min fair sharing, which would re-share on every start and end).
 */
public final class ContentionModel extends LogGPModel {
    private Target target;
    private Resource[] out;
    private Resource[] in;
    private Resource[] memory;
    private Resource buses;

    /** A shared resource: its capacity (bytes/s) and the end times of the transfers using it. */
    private static final class Resource {
        final double capacity;
        final PriorityQueue<Double> ends = new PriorityQueue<>();

        Resource(double capacity) {
            this.capacity = capacity;
        }

        double share(double now) {
            while (!ends.isEmpty() && ends.peek() <= now) ends.poll();
            return capacity / (ends.size() + 1);
        }
    }

    @Override
    public String name() {
        return "contention";
    }

    @Override
    public String description() {
        return "LogGP with node links, buses and memory shared by the transfers in flight";
    }

    @Override
    public boolean sharesResources() {
        return true;
    }

    @Override
    public void configure(Target target) throws MachineException {
        super.configure(target);
        this.target = target;
        Machine m = target.machine();
        int nodes = m.nodeCount(target.tasks());
        out = new Resource[nodes];
        in = new Resource[nodes];
        memory = new Resource[nodes];
        for (int i = 0; i < nodes; i++) {
            Machine.Node n = m.nodeOf(i);
            out[i] = new Resource(n.outLinks() * m.networkBandwidth());
            in[i] = new Resource(n.inLinks() * m.networkBandwidth());
            memory[i] = new Resource(n.localBandwidth());
        }
        buses = new Resource(m.buses() * m.networkBandwidth());
    }

    @Override
    protected double perByte(Rma call, double start, LogGP p) {
        if (call.bytes() <= 1) return p.G();
        int from = target.nodeOfTask()[call.isGet() ? call.target() : call.source()];
        int to = target.nodeOfTask()[call.isGet() ? call.source() : call.target()];
        double linkRate = 1 / Math.max(p.G(), 1e-30);
        double rate;
        Resource[] used;
        if (from == to) {
            used = new Resource[] {memory[from]};
        } else {
            used = new Resource[] {out[from], in[to], buses};
        }
        rate = linkRate;
        for (Resource r : used) rate = Math.min(rate, r.share(start));
        double end = start + call.bytes() / rate;
        for (Resource r : used) r.ends.add(end);
        return 1 / rate;
    }
}
