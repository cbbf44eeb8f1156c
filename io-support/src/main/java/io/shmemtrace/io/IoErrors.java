package io.shmemtrace.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/** An I/O error in words, for the one line a tool prints about it. */
public final class IoErrors {
    private IoErrors() {}

    /**
     * What went wrong, naming the file where the error has one: a file-system error's own message is its path
     * alone for some kinds (NoSuchFileException), "No space left on device" alone for a failed write.
     */
    public static String describe(IOException e) {
        if (e instanceof FileSystemException f) {
            String what = f.getReason() != null ? f.getReason()
                    : f instanceof NoSuchFileException ? "no such file or directory"
                    : f instanceof AccessDeniedException ? "permission denied"
                    : f instanceof FileAlreadyExistsException ? "already exists"
                    : f instanceof NotDirectoryException ? "not a directory"
                    : f.getClass().getSimpleName();
            return f.getFile() == null ? what : f.getFile() + (f.getOtherFile() == null ? "" : " -> " + f.getOtherFile())
                    + ": " + what;
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }

    /** The same for an I/O error carried through a stream or a callback. */
    public static String describe(UncheckedIOException e) {
        return describe(e.getCause());
    }

    /** The error of a write to target, worded as every output's: "target: cannot write: what went wrong". */
    public static IOException cannotWrite(java.nio.file.Path target, IOException e) {
        return new IOException(target + ": cannot write: " + describe(e), e);
    }
}
