package io.shmemtrace.replay.model;

import io.shmemtrace.merged.format.RecordType;
import io.shmemtrace.replay.machine.MachineException;
import io.shmemtrace.replay.machine.MachineFile;
import java.util.Arrays;

/**
 * The measured rows themselves (CostTable): each call costs what the target machine was measured to take for
 * its operation at its size, interpolated between sizes, as Dimemas and LogGOPSim users calibrate. A one-sided
 * call is in the call for {@code OP.call} (blocking puts and non-fetching atomics as issued back to back, _nbi
 * posts, gets and fetching atomics to their return), complete at the target {@code OP.complete} after its
 * start, and seen by a poller a flag's one-way time after its start plus the size's part. Collectives cost their
 * measured time scaled to the set, a barrier that completes transfers what calibrate measured it to add
 * (completing row); locks a fetching atomic's round trip. A call on static symmetric data (an
 * address outside the task's traced heap allocations) costs what calibrate measured on globals (static.OP lines),
 * a call a PE makes to itself what it measured so (self.OP lines). Whatever the table lacks comes from LogGP:
 * a machine file without Model table lines (a PSINS user's) is simulated as under the loggp model. The default:
 * it predicted the second machine best (README, "How good are the predictions").
 */
public final class TableModel extends LogGPModel {
    private CostTable table;
    /** Per PE, when its link has sent what the PE gave it (enqueue). */
    private double[] linkFree;
    /**
     * Per PE, when the library will have drained the calls it queued (queued), how many it holds then, how many of
     * them went to the PE itself, and where the calls that started the queue went (heap or static data).
     */
    private double[] drainedAt;
    private long[] depth;
    private long[] selfCalls;
    private CostTable.Where[] queuedWhere;
    /** The call queued last: its target's service is in the drained row. */
    private Rma lastQueued;
    /**
     * Whether a barrier after computing costs calibrate's busy row: not where messages need their sender (there the
     * busy row holds the wait for the last PE's next call, which the engine replays itself).
     */
    private boolean busyBarriers;

    @Override
    public String name() {
        return "table";
    }

    @Override
    public String label() {
        return table != null && table.isEmpty() ? "table (the machine file has no Model table rows: every cost as under"
                + " loggp)" : name();
    }

    @Override
    public String description() {
        return "the machine's measured costs per operation and size (Model table lines), interpolated; LogGP for "
                + "what they lack (default)";
    }

    @Override
    public void configure(Target target) throws MachineException {
        super.configure(target);
        table = CostTable.of(target.machine());
        linkFree = new double[target.tasks()];
        busyBarriers = !MachineFile.messagesNeedSender(target.machine());
        drainedAt = new double[target.tasks()];
        depth = new long[target.tasks()];
        selfCalls = new long[target.tasks()];
        queuedWhere = new CostTable.Where[target.tasks()];
        Arrays.fill(queuedWhere, CostTable.Where.HEAP);
    }

    @Override
    public RmaCost rma(Rma call, double start) {
        CostTable.Where where = CostTable.Where.of(call);
        double inCall = table.call(call.type(), call.bytes(), where);
        double done = table.complete(call.type(), call.bytes(), where);
        if (Double.isNaN(inCall) || Double.isNaN(done)) return super.rma(call, start);
        if (call.roundTrip()) return new RmaCost(done, done, call.isGet() ? done : table.seen(call.type(), call.bytes(), where));
        int pe = call.source();
        CostTable.Queue queue = call.posted() ? null : queue(call, where, start);
        if (queue != null && start < drainedAt[pe]) return queued(call, start, queue);
        RmaCost cost = alone(call, start, where, inCall, done);
        if (queue != null) { // the first of a run: the queue holds it until it completes
            drainedAt[pe] = start + cost.complete();
            depth[pe] = 1;
            selfCalls[pe] = 0;
            queuedWhere[pe] = where;
        }
        return cost;
    }

    /**
     * The queue a blocking call joins, or starts, where the library queues its type: to another PE, that of its
     * place; to the PE itself (which drains nothing alone), the queue its PE holds, while it holds calls, where the
     * calls to oneself were measured mixed in.
     */
    private CostTable.Queue queue(Rma call, CostTable.Where where, double start) {
        if (where != CostTable.Where.SELF) return table.queue(call.type(), where);
        if (start >= drainedAt[call.source()]) return null;
        CostTable.Queue running = table.queue(call.type(), queuedWhere[call.source()]);
        return running != null && running.takesSelfCalls() ? running : null;
    }

    /**
     * A call joining its PE's queue of calls the library has not sent yet (issue 46, item 4): it costs its post at
     * the queue's depth, and the queue's drain grows by what the quiet after that many took per call, both as
     * measured with the share of the queue's calls that went to the PE itself. The library drains only inside its
     * calls, so the drain follows the posts (a run of N posts then a quiet: the quiet waits N drains); the target's
     * service is in the drained row (both PEs posted at each other).
     */
    private RmaCost queued(Rma call, double start, CostTable.Queue queue) {
        int pe = call.source();
        long d = ++depth[pe];
        if (call.target() == pe) selfCalls[pe]++;
        double selfShare = selfCalls[pe] / (double) d;
        double post = queue.postAt(d, selfShare);
        drainedAt[pe] += post + queue.drainAt(d, selfShare);
        lastQueued = call;
        double complete = drainedAt[pe] - start;
        return new RmaCost(post, complete, complete);
    }

    /** A one-sided call priced by its rows, behind the transfers its PE's link is still sending. */
    private RmaCost alone(Rma call, double start, CostTable.Where where, double inCall, double done) {
        double gap = linkTime(call);
        double queued = enqueue(call.source(), start, gap);
        double visible = queued + table.seen(call.type(), call.bytes(), where);
        if (call.posted()) return new RmaCost(inCall, queued + done, visible);
        double alone = table.spaced(call.type(), call.bytes(), where);
        double in = blockedBy(queued, gap, where) + Math.min(Double.isNaN(alone) ? inCall : alone, done);
        return new RmaCost(in, queued + done, visible);
    }

    /**
     * How long a put or non-fetching atomic to another PE keeps its PE's link (LogGP's g, told from its o): what one
     * costs streamed back to back, the blocking call's OP.call row (for a posted one too); 0 to the PE itself or
     * where the row is missing.
     */
    private double linkTime(Rma call) {
        if (call.source() == call.target()) return 0;
        RecordType streamed = call.type() == RecordType.PUT_NBI ? RecordType.PUT : call.type();
        double gap = table.call(streamed, call.bytes(), CostTable.Where.of(call));
        return Double.isNaN(gap) ? 0 : gap;
    }

    /**
     * A PE's send queue: a transfer leaves once those its PE sent before have (it lands that much later); returns
     * how long it waits behind them. Alone on an idle link, nothing: the measured rows are of that case.
     */
    private double enqueue(int pe, double start, double gap) {
        if (gap == 0) return 0;
        double leaves = Math.max(start, linkFree[pe]);
        linkFree[pe] = leaves + gap;
        return leaves - start;
    }

    /**
     * How long a blocking call waits in the call for the queue ahead of it: what of it the queue cannot hold beside
     * the call's own link time ({@link CostTable#sendQueueCapacity}); what its own bytes cost beyond that is in its
     * OP.spaced row.
     */
    private double blockedBy(double ahead, double gap, CostTable.Where where) {
        return Math.max(0, ahead - Math.max(0, table.sendQueueCapacity(where) - gap));
    }

    /**
     * A target's time to take a put or non-fetching atomic, or to answer a g or fetching atomic: what the call costs
     * more when the other PE makes the same at it meanwhile (calibrate's mutual rows) than alone (its stream rows;
     * for a g, its return). Calls to oneself are not charged; nor anything calibrate did not time mutual (a getmem).
     */
    @Override
    public double targetService(Rma call) {
        if (call.source() == call.target() || call == lastQueued) return 0;
        CostTable.Where where = CostTable.Where.of(call);
        double more = table.mutual(call.type(), call.bytes(), where) - table.call(call.type(), call.bytes(), where);
        return more > 0 ? more : 0; // false for NaN: not measured
    }

    @Override
    public double lockService(Local call) {
        return table.lockService(call.type());
    }

    @Override
    public SyncCost collective(Collective c) {
        double cost = table.collective(c.type(), c.bytes(), c.members(), busyBarriers ? c.lastComputed() : 0);
        if (Double.isNaN(cost)) return super.collective(c);
        return new SyncCost(c.completesTransfers() ? cost + table.barrierCompleting() : cost, 0);
    }

    @Override
    public SyncCost release(Local call) {
        if (call.type() == RecordType.WAIT || call.type() == RecordType.TEST) return SyncCost.NONE; // seen includes the poll
        double lock = table.lock(call.type(), call.staticData(), call.homedHere());
        return Double.isNaN(lock) ? super.release(call) : new SyncCost(lock, lock);
    }

    @Override
    public double local(Local call) {
        double cost = switch (call.type()) {
            case QUIET, FENCE -> table.call(call.type(), 0);
            case CLEAR_LOCK -> table.lock(call.type(), call.staticData(), call.homedHere());
            default -> Double.NaN;
        };
        return Double.isNaN(cost) ? super.local(call) : cost;
    }
}
