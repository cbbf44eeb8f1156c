package io.shmemtrace.codegen.emit;

import io.shmemtrace.codegen.model.TracedFunction;
import io.shmemtrace.codegen.model.TracedSpec;

/** Emits shmt_events.h: the event id of every traced function. */
public final class EventHeaderEmitter {
    private EventHeaderEmitter() {}

    public static String emit(TracedSpec spec) {
        StringBuilder out = new StringBuilder(GeneratedHeader.C_BANNER);
        out.append("#ifndef SHMT_EVENTS_H\n#define SHMT_EVENTS_H\n\n");
        for (TracedFunction f : spec.functions()) {
            out.append("#define SHMT_ID_").append(f.name()).append(' ').append(f.id()).append('\n');
        }
        out.append("\n#define SHMT_EVENT_COUNT ").append(spec.functions().size()).append("\n\n#endif\n");
        return out.toString();
    }
}
