package io.shmemtrace.sim;

import io.shmemtrace.format.testing.SyntheticRun;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.replay.testing.ReplayRuns;
import io.shmemtrace.sim.cli.Shmemsim;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The tool over the replay: its model line, and a what-if priced in its text and JSON (the replay itself: replay's ReplayTest). */
class WhatIfTest {
    private static final long MS = 1_000_000;
    private static final double NS = 1e-9;

    @TempDir
    Path dir;

    private Path steps(long lateNs) throws IOException {
        return ReplayRuns.steps(dir, lateNs);
    }

    private Path machine(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    private static final String FREE_MACHINE = ReplayRuns.FREE_MACHINE;

    /** The table model on a machine file without measured rows says what stood in (issue 42, item 11). */
    @Test
    void theTableModelWithoutRowsSaysItCostsAsLoggp() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        Path m = machine("no-rows.cfg", String.format(FREE_MACHINE, "1.0"));
        int status = Shmemsim.run(new String[] {"-q", "--machine", m.toString(), steps(0).toString()},
                new PrintStream(out), new PrintStream(err));
        assertEquals(0, status, err.toString(StandardCharsets.UTF_8));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("shmemsim: model table (the machine file has no Model"
                + " table rows: every cost as under loggp), machine no-rows.cfg (1 node)"), out.toString());
    }

    /** --what-if on the traced times: the late step balanced between the two PEs (the analysis module's rule). */
    @Test
    void aWhatIfIsPricedInTheTextAndTheJson() throws Exception {
        Path json = dir.resolve("what-if.json");
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int status = Shmemsim.run(new String[] {"-q", "--comm-model", "measured", "--what-if", "balance:-", "--what-if",
                "ideal-cpu", "--json", json.toString(), steps(2 * MS).toString()}, new PrintStream(out), new PrintStream(err));
        assertEquals(0, status, err.toString(StandardCharsets.UTF_8));
        // PE 1 2 ms late in one step: balanced, both PEs 1 ms late there; an ideal CPU leaves the ten barriers
        assertTrue(out.toString(StandardCharsets.UTF_8).contains(String.format(java.util.Locale.ROOT,
                "%-28s %13.6f %+13.6f", "balance:-", (10 * (MS + 10_000) + MS) * NS, MS * NS)), out.toString());
        String j = Files.readString(json);
        assertTrue(j.contains("\"what_if\" : \"ideal-cpu\""), j);
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"ideal-cpu\",[^}]*\"predicted_window_s\" : ([0-9.E-]+)")
                .matcher(j);
        assertTrue(m.find(), j);
        assertEquals(10 * 10_000 * NS, Double.parseDouble(m.group(1)), 1e-12);
    }

    /**
     * A machine file whose rows carry calibrate's spread (bytes:median:low:high): the prediction and each what-if come
     * with the windows of every measured cost at its samples' fast and slow tenth. PE 0 puts 8 B ten times, 10 us
     * of computing before each, then a barrier that waits for the last put to land: a window of 10 x (10 us + call)
     * - call + complete, with call 1 us (0.5 to 2) and complete 3 us (2 to 5); with an ideal CPU 9 x call + complete.
     */
    @Test
    void aMachineFilesSpreadGivesEveryPredictionItsInterval() throws Exception {
        SyntheticRun run = ReplayRuns.of(2).all("shmem_init", 0, 1000).all("shmem_malloc", 0, 0, 4096, 0x10000);
        for (int i = 0; i < 10; i++) run.call(0, "shmem_putmem", 10_000, 5_000, 1, 8, 0x10000);
        run.all("shmem_barrier_all", 0, 1000).all("shmem_finalize", 0, 1000);
        Path trace = run.writeTo(Files.createDirectories(dir.resolve("spread")));
        Path m = machine("spread.cfg", FREE_MACHINE.formatted("1.0")
                + "Model table put.call=8:1e-6:0.5e-6:2e-6 put.complete=8:3e-6:2e-6:5e-6\n");
        Path json = dir.resolve("spread.json");
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int status = Shmemsim.run(new String[] {"-q", "--machine", m.toString(), "--what-if", "ideal-cpu", "--json",
                json.toString(), trace.toString()}, new PrintStream(out), new PrintStream(err));
        assertEquals(0, status, err.toString(StandardCharsets.UTF_8));
        String j = Files.readString(json);
        double predicted = number(j, "\"predicted_s\""), low = number(j, "\"low_s\""), high = number(j, "\"high_s\"");
        assertEquals(5.5e-6, predicted - low, 1e-12); // 10 x 0.5 us less in the calls, the last lands 0.5 us sooner
        assertEquals(11e-6, high - predicted, 1e-12); // 10 x 1 us more, the last lands 1 us later
        double window = number(j, "\"predicted_window_s\""), wLow = number(j, "\"ideal-cpu\",[^}]*\"low_s\""),
                wHigh = number(j, "\"ideal-cpu\",[^}]*\"high_s\"");
        assertEquals(predicted - 100e-6, window, 1e-12); // the computing gone: 12 us of the calls and the last landing
        assertEquals(5.5e-6, window - wLow, 1e-12); // 6.5 us: 9 x 0.5 + 2
        assertEquals(11e-6, wHigh - window, 1e-12); // 23 us: 9 x 2 + 5
        assertTrue(out.toString(StandardCharsets.UTF_8).contains(String.format(java.util.Locale.ROOT,
                "  interval %.6f-%.6f s", low, high)), out.toString());
        // the bursts (10 us each) do not vary: the interval is the calibration's alone, and says so
        assertTrue(j.contains("\"interval_from\" : \"every measured cost at its samples' fast and slow tenth\""), j);
    }

    /** The number after the first match of key's pattern and " : ". */
    private static double number(String json, String key) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(key + " : ([0-9.E-]+)").matcher(json);
        assertTrue(m.find(), key + " in " + json);
        return Double.parseDouble(m.group(1));
    }

}
