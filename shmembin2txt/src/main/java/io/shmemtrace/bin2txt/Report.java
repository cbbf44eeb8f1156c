package io.shmemtrace.bin2txt;

import io.shmemtrace.format.read.TraceEvent;
import io.shmemtrace.format.read.TraceFile;
import java.io.PrintStream;
import java.util.List;

/**
 * One output format. It sees all opened files first (their headers and block lists, nothing decoded yet),
 * then each file with its events in order (PE ascending, then thread, then seq), then the end.
 * A new format is one new subclass, chosen in {@link Shmembin2txt}.
 */
abstract class Report {
    protected final PrintStream out;

    Report(PrintStream out) {
        this.out = out;
    }

    void begin(List<TraceFile> files) {}

    void beginFile(TraceFile file) {}

    abstract void event(TraceEvent event);

    void endFile(TraceFile file) {}

    void end() {}
}
