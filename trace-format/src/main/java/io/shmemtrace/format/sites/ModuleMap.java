package io.shmemtrace.format.sites;

import io.shmemtrace.format.InputFiles;
import io.shmemtrace.format.TraceNaming;
import io.shmemtrace.format.read.TraceFile;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;

/**
 * A PE's module map (trace-format/FORMAT.md, "Call sites"): the file pe&lt;n&gt;.modules the shim writes beside
 * the trace, one line per executable segment: start, end, load bias (hex), build id, path.
 */
public final class ModuleMap {
    private static final ModuleMap EMPTY = new ModuleMap(List.of());
    /** A process maps a few hundred objects, a line each: a map larger than this is not one. */
    private static final int MAX_BYTES = 16 << 20;
    private final Module[] modules;
    private Module last;

    private ModuleMap(List<Module> modules) {
        this.modules = modules.stream().sorted(Comparator.comparing(Module::start, Long::compareUnsigned)).toArray(Module[]::new);
    }

    public static ModuleMap empty() {
        return EMPTY;
    }

    /**
     * The map of a trace's PE for naming its call sites: empty when the trace has none, and empty after one note
     * (the exception's line) when the map is missing or damaged, so that its sites stay addresses.
     */
    public static ModuleMap of(TraceFile trace, Consumer<String> notes) {
        if (!trace.header().callsites()) return EMPTY;
        try {
            return beside(trace.path(), trace.header().pe());
        } catch (ModuleMapException e) {
            notes.accept(e.getMessage());
            return EMPTY;
        }
    }

    /** The map of the PE whose trace is traceFile, or an exception naming the file and what is wrong. */
    public static ModuleMap beside(Path traceFile, int pe) throws ModuleMapException {
        Path file = traceFile.resolveSibling(TraceNaming.modulesFileName(pe));
        List<String> lines;
        try {
            lines = InputFiles.readText(file, MAX_BYTES, "a module map").lines().toList();
        } catch (NoSuchFileException e) {
            throw new ModuleMapException(file + ": no module map; call sites are shown as addresses");
        } catch (IOException e) { // InputFiles: one line naming the file
            throw new ModuleMapException(e.getMessage() + "; call sites are shown as addresses");
        }
        List<Module> modules = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isEmpty() || line.startsWith("#")) continue;
            String[] f = line.split("\t", 5);
            try {
                if (f.length < 5) throw new NumberFormatException();
                modules.add(new Module(hex(f[0]), hex(f[1]), hex(f[2]), f[3], f[4]));
            } catch (NumberFormatException e) {
                throw new ModuleMapException(file + ":" + (i + 1) + ": not a module line; call sites are shown as addresses");
            }
            String bad = InputFiles.badRecordedPath(f[4]);
            if (bad != null) {
                throw new ModuleMapException(file + ":" + (i + 1) + ": " + bad + " for a module; call sites are shown"
                        + " as addresses");
            }
        }
        return new ModuleMap(modules);
    }

    private static long hex(String s) {
        return Long.parseUnsignedLong(s.startsWith("0x") ? s.substring(2) : s, 16);
    }

    public List<Module> modules() {
        return List.of(modules);
    }

    /** The site of a return address in this PE. */
    public SiteKey locate(long address) {
        Module m = last != null && last.holds(address) ? last : find(address);
        if (m == null) return SiteKey.unknown(address);
        last = m;
        return new SiteKey(m.path(), address - m.bias());
    }

    private Module find(long address) {
        int lo = 0, hi = modules.length - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (Long.compareUnsigned(modules[mid].start(), address) <= 0) lo = mid + 1;
            else hi = mid - 1;
        }
        return hi >= 0 && modules[hi].holds(address) ? modules[hi] : null;
    }

    /** Build id of the module at path in this map, or null. */
    public String buildId(String path) {
        for (Module m : modules) if (m.path().equals(path)) return m.buildId();
        return null;
    }

    /** A module map that cannot be read: the message names the file and what is wrong. */
    public static final class ModuleMapException extends Exception {
        public ModuleMapException(String message) {
            super(message);
        }
    }
}
