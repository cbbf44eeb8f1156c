package io.shmemtrace.format;

import java.nio.file.Path;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a run's traces go and what their files are called (FORMAT.md, "Files and directories"). The
 * constants are emitted into the C shim's shmt_format.h with Layout's, so both writers name files alike;
 * the Java agent and the readers use the methods.
 */
public final class TraceNaming {
    private TraceNaming() {}

    public static final String ENV_DIR = "SHMEMTRACE_DIR";
    public static final String ENV_RUN_ID = "SHMEMTRACE_RUN_ID";
    public static final String ENV_BLOCK_SIZE = "SHMEMTRACE_BLOCK_SIZE";
    public static final String ENV_MAX_BYTES = "SHMEMTRACE_MAX_BYTES";
    /** Set (and not "0"): every event also records its call site (FORMAT.md, "Call sites"). */
    public static final String ENV_CALLSITES = "SHMEMTRACE_CALLSITES";
    /** "profile": per function statistics instead of events (FORMAT.md, "Profiles"); "trace", the default. */
    public static final String ENV_MODE = "SHMEMTRACE_MODE";
    /** The trace starts paused, until a region of this name begins (shmemtrace.h). */
    public static final String ENV_START = "SHMEMTRACE_START";
    /** Comma-separated functions (names, globs, op:OPERATION) whose calls are counted, not recorded. */
    public static final String ENV_EXCLUDE = "SHMEMTRACE_EXCLUDE";
    /** The same, for the only functions recorded (the rest counted). */
    public static final String ENV_INCLUDE = "SHMEMTRACE_INCLUDE";
    /** The region records' name for a paused stretch (shmemtrace_pause to shmemtrace_resume). */
    public static final String PAUSED_REGION = "(paused)";
    /** Open MPI's job id, set in every PE's environment. */
    public static final String ENV_OMPI_JOBID = "OMPI_MCA_ess_base_jobid";
    public static final String OMPI_RUN_PREFIX = "ompi-";
    /** Slurm's job and step (srun): run id slurm-&lt;job&gt;.&lt;step&gt;, one per job step across all its nodes. */
    public static final String ENV_SLURM_JOB_ID = "SLURM_JOB_ID";
    public static final String ENV_SLURM_STEP_ID = "SLURM_STEP_ID";
    public static final String SLURM_RUN_PREFIX = "slurm-";
    /** PBS / Torque and LSF jobs: pbs-&lt;id&gt;, lsf-&lt;id&gt; (one launch per job there, or Open MPI's id first). */
    public static final String ENV_PBS_JOBID = "PBS_JOBID";
    public static final String PBS_RUN_PREFIX = "pbs-";
    public static final String ENV_LSF_JOBID = "LSB_JOBID";
    public static final String LSF_RUN_PREFIX = "lsf-";
    /** Set (and not "0"): PE 0 does not say at the end where the traces went. */
    public static final String ENV_QUIET = "SHMEMTRACE_QUIET";
    /** The default directory is DIR_PREFIX + run id, in the PE's working directory. */
    public static final String DIR_PREFIX = "shmemtrace-";
    /** printf/String.format pattern of a PE's native-layer file and of its Java-layer file. */
    public static final String NATIVE_FILE = "pe%05d.shmt";
    public static final String JAVA_FILE = "pe%05d.java.shmt";
    /** A PE's module map, beside its trace when call sites are recorded. */
    public static final String MODULES_FILE = "pe%05d.modules";
    /** PE 0's command line, beside its trace: the arguments as /proc/self/cmdline has them, NUL after each. */
    public static final String COMMAND_FILE = "pe%05d.cmdline";
    /** The SHMEM functions the program imports that the tracer does not record, one a line (PE 0, beside its trace). */
    public static final String UNTRACED_FILE = "pe%05d.untraced";

    private static final Pattern SIZE = Pattern.compile("(\\d+)([KkMmGg]?)");
    private static final Pattern FILE = Pattern.compile("pe(\\d{5,10})(\\.java)?\\.shmt");

    /** Which writer's calls a file holds: the C shim's or the Java agent's. */
    public enum Layer { NATIVE, JAVA }

    /** A file name taken apart: PE number and layer. */
    public record FileName(int pe, Layer layer) {}

    /**
     * The run id, the same on every node of a job: ompi-&lt;jobid&gt; under Open MPI, else slurm-&lt;job&gt;.&lt;step&gt;
     * under Slurm, pbs-&lt;id&gt;, lsf-&lt;id&gt;, else $SHMEMTRACE_RUN_ID, else &lt;host&gt;-&lt;parent pid&gt; (one node only).
     * Characters other than letters, digits, '.', '_' and '-' become '_' (an id names a directory).
     */
    public static String runId(Map<String, String> env, String host, long parentPid) {
        String id;
        if (set(env, ENV_OMPI_JOBID)) id = OMPI_RUN_PREFIX + env.get(ENV_OMPI_JOBID);
        else if (set(env, ENV_SLURM_JOB_ID)) {
            id = SLURM_RUN_PREFIX + env.get(ENV_SLURM_JOB_ID)
                    + (set(env, ENV_SLURM_STEP_ID) ? "." + env.get(ENV_SLURM_STEP_ID) : "");
        } else if (set(env, ENV_PBS_JOBID)) id = PBS_RUN_PREFIX + env.get(ENV_PBS_JOBID);
        else if (set(env, ENV_LSF_JOBID)) id = LSF_RUN_PREFIX + env.get(ENV_LSF_JOBID);
        else if (set(env, ENV_RUN_ID)) id = env.get(ENV_RUN_ID);
        else id = host + "-" + parentPid;
        return id.replaceAll("[^A-Za-z0-9._-]", "_");
    }

    private static boolean set(Map<String, String> env, String name) {
        String v = env.get(name);
        return v != null && !v.isEmpty();
    }

    /** $SHMEMTRACE_DIR, else ./shmemtrace-&lt;run id&gt;. */
    public static Path directory(Map<String, String> env, String runId) {
        String dir = env.get(ENV_DIR);
        return Path.of(dir != null && !dir.isEmpty() ? dir : DIR_PREFIX + runId);
    }

    /** The largest SHMEMTRACE_BLOCK_SIZE taken (SHMT_BLOCK_SIZE_SETTING_MAX in C): side blocks are as large. */
    public static final int BLOCK_SIZE_SETTING_MAX = 64 << 20;

    /**
     * $SHMEMTRACE_MAX_BYTES as the native tracer reads it: bytes, or with a K, M or G suffix; 0 is no limit; unset:
     * the default. A value it does not take: the default, and one line to warn.
     */
    public static long maxBytes(Map<String, String> env, Consumer<String> warn) {
        return size(env, ENV_MAX_BYTES, 0, Long.MAX_VALUE, 0, Layout.DEFAULT_MAX_BYTES, "2G", warn);
    }

    /** $SHMEMTRACE_BLOCK_SIZE as the native tracer reads it (a multiple of 4096, at most 64M), else the default. */
    public static int blockSize(Map<String, String> env, Consumer<String> warn) {
        return (int) size(env, ENV_BLOCK_SIZE, Layout.PAGE, BLOCK_SIZE_SETTING_MAX, Layout.PAGE, Layout.DEFAULT_BLOCK_SIZE,
                "1M", warn);
    }

    /**
     * A size setting, as native-shim/src/shmt_settings.c reads it: digits with an optional K, M or G suffix, from least
     * to most and a multiple of multipleOf (0: any); unset or empty: the fallback; anything else: the fallback, after
     * one line to warn naming the setting, its value and the default.
     */
    static long size(Map<String, String> env, String name, long least, long most, long multipleOf, long fallback,
                     String fallbackText, Consumer<String> warn) {
        String s = env.get(name);
        if (s == null || s.isEmpty()) return fallback;
        Matcher m = SIZE.matcher(s);
        if (m.matches()) {
            try {
                long v = Long.parseLong(m.group(1));
                int shift = switch (m.group(2).toUpperCase(java.util.Locale.ROOT)) {
                    case "K" -> 10;
                    case "M" -> 20;
                    case "G" -> 30;
                    default -> 0;
                };
                if (v <= Long.MAX_VALUE >> shift) {
                    v <<= shift;
                    if (v >= least && v <= most && (multipleOf == 0 || v % multipleOf == 0)) return v;
                }
            } catch (NumberFormatException tooLong) {
                // past 2^63: not a size this setting takes
            }
        }
        String range = most == Long.MAX_VALUE ? "bytes" : least + " to " + most + " bytes";
        warn.accept(name + "=" + s + ": not a size this setting takes (" + range
                + (multipleOf > 1 ? ", a multiple of " + multipleOf : "") + "; suffix K, M or G); the default, " + fallbackText);
        return fallback;
    }

    public static String fileName(int pe, Layer layer) {
        return String.format(layer == Layer.JAVA ? JAVA_FILE : NATIVE_FILE, pe);
    }

    public static String modulesFileName(int pe) {
        return String.format(MODULES_FILE, pe);
    }

    /** The PE and layer of a trace file's name, or null when the name is not one a writer gives. */
    public static FileName parse(String name) {
        Matcher m = FILE.matcher(name);
        if (!m.matches()) return null;
        long pe = Long.parseLong(m.group(1));
        if (pe > Integer.MAX_VALUE) return null;
        return new FileName((int) pe, m.group(2) != null ? Layer.JAVA : Layer.NATIVE);
    }
}
