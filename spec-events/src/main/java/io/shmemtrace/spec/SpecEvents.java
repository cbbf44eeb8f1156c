package io.shmemtrace.spec;

import io.shmemtrace.format.EventDef;
import io.shmemtrace.format.EventTable;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Every call event-spec.xml describes, as the event table a trace of the native shim carries (generated into
 * this jar at build time): for the Java tools that make calls of their own — synthetic runs, benchmarks — so
 * that they name, record and classify those calls exactly as the tracer does.
 */
public final class SpecEvents {
    private static final String RESOURCE = "event-table.bin";
    private static volatile EventTable table;

    private SpecEvents() {}

    /** The whole table, ids as the native shim numbers them. */
    public static EventTable table() {
        EventTable t = table;
        if (t == null) {
            try (InputStream in = SpecEvents.class.getResourceAsStream(RESOURCE)) {
                if (in == null) throw new IllegalStateException(RESOURCE + " is missing from the spec-events jar");
                table = t = EventTable.decode(in.readAllBytes());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return t;
    }

    /** The spec's entry for this function; IllegalArgumentException when the spec has none. */
    public static EventDef of(String function) {
        EventDef def = table().byName(function);
        if (def == null) throw new IllegalArgumentException("event-spec.xml has no function " + function);
        return def;
    }

    /**
     * A table of just these functions, numbered 0, 1, ... in the order given: a trace of a few calls carries a
     * few entries, not the spec's 843.
     */
    public static EventTable subset(String... functions) {
        List<EventDef> defs = new ArrayList<>(functions.length);
        for (String f : functions) defs.add(of(f).withId(defs.size()));
        return new EventTable(defs);
    }
}
