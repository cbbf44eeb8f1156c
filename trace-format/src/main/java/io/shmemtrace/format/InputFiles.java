package io.shmemtrace.format;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * How the tools take a file they are given or find: only a regular file (opening a FIFO blocks until someone
 * writes to it; /dev/zero never ends), small text files read whole only up to a size, and paths read from a file
 * checked before use. Each refusal is one line naming the file.
 */
public final class InputFiles {
    private InputFiles() {}

    /** Why path cannot be read as an input (a directory, a FIFO, a socket, a device), or null: a regular file or none. */
    public static String notRegular(Path path) {
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(path, BasicFileAttributes.class);
        } catch (IOException e) {
            return null; // missing or unreadable: opening it says so
        }
        if (a.isRegularFile()) return null;
        return a.isDirectory() ? "a directory, not a file" : "not a regular file (a FIFO, socket or device): not read";
    }

    /**
     * The text of a small file (a configuration, a machine file, a module map): a regular file of at most maxBytes
     * bytes of UTF-8, else an {@link IOException} whose message is one line naming the file and what is wrong, a
     * caller prints it as it is ({@link NoSuchFileException} when it does not exist).
     */
    public static String readText(Path path, int maxBytes, String whatItIs) throws IOException {
        String why = notRegular(path);
        if (why != null) throw new IOException(path + ": " + why);
        byte[] bytes;
        try (InputStream in = Files.newInputStream(path)) {
            bytes = in.readNBytes(maxBytes + 1);
        } catch (NoSuchFileException e) {
            throw e;
        } catch (IOException e) {
            throw new IOException(path + ": cannot read: " + e.getMessage(), e);
        }
        if (bytes.length > maxBytes) {
            throw new IOException(path + ": larger than " + maxBytes + " bytes: not " + whatItIs);
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new IOException(path + ": not UTF-8 text: not " + whatItIs);
        }
    }

    /**
     * Why a path read from a file (a module of a map, a site table) cannot stand for a file here, or null: no control
     * characters, and a path that is absolute must be clean (no "." or ".." parts, no doubled slashes). A name that
     * is not absolute (the kernel's linux-vdso.so.1) names no file: it is kept, and never opened ({@link #file}).
     */
    public static String badRecordedPath(String path) {
        for (int i = 0; i < path.length(); i++) {
            if (Character.isISOControl(path.charAt(i))) return "a control character in the path";
        }
        try {
            Path p = Path.of(path);
            if (p.isAbsolute() && !p.normalize().toString().equals(path)) return "not a clean path";
        } catch (InvalidPathException e) {
            return "not a path";
        }
        return null;
    }

    /** The file a recorded path stands for: only an absolute, clean one (badRecordedPath null), else null. */
    public static Path file(String recorded) {
        if (badRecordedPath(recorded) != null) return null;
        Path p = Path.of(recorded);
        return p.isAbsolute() ? p : null;
    }
}
