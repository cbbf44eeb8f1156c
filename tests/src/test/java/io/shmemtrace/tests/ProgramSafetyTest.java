package io.shmemtrace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.format.Operation;
import io.shmemtrace.format.TraceState;
import io.shmemtrace.format.read.ProfileEntry;
import io.shmemtrace.format.read.TraceFile;
import io.shmemtrace.tests.support.Command;
import io.shmemtrace.tests.support.Programs;
import io.shmemtrace.tests.support.Traces;
import io.shmemtrace.tests.support.Workspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

/**
 * The tracer never harms the traced program, in the modes and settings added last (issue 41, items 1-4), under real
 * oshrun: a signal handler's SHMEM call in profile mode while the program is inside malloc; a program that closes the
 * trace's descriptor and gets its number for its own file; a full disk in profile mode; thousands of short threads.
 */
class ProgramSafetyTest {
    private static final Pattern HANDLER_CALLS = Pattern.compile("pe (\\d+): (\\d+) handler calls");
    private static final Pattern THREAD_RUN = Pattern.compile("pe (\\d+): (\\d+) calls, (\\d+) kB resident");

    /**
     * sigmalloc.c: the handler's calls are the thread's first profiled ones and each is in a region of a new name, so
     * each makes entries while the interrupted thread may hold malloc's lock. Before, the first one called calloc
     * and the program hung; five runs, as the hang came at once.
     */
    @RepeatedTest(5)
    void aHandlersCallInProfileModeNeverWaitsForMalloc() throws Exception {
        int calls = 1000;
        Path dir = Workspace.freshDir("sigmalloc");
        Path program = Programs.compile("sigmalloc", "sigmalloc", "-I" + Workspace.DIST.resolve("include"));
        Command.Result r = Programs.traced(2, dir, program, Integer.toString(calls)).env("SHMEMTRACE_MODE", "profile")
                .timeout(120).run();
        assertEquals(0, r.exitCode(), r.describe());
        Matcher m = HANDLER_CALLS.matcher(r.stderr());
        int pes = 0;
        for (; m.find(); pes++) {
            assertEquals(calls, Long.parseLong(m.group(2)), r.describe());
            try (TraceFile f = TraceFile.open(Traces.peFile(dir, Integer.parseInt(m.group(1))))) {
                assertEquals(List.of(), f.problems());
                assertEquals(0, f.header().droppedEvents());
                List<ProfileEntry> entries = f.profile();
                // every handler's my_pe in its own region, and the main thread's one after the loop
                assertEquals(calls + 1, entries.stream().filter(e -> e.def().name().equals("shmem_my_pe"))
                        .mapToLong(ProfileEntry::calls).sum());
                assertEquals(calls, entries.stream().filter(e -> e.def().operation() == Operation.REGION_BEGIN).count());
            }
        }
        assertEquals(2, pes, r.describe());
    }

    /**
     * dupclose.c closes the trace's descriptor and puts its 4 MiB results file at that number, then makes calls
     * enough for new blocks: the tracer sees the descriptor is no longer its trace, says so once and writes nothing
     * more, and the file is intact (before, 533,211 of its bytes were overwritten by trace blocks). Its descriptor
     * is kept far from the low numbers a program reuses.
     */
    @Test
    void aDescriptorTheProgramClosedIsNeverWrittenThrough() throws Exception {
        long calls = 200_000;
        Path dir = Workspace.freshDir("dupclose");
        Path results = dir.resolve("results.bin");
        Path traces = dir.resolve("trace");
        Command.Result r = Programs.traced(1, traces, Programs.compile("dupclose"), Long.toString(calls),
                results.toString()).env("SHMEMTRACE_BLOCK_SIZE", "65536").run();
        assertEquals(0, r.exitCode(), r.describe());
        List<String> out = r.stdout().lines().toList();
        assertEquals(2, out.size(), r.describe());
        assertTrue(Integer.parseInt(out.get(0).substring("trace descriptor ".length())) >= 100, out.get(0));
        assertEquals("results intact", out.get(1), r.describe());
        Path file = Traces.peFile(traces, 0);
        assertEquals(1, r.stderr().lines().filter(l -> l.equals("shmemtrace: " + file + ": the trace's descriptor was"
                + " closed by the program (its number may now be another file's); nothing more is written through it;"
                + " tracing disabled for this PE")).count(), r.describe());
        // each call recorded (those of the blocks mapped before) or counted: init, the loop, barrier, finalize
        Traces.Counted t = Traces.count(file);
        assertEquals(TraceState.DISABLED, t.file().header().state());
        long recorded = t.calls().values().stream().mapToLong(Long::longValue).sum();
        assertTrue(recorded > 1000, recorded + " recorded");
        assertEquals(calls + 3, recorded + t.file().header().droppedEvents());
    }

    /**
     * A profile on a full file system: the first block that cannot be had ends the PE's profile with one line, and
     * no call asks for a block again (before, every call did: 23.6-37.5 s against 6.3 s for trace mode). Counted with
     * strace: the PE's fallocate calls are those of the header and one block, not one per call.
     */
    @Test
    void aProfileOnAFullDiskAsksForNoBlockAfterTheFirstFailure() throws Exception {
        Path program = Programs.compile("crash");
        // a file system with room for the profile's header and the command line beside it, not for its first block
        Path sized = Workspace.freshDir("full-disk-sizing");
        Programs.traced(1, sized, program, "finalize", "10").env("SHMEMTRACE_MODE", "profile").runOk();
        long header;
        try (TraceFile f = TraceFile.open(Traces.peFile(sized, 0))) {
            header = f.header().firstBlockOffset();
        }
        Path mount = Workspace.freshDir("full-disk").resolve("tmpfs");
        Files.createDirectories(mount);
        Command.Result mounted = Command.of("mount", "-t", "tmpfs", "-o", "size=" + (header + 8192), "tmpfs",
                mount.toString()).run();
        Assumptions.assumeTrue(mounted.exitCode() == 0, () -> {
            System.out.println("ProgramSafetyTest: cannot mount a tmpfs here (" + mounted.stderr().strip() + "): skipped");
            return "no tmpfs";
        });
        try {
            Path traces = mount.resolve("trace");
            Path log = Workspace.freshDir("full-disk-strace").resolve("fallocate.log");
            long calls = 20_000;
            Command.Result r = Programs.launch(List.of("env", "OMPI_MCA_btl=^uct", "oshrun", "--allow-run-as-root",
                    "-np", "1", "strace", "-f", "-e", "trace=fallocate", "-o", log.toString()), traces, program,
                    "finalize", Long.toString(calls)).env("SHMEMTRACE_MODE", "profile").timeout(300).run();
            assertEquals(0, r.exitCode(), r.describe());
            Path file = Traces.peFile(traces, 0);
            assertEquals(List.of("shmemtrace: " + file + ": cannot allocate a block (disk full?): No space left on device;"
                    + " tracing disabled for this PE"), r.stderr().lines().filter(l -> l.contains("disabled")).toList());
            try (TraceFile f = TraceFile.open(file)) {
                assertEquals(TraceState.DISABLED, f.header().state());
                // no block for any event: init, shmem_my_pe, the loop's calls and finalize are counted
                assertEquals(calls + 3, f.header().droppedEvents());
            }
            // the end line tells what the file holds (it said "1814 events, 644.9 MB" of a 16 KB file)
            long kb = Math.round(java.nio.file.Files.size(file) / 1024.0);
            assertTrue(r.stderr().contains(" (PE 0: a profile of " + kb + " KB, " + (calls + 3) + " calls not recorded); "),
                    r.describe());
            // the header's and the first block's, not one per call
            List<String> fallocates = Files.readAllLines(log).stream().filter(l -> l.contains("fallocate(")).toList();
            assertEquals(2, fallocates.size(), String.join("\n", fallocates));
        } finally {
            Command.of("umount", "-l", mount.toString()).run();
        }
    }

    /**
     * shortthreads.c: 12,000 threads, 4 at a time, 10 calls each. The tracer's memory stays within 2 x untraced in
     * both modes and every call is recorded: a thread that ends leaves its slot (block, sequence, profile) to the next
     * (before: 179 MB resident in profile mode against 25 MB, 1 GiB of file a PE, 120,747 calls not recorded past
     * the 1,024th thread).
     */
    @Test
    void shortLivedThreadsCostNeitherMemoryNorCalls() throws Exception {
        int threads = 12_000, each = 10;
        Path program = Programs.compile("shortthreads");
        long untraced = resident(Programs.plain(2, program, Integer.toString(threads), Integer.toString(each))
                .timeout(300).runOk());
        for (String mode : List.of("trace", "profile")) {
            Path dir = Workspace.freshDir("shortthreads-" + mode);
            Command.Result r = Programs.traced(2, dir, program, Integer.toString(threads), Integer.toString(each))
                    .env("SHMEMTRACE_MODE", mode).timeout(300).runOk();
            long traced = resident(r);
            assertTrue(traced <= 2 * untraced, mode + ": " + traced + " kB resident against " + untraced + " untraced");
            for (int pe = 0; pe < 2; pe++) {
                Path file = Traces.peFile(dir, pe);
                var calls = Traces.callsAndBytes(file);
                assertEquals((long) threads * each, calls.get("shmem_long_p").get(0), mode + " PE " + pe);
                assertEquals(threads, calls.get("shmem_quiet").get(0), mode + " PE " + pe);
                try (TraceFile f = TraceFile.open(file)) {
                    assertEquals(0, f.header().droppedEvents(), mode + " PE " + pe);
                    assertEquals(List.of(), f.problems(), mode + " PE " + pe);
                    assertTrue(Files.size(file) <= 16L << 20, mode + ": " + Files.size(file) + " bytes");
                }
            }
        }
    }

    /**
     * identity.c: shmem_quiet's address taken before shmem_init, after it and from dlsym is one address in every
     * mode (before, profile mode and exclusion pointed the GOT slot of the address at a stub: two addresses in a
     * position-independent program). A program that takes a function's address calls it through that slot too (the
     * linker's choice: no PLT entry), so every call reaches the wrapper: profiled there in profile mode, recorded
     * although excluded (the README says so).
     */
    @org.junit.jupiter.params.ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"trace", "profile", "exclude"})
    void aFunctionKeepsOneAddress(String mode) throws Exception {
        int calls = 25;
        Path dir = Workspace.freshDir("identity-" + mode);
        Command run = Programs.traced(1, dir, Programs.compile("identity", "identity", "-ldl"), Integer.toString(calls));
        if (mode.equals("profile")) run.env("SHMEMTRACE_MODE", "profile");
        if (mode.equals("exclude")) run.env("SHMEMTRACE_EXCLUDE", "shmem_quiet");
        Command.Result r = run.runOk();
        assertEquals("identity kept", r.stdout().strip(), r.describe());
        Path file = Traces.peFile(dir, 0);
        long recorded = Traces.count(file).of("shmem_quiet");
        try (TraceFile f = TraceFile.open(file)) {
            long profiled = f.profile().stream().filter(e -> e.def().name().equals("shmem_quiet"))
                    .mapToLong(ProfileEntry::calls).sum();
            long excluded = f.unrecorded().stream().filter(u -> u.def().name().equals("shmem_quiet"))
                    .mapToLong(io.shmemtrace.format.read.UnrecordedCalls::excluded).sum();
            List<Long> expected = switch (mode) {
                case "trace" -> List.of(2L * calls, 0L, 0L);
                case "profile" -> List.of(0L, 2L * calls, 0L);
                default -> List.of(2L * calls, 0L, 0L);
            };
            assertEquals(expected, List.of(recorded, profiled, excluded), "recorded, profiled, excluded");
        }
    }

    /**
     * Another user's symbolic link at any level of SHMEMTRACE_DIR (issue 41, item 10) would decide where the traces
     * are written: refused in one line a PE, the program runs untraced and nothing lands where the link points.
     */
    @Test
    void anotherUsersLinkInTheTracePathIsNotFollowed() throws Exception {
        Path dir = Workspace.freshDir("foreign-link");
        Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));
        Path link = Files.createSymbolicLink(dir.resolve("link"), elsewhere);
        Command.of("chown", "-h", "nobody", link.toString()).runOk();
        for (Path traces : List.of(link.resolve("traces"), link)) {
            Command.Result r = Programs.traced(1, traces, Programs.compile("crash"), "finalize", "10").runOk();
            assertEquals(List.of("shmemtrace: " + traces.resolve("pe00000.shmt") + ": " + link + " is a symbolic link of"
                    + " another user (uid 65534); traces go only where you decide; tracing disabled for this PE"),
                    r.messages(), r.describe());
            try (var files = Files.list(elsewhere)) {
                assertEquals(List.of(), files.toList());
            }
        }
    }

    /** The largest resident size either PE printed. */
    private static long resident(Command.Result r) {
        Matcher m = THREAD_RUN.matcher(r.stdout());
        List<Long> kb = new ArrayList<>();
        while (m.find()) kb.add(Long.parseLong(m.group(3)));
        assertEquals(2, kb.size(), r.describe());
        return kb.stream().mapToLong(Long::longValue).max().orElseThrow();
    }
}
