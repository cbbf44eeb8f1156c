package io.shmemtrace.io;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * A temporary file or directory of a tool, removed when closed and, if the tool is ended first (SIGTERM, SIGINT,
 * System.exit when the reader of stdout goes away), by a shutdown hook: a killed tool leaves nothing behind.
 * (SIGKILL runs nothing: what it leaves is named with a leading dot or the system's temporary-file prefix.)
 */
public final class Temporary implements AutoCloseable {
    /** A directory in the system's temporary directory is the user's alone (as Files.createTempDirectory makes it). */
    private static final FileAttribute<?> PRIVATE = PosixFilePermissions.asFileAttribute(
            PosixFilePermissions.fromString("rwx------"));

    /** How many times a removal is tried while the path is still there (see {@link #remove}). */
    private static final int REMOVE_ATTEMPTS = 20;

    private final Path path;
    private final Thread hook;

    private Temporary(Path path) {
        this.path = path;
        this.hook = new Thread(this::remove, "remove " + path.getFileName());
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /**
     * A new directory under parent, named prefix + random, made as any new directory is (under the umask: it is an
     * output in the making); or, parent null, a private one in {@link #systemDirectory}.
     */
    public static Temporary directory(Path parent, String prefix) throws IOException {
        Path dir = (parent == null ? systemDirectory() : parent).resolve(uniqueName(prefix, ""));
        // Its removal is registered before it is made: a SIGTERM between the two would leave it.
        Temporary temporary = new Temporary(dir);
        try {
            if (parent == null) Files.createDirectory(dir, PRIVATE);
            else Files.createDirectory(dir);
        } catch (IOException | RuntimeException e) {
            temporary.close();
            throw e;
        }
        return temporary;
    }

    /**
     * Where temporary files go: $TMPDIR when set, as for every Unix tool (a cluster points it at a node's scratch
     * disk; the JVM itself ignores it), else the JVM's java.io.tmpdir (/tmp).
     */
    public static Path systemDirectory() {
        String tmpdir = System.getenv("TMPDIR");
        return Path.of(tmpdir != null && !tmpdir.isEmpty() ? tmpdir : System.getProperty("java.io.tmpdir"));
    }

    /** prefix, a random part, suffix: a name beside an output that no one else is using. */
    static String uniqueName(String prefix, String suffix) {
        return prefix + Long.toHexString(RANDOM.nextLong()) + suffix;
    }

    private static final java.security.SecureRandom RANDOM = new java.security.SecureRandom();

    /** A path that a tool will create (a file written beside its output, then renamed): removed if still there. */
    public static Temporary path(Path file) {
        return new Temporary(file);
    }

    public Path path() {
        return path;
    }

    /**
     * Removes it, trying again a few times while it is still there: when the hook runs, the tool's own threads are
     * still going and may add a file to a directory after it was emptied, and the hooks of the files inside it run at
     * the same time and remove them under its walk (TerminationTest saw an empty temporary merge directory left).
     */
    private void remove() {
        for (int attempt = 0; attempt < REMOVE_ATTEMPTS && Files.exists(path, LinkOption.NOFOLLOW_LINKS); attempt++) {
            try {
                if (Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) OutputFiles.deleteTree(path);
                else Files.deleteIfExists(path);
            } catch (IOException | java.io.UncheckedIOException again) { // a file went while the walk listed it
                try {
                    Thread.sleep(10);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    @Override
    public void close() {
        remove();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running or about to: it removes the same thing
        }
    }
}
