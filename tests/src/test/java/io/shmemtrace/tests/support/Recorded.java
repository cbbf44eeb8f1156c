package io.shmemtrace.tests.support;

import io.shmemtrace.format.FieldDef;
import io.shmemtrace.format.read.TraceEvent;
import java.util.LinkedHashMap;
import java.util.Map;

/** A copy of one decoded event, for assertions. */
public record Recorded(int pe, int thread, long seq, String name, int targetPe, long bytes,
                       long startUnits, long endUnits, long burstUnits, long durationNs, long burstNs,
                       long callsite, Map<String, Long> fields) {

    static Recorded of(TraceEvent e) {
        Map<String, Long> fields = new LinkedHashMap<>();
        int i = 0;
        for (FieldDef f : e.def().fields()) {
            fields.put(f.name(), e.value(i++));
        }
        return new Recorded(e.pe(), e.thread(), e.seq(), e.name(), e.targetPe(), e.bytes(), e.startUnits(),
                e.endUnits(), e.burstUnits(), e.durationNs(), e.burstNs(), e.callsite(), fields);
    }

    public long field(String name) {
        Long v = fields.get(name);
        if (v == null) throw new AssertionError(name() + " has no field " + name + ": " + fields);
        return v;
    }
}
