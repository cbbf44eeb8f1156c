package io.shmemtrace.format.read;

import java.nio.file.Path;

/**
 * Something the reader found while reading a file it could open: damage (a block skipped or cut short) or a
 * note (the PE did not end cleanly). Either way, everything intact was still read.
 *
 * @param block the block index, or -1 for the file as a whole
 * @param offset the byte offset in the file where the problem is
 */
public record TraceProblem(Path file, int block, long offset, String message, boolean damage) {
    @Override
    public String toString() {
        return file + ": " + (block >= 0 ? "block " + block + " (byte " + offset + "): " : "") + message;
    }
}
