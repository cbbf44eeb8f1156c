package io.shmemtrace.waits;

import io.shmemtrace.io.Csv;
import io.shmemtrace.merged.read.CallEntry;
import io.shmemtrace.merged.read.MergedFile;
import io.shmemtrace.merged.read.RunRecord;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Time lost waiting, by wait-state pattern (the KOJAK paper's, for SHMEM), per PE and per call site: the traced
 * run's ({@link TimelineWaits}), or the run a replay predicts ({@link #collector}). A call site is the waiting
 * function, and where the program called it (function@file:line) when the traces were taken with
 * SHMEMTRACE_CALLSITES.
 */
public final class WaitStates implements WaitState.Listener {
    private static final int PE_LINES = 64;
    /**
     * Seconds lost, per task (by index): per (pattern, function, call site), summed as the waits are reported
     * with no allocation per wait. {@link #byPattern} sorts them for reading.
     */
    private final SumsByKey byTask = new SumsByKey();
    /** The same, by pattern, PE (in order) and site label (in order); built when first read after a wait. */
    private Map<WaitState, Map<Integer, Map<String, double[]>>> sorted;
    private List<CallEntry> calls;
    /** The merged run's site names, by site index (empty without call sites). */
    private List<String> siteNames;
    /** The program's region names (shmemtrace.h), and per region the seconds lost by pattern (by ordinal). */
    private List<String> regionNames;
    private final Map<Integer, double[]> byRegion = new TreeMap<>();
    /** Waits longer than the traced call they were part of, and by how much (seconds): see {@link #beyondCall}. */
    private long beyondCall;
    private double beyondSeconds;
    /** Collective calls of instances that not every member reached: no wait is known for them. */
    private long neverCompleted;
    /** Where the waits come from, for the reader: the traced run ({@link TimelineWaits}), or the run a replay predicts. */
    private final String source;

    /** Waits of a run whose tables come once it is read ({@link #tables}); source: where they come from, for the reader. */
    WaitStates(String source) {
        this.source = source;
    }

    /** A listener for a replay of merged (the waits of the run it predicts): call sites named through its site table. */
    public static WaitStates collector(MergedFile merged, Consumer<String> notes) {
        return new WaitStates("").tables(merged.calls(), merged.siteNames(notes), merged.regionNames());
    }

    /** The run's call table, site names and region names, which the waits' keys index (before they are read). */
    WaitStates tables(List<CallEntry> calls, List<String> siteNames, List<String> regionNames) {
        this.calls = calls;
        this.siteNames = siteNames;
        this.regionNames = regionNames;
        return this;
    }

    @Override
    public void waited(WaitState state, RunRecord call, double seconds) {
        add(state, call.task(), call.call().index(), call.site(), call.enclosingRegion(), seconds);
    }

    /** seconds lost by task in a call of the call table's entry call, at site (-1: none), in region (-1: none). */
    void add(WaitState state, int task, int call, int site, int region, double seconds) {
        byTask.add(task, (long) state.ordinal() << 56 | (long) call << 32 | (site & 0xFFFFFFFFL), seconds);
        if (region >= 0) byRegion.computeIfAbsent(region, r -> new double[WaitState.values().length])[state.ordinal()] += seconds;
        sorted = null;
    }

    /** A wait found longer than its call by seconds (it is counted at the call's time). */
    void beyondCall(double seconds) {
        beyondCall++;
        beyondSeconds += seconds;
    }

    /** A collective call of an instance that not every member of its set reached: left out. */
    void neverCompleted() {
        neverCompleted++;
    }

    /** Collective calls left out: their instances were not reached by every member of their set. */
    public long neverCompletedCalls() {
        return neverCompleted;
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
     * Waits longer than the traced call they were part of, counted at the call's time: the aligned clocks put the
     * awaited PE's arrival after the call ended (0 in a run whose clocks agree).
     */
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

    /** The seconds each PE lost to state, by PE (only PEs that lost some). */
    public Map<Integer, Double> byPe(WaitState state) {
        Map<Integer, Double> m = new TreeMap<>();
        for (int pe : byPattern().getOrDefault(state, Map.of()).keySet()) m.put(pe, ofPe(state, pe));
        return m;
    }

    /** Per pattern: total, per PE (every PE up to 64, else the 10 that lost most), per call site. */
    public void print(PrintStream out) {
        out.println("wait states: time lost waiting for another PE, by pattern (seconds)" + source);
        if (beyondCall > 0) {
            out.printf(Locale.ROOT, "  (the aligned clocks do not agree with this run: %d waits were longer than their call,"
                    + " by %.9f s in all; each is counted at its call's traced time)%n", beyondCall, beyondSeconds);
        }
        if (neverCompleted > 0) {
            out.printf(Locale.ROOT, "  (%d collective calls are left out: not every PE of their set reached them, as when"
                    + " a run has fewer PEs than the set names, so they never completed)%n", neverCompleted);
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
