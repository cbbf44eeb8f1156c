package io.shmemtrace.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;

/** How the tools write what they leave behind: never half-written, and the temporary files they made removed. */
public final class OutputFiles {
    private OutputFiles() {}

    /** Writes one file of a tool's output. */
    @FunctionalInterface
    public interface Writing {
        void to(Path file) throws IOException;
    }

    /**
     * Writes target through a temporary file beside it that replaces it only once written (readable by all,
     * as a file the tool created directly would be); the temporary file is gone whatever happens.
     */
    public static void replace(Path target, Writing writing) throws IOException {
        Path tmp = Files.createTempFile(target.toAbsolutePath().getParent(), "." + target.getFileName(), ".tmp");
        try {
            writing.to(tmp);
            Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-r--r--"));
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** Removes a directory and everything below it, if it exists. */
    public static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) return;
        try (var walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        }
    }

    /** A file of the installation, relative to the directory of the jar (or classes directory) that holds c. */
    public static Path besideJar(Class<?> c, String relative) {
        try {
            Path jar = Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
            return jar.getParent().resolve(relative).normalize();
        } catch (java.net.URISyntaxException | SecurityException | NullPointerException e) {
            return Path.of(relative);
        }
    }
}
