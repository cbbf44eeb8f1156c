package io.shmemtrace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.format.read.TraceFile;
import io.shmemtrace.tests.support.Command;
import io.shmemtrace.tests.support.Hosts;
import io.shmemtrace.tests.support.Json;
import io.shmemtrace.tests.support.Programs;
import io.shmemtrace.tests.support.Python;
import io.shmemtrace.tests.support.Traces;
import io.shmemtrace.tests.support.Workspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Real multi-host runs (issue 45): one job's 4 PEs across 2 and 4 hosts of this machine (scripts/hosts.sh: each a
 * network namespace with its own host name and monotonic clock; PE i on host i mod hosts; UCX over TCP between
 * them). Every PE's trace lands in one directory under one run id and names its host; the page's hosts, the summary's
 * matrix by host, OTF2's system tree and shmemsim's on-node and off-node bytes are the hosts' own. The program is
 * examples/c/lateflag.c: each step PE 0 writes a value and a flag (8 bytes each) to every other PE.
 */
class MultiHostTest {
    private static final int PES = 4, STEPS = 4;

    @RegisterExtension
    final Hosts hosts = new Hosts();

    /** A job whose hosts see different directories (each its own node-local one) says so, in PE 0's end line. */
    @org.junit.jupiter.api.Test
    void aJobWhoseHostsSeeDifferentDirectoriesSaysSo() throws Exception {
        Path local = Workspace.freshDir("multi-host-private");
        hosts.up(2, "--private", local.toString());
        Path program = Programs.example("examples/c/lateflag.c", "-I" + Workspace.DIST.resolve("include"));
        Command.Result r = hosts.traced(PES, local.resolve("run"), program, "2", "1000").runOk();
        assertTrue(r.stderr().contains("shmemtrace: only 2 of 4 PEs' traces are in " + local.resolve("run")
                + ": the others are in that path on their own hosts"), r.stderr());
    }

    /**
     * Clocks that disagree: host 1's clocks 5 ms ahead and 1000 ppm fast (libfaketime; as much drift in this 2 s run
     * as 100 ppm in 20 s), every host's monotonic clock 1,000 s from the next. After the merge every PE leaves every
     * barrier after the last one arrived (before the barrier band alignment, such a run had exits 44 us before the last
     * arrival), and no wait returns before the put of its flag started (but the first step's, where it did not block:
     * nothing tells the merge what the flag held before).
     */
    @org.junit.jupiter.api.Test
    void theMergedRunKeepsCausalityWhenClocksDisagree() throws Exception {
        Path trace = tracedOnClocksThatDisagree("multi-host-clocks", "examples/c/lateflag.c", "40", "200000");
        List<String> text = mergedText(trace);
        text.stream().filter(l -> l.startsWith("# PE")).forEach(l -> System.out.println("MultiHostTest: " + l));

        java.util.Map<Integer, List<double[]>> barriers = new java.util.TreeMap<>(), waits = new java.util.TreeMap<>();
        java.util.Map<Integer, List<Double>> putsTo = new java.util.TreeMap<>(); // PE 0's p calls by target: starts
        java.util.regex.Pattern record = java.util.regex.Pattern.compile(
                "(\\d+) #\\d+ (\\S+) \\S+ t=([0-9.]+) d=([0-9.]+)(?: target=(\\d+))?.*");
        for (String line : text) {
            java.util.regex.Matcher m = record.matcher(line);
            if (!m.matches()) continue;
            int task = Integer.parseInt(m.group(1));
            double start = Double.parseDouble(m.group(3)), end = start + Double.parseDouble(m.group(4));
            switch (m.group(2)) {
                case "barrier_all" -> barriers.computeIfAbsent(task, k -> new java.util.ArrayList<>()).add(new double[] {start, end});
                case "wait" -> waits.computeIfAbsent(task, k -> new java.util.ArrayList<>()).add(new double[] {start, end});
                case "p" -> putsTo.computeIfAbsent(Integer.parseInt(m.group(5)), k -> new java.util.ArrayList<>()).add(start);
                default -> { }
            }
        }
        int instances = barriers.get(0).size();
        assertEquals(41, instances, "one barrier after init, one a step");
        for (int k = 0; k < instances; k++) {
            double lastArrival = 0, firstExit = Double.MAX_VALUE;
            for (List<double[]> b : barriers.values()) {
                lastArrival = Math.max(lastArrival, b.get(k)[0]);
                firstExit = Math.min(firstExit, b.get(k)[1]);
            }
            assertTrue(firstExit >= lastArrival, "barrier " + k + ": a PE left at " + firstExit + " s, before the last"
                    + " arrived at " + lastArrival + " s");
        }
        // the CSV puts every event where the merge does (each host's offset and drift): every barrier causal there too
        List<String> csv = Command.of(Workspace.DIST.resolve("bin/shmembin2txt").toString(), "--csv", trace.toString())
                .runOk().stdout().lines().toList();
        java.util.Map<Integer, List<long[]>> csvBarriers = new java.util.TreeMap<>();
        for (String row : csv.subList(1, csv.size())) {
            String[] f = row.split(",", -1); // pe,thread,seq,function,category,start_ns,end_ns,...
            if (f[3].equals("shmem_barrier_all")) {
                csvBarriers.computeIfAbsent(Integer.parseInt(f[0]), k -> new java.util.ArrayList<>())
                        .add(new long[] {Long.parseLong(f[5]), Long.parseLong(f[6])});
            }
        }
        for (int k = 0; k < instances; k++) {
            long lastArrival = Long.MIN_VALUE, firstExit = Long.MAX_VALUE;
            for (List<long[]> b : csvBarriers.values()) {
                lastArrival = Math.max(lastArrival, b.get(k)[0]);
                firstExit = Math.min(firstExit, b.get(k)[1]);
            }
            assertTrue(firstExit >= lastArrival, "CSV: barrier " + k + ": a PE left at " + firstExit + " ns, before the"
                    + " last arrived at " + lastArrival + " ns");
        }
        // Waits after their writes: the merge pairs a wait with the writes to its word in its epoch (between two
        // barriers) that meet its condition, where it blocked (2 us or more: Releases.BLOCKED_NS) or where the word's
        // value entering the epoch did not meet it (lateflag's flag is step + 1, its wait GE step + 1: the step
        // before wrote a smaller value), and keeps the pair causal (docs/cluster.md). Only the first step's wait, if
        // it found its flag set, says nothing the merge can use (nothing wrote the flag before: its first value is
        // the program's); counted, not asserted
        int early = 0, blocked = 0, firstUnpaired = 0;
        double worst = 0;
        for (int pe = 1; pe < PES; pe++) {
            List<double[]> w = waits.get(pe);
            assertEquals(40, w.size());
            for (int k = 0; k < w.size(); k++) {
                double flagPut = putsTo.get(pe).get(2 * k + 1); // a step's puts to a PE: the value, then the flag
                boolean didBlock = w.get(k)[1] - w.get(k)[0] >= 2e-6;
                if (didBlock) blocked++;
                if (w.get(k)[1] >= flagPut) continue;
                if (k == 0 && !didBlock) {
                    firstUnpaired++;
                    continue;
                }
                early++;
                worst = Math.max(worst, flagPut - w.get(k)[1]);
            }
        }
        System.out.printf(java.util.Locale.ROOT, "MultiHostTest: %d of %d waits (%d blocked) returned before their"
                + " flag's put started (worst by %.1f us); the first step's that found the flag set: %d of %d%n", early,
                40 * (PES - 1), blocked, worst * 1e6, firstUnpaired, PES - 1);
        assertEquals(0, early, "waits that returned before the put of their flag started");
        tscOracle(trace, text, barriers);
    }

    /**
     * Locks when clocks disagree (host 1 5 ms ahead and 1000 ppm fast, as above): examples/c/hotlock.c, every PE
     * taking one lock each step. In the merged run, its CSV and its OTF2 archive (read by the OTF2 project's own
     * reader): every hold of the lock, no PE leaving a barrier before the last one arrived, and no grant before the
     * previous holder's release (the merge keeps a lock's holds apart across hosts: docs/cluster.md; when it paired a
     * grant with a release only where no release of its epoch was on the grant's host, up to 4 of 39 came early on a
     * busy machine, whose barrier bands are a millisecond wide).
     */
    @org.junit.jupiter.api.Test
    void everyViewKeepsTheLockHoldsAndTheBarriersWhenClocksDisagree() throws Exception {
        int steps = 10;
        Path trace = tracedOnClocksThatDisagree("multi-host-locks", "examples/c/hotlock.c", Integer.toString(steps),
                "20000");
        // merged text: "PE #seq type call t=START d=DURATION ..."
        List<double[]> holds = new java.util.ArrayList<>(); // granted (set_lock's end), released (clear_lock's start)
        java.util.Map<Integer, double[]> holding = new java.util.HashMap<>();
        java.util.regex.Pattern record = java.util.regex.Pattern.compile("(\\d+) #\\d+ (\\S+) \\S+ t=([0-9.]+) d=([0-9.]+).*");
        for (String line : mergedText(trace)) {
            java.util.regex.Matcher m = record.matcher(line);
            if (!m.matches()) continue;
            int pe = Integer.parseInt(m.group(1));
            double start = Double.parseDouble(m.group(3));
            if (m.group(2).equals("set_lock")) holding.put(pe, new double[] {start + Double.parseDouble(m.group(4)), 0});
            else if (m.group(2).equals("clear_lock")) {
                double[] hold = holding.remove(pe);
                hold[1] = start;
                holds.add(hold);
            }
        }
        assertEquals(PES * steps, holds.size(), "one hold a PE a step");
        assertEquals(0, overlaps(holds), "merged run: grants before the previous holder's release");
        // the CSV: pe,thread,seq,function,category,start_ns,end_ns,...
        List<String> csv = Command.of(Workspace.DIST.resolve("bin/shmembin2txt").toString(), "--csv", trace.toString())
                .runOk().stdout().lines().toList();
        List<double[]> csvHolds = new java.util.ArrayList<>();
        java.util.Map<String, double[]> csvHolding = new java.util.HashMap<>();
        for (String row : csv.subList(1, csv.size())) {
            String[] f = row.split(",", -1);
            if (f[3].equals("shmem_set_lock")) csvHolding.put(f[0], new double[] {Long.parseLong(f[6]), 0});
            else if (f[3].equals("shmem_clear_lock")) {
                double[] hold = csvHolding.remove(f[0]);
                hold[1] = Long.parseLong(f[5]);
                csvHolds.add(hold);
            }
        }
        assertEquals(PES * steps, csvHolds.size());
        assertEquals(0, overlaps(csvHolds), "CSV: grants before the previous holder's release");
        if (Python.has("otf2", "MultiHostTest", "python3-otf2")) {
            List<String> found = otf2Read(trace, "otf2_causality.py");
            found.forEach(l -> System.out.println("MultiHostTest: OTF2 " + l));
            assertTrue(found.contains("barriers " + (steps + 1) + " early 0 worst_ns 0"), found.toString());
            assertTrue(found.contains("locks " + (PES * steps - 1) + " early 0 worst_ns 0"), found.toString());
        }
    }

    /**
     * Runs example (built with the shim's header) traced on 4 PEs over 2 hosts whose clocks disagree: host 1's clocks
     * 5 ms ahead and 1000 ppm fast (libfaketime), the hosts' monotonic clocks 1000 s apart; returns the trace directory.
     */
    private Path tracedOnClocksThatDisagree(String name, String example, String... args) throws Exception {
        String fake = "+0.005 x1.001";
        hosts.up(2, "--faketime", "," + fake);
        System.out.println("MultiHostTest: host st-h1 clocks " + fake + "; monotonic offsets 1000 s, 2000 s");
        Path trace = Workspace.freshDir(name).resolve("trace");
        Path program = Programs.example(example, "-I" + Workspace.DIST.resolve("include"));
        hosts.traced(PES, trace, program, args).runOk();
        return trace;
    }

    /** The run merged beside its trace directory, as text: "PE #seq type call t=START d=DURATION ...". */
    private static List<String> mergedText(Path trace) throws Exception {
        Path merged = trace.resolveSibling("run.psins");
        String psins = Workspace.DIST.resolve("bin/shmem2psins").toString();
        Command.of(psins, "-q", "--force", "-o", merged.toString(), trace.toString()).runOk();
        return Command.of(psins, "--text", merged.toString()).runOk().stdout().lines().toList();
    }

    /**
     * The run written as OTF2 beside its trace directory, read by script (tests/src/test/python: the OTF2 project's
     * own Python reader): its lines.
     */
    private static List<String> otf2Read(Path trace, String script) throws Exception {
        Path archive = trace.resolveSibling("run.otf2");
        Command.of(Workspace.DIST.resolve("bin/shmem2otf2").toString(), "--force", "-o", archive.toString(),
                trace.toString()).runOk();
        return Command.of(Python.PATH, Workspace.ROOT.resolve("tests/src/test/python").resolve(script).toString(),
                archive.resolve("traces.otf2").toString()).timeout(300).runOk().stdout().lines().toList();
    }

    /** Holds (granted, released) of one lock that begin before the hold before them, in grant order, ended. */
    private static int overlaps(List<double[]> holds) {
        holds.sort(java.util.Comparator.comparingDouble(h -> h[0]));
        int early = 0;
        for (int i = 1; i < holds.size(); i++) if (holds.get(i)[0] < holds.get(i - 1)[1]) early++;
        return early;
    }

    /**
     * The hosts of this machine share one time-stamp counter, which neither libfaketime nor a time namespace
     * changes: where the traces count in TSC ticks, an event's ticks on any host at PE 0's rate are its true time, an
     * oracle for the merge. The rate is the one PE 0's trace measured (its longest pair of ticks and CLOCK_MONOTONIC,
     * which the reader and the merge use), not the header's tick_hz: that is the shim's estimate at init, 0.1 ppm
     * off in quiet runs here and far enough off in one run of the suite to move PE 0's events 1.46 us over the run.
     * Every event of a PE of PE 0's host keeps its distance to the true time (within what the rate its trace measured
     * differs from PE 0's over the run); every PE of the other host is within what
     * the barriers allow at each barrier (the true and the merged offsets both lie in every barrier's causality band:
     * its width bounds the error).
     */
    private static void tscOracle(Path trace, List<String> text, java.util.Map<Integer, List<double[]>> barriers)
            throws Exception {
        io.shmemtrace.format.read.TraceHeader[] headers = new io.shmemtrace.format.read.TraceHeader[PES];
        double[] nsPerTick = new double[PES];
        java.util.Map<Long, Long> ticks = new java.util.HashMap<>(); // (pe, seq) -> start, in ticks
        for (int pe = 0; pe < PES; pe++) {
            try (TraceFile f = TraceFile.open(Traces.peFile(trace, pe))) {
                headers[pe] = f.header();
                nsPerTick[pe] = f.time().nsPerTick();
                int p = pe;
                f.read(e -> ticks.put((long) p << 40 | e.seq(), e.startUnits()));
            }
            if (headers[pe].clockSource() != io.shmemtrace.format.Layout.CLOCK_TSC) {
                System.out.println("MultiHostTest: PE " + pe + " did not count in TSC ticks: no TSC oracle");
                return;
            }
        }
        double secondsPerUnit = Math.scalb(1.0, headers[0].tickShift()) * nsPerTick[0] * 1e-9;
        System.out.printf(java.util.Locale.ROOT, "MultiHostTest: PE 0's tick_hz %+.3f ppm from the rate its trace measured%n",
                1e6 * (headers[0].tickHz() * nsPerTick[0] * 1e-9 - 1));
        // per PE, the merged time less the oracle's, at each of its events (merged text: "PE #seq type call t= ...")
        java.util.regex.Pattern record = java.util.regex.Pattern.compile("(\\d+) #(\\d+) \\S+ \\S+ t=([0-9.]+) .*");
        java.util.Map<Integer, List<double[]>> differences = new java.util.TreeMap<>(); // pe -> (oracle time, merged - oracle)
        for (String line : text) {
            java.util.regex.Matcher m = record.matcher(line);
            if (!m.matches()) continue;
            int pe = Integer.parseInt(m.group(1));
            Long units = ticks.get((long) pe << 40 | Long.parseLong(m.group(2)));
            if (units == null) continue;
            double oracle = units * secondsPerUnit;
            differences.computeIfAbsent(pe, k -> new java.util.ArrayList<>())
                    .add(new double[] {oracle, Double.parseDouble(m.group(3)) - oracle});
        }
        String refHost = headers[0].host();
        double base = differences.get(0).get(0)[1];
        double span = 0;
        for (double[] d : differences.get(0)) span = Math.max(span, d[0] - differences.get(0).get(0)[0]);
        double worstSameHost = 0, worstOther = 0;
        for (int pe = 0; pe < PES; pe++) {
            if (!headers[pe].host().equals(refHost)) continue;
            // within a PE every event is placed by the same clock reading at init: the oracle's difference moves only
            // as far as the rate the PE's trace measured differs from PE 0's over the run (and a microsecond of slack)
            double rates = Math.abs(1 - nsPerTick[pe] / nsPerTick[0]) * span + 1e-6;
            double first = differences.get(pe).get(0)[1];
            for (double[] d : differences.get(pe)) {
                assertTrue(Math.abs(d[1] - first) <= rates, "PE " + pe + "'s events drift from the true times by "
                        + (d[1] - first) + " s over the run (its tick rate allows " + rates + " s)");
            }
            worstSameHost = Math.max(worstSameHost, Math.abs(first - base)); // the init readings' own jitter
        }
        // at each barrier: its band's width, (first exit on PE 0's host - last arrival on the other)
        // - (last arrival on PE 0's host - first exit on the other), against the other host's PEs' error there
        int instances = barriers.get(0).size();
        for (int k = 0; k < instances; k++) {
            double exit0 = Double.MAX_VALUE, arrival0 = 0, exit1 = Double.MAX_VALUE, arrival1 = 0;
            for (int pe = 0; pe < PES; pe++) {
                double[] b = barriers.get(pe).get(k);
                boolean ref = headers[pe].host().equals(refHost);
                if (ref) {
                    exit0 = Math.min(exit0, b[1]);
                    arrival0 = Math.max(arrival0, b[0]);
                } else {
                    exit1 = Math.min(exit1, b[1]);
                    arrival1 = Math.max(arrival1, b[0]);
                }
            }
            double width = (exit0 - arrival1) - (arrival0 - exit1);
            for (int pe = 0; pe < PES; pe++) {
                if (headers[pe].host().equals(refHost)) continue;
                double error = errorAt(differences.get(pe), barriers.get(pe).get(k)[0]) - base;
                worstOther = Math.max(worstOther, Math.abs(error));
                assertTrue(Math.abs(error) <= width + 1e-6, "barrier " + k + ": PE " + pe + " misplaced by " + error
                        + " s, more than the barrier's band allows (" + width + " s)");
            }
        }
        System.out.printf(java.util.Locale.ROOT, "MultiHostTest: TSC oracle: PE 0's host's PEs within %.2f us of each"
                + " other, the other host within %.1f us of the true times at its barriers%n", worstSameHost * 1e6,
                worstOther * 1e6);
    }

    /** The merged time less the oracle's of the PE's event at merged time t (its barrier's arrival). */
    private static double errorAt(List<double[]> pe, double t) {
        double[] at = pe.get(0);
        for (double[] d : pe) if (Math.abs(d[0] + d[1] - t) < Math.abs(at[0] + at[1] - t)) at = d;
        return at[1];
    }

    /**
     * A job launched by Slurm across the hosts (a slurmd on each, srun --mpi=pmix): one run directory named by the job
     * step, each PE's trace naming the host Slurm put it on (blocks: PEs 0 and 1 on the first), and the views count
     * them so.
     */
    @org.junit.jupiter.api.Test
    void aSlurmJobAcrossTheHostsIsOneRunOnThem() throws Exception {
        hosts.up(2);
        hosts.slurm();
        Path dir = Workspace.freshDir("multi-host-slurm");
        Path program = Programs.example("examples/c/lateflag.c", "-I" + Workspace.DIST.resolve("include"));
        Command.Result r = hosts.srunTraced(PES, program, Integer.toString(STEPS), "1000").in(dir).runOk();
        String[] made = dir.toFile().list();
        assertEquals(1, made.length, List.of(made) + "\n" + r.describe());
        assertTrue(made[0].matches("shmemtrace-slurm-\\d+\\.\\d+"), made[0]);
        Path trace = dir.resolve(made[0]);
        for (int pe = 0; pe < PES; pe++) {
            try (TraceFile f = TraceFile.open(Traces.peFile(trace, pe))) {
                assertEquals(Hosts.name(pe / 2), f.header().host(), "PE " + pe + "'s host");
                assertEquals(made[0].substring("shmemtrace-".length()), f.header().runId());
            }
        }
        String summary = Command.of(Workspace.DIST.resolve("bin/shmembin2txt").toString(), "--summary",
                trace.toString()).runOk().stdout();
        String hostsLine = "\n  hosts: 2 (" + Hosts.name(0) + ": PEs 0-1; " + Hosts.name(1) + ": PEs 2-3)\n";
        assertTrue(summary.contains(hostsLine), hostsLine + " in\n" + summary);
        Path json = dir.resolve("sim.json");
        Command.of(Workspace.DIST.resolve("bin/shmemsim").toString(), "--comm-model", "measured", "--json",
                json.toString(), trace.toString()).runOk();
        String sim = Files.readString(json); // PE 0 writes 16 bytes a step to each other PE: PE 1 beside it
        assertEquals(16L * STEPS, (long) Json.number(sim, "on_node"), sim);
        assertEquals(2 * 16L * STEPS, (long) Json.number(sim, "off_node"), sim);
    }

    @ParameterizedTest(name = "{0} hosts")
    @ValueSource(ints = {2, 4})
    void everyViewNamesTheRealHosts(int n) throws Exception {
        hosts.up(n);
        Path dir = Workspace.freshDir("multi-host-" + n);
        Path trace = dir.resolve("trace");
        Path program = Programs.example("examples/c/lateflag.c", "-I" + Workspace.DIST.resolve("include"));
        hosts.traced(PES, trace, program, Integer.toString(STEPS), "1000").runOk();

        Set<String> runIds = new HashSet<>();
        for (int pe = 0; pe < PES; pe++) {
            try (TraceFile f = TraceFile.open(Traces.peFile(trace, pe))) {
                assertEquals(Hosts.name(pe % n), f.header().host(), "PE " + pe + "'s host");
                runIds.add(f.header().runId());
            }
        }
        assertEquals(1, runIds.size(), "one run id on every host: " + runIds);

        String bin2txt = Workspace.DIST.resolve("bin/shmembin2txt").toString();
        Path page = dir.resolve("page.html");
        Command.of(bin2txt, "--html", page.toString(), trace.toString()).runOk();
        String perHost = n + " (" + String.join(", ", java.util.stream.IntStream.range(0, n)
                .mapToObj(h -> Hosts.name(h) + ": " + (PES / n) + " PE" + (PES / n == 1 ? "" : "s")).toList()) + ")";
        assertTrue(Files.readString(page).contains("<td id=\"fact-hosts\">" + perHost + "</td>"), perHost);
        String summary = Command.of(bin2txt, "--summary", trace.toString()).runOk().stdout();
        StringBuilder hostsLine = new StringBuilder("\n  hosts: " + n + " (");
        for (int h = 0; h < n; h++) {
            List<String> pes = new java.util.ArrayList<>();
            for (int pe = h; pe < PES; pe += n) pes.add(Integer.toString(pe));
            hostsLine.append(h == 0 ? "" : "; ").append(Hosts.name(h)).append(pes.size() == 1 ? ": PE " : ": PEs ")
                    .append(String.join(", ", pes));
        }
        assertTrue(summary.contains(hostsLine + ")\n"), hostsLine + " in\n" + summary);

        // PE 0 writes 16 bytes a step to each other PE: to those on its own host on-node, to the rest off-node
        long onNode = 0, offNode = 0;
        for (int pe = 1; pe < PES; pe++) {
            if (pe % n == 0) onNode += 16L * STEPS;
            else offNode += 16L * STEPS;
        }
        Path json = dir.resolve("sim.json");
        Command.of(Workspace.DIST.resolve("bin/shmemsim").toString(), "--comm-model", "measured", "--json",
                json.toString(), trace.toString()).runOk();
        String sim = Files.readString(json);
        assertEquals(onNode, (long) Json.number(sim, "on_node"), sim);
        assertEquals(offNode, (long) Json.number(sim, "off_node"), sim);

        if (Python.has("otf2", "MultiHostTest", "python3-otf2")) {
            List<String> facts = otf2Read(trace, "otf2_facts.py");
            for (int h = 0; h < n; h++) {
                assertTrue(facts.contains("1 node " + Hosts.name(h) + " class=node parent=machine"), facts.toString());
            }
            for (int pe = 0; pe < PES; pe++) {
                assertTrue(facts.contains("1 group PE " + pe + " on " + Hosts.name(pe % n)), facts.toString());
            }
        }
    }
}
