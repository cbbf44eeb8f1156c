package io.shmemtrace.merged.read;

import java.nio.file.Path;

/** A merged trace that cannot be read (or not past some point); the message is one line naming the file. */
public final class MergedFormatException extends Exception {
    public MergedFormatException(Path file, String message) {
        super(file + ": " + message);
    }
}
