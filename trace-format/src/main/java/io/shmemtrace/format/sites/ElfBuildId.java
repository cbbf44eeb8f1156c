package io.shmemtrace.format.sites;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.HexFormat;

/** The GNU build id of a 64-bit little-endian ELF file, from its PT_NOTE segments: what the shim records. */
final class ElfBuildId {
    private static final int PT_NOTE = 4;
    private static final int NT_GNU_BUILD_ID = 3;

    private ElfBuildId() {}

    /** Hex build id, "-" when the file has none, null when it is not a readable 64-bit ELF file. */
    static String of(Path file) {
        try (FileChannel c = FileChannel.open(file)) {
            ByteBuffer h = read(c, 0, 64);
            if (h.getInt(0) != 0x464C457F || h.get(4) != 2 || h.get(5) != 1) return null;
            long phoff = h.getLong(0x20);
            int phentsize = h.getShort(0x36) & 0xFFFF, phnum = h.getShort(0x38) & 0xFFFF;
            for (int i = 0; i < phnum; i++) {
                ByteBuffer ph = read(c, phoff + (long) i * phentsize, 56);
                if (ph.getInt(0) != PT_NOTE) continue;
                long size = ph.getLong(0x20);
                if (size > 1 << 16) continue;
                String id = buildId(read(c, ph.getLong(0x08), (int) size));
                if (id != null) return id;
            }
            return "-";
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static String buildId(ByteBuffer notes) {
        while (notes.remaining() >= 12) {
            int namesz = notes.getInt(), descsz = notes.getInt(), type = notes.getInt();
            int name = notes.position(), desc = name + ((namesz + 3) & ~3);
            if (namesz < 0 || descsz < 0 || desc + descsz > notes.limit()) return null;
            if (type == NT_GNU_BUILD_ID && namesz == 4 && notes.get(name) == 'G' && notes.get(name + 1) == 'N'
                    && notes.get(name + 2) == 'U') {
                byte[] id = new byte[descsz];
                notes.get(desc, id);
                return HexFormat.of().formatHex(id);
            }
            notes.position(desc + ((descsz + 3) & ~3));
        }
        return null;
    }

    private static ByteBuffer read(FileChannel c, long at, int length) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
        while (b.hasRemaining()) {
            if (c.read(b, at + b.position()) < 0) throw new IOException("short ELF file");
        }
        return b.flip();
    }
}
