package io.shmemtrace.sim.report;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.shmemtrace.io.OutputFiles;
import io.shmemtrace.merged.format.RecordType;
import io.shmemtrace.replay.engine.CallStats;
import io.shmemtrace.replay.engine.PeTimes;
import io.shmemtrace.replay.engine.RegionTimes;
import io.shmemtrace.replay.report.Explanation;
import io.shmemtrace.replay.report.Prediction;
import io.shmemtrace.waits.WaitState;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * --json: the whole prediction as one object: predicted_s, traced_s, model, pes, events, by_type, by_call
 * (each with its traced_s and diff_s), differences (Explanation), by_pe (with its traced compute and time in
 * calls), bytes, unmatched_waits. Written to a temporary file and moved in: never half-written.
 */
public final class JsonReport {
    private JsonReport() {}

    /** Writes the prediction to file; an existing file is replaced only with force (OutputFiles). */
    public static void write(Prediction p, List<PricedWhatIf> whatIfs, Path file, boolean force) throws IOException {
        OutputFiles.write(file, force, f -> {
            try (JsonGenerator g = new JsonFactory().createGenerator(f.toFile(), JsonEncoding.UTF8)) {
                g.useDefaultPrettyPrinter();
                write(p, whatIfs, g);
            }
        });
    }

    private static void write(Prediction p, List<PricedWhatIf> whatIfs, JsonGenerator g) throws IOException {
        var r = p.result();
        g.writeStartObject();
        g.writeNumberField("predicted_s", p.predicted());
        g.writeNumberField("low_s", p.low());
        g.writeNumberField("high_s", p.high());
        g.writeStringField("interval_from", p.intervalFrom()); // what the interval is made of ("" without one)
        g.writeNumberField("traced_s", p.traced());
        g.writeNumberField("error", p.error());
        g.writeStringField("model", p.model());
        g.writeStringField("machine", p.machine());
        g.writeNumberField("pes", r.tasks().size());
        g.writeNumberField("events", r.events());
        g.writeNumberField("replay_s", p.replaySeconds());
        g.writeNumberField("init_s", p.meanInit());
        g.writeNumberField("finalize_s", p.meanFinalize());
        g.writeNumberField("unmatched_waits", r.unmatchedWaits());
        g.writeNumberField("forced_releases", r.forced());
        g.writeObjectFieldStart("bytes");
        g.writeNumberField("on_node", r.onNodeBytes());
        g.writeNumberField("off_node", r.offNodeBytes());
        g.writeEndObject();
        g.writeObjectFieldStart("wait_states");
        for (WaitState w : WaitState.values()) {
            g.writeNumberField(w.label, p.waitStates().total(w));
        }
        g.writeEndObject();
        g.writeObjectFieldStart("by_type");
        for (Map.Entry<RecordType, CallStats> e : p.byType().entrySet()) {
            g.writeFieldName(e.getKey().name().toLowerCase(Locale.ROOT));
            stats(g, e.getValue());
        }
        g.writeEndObject();
        g.writeArrayFieldStart("regions");
        for (RegionTimes.Region region : r.regions()) {
            g.writeStartObject();
            g.writeStringField("name", region.name());
            g.writeNumberField("entered", region.entered());
            g.writeNumberField("traced_s", region.traced());
            g.writeNumberField("predicted_s", region.predicted());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeObjectFieldStart("by_call");
        for (int i = 0; i < r.callTable().size(); i++) {
            if (r.calls()[i].calls == 0) continue;
            g.writeFieldName(r.callTable().get(i).name());
            stats(g, r.calls()[i]);
        }
        g.writeEndObject();
        g.writeArrayFieldStart("differences");
        for (Explanation.Difference d : Explanation.of(p)) {
            g.writeStartObject();
            g.writeStringField("what", d.what());
            g.writeNumberField("predicted_s", d.predicted());
            g.writeNumberField("traced_s", d.traced());
            g.writeNumberField("diff_s", d.seconds());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeArrayFieldStart("by_pe");
        for (PeTimes t : r.tasks()) {
            g.writeStartObject();
            g.writeNumberField("pe", t.task());
            g.writeNumberField("compute_s", t.compute());
            g.writeNumberField("comm_s", t.comm());
            g.writeNumberField("wait_s", t.waited());
            g.writeNumberField("traced_compute_s", t.tracedCompute());
            g.writeNumberField("traced_in_calls_s", t.tracedComm());
            g.writeNumberField("bytes", t.bytes());
            g.writeNumberField("messages", t.messages());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeArrayFieldStart("what_ifs");
        for (PricedWhatIf w : whatIfs) {
            g.writeStartObject();
            g.writeStringField("what_if", w.priced().whatIf().spec());
            g.writeStringField("description", w.priced().whatIf().describe());
            g.writeNumberField("predicted_window_s", w.window());
            g.writeNumberField("low_s", w.low());
            g.writeNumberField("high_s", w.high());
            g.writeNumberField("gain_s", w.priced().gain());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    private static void stats(JsonGenerator g, CallStats c) throws IOException {
        g.writeStartObject();
        g.writeNumberField("calls", c.calls);
        g.writeNumberField("time_s", c.time);
        g.writeNumberField("wait_s", c.wait);
        g.writeNumberField("bytes", c.bytes);
        g.writeNumberField("traced_s", c.tracedTime);
        g.writeNumberField("diff_s", c.time - c.tracedTime);
        g.writeEndObject();
    }
}
