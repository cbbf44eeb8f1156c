package io.shmemtrace.bin2txt;

import io.shmemtrace.format.read.TraceEvent;
import io.shmemtrace.format.read.TraceFile;
import io.shmemtrace.format.read.TraceRun;
import java.io.PrintStream;

/**
 * One output format. It sees the run first (every file's header; the files themselves are opened one at a
 * time later), then each file with its events in order (PE ascending, then thread, then seq), then the end.
 * A new format is one new subclass, chosen in {@link Shmembin2txt}.
 */
abstract class Report {
    protected final PrintStream out;

    Report(PrintStream out) {
        this.out = out;
    }

    void begin(TraceRun run) {}

    void beginFile(TraceFile file) {}

    abstract void event(TraceEvent event);

    void endFile(TraceFile file) {}

    void end() {}
}
