package io.shmemtrace.merged.read;

import io.shmemtrace.format.OpenRegions;
import io.shmemtrace.merged.format.RecordType;

/**
 * The program's regions open on a task's current thread, for each record's enclosing region
 * ({@link RunRecord#enclosingRegion()}): one rule for the file's reader and a merge handed straight to a converter.
 */
public final class RegionNesting {
    private final OpenRegions<Integer> open = new OpenRegions<>(name -> name);
    private int enclosing = -1;

    /** The records that follow are another thread's: nothing is open on it yet. */
    public void newThread() {
        open.clear();
        enclosing = -1;
    }

    /** The innermost open region (a name index), -1 outside every one. */
    public int enclosing() {
        return enclosing;
    }

    /** After a record: a region's begin or end changes what is open (a mark does not). */
    public void after(RecordType type, int region) {
        if (type.payload() != RecordType.Payload.REGION || type == RecordType.MARK) return;
        if (type == RecordType.REGION_BEGIN) open.begin(region);
        else open.end(region);
        enclosing = open.isEmpty() ? -1 : open.innermost();
    }
}
