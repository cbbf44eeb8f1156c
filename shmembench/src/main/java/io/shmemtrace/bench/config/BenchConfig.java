package io.shmemtrace.bench.config;

import io.shmemtrace.format.InputFiles;
import io.shmemtrace.bench.catalog.Api;
import io.shmemtrace.bench.catalog.Catalog;
import io.shmemtrace.bench.generate.Role;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The ShmemBench configuration: the paper's lines {@code TESTNUM TESTCLASS NELEMS STRIDE}, whitespace-separated,
 * a header line starting with TESTNUM and {@code #} comments allowed, and optional trailing columns
 * {@code APIS=a,b} (a subset of the class), {@code REPS=N} (repetition cap) and {@code SIZES=8..1M} (bytes per
 * call, powers of two; K and M are 1024 and 1024²).
 */
public final class BenchConfig {
    public static final int DEFAULT_REPS = 100;
    public static final int MAX_REPS = 10_000;

    /** A configuration is a line per test: a few thousand at most. */
    private static final int MAX_BYTES = 4 << 20;

    private BenchConfig() {}

    public static List<BenchTest> load(Path file, Catalog catalog) throws ConfigException, IOException {
        String text;
        try {
            text = InputFiles.readText(file, MAX_BYTES, "a configuration (text: TESTNUM TESTCLASS NELEMS STRIDE)");
        } catch (java.nio.file.NoSuchFileException e) {
            throw e;
        } catch (IOException e) {
            throw new ConfigException(e.getMessage()); // InputFiles: one line naming the file
        }
        return parse(file.toString(), text, catalog);
    }

    public static List<BenchTest> parse(String name, String text, Catalog catalog) throws ConfigException {
        List<BenchTest> tests = new ArrayList<>();
        Set<Integer> numbers = new HashSet<>();
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String where = name + ":" + (i + 1);
            String line = lines[i].strip();
            int hash = line.indexOf('#');
            if (hash >= 0) line = line.substring(0, hash).strip();
            if (line.isEmpty() || line.toUpperCase(Locale.ROOT).startsWith("TESTNUM")) continue;
            BenchTest test = parseLine(where, line.split("\\s+"), catalog);
            if (!numbers.add(test.number())) throw new ConfigException(where + ": test number " + test.number()
                    + " is used twice");
            tests.add(test);
        }
        if (tests.isEmpty()) throw new ConfigException(name + ": no test lines (TESTNUM TESTCLASS NELEMS STRIDE)");
        return tests;
    }

    private static BenchTest parseLine(String where, String[] f, Catalog catalog) throws ConfigException {
        if (f.length < 4) {
            throw new ConfigException(where + ": expected TESTNUM TESTCLASS NELEMS STRIDE, found " + f.length
                    + " field" + (f.length == 1 ? "" : "s"));
        }
        int number = (int) positive(where, "TESTNUM", f[0], 0);
        BenchClass cls = BenchClass.of((int) positive(where, "TESTCLASS", f[1], 1));
        if (cls == null) throw new ConfigException(where + ": TESTCLASS " + f[1] + " is not a class (1 put, 2 get, "
                + "3 collectives, 4 synchronisation, 5 atomics)");
        long nelems = positive(where, "NELEMS", f[2], 1);
        long stride = positive(where, "STRIDE", f[3], 1);
        List<Api> apis = null;
        int reps = DEFAULT_REPS;
        List<Long> sizes = List.of();
        for (int k = 4; k < f.length; k++) {
            int eq = f[k].indexOf('=');
            String key = eq < 0 ? f[k] : f[k].substring(0, eq).toUpperCase(Locale.ROOT);
            String value = eq < 0 ? "" : f[k].substring(eq + 1);
            switch (key) {
                case "APIS" -> apis = apis(where, value, cls, catalog);
                case "REPS" -> {
                    reps = (int) positive(where, "REPS", value, 1);
                    if (reps > MAX_REPS) throw new ConfigException(where + ": REPS=" + value + " is over " + MAX_REPS);
                }
                case "SIZES" -> sizes = sizes(where, value);
                default -> throw new ConfigException(where + ": unknown column '" + f[k]
                        + "' (expected APIS=, REPS= or SIZES=)");
            }
        }
        if (apis == null) apis = classApis(cls, catalog);
        return new BenchTest(number, cls, nelems, stride, apis, reps, sizes, where);
    }

    /**
     * Every API of the class in the catalog, but those whose element size the spec does not give and those with a
     * parameter shmembench has no rule for (waits on sets of flags and on signals, for now).
     */
    public static List<Api> classApis(BenchClass cls, Catalog catalog) {
        return catalog.all().stream()
                .filter(a -> cls.includes(a.operation()) && !(a.movesElements() && a.elemSize() == 0) && Role.covers(a))
                .toList();
    }

    private static List<Api> apis(String where, String value, BenchClass cls, Catalog catalog)
            throws ConfigException {
        if (value.isEmpty()) throw new ConfigException(where + ": APIS= names no API");
        List<Api> apis = new ArrayList<>();
        for (String name : value.split(",")) {
            Api api = catalog.find(name).orElseThrow(() -> new ConfigException(where + ": API " + name
                    + (Catalog.spec().find(name).isPresent() ? " is not declared by this OpenSHMEM's shmem.h (oshcc)"
                    : " is not in event-spec.xml")));
            if (!cls.includes(api.operation())) {
                throw new ConfigException(where + ": API " + name + " is not of class " + cls.number + " ("
                        + cls.label + ")");
            }
            if (api.movesElements() && api.elemSize() == 0) {
                throw new ConfigException(where + ": API " + name + " has no element size in event-spec.xml");
            }
            if (!Role.covers(api)) {
                throw new ConfigException(where + ": API " + name + " takes a parameter shmembench has no rule for");
            }
            apis.add(api);
        }
        return apis;
    }

    private static List<Long> sizes(String where, String value) throws ConfigException {
        int dots = value.indexOf("..");
        if (dots < 0) throw new ConfigException(where + ": SIZES=" + value + " is not a range LOW..HIGH");
        long lo = bytes(where, value.substring(0, dots));
        long hi = bytes(where, value.substring(dots + 2));
        if (lo > hi) throw new ConfigException(where + ": SIZES=" + value + " goes down");
        List<Long> sizes = new ArrayList<>();
        for (long b = lo; b <= hi; b *= 2) sizes.add(b);
        return sizes;
    }

    /** A size as SIZES bounds are written (8, 64K, 1M: a power of two up to 1G); where names it in the error. */
    public static long bytes(String where, String text) throws ConfigException {
        String t = text.toUpperCase(Locale.ROOT);
        long unit = t.endsWith("K") ? 1024 : t.endsWith("M") ? 1024 * 1024 : 1;
        String digits = unit == 1 ? t : t.substring(0, t.length() - 1);
        long v;
        try {
            v = Math.multiplyExact(Long.parseLong(digits), unit);
        } catch (NumberFormatException | ArithmeticException e) {
            throw new ConfigException(where + ": SIZES bound '" + text + "' is not a size (like 8, 64K, 1M)");
        }
        if (v < 1 || Long.bitCount(v) != 1) {
            throw new ConfigException(where + ": SIZES bound '" + text + "' is not a power of two");
        }
        if (v > 1L << 30) throw new ConfigException(where + ": SIZES bound '" + text + "' is over 1G");
        return v;
    }

    private static long positive(String where, String field, String text, long min) throws ConfigException {
        long v;
        try {
            v = Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new ConfigException(where + ": " + field + " '" + text + "' is not a whole number");
        }
        if (v < min) throw new ConfigException(where + ": " + field + " " + v + " is below " + min);
        return v;
    }
}
