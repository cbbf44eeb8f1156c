package io.shmemtrace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.tests.support.Command;
import io.shmemtrace.tests.support.Json;
import io.shmemtrace.tests.support.Recorded;
import io.shmemtrace.tests.support.Sos;
import io.shmemtrace.tests.support.Traces;
import io.shmemtrace.tests.support.Workspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * One libshmemtrace.so, Sandia OpenSHMEM too: programs built with SOS 1.5.3 (scripts/build-sos.sh, from the vendored
 * sources) run traced with the shim Open MPI's programs use, every OpenSHMEM 1.5 call recorded with its arguments,
 * in the numbers the program makes them.
 */
class SosTest {
    private static final int SHMEM_SIGNAL_ADD = 1;

    @BeforeAll
    static void buildSos() {
        Sos.require();
    }

    /** teams15.c at 4 PEs: its counts per PE follow from its source (see its comment). */
    @Test
    void everyCallOfAnOpenShmem15ProgramIsRecorded() throws Exception {
        Path program = Sos.compile("teams15");
        Path run = Workspace.freshDir("sos-teams15").resolve("run");
        Command.Result traced = Sos.traced(4, run, program, "10").runOk();
        assertEquals(List.of("teams15 pe 0: signal 10, inbox 10, even sum 2, counter 4",
                "teams15 pe 1: signal 10, inbox 10, even sum -1, counter -1",
                "teams15 pe 2: signal 10, inbox 10, even sum 2, counter -1",
                "teams15 pe 3: signal 10, inbox 10, even sum -1, counter -1"), sortedLines(traced.stdout()));
        assertFalse(Files.exists(run.resolve("pe00000.untraced")), "nothing the program calls goes unrecorded");

        for (int pe = 0; pe < 4; pe++) {
            Map<String, Long> expected = new TreeMap<>(Map.of("shmem_init", 1L, "shmem_my_pe", 1L, "shmem_n_pes", 1L,
                    "shmem_long_put_signal", 10L, "shmem_signal_wait_until", 10L, "shmem_team_split_strided", 1L,
                    "shmem_long_atomic_set", 1L, "shmem_long_atomic_fetch_add_nbi", 1L, "shmem_quiet", 1L,
                    "shmem_barrier_all", 1L));
            expected.put("shmem_finalize", 1L);
            expected.put("shmem_pcontrol", 1L);
            if (pe % 2 == 0) {
                expected.putAll(Map.of("shmem_long_sum_reduce", 1L, "shmem_team_sync", 1L, "shmem_team_destroy", 1L));
            }
            if (pe == 0) expected.put("shmem_long_wait_until_all", 1L);
            Traces.Read trace = Traces.read(Traces.peFile(run, pe));
            assertEquals(List.of(), trace.problems());
            assertEquals(expected, new TreeMap<>(Traces.countCalls(Traces.peFile(run, pe)).calls()), "PE " + pe);

            assertEquals(1, trace.named("shmem_pcontrol").get(0).field("level"), "variadic: its level recorded");
            Recorded firstPut = trace.named("shmem_long_put_signal").get(0);
            assertEquals((pe + 1) % 4, firstPut.targetPe());
            assertEquals(16 * 8, firstPut.bytes());
            assertEquals(1, firstPut.field("signal"));
            assertEquals(SHMEM_SIGNAL_ADD, firstPut.field("sig_op"));
            long signalWord = firstPut.field("sig_addr");
            assertTrue(trace.named("shmem_signal_wait_until").stream().allMatch(w -> w.field("sig_addr") == signalWord),
                    "each wait is on the word the signals update");
            assertEquals(10, trace.named("shmem_signal_wait_until").get(9).field("cmp_value"));
            assertEquals(5, trace.named("shmem_signal_wait_until").get(9).field("cmp"),
                    "SHMEM_CMP_GE (4 in SOS's shmem.h) in the trace's numbering (FORMAT.md, CMP)");

            long team = trace.named("shmem_team_split_strided").get(0).field("new_team");
            if (pe % 2 == 0) {
                assertNotEquals(0, team);
                for (String f : List.of("shmem_long_sum_reduce", "shmem_team_sync", "shmem_team_destroy")) {
                    assertEquals(team, trace.named(f).get(0).field("team"), f + " is on the team the split made");
                }
            } else {
                assertEquals(0, team, "not a member: SHMEM_TEAM_INVALID");
            }
            assertEquals(0, trace.named("shmem_long_atomic_fetch_add_nbi").get(0).targetPe());
        }
        Recorded setWait = Traces.read(Traces.peFile(run, 0)).named("shmem_long_wait_until_all").get(0);
        assertEquals(4 * 8, setWait.field("ivars_bytes"), "the span of the 4 flags it waits on");
        assertEquals(0, setWait.field("masked"));
        assertEquals(0, setWait.field("cmp"), "SHMEM_CMP_EQ (1 in SOS's shmem.h) in the trace's numbering");
        mergedAndReplayedAsTraced(run);

        // Profiled with SOS (its library's own calls left alone): the same calls and bytes per function as traced.
        Path profiled = run.resolveSibling("profile");
        Sos.traced(4, profiled, program, "10").env("SHMEMTRACE_MODE", "profile").runOk();
        for (int pe = 0; pe < 4; pe++) {
            assertEquals(Traces.callsAndBytes(Traces.peFile(run, pe)),
                    Traces.callsAndBytes(Traces.peFile(profiled, pe)), "PE " + pe + ", profiled");
        }
    }

    /**
     * The merge matches the team's collectives on the team's PEs (the even ones: a set of stride 2 from the split),
     * with no mismatch; the signal puts carry their signal word and the set wait its span; the measured replay
     * gives back the traced window, every wait released by the write that released it in the run.
     */
    private static void mergedAndReplayedAsTraced(Path run) throws Exception {
        Path merged = run.resolveSibling("run.psins");
        Command.Result merge = Command.of(Workspace.DIST.resolve("bin/shmem2psins").toString(), "-o", merged.toString(),
                run.toString()).runOk();
        assertFalse(merge.stderr().contains("mismatch"), merge.stderr());
        String text = Command.of(Workspace.DIST.resolve("bin/shmem2psins").toString(), "--text", merged.toString())
                .runOk().stdout();
        assertTrue(text.contains("# set 1: start 0, stride 2, size 2\n"), text.substring(0, Math.min(text.length(), 2000)));
        List<String> teamCalls = text.lines().filter(l -> l.contains(" shmem_long_sum_reduce ") || l.contains(" shmem_team_sync "))
                .toList();
        assertEquals(4, teamCalls.size(), "a reduction and a sync on each even PE");
        assertTrue(teamCalls.stream().allMatch(l -> l.contains(" set=1 ")), String.join("\n", teamCalls));
        assertEquals(40, text.lines().filter(l -> l.contains(" put_signal shmem_long_put_signal ") && l.contains(" signal=0x"))
                .count());
        assertTrue(text.contains(" shmem_long_wait_until_all ") && text.contains(" flags=32 bytes at 0x"), "the set's span");

        Path json = run.resolveSibling("prediction.json");
        assertNull(replayedAsTraced(merged, json));
        assertEquals(0, (int) Json.number(Files.readString(json), "unmatched_waits"),
                "each signal wait released by a put_signal, the set wait by the atomics");
    }

    /** The spec's declarations are the ones SOS's shmem.h makes (but for the volatile SOS leaves out). */
    @Test
    void theSpecDeclaresEveryFunctionAsSosHeaderDoes() {
        Path out = Workspace.freshDir("sos-abi-check");
        Command.of("make", "-s", "-C", Workspace.ROOT.resolve("native-shim").toString(),
                "GEN_DIR=" + Workspace.ROOT.resolve("native-shim/target/generated"), "OUT_DIR=" + out, "abi-check",
                "SHMEM_CFLAGS=-I" + Sos.PREFIX.resolve("include"), "ABI_CHECK_FLAGS=-DSHMT_VOLATILE=").runOk();
        String declared = Command.of("sh", "-c", "grep -c SHMT_HAVE_shmem_ " + out.resolve("obj/shmt_declared.h"))
                .runOk().stdout().strip();
        assertTrue(Integer.parseInt(declared) > 1700, declared + " functions of SOS's header checked");
    }

    /**
     * shmembench builds its benchmarks with the OpenSHMEM on PATH: with SOS's, it benchmarks 1.5 calls (a signal put,
     * team collectives, a team reduction and sync on SHMEM_TEAM_WORLD) and verifies that the tracer records exactly the
     * calls and bytes each benchmark counts of itself.
     */
    @Test
    void shmembenchMeasuresAndVerifiesSignalPutsAndTeamCollectives() throws Exception {
        Path dir = Workspace.freshDir("sos-shmembench");
        Path config = Files.writeString(dir.resolve("sos15.cfg"), """
                TESTNUM TESTCLASS NELEMS STRIDE
                1 1 64 1 APIS=shmem_long_put_signal,shmem_putmem_signal REPS=3
                2 3 16 1 APIS=shmem_long_broadcast,shmem_long_sum_reduce,shmem_int_fcollect,shmem_alltoallmem,shmem_team_sync REPS=3
                """);
        String path = Sos.PREFIX.resolve("bin") + ":" + System.getenv("PATH");
        String shmembench = Workspace.DIST.resolve("bin/shmembench").toString();
        Command.Result verify = Command.of(shmembench, "verify", "--np", "2", "--config", config.toString())
                .env("PATH", path).in(dir).timeout(600).runOk();
        // exit 0: per PE and API, the trace holds exactly the calls and bytes the benchmark counted
        assertTrue(verify.stdout().startsWith("verified: "), verify.describe());
        Command.Result run = Command.of(shmembench, "run", "--np", "2", config.toString()).env("PATH", path).in(dir)
                .timeout(600).runOk();
        for (String api : List.of("shmem_long_put_signal", "shmem_putmem_signal", "shmem_long_broadcast",
                "shmem_long_sum_reduce", "shmem_int_fcollect", "shmem_alltoallmem", "shmem_team_sync")) {
            assertTrue(run.stdout().lines().anyMatch(l -> l.contains(" " + api + " ")), api + " measured:\n" + run.stdout());
        }
    }

    /**
     * SOS's own unit tests (121 programs, 2 PEs each), traced: each exits as it does untraced (run untraced only
     * where the traced run did not exit 0), leaves a readable trace per PE and nothing unrecorded, and each PE's
     * trace holds exactly the calls it made, function by function. The calls are counted a second way in the same
     * run: ltrace (ptrace breakpoints on the program's PLT, nothing shared with the shim) logs every SHMEM call the
     * program makes. Those of the 1.5 tests named in SosUnitCalls are checked against their sources too.
     */
    @Test
    void sosUnitTestsRunTracedWithEveryCallRecorded() throws Exception {
        Path root = Workspace.freshDir("sos-unit");
        Path ltrace = LtraceCounts.wrapper(root);
        List<String> failures = new ArrayList<>();
        List<String> programs = Sos.unitTests();
        assertEquals(121, programs.size());
        int countedTwice = 0, threadedPrograms = 0;
        for (String name : programs) {
            Path run = root.resolve(name);
            Files.createDirectories(run);
            // ltrace stops a thread at each breakpoint: the threaded tests (their lock and atomic contention) live-lock
            // under it, so they are counted by their traces alone.
            boolean threaded = Files.readString(Sos.unitTest(name + ".c")).contains("pthread_create");
            Command.Result traced = (threaded ? Sos.traced(2, run.resolve("trace"), Sos.unitTest(name))
                    : Sos.traced(2, run.resolve("trace"), ltrace, Sos.unitTest(name).toString()))
                    .env("LTRACE_DIR", run.toString()).in(root).timeout(300).run();
            if (traced.exitCode() != 0) {
                int untraced = Sos.plain(2, Sos.unitTest(name)).in(root).timeout(300).run().exitCode();
                if (untraced != traced.exitCode()) failures.add(name + ": exit " + traced.exitCode() + " traced, " + untraced);
            }
            Path trace = run.resolve("trace");
            if (Files.exists(trace.resolve("pe00000.untraced"))) {
                failures.add(name + ": not recorded: " + Files.readString(trace.resolve("pe00000.untraced")).strip());
            }
            Traces.Counted[] traces = {Traces.countCalls(Traces.peFile(trace, 0)), Traces.countCalls(Traces.peFile(trace, 1))};
            // shmem_global_exit ends the job: the PE that called it and the one it took down are said to be so.
            boolean exited = traces[0].of("shmem_global_exit") + traces[1].of("shmem_global_exit") > 0;
            List<Map<String, Long>> recorded = new ArrayList<>();
            for (int pe = 0; pe < 2; pe++) {
                Traces.Counted t = traces[pe];
                List<String> problems = t.problems().stream().map(Object::toString)
                        .filter(p -> !exited || !(p.contains("exited without shmem_finalize") || p.contains("crashed or killed")))
                        .toList();
                if (!problems.isEmpty()) failures.add(name + " PE " + pe + ": " + problems);
                recorded.add(new TreeMap<>(t.calls()));
                Map<String, Long> expected = SosUnitCalls.EXPECTED.apply(name, pe);
                if (expected != null && !expected.equals(recorded.get(pe))) {
                    failures.add(name + " PE " + pe + ": its source makes " + expected + ", traced " + recorded.get(pe));
                }
            }
            // A PE that global_exit killed may not have flushed its ltrace log, nor its trace: compared, merged and
            // replayed where both PEs finished.
            if (!exited) {
                List<Map<String, Long>> made = LtraceCounts.perProcess(run);
                if (threaded) {
                    threadedPrograms++;
                } else if (!sorted(made).equals(sorted(recorded))) {
                    failures.add(name + ": ltrace saw " + made + ", traced " + recorded);
                } else {
                    countedTwice++;
                }
                String replayed = replayedAsTraced(trace, run.resolve("prediction.json"));
                if (replayed != null) failures.add(name + ": " + replayed);
            }
        }
        assertEquals(List.of(), failures);
    }

    /** The run merged and replayed with the measured model: null if it gives back the traced window within 1 %. */
    private static String replayedAsTraced(Path trace, Path json) throws Exception {
        Command.Result sim = Command.of(Workspace.DIST.resolve("bin/shmemsim").toString(), "-q", "--comm-model",
                "measured", "--json", json.toString(), trace.toString()).run();
        if (sim.exitCode() != 0) return "shmemsim: " + sim.describe();
        if (sim.stderr().contains("mismatch")) return "the merge matched its collectives wrongly: " + sim.stderr();
        String j = Files.readString(json);
        double traced = Json.number(j, "traced_s"), predicted = Json.number(j, "predicted_s");
        return Math.abs(predicted - traced) <= 0.01 * traced ? null : "replayed " + predicted + " s, traced " + traced + " s";
    }

    private static List<String> sorted(List<Map<String, Long>> perPe) {
        return perPe.stream().map(Map::toString).sorted().toList();
    }

    private static List<String> sortedLines(String text) {
        return text.lines().sorted().toList();
    }
}
