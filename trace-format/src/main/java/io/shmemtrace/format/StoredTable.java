package io.shmemtrace.format;

import java.io.ByteArrayOutputStream;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * The event table as a file stores it (format 2): DEFLATE-compressed, since every PE's file carries the whole
 * table (OpenSHMEM 1.5's 1,782 functions: 98 KB, 14 KB deflated), and its size inflated in the header. Compressed
 * once, by the Java codec, at build time for the C shim (wrapper-codegen) and when a Java writer opens a file.
 */
public final class StoredTable {
    private StoredTable() {}

    /** The table's bytes as stored: raw DEFLATE, best compression. */
    public static byte[] deflate(byte[] table) {
        Deflater d = new Deflater(Deflater.BEST_COMPRESSION, true);
        try {
            d.setInput(table);
            d.finish();
            ByteArrayOutputStream out = new ByteArrayOutputStream(table.length / 4 + 64);
            byte[] chunk = new byte[8192];
            while (!d.finished()) out.write(chunk, 0, d.deflate(chunk));
            return out.toByteArray();
        } finally {
            d.end();
        }
    }

    /**
     * The table of stored bytes that the header says inflate to exactly size bytes (checked against
     * Layout.MAX_EVENT_TABLE_SIZE before anything is allocated).
     *
     * @throws IllegalArgumentException what is wrong, for one line naming the file
     */
    public static byte[] inflate(byte[] stored, long size) {
        if (size <= 0 || size > Layout.MAX_EVENT_TABLE_SIZE) {
            throw new IllegalArgumentException("its size inflated is " + size + " bytes (at most "
                    + Layout.MAX_EVENT_TABLE_SIZE + ")");
        }
        Inflater inflater = new Inflater(true);
        try {
            inflater.setInput(stored);
            byte[] table = new byte[(int) size];
            int n = inflater.inflate(table);
            if (n != size || !inflater.finished()) {
                throw new IllegalArgumentException("it inflates to " + (inflater.finished() ? n : "more than " + n)
                        + " bytes, not the " + size + " its header says");
            }
            return table;
        } catch (DataFormatException e) {
            throw new IllegalArgumentException("not a DEFLATE stream (" + e.getMessage() + ")");
        } finally {
            inflater.end();
        }
    }
}
