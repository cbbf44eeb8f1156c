package io.shmemtrace.bench.run;

import io.shmemtrace.bench.run.Toolchain.Built;
import io.shmemtrace.io.Temporary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs a built benchmark under oshrun. A run that dies inside the library (Open MPI 4.1's 32-bit compare-swap
 * does, openshmem-here.md) is reported against the case it was in, and the program is run again without it:
 * from the next case ({@link Restart#RESUME}, the rows so far kept) or from the start ({@link Restart#WHOLE},
 * so that the last run makes, and counts, every call but the broken ones).
 */
public final class BenchRun {
    private static final long TIMEOUT_SECONDS = 600;
    /** A case that prints nothing for this long hangs (a library bug): the run is ended and resumed after it. */
    public static final long CASE_LIMIT_SECONDS = 60;
    private static final int MAX_RESTARTS = 20;
    /**
     * How many times a case that stalled is run again before it counts as failed: one retry was not always enough
     * with both cores busy (a get_nbi case stalled twice running, 130 s, while another job ran beside it).
     */
    public static final int STALL_RETRIES = 2;

    /** What one process launch printed: rows, and each PE's counts of its own calls (empty if it died). */
    public record Attempt(Path traceDir, List<Row> rows, Map<Integer, Map<String, Count>> counts,
                          String failure) {}

    /** calls and bytes of one API on one PE. */
    public record Count(long calls, long bytes) {}

    /** A launcher prefix (the tracer), an environment per attempt, and the trace directory of each attempt. */
    public interface Launch {
        List<String> prefix();

        /** The trace directory of an attempt, or null when the run is not traced. */
        Path traceDir(Built built, int attempt);

        /** Variables for the attempt about to start, as NAME=VALUE (asked at each start: a deadline's share). */
        default List<String> environment() {
            return List.of();
        }
    }

    public static final Launch PLAIN = new Launch() {
        public List<String> prefix() { return List.of(); }
        public Path traceDir(Built built, int attempt) { return null; }
    };

    /** How a run goes on after a case crashed. */
    public enum Restart { RESUME, WHOLE }

    private BenchRun() {}

    public static List<Attempt> run(Built built, int npes, Launch launch, Restart restart)
            throws IOException, InterruptedException {
        return run(built, npes, launch, restart, CASE_LIMIT_SECONDS, line -> { });
    }

    /**
     * The command that starts a job: oshrun, or what SHMEMBENCH_LAUNCHER names (words split at spaces), such as
     * "scripts/hosts.sh oshrun" to measure a machine of several hosts (docs/cluster.md).
     */
    static List<String> launcher() {
        String named = System.getenv("SHMEMBENCH_LAUNCHER");
        return named == null || named.isBlank() ? List.of("oshrun") : List.of(named.trim().split("\\s+"));
    }

    /** As above, ending a case after caseLimitSeconds of silence, each output line handed to onLine as it comes. */
    public static List<Attempt> run(Built built, int npes, Launch launch, Restart restart, long caseLimitSeconds,
                                    java.util.function.Consumer<String> onLine) throws IOException, InterruptedException {
        List<Attempt> attempts = new ArrayList<>();
        int start = 0;
        List<String> skip = new ArrayList<>();
        Map<Integer, Integer> stalls = new HashMap<>();
        for (int attempt = 0; attempt <= MAX_RESTARTS; attempt++) {
            List<String> cmd = new ArrayList<>(launcher());
            cmd.addAll(List.of("--oversubscribe", "-np", Integer.toString(npes)));
            cmd.addAll(launch.prefix());
            cmd.add(built.executable().toAbsolutePath().toString());
            cmd.add(Integer.toString(start));
            cmd.addAll(skip);
            Path traceDir = launch.traceDir(built, attempt);
            List<String> env = new ArrayList<>(openMpiEnvironment());
            if (traceDir != null) env.add("SHMEMTRACE_DIR=" + traceDir.toAbsolutePath());
            env.addAll(launch.environment());
            Processes.Result r;
            Map<Integer, Map<String, Count>> counts = new HashMap<>();
            // removed when done, and by a shutdown hook when shmembench is ended first (SIGTERM left it behind)
            try (Temporary countDir = Temporary.directory(null, "shmembench-counts-")) {
                env.add("SHMEMBENCH_COUNTS=" + countDir.path());
                r = Processes.run(cmd, built.executable().getParent(), env, TIMEOUT_SECONDS, caseLimitSeconds, onLine);
                for (int pe = 0; pe < npes; pe++) readCounts(countDir.path().resolve("pe" + pe + ".counts"), counts);
            }
            List<Row> rows = new ArrayList<>();
            int lastCase = -1;
            String lastApi = null;
            int finishedRows = 0; // the rows of the cases before the last one begun
            for (String line : r.output().split("\n")) {
                if (line.startsWith("ROW\t")) rows.add(Row.parse(line));
                else if (line.startsWith("CASE\t")) {
                    String[] f = line.split("\t");
                    lastCase = Integer.parseInt(f[1]);
                    lastApi = f[2];
                    finishedRows = rows.size();
                }
            }
            if (r.status() == 0) {
                attempts.add(new Attempt(traceDir, rows, counts, null));
                return attempts;
            }
            if (r.timedOut() && lastApi != null && stalls.merge(lastCase, 1, Integer::sum) <= STALL_RETRIES) {
                // A case that stalled is run again before it counts as failed: this Open MPI can hang now and then
                // on a loaded machine (seen in a get_nbi case, untraced), and a later try goes through. RESUME
                // keeps the rows of the cases finished before it and starts again at the stalled case, whose rows
                // come from the try that counts (a case that stalls after its last row would otherwise give its
                // rows twice); WHOLE runs everything again.
                if (restart == Restart.RESUME) {
                    attempts.add(new Attempt(traceDir, List.copyOf(rows.subList(0, finishedRows)), counts, null));
                    start = lastCase;
                }
                continue;
            }
            String why = r.timedOut() ? "was stopped after " + caseLimitSeconds + " s without output (or "
                    + TIMEOUT_SECONDS + " s in all)" : "ended with status " + r.status();
            String failure = lastApi == null ? "the program " + why + " before its first case: " + r.firstLine()
                    : lastApi + ": the program " + why + " in this call (case " + lastCase + ")";
            attempts.add(new Attempt(traceDir, rows, Map.of(), failure));
            if (lastApi == null) return attempts;
            if (restart == Restart.RESUME) start = lastCase + 1;
            else skip.add(Integer.toString(lastCase));
        }
        return attempts;
    }

    private static void readCounts(Path file, Map<Integer, Map<String, Count>> counts) throws IOException {
        if (!Files.exists(file)) return;
        for (String line : Files.readAllLines(file)) {
            String[] f = line.split("\t");
            if (f.length != 5 || !f[0].equals("COUNT")) continue;
            counts.computeIfAbsent(Integer.parseInt(f[1]), k -> new HashMap<>())
                    .put(f[2], new Count(Long.parseLong(f[3]), Long.parseLong(f[4])));
        }
    }

    /** Open MPI 4.1 here: the uct BTL crashes every job in shmem_finalize; root must say it means to run. */
    static List<String> openMpiEnvironment() {
        List<String> env = new ArrayList<>();
        if (System.getenv("OMPI_MCA_btl") == null) env.add("OMPI_MCA_btl=^uct");
        if ("root".equals(System.getProperty("user.name"))) {
            env.add("OMPI_ALLOW_RUN_AS_ROOT=1");
            env.add("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1");
        }
        return env;
    }
}
