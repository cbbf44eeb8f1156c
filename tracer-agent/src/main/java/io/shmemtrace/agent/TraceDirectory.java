package io.shmemtrace.agent;

import java.nio.file.Path;

/**
 * Where the Java layer writes, by the rules the native shim follows (README, "Using it"), so that both layers
 * of a PE land in one directory: $SHMEMTRACE_DIR, else ./shmemtrace-&lt;run id&gt;, the run id being
 * ompi-&lt;jobid&gt; under Open MPI, else $SHMEMTRACE_RUN_ID, else host-ppid. The Java layer's file of PE n is
 * pe0000n.java.shmt beside the native pe0000n.shmt.
 */
final class TraceDirectory {
    private TraceDirectory() {}

    static String runId() {
        String jobid = System.getenv("OMPI_MCA_ess_base_jobid");
        if (jobid != null && !jobid.isEmpty()) return "ompi-" + jobid;
        String given = System.getenv("SHMEMTRACE_RUN_ID");
        if (given != null && !given.isEmpty()) return given;
        long ppid = ProcessHandle.current().parent().map(ProcessHandle::pid).orElse(0L);
        return host() + "-" + ppid;
    }

    static Path directory(String runId) {
        String dir = System.getenv("SHMEMTRACE_DIR");
        return Path.of(dir != null && !dir.isEmpty() ? dir : "shmemtrace-" + runId);
    }

    static Path file(Path dir, int pe) {
        return dir.resolve(String.format("pe%05d.java.shmt", pe));
    }

    static String host() {
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (java.io.IOException e) {
            return "";
        }
    }
}
