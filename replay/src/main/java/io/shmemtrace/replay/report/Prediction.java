package io.shmemtrace.replay.report;

import io.shmemtrace.merged.format.RecordType;
import io.shmemtrace.merged.read.CallEntry;
import io.shmemtrace.replay.engine.CallStats;
import io.shmemtrace.replay.engine.PeTimes;
import io.shmemtrace.replay.engine.Replay;
import io.shmemtrace.waits.WaitStates;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A replay's figures over the application window: from the end of shmem_init to the start of shmem_finalize,
 * the last PE's of each (the run's window, as every tool gives it), simulated and traced. Init and finalize are the library's start-up and tear-down;
 * they are given apart, as traced.
 */
public record Prediction(String model, String machine, Replay.Result result, double predicted, double traced,
                         double meanInit, double meanFinalize, double replaySeconds, WaitStates waitStates, double low,
                         double high, String intervalFrom) {

    public static Prediction of(String model, String machine, Replay.Result r, double replaySeconds, WaitStates waits) {
        double start = 0, end = 0, tStart = 0, tEnd = 0;
        for (PeTimes t : r.tasks()) {
            if (!Double.isNaN(t.initEnd())) start = Math.max(start, t.initEnd());
            if (!Double.isNaN(t.tracedInitEnd())) tStart = Math.max(tStart, t.tracedInitEnd());
            end = Math.max(end, t.windowEnd());
            tEnd = Math.max(tEnd, t.tracedWindowEnd());
        }
        double init = 0, fin = 0;
        int n = 0;
        for (int i = 0; i < r.callTable().size(); i++) {
            CallEntry c = r.callTable().get(i);
            if (c.type() == RecordType.INIT) init += r.calls()[i].tracedTime;
            if (c.type() == RecordType.FINALIZE) fin += r.calls()[i].tracedTime;
        }
        n = Math.max(1, r.tasks().size());
        double window = Math.max(0, end - start);
        return new Prediction(model, machine, r, window, Math.max(0, tEnd - tStart), init / n, fin / n, replaySeconds,
                waits, window, window, "");
    }

    /** The same with its interval ({@link Interval}): the windows at its two ends, and what they were made of. */
    public Prediction withInterval(double low, double high, String from) {
        return new Prediction(model, machine, result, predicted, traced, meanInit, meanFinalize, replaySeconds, waitStates,
                Math.min(low, predicted), Math.max(high, predicted), from);
    }

    /** Whether the prediction has an interval of some width. */
    public boolean hasInterval() {
        return low < predicted || high > predicted;
    }

    /** Relative error of the prediction against the traced window. */
    public double error() {
        return traced > 0 ? (predicted - traced) / traced : 0;
    }

    /** Per event type: calls, time, wait, bytes (the functions of each type added up). */
    public Map<RecordType, CallStats> byType() {
        Map<RecordType, CallStats> m = new LinkedHashMap<>();
        for (int i = 0; i < result.callTable().size(); i++) {
            CallStats c = result.calls()[i];
            if (c.calls == 0) continue;
            CallStats t = m.computeIfAbsent(result.callTable().get(i).type(), k -> new CallStats());
            t.calls += c.calls;
            t.time += c.time;
            t.wait += c.wait;
            t.bytes += c.bytes;
            t.tracedTime += c.tracedTime;
        }
        return m;
    }

    /** The tasks that waited most, most first. */
    public List<PeTimes> mostWaiting(int n) {
        List<PeTimes> l = new ArrayList<>(result.tasks());
        l.sort(Comparator.comparingDouble(PeTimes::waited).reversed().thenComparingInt(PeTimes::task));
        return l.subList(0, Math.min(n, l.size()));
    }
}
