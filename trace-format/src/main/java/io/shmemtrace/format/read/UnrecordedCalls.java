package io.shmemtrace.format.read;

import io.shmemtrace.format.EventDef;

/**
 * Calls of one function a PE made but did not record (FORMAT.md, "Counts").
 *
 * @param paused made while the program had paused the trace ({@code shmemtrace_pause}, SHMEMTRACE_START)
 * @param excluded excluded by SHMEMTRACE_EXCLUDE or SHMEMTRACE_INCLUDE
 */
public record UnrecordedCalls(EventDef def, long paused, long excluded) {
    public long calls() {
        return paused + excluded;
    }
}
