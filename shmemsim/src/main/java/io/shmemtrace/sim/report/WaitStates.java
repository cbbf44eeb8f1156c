package io.shmemtrace.sim.report;

import io.shmemtrace.cli.Csv;
import io.shmemtrace.psins.read.PsinsFile;
import io.shmemtrace.psins.read.PsinsFormatException;
import io.shmemtrace.psins.read.PsinsRecord;
import io.shmemtrace.sim.engine.Replay;
import io.shmemtrace.sim.engine.ReplayException;
import io.shmemtrace.sim.engine.WaitState;
import io.shmemtrace.sim.machine.Machine;
import io.shmemtrace.sim.machine.MachineException;
import io.shmemtrace.sim.model.MeasuredModel;
import io.shmemtrace.sim.model.Target;
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
    private final Map<WaitState, Map<Integer, Map<String, double[]>>> lost = new EnumMap<>(WaitState.class);
    /** The merged file's site names, by site index (empty without call sites). */
    private final List<String> siteNames;

    private WaitStates(List<String> siteNames) {
        this.siteNames = siteNames;
    }

    /** A listener for a replay of merged: call sites named through its site table. */
    public static WaitStates collector(PsinsFile merged, Consumer<String> notes) {
        return new WaitStates(merged.siteNames(notes));
    }

    @Override
    public void waited(WaitState state, PsinsRecord call, double seconds) {
        String site = call.site() < 0 ? call.name() : call.name() + " from " + siteNames.get(call.site());
        lost.computeIfAbsent(state, k -> new TreeMap<>()).computeIfAbsent(call.task(), k -> new TreeMap<>())
                .computeIfAbsent(site, k -> new double[1])[0] += seconds;
    }

    /**
     * The traced run's own wait states: a replay with the measured model (every call as traced) on its own
     * clocks, so that each wait is what the run spent, attributed to whom it waited for.
     */
    public static WaitStates of(PsinsFile merged, Consumer<String> notes) throws IOException, PsinsFormatException, ReplayException {
        int tasks = merged.header().tasks();
        Machine machine = Machine.unlimited(tasks);
        MeasuredModel model = new MeasuredModel();
        try {
            Target target = new Target(machine, machine.placement(tasks));
            model.configure(target);
            Replay replay = new Replay(merged, model, target);
            WaitStates states = collector(merged, notes);
            replay.onWait(states);
            replay.run();
            return states;
        } catch (MachineException e) {
            throw new IllegalStateException(e); // one node holds every task: cannot happen
        }
    }

    public double total(WaitState state) {
        double t = 0;
        for (var byCall : lost.getOrDefault(state, Map.of()).values()) for (double[] v : byCall.values()) t += v[0];
        return t;
    }

    public double ofPe(WaitState state, int pe) {
        double t = 0;
        for (double[] v : lost.getOrDefault(state, Map.of()).getOrDefault(pe, Map.of()).values()) t += v[0];
        return t;
    }

    /** Per pattern: total, per PE (every PE up to 64, else the 10 that lost most), per call site. */
    public void print(PrintStream out) {
        out.println("wait states: time lost waiting for another PE, by pattern (seconds)");
        for (WaitState state : WaitState.values()) {
            Map<Integer, Map<String, double[]>> byPe = lost.getOrDefault(state, Map.of());
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
    }

    /** pattern,pe,callsite,seconds rows, for scripts. */
    public void csv(PrintStream out) {
        out.println("pattern,pe,callsite,seconds");
        lost.forEach((state, byPe) -> byPe.forEach((pe, byCall) -> byCall.forEach((call, v) ->
                out.printf(Locale.ROOT, "%s,%d,%s,%.9f%n", state.label, pe, Csv.field(call), v[0]))));
    }
}
