package io.shmemtrace.replay.model;

import io.shmemtrace.merged.format.RecordType;
import io.shmemtrace.replay.machine.MachineException;
import io.shmemtrace.replay.machine.MachineFile;

/**
 * LogGP (Alexandrov et al.) per link class, on-node and off-node. A blocking put returns once injected
 * (o + (b-1)G) and lands L later; a get or fetching atomic waits for the round trip; an _nbi call returns after
 * o, its data following at the link's pace. A PE injects one message every g at most. Collectives by named
 * algorithms: binomial-tree barrier (gather and release) and broadcast (members leave as the tree lets them),
 * recursive-doubling reductions, ring collect, pairwise all-to-all. {@code onnode.barrier_round=S} (and offnode.)
 * replace the barrier's LogGP rounds by a measured round (shmembench calibrate measures it).
 */
public class LogGPModel implements CommModel {
    /** The Model loggp key (after a link class's prefix) of a measured barrier round, seconds. */
    public static final String BARRIER_ROUND = "barrier_round";
    protected LogGP onNode;
    protected LogGP offNode;
    /** Seconds per round of a barrier, where the machine file measured it (onnode.barrier_round); else from L, o. */
    private double barrierRoundOn = -1;
    private double barrierRoundOff = -1;
    private double[] nextInjection;

    @Override
    public String name() {
        return "loggp";
    }

    @Override
    public String description() {
        return "LogGP per link class; binomial barrier and broadcast, recursive doubling, ring, pairwise";
    }

    @Override
    public void configure(Target target) throws MachineException {
        onNode = LogGP.of(target.machine(), true);
        offNode = LogGP.of(target.machine(), false);
        barrierRoundOn = MachineFile.parameter(target.machine(), MachineFile.LOGGP, LogGP.prefix(true) + BARRIER_ROUND, -1);
        barrierRoundOff = MachineFile.parameter(target.machine(), MachineFile.LOGGP, LogGP.prefix(false) + BARRIER_ROUND,
                -1);
        nextInjection = new double[target.tasks()];
    }

    protected LogGP link(boolean sameNode) {
        return sameNode ? onNode : offNode;
    }

    /** Seconds per byte of this transfer: G, unless a subclass shares the links. */
    protected double perByte(Rma call, double start, LogGP p) {
        return p.G();
    }

    @Override
    public RmaCost rma(Rma call, double start) {
        LogGP p = link(call.sameNode());
        int src = call.source();
        double delay = Math.max(0, nextInjection[src] - start); // the gap g since this PE's previous message
        nextInjection[src] = start + delay + Math.max(p.g(), p.o());
        double wire = Math.max(0, call.bytes() - 1) * perByte(call, start + delay, p);
        double post = delay + p.o();
        if (call.roundTrip()) {
            double roundTrip = post + 2 * p.L() + p.o() + wire;
            return new RmaCost(call.posted() ? post : roundTrip, roundTrip);
        }
        double landed = post + wire + p.L();
        return new RmaCost(call.posted() ? post : post + wire, landed);
    }

    @Override
    public SyncCost collective(Collective c) {
        LogGP p = link(!c.spansNodes());
        int n = c.members();
        int rounds = LogGP.log2Ceil(n);
        double cost = switch (c.type()) {
            case BARRIER_ALL, BARRIER, SYNC_ALL, SYNC -> {
                double measured = c.spansNodes() ? barrierRoundOff : barrierRoundOn;
                yield measured >= 0 ? rounds * measured : 2 * rounds * p.hop(0); // gather and release
            }
            case BROADCAST -> binomialBroadcast(p, n, c.rank(), Math.max(c.root(), 0), c.bytes());
            case REDUCE -> rounds * p.hop(c.bytes());
            default -> (n - 1) * p.hop(c.bytes()); // ring collect, pairwise all-to-all
        };
        return new SyncCost(cost, 0);
    }

    /** When a member of a binomial-tree broadcast leaves: after its data came down the tree and it sent it on. */
    static double binomialBroadcast(LogGP p, int n, int rank, int root, long bytes) {
        int r = Math.floorMod(rank - root, n);
        int rounds = LogGP.log2Ceil(n);
        int received = r == 0 ? 0 : 32 - Integer.numberOfLeadingZeros(r); // floor(log2 r) + 1
        int children = 0;
        for (int j = received; j < rounds; j++) if (r + (1 << j) < n) children++;
        return received * p.hop(bytes) + children * p.inject(bytes);
    }

    @Override
    public SyncCost release(Local call) {
        LogGP p = offNode;
        if (call.type() == RecordType.SET_LOCK || call.type() == RecordType.TEST_LOCK) {
            double rt = 2 * p.L() + 2 * p.o(); // an atomic round trip to the lock
            return new SyncCost(rt, rt);
        }
        return new SyncCost(onNode.o(), onNode.o()); // the poll that sees the value
    }

    @Override
    public double local(Local call) {
        return call.type() == RecordType.CLEAR_LOCK ? offNode.o() + offNode.L() : onNode.o();
    }
}
