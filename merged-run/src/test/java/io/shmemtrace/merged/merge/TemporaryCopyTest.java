package io.shmemtrace.merged.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run directory of more traces than the process may map side by side is refused in one line before any is read
 * (past the limit the JVM crashed, unable to grow its heap: 66,000 traces under the default 65,530); the limit is
 * read whole from its /proc file.
 */
class TemporaryCopyTest {
    @TempDir
    Path dir;

    @Test
    void moreTracesThanMappingsAreRefusedFewerAreNot() throws Exception {
        Path run = Files.createDirectory(dir.resolve("run"));
        for (int pe = 0; pe < 3; pe++) Files.writeString(run.resolve("pe" + pe + ".shmt"), "x");
        Files.createDirectory(run.resolve("not-a-trace"));
        Path limit = dir.resolve("max_map_count");
        Files.writeString(limit, (TemporaryCopy.JVM_MAPPINGS + 2) + "\n");
        String refused = TemporaryCopy.tooManyToReadSideBySide(run, limit);
        assertEquals("3 traces cannot be read side by side: each takes a memory mapping, and vm.max_map_count allows "
                + (TemporaryCopy.JVM_MAPPINGS + 2) + " a process (the JVM takes some " + TemporaryCopy.JVM_MAPPINGS + ")",
                refused);
        Files.writeString(limit, (TemporaryCopy.JVM_MAPPINGS + 3) + "\n");
        assertNull(TemporaryCopy.tooManyToReadSideBySide(run, limit));
        assertNull(TemporaryCopy.tooManyToReadSideBySide(run, dir.resolve("none")), "no limit to read: none");
    }

    @Test
    void theSystemsLimitIsReadWhole() {
        long limit = TemporaryCopy.mapLimit(Path.of("/proc/sys/vm/max_map_count"));
        if (limit < 0) return; // not Linux
        assertTrue(limit >= 1000, "read " + limit + ": a /proc file's first byte alone?");
    }
}
