package io.shmemtrace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.tests.support.Command;
import io.shmemtrace.tests.support.Programs;
import io.shmemtrace.tests.support.Python;
import io.shmemtrace.tests.support.Traces;
import io.shmemtrace.tests.support.Workspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * docs/csv.md's pandas example, run on the CSV of a real 2-PE run: every numeric column loads as an integer,
 * PE 0's calls per function are its trace's, and the barriers are matched across PEs on the one time base.
 */
class CsvPandasTest {
    @Test
    void theDocumentedExampleRunsOnARealRun() throws Exception {
        if (!Python.has("pandas", "CsvPandasTest", "python3-pandas")) return;
        Path dir = Workspace.freshDir("csv-pandas");
        Path run = dir.resolve("run");
        Programs.traced(2, run, Programs.compile("calls")).runOk();
        Path csv = dir.resolve("events.csv");
        Files.writeString(csv, Command.of(Workspace.DIST.resolve("bin/shmembin2txt").toString(), "--csv", run.toString())
                .runOk().stdout());
        Path example = dir.resolve("example.py");
        Files.writeString(example, pythonBlock(Files.readString(Workspace.ROOT.resolve("docs/csv.md"))));
        List<String> out = Command.of(Python.PATH, example.toString(), csv.toString()).runOk().stdout().lines().toList();

        assertEquals("types ['int64', 'int64', 'int64']", out.get(0));
        Map<String, Long> calls = Traces.count(Traces.peFile(run, 0)).calls();
        int header = out.indexOf(out.stream().filter(l -> l.trim().startsWith("calls")).findFirst().orElseThrow());
        for (Map.Entry<String, Long> c : calls.entrySet()) {
            String row = out.stream().filter(l -> l.startsWith(c.getKey() + " ")).findFirst().orElseThrow(() ->
                    new AssertionError(c.getKey() + " missing from " + out));
            String[] cols = row.trim().split("\\s+");
            assertEquals(c.getValue(), Long.parseLong(cols[1]), row);
            if (c.getKey().equals("shmem_long_put")) assertEquals(128, Long.parseLong(cols[2]), "calls.c: 16 longs");
            if (c.getKey().equals("shmem_barrier_all")) assertEquals(0, Long.parseLong(cols[2]));
        }
        assertTrue(header > 0, out.toString());
        String barriers = out.get(out.size() - 1);
        assertTrue(barriers.startsWith("barriers 5 exit spread ns: median "), barriers);
    }

    /** The first ```python block of a Markdown text. */
    private static String pythonBlock(String markdown) {
        int start = markdown.indexOf("```python\n") + "```python\n".length();
        return markdown.substring(start, markdown.indexOf("```", start));
    }
}
