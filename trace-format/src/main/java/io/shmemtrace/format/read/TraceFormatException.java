package io.shmemtrace.format.read;

import java.nio.file.Path;

/** The file is not a readable trace at all (bad magic, unknown version, damaged header or event table). */
public final class TraceFormatException extends Exception {
    public TraceFormatException(Path file, String problem) {
        super(file + ": " + problem);
    }
}
