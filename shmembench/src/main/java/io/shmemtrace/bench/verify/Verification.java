package io.shmemtrace.bench.verify;

import io.shmemtrace.bench.run.BenchRun.Count;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** A benchmark's own counts against its trace's, per PE and API: every difference is a mismatch. */
public final class Verification {
    private final List<String> mismatches = new ArrayList<>();
    private final Set<String> apis = new TreeSet<>();
    private long calls;

    public List<String> mismatches() {
        return mismatches;
    }

    public int apis() {
        return apis.size();
    }

    public long calls() {
        return calls;
    }

    /** Compares one run; label names it in mismatches. */
    public void compare(String label, int npes, Map<Integer, Map<String, Count>> made,
                        Map<Integer, Map<String, Count>> traced) {
        for (int pe = 0; pe < npes; pe++) {
            Map<String, Count> m = made.getOrDefault(pe, Map.of());
            Map<String, Count> t = traced.getOrDefault(pe, Map.of());
            if (m.isEmpty()) mismatches.add(label + ": PE " + pe + " printed no counts");
            if (t.isEmpty()) mismatches.add(label + ": PE " + pe + " has no traced calls");
            Set<String> names = new TreeSet<>(m.keySet());
            names.addAll(t.keySet());
            for (String api : names) {
                Count a = m.get(api);
                Count b = t.get(api);
                if (a != null && a.equals(b)) {
                    apis.add(api);
                    calls += a.calls();
                    continue;
                }
                mismatches.add(label + ": PE " + pe + " " + api + ": the benchmark made " + describe(a)
                        + ", the trace holds " + describe(b));
            }
        }
    }

    private static String describe(Count c) {
        return c == null ? "none" : c.calls() + " calls (" + c.bytes() + " bytes)";
    }
}
