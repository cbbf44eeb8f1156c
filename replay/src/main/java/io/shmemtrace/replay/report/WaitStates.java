package io.shmemtrace.replay.report;

import io.shmemtrace.cli.Csv;
import io.shmemtrace.merged.read.CallEntry;
import io.shmemtrace.merged.read.PsinsFile;
import io.shmemtrace.merged.read.PsinsFormatException;
import io.shmemtrace.merged.read.PsinsRecord;
import io.shmemtrace.replay.engine.Replay;
import io.shmemtrace.replay.engine.ReplayException;
import io.shmemtrace.replay.engine.WaitState;
import io.shmemtrace.replay.machine.Machine;
import io.shmemtrace.replay.machine.MachineException;
import io.shmemtrace.replay.model.MeasuredModel;
import io.shmemtrace.replay.model.Target;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Time lost waiting, by wait-state pattern (the KOJAK paper's, for SHMEM), per PE and per call site, as a
 * replay reports it. A call site is the waiting function, and where the program called it (function@file:line)
 * when the traces were taken with SHMEMTRACE_CALLSITES.
 */
public final class WaitStates implements WaitState.Listener {
    private static final int PE_LINES = 64;
    /**
     * Seconds lost, per task (by index): per (pattern, function, call site), summed as the replay reports them
     * with no allocation per wait. {@link #byPattern} sorts them for reading.
     */
    private final SumsByKey byTask = new SumsByKey();
    /** The same, by pattern, PE (in order) and site label (in order); built when first read after a wait. */
    private Map<WaitState, Map<Integer, Map<String, double[]>>> sorted;
    private final List<CallEntry> calls;
    /** The merged file's site names, by site index (empty without call sites). */
    private final List<String> siteNames;
    /** The program's region names (shmemtrace.h), and per region the seconds lost by pattern (by ordinal). */
    private final List<String> regionNames;
    private final Map<Integer, double[]> byRegion = new TreeMap<>();
    /** Waits the replay found longer than the traced call they were part of, and by how much (seconds). */
    private long beyondCall;
    private double beyondSeconds;
    /** Where the waits come from, for the reader: the traced run (of), or the run a replay predicts (collector). */
    private String source = "";

    private WaitStates(List<CallEntry> calls, List<String> siteNames, List<String> regionNames) {
        this.calls = calls;
        this.siteNames = siteNames;
        this.regionNames = regionNames;
    }

    /** A listener for a replay of merged (the waits of the run it predicts): call sites named through its site table. */
    public static WaitStates collector(PsinsFile merged, Consumer<String> notes) {
        return new WaitStates(merged.calls(), merged.siteNames(notes), merged.regionNames());
    }

    @Override
    public void waited(WaitState state, PsinsRecord call, double seconds) {
        byTask.add(call.task(), (long) state.ordinal() << 56 | (long) call.call().index() << 32
                | (call.site() & 0xFFFFFFFFL), seconds);
        if (call.enclosingRegion() >= 0) {
            byRegion.computeIfAbsent(call.enclosingRegion(), r -> new double[WaitState.values().length])[state.ordinal()]
                    += seconds;
        }
        sorted = null;
    }

    /** The waits by pattern, PE and site label, in order (each sum as it was added up, wait by wait). */
    private Map<WaitState, Map<Integer, Map<String, double[]>>> byPattern() {
        if (sorted != null) return sorted;
        Map<WaitState, Map<Integer, Map<String, double[]>>> m = new EnumMap<>(WaitState.class);
        for (int task = 0; task < byTask.owners(); task++) {
            int pe = task;
            byTask.forEach(task, (key, seconds) -> {
                WaitState state = WaitState.values()[(int) (key >>> 56)];
                String name = calls.get((int) (key >>> 32) & 0xFFFFFF).name();
                int site = (int) key;
                String label = site < 0 ? name : name + " from " + siteNames.get(site);
                m.computeIfAbsent(state, k -> new TreeMap<>()).computeIfAbsent(pe, k -> new TreeMap<>())
                        .computeIfAbsent(label, k -> new double[1])[0] += seconds;
            });
        }
        return sorted = m;
    }

    /**
     * The traced run's own wait states: a replay with the measured model (every call as traced) on its own
     * clocks, so that each wait is what the run spent, attributed to whom it waited for. A wait is part of its call:
     * where the replay does not reproduce the run (clocks aligned badly, a run that could not happen), a call's waits
     * are counted up to the call's traced time, never beyond, and how much was cut is said ({@link #print}).
     */
    public static WaitStates of(PsinsFile merged, Consumer<String> notes) throws IOException, PsinsFormatException, ReplayException {
        return of(merged, notes, done -> { });
    }

    /** The same, telling eventsDone how far the replay has got (for a progress bar). */
    public static WaitStates of(PsinsFile merged, Consumer<String> notes, java.util.function.LongConsumer eventsDone)
            throws IOException, PsinsFormatException, ReplayException {
        int tasks = merged.header().tasks();
        Machine machine = Machine.unlimited(tasks);
        MeasuredModel model = new MeasuredModel();
        try {
            Target target = new Target(machine, machine.placement(tasks));
            model.configure(target);
            Replay replay = new Replay(merged, model, target);
            WaitStates states = collector(merged, notes);
            states.source = "; the traced run's, from a replay of its calls as traced on the aligned clocks";
            replay.onWait(states.withinCalls(tasks));
            replay.onProgress(eventsDone);
            replay.run();
            return states;
        } catch (MachineException e) {
            throw new IllegalStateException(e); // one node holds every task: cannot happen
        }
    }

    /**
     * This collector behind a bound: each call's waits together at most its traced duration (a call may wait twice:
     * a barrier for a late PE, then for transfers to complete).
     */
    private WaitState.Listener withinCalls(int tasks) {
        // Per thread of a task: its call that waited last, and that call's time not yet waited. A thread's waits all
        // come before it goes past the call, so this is all there is to remember (memory by threads, not events).
        long[] lastEvent = new long[tasks]; // thread 0 of each task, in arrays: no allocation per wait
        double[] lastLeft = new double[tasks];
        java.util.Arrays.fill(lastEvent, -1);
        Map<Long, double[]> otherThreads = new java.util.HashMap<>(); // (task, thread) -> {event, left}
        return (state, call, seconds) -> {
            double left;
            double[] w = null;
            int task = call.task();
            if (call.thread() == 0) {
                if (lastEvent[task] != call.event()) {
                    lastEvent[task] = call.event();
                    lastLeft[task] = call.duration();
                }
                left = lastLeft[task];
            } else {
                w = otherThreads.computeIfAbsent((long) task << 16 | call.thread(), k -> new double[] {-1, 0});
                if (w[0] != call.event()) {
                    w[0] = call.event();
                    w[1] = call.duration();
                }
                left = w[1];
            }
            double counted = Math.min(seconds, left);
            if (seconds > left + 1e-12) {
                beyondCall++;
                beyondSeconds += seconds - left;
            }
            if (w == null) lastLeft[task] -= counted;
            else w[1] -= counted;
            if (counted > 0) waited(state, call, counted);
        };
    }

    /** Waits the replay found longer than their traced call (counted at the call's time): 0 when it reproduces the run. */
    public long beyondCall() {
        return beyondCall;
    }

    public double total(WaitState state) {
        double t = 0;
        for (var byCall : byPattern().getOrDefault(state, Map.of()).values()) for (double[] v : byCall.values()) t += v[0];
        return t;
    }

    public double ofPe(WaitState state, int pe) {
        double t = 0;
        for (double[] v : byPattern().getOrDefault(state, Map.of()).getOrDefault(pe, Map.of()).values()) t += v[0];
        return t;
    }

    /** Per pattern: total, per PE (every PE up to 64, else the 10 that lost most), per call site. */
    public void print(PrintStream out) {
        out.println("wait states: time lost waiting for another PE, by pattern (seconds)" + source);
        if (beyondCall > 0) {
            out.printf(Locale.ROOT, "  (the replay does not reproduce this run: %d waits were longer than their call, by"
                    + " %.9f s in all; each is counted at its call's traced time)%n", beyondCall, beyondSeconds);
        }
        for (WaitState state : WaitState.values()) {
            Map<Integer, Map<String, double[]>> byPe = byPattern().getOrDefault(state, Map.of());
            out.printf(Locale.ROOT, "%-20s %14.9f%n", state.label, total(state));
            if (byPe.isEmpty()) continue;
            List<Map.Entry<Integer, Double>> pes = new ArrayList<>();
            for (int pe : byPe.keySet()) pes.add(Map.entry(pe, ofPe(state, pe)));
            if (pes.size() > PE_LINES) {
                pes.sort(Map.Entry.<Integer, Double>comparingByValue().reversed());
                pes = pes.subList(0, 10);
                out.println("  the 10 PEs that lost most:");
            }
            for (var e : pes) out.printf(Locale.ROOT, "  PE %-8d %14.9f%n", e.getKey(), e.getValue());
            Map<String, Double> sites = new TreeMap<>();
            for (var byCall : byPe.values()) byCall.forEach((call, v) -> sites.merge(call, v[0], Double::sum));
            sites.forEach((call, t) -> out.printf(Locale.ROOT, "  at %-30s %14.9f%n", call, t));
        }
        if (!byRegion.isEmpty()) {
            out.println("by region (the program's innermost region around the waiting call; seconds, all PEs):");
            byRegion.forEach((region, lost) -> {
                for (WaitState state : WaitState.values()) {
                    if (lost[state.ordinal()] > 0) {
                        out.printf(Locale.ROOT, "  %-24s %-20s %14.9f%n", regionNames.get(region), state.label,
                                lost[state.ordinal()]);
                    }
                }
            });
        }
    }

    /** pattern,pe,callsite,seconds rows, for scripts. */
    public void csv(PrintStream out) {
        out.println("pattern,pe,callsite,seconds");
        byPattern().forEach((state, byPe) -> byPe.forEach((pe, byCall) -> byCall.forEach((call, v) ->
                out.printf(Locale.ROOT, "%s,%d,%s,%.9f%n", state.label, pe, Csv.field(call), v[0]))));
    }
}
