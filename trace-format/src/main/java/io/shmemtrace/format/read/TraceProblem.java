package io.shmemtrace.format.read;

import java.nio.file.Path;

/**
 * Something the reader found while reading a file it could open. Either way, everything intact was still read.
 *
 * @param block the block index, or -1 for the file as a whole
 * @param offset the byte offset in the file where the problem is
 */
public record TraceProblem(Path file, int block, long offset, String message, Kind kind) {
    public enum Kind {
        /** Bytes are wrong or missing: a block skipped or cut short, events not recorded. */
        DAMAGE,
        /** The PE did not end its trace (crash, kill, tracing disabled): its last calls may be missing. */
        INCOMPLETE,
        /** Worth saying, nothing lost: the PE exited without shmem_finalize (legal before OpenSHMEM 1.4). */
        NOTE
    }

    public boolean damage() {
        return kind == Kind.DAMAGE;
    }

    /** True unless it is only a note: what a tool's exit status reports. */
    public boolean error() {
        return kind != Kind.NOTE;
    }

    @Override
    public String toString() {
        return file + ": " + (block >= 0 ? "block " + block + " (byte " + offset + "): " : "") + message;
    }
}
