package io.shmemtrace.sim.model;

import io.shmemtrace.psins.format.PsinsType;
import io.shmemtrace.sim.machine.MachineException;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The measured rows themselves (shmembench calibrate's {@code Model table} lines): each call costs what the
 * machine was measured to take for its operation at its size, interpolated between sizes (CostCurve), as
 * Dimemas and LogGOPSim users calibrate. A one-sided call is in the call for {@code OP.call} (blocking puts and
 * non-fetching atomics as issued back to back, _nbi posts, gets and fetching atomics to their return) and
 * complete at the target {@code OP.complete} after its start; a PE polling on the data sees it {@code wait.seen}
 * after the start, plus the transfer's size-dependent part. Collectives cost their measured time, scaled from
 * the measured set size by the rounds (barrier, broadcast, reduction) or partners (collect, all-to-all) of the
 * actual set. Locks cost a fetching atomic's round trip. Whatever the table lacks comes from LogGP.
 */
public final class TableModel extends LogGPModel {
    private final Map<String, CostCurve> curves = new HashMap<>();
    private int members = 2;

    @Override
    public String name() {
        return "table";
    }

    @Override
    public String description() {
        return "the machine's measured costs per operation and size (Model table lines), interpolated; LogGP for the rest";
    }

    @Override
    public void configure(Target target) throws MachineException {
        super.configure(target);
        curves.clear();
        for (Map.Entry<String, String> e : target.machine().model("table").entrySet()) {
            String where = target.machine().source() + ": Model table " + e.getKey();
            if (e.getKey().equals("members")) {
                try {
                    members = Integer.parseInt(e.getValue());
                } catch (NumberFormatException x) {
                    members = 0;
                }
                if (members < 2) throw new MachineException(where + "=" + e.getValue() + " is not a set size of 2 or more");
            } else {
                curves.put(e.getKey(), CostCurve.parse(where, e.getValue()));
            }
        }
        if (curves.isEmpty()) {
            throw new MachineException(target.machine().source() + ": no Model table lines (shmembench calibrate writes them)");
        }
    }

    private CostCurve curve(PsinsType type, String what) {
        return curves.get(type.name().toLowerCase(Locale.ROOT) + "." + what);
    }

    @Override
    public RmaCost rma(Rma call, double start) {
        CostCurve inCall = curve(call.type(), "call");
        CostCurve complete = curve(call.type(), "complete");
        if (inCall == null || complete == null) return super.rma(call, start);
        double done = complete.at(call.bytes());
        double in = call.roundTrip() ? done : Math.min(inCall.at(call.bytes()), done);
        return new RmaCost(in, done, call.isGet() ? done : seen(call, complete, done));
    }

    /** When a poller at the target sees a write: a flag's one-way time, plus what the size adds to completion. */
    private double seen(Rma call, CostCurve complete, double done) {
        CostCurve flag = curves.get("wait.seen");
        if (flag == null) return done;
        return Math.min(done, flag.at(8) + Math.max(0, done - complete.at(8)));
    }

    @Override
    public SyncCost collective(Collective c) {
        PsinsType measured = switch (c.type()) {
            case BARRIER, SYNC_ALL, SYNC -> PsinsType.BARRIER_ALL;
            case COLLECT -> PsinsType.FCOLLECT;
            case ALLTOALLS -> PsinsType.ALLTOALL;
            default -> c.type();
        };
        CostCurve curve = curve(measured, "call");
        if (curve == null) return super.collective(c);
        double scale = switch (measured) {
            case FCOLLECT, ALLTOALL -> (c.members() - 1) / (double) (members - 1);
            default -> LogGP.log2Ceil(c.members()) / (double) LogGP.log2Ceil(members);
        };
        return new SyncCost(curve.at(c.bytes()) * scale, 0);
    }

    @Override
    public SyncCost release(Local call) {
        CostCurve atomic = curve(PsinsType.ATOMIC_FETCH, "complete");
        if ((call.type() == PsinsType.SET_LOCK || call.type() == PsinsType.TEST_LOCK) && atomic != null) {
            double rt = atomic.at(8); // the lock's compare-and-swap
            return new SyncCost(rt, rt);
        }
        return call.type() == PsinsType.WAIT || call.type() == PsinsType.TEST ? SyncCost.NONE : super.release(call);
    }

    @Override
    public double local(Local call) {
        CostCurve c = switch (call.type()) {
            case QUIET, FENCE -> curve(call.type(), "call");
            case CLEAR_LOCK -> curve(PsinsType.ATOMIC_FETCH, "complete"); // the lock word's release, acknowledged
            default -> null;
        };
        return c == null ? super.local(call) : c.at(0);
    }
}
