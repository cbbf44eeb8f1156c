package io.shmemtrace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shmemtrace.tests.support.Command;
import io.shmemtrace.tests.support.Workspace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Traces of every format version the readers accept, committed (tests/src/test/golden, README.md there says how they
 * were made), read by today's tools and compared with what those tools printed when the files were written: every
 * event, field, category and operation (the merge's record types come from the operations). A code that changes
 * meaning, or a reader that stops reading an old version, changes the text (issue 43: codes were enum ordinals).
 */
class GoldenTracesTest {
    private static final Path GOLDEN = Workspace.ROOT.resolve("tests/src/test/golden");

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
            "shmembin2txt, --csv, trace-2.2-c, trace-2.2-c.csv",
            "shmembin2txt, --csv, trace-2.2-java, trace-2.2-java.csv",
            "shmembin2txt, --summary --ns, profile-3, profile-3.summary.txt",
            "shmem2psins, --text, trace-2.2-c, merged-8.txt",
            "shmem2psins, --text, merged-8.psins, merged-8.txt"})
    void todaysToolsReadEveryVersionAsTheyDidWhenItWasWritten(String tool, String option, String input, String expected)
            throws IOException {
        List<String> command = new ArrayList<>(List.of(Workspace.DIST.resolve("bin/" + tool).toString()));
        command.addAll(List.of(option.split(" "))); // the exact numbers (--ns), compared digit for digit
        command.add(input);
        Command.Result r = Command.of(command.toArray(String[]::new)).in(GOLDEN).run();
        assertEquals(0, r.exitCode(), r.describe());
        assertEquals(Files.readString(GOLDEN.resolve(expected)), r.stdout(), tool + " " + option + " " + input);
    }
}
