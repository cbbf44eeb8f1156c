package io.shmemtrace.tests.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.format.TraceState;
import java.io.File;
import java.nio.file.Path;

/** What SHMEMTRACE_MAX_BYTES=64K leaves of a run, whichever layer wrote the file (native shim, Java agent). */
public final class SizeLimit {
    public static final String SETTING = "64K";
    private static final long BYTES = 64 * 1024;

    private SizeLimit() {}

    /**
     * The file stayed within the limit, its writer said so in one line, it ended as the PE did (finalized), and each
     * of the calls made (callsMade) was recorded, in order, or counted.
     */
    public static Traces.Read assertCapped(Path file, String stderr, long callsMade) {
        File f = file.toFile();
        assertTrue(f.length() <= BYTES, f.length() + " bytes");
        assertEquals(1, stderr.lines().filter(l -> l.equals("shmemtrace: " + file + ": the trace reached"
                + " SHMEMTRACE_MAX_BYTES (" + BYTES + " bytes); later calls are counted, not recorded")).count(), stderr);
        Traces.Read t = Traces.read(file);
        assertEquals(TraceState.FINALIZED, t.file().header().state(), "the PE ends as it would");
        assertTrue(t.file().header().capped());
        long recorded = t.events().size();
        long dropped = t.file().header().droppedEvents();
        assertTrue(recorded > 1000 && dropped > 0, recorded + " recorded, " + dropped + " dropped");
        assertEquals(callsMade, recorded + dropped, "each call recorded or counted");
        for (int i = 0; i < recorded; i++) assertEquals(i, t.events().get(i).seq(), "none lost before the limit");
        return t;
    }
}
