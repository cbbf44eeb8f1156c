package io.shmemtrace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.format.TraceState;
import io.shmemtrace.tests.support.Command;
import io.shmemtrace.tests.support.Programs;
import io.shmemtrace.tests.support.Traces;
import io.shmemtrace.tests.support.Workspace;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.RepeatedTest;

/**
 * A signal handler that calls OpenSHMEM re-enters the tracer anywhere in a traced call (tests/src/test/c/sigquiet.c:
 * SIGALRM every 50 µs calls shmem_quiet while the main loop calls shmem_my_pe). The handler's calls pass through
 * without touching the thread's block: the program ends as it does untraced, and every call of the main loop is in
 * the trace. Five runs, as the failure (a crash or hang where a block changes) came 2 times in 3.
 */
class SignalReentryTest {
    private static final int NPES = 2;
    private static final long CALLS = 2_000_000; // several 1 MiB blocks of my_pe events per PE
    private static final Pattern COUNTS = Pattern.compile("pe (\\d+): (\\d+) calls, (\\d+) handler calls");

    @RepeatedTest(5)
    void handlerCallsPassThroughAndTheProgramIsUnharmed() {
        Path program = Programs.compile("sigquiet");
        Command.Result plain = Programs.plain(NPES, program, Long.toString(CALLS)).timeout(300).run();
        Path dir = Workspace.freshDir("sigquiet");
        Command.Result traced = Programs.traced(NPES, dir, program, Long.toString(CALLS)).timeout(300).run();
        assertEquals(0, plain.exitCode(), plain.describe());
        assertEquals(plain.exitCode(), traced.exitCode(), traced.describe());
        assertEquals(sortedLines(plain.stdout()), sortedLines(traced.stdout()));
        assertEquals(List.of("pe 0: sum right", "pe 1: sum right"), sortedLines(traced.stdout()));
        Matcher m = COUNTS.matcher(traced.stderr());
        int pes = 0;
        while (m.find()) {
            int pe = Integer.parseInt(m.group(1));
            long loopCalls = Long.parseLong(m.group(2));
            long handlerCalls = Long.parseLong(m.group(3));
            Traces.Counted t = Traces.count(Traces.peFile(dir, pe));
            assertEquals(TraceState.FINALIZED, t.file().header().state());
            // No damage but the count of calls not recorded (its offset is the header's dropped count).
            assertEquals(List.of(), t.problems().stream().filter(p -> p.damage() && p.block() >= 0).toList());
            // The loop's calls, and the one after it: none lost, none written twice.
            assertEquals(loopCalls + 1, t.of("shmem_my_pe"), "PE " + pe);
            // The handler's calls were recorded (between two traced calls) or passed through, counted when the
            // shim was at work (passed through uncounted while a library call ran); never more than were made.
            long recordedQuiets = t.of("shmem_quiet");
            long counted = t.file().header().droppedEvents();
            assertTrue(recordedQuiets + counted <= handlerCalls,
                    "PE " + pe + ": " + recordedQuiets + " recorded + " + counted + " counted > " + handlerCalls);
            pes++;
        }
        assertEquals(NPES, pes, traced.describe());
    }

    private static List<String> sortedLines(String s) {
        return s.lines().sorted().toList();
    }
}
