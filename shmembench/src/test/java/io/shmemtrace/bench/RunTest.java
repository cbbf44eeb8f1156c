package io.shmemtrace.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A small run on 2 real PEs: the rows are the configuration's APIs, timings and sizes, with their bytes. */
class RunTest {
    @TempDir
    Path dir;

    @Test
    void rowsMatchTheConfiguration() throws Exception {
        Path cfg = Files.writeString(dir.resolve("small.cfg"), """
                # a put sweep, an nbi get, a collective and an atomic
                1 1 1 1 APIS=shmem_putmem,shmem_int_p SIZES=8..64 REPS=5
                2 2 1 1 APIS=shmem_getmem_nbi SIZES=1K..1K REPS=5
                3 3 4 1 APIS=shmem_broadcast64 REPS=5
                4 5 1 1 APIS=shmem_long_atomic_fetch_add REPS=5
                """);
        Path csv = dir.resolve("rows.csv");
        Path svg = dir.resolve("plot.svg");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Shmembench.run(new String[] {"run", cfg.toString(), "--np", "2", "--csv", csv.toString(),
            "--plot", svg.toString(), "--keep", dir.resolve("build").toString()}, new PrintStream(out), new PrintStream(err));
        assertEquals(0, status, err.toString(StandardCharsets.UTF_8));
        List<String> rows = Files.readAllLines(csv);
        assertEquals("test,api,lang,timing,nelems,stride,bytes,reps,rse,min_us,median_us,max_us,mb_per_s,depth,low_us,high_us",
                rows.get(0));
        // test, api, lang, timing, nelems, stride, bytes: exactly these rows, in this order
        List<String> expected = List.of(
                "1,shmem_putmem,c,+quiet,8,1,8", "1,shmem_putmem,c,stream,8,1,8", "1,shmem_putmem,c,mutual,8,1,8",
                "1,shmem_putmem,c,spaced,8,1,8",
                "1,shmem_putmem,c,+quiet,16,1,16", "1,shmem_putmem,c,stream,16,1,16", "1,shmem_putmem,c,mutual,16,1,16",
                "1,shmem_putmem,c,spaced,16,1,16",
                "1,shmem_putmem,c,+quiet,32,1,32", "1,shmem_putmem,c,stream,32,1,32", "1,shmem_putmem,c,mutual,32,1,32",
                "1,shmem_putmem,c,spaced,32,1,32",
                "1,shmem_putmem,c,+quiet,64,1,64", "1,shmem_putmem,c,stream,64,1,64", "1,shmem_putmem,c,mutual,64,1,64",
                "1,shmem_putmem,c,spaced,64,1,64",
                "1,shmem_int_p,c,+quiet,1,1,4", "1,shmem_int_p,c,stream,1,1,4", "1,shmem_int_p,c,mutual,1,1,4",
                "1,shmem_int_p,c,spaced,1,1,4",
                // the library's queue, for a call that moves one element: posted and drained at 1, 16, .. 65536 deep
                "1,shmem_int_p,c,posted,1,1,4", "1,shmem_int_p,c,drained,1,1,4", "1,shmem_int_p,c,posted,1,1,4",
                "1,shmem_int_p,c,drained,1,1,4", "1,shmem_int_p,c,posted,1,1,4", "1,shmem_int_p,c,drained,1,1,4",
                "1,shmem_int_p,c,posted,1,1,4", "1,shmem_int_p,c,drained,1,1,4", "1,shmem_int_p,c,posted,1,1,4",
                "1,shmem_int_p,c,drained,1,1,4",
                // and the same with every other call to the PE itself
                "1,shmem_int_p,c,mixed-posted,1,1,4", "1,shmem_int_p,c,mixed-drained,1,1,4",
                "1,shmem_int_p,c,mixed-posted,1,1,4", "1,shmem_int_p,c,mixed-drained,1,1,4",
                "1,shmem_int_p,c,mixed-posted,1,1,4", "1,shmem_int_p,c,mixed-drained,1,1,4",
                "1,shmem_int_p,c,mixed-posted,1,1,4", "1,shmem_int_p,c,mixed-drained,1,1,4",
                "1,shmem_int_p,c,mixed-posted,1,1,4", "1,shmem_int_p,c,mixed-drained,1,1,4",
                "2,shmem_getmem_nbi,c,full,1024,1,1024", "2,shmem_getmem_nbi,c,post,1024,1,1024",
                "2,shmem_getmem_nbi,c,quiet,1024,1,1024", "2,shmem_getmem_nbi,c,overlap,1024,1,1024",
                "2,shmem_getmem_nbi,c,busy-target,1024,1,1024",
                "3,shmem_broadcast64,c,+barrier,4,1,32", "3,shmem_broadcast64,c,ack,4,1,32",
                "4,shmem_long_atomic_fetch_add,c,return,1,1,8", "4,shmem_long_atomic_fetch_add,c,mutual,1,1,8");
        List<Long> depths = List.of(1L, 1L, 16L, 16L, 256L, 256L, 4096L, 4096L, 65536L, 65536L);
        List<Long> around = new java.util.ArrayList<>(List.of(0L));
        around.addAll(depths);
        around.addAll(depths);
        around.add(0L);
        assertEquals(around, rows.subList(20, 42).stream().map(r -> Long.parseLong(r.split(",")[13])).toList());
        assertEquals(expected, rows.subList(1, rows.size()).stream()
                .map(r -> String.join(",", List.of(r.split(",")).subList(0, 7))).toList());
        for (String r : rows.subList(1, rows.size())) {
            String[] f = r.split(",");
            int reps = Integer.parseInt(f[7]);
            long depth = Long.parseLong(f[13]);
            if (depth > 0) { // 65,536 calls at each depth, in 5 to 200 samples
                assertEquals(Math.max(5, Math.min(200, 65536 / depth)), reps, r);
            } else {
                assertEquals(5, reps, "REPS=5 caps the repetitions, at least 5 are taken: " + r);
            }
            double min = Double.parseDouble(f[9]), median = Double.parseDouble(f[10]), max = Double.parseDouble(f[11]);
            assertTrue(min <= median && median <= max, r);
            // the interval's ends: past the fastest and slowest tenth of ten or more samples, else the extremes
            double low = Double.parseDouble(f[14]), high = Double.parseDouble(f[15]);
            if (reps < 10) assertEquals(List.of(min, max), List.of(low, high), r);
            else assertTrue(min <= low && low <= median && median <= high && high <= max, r);
        }
        // the table has the same rows; the plot is an SVG document
        assertEquals(expected.size() + 1, out.toString(StandardCharsets.UTF_8).lines().count());
        assertTrue(Files.readString(svg).contains("<svg"));
    }
}
