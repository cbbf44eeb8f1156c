package io.shmemtrace.format.read;

/** The file header (FORMAT.md, "File header"), as read. Clock values are raw ticks unless named _ns. */
public record TraceHeader(
        int versionMajor,
        int versionMinor,
        int blockSize,
        int firstBlockOffset,
        int pe,
        int npes,
        long pid,
        long tickHz,
        int tickShift,
        int clockSource,
        int writer,
        long initTicks,
        long initMonoNs,
        long initRealNs,
        String runId,
        String host,
        TraceState state,
        int blocksAllocated,
        long finalTicks,
        long finalMonoNs,
        long droppedEvents) {}
