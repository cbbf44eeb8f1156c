package io.shmemtrace.replay.model;

import io.shmemtrace.merged.format.RecordType;
import io.shmemtrace.replay.machine.Machine;
import io.shmemtrace.replay.machine.MachineException;
import io.shmemtrace.replay.machine.MachineFile;

/**
 * The ShmemTracer paper's simple model, a lower bound: latency + bytes / bandwidth for blocking calls, latency
 * alone for _nbi calls (their data lands at the link's pace), collectives logarithmic (barriers, broadcasts,
 * reductions) or linear (collects, all-to-alls) in the set size; no contention. On-node calls use the Node
 * line's local figures, the others the Machine line's network ones. {@code Model simple collective_step=S}
 * sets the per-round cost of a barrier (shmembench calibrate measures it).
 */
public final class SimpleModel implements CommModel {
    /** The Model simple key of the measured collective step, seconds. */
    public static final String COLLECTIVE_STEP = "collective_step";
    private Machine.Node node;
    private double networkLatency;
    private double networkBandwidth;
    private double step = -1;

    @Override
    public String name() {
        return "simple";
    }

    @Override
    public String description() {
        return "the paper's: latency + bytes/bandwidth, latency alone for _nbi, collectives log or linear; a lower bound";
    }

    @Override
    public void configure(Target target) throws MachineException {
        Machine m = target.machine();
        node = m.nodeOf(0);
        networkLatency = m.networkLatency();
        networkBandwidth = m.networkBandwidth();
        step = MachineFile.parameter(m, MachineFile.SIMPLE, COLLECTIVE_STEP, -1);
    }

    private double transfer(long bytes, boolean onNode) {
        return onNode ? node.localLatency() + bytes / node.localBandwidth() : networkLatency + bytes / networkBandwidth;
    }

    @Override
    public RmaCost rma(Rma call, double start) {
        double full = transfer(call.bytes(), call.sameNode());
        if (call.posted()) return new RmaCost(call.sameNode() ? node.localLatency() : networkLatency, full);
        return new RmaCost(full, full);
    }

    @Override
    public SyncCost collective(Collective c) {
        boolean onNode = !c.spansNodes();
        int rounds = LogGP.log2Ceil(c.members());
        double latency = onNode ? node.localLatency() : networkLatency;
        double cost = switch (c.type()) {
            case BARRIER_ALL, BARRIER, SYNC_ALL, SYNC -> rounds * (step >= 0 ? step : latency);
            case BROADCAST, REDUCE -> rounds * transfer(c.bytes(), onNode);
            default -> (c.members() - 1) * transfer(c.bytes(), onNode);
        };
        return new SyncCost(cost, 0);
    }

    @Override
    public SyncCost release(Local call) {
        if (call.type() == RecordType.SET_LOCK || call.type() == RecordType.TEST_LOCK) {
            double rt = 2 * networkLatency;
            return new SyncCost(rt, rt);
        }
        return SyncCost.NONE;
    }

    @Override
    public double local(Local call) {
        return call.type() == RecordType.CLEAR_LOCK ? networkLatency : 0;
    }
}
