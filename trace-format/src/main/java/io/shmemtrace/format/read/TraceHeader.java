package io.shmemtrace.format.read;

import io.shmemtrace.format.Escape;
import io.shmemtrace.format.TraceState;
import static io.shmemtrace.format.Layout.*;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.ByteBuffer;

/** The file header (FORMAT.md, "File header"), as read. Clock values are raw ticks unless named Ns. */
public record TraceHeader(
        int versionMajor,
        int versionMinor,
        int blockSize,
        int firstBlockOffset,
        int pe,
        int npes,
        long pid,
        long tickHz,
        int tickShift,
        int clockSource,
        int writer,
        long initTicks,
        long initMonoNs,
        long initRealNs,
        String runId,
        String host,
        TraceState state,
        int blocksAllocated,
        long finalTicks,
        long finalMonoNs,
        long droppedEvents,
        int runFlags) {

    /** The writer stopped recording at the size limit (SHMEMTRACE_MAX_BYTES): later calls were only counted. */
    public boolean capped() {
        return (runFlags & RUN_CAPPED) != 0;
    }

    /** Every event but repeat records carries its call site (SHMEMTRACE_CALLSITES; FORMAT.md, "Call sites"). */
    public boolean callsites() {
        return (runFlags & RUN_CALLSITES) != 0;
    }

    /** A profile (SHMEMTRACE_MODE=profile; FORMAT.md, "Profiles"): profile blocks, events only for a few calls. */
    public boolean profile() {
        return (runFlags & RUN_PROFILE) != 0 && versionMajor == PROFILE_VERSION_MAJOR;
    }

    /** Parses and checks the first 256 bytes; anything that makes the file not a trace is an exception. */
    static TraceHeader read(Path path, ByteBuffer h) throws TraceFormatException {
        for (int i = 0; i < MAGIC.length; i++) {
            if (h.get(i) != MAGIC[i]) {
                throw new TraceFormatException(path, "not a shmemtrace trace (bad magic)");
            }
        }
        int major = u16(h, H_VERSION_MAJOR);
        boolean profile = major == PROFILE_VERSION_MAJOR && (h.getInt(H_RUN_FLAGS) & RUN_PROFILE) != 0;
        if (!profile && (major < OLDEST_MAJOR || major > VERSION_MAJOR)) {
            throw new TraceFormatException(path, "trace format version " + major + " is not supported (this reader: "
                    + OLDEST_MAJOR + " to " + VERSION_MAJOR + ")");
        }
        byte[] covered = new byte[H_CRC_COVERS];
        h.get(0, covered, 0, covered.length);
        if (crc32c(covered, 0, covered.length) != h.getInt(H_HEADER_CRC)) {
            throw new TraceFormatException(path, "damaged header (checksum mismatch)");
        }
        TraceHeader header = new TraceHeader(major, u16(h, H_VERSION_MINOR), h.getInt(H_BLOCK_SIZE),
                h.getInt(H_FIRST_BLOCK), h.getInt(H_PE), h.getInt(H_NPES), h.getLong(H_PID),
                h.getLong(H_TICK_HZ), u8(h, H_TICK_SHIFT), u8(h, H_CLOCK_SOURCE),
                u16(h, H_WRITER), h.getLong(H_INIT_TICKS), h.getLong(H_INIT_MONO),
                h.getLong(H_INIT_REAL), ascii(h, H_RUN_ID, RUN_ID_SIZE), ascii(h, H_HOST, HOST_SIZE),
                TraceState.of(h.getInt(H_STATE)), h.getInt(H_BLOCKS_ALLOCATED), h.getLong(H_FINAL_TICKS),
                h.getLong(H_FINAL_MONO), h.getLong(H_DROPPED), h.getInt(H_RUN_FLAGS));
        // The header CRC matched, so these are what the writer wrote: a writer bug, still not readable.
        if (!validBlockSize(header.blockSize)) {
            throw new TraceFormatException(path, "damaged header (block size " + header.blockSize + ")");
        }
        if (header.firstBlockOffset < HEADER_SIZE || header.firstBlockOffset % PAGE != 0) {
            throw new TraceFormatException(path, "damaged header (first block at " + header.firstBlockOffset + ")");
        }
        if (header.npes < 1 || header.npes > MAX_PES) {
            throw new TraceFormatException(path, "damaged header (" + Integer.toUnsignedString(header.npes)
                    + " PEs; at most " + MAX_PES + ")");
        }
        if (header.pe < 0 || header.pe >= header.npes) {
            throw new TraceFormatException(path, "damaged header (PE " + Integer.toUnsignedString(header.pe) + " of "
                    + header.npes + ")");
        }
        if (header.tickHz <= 0) {
            throw new TraceFormatException(path, "damaged header (clock rate " + Long.toUnsignedString(header.tickHz)
                    + " Hz)");
        }
        if (header.tickShift > 63) {
            throw new TraceFormatException(path, "damaged header (tick shift " + header.tickShift + ")");
        }
        return header;
    }

    private static int u16(ByteBuffer h, int at) {
        return h.getShort(at) & 0xFFFF;
    }

    private static int u8(ByteBuffer h, int at) {
        return h.get(at) & 0xFF;
    }

    private static String ascii(ByteBuffer h, int offset, int length) {
        byte[] bytes = new byte[length];
        h.get(offset, bytes, 0, length);
        int n = 0;
        while (n < length && bytes[n] != 0) n++;
        return Escape.text(new String(bytes, 0, n, StandardCharsets.US_ASCII));
    }
}
