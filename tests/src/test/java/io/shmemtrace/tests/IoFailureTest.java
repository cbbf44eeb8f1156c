package io.shmemtrace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shmemtrace.tests.support.Command;
import io.shmemtrace.tests.support.Programs;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A trace directory that cannot be created costs one warning per PE; the program runs on unharmed. */
class IoFailureTest {
    @Test
    void unwritableDirectoryWarnsOnceAndTheProgramSucceeds() {
        Path nowhere = Path.of("/proc/shmemtrace-cannot-be-here");
        Command.Result r = Programs.traced(2, nowhere, Programs.compile("calls")).runOk();
        List<String> warnings = r.stderr().lines().filter(l -> l.startsWith("shmemtrace: ")).sorted().toList();
        assertEquals(List.of(
                "shmemtrace: " + nowhere + "/pe00000.shmt: cannot create the directory: No such file or directory;"
                        + " tracing disabled for this PE",
                "shmemtrace: " + nowhere + "/pe00001.shmt: cannot create the directory: No such file or directory;"
                        + " tracing disabled for this PE"), warnings);
    }
}
