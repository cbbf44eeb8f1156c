package io.shmemtrace.format.read;

import io.shmemtrace.format.TraceState;
import static io.shmemtrace.format.Layout.*;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import net.openhft.chronicle.bytes.BytesStore;

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

    /** Parses and checks the first 256 bytes; anything that makes the file not a trace is an exception. */
    static TraceHeader read(Path path, BytesStore<?, ?> h) throws TraceFormatException {
        for (int i = 0; i < MAGIC.length; i++) {
            if (h.readByte(i) != MAGIC[i]) {
                throw new TraceFormatException(path, "not a shmemtrace trace (bad magic)");
            }
        }
        int major = h.readUnsignedShort(H_VERSION_MAJOR);
        if (major != VERSION_MAJOR) {
            throw new TraceFormatException(path,
                    "trace format version " + major + " is not supported (this reader: " + VERSION_MAJOR + ")");
        }
        byte[] covered = new byte[H_CRC_COVERS];
        h.read(0, covered, 0, covered.length);
        if (crc32c(covered, 0, covered.length) != h.readInt(H_HEADER_CRC)) {
            throw new TraceFormatException(path, "damaged header (checksum mismatch)");
        }
        TraceHeader header = new TraceHeader(major, h.readUnsignedShort(H_VERSION_MINOR), h.readInt(H_BLOCK_SIZE),
                h.readInt(H_FIRST_BLOCK), h.readInt(H_PE), h.readInt(H_NPES), h.readLong(H_PID),
                h.readLong(H_TICK_HZ), h.readUnsignedByte(H_TICK_SHIFT), h.readUnsignedByte(H_CLOCK_SOURCE),
                h.readUnsignedShort(H_WRITER), h.readLong(H_INIT_TICKS), h.readLong(H_INIT_MONO),
                h.readLong(H_INIT_REAL), ascii(h, H_RUN_ID, RUN_ID_SIZE), ascii(h, H_HOST, HOST_SIZE),
                TraceState.of(h.readInt(H_STATE)), h.readInt(H_BLOCKS_ALLOCATED), h.readLong(H_FINAL_TICKS),
                h.readLong(H_FINAL_MONO), h.readLong(H_DROPPED), h.readInt(H_RUN_FLAGS));
        // The header CRC matched, so these are what the writer wrote: a writer bug, still not readable.
        if (!validBlockSize(header.blockSize)) {
            throw new TraceFormatException(path, "damaged header (block size " + header.blockSize + ")");
        }
        if (header.firstBlockOffset < HEADER_SIZE || header.firstBlockOffset % PAGE != 0) {
            throw new TraceFormatException(path, "damaged header (first block at " + header.firstBlockOffset + ")");
        }
        if (header.tickShift > 63) {
            throw new TraceFormatException(path, "damaged header (tick shift " + header.tickShift + ")");
        }
        return header;
    }

    private static String ascii(BytesStore<?, ?> h, int offset, int length) {
        byte[] bytes = new byte[length];
        h.read(offset, bytes, 0, length);
        int n = 0;
        while (n < length && bytes[n] != 0) n++;
        return new String(bytes, 0, n, StandardCharsets.US_ASCII);
    }
}
