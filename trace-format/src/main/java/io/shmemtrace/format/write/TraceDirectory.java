package io.shmemtrace.format.write;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * The directory a tracer writes to, taken as the native tracer takes it (native-shim/src/shmt_trace_file.c):
 * created if missing (not writable by others), and refused unless it is the user's own and no one else can write
 * to it, or it is sticky as /tmp is. Anyone else who can write to it could plant a link named like a trace file
 * and make the traced job overwrite its user's files.
 */
public final class TraceDirectory {
    private static final int GROUP_OR_OTHERS_WRITE = 0022;
    private static final int STICKY = 01000;

    private TraceDirectory() {}

    /** The directory, created if missing; an IOException whose message names it and says why it is refused. */
    public static Path prepare(Path dir) throws IOException {
        int me = (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid"); // the process's effective user
        Path absolute = dir.toAbsolutePath();
        for (int i = 1; i <= absolute.getNameCount(); i++) refuseForeignLink(absolute.getRoot().resolve(absolute.subpath(0, i)), me);
        if (!Files.isDirectory(dir)) {
            if (dir.getParent() != null) Files.createDirectories(dir.getParent());
            try {
                Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
            } catch (java.nio.file.FileAlreadyExistsException raced) {
                // another PE made it first
            }
        }
        int owner = (Integer) Files.getAttribute(dir, "unix:uid");
        int mode = (Integer) Files.getAttribute(dir, "unix:mode");
        if (owner != me) {
            throw new IOException(dir + ": the directory belongs to another user (uid " + owner
                    + "); traces go only to your own");
        }
        if ((mode & GROUP_OR_OTHERS_WRITE) != 0 && (mode & STICKY) == 0) {
            throw new IOException(dir + ": the directory is writable by others (mode "
                    + Integer.toOctalString(mode & 0777) + ") and not sticky: a file planted there could take the"
                    + " trace's place");
        }
        return dir;
    }

    /** Another user's symbolic link at any level of the path (root's and one's own are trusted) would decide where
     * the traces go: refused, as the native tracer refuses it. */
    private static void refuseForeignLink(Path level, int me) throws IOException {
        if (!Files.isSymbolicLink(level)) return;
        int owner = (Integer) Files.getAttribute(level, "unix:uid", java.nio.file.LinkOption.NOFOLLOW_LINKS);
        if (owner != me && owner != 0) {
            throw new IOException(level + " is a symbolic link of another user (uid " + owner
                    + "); traces go only where you decide");
        }
    }
}
