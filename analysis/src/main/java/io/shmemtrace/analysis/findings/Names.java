package io.shmemtrace.analysis.findings;

import io.shmemtrace.analysis.Activity;
import io.shmemtrace.merged.read.MergedFile;
import java.util.List;
import java.util.Locale;

/** A merged run's names for what an {@link Activity} holds as numbers: calls, regions, call sites; times in words. */
public final class Names {
    private final List<String> calls;
    private final List<io.shmemtrace.merged.format.RecordType> types;
    private final List<String> regions;
    private final List<String> sites;

    public Names(MergedFile f, java.util.function.Consumer<String> notes) {
        calls = f.calls().stream().map(c -> c.name()).toList();
        types = f.calls().stream().map(c -> c.type()).toList();
        regions = f.regionNames();
        sites = f.hasCallsites() ? f.siteNames(notes) : List.of();
    }

    public String call(int call) {
        return call >= 0 && call < calls.size() ? calls.get(call) : "?";
    }

    /** What kind of call it is (the merged run's payload: RMA, COLLECTIVE, LOCK, ...), or null for none. */
    public io.shmemtrace.merged.format.RecordType.Payload payload(int call) {
        return type(call) == null ? null : type(call).payload();
    }

    /** The call's record type, or null for none. */
    public io.shmemtrace.merged.format.RecordType type(int call) {
        return call >= 0 && call < types.size() ? types.get(call) : null;
    }

    /** Whether the run has regions. */
    public boolean hasRegions() {
        return !regions.isEmpty();
    }

    /** The region's name, or null outside every region. */
    public String region(int region) {
        return region >= 0 && region < regions.size() ? regions.get(region) : null;
    }

    /** The call site's name, or null where none was recorded. */
    public String site(int site) {
        return site >= 0 && site < sites.size() ? sites.get(site) : null;
    }

    /** What an activity was, in words: "computing in region solve", "shmem_barrier_all (at main@x.c:10)". */
    public String activity(Activity a) {
        String where = region(a.region()) == null ? "" : " in region " + region(a.region());
        return switch (a.kind()) {
            case COMPUTE -> "computing" + (where.isEmpty() ? " outside regions" : where);
            case CALL -> call(a.call()) + where + (site(a.site()) == null ? "" : " at " + site(a.site()));
            case WAIT -> a.call() < 0 ? "leaving the previous synchronisation late"
                    : "waiting in " + call(a.call()) + where;
        };
    }

    /** Seconds with 4 significant digits, in s, ms or us. */
    public static String time(double seconds) {
        double a = Math.abs(seconds);
        if (a >= 1) return String.format(Locale.ROOT, "%.4g s", seconds);
        if (a >= 1e-3) return String.format(Locale.ROOT, "%.4g ms", seconds * 1e3);
        return String.format(Locale.ROOT, "%.4g us", seconds * 1e6);
    }

    /** Bytes in B, KB or MB. */
    public static String bytes(double b) {
        return b >= 1 << 20 ? String.format(Locale.ROOT, "%.1f MB", b / (1 << 20))
                : b >= 1 << 10 ? String.format(Locale.ROOT, "%.1f KB", b / (1 << 10))
                : String.format(Locale.ROOT, "%.0f B", b);
    }

    public static String percent(double share) {
        return String.format(Locale.ROOT, "%.1f %%", 100 * share);
    }
}
