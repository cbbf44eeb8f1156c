package io.shmemtrace.tests;

import static io.shmemtrace.tests.support.ExpectedCalls.NONE;
import static io.shmemtrace.tests.support.ExpectedCalls.times;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.format.Layout;
import io.shmemtrace.format.read.TraceHeader;
import io.shmemtrace.format.TraceState;
import io.shmemtrace.tests.programs.AgentCalls;
import io.shmemtrace.tests.programs.AgentKilled;
import io.shmemtrace.tests.programs.AgentManyCalls;
import io.shmemtrace.tests.programs.NoShmem;
import io.shmemtrace.tests.support.Command;
import io.shmemtrace.tests.support.ExpectedCalls;
import io.shmemtrace.tests.support.JavaPrograms;
import io.shmemtrace.tests.support.Recorded;
import io.shmemtrace.tests.support.SizeLimit;
import io.shmemtrace.tests.support.Traces;
import io.shmemtrace.tests.support.Workspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** AgentCalls under oshrun -np 4 with -javaagent:dist/lib/shmemtrace.jar: every Java call, exactly, per PE. */
class AgentTest {
    private static final int NPES = 4;
    private static Path dir;

    private static final ExpectedCalls CALLS = new ExpectedCalls(NPES);

    /** The calls of AgentCalls (see its comment), as the native layer names them. */
    private static final List<ExpectedCalls.Call> EXPECTED = List.of(
            new ExpectedCalls.Call("shmem_init", times(1), 0, NONE),
            new ExpectedCalls.Call("shmem_malloc", times(4), 0, NONE),
            new ExpectedCalls.Call("shmem_barrier_all", times(3), 0, NONE),
            new ExpectedCalls.Call("shmem_long_put", times(1), 128, CALLS::right),
            new ExpectedCalls.Call("shmem_long_get", times(1), 64, CALLS::left),
            new ExpectedCalls.Call("shmem_long_p", me -> 10 + me, 8, CALLS::right),
            new ExpectedCalls.Call("shmem_long_g", times(3), 8, CALLS::left),
            new ExpectedCalls.Call("shmem_long_put_nbi", times(1), 32, CALLS::right),
            new ExpectedCalls.Call("shmem_quiet", times(1), 0, NONE),
            new ExpectedCalls.Call("shmem_long_atomic_fetch_add", me -> me + 1, 8, me -> 0),
            new ExpectedCalls.Call("shmem_long_sum_to_all", times(1), 32, NONE),
            new ExpectedCalls.Call("shmem_broadcast64", times(1), 32, NONE),
            new ExpectedCalls.Call("shmem_set_lock", times(1), 0, NONE),
            new ExpectedCalls.Call("shmem_clear_lock", times(1), 0, NONE),
            new ExpectedCalls.Call("shmem_ctx_create", times(1), 0, NONE),
            new ExpectedCalls.Call("shmem_ctx_long_put", times(1), 32, CALLS::right),
            new ExpectedCalls.Call("shmem_ctx_quiet", times(1), 0, NONE),
            new ExpectedCalls.Call("shmem_ctx_destroy", times(1), 0, NONE),
            new ExpectedCalls.Call("shmem_free", times(4), 0, NONE),
            new ExpectedCalls.Call("shmem_finalize", times(1), 0, NONE));

    @BeforeAll
    static void run() {
        dir = Workspace.freshDir("agent-calls");
        JavaPrograms.run(NPES, AgentCalls.class, List.of(JavaPrograms.agent())).env("SHMEMTRACE_DIR", dir.toString())
                .runOk();
    }

    static Path javaFile(Path dir, int pe) {
        return dir.resolve(String.format("pe%05d.java.shmt", pe));
    }

    @Test
    void eachPeRecordsExactlyTheJavaCallsItMade() {
        for (int pe = 0; pe < NPES; pe++) {
            Traces.Read trace = Traces.read(javaFile(dir, pe));
            assertEquals(List.of(), trace.problems(), "PE " + pe);
            TraceHeader h = trace.file().header();
            assertEquals(pe, h.pe());
            assertEquals(NPES, h.npes());
            assertEquals(Layout.WRITER_JAVA, h.writer());
            assertEquals(TraceState.FINALIZED, h.state());
            ExpectedCalls.assertCounts(EXPECTED, trace, pe);
            ExpectedCalls.assertBytesAndTargets(EXPECTED, trace, pe);
            assertEquals(1L, trace.named("shmem_broadcast64").get(0).field("PE_root"));
            // Events of a thread tile its time: bursts and durations add up to the span.
            List<Recorded> events = trace.events();
            for (int i = 1; i < events.size(); i++) {
                assertEquals(events.get(i - 1).endUnits() + events.get(i).burstUnits(), events.get(i).startUnits());
            }
        }
    }

    @Test
    void traceToolsReadTheJavaLayerUnchanged() {
        Command.Result r = Command.of(Workspace.DIST.resolve("bin/shmembin2txt").toString(), "--summary",
                javaFile(dir, 0).toString(), javaFile(dir, 1).toString(), javaFile(dir, 2).toString(),
                javaFile(dir, 3).toString()).runOk();
        assertTrue(r.stdout().contains("== job (4 PEs)"), r.stdout());
        Path merged = Workspace.freshDir("agent-merged").resolve("java.psins");
        Command.of(Workspace.DIST.resolve("bin/shmem2psins").toString(), "-q", "-o", merged.toString(),
                javaFile(dir, 0).toString(), javaFile(dir, 1).toString(), javaFile(dir, 2).toString(),
                javaFile(dir, 3).toString()).runOk();
        assertTrue(Files.exists(merged));
    }

    @Test
    void aKilledJvmLeavesEveryCallItMade() {
        Path killed = Workspace.freshDir("agent-killed");
        // One PE: with more, oshrun would stop the others as soon as the first one died.
        Command.Result r = JavaPrograms.run(1, AgentKilled.class, List.of(JavaPrograms.agent()))
                .env("SHMEMTRACE_DIR", killed.toString()).run();
        assertTrue(r.exitCode() != 0, "oshrun reports the killed PE");
        Traces.Read t = Traces.read(javaFile(killed, 0));
        assertEquals(TraceState.RUNNING, t.file().header().state(), "the PE never finished");
        assertEquals(1000, t.named("shmem_long_p").size(), "PE 0");
        assertEquals(List.of("shmem_init", "shmem_malloc"), t.events().subList(0, 2).stream().map(Recorded::name).toList());
        assertTrue(t.problems().stream().noneMatch(p -> p.damage()), t.problems().toString());
    }

    /** SHMEMTRACE_MAX_BYTES bounds the Java layer's file as it bounds the native one (TraceLimitsTest). */
    @Test
    void theJavaLayerStopsRecordingAtTheSizeLimitAndCountsTheRest() {
        Path limited = Workspace.freshDir("agent-limit");
        Command.Result r = JavaPrograms.run(1, AgentManyCalls.class, List.of(JavaPrograms.agent()))
                .env("SHMEMTRACE_DIR", limited.toString()).env("SHMEMTRACE_BLOCK_SIZE", "4096")
                .env("SHMEMTRACE_MAX_BYTES", SizeLimit.SETTING).runOk();
        // init, malloc, the calls and finalize
        SizeLimit.assertCapped(javaFile(limited, 0), r.stderr(), AgentManyCalls.CALLS + 3);
    }

    /** A Java-layer trace is never replaced: the PE says so in one line and runs untraced. */
    @Test
    void anExistingJavaTraceIsNotReplaced() throws Exception {
        Path dir = Workspace.freshDir("agent-exists");
        Path victim = Workspace.freshDir("agent-victim").resolve("precious");
        Files.writeString(victim, "precious\n");
        Files.createSymbolicLink(javaFile(dir, 0), victim);
        Command.Result r = JavaPrograms.run(1, AgentManyCalls.class, List.of(JavaPrograms.agent()))
                .env("SHMEMTRACE_DIR", dir.toString()).runOk();
        assertEquals("calls " + AgentManyCalls.CALLS + "\n", r.stdout());
        assertEquals("precious\n", Files.readString(victim));
        assertEquals(List.of("shmemtrace agent: " + javaFile(dir, 0) + ": already exists (a trace is never replaced:"
                + " remove it, or give another SHMEMTRACE_DIR); tracing disabled for this PE"),
                r.stderr().lines().filter(l -> l.startsWith("shmemtrace")).toList());
    }

    @Test
    void aJvmThatNeverStartsOpenShmemIsLeftAlone() throws Exception {
        Path cwd = Workspace.freshDir("agent-inert");
        Command.Result r = JavaPrograms.runAlone(NoShmem.class, List.of(JavaPrograms.agent())).in(cwd).runOk();
        assertEquals("sum 499500\n", r.stdout());
        assertEquals("", r.stderr());
        try (Stream<Path> files = Files.list(cwd)) {
            assertFalse(files.anyMatch(p -> p.getFileName().toString().startsWith("shmemtrace")), "no trace written");
        }
    }

    /**
     * Java 17 and every Temurin here (25 on these machines) start a program under the agent with nothing on
     * stderr: no ByteBuddy warning about sun.misc.Unsafe, no other line in the program's output.
     */
    @Test
    void startsSilentlyOnEveryJdkHere() throws Exception {
        List<Path> jdks = new java.util.ArrayList<>(List.of(Path.of(System.getProperty("java.home"))));
        try (Stream<Path> others = Files.list(Path.of("/usr/lib/jvm"))) {
            others.filter(p -> p.getFileName().toString().startsWith("temurin-")).sorted().forEach(jdks::add);
        }
        for (Path jdk : jdks) {
            List<String> argv = List.of(jdk.resolve("bin/java").toString(), JavaPrograms.agent(),
                    "-cp", System.getProperty("java.class.path"), NoShmem.class.getName());
            Command.Result r = new Command(argv).in(Workspace.freshDir("agent-silent")).runOk();
            assertEquals("sum 499500\n", r.stdout(), jdk.toString());
            assertEquals("", r.stderr(), jdk + " starts the agent silently");
        }
        System.out.println("agent started silently on " + jdks);
    }

    /**
     * The Java layer on a full file system (issue 41, item 8: it said nothing, left a sparse file of 42 MB on a file
     * system of 64 KB, and lost calls): one line, the file within the file system, each call recorded or counted.
     */
    @Test
    void theJavaLayerOnAFullDiskSaysSoAndCountsTheRest() throws Exception {
        Path mount = Workspace.freshDir("agent-full-disk").resolve("tmpfs");
        Files.createDirectories(mount);
        long size = 64 << 10;
        Command.Result mounted = Command.of("mount", "-t", "tmpfs", "-o", "size=" + size, "tmpfs", mount.toString()).run();
        Assumptions.assumeTrue(mounted.exitCode() == 0, () -> {
            System.out.println("AgentTest: cannot mount a tmpfs here (" + mounted.stderr().strip() + "): skipped");
            return "no tmpfs";
        });
        try {
            Path traces = mount.resolve("trace");
            Command.Result r = JavaPrograms.run(1, AgentManyCalls.class, List.of(JavaPrograms.agent()))
                    .env("SHMEMTRACE_DIR", traces.toString()).env("SHMEMTRACE_BLOCK_SIZE", "4096").runOk();
            Path file = javaFile(traces, 0);
            assertEquals(1, r.stderr().lines().filter(l -> l.startsWith("shmemtrace: " + file + ": no room for the"
                    + " trace's next block (") && l.endsWith("); later calls are counted, not recorded")).count(), r.stderr());
            assertTrue(Files.size(file) <= size, Files.size(file) + " bytes");
            Traces.Read t = Traces.read(file);
            assertEquals(TraceState.FINALIZED, t.file().header().state());
            long recorded = t.events().size(), dropped = t.file().header().droppedEvents();
            assertTrue(dropped > 0, "calls counted: " + dropped);
            assertEquals(AgentManyCalls.CALLS + 3, recorded + dropped, "each call recorded or counted");
        } finally {
            // lazily: a plain umount failed (busy: the job's processes still leaving) and left the tmpfs mounted in
            // every checkout, so that the next `rm -rf` of it failed
            Command.of("umount", "-l", mount.toString()).runOk();
        }
    }
}
