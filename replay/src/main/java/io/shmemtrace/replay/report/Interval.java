package io.shmemtrace.replay.report;

import io.shmemtrace.merged.read.MergedFile;
import io.shmemtrace.merged.read.MergedFormatException;
import io.shmemtrace.replay.engine.Bursts;
import io.shmemtrace.replay.engine.Replay;
import io.shmemtrace.replay.engine.ReplayException;
import io.shmemtrace.replay.machine.Machine;
import io.shmemtrace.replay.machine.MachineException;
import io.shmemtrace.replay.model.CommModel;
import io.shmemtrace.replay.model.CostCurve;
import io.shmemtrace.replay.model.CostTable;
import io.shmemtrace.replay.model.Models;
import io.shmemtrace.replay.model.TableModel;
import java.io.IOException;
import java.util.Locale;
import java.util.concurrent.FutureTask;

/**
 * A prediction's interval, made from what was measured, not guessed: the calibration's spread (the table model's
 * rows through each sample's low and high end, where the machine file keeps them: calibrate writes its repeated
 * measurements past their fastest and slowest tenth; a row calibrate measured in two modes has the slow one as its
 * high end, and the words say how many such rows the machine has) and
 * the trace's own variation (every burst at its kind's fast and slow tenth, {@link BurstVariation}). The low end is
 * the replay with both at their fast end, the high end with both at their slow end: the two side by side, each with
 * a model of its own (a model keeps state while it replays).
 */
public final class Interval {
    private final Machine low;
    private final Machine high;
    private final boolean calibrated;
    /** How many of the machine's rows were measured in two modes (their high end the slow one). */
    private final int modes;
    private final BurstVariation bursts;

    private Interval(Machine low, Machine high, boolean calibrated, int modes, BurstVariation bursts) {
        this.low = low;
        this.high = high;
        this.calibrated = calibrated;
        this.modes = modes;
        this.bursts = bursts;
    }

    /** The interval of f's prediction under model on machine (null: no machine file). */
    public static Interval of(MergedFile f, CommModel model, Machine machine)
            throws IOException, MergedFormatException, MachineException {
        CostTable table = machine != null && model instanceof TableModel ? CostTable.of(machine) : null;
        boolean calibrated = table != null && table.spread();
        BurstVariation b = BurstVariation.of(f);
        return new Interval(calibrated ? CostTable.at(machine, CostCurve.Bound.LOW) : machine,
                calibrated ? CostTable.at(machine, CostCurve.Bound.HIGH) : machine, calibrated,
                calibrated ? table.modes() : 0, b.any() ? b : null);
    }

    /** No interval: the prediction alone (its ends the machine itself). */
    public static Interval none(Machine machine) {
        return new Interval(machine, machine, false, 0, null);
    }

    /** Whether anything measured gives the prediction a width. */
    public boolean any() {
        return calibrated || bursts != null;
    }

    /** Whether the machine's calibration spread is part of it (then its ends are priced on {@link #lowMachine()}...). */
    public boolean calibrated() {
        return calibrated;
    }

    /** The machine at the fast end of its calibration (the machine itself where it has no spread). */
    public Machine lowMachine() {
        return low;
    }

    public Machine highMachine() {
        return high;
    }

    /** What the interval is made of, in words (the text beside the figure). */
    public String sources() {
        String calibration = !calibrated ? null : "every measured cost at its samples' fast and slow tenth"
                + (modes == 0 ? "" : " (" + modes + " row" + (modes == 1 ? "" : "s") + " measured in two modes: the slow one)");
        String trace = bursts == null ? null : String.format(Locale.ROOT,
                "every kind of burst at its fast and slow tenth: computation %+.1f %% to %+.1f %%",
                100 * (bursts.lowShare() - 1), 100 * (bursts.highShare() - 1));
        if (calibration != null && trace != null) return calibration + "; " + trace;
        return calibration != null ? calibration : trace != null ? trace : "none";
    }

    /**
     * The windows of f replayed at the two ends, side by side: every measured cost and burst at its fast end
     * ({@code atLow}, on {@link #lowMachine()}) and at its slow end ({@code atHigh}, on {@link #highMachine()}). Null
     * where nothing measured gives the prediction a width.
     */
    public Ends ends(MergedFile f, CommModel model)
            throws IOException, MergedFormatException, MachineException, ReplayException {
        if (!any()) return null;
        FutureTask<Double> atLow = new FutureTask<>(() -> window(f, model, low, bursts == null ? null : bursts.low()));
        Thread side = new Thread(atLow, "interval-low");
        side.setDaemon(true);
        side.start();
        double atHigh = window(f, model, high, bursts == null ? null : bursts.high());
        return new Ends(Simulation.take(atLow), atHigh);
    }

    /** p with the interval of ends ({@link #ends}; null: p alone). */
    public Prediction around(Prediction p, Ends ends) {
        return ends == null ? p : p.withInterval(ends.low(p.predicted()), ends.high(p.predicted()), sources());
    }

    /**
     * The windows at the two ends of what was measured. They need not keep the order of their costs: a run whose
     * every cost is at its fast end can take longer than at the slow end (on a slow link, halo2d's strided puts at
     * their fast end leave more to their quiet), so an interval is the smaller and the larger of the two.
     */
    public record Ends(double atLow, double atHigh) {
        /** The interval's low end around a prediction x (x itself where both ends are above it). */
        public double low(double x) {
            return Math.min(x, Math.min(atLow, atHigh));
        }

        /** The interval's high end around a prediction x (x itself where both ends are below it). */
        public double high(double x) {
            return Math.max(x, Math.max(atLow, atHigh));
        }
    }

    /** The predicted window of f on machine with bursts changed (null: as traced), under a fresh instance of model. */
    private static double window(MergedFile f, CommModel model, Machine machine, Bursts bursts)
            throws IOException, MergedFormatException, MachineException, ReplayException {
        CommModel fresh = Models.named(model.name()).orElseThrow();
        Replay replay = Simulation.replay(f, fresh, machine);
        if (bursts != null) replay.changeBursts(bursts);
        return Prediction.of(model.label(), "", replay.run(), 0, null).predicted();
    }
}
