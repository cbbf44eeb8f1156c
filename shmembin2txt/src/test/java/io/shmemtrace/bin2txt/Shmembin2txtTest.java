package io.shmemtrace.bin2txt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.format.Layout;
import io.shmemtrace.format.write.TraceWriter;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class Shmembin2txtTest {
    @TempDir
    Path dir;

    @BeforeEach
    void write() throws Exception {
        Runs.twoPes(dir);
    }

    @Test
    void listingHasOneLinePerEventInPeThreadSeqOrderThenTheSummary() {
        Runs.Result r = Runs.run(dir.toString());
        assertEquals(0, r.status(), r.err());
        assertEquals("", r.err());
        List<String> lines = r.outLines();
        assertEquals(List.of(
                "  pe thr      seq       start_us  function                     fields",
                "   0   0        0          0.000  shmem_init                   duration=1000ns burst=0ns",
                "   0   0        1          1.500  shmem_long_put               dest=0x7f0000001000 source=0x5500000000"
                        + " nelems=16 pe=1 duration=300ns burst=500ns",
                "   0   0        2          2.000  shmem_long_put               dest=0x7f0000000f00 source=0x5500000080"
                        + " nelems=4 pe=1 duration=100ns burst=200ns",
                "   0   0        3          2.500  shmem_int_p                  dest=0x7f0000002000 value=-7 pe=0"
                        + " duration=50ns burst=400ns",
                "   0   0        4          3.000  shmem_quiet                  duration=400ns burst=450ns",
                "   0   0        5          4.000  shmem_finalize               duration=1000ns burst=600ns",
                "   1   0        0          0.000  shmem_init                   duration=1200ns burst=0ns",
                "   1   0        1          1.300  shmem_int_p                  dest=0x7f0000003000 value=42 pe=0"
                        + " duration=40ns burst=100ns",
                "   1   0        2          3.000  shmem_finalize               duration=500ns burst=1660ns",
                "   1   1        0          1.400  shmem_ctx_quiet              ctx=0x2a0 duration=10ns burst=400ns",
                "== files"), lines.subList(0, 12));
    }

    @Test
    void listingLeavesOutTheThreadColumnWhenOnlyFirstThreadsTraced() throws Exception {
        Path single = Files.createDirectory(dir.resolve("single"));
        try (TraceWriter w = Runs.create(single, 0, 1)) {
            w.thread(0).event(Runs.QUIET, Runs.T0 + 2500, Runs.T0 + 2600);
        }
        List<String> lines = Runs.run(single.toString()).outLines();
        assertEquals(List.of("  pe      seq       start_us  function                     fields",
                "   0        0          2.500  shmem_quiet                  duration=100ns burst=2500ns"),
                lines.subList(0, 2));
    }

    @Test
    void summaryHasTheApplicationWindowPerFunctionStatsAcrossPesTheMatrixAndTheFiles() {
        Runs.Result r = Runs.run("--summary", "--ns", dir.toString());
        assertEquals(0, r.status(), r.err());
        // first, the findings (shmemtrace findings' ranked list), replayed from the run directory
        List<String> all = r.out().lines().toList();
        assertEquals("== findings", all.get(0));
        assertTrue(all.get(1).startsWith("findings for " + dir + " (on the traced times): window "), all.get(1));
        List<String> lines = r.outLines();
        // PE 0: init ends at 1000, finalize starts at 4000; the calls between take 300 + 100 + 50 + 400 ns.
        assertEquals(List.of(
                "== files",
                "  " + dir.resolve("pe00000.shmt") + ": PE 0 of 2, finalized, 6 events, 11.33 bytes/event",
                "  " + dir.resolve("pe00001.shmt") + ": PE 1 of 2, finalized, 4 events, 6.75 bytes/event",
                ""), lines.subList(0, 4));
        // mpiP's view: the puts' 400 ns are 400 / 6600 of the windows' thread-time, 400 / 900 of the time in SHMEM;
        // PE 0 made both (400 and 0 ns: mean 200, standard deviation 200)
        int top = lines.indexOf("== top functions by time in the application window (App%: of its PE-time; SHMEM%: of"
                + " the time in SHMEM; COV: spread over the PEs, stddev / mean)");
        assertEquals(4, top, r.out());
        assertEquals("  shmem_long_put                                  2          400          200    6.06   44.44   1.00",
                lines.get(top + 2));
        int pe0 = lines.indexOf("== PE 0");
        assertEquals(List.of(
                "application window 3000 ns (end of shmem_init to start of shmem_finalize): in SHMEM 850 ns (28.3%),"
                        + " computing 2150 ns (71.7%)",
                "shmem_init 1000 ns, shmem_finalize 1000 ns; whole trace: in SHMEM 2850 ns (57.0%), in CPU bursts"
                        + " 2150 ns (43.0%), 6 calls"), lines.subList(pe0 + 1, pe0 + 3));
        assertEquals("  shmem_long_put                                2            400          100          200"
                + "          300            160", row(lines, pe0, "shmem_long_put"));
        int job = lines.indexOf("== job (2 PEs)");
        // PE 1: window 1200..3000, 40 + 10 ns in it (its second thread's ctx_quiet counts); two threads: the window's
        // thread-time is 2 x 1800 ns, the job's 3000 + 3600. The run's window: PE 1's init end (1200) to PE 0's
        // finalize (4000), both files' inits at 0 on the run's time base.
        assertEquals(List.of(
                "application window 2800 ns (the run's: the last PE's end of shmem_init to the last PE's start of"
                        + " shmem_finalize); summed over PEs' windows: 6600 ns of thread-time, in SHMEM 900 ns (13.6%),"
                        + " computing 5700 ns (86.4%)",
                "shmem_init mean 1100 ns (max 1200), shmem_finalize mean 750 ns (max 1000); whole trace: in SHMEM"
                        + " 4600 ns (51.6%), in CPU bursts 4310 ns (48.4%), 10 calls"), lines.subList(job + 1, job + 3));
        assertEquals("  shmem_finalize                                2           1500          500          750"
                + "         1000              0", row(lines, job, "shmem_finalize"));
        int across = lines.indexOf("== per function across PEs (time per PE; imbalance = (max - mean) / max)");
        assertTrue(across > job, r.out());
        assertEquals("  shmem_int_p                               2              2           40           40"
                + "           50            0     10.0%", lines.stream().skip(across).filter(l -> l.startsWith(
                "  shmem_int_p ")).findFirst().orElseThrow());
        int most = lines.indexOf("== the 2 PEs with the largest SHMEM share of their application window (job: 13.6%)");
        assertEquals(List.of("      pe      window_ns    in_shmem_ns    shmem",
                "       0           3000            850    28.3%",
                "       1           1800             50     1.4%"), lines.subList(most + 1, most + 4), "PE 1: 2 threads");
        int matrix = lines.indexOf("== bytes moved, PE x PE (row: calling PE, column: target PE)");
        assertEquals(List.of(
                "  from\\to            0            1",
                "       0            4          160",
                "       1            4            0"), lines.subList(matrix + 1, matrix + 4));
        assertEquals(matrix + 4, lines.size());
    }

    /** The first row of function after line from. */
    private static String row(List<String> lines, int from, String function) {
        return lines.stream().skip(from).filter(l -> l.startsWith("  " + function + " ")).findFirst().orElseThrow();
    }

    /** Without --ns: 4 significant digits with a unit, whole ns below 1 us; columns without _ns (issue 42, item 9). */
    @Test
    void summaryTimesHaveFourDigitsAndAUnit() throws Exception {
        Path run = Files.createDirectory(dir.resolve("units"));
        try (TraceWriter w = Runs.create(run, 0, 1)) {
            w.thread(0).event(Runs.INIT, Runs.T0, Runs.T0 + 100);
            w.thread(0).event(Runs.QUIET, Runs.T0 + 2000, Runs.T0 + 2345);
            w.thread(0).event(Runs.QUIET, Runs.T0 + 1_234_567, Runs.T0 + 1_300_000);
            w.thread(0).event(Runs.FINALIZE, Runs.T0 + 2_000_000_000L, Runs.T0 + 2_000_000_500L);
        }
        Runs.Result r = Runs.run("--summary", run.toString());
        assertEquals(0, r.status(), r.err());
        List<String> lines = r.outLines();
        int pe0 = lines.indexOf("== PE 0");
        assertEquals("application window 2.000 s (end of shmem_init to start of shmem_finalize): in SHMEM 65.78 us"
                + " (0.0%), computing 2.000 s (100.0%)", lines.get(pe0 + 1));
        assertEquals("  function                                  calls          total          min         mean"
                + "          max          bytes", lines.get(pe0 + 3));
        assertEquals("  shmem_quiet                                   2       65.78 us       345 ns     32.89 us"
                + "     65.43 us              0", lines.get(pe0 + 4), "the most time first: shmem_init is 100 ns");
    }

    @Test
    void pesChoosesTheSectionsAndMatrixWritesEveryPairAsCsv() throws Exception {
        Path csv = dir.resolve("matrix.csv");
        Runs.Result r = Runs.run("--summary", "--pes", "1", "--matrix", csv.toString(), dir.toString());
        assertEquals(0, r.status(), r.err());
        assertEquals(-1, r.outLines().indexOf("== PE 0"));
        assertTrue(r.outLines().contains("== PE 1"));
        assertEquals(List.of("from_pe,to_pe,bytes", "0,0,4", "0,1,160", "1,0,4"), Files.readAllLines(csv));
        Runs.Result bad = Runs.run("--pes", "3-1", dir.toString());
        assertEquals(2, bad.status());
        assertTrue(bad.err().contains("'3-1' is not a PE or a range a-b of PEs"), bad.err());
        Runs.Result outside = Runs.run("--summary", "--pes", "0-15,37", dir.toString());
        assertEquals(0, outside.status(), outside.err());
        assertEquals("shmembin2txt: --pes 0-15,37: PEs 2-15, 37 are not in this run of 2 PEs (0-1)\n", outside.err());
        assertTrue(outside.outLines().contains("== PE 1"));
        // ranges stay ranges: the whole int range costs nothing (it took gigabytes, or failed with an index error)
        Runs.Result huge = Runs.run("--summary", "--pes", "1-2147483647,0", dir.toString());
        assertEquals(0, huge.status(), huge.err());
        assertEquals("shmembin2txt: --pes 1-2147483647,0: PEs 2-2147483647 are not in this run of 2 PEs (0-1)\n",
                huge.err());
        assertTrue(huge.outLines().contains("== PE 0") && huge.outLines().contains("== PE 1"));
    }

    /**
     * Two runs given together (the README's glob over two traced runs) are never read as one job of twice the PEs
     * (issue 42, item 1): every mode reads one run, and one line says which files were left out and why.
     */
    @Test
    void twoRunsGivenTogetherAreNeverMixed() throws Exception {
        Path other = Files.createDirectory(dir.resolve("second-run"));
        Runs.twoPes(other, "second");
        String line = "shmembin2txt: " + other.resolve("pe00000.shmt") + ": from another run (run second, 2 PEs; the run"
                + " is test, 2 PEs); left out, with the 1 other files of that run (give one run at a time)\n";
        for (List<String> mode : List.of(List.of("--summary"), List.of("--csv"), List.<String>of())) {
            List<String> both = new java.util.ArrayList<>(mode);
            both.addAll(List.of(dir.toString(), other.toString()));
            Runs.Result r = Runs.run(both.toArray(String[]::new));
            assertEquals(1, r.status(), mode + ": " + r.err());
            assertEquals(line, r.err(), mode.toString());
            List<String> one = new java.util.ArrayList<>(mode);
            one.add(dir.toString());
            assertEquals(Runs.run(one.toArray(String[]::new)).out(), r.out(), mode + ": the first run's output alone");
        }
    }

    @Test
    void aPeThatExitedWithoutFinalizeIsANoteNotAnError() throws Exception {
        Path run = Files.createDirectory(dir.resolve("exited"));
        try (TraceWriter w = Runs.create(run, 0, 1)) {
            w.thread(0).event(Runs.INIT, Runs.T0, Runs.T0 + 100);
            w.thread(0).event(Runs.QUIET, Runs.T0 + 2000, Runs.T0 + 2345);
            w.close(io.shmemtrace.format.TraceState.EXITED);
        }
        Runs.Result r = Runs.run("--summary", "--ns", run.toString());
        assertEquals(0, r.status());
        assertEquals("shmembin2txt: " + run.resolve("pe00000.shmt") + ": PE 0 exited without shmem_finalize",
                r.err().strip());
        assertTrue(r.out().contains("application window 2245 ns (end of shmem_init to last call; no shmem_finalize):"
                + " in SHMEM 345 ns (15.4%)"), r.out());
    }

    @Test
    void onlyAForeignFileIsOneErrorAndNoSkeleton() throws Exception {
        Path foreign = Files.writeString(dir.resolve("x.shmt"), "#".repeat(400));
        Runs.Result r = Runs.run(foreign.toString());
        assertEquals(1, r.status());
        assertEquals("", r.out());
        assertEquals(List.of("shmembin2txt: " + foreign + ": not a shmemtrace trace (bad magic)",
                "shmembin2txt: no readable trace among [" + foreign + "]"), r.err().lines().toList());
    }

    @Test
    void csvHasAHeaderAndOneRowPerEvent() {
        Runs.Result r = Runs.run("--csv", dir.toString());
        assertEquals(0, r.status(), r.err());
        assertEquals(List.of(
                "pe,thread,seq,function,category,start_ns,end_ns,duration_ns,burst_ns,target_pe,bytes,fields",
                "0,0,0,shmem_init,SETUP,0,1000,1000,0,-1,0,",
                "0,0,1,shmem_long_put,PUT,1500,1800,300,500,1,128,dest=0x7f0000001000;source=0x5500000000;nelems=16;pe=1",
                "0,0,2,shmem_long_put,PUT,2000,2100,100,200,1,32,dest=0x7f0000000f00;source=0x5500000080;nelems=4;pe=1",
                "0,0,3,shmem_int_p,PUT,2500,2550,50,400,0,4,dest=0x7f0000002000;value=-7;pe=0",
                "0,0,4,shmem_quiet,ORDERING,3000,3400,400,450,-1,0,",
                "0,0,5,shmem_finalize,SETUP,4000,5000,1000,600,-1,0,",
                "1,0,0,shmem_init,SETUP,0,1200,1200,0,-1,0,",
                "1,0,1,shmem_int_p,PUT,1300,1340,40,100,0,4,dest=0x7f0000003000;value=42;pe=0",
                "1,0,2,shmem_finalize,SETUP,3000,3500,500,1660,-1,0,",
                "1,1,0,shmem_ctx_quiet,ORDERING,1400,1410,10,400,-1,0,ctx=0x2a0"), r.outLines());
    }

    @Test
    void damagedAndForeignFilesAreReportedAndTheRestIsPrinted() throws Exception {
        Path pe0 = dir.resolve("pe00000.shmt");
        Path pe1 = dir.resolve("pe00001.shmt");
        try (RandomAccessFile f = new RandomAccessFile(pe0.toFile(), "rw")) {
            f.seek(4096 + Layout.BLOCK_HEADER + 5); // inside the one sealed block of PE 0
            f.write(0xFF);
        }
        Path foreign = dir.resolve("pe00002.shmt");
        Files.writeString(foreign, "#".repeat(400));
        Runs.Result r = Runs.run("--csv", dir.toString());
        assertEquals(1, r.status());
        assertEquals(List.of(
                "shmembin2txt: " + foreign + ": not a shmemtrace trace (bad magic)",
                "shmembin2txt: " + pe0 + ": block 0 (byte 4096): checksum mismatch; block skipped (6 events)"),
                r.err().lines().toList());
        assertEquals(List.of(
                "pe,thread,seq,function,category,start_ns,end_ns,duration_ns,burst_ns,target_pe,bytes,fields",
                "1,0,0,shmem_init,SETUP,0,1200,1200,0,-1,0,",
                "1,0,1,shmem_int_p,PUT,1300,1340,40,100,0,4,dest=0x7f0000003000;value=42;pe=0",
                "1,0,2,shmem_finalize,SETUP,3000,3500,500,1660,-1,0,",
                "1,1,0,shmem_ctx_quiet,ORDERING,1400,1410,10,400,-1,0,ctx=0x2a0"), r.outLines());

        Path crashed = Files.createDirectory(dir.resolve("crashed"));
        try (TraceWriter w = Runs.create(crashed, 3, 4)) { // killed after two calls
            w.thread(0).event(Runs.INIT, Runs.T0, Runs.T0 + 100);
            w.thread(0).event(Runs.QUIET, Runs.T0 + 2000, Runs.T0 + 2345);
            w.abandon();
        }
        Path pe3 = crashed.resolve("pe00003.shmt");
        Runs.Result killed = Runs.run("--csv", pe3.toString());
        assertEquals(1, killed.status());
        assertEquals(List.of("shmembin2txt: " + pe3 + ": PE 3 crashed or killed (never finished); 1 unsealed block read"
                + " up to the last complete event"), killed.err().lines().toList());
        assertEquals(List.of(
                "pe,thread,seq,function,category,start_ns,end_ns,duration_ns,burst_ns,target_pe,bytes,fields",
                "3,0,0,shmem_init,SETUP,0,100,100,0,-1,0,",
                "3,0,1,shmem_quiet,ORDERING,2000,2345,345,1900,-1,0,"), killed.outLines());

        List<String> summary = Runs.run("--summary", pe3.toString()).outLines();
        assertEquals(List.of("== files",
                "  " + pe3 + ": PE 3 of 4, crashed or killed at last event time 2.345 us, 2 events, 4.00 bytes/event"),
                summary.subList(0, 2));
    }

    @Test
    void usageErrorsExitWith2() {
        assertEquals(2, Runs.run().status());
        assertEquals(2, Runs.run("--bogus", dir.toString()).status());
        Runs.Result both = Runs.run("--csv", "--summary", dir.toString());
        assertEquals(2, both.status());
        assertEquals("shmembin2txt: --summary, --csv are mutually exclusive (specify only one)"
                + " (shmembin2txt --help lists the options)", both.err().strip());
        Runs.Result bogus = Runs.run("--bogus", dir.toString());
        assertEquals("shmembin2txt: unknown option or argument '--bogus' (shmembin2txt --help lists the options)",
                bogus.err().strip());
        assertEquals(2, Runs.run("--layers", "--csv", dir.toString()).status());
    }

    @Test
    void missingPathIsAProblemNotAUsageError() {
        Path missing = dir.resolve("nope");
        Runs.Result r = Runs.run("--csv", missing.toString(), dir.resolve("pe00001.shmt").toString());
        assertEquals(1, r.status());
        assertEquals("shmembin2txt: " + missing + ": no such file or directory", r.err().strip());
        assertEquals(5, r.outLines().size());
    }

    @Test
    void helpAndVersion() {
        Runs.Result v = Runs.run("--version");
        assertEquals(0, v.status());
        assertEquals("shmembin2txt (development build)", v.out().strip(), "in-process: no jar manifest to read");
        Runs.Result h = Runs.run("--help");
        assertEquals(0, h.status());
        assertTrue(h.out().startsWith("Usage: shmembin2txt [-hqV] [--allow-partial] [--force] [--ns] [--waits]"), h.out());
        assertTrue(h.out().contains("[--matrix=FILE] [--max-open=N]"), h.out());
        assertTrue(h.out().contains("[--pes=LIST] [--window=START:"), h.out());
        assertTrue(h.out().contains("[--summary | --csv | --html=FILE | --layers] PATH..."), h.out());
    }
}
