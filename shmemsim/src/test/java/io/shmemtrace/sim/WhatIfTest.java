package io.shmemtrace.sim;

import io.shmemtrace.format.testing.SyntheticRun;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.sim.cli.Shmemsim;
import io.shmemtrace.replay.testing.ReplayRuns;
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

}
