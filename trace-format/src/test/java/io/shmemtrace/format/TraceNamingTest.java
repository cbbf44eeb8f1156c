package io.shmemtrace.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.shmemtrace.format.TraceNaming.FileName;
import io.shmemtrace.format.TraceNaming.Layer;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The naming rules of FORMAT.md, as the agent and the readers apply them (the C shim gets the same constants). */
class TraceNamingTest {
    @Test
    void runIdPrefersOpenMpisJobThenTheGivenIdThenHostAndParent() {
        assertEquals("ompi-123", TraceNaming.runId(Map.of("OMPI_MCA_ess_base_jobid", "123",
                "SHMEMTRACE_RUN_ID", "mine"), "node", 7));
        assertEquals("mine", TraceNaming.runId(Map.of("SHMEMTRACE_RUN_ID", "mine", "OMPI_MCA_ess_base_jobid", ""),
                "node", 7));
        assertEquals("node-7", TraceNaming.runId(Map.of(), "node", 7));
    }

    @Test
    void runIdUnderBatchSystemsIsTheJobsOnEveryNode() {
        assertEquals("slurm-812.3", TraceNaming.runId(Map.of("SLURM_JOB_ID", "812", "SLURM_STEP_ID", "3",
                "SHMEMTRACE_RUN_ID", "mine"), "node", 7));
        assertEquals("slurm-812", TraceNaming.runId(Map.of("SLURM_JOB_ID", "812"), "node", 7));
        assertEquals("ompi-5", TraceNaming.runId(Map.of("SLURM_JOB_ID", "812", "OMPI_MCA_ess_base_jobid", "5"), "n", 7));
        assertEquals("pbs-77.server", TraceNaming.runId(Map.of("PBS_JOBID", "77.server"), "node", 7));
        assertEquals("lsf-9", TraceNaming.runId(Map.of("LSB_JOBID", "9"), "node", 7));
        assertEquals("a_b_c", TraceNaming.runId(Map.of("SHMEMTRACE_RUN_ID", "a/b c"), "node", 7), "never a path");
    }

    @Test
    void directoryIsTheGivenOneOrShmemtraceDashRunId() {
        assertEquals(Path.of("/tmp/t"), TraceNaming.directory(Map.of("SHMEMTRACE_DIR", "/tmp/t"), "r"));
        assertEquals(Path.of("shmemtrace-ompi-9"), TraceNaming.directory(Map.of("SHMEMTRACE_DIR", ""), "ompi-9"));
    }

    @Test
    void aSizeSettingNotTakenIsTheDefaultWithOneLine() {
        java.util.List<String> lines = new java.util.ArrayList<>();
        assertEquals(8192, TraceNaming.blockSize(Map.of("SHMEMTRACE_BLOCK_SIZE", "8192"), lines::add));
        assertEquals(64 << 20, TraceNaming.blockSize(Map.of("SHMEMTRACE_BLOCK_SIZE", "64M"), lines::add));
        assertEquals(Layout.DEFAULT_BLOCK_SIZE, TraceNaming.blockSize(Map.of(), lines::add));
        assertEquals(Layout.DEFAULT_BLOCK_SIZE, TraceNaming.blockSize(Map.of("SHMEMTRACE_BLOCK_SIZE", ""), lines::add));
        assertEquals(0L, TraceNaming.maxBytes(Map.of("SHMEMTRACE_MAX_BYTES", "0"), lines::add));
        assertEquals(3L << 30, TraceNaming.maxBytes(Map.of("SHMEMTRACE_MAX_BYTES", "3g"), lines::add));
        assertEquals(java.util.List.of(), lines, "values taken: no line");
        for (String bad : new String[] {"1G", "1073741824", "4095", "6000", "0", "-4096", "big", "8192x", " 8192"}) {
            assertEquals(Layout.DEFAULT_BLOCK_SIZE, TraceNaming.blockSize(Map.of("SHMEMTRACE_BLOCK_SIZE", bad), lines::add), bad);
        }
        for (String bad : new String[] {"-1", "17179869184G", "99999999999999999999", "2 G", "2GB"}) {
            assertEquals(Layout.DEFAULT_MAX_BYTES, TraceNaming.maxBytes(Map.of("SHMEMTRACE_MAX_BYTES", bad), lines::add), bad);
        }
        assertEquals(14, lines.size(), String.join("\n", lines));
        assertEquals("SHMEMTRACE_BLOCK_SIZE=8192x: not a size this setting takes (4096 to 67108864 bytes, a multiple of"
                + " 4096; suffix K, M or G); the default, 1M", lines.get(7));
        assertEquals("SHMEMTRACE_MAX_BYTES=-1: not a size this setting takes (bytes; suffix K, M or G); the default, 2G",
                lines.get(9));
    }

    @Test
    void fileNamesRoundTrip() {
        assertEquals("pe00003.shmt", TraceNaming.fileName(3, Layer.NATIVE));
        assertEquals("pe123456.java.shmt", TraceNaming.fileName(123456, Layer.JAVA));
        assertEquals(new FileName(3, Layer.NATIVE), TraceNaming.parse("pe00003.shmt"));
        assertEquals(new FileName(123456, Layer.JAVA), TraceNaming.parse("pe123456.java.shmt"));
        assertNull(TraceNaming.parse("pe3.shmt"));
        assertNull(TraceNaming.parse("pe00003.shmt.tmp"));
        assertNull(TraceNaming.parse("pe99999999999.shmt"));
    }
}
