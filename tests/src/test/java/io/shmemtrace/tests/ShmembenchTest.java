package io.shmemtrace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.tests.support.Command;
import io.shmemtrace.tests.support.TraceRewrite;
import io.shmemtrace.tests.support.Traces;
import io.shmemtrace.tests.support.Workspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** shmembench against the real tracer: what the paper built it for. */
class ShmembenchTest {
    private static final String SHMEMBENCH = Workspace.DIST.resolve("bin/shmembench").toString();
    private static Path kept;
    private static Command.Result verified;

    @BeforeAll
    static void verifyEveryClass() {
        kept = Workspace.freshDir("shmembench-verify");
        verified = Command.of(SHMEMBENCH, "verify", "--np", "2", "--keep", kept.toString()).timeout(600).run();
    }

    @Test
    void verifyPassesOnTheRealTracer() throws Exception {
        assertEquals(0, verified.exitCode(), verified.describe());
        Matcher m = Pattern.compile("verified: (\\d+) APIs, (\\d+) calls\n").matcher(verified.stdout());
        assertTrue(m.matches(), verified.stdout());
        // every API each benchmark counted of itself, across the five classes' programs
        Set<String> apis = new TreeSet<>();
        long calls = 0;
        List<Path> counts;
        try (var files = Files.list(kept.resolve("traces"))) {
            counts = files.filter(f -> f.toString().endsWith(".counts")).sorted().toList();
        }
        assertEquals(5, counts.stream().map(f -> f.getFileName().toString().replaceAll("-c-\\d+\\.counts", ""))
                .distinct().count(), counts.toString());
        for (Path f : counts) {
            for (String line : Files.readAllLines(f).subList(1, Files.readAllLines(f).size())) {
                String[] c = line.split("\t");
                apis.add(c[1]);
                calls += Long.parseLong(c[2]);
            }
        }
        assertEquals(apis.size(), Integer.parseInt(m.group(1)));
        assertEquals(calls, Long.parseLong(m.group(2)));
        assertTrue(apis.size() > 300, apis.size() + " APIs");
        // class 4 takes a lock and releases it: both calls counted, and traced as often
        assertTrue(apis.containsAll(List.of("shmem_set_lock", "shmem_clear_lock")), apis.toString());
    }

    @Test
    void verifyNamesTheApiWhoseEventsAreMissing() throws Exception {
        Path copy = Workspace.freshDir("shmembench-tampered");
        Path from = kept.resolve("traces");
        Files.createDirectories(copy.resolve("traces"));
        String run;
        try (var files = Files.list(from)) {
            run = files.map(f -> f.getFileName().toString()).filter(n -> n.startsWith("test1-c-") && !n.endsWith(".counts"))
                    .findFirst().orElseThrow();
        }
        Files.copy(from.resolve(run + ".counts"), copy.resolve("traces/" + run + ".counts"));
        Files.createDirectories(copy.resolve("traces/" + run));
        for (int pe = 0; pe < 2; pe++) {
            Files.copy(Traces.peFile(from.resolve(run), pe), Traces.peFile(copy.resolve("traces/" + run), pe));
        }
        Command.Result intact = Command.of(SHMEMBENCH, "verify", "--check", copy.toString()).run();
        assertEquals(0, intact.exitCode(), intact.describe());

        long removed = TraceRewrite.withoutEvents(Traces.peFile(copy.resolve("traces/" + run), 0), "shmem_int_put");
        assertTrue(removed > 0);
        Command.Result r = Command.of(SHMEMBENCH, "verify", "--check", copy.toString()).run();
        assertEquals(1, r.exitCode(), r.describe());
        List<String> lines = r.stdout().lines().toList();
        assertEquals(2, lines.size(), r.stdout());
        assertTrue(lines.get(0).matches(Pattern.quote(run) + ": PE 0 shmem_int_put: the benchmark made " + removed
                + " calls \\(\\d+ bytes\\), the trace holds none"), lines.get(0));
        assertEquals("not verified: 1 mismatch", lines.get(1));
    }

    /**
     * A stopped `shmembench run` keeps the rows it measured (issue 42, item 8): the CSV gets each row as its program
     * ends, and a run into a file says which case it is at, a line a case.
     */
    @Test
    void aStoppedRunKeepsItsRows() throws Exception {
        Path dir = Workspace.freshDir("shmembench-stopped");
        Path csv = dir.resolve("rows.csv"), err = dir.resolve("err.txt");
        Process p = new ProcessBuilder(SHMEMBENCH, "run", Workspace.ROOT.resolve("examples/shmembench/paper.cfg").toString(),
                "--np", "2", "--csv", csv.toString()).redirectError(err.toFile())
                .redirectOutput(dir.resolve("out.txt").toFile()).start();
        List<String> rows = List.of();
        // until ten rows are in: a build comes first, and the rows of a program only once it ends (with every put case
        // timed four ways, the first took over 3 minutes beside the suite and two spinning shells); 10 minutes at most
        for (int i = 0; i < 12_000 && p.isAlive() && rows.size() < 11; i++) {
            if (Files.exists(csv)) rows = Files.readAllLines(csv);
            Thread.sleep(50);
        }
        p.destroy(); // SIGTERM, as kill does
        assertTrue(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS), "shmembench ends on SIGTERM");
        rows = Files.readAllLines(csv);
        assertTrue(rows.size() >= 11, "a header and ten rows at least: " + rows);
        assertEquals("test,api,lang,timing,nelems,stride,bytes,reps,rse,min_us,median_us,max_us,mb_per_s,depth,low_us,high_us",
                rows.get(0));
        for (String row : rows.subList(1, rows.size())) assertEquals(16, row.split(",", -1).length, row);
        List<String> cases = Files.readAllLines(err).stream().filter(l -> l.startsWith("shmembench: case ")).toList();
        assertTrue(cases.size() >= 2 && cases.get(0).startsWith("shmembench: case 1 of 284: "), cases.toString());
    }

    @Test
    void killingShmembenchLeavesNoProcessBehind() throws Exception {
        Path dir = Workspace.freshDir("shmembench-killed");
        Path tmp = java.nio.file.Files.createDirectory(dir.resolve("tmp")); // its temporary files go here
        ProcessBuilder pb = new ProcessBuilder(SHMEMBENCH, "calibrate", "--np", "2", "-o", dir.resolve("m.cfg").toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("out.txt").toFile());
        pb.environment().put("TMPDIR", tmp.toString());
        Process p = pb.start();
        // wait until it runs a benchmark under oshrun (the build comes first); oshrun is Open MPI's orterun
        java.util.function.Predicate<ProcessHandle> launcher = h -> h.info().command().orElse("").matches(".*/(oshrun|orterun|mpirun)");
        List<ProcessHandle> tree = List.of();
        for (int i = 0; i < 3600 && p.isAlive(); i++) { // up to 3 minutes: a loaded machine builds slowly
            tree = p.descendants().toList();
            if (tree.stream().anyMatch(launcher) && tree.size() >= 3) break; // oshrun and its PEs
            Thread.sleep(50);
        }
        assertTrue(tree.stream().anyMatch(launcher), tree.toString());
        p.destroy(); // SIGTERM, as kill does
        assertTrue(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS), "shmembench ends on SIGTERM");
        for (ProcessHandle h : tree) h.onExit().get(60, java.util.concurrent.TimeUnit.SECONDS);
        assertTrue(tree.stream().noneMatch(ProcessHandle::isAlive), tree.toString());
        // nor a temporary file of its own: the benchmarks' counts directory went too (issue 42, item 8); Open MPI's
        // session directory (ompi.*) is the killed oshrun's
        try (var left = Files.list(tmp)) {
            assertEquals(List.of(), left.map(f -> f.getFileName().toString()).filter(f -> !f.startsWith("ompi.")).toList());
        }
    }

    @Test
    void calibrateWritesAMachineFile() throws Exception {
        Path dir = Workspace.freshDir("shmembench-calibrate");
        Path machine = dir.resolve("machine.cfg");
        // a deadline already past when the first case starts: every row gets the least samples, whatever the load
        Command.Result r = Command.of(SHMEMBENCH, "calibrate", "--np", "2", "--deadline", "1", "-o", machine.toString())
                .timeout(600).run();
        assertEquals(0, r.exitCode(), r.describe());
        java.util.regex.Matcher least = java.util.regex.Pattern.compile("\\ntime: +\\d+ s, deadline 1 s \\(\\d+ s past it:"
                + " [^)]*\\); rows of the least samples \\(5\\): (\\d+) of (\\d+)\\n").matcher(r.stdout());
        assertTrue(least.find(), r.stdout());
        assertEquals(least.group(2), least.group(1), "every row of 5 samples");
        assertTrue(r.stdout().contains("LogGP on-node:"), r.stdout());
        // how noisy the rows were, on stdout and in the file's comments (issue 42, item 8)
        assertTrue(r.stdout().matches("(?s).*\nnoise: +\\d+ rows, relative standard error of a row's mean: median .*"),
                r.stdout());
        assertTrue(Files.readString(machine).contains("\n# noise: "), Files.readString(machine));
        List<String> lines = Files.readAllLines(machine).stream().filter(l -> !l.startsWith("#")).toList();
        String[] m = lines.get(0).split(" ");
        assertEquals("Machine", m[0]);
        assertTrue(Double.parseDouble(m[2]) > 1e8 && Double.parseDouble(m[3]) > 0, lines.get(0));
        assertTrue(lines.get(1).startsWith("Node -1 "), lines.get(1));
        assertTrue(lines.get(2).startsWith("Model loggp onnode.L="), lines.get(2));
        assertTrue(lines.get(3).startsWith("Model simple collective_step="), lines.get(3));
        assertTrue(lines.get(4).matches("Model progress rma=(target|independent) static=(target|independent)"
                + " messages=(sender|independent)"), lines.get(4));
        // then the measured rows, one Model table line per operation and timing: every one calibrate measures,
        // on the heap and (static.) on globals
        Map<String, String> table = new java.util.TreeMap<>();
        for (String l : lines.subList(5, lines.size())) {
            assertTrue(l.startsWith("Model table "), l);
            String kv = l.substring("Model table ".length());
            table.put(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
        }
        // the rows a slow mode of the library's was seen in, where this calibration saw one: each a row of the table
        String modes = table.remove("modes");
        if (modes != null) {
            for (String row : modes.split(",")) {
                String key = row.substring(0, row.indexOf('@')), bytes = row.substring(row.indexOf('@') + 1);
                assertTrue(table.containsKey(key) && table.get(key).matches("(.*,)?" + bytes + ":.*"), row);
            }
        }
        assertEquals(new TreeSet<>(List.of("members", "put.call", "put.complete", "put_nbi.call",
                "put_nbi.complete", "get.call", "get.complete", "get_nbi.call", "get_nbi.complete", "p.call", "p.complete",
                "g.call", "g.complete", "iput.call", "iput.complete", "iget.call", "iget.complete", "atomic.call",
                "atomic.complete", "atomic_fetch.call", "atomic_fetch.complete", "barrier_all.call",
                "barrier_all.completing", "barrier_all.busy", "static.barrier_all.call", "static.barrier_all.completing",
                "static.barrier_all.busy", "broadcast.call",
                "reduce.call", "fcollect.call", "alltoall.call", "quiet.call", "quiet.complete", "fence.call",
                "fence.complete", "wait.seen", "static.put.call", "static.put.complete", "static.put_nbi.call",
                "static.put_nbi.complete", "static.get.call", "static.get.complete", "static.p.call", "static.p.complete",
                "static.g.call", "static.g.complete", "static.iput.call", "static.iput.complete", "static.atomic.call",
                "static.atomic.complete", "static.atomic_fetch.call", "static.atomic_fetch.complete", "static.wait.seen",
                "self.put.call", "self.put.complete", "self.get.call", "self.get.complete", "self.p.call", "self.p.complete",
                "self.g.call", "self.g.complete", "self.atomic.call", "self.atomic.complete", "self.atomic_fetch.call",
                "self.atomic_fetch.complete", "put.mutual", "p.mutual", "iput.mutual", "atomic.mutual",
                "static.put.mutual", "static.p.mutual", "static.iput.mutual", "static.atomic.mutual", "self.put.mutual",
                "self.p.mutual", "self.atomic.mutual", "put.spaced", "p.spaced", "iput.spaced", "atomic.spaced",
                "static.put.spaced", "static.p.spaced", "static.iput.spaced", "static.atomic.spaced", "self.put.spaced",
                "self.p.spaced", "self.atomic.spaced", "p.posted", "p.drained", "atomic.posted", "atomic.drained",
                "static.p.posted", "static.p.drained", "static.atomic.posted", "static.atomic.drained", "self.p.posted",
                "self.p.drained", "self.atomic.posted", "self.atomic.drained", "p.mixed_posted", "p.mixed_drained",
                "atomic.mixed_posted", "atomic.mixed_drained", "static.p.mixed_posted", "static.p.mixed_drained",
                "static.atomic.mixed_posted", "static.atomic.mixed_drained", "g.mutual", "atomic_fetch.mutual",
                "static.g.mutual", "static.atomic_fetch.mutual", "static.lock_acquire.call", "static.lock_release.call",
                "self.lock_acquire.call", "self.lock_release.call", "static.lock_acquire.mutual",
                "static.lock_release.mutual")), table.keySet());
        // the library's queue by depth, not size: 1, 16, .. 65,536 calls posted before the quiet
        for (String queue : List.of("atomic.posted", "static.p.drained", "self.atomic.drained", "static.atomic.mixed_posted")) {
            assertEquals(List.of(1L, 16L, 256L, 4096L, 65536L), java.util.Arrays.stream(table.get(queue).split(","))
                    .map(point -> Long.parseLong(point.substring(0, point.indexOf(':')))).toList(), queue);
        }
        assertEquals("2", table.get("members"));
        // a barrier completing a put of 8 bytes: one point, at 8
        assertTrue(table.get("static.barrier_all.completing").matches("8:[^,]*"), table.get("static.barrier_all.completing"));
        // a lock taken and released, on a global homed at the other PE and at the calibrating PE: one point each
        for (String lock : List.of("static.lock_acquire.call", "static.lock_release.call", "self.lock_acquire.call",
                "self.lock_release.call", "static.lock_acquire.mutual", "static.lock_release.mutual")) {
            assertTrue(table.get(lock).matches("0:[^,]*"), lock + "=" + table.get(lock));
        }
        // puts at every size of the configuration, 8 B to 1 MiB
        List<Long> sizes = java.util.Arrays.stream(table.get("put.call").split(","))
                .map(point -> Long.parseLong(point.substring(0, point.indexOf(':')))).toList();
        assertEquals(java.util.stream.LongStream.rangeClosed(3, 20).mapToObj(k -> 1L << k).toList(), sizes);
        // each with the spread of its samples, bytes:median:low:high where they differ (5 samples at least a row)
        for (String point : table.get("put.call").split(",")) {
            String[] f = point.split(":");
            assertTrue(f.length == 2 || (f.length == 4 && Double.parseDouble(f[2]) <= Double.parseDouble(f[1])
                    && Double.parseDouble(f[1]) <= Double.parseDouble(f[3])), point);
        }

        // shmemsim reads it: a traced run replayed on the calibrated machine, every model
        Path trace = dir.resolve("trace");
        io.shmemtrace.tests.support.Programs.traced(2, trace, io.shmemtrace.tests.support.Programs.compile("calls")).runOk();
        for (String model : List.of("simple", "loggp", "contention", "table")) {
            Command.Result sim = Command.of(Workspace.DIST.resolve("bin/shmemsim").toString(), "-q", "--machine",
                    machine.toString(), "--comm-model", model, trace.toString()).run();
            assertEquals(0, sim.exitCode(), sim.describe());
            assertTrue(sim.stdout().contains("shmemsim: model " + model + ", machine machine.cfg (1 node), 2 PEs"),
                    sim.stdout());
        }
    }
}
