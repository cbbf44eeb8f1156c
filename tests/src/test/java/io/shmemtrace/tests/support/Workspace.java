package io.shmemtrace.tests.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Where the tests find the install tree (dist/), their C programs, and a scratch directory of their own. */
public final class Workspace {
    public static final Path ROOT = Path.of(System.getProperty("shmemtrace.root", "..")).toAbsolutePath().normalize();
    public static final Path DIST = ROOT.resolve("dist");
    public static final Path SHIM = DIST.resolve("lib/libshmemtrace.so");
    public static final Path LAUNCHER = DIST.resolve("bin/shmemtrace");
    public static final Path C_SOURCES = ROOT.resolve("tests/src/test/c");
    public static final Path WORK = Path.of(System.getProperty("shmemtrace.work", "target/work")).toAbsolutePath();

    private Workspace() {}

    /** A fresh, empty directory under the scratch area. */
    public static Path freshDir(String name) {
        try {
            Path dir = WORK.resolve(name);
            delete(dir);
            return Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Removes a directory and all it holds (big scratch runs do not outlive their test). */
    public static void delete(Path dir) {
        if (!Files.exists(dir)) return;
        try (var walk = Files.walk(dir)) {
            walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            // a file went while the tree was walked (a daemon's socket): walk what is left once more
            try (var again = Files.walk(dir)) {
                again.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            } catch (IOException | UncheckedIOException gone) {
                if (Files.exists(dir)) throw new UncheckedIOException(new IOException("cannot delete " + dir, gone));
            }
        }
    }
}
