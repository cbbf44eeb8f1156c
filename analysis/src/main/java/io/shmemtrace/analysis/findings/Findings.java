package io.shmemtrace.analysis.findings;

import io.shmemtrace.analysis.Activity;
import io.shmemtrace.analysis.Diagnosis;
import io.shmemtrace.analysis.delay.Delays;
import io.shmemtrace.analysis.whatif.CallRuns;
import io.shmemtrace.analysis.whatif.ComputeByRegion;
import io.shmemtrace.analysis.whatif.WhatIf;
import io.shmemtrace.merged.format.RecordType.Payload;
import io.shmemtrace.merged.read.MergedFile;
import io.shmemtrace.merged.read.MergedFormatException;
import io.shmemtrace.replay.engine.ReplayException;
import io.shmemtrace.replay.machine.MachineException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The findings of a run: rules over the diagnosis (critical path, causes of waits), each finding priced by the
 * what-if that would fix it, ranked by the predicted gain. The rules and their thresholds (docs/findings.md):
 * <ul>
 * <li><b>imbalance</b>: a region's computation (outside regions where the run has none) whose most loaded PE computes
 * at least {@value #IMBALANCE_MIN_PERCENT} % above the mean, by at least {@value #MIN_SHARE_PERCENT} % of the window;
 * priced by balancing the region;
 * <li><b>late-writer</b>: waits for flags (wait_until, test) of at least {@value #MIN_SHARE_PERCENT} % of the window;
 * the writer that caused most of them, and what delayed its write; priced by deferring that computation past the
 * write where it is computation in a region;
 * <li><b>lock-contention</b>: waits for locks of at least {@value #MIN_SHARE_PERCENT} % of the window, the holders
 * that caused them and what they did while holding it; priced by deferring that computation out of the critical
 * section where it is computation in a region;
 * <li><b>small-transfers</b> / <b>repeated-collectives</b>: runs of calls one call could do ({@link CallRuns}: at
 * least {@value #RUN_MIN_TRANSFERS} transfers, {@value #RUN_MIN_COLLECTIVES} collectives a run on average, with only a
 * loop's computation between them), by at least {@value #MIN_SHARE_PERCENT} % of the window on one PE; priced by
 * merging each run into one call;
 * <li><b>blocking-transfers</b>: a call's blocking puts or gets (in a region) on the critical path for at least
 * {@value #COMMUNICATION_MIN_PERCENT} % of the window; priced by making them posted (completed at the next completing
 * call);
 * <li><b>static-data</b>: a call's transfers (in a region) on the critical path for at least
 * {@value #COMMUNICATION_MIN_PERCENT} % of the window, where the machine file prices transfers on static data (globals)
 * above those on the symmetric heap (calibrate measures both); priced by moving them to the heap, so only with a
 * machine file (on the traced times nothing would change);
 * <li><b>communication</b>: an ideal network would save at least {@value #COMMUNICATION_MIN_PERCENT} % of the window;
 * ranked by what it would save beyond the fixes of the program's own communication (the two rules above): a bound
 * the program's own fixes reach in part, not a fix of its own.
 * </ul>
 */
public final class Findings {
    static final int IMBALANCE_MIN_PERCENT = 5;
    static final int MIN_SHARE_PERCENT = 1;
    static final int COMMUNICATION_MIN_PERCENT = 5;
    static final int RUN_MIN_TRANSFERS = 4;
    static final int RUN_MIN_COLLECTIVES = 2;
    /** PEs a finding lists at most. */
    private static final int PES_LISTED = 8;

    private final MergedFile file;
    private final Diagnosis diagnosis;
    private final Diagnosis.Result result;
    private final Names names;
    private final double window;
    private final List<Finding> findings = new ArrayList<>();

    private Findings(MergedFile file, Diagnosis diagnosis, Diagnosis.Result result, Names names) {
        this.file = file;
        this.diagnosis = diagnosis;
        this.result = result;
        this.names = names;
        this.window = result.window();
    }

    /** The findings of the analysed run, ranked (what the fix would save first). */
    public static List<Finding> of(MergedFile file, Diagnosis diagnosis, Diagnosis.Result result, Names names)
            throws IOException, MergedFormatException, MachineException, ReplayException {
        Findings f = new Findings(file, diagnosis, result, names);
        if (f.window > 0) {
            f.imbalance();
            f.lateWriters();
            f.lockContention();
            f.runsOfCalls();
            f.blockingTransfers();
            f.staticData();
            f.communication();
        }
        double programsOwn = f.findings.stream().filter(x -> x.kind().equals("small-transfers")
                || x.kind().equals("repeated-collectives") || x.kind().equals("blocking-transfers")
                || x.kind().equals("static-data"))
                .mapToDouble(Finding::rank).sum();
        f.findings.sort(Comparator.comparingDouble((Finding x) -> x.kind().equals("communication")
                ? x.rank() - programsOwn : x.rank()).reversed());
        return f.findings;
    }

    /**
     * The what-ifs the rules will want whatever the analysis finds (the network's, each region whose computation is
     * imbalanced enough), to price beside the analysis replay ({@link Diagnosis#priceAhead}).
     */
    public static List<WhatIf> likelyFixes(Diagnosis diagnosis, Names names) throws IOException, MergedFormatException {
        List<WhatIf> fixes = new ArrayList<>();
        fixes.add(WhatIf.idealNetwork());
        ComputeByRegion compute = diagnosis.compute();
        for (int g = -1; g < compute.regions(); g++) {
            if (imbalanced(compute, g)) {
                fixes.add(WhatIf.balance(names.region(g) == null ? "-" : names.region(g)));
            }
        }
        for (CallRuns.Runs runs : diagnosis.runs()) if (loops(runs)) fixes.add(merging(runs, names));
        return fixes;
    }

    /** Whether the runs are a loop's calls that one call could do (long enough, only a loop's computation between). */
    private static boolean loops(CallRuns.Runs runs) {
        int least = runs.type().payload() == Payload.COLLECTIVE ? RUN_MIN_COLLECTIVES : RUN_MIN_TRANSFERS;
        return runs.callsPerRun() >= least && runs.meanGap() < CallRuns.LOOP_GAP_S;
    }

    /** The what-if that merges each of these runs into one call. */
    private static WhatIf merging(CallRuns.Runs runs, Names names) {
        String region = names.region(runs.key().region());
        return WhatIf.aggregate(names.call(runs.key().call()), region != null ? region
                : names.hasRegions() ? "-" : null);
    }

    /** Whether region g's most loaded PE computes at least IMBALANCE_MIN_PERCENT above the mean (outside regions: -1). */
    private static boolean imbalanced(ComputeByRegion compute, int g) {
        double max = compute.of(compute.maxTask(g), g), mean = compute.mean(g);
        return max > 0 && max - mean >= IMBALANCE_MIN_PERCENT / 100.0 * mean;
    }

    /** What the run lacks for findings by region and call site: one line each, for the report. */
    public static List<String> missing(MergedFile file) {
        List<String> notes = new ArrayList<>();
        if (file.regionNames().isEmpty()) {
            notes.add("no regions in this run: mark its phases with shmemtrace_region_begin/end (shmemtrace.h) for"
                    + " findings by region");
        }
        if (!file.hasCallsites()) {
            notes.add("no call sites in this run: trace with SHMEMTRACE_CALLSITES=1 (and compile with -g) for findings"
                    + " by call site");
        }
        return notes;
    }

    private void imbalance() throws IOException, MergedFormatException, MachineException, ReplayException {
        ComputeByRegion compute = diagnosis.compute();
        boolean regions = compute.regions() > 0;
        for (int region = -1; region < compute.regions(); region++) {
            int g = region;
            int top = compute.maxTask(g);
            double max = compute.of(top, g), mean = compute.mean(g);
            if (!imbalanced(compute, g) || (max - mean) < MIN_SHARE_PERCENT / 100.0 * window) continue;
            List<Integer> pes = new ArrayList<>();
            for (int t = 0; t < compute.tasks(); t++) if (compute.of(t, g) >= mean + (max - mean) / 2) pes.add(t);
            pes.sort(Comparator.comparingDouble((Integer t) -> -compute.of(t, g)).thenComparing(t -> t));
            if (pes.size() > PES_LISTED) pes = pes.subList(0, PES_LISTED);
            List<Integer> late = pes;
            double caused = sum(result.delays().causes(), a -> a.kind() == Activity.Kind.COMPUTE && a.region() == g
                    && late.contains(a.pe()));
            String name = names.region(g);
            String where = name == null ? (regions ? "outside regions" : "") : "in region " + name;
            String what = (pes.size() == 1 ? "PE " + top + " computes " : "PEs " + list(pes) + " compute up to ")
                    + Names.time(max) + (where.isEmpty() ? "" : " " + where) + ", "
                    + String.format(java.util.Locale.ROOT, "%.0f", 100 * (max - mean) / Math.max(mean, 1e-12))
                    + " % above the mean of " + Names.time(mean);
            String their = pes.size() == 1 ? "its" : "their";
            String cause = caused > 0 ? their + " extra computation made the other PEs wait " + Names.time(caused)
                    + " (direct delay)" + mostlyIn()
                    : their + " extra computation is on the critical path (no PE waited for it: nothing synchronises them)";
            WhatIf w = WhatIf.balance(name == null ? "-" : name);
            add("imbalance", what, pes, name, null, caused > 0 ? caused : max - mean, cause,
                    "balance the work " + (where.isEmpty() ? "" : where + " ") + "across PEs", w);
        }
    }

    /** ", mostly in shmem_barrier_all": the call the run waited in most. */
    private String mostlyIn() {
        Map<Integer, Double> byCall = new HashMap<>();
        result.delays().waits().forEach((a, s) -> byCall.merge(a.call(), s, Double::sum));
        return byCall.entrySet().stream().max(Map.Entry.comparingByValue())
                .map(e -> ", mostly in " + names.call(e.getKey())).orElse("");
    }

    private void lateWriters() throws IOException, MergedFormatException, MachineException, ReplayException {
        Map<Activity, double[]> causes = result.delays().causes(Delays.WaitKind.WRITE);
        double total = sum(causes, a -> true);
        if (total < MIN_SHARE_PERCENT / 100.0 * window) return;
        Activity top = top(causes);
        List<Integer> pes = ranked(byPe(causes));
        // Priced by moving the writer's computation in that region past its write (defer): whether the flag needs that
        // work the trace cannot say; the fix names the region, the user knows.
        boolean computing = top.kind() == Activity.Kind.COMPUTE;
        String region = names.region(top.region());
        String delay = top.kind() == Activity.Kind.WAIT && top.call() < 0 ? "it was late itself (propagated delay: it left its"
                + " previous synchronisation late)" : names.activity(top);
        add("late-writer", "PEs wait " + Names.time(total) + " for flags (wait_until, test) that PE" + (pes.size() == 1 ? " " : "s ")
                        + list(pes) + " wrote late", pes, names.region(top.region()), names.site(top.site()), total,
                "before its write, PE " + top.pe() + ": " + delay + ", " + Names.time(sum(causes, a -> a.equals(top)))
                        + " of the waits",
                computing ? "write the flag earlier: move PE " + top.pe() + "'s " + names.activity(top) + " after the write"
                        + " if the flag does not need it, or split it" : "write the flag earlier; what delays PE " + top.pe()
                        + " before it is in the causes below", computing && region != null ? WhatIf.defer(region, top.pe())
                        : null);
    }

    private void lockContention() throws IOException, MergedFormatException, MachineException, ReplayException {
        Map<Activity, double[]> causes = result.delays().causes(Delays.WaitKind.LOCK);
        double total = sum(causes, a -> true);
        if (total < MIN_SHARE_PERCENT / 100.0 * window) return;
        Activity top = top(causes);
        List<Integer> pes = ranked(byPe(causes));
        add("lock-contention", "PEs wait " + Names.time(total) + " for locks held by PE" + (pes.size() == 1 ? " " : "s ")
                        + list(pes), pes, names.region(top.region()), names.site(top.site()), total,
                "while holding the lock, PE " + top.pe() + " was " + names.activity(top),
                top.kind() == Activity.Kind.COMPUTE && names.region(top.region()) != null
                        ? "hold the lock for less time: move the " + names.activity(top) + " out of the critical section"
                        + " (before taking the lock, or after releasing it), or replace the lock by atomics"
                        : "hold the lock for less time (move work out of the critical section), or replace it by atomics",
                top.kind() == Activity.Kind.COMPUTE && names.region(top.region()) != null
                        ? WhatIf.defer(names.region(top.region()), -1) : null);
    }

    private void runsOfCalls() throws IOException, MergedFormatException, MachineException, ReplayException {
        for (CallRuns.Runs runs : diagnosis.runs()) {
            double most = runs.mostSeconds();
            if (!loops(runs) || most < MIN_SHARE_PERCENT / 100.0 * window) continue;
            List<Integer> pes = new ArrayList<>();
            double[] seconds = runs.seconds();
            for (int t = 0; t < seconds.length; t++) if (seconds[t] > 0) pes.add(t); // every PE that makes them
            pes.sort(Comparator.comparingDouble((Integer t) -> -seconds[t]).thenComparing(t -> t));
            if (pes.size() > PES_LISTED) pes = pes.subList(0, PES_LISTED);
            boolean collective = runs.type().payload() == Payload.COLLECTIVE;
            String call = names.call(runs.key().call());
            String region = names.region(runs.key().region()), site = names.site(runs.key().site());
            long perRun = Math.round(runs.callsPerRun());
            String what = (pes.size() == 1 ? "PE " + pes.get(0) + " makes " : "PEs " + list(pes) + " make ") + call
                    + " calls of " + Names.bytes(runs.bytesPerCall()) + " in runs of " + perRun
                    + (collective ? " in a row" : " to one PE") + (region == null ? "" : " in region " + region)
                    + ": " + Names.time(most) + (pes.size() == 1 ? "" : " on PE " + pes.get(0))
                    + " in their calls and the loop around them";
            String cause = "a call per " + Names.bytes(runs.bytesPerCall()) + ": " + String.format(java.util.Locale.ROOT,
                    "%,d calls where %,d would do", runs.calls(), runs.runs()) + ", each paying a call's own cost";
            String fix = collective ? "make each run one " + call + " on all its " + perRun + " values"
                    : "send each run as one call (its " + perRun + " elements from one buffer: one shmem_put or"
                    + " shmem_putmem, or its _nbi form if it can overlap)";
            add(collective ? "repeated-collectives" : "small-transfers", what, pes, region, site, most, cause, fix,
                    merging(runs, names));
        }
    }

    /** The critical path's time in the calls that which accepts (by call index), by call and region. */
    private Map<Activity, Double> callsOnPath(java.util.function.IntPredicate which) {
        Map<Activity, Double> onPath = new HashMap<>();
        result.path().byActivity().forEach((a, s) -> {
            if (a.kind() == Activity.Kind.CALL && which.test(a.call())) {
                onPath.merge(new Activity(-1, a.kind(), a.call(), a.region(), -1), s, Double::sum);
            }
        });
        return onPath;
    }

    private void blockingTransfers() throws IOException, MergedFormatException, MachineException, ReplayException {
        for (Map.Entry<Activity, Double> e : callsOnPath(call -> WhatIf.blocking(names.type(call))).entrySet()) {
            if (e.getValue() < COMMUNICATION_MIN_PERCENT / 100.0 * window) continue;
            Activity a = e.getKey();
            String call = names.call(a.call()), region = names.region(a.region());
            boolean get = names.type(a.call()) == io.shmemtrace.merged.format.RecordType.GET
                    || names.type(a.call()) == io.shmemtrace.merged.format.RecordType.G;
            add("blocking-transfers", "blocking " + call + " calls" + (region == null ? "" : " in region " + region)
                            + " take " + Names.time(e.getValue()) + " of the critical path", List.of(), region, null,
                    e.getValue(), get ? "each waits for its data to come back before the PE goes on"
                            : "each returns only once its data has left the PE's buffer",
                    "post them with the _nbi calls (shmem_putmem_nbi, shmem_getmem_nbi or their typed forms) and complete"
                            + " them later with shmem_quiet, computing meanwhile", WhatIf.nonblocking(call, region != null ? region
                            : names.hasRegions() ? "-" : null));
        }
    }

    private void staticData() throws IOException, MergedFormatException, MachineException, ReplayException {
        if (!diagnosis.pricesByMachine()) return;
        for (Map.Entry<Activity, Double> e : callsOnPath(call -> names.payload(call) == Payload.RMA).entrySet()) {
            if (e.getValue() < COMMUNICATION_MIN_PERCENT / 100.0 * window) continue;
            Activity a = e.getKey();
            String call = names.call(a.call()), region = names.region(a.region());
            add("static-data", call + " calls" + (region == null ? "" : " in region " + region) + " take "
                            + Names.time(e.getValue()) + " of the critical path, on static data (globals)", List.of(), region,
                    null, e.getValue(), "this machine's library moves data of static variables slower than data on the"
                            + " symmetric heap (its machine file's static rows against its heap rows)",
                    "allocate the buffers with shmem_malloc instead of as global or static variables",
                    WhatIf.heap(call, region != null ? region : names.hasRegions() ? "-" : null));
        }
    }

    private void communication() throws IOException, MergedFormatException, MachineException, ReplayException {
        Diagnosis.Priced ideal = diagnosis.price(WhatIf.idealNetwork());
        if (ideal.gain() < COMMUNICATION_MIN_PERCENT / 100.0 * window) return;
        Map<Activity, Double> calls = new HashMap<>();
        result.path().byActivity().forEach((a, s) -> {
            if (a.kind() == Activity.Kind.CALL) calls.merge(new Activity(-1, a.kind(), a.call(), -1, -1), s, Double::sum);
        });
        List<Map.Entry<Activity, Double>> top = calls.entrySet().stream()
                .sorted(Map.Entry.<Activity, Double>comparingByValue().reversed()).limit(3).toList();
        StringBuilder onPath = new StringBuilder();
        for (Map.Entry<Activity, Double> e : top) {
            onPath.append(onPath.length() == 0 ? "" : ", ").append(names.call(e.getKey().call())).append(' ')
                    .append(Names.time(e.getValue()));
        }
        var payload = top.isEmpty() ? null : names.payload(top.get(0).getKey().call());
        String what = payload == Payload.COLLECTIVE
                ? "collectives' own cost (synchronisation) takes " : payload == Payload.LOCK
                ? "taking and releasing locks takes " : "communication and its completion take ";
        String fix = payload == Payload.COLLECTIVE
                ? "synchronise less often, or only the PEs that must (shmem_sync on a team, a flag)"
                : payload == Payload.LOCK
                ? "take locks less often and hold them for less time, or replace them by atomics"
                : "overlap transfers with computation (the _nbi calls, completed later), aggregate small transfers";
        findings.add(new Finding("communication", what + Names.time(ideal.gain())
                        + " of the window: with a free network the run would take " + Names.time(window - ideal.gain()),
                List.of(), null, null, ideal.gain(), share(ideal.gain()),
                "calls on the critical path: " + (onPath.length() == 0 ? "none" : onPath), fix + ", or run on a faster network",
                ideal.whatIf(), window - ideal.gain(), ideal.gain()));
    }

    private void add(String kind, String what, List<Integer> pes, String region, String site, double seconds, String cause,
                     String fix, WhatIf w) throws IOException, MergedFormatException, MachineException, ReplayException {
        Double gain = null, predicted = null;
        if (w != null) {
            Diagnosis.Priced p = diagnosis.price(w);
            if (p.gain() < MIN_SHARE_PERCENT / 100.0 * window) return; // its fix would not buy enough to list it
            gain = p.gain();
            predicted = window - gain;
        }
        findings.add(new Finding(kind, what, List.copyOf(pes), region, site, seconds, share(seconds), cause, fix, w,
                predicted, gain));
    }

    private double share(double seconds) {
        return window > 0 ? Math.min(1, seconds / window) : 0;
    }

    private static double sum(Map<Activity, double[]> causes, java.util.function.Predicate<Activity> which) {
        double s = 0;
        for (Map.Entry<Activity, double[]> e : causes.entrySet()) if (which.test(e.getKey())) s += e.getValue()[0] + e.getValue()[1];
        return s;
    }

    private static Activity top(Map<Activity, double[]> causes) {
        return causes.entrySet().stream().max(Comparator.comparingDouble(e -> e.getValue()[0] + e.getValue()[1]))
                .map(Map.Entry::getKey).orElseThrow();
    }

    private static Map<Integer, Double> byPe(Map<Activity, double[]> causes) {
        Map<Integer, Double> m = new HashMap<>();
        causes.forEach((a, s) -> m.merge(a.pe(), s[0] + s[1], Double::sum));
        return m;
    }

    /** The PEs by what they caused, most first, at most PES_LISTED. */
    private static List<Integer> ranked(Map<Integer, Double> byPe) {
        return byPe.entrySet().stream().sorted(Map.Entry.<Integer, Double>comparingByValue().reversed()
                .thenComparing(Map.Entry.comparingByKey())).limit(PES_LISTED).map(Map.Entry::getKey).toList();
    }

    private static String list(List<Integer> pes) {
        return String.join(", ", pes.stream().map(String::valueOf).toList());
    }
}
