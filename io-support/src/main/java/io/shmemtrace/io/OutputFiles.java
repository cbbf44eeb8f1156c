package io.shmemtrace.io;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;

/**
 * How the tools write what they leave behind, one rule for every output (a report page, a machine file, a JSON
 * prediction, a CSV, a merged trace, an OTF2 archive): never half-written (written beside its place, then renamed
 * there), never replacing a file unless asked (--force), with the permissions the user's umask gives a new file,
 * and the temporary files removed whatever happens.
 */
public final class OutputFiles {
    private OutputFiles() {}

    /** Writes one file of a tool's output. */
    @FunctionalInterface
    public interface Writing {
        void to(Path file) throws IOException;
    }

    /** The one line a tool prints for an output that exists and was not to be replaced. */
    public static String exists(Path target) {
        return target + " exists (--force replaces it)";
    }

    /** An output that exists, given without --force: {@link #exists} as the message. */
    public static final class OutputExists extends IOException {
        public OutputExists(Path target) {
            super(exists(target));
        }
    }

    /**
     * A tool's check before any work: true, after its one line ("TOOL: X exists (--force replaces it)"), when one of
     * its outputs (null: not asked for) exists and force was not given.
     */
    public static boolean refused(java.io.PrintStream err, String tool, boolean force, Path... targets) {
        for (Path t : targets) {
            try {
                refuseExisting(t, force);
            } catch (OutputExists e) {
                err.println(tool + ": " + e.getMessage());
                return true;
            }
        }
        return false;
    }

    /** Refuses an output that exists, unless force. */
    public static void refuseExisting(Path target, boolean force) throws OutputExists {
        if (target != null && !force && Files.exists(target, LinkOption.NOFOLLOW_LINKS)) throw new OutputExists(target);
    }

    /**
     * Writes target through a file beside it (created as any new file is, under the umask) that takes its place
     * only once written; an existing target is replaced only with force. The temporary file is gone whatever
     * happens, a SIGTERM included.
     */
    public static void write(Path target, boolean force, Writing writing) throws IOException {
        refuseExisting(target, force);
        Path parent = target.toAbsolutePath().getParent();
        Files.createDirectories(parent);
        Path tmp = parent.resolve(Temporary.uniqueName("." + target.getFileName() + ".", ".tmp"));
        try (Temporary removed = Temporary.path(Files.createFile(tmp))) {
            writing.to(tmp);
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) { // named as the output, not as the file beside it (a full disk names none)
            throw IoErrors.cannotWrite(target, e);
        } catch (java.io.UncheckedIOException e) {
            throw IoErrors.cannotWrite(target, e.getCause());
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
