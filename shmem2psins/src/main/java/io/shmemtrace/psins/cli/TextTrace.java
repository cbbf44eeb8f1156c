package io.shmemtrace.psins.cli;

import io.shmemtrace.merged.format.MergedLayout;
import io.shmemtrace.merged.read.PeSet;
import io.shmemtrace.merged.read.MergedFile;
import io.shmemtrace.merged.read.MergedFormatException;
import io.shmemtrace.merged.read.MergedHeader;
import io.shmemtrace.merged.read.RunRecord;
import io.shmemtrace.merged.read.PeEntry;
import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/**
 * A merged trace as text, one record per line, for reading and diffing (FORMAT.md, "Text form"). Times in
 * seconds with nanosecond digits; event numbers (#n) are those completions and lock partners refer to.
 */
final class TextTrace {
    private TextTrace() {}

    static void print(MergedFile f, PrintStream out) throws IOException, MergedFormatException {
        MergedHeader h = f.header();
        out.printf(Locale.ROOT, "# shmem2psins merged trace v%d: run %s, %d PEs (%d missing), %d events, alignment %s"
                        + ", base %d ns (CLOCK_REALTIME), first barrier spread %s, %d collective mismatches,"
                        + " %d unpaired locks%n",
                h.version(), h.runId(), h.tasks(), h.missing(), h.events(), h.alignment().name().toLowerCase(Locale.ROOT),
                h.baseRealNs(), h.barrierSpreadNs() < 0 ? "unknown" : h.barrierSpreadNs() + " ns",
                h.collectiveMismatches(), h.unpairedLocks());
        for (PeSet s : f.peSets()) {
            out.printf("# set %d: start %d, stride %d, size %d%n", s.id(), s.start(), s.stride(), s.size());
        }
        for (int i = 0; i < f.hosts().size(); i++) {
            io.shmemtrace.merged.read.Host host = f.hosts().get(i);
            out.printf("# host %d: %s: %d PEs%n", i, host.name(), host.pes().length);
        }
        if (f.hasCallsites()) {
            List<String> names = f.siteNames(note -> { });
            for (int i = 0; i < names.size(); i++) out.printf("# site %d: %s %s%n", i, f.sites().get(i), names.get(i));
        }
        for (int i = 0; i < f.regionNames().size(); i++) out.printf("# region name %d: %s%n", i, f.regionNames().get(i));
        StringBuilder line = new StringBuilder(160);
        for (PeEntry t : f.tasks()) {
            out.printf(Locale.ROOT, "# PE %d: %s, %d events, %d threads, shift %.9f s%s%n", t.task(), state(t),
                    t.events(), t.threads(), t.shiftSeconds(), t.damaged() ? ", damaged (intact part merged)" : "");
            f.read(t.task(), r -> {
                line.setLength(0);
                format(r, line);
                out.append(line).append('\n');
            });
        }
    }

    private static String state(PeEntry t) {
        return switch (t.state()) {
            case 0 -> "crashed or killed";
            case 1 -> "finalized";
            case 2 -> "exited without shmem_finalize";
            case 3 -> "tracing disabled by an I/O error";
            case MergedLayout.STATE_MISSING -> "missing";
            default -> "state " + t.state();
        };
    }

    static void format(RunRecord r, StringBuilder s) {
        s.append(r.task()).append(' ');
        if (r.burst()) {
            s.append("burst ").append(seconds(r.duration()));
            return;
        }
        s.append('#').append(r.event()).append(' ').append(r.type().label()).append(' ').append(r.name())
                .append(" t=").append(seconds(r.start())).append(" d=").append(seconds(r.duration()));
        if (r.thread() != 0) s.append(" thread=").append(r.thread());
        if (r.site() >= 0) s.append(" site=").append(r.site());
        switch (r.type().payload()) {
            case RMA -> {
                s.append(" target=").append(r.target()).append(" bytes=").append(r.bytes());
                if (r.nonblocking()) s.append(" nbi");
                if (r.deferred()) s.append(" deferred");
                if (r.onContext()) s.append(" ctx");
                if (r.type().signals()) s.append(" signal=0x").append(Long.toHexString(r.signal()));
                s.append(" completion=").append(event(r.completion()));
            }
            case SYNC -> {
                if (r.bytes() > 0) s.append(" flags=").append(r.bytes()).append(" bytes at 0x").append(Long.toHexString(r.address()));
            }
            case QUIET -> s.append(" completes=").append(r.completed());
            case COLLECTIVE -> {
                s.append(" set=").append(r.set());
                if (r.root() >= 0) s.append(" root=").append(r.root());
                s.append(" bytes=").append(r.bytes()).append(" instance=").append(r.instance());
            }
            case LOCK -> {
                s.append(" lock=0x").append(Long.toHexString(r.lock())).append(" partner=").append(event(r.partner()));
                if (r.result() >= 0) s.append(" result=").append(r.result());
            }
            case MEMORY -> s.append(" bytes=").append(r.bytes()).append(" address=0x").append(Long.toHexString(r.address()));
            case REPEAT -> s.append(" repeated=").append(r.repeats());
            case REGION -> s.append(" region=").append(r.region());
            default -> { }
        }
    }

    private static String event(int index) {
        return index < 0 ? "none" : "#" + index;
    }

    private static String seconds(double s) {
        return String.format(Locale.ROOT, "%.9f", s);
    }
}
