package io.shmemtrace.format.sites;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ModuleMapTest {
    @TempDir
    Path dir;

    @Test
    void anAddressIsTakenToItsObjectAndOffset() throws Exception {
        Files.writeString(dir.resolve("pe00003.modules"), """
                # shmemtrace modules 1: code start, code end, load bias, build id, path
                0x7f0000001000\t0x7f0000002000\t0x7f0000000000\tabcd\t/usr/lib/libb.so
                0x555555555000\t0x555555556000\t0x555555554000\t1234\t/home/u/app
                0x7e0000001000\t0x7e0000001800\t0x7e0000000000\t-\t/usr/lib/liba.so
                """);
        ModuleMap map = ModuleMap.beside(dir.resolve("pe00003.shmt"), 3);
        assertEquals(new SiteKey("/home/u/app", 0x11dc), map.locate(0x5555555551dcL));
        assertEquals(new SiteKey("/usr/lib/libb.so", 0x1fff), map.locate(0x7f0000001fffL));
        assertEquals(new SiteKey("/usr/lib/liba.so", 0x1000), map.locate(0x7e0000001000L));
        assertEquals(SiteKey.unknown(0x7f0000002000L), map.locate(0x7f0000002000L), "end is exclusive");
        assertEquals(SiteKey.unknown(0x10), map.locate(0x10));
        assertEquals("app+0x11dc", map.locate(0x5555555551dcL).toString());
        assertEquals("1234", map.buildId("/home/u/app"));
    }

    @Test
    void aDamagedOrMissingMapIsOneLineNamingTheFile() throws Exception {
        Files.writeString(dir.resolve("pe00000.modules"), "# shmemtrace modules 1\n0x1000\tnot hex\n");
        var e = assertThrows(ModuleMap.ModuleMapException.class, () -> ModuleMap.beside(dir.resolve("pe00000.shmt"), 0));
        assertEquals(dir.resolve("pe00000.modules") + ":2: not a module line; call sites are shown as addresses", e.getMessage());
        var missing = assertThrows(ModuleMap.ModuleMapException.class, () -> ModuleMap.beside(dir.resolve("pe00001.shmt"), 1));
        assertEquals(dir.resolve("pe00001.modules") + ": no module map; call sites are shown as addresses", missing.getMessage());
    }

    @Test
    void addr2lineAnswersBecomeFunctionAtFileAndLine() {
        SiteKey site = new SiteKey("/home/u/app", 0x11dc);
        assertEquals("main@late.c:17", Symbolizer.name("main", "/src/late.c:17", site));
        assertEquals("main@late.c:17", Symbolizer.name("main", "/src/late.c:17 (discriminator 2)", site));
        assertEquals("main@app+0x11dc", Symbolizer.name("main", "??:0", site), "symbols but no debug lines");
        assertEquals("app+0x11dc", Symbolizer.name("??", "??:0", site));
        assertEquals("?@x.c:3", Symbolizer.name("??", "x.c:3", site));
    }

    @Test
    void aRebuiltObjectKeepsItsOffsetsAndIsNotedOnce() throws Exception {
        Path self = Path.of(ProcessHandle.current().info().command().orElseThrow()).toRealPath(); // the JVM: an ELF file
        StringBuilder notes = new StringBuilder();
        Symbolizer s = new Symbolizer(n -> notes.append(n).append('\n')).expect(self.toString(), "00");
        SiteKey a = new SiteKey(self.toString(), 0x1000), b = new SiteKey(self.toString(), 0x2000);
        var names = s.names(java.util.List.of(a, b));
        assertEquals(a.toString(), names.get(a));
        assertEquals(b.toString(), names.get(b));
        assertEquals(1, notes.toString().lines().count(), notes.toString());
        assertEquals(true, notes.toString().startsWith(self + ": rebuilt since the run (build id "), notes.toString());
    }
}
