package io.shmemtrace.format.sites;

/**
 * A call site as every PE names it alike, whatever address the object was loaded at: the object's path and
 * the return address's offset in it (ELF virtual address). An address no module holds: path "" and the address.
 */
public record SiteKey(String module, long offset) implements Comparable<SiteKey> {
    public static SiteKey unknown(long address) {
        return new SiteKey("", address);
    }

    public boolean known() {
        return !module.isEmpty();
    }

    /** Unresolved form: module+0xoffset, or the bare address. */
    @Override
    public String toString() {
        if (!known()) return "0x" + Long.toHexString(offset);
        int slash = module.lastIndexOf('/');
        return module.substring(slash + 1) + "+0x" + Long.toHexString(offset);
    }

    @Override
    public int compareTo(SiteKey o) {
        int c = module.compareTo(o.module);
        return c != 0 ? c : Long.compareUnsigned(offset, o.offset);
    }
}
