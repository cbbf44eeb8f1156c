package io.shmemtrace.bin2txt;

import io.shmemtrace.format.read.TraceEvent;
import io.shmemtrace.format.read.TraceFile;
import java.io.PrintStream;

/** One output format: sees each file, then each of its events in order, then the end. */
abstract class Report {
    protected final PrintStream out;

    Report(PrintStream out) {
        this.out = out;
    }

    void beginFile(TraceFile file) {}

    abstract void event(TraceEvent event);

    void endFile(TraceFile file) {}

    void end() {}
}
