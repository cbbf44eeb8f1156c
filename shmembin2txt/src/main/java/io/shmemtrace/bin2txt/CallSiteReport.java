package io.shmemtrace.bin2txt;

import io.shmemtrace.format.read.TraceEvent;
import io.shmemtrace.format.read.TraceFile;
import io.shmemtrace.format.sites.ModuleMap;
import io.shmemtrace.format.sites.SiteKey;
import io.shmemtrace.format.sites.Symbolizer;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Time per call site, as mpiP reports it: for traces taken with SHMEMTRACE_CALLSITES, each SHMEM function per
 * place in the program that called it (function@file:line of the caller), summed over the PEs. Addresses are
 * taken to sites per PE through its module map, so PEs whose objects were loaded at different addresses agree.
 */
final class CallSiteReport extends Report {
    static final int TOP = 20;

    /** One row: a SHMEM function called from one site. */
    record Row(String function, String site, CallStats stats, int pes) {}

    private record Key(String function, SiteKey site) {}

    private final Consumer<String> notes;
    private final Symbolizer symbolizer;
    private final Map<Key, CallStats> bySite = new HashMap<>();
    private final Map<Key, Integer> pesBySite = new HashMap<>();
    /** This file's calls by (return address, event id). */
    private final Map<Long, Map<Integer, CallStats>> current = new HashMap<>();
    private final Map<Integer, String> names = new HashMap<>();
    private boolean fileHasSites;
    private boolean anySites;
    private List<Row> rows;
    private final Durations t;

    CallSiteReport(PrintStream out, Consumer<String> notes, Durations times) {
        super(out);
        this.notes = notes;
        this.t = times;
        this.symbolizer = new Symbolizer(notes);
    }

    @Override
    void beginFile(TraceFile file) {
        fileHasSites = file.header().callsites();
        anySites |= fileHasSites;
        current.clear();
    }

    @Override
    void event(TraceEvent e) {
        if (!fileHasSites) return;
        int id = e.def().id();
        names.putIfAbsent(id, e.name());
        CallStats s = current.computeIfAbsent(e.callsite(), k -> new HashMap<>()).computeIfAbsent(id, k -> new CallStats());
        if (e.repeats() == 0) s.add(e.callsNs(), e.bytes());
        else s.addRepeated(e.repeats(), e.callsNs(), e.bytes() * e.repeats());
    }

    @Override
    void endFile(TraceFile file) {
        if (!fileHasSites) return;
        for (var p : file.profile()) { // a profile's entries per call site, as mpiP keeps them
            if (p.def().operation().isRegion()) continue;
            names.putIfAbsent(p.def().id(), p.def().name());
            current.computeIfAbsent(p.site(), k -> new HashMap<>()).computeIfAbsent(p.def().id(), k -> new CallStats())
                    .add(p.calls(), p.totalNs(), p.minNs(), p.maxNs(), p.bytes());
        }
        ModuleMap map = ModuleMap.of(file, notes);
        symbolizer.expect(map);
        for (var byAddress : current.entrySet()) {
            SiteKey site = map.locate(byAddress.getKey());
            byAddress.getValue().forEach((id, stats) -> {
                Key key = new Key(names.get(id), site);
                bySite.computeIfAbsent(key, k -> new CallStats()).add(stats);
                pesBySite.merge(key, 1, Integer::sum);
            });
        }
    }

    /** Whether any trace had call sites. */
    boolean present() {
        return anySites;
    }

    /** Every (function, site), most time first, sites named. */
    List<Row> rows() {
        if (rows == null) {
            Map<SiteKey, String> named = symbolizer.names(bySite.keySet().stream().map(Key::site).distinct().toList());
            rows = new ArrayList<>();
            bySite.forEach((k, s) -> rows.add(new Row(k.function(), named.get(k.site()), s, pesBySite.get(k))));
            rows.sort(Comparator.comparingLong((Row r) -> -r.stats().totalNs).thenComparing(Row::site)
                    .thenComparing(Row::function));
        }
        return rows;
    }

    @Override
    void end() {
        if (!anySites) return;
        List<Row> all = rows();
        out.println();
        out.println("== call sites: the " + Math.min(TOP, all.size()) + " of " + all.size()
                + " with the most time in SHMEM, summed over PEs (site: caller function@file:line)");
        out.printf("  %4s %-28s %10s %14s %12s %14s %6s  %s%n", "rank", "function", "calls", t.column("total"),
                t.column("mean"), "bytes", "PEs", "site");
        for (int i = 0; i < Math.min(TOP, all.size()); i++) {
            Row r = all.get(i);
            CallStats s = r.stats();
            out.printf("  %4d %-28s %10d %14s %12s %14d %6d  %s%n", i + 1, r.function(), s.calls, t.cell(s.totalNs),
                    t.cell(s.totalNs / s.calls), s.bytes, r.pes(), r.site());
        }
    }
}
