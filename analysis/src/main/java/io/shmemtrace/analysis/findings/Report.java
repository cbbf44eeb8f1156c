package io.shmemtrace.analysis.findings;

import com.fasterxml.jackson.core.JsonGenerator;
import io.shmemtrace.analysis.Activity;
import io.shmemtrace.analysis.Diagnosis;
import io.shmemtrace.analysis.path.CriticalPath;
import io.shmemtrace.merged.read.MergedFile;
import io.shmemtrace.merged.read.MergedFormatException;
import io.shmemtrace.replay.engine.ReplayException;
import io.shmemtrace.replay.machine.Machine;
import io.shmemtrace.replay.machine.MachineException;
import io.shmemtrace.replay.model.CommModel;
import io.shmemtrace.replay.report.Simulation;
import java.io.IOException;
import java.io.PrintStream;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * The findings as a user reads them: the ranked list first, then the critical path and the causes of the waits
 * behind it; and the same as one JSON object ({@code window_s}, {@code critical_path_s}, {@code findings}: kind,
 * what, pes, region, site, seconds, share, cause, fix, what_if, predicted_window_s, predicted_gain_s).
 *
 * @param basis what the times are: "traced" or the machine file's name
 */
public record Report(String run, String basis, Diagnosis.Result diagnosis, List<Finding> findings, List<String> notes,
                     Names names) {
    private static final int ROWS = 8;

    /**
     * The diagnosis of f as a report (docs/findings.md): machine and model null for the traced times; basis says which
     * in words; progress sees the analysis replay's events (null: none); notes gets what the run's names lack.
     * ReplayException for a run that cannot be replayed (partial, damaged, collectives that do not match).
     */
    public static Report of(MergedFile f, String run, Machine machine, CommModel model, String basis,
                            java.util.function.LongConsumer progress, java.util.function.Consumer<String> notes)
            throws IOException, MergedFormatException, MachineException, ReplayException {
        String problem = Simulation.unreplayable(f);
        if (problem != null) throw new ReplayException(problem);
        Diagnosis diagnosis = new Diagnosis(f, machine, model);
        Names names = new Names(f, notes);
        diagnosis.priceAhead(() -> Findings.likelyFixes(diagnosis, names)); // beside the analysis
        Diagnosis.Result result = diagnosis.analyse(progress);
        return new Report(run, basis, result, Findings.of(f, diagnosis, result, names), Findings.missing(f), names);
    }

    /** What a run without findings gets, in words. */
    public static final String NONE = "No finding: no imbalance, late writer, hot lock, loop of small calls, blocking"
            + " transfer or communication cost above its threshold";

    /** The findings, then the critical path and the causes of the waits. */
    public void print(PrintStream out) {
        printFindings(out);
        printDetails(out);
    }

    /** The window, the waits, and the ranked findings with their notes: what heads the summary and the page. */
    public void printFindings(PrintStream out) {
        CriticalPath.Result path = diagnosis.path();
        out.printf(Locale.ROOT, "findings for %s (%s): window %s, critical path %s, critical-path imbalance %s%n", run,
                basis, Names.time(diagnosis.window()), Names.time(path.length()), Names.time(path.imbalance()));
        var d = diagnosis.delays();
        out.printf(Locale.ROOT, "waits %s in all; %s of them caused by another PE: direct delay %s, propagated %s%n",
                Names.time(d.waited()), Names.time(d.explained()), Names.time(d.direct()), Names.time(d.propagated()));
        out.println();
        if (findings.isEmpty()) out.println(NONE + " (docs/findings.md)");
        for (int i = 0; i < findings.size(); i++) {
            Finding f = findings.get(i);
            out.printf(Locale.ROOT, "%d. %s: %s%n", i + 1, f.kind(), f.what());
            String where = where(f);
            if (!where.isEmpty()) out.println("   where: " + where);
            out.printf(Locale.ROOT, "   how much: %s (%s of the window)%n", Names.time(f.seconds()), Names.percent(f.share()));
            out.println("   why: " + f.cause());
            out.print("   fix: " + f.fix());
            if (f.predictedGain() != null) {
                out.printf(Locale.ROOT, "; predicted window %s, gain %s (%s; shmemsim --what-if %s)", Names.time(f.predictedWindow()),
                        Names.time(f.predictedGain()), Names.percent(f.predictedGain() / Math.max(diagnosis.window(), 1e-12)),
                        f.whatIf().spec());
            }
            out.println();
        }
        for (String n : notes) out.println("note: " + n);
    }

    /** The critical path per PE and per activity, and the causes of the waits. */
    public void printDetails(PrintStream out) {
        CriticalPath.Result path = diagnosis.path();
        var d = diagnosis.delays();
        out.println();
        out.println("critical path (" + Names.time(path.length()) + "), per PE:");
        rows(out, path.by(Activity::pe), pe -> "PE " + pe, path.length());
        out.println("per activity:");
        rows(out, path.by(a -> a.on(-1)), names::activity, path.length());
        if (!d.causes().isEmpty()) {
            out.println("causes of waits (the late PE's activity; direct + propagated):");
            rows(out, d.causedBy(a -> a), a -> "PE " + a.pe() + " " + names.activity(a), d.explained());
            out.println("root causes of waits (propagated delay followed back to where it started):");
            rows(out, d.roots(), a -> "PE " + a.pe() + " " + names.activity(a), d.explained());
        }
    }

    private static String where(Finding f) {
        StringBuilder s = new StringBuilder();
        if (!f.pes().isEmpty()) s.append(f.pes().size() == 1 ? "PE " : "PEs ").append(String.join(", ",
                f.pes().stream().map(String::valueOf).toList()));
        if (f.region() != null) s.append(s.length() == 0 ? "" : ", ").append("region ").append(f.region());
        if (f.site() != null) s.append(s.length() == 0 ? "" : ", ").append(f.site());
        return s.toString();
    }

    private static <K> void rows(PrintStream out, Map<K, Double> seconds, Function<K, String> label, double of) {
        List<Map.Entry<K, Double>> sorted = seconds.entrySet().stream()
                .sorted(Map.Entry.<K, Double>comparingByValue(Comparator.reverseOrder())).toList();
        for (Map.Entry<K, Double> e : sorted.subList(0, Math.min(ROWS, sorted.size()))) {
            out.printf(Locale.ROOT, "  %-60s %12s %7s%n", label.apply(e.getKey()), Names.time(e.getValue()),
                    Names.percent(of > 0 ? e.getValue() / of : 0));
        }
        if (sorted.size() > ROWS) out.println("  ... and " + (sorted.size() - ROWS) + " more");
    }

    public void write(JsonGenerator g) throws IOException {
        g.writeStartObject();
        g.writeStringField("run", run);
        g.writeStringField("basis", basis);
        g.writeNumberField("window_s", diagnosis.window());
        g.writeNumberField("critical_path_s", diagnosis.path().length());
        g.writeNumberField("critical_path_imbalance_s", diagnosis.path().imbalance());
        g.writeNumberField("waits_s", diagnosis.delays().waited());
        g.writeNumberField("waits_explained_s", diagnosis.delays().explained());
        g.writeNumberField("direct_delay_s", diagnosis.delays().direct());
        g.writeNumberField("propagated_delay_s", diagnosis.delays().propagated());
        g.writeArrayFieldStart("findings");
        for (Finding f : findings) {
            g.writeStartObject();
            g.writeStringField("kind", f.kind());
            g.writeStringField("what", f.what());
            g.writeArrayFieldStart("pes");
            for (int pe : f.pes()) g.writeNumber(pe);
            g.writeEndArray();
            nullable(g, "region", f.region());
            nullable(g, "site", f.site());
            g.writeNumberField("seconds", f.seconds());
            g.writeNumberField("share", f.share());
            g.writeStringField("cause", f.cause());
            g.writeStringField("fix", f.fix());
            nullable(g, "what_if", f.whatIf() == null ? null : f.whatIf().spec());
            if (f.predictedWindow() == null) g.writeNullField("predicted_window_s");
            else g.writeNumberField("predicted_window_s", f.predictedWindow());
            if (f.predictedGain() == null) g.writeNullField("predicted_gain_s");
            else g.writeNumberField("predicted_gain_s", f.predictedGain());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeArrayFieldStart("critical_path_by_pe");
        for (Map.Entry<Integer, Double> e : new java.util.TreeMap<>(diagnosis.path().by(Activity::pe)).entrySet()) {
            g.writeStartObject();
            g.writeNumberField("pe", e.getKey());
            g.writeNumberField("seconds", e.getValue());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeArrayFieldStart("root_causes"); // the largest first, at most ROWS
        List<Map.Entry<Activity, Double>> roots = diagnosis.delays().roots().entrySet().stream()
                .sorted(Map.Entry.<Activity, Double>comparingByValue(Comparator.reverseOrder())).limit(ROWS).toList();
        for (Map.Entry<Activity, Double> e : roots) {
            g.writeStartObject();
            g.writeNumberField("pe", e.getKey().pe());
            g.writeStringField("activity", names.activity(e.getKey()));
            g.writeNumberField("seconds", e.getValue());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeArrayFieldStart("notes");
        for (String n : notes) g.writeString(n);
        g.writeEndArray();
        g.writeEndObject();
    }

    private static void nullable(JsonGenerator g, String field, String value) throws IOException {
        if (value == null) g.writeNullField(field);
        else g.writeStringField(field, value);
    }
}
