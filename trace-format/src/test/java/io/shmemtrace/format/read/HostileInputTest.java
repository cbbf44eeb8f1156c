package io.shmemtrace.format.read;

import static io.shmemtrace.format.Fixtures.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.shmemtrace.format.Category;
import io.shmemtrace.format.Completion;
import io.shmemtrace.format.Escape;
import io.shmemtrace.format.InputFiles;
import io.shmemtrace.format.EventDef;
import io.shmemtrace.format.EventTable;
import io.shmemtrace.format.Operation;
import io.shmemtrace.format.sites.ModuleMap;
import io.shmemtrace.format.write.TraceInfo;
import io.shmemtrace.format.write.TraceWriter;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each class of hostile input the adversarial pass of issue 21 found in the per-PE readers, made on purpose: one
 * line naming the file and what is wrong, never an exception of another kind, an allocation sized by the file, or
 * a read that never ends.
 */
class HostileInputTest {
    @TempDir
    Path dir;

    /** An event id or element size past any real table (2^31 and more) would size arrays or overflow ints. */
    @Test
    void eventTableNumbersOutOfRangeAreRefused() {
        IllegalArgumentException id = assertThrows(IllegalArgumentException.class,
                () -> EventTable.decode(table(1L << 31, 8)));
        assertEquals("event id 2147483648 out of range (at most 65535)", id.getMessage());
        IllegalArgumentException size = assertThrows(IllegalArgumentException.class,
                () -> EventTable.decode(table(3, -1L)));
        assertEquals("f: element size 18446744073709551615 out of range (at most 4096)", size.getMessage());
    }

    /** One entry: id, name "f", category PUT, no flags, element size, no fields. */
    private static byte[] table(long id, long elemSize) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        uvar(out, 1);
        uvar(out, id);
        uvar(out, 1);
        out.write('f');
        out.write(Category.PUT.code());
        out.write(0);
        uvar(out, elemSize);
        out.write(0);
        return out.toByteArray();
    }

    private static void uvar(ByteArrayOutputStream out, long v) {
        while (Long.compareUnsigned(v, 0x80) >= 0) {
            out.write((int) (v & 0x7F) | 0x80);
            v >>>= 7;
        }
        out.write((int) v);
    }

    /** A header's PE count sizes the tools' arrays: 2^32 - 1 and 2^31 - 1 are refused, as is a PE past the count. */
    @Test
    void headerCountsPastTheLimitAreRefused() throws Exception {
        assertEquals("damaged header (4294967295 PEs; at most 1048576)", refusal(0, -1));
        assertEquals("damaged header (2147483647 PEs; at most 1048576)", refusal(0, Integer.MAX_VALUE));
        assertEquals("damaged header (PE 4 of 4)", refusal(4, 4));
        assertEquals("damaged header (0 PEs; at most 1048576)", refusal(0, 0));
    }

    private String refusal(int pe, int npes) throws Exception {
        Path f = dir.resolve("pe" + pe + "-" + npes + ".shmt");
        TraceInfo i = info(0);
        try (TraceWriter w = TraceWriter.create(f, new TraceInfo(pe, npes, i.pid(), i.tickHz(), i.tickShift(),
                i.clockSource(), i.initTicks(), i.initMonoNs(), i.initRealNs(), i.runId(), i.host()), TABLE, 4096,
                CLOCK)) {
            w.thread(0).event(QUIET, BASE_UNITS, BASE_UNITS + 1);
        }
        TraceFormatException e = assertThrows(TraceFormatException.class, () -> TraceFile.open(f));
        assertEquals(f + ": ", e.getMessage().substring(0, f.toString().length() + 2));
        assertEquals(e.getMessage(), assertThrows(TraceFormatException.class, () -> TraceFile.readHeader(f)).getMessage());
        return e.getMessage().substring(f.toString().length() + 2);
    }

    /** A FIFO where a trace or a module map should be would block the reader forever; /dev/zero never ends. */
    @Test
    void specialFilesAreNotRead() throws Exception {
        Path fifo = dir.resolve("pe00000.shmt");
        new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor();
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            TraceFormatException e = assertThrows(TraceFormatException.class, () -> TraceFile.open(fifo));
            assertEquals(fifo + ": not a regular file (a FIFO, socket or device): not read", e.getMessage());
            assertThrows(TraceFormatException.class, () -> TraceFile.readHeader(fifo));
            Path map = dir.resolve("pe00000.modules");
            new ProcessBuilder("mkfifo", map.toString()).start().waitFor();
            assertEquals(map + ": not a regular file (a FIFO, socket or device): not read; call sites are shown as"
                    + " addresses", mapRefusal(fifo));
            Files.delete(map);
            Files.createSymbolicLink(map, Path.of("/dev/zero"));
            assertEquals(map + ": not a regular file (a FIFO, socket or device): not read; call sites are shown as"
                    + " addresses", mapRefusal(fifo));
        });
    }

    /**
     * A module path holds no control character, and an absolute one is clean: a NUL or a dotted path is refused
     * where it is read; a name that is not absolute (the kernel's vdso) is kept and names no file.
     */
    @Test
    void moduleMapPathsMustBeAbsoluteAndClean() throws Exception {
        Path trace = dir.resolve("pe00000.shmt");
        Path map = dir.resolve("pe00000.modules");
        String line = "0x1000\t0x2000\t0x0\t-\t";
        Files.writeString(map, line + "/usr/lib/a\0b.so\n");
        assertEquals(map + ":1: a control character in the path for a module; call sites are shown as addresses",
                mapRefusal(trace));
        Files.writeString(map, line + "linux-vdso.so.1\n");
        assertEquals("linux-vdso.so.1", ModuleMap.beside(trace, 0).modules().get(0).path());
        assertEquals(null, InputFiles.file("linux-vdso.so.1"));
        Files.writeString(map, line + "/usr/lib/../../etc/a.so\n");
        assertEquals(map + ":1: not a clean path for a module; call sites are shown as addresses", mapRefusal(trace));
        Files.writeString(map, line + "/usr/lib/a.so\n");
        assertEquals(1, ModuleMap.beside(trace, 0).modules().size());
    }

    private static String mapRefusal(Path trace) {
        return assertThrows(ModuleMap.ModuleMapException.class, () -> ModuleMap.beside(trace, 0)).getMessage();
    }

    /** Names reach terminals and text files: what a terminal would act on comes out escaped, the rest unchanged. */
    @Test
    void namesWithControlCharactersAreEscaped() throws Exception {
        String evil = "shmem_\u001b]0;owned\u0007quiet\nshmem_fake 1 2 3\u202e";
        Path f = dir.resolve("pe00001.shmt");
        EventTable table = new EventTable(List.of(new EventDef(0, evil, Category.ORDERING, 0, 0, List.of(),
                Operation.QUIET, Completion.COMPLETE)));
        try (TraceWriter w = TraceWriter.create(f, info(1), table, 4096, CLOCK)) {
            w.thread(0).event(0, BASE_UNITS, BASE_UNITS + 1);
        }
        try (TraceFile t = TraceFile.open(f)) {
            assertEquals("shmem_\\x1B]0;owned\\x07quiet\\x0Ashmem_fake 1 2 3\\u{202E}", t.table().byId(0).name());
        }
        assertEquals("shmem_long_p", Escape.text("shmem_long_p"));
        assertEquals("café ü", Escape.text("café ü"));
    }
}
