package io.shmemtrace.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.shmemtrace.sim.cli.Shmemsim;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What-ifs whose answers are known exactly, on synthetic runs. */
class WhatIfTest {
    private static final long MS = 1_000_000;
    private static final double NS = 1e-9;

    @TempDir
    Path dir;

    /** Ten steps of 1 ms compute and a barrier on 2 PEs; PE 1 late by lateNs before the third barrier. */
    private Path steps(long lateNs) throws IOException {
        SyntheticRun run = new SyntheticRun(2).all("shmem_init", 0, 500_000);
        for (int k = 0; k < 10; k++) {
            run.call(0, "shmem_barrier_all", MS, 10_000);
            run.call(1, "shmem_barrier_all", MS + (k == 2 ? lateNs : 0), 10_000);
        }
        run.all("shmem_finalize", 0, 800_000);
        return run.writeTo(Files.createDirectories(dir.resolve("steps-" + lateNs)));
    }

    private Path machine(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    private static final String FREE_MACHINE = """
            Machine 1 1e300 0 1
            Node -1 4 1 1 1e300 0 %s
            Model loggp onnode.L=0 onnode.o=0 onnode.g=0 onnode.G=0 offnode.L=0 offnode.o=0 offnode.g=0 offnode.G=0
            """;

    @Test
    void measuredReproducesTheTracedWindow() throws Exception {
        Prediction p = simulate(steps(0), "measured", null);
        assertEquals(p.traced, p.predicted, 1e-12);
        // the window: ten steps of 1 ms + 10 us, from the end of init to the start of finalize
        assertEquals(10 * (MS + 10_000) * NS, p.traced, 1e-12);
    }

    @Test
    void halfTheCpuRatioHalvesTheCompute() throws Exception {
        Path run = steps(0);
        Prediction full = simulate(run, "measured", machine("m1", FREE_MACHINE.formatted("1.0")));
        Prediction half = simulate(run, "measured", machine("m05", FREE_MACHINE.formatted("0.5")));
        for (int t = 0; t < 2; t++) {
            assertEquals(10 * MS * NS, full.compute.get(t), 1e-12);
            assertEquals(5 * MS * NS, half.compute.get(t), 1e-12);
        }
    }

    @Test
    void noLatencyAndInfiniteBandwidthLeaveTheComputeBound() throws Exception {
        SyntheticRun run = new SyntheticRun(2).all("shmem_init", 0, 500_000);
        for (int k = 0; k < 5; k++) {
            run.call(0, "shmem_putmem", MS, 300_000, 1, 1 << 20, 0x10000);
            run.call(1, "shmem_putmem", MS, 300_000, 0, 1 << 20, 0x10000);
            run.all("shmem_long_sum_to_all", 0, 50_000, 4, 0x20000, 0, 0, 2);
            run.all("shmem_barrier_all", 0, 20_000);
        }
        run.all("shmem_finalize", 0, 800_000);
        Path trace = run.writeTo(Files.createDirectories(dir.resolve("puts")));
        for (String model : List.of("loggp", "simple", "contention")) {
            Prediction p = simulate(trace, model, machine("free", FREE_MACHINE.formatted("1.0")));
            assertEquals(5 * MS * NS, p.predicted, 1e-12, model);
        }
    }

    @Test
    void doublingTheBandwidthHalvesLargeTransfersUnderSimple() throws Exception {
        SyntheticRun run = new SyntheticRun(2).all("shmem_init", 0, 500_000);
        for (int k = 0; k < 4; k++) run.call(0, "shmem_putmem", 10_000, 300_000, 1, 1 << 20, 0x10000);
        run.all("shmem_barrier_all", 0, 20_000).all("shmem_finalize", 0, 800_000);
        Path trace = run.writeTo(Files.createDirectories(dir.resolve("big")));
        String m = "Machine 1 1e9 0 1\nNode -1 4 1 1 %s 0 1.0\n";
        Prediction slow = simulate(trace, "simple", machine("bw1", m.formatted("1e9")));
        Prediction fast = simulate(trace, "simple", machine("bw2", m.formatted("2e9")));
        double slowPuts = slow.callTime.get("shmem_putmem");
        double fastPuts = fast.callTime.get("shmem_putmem");
        assertEquals(4 * (1 << 20) / 1e9, slowPuts, 1e-12);
        assertEquals(slowPuts / 2, fastPuts, 1e-12);
    }

    @Test
    void aLatePeIsTheOthersWaitAtTheNextCollective() throws Exception {
        long late = 3 * MS;
        Prediction p = simulate(steps(late), "loggp", machine("free", FREE_MACHINE.formatted("1.0")));
        assertEquals(late * NS, p.waited.get(0), 1e-12, "PE 0 waits for PE 1 at the third barrier");
        assertEquals(0, p.waited.get(1), 1e-12);
        assertEquals((10 * MS + late) * NS, p.predicted, 1e-12);
    }

    /** What the tests read back from --json. */
    private record Prediction(double predicted, double traced, List<Double> compute, List<Double> waited,
                              Map<String, Double> callTime) {}

    private Prediction simulate(Path trace, String model, Path machine) throws IOException {
        Path json = dir.resolve("out.json");
        List<String> args = new ArrayList<>(List.of("-q", "--comm-model", model, "--json", json.toString()));
        if (machine != null) args.addAll(List.of("--machine", machine.toString()));
        args.add(trace.toString());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Shmemsim.run(args.toArray(String[]::new), new PrintStream(out), new PrintStream(err));
        assertEquals(0, status, err.toString(StandardCharsets.UTF_8));
        return read(json);
    }

    private static Prediction read(Path json) throws IOException {
        double predicted = 0, traced = 0;
        List<Double> compute = new ArrayList<>(), waited = new ArrayList<>();
        Map<String, Double> callTime = new HashMap<>();
        try (JsonParser p = new JsonFactory().createParser(json.toFile())) {
            p.nextToken();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                p.nextToken();
                switch (field) {
                    case "predicted_s" -> predicted = p.getDoubleValue();
                    case "traced_s" -> traced = p.getDoubleValue();
                    case "by_call" -> {
                        while (p.nextToken() == JsonToken.FIELD_NAME) {
                            String name = p.currentName();
                            p.nextToken();
                            while (p.nextToken() == JsonToken.FIELD_NAME) {
                                String k = p.currentName();
                                p.nextToken();
                                if (k.equals("time_s")) callTime.put(name, p.getDoubleValue());
                            }
                        }
                    }
                    case "by_task" -> {
                        while (p.nextToken() == JsonToken.START_OBJECT) {
                            while (p.nextToken() == JsonToken.FIELD_NAME) {
                                String k = p.currentName();
                                p.nextToken();
                                if (k.equals("compute_s")) compute.add(p.getDoubleValue());
                                if (k.equals("wait_s")) waited.add(p.getDoubleValue());
                            }
                        }
                    }
                    default -> p.skipChildren();
                }
            }
        }
        return new Prediction(predicted, traced, compute, waited, callTime);
    }
}
