package io.shmemtrace.merged.merge;

import static io.shmemtrace.merged.format.MergedLayout.*;
import io.shmemtrace.merged.format.AlignmentMethod;

import io.shmemtrace.format.Escape;
import io.shmemtrace.format.read.TraceFile;
import io.shmemtrace.format.read.TraceRun;
import io.shmemtrace.format.read.TraceFormatException;
import io.shmemtrace.format.read.TraceProblem;
import io.shmemtrace.format.sites.ModuleMap;
import io.shmemtrace.format.sites.SiteKey;
import io.shmemtrace.merged.read.Host;
import io.shmemtrace.merged.read.PeConverter;
import java.io.IOException;
import io.shmemtrace.io.OutputFiles;
import io.shmemtrace.io.Temporary;
import io.shmemtrace.io.Messages;
import io.shmemtrace.io.Progress;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One merge: the run's per-PE traces into one merged trace and its RankPid.extended side file. Tasks are
 * written one after another, each read straight from its file into the output, so memory grows with the
 * number of PEs (index, collective counts) and never with events. Output goes to temporary files that replace
 * the targets only when the merge succeeded.
 */
public final class Merge {
    /** What to merge and how (the command line's options). */
    public record Options(List<Path> inputs, Path output, Path sideFile, boolean allowPartial, int maxOpen,
                          Alignment.Mode align, boolean force) {}

    /** What was merged. */
    public record Result(long events, int tasks, int missing, int mismatches, int unpairedLocks,
                         AlignmentMethod alignment) {}

    private static final int MAX_MESSAGES = 50;

    private final Options o;
    private final Messages messages;
    /** Whether the merge is a step of another tool's work (its output a temporary file, or none) or the user's file. */
    private final boolean forAnotherTool;
    private int said;
    /** Where a merge of the tables alone ({@link StreamedRun}) leaves what reading the traces again needs; else null. */
    private StreamedRun.Tables tablesOnly;

    private Merge(Options o, Messages messages, boolean forAnotherTool) {
        this.o = o;
        this.messages = messages;
        this.forAnotherTool = forAnotherTool;
    }

    /**
     * The user's merge into options' output: what it read around said to messages; a RunException when nothing
     * may be written (the targets are then as they were).
     */
    public static Result run(Options options, Messages messages) throws IOException, RunException {
        return new Merge(options, messages, false).run();
    }

    /** The same, as a step of another tool's work (its messages say how that tool reads what is intact). */
    static Result runForAnotherTool(Options options, Messages messages) throws IOException, RunException {
        return new Merge(options, messages, true).run();
    }

    /**
     * A run directory's merge handed to a converter task after task as it is made, with no file written
     * ({@link StreamedMerge}); progress: where a bar goes (null: none). With the barrier step (PEs on several
     * hosts, or asked for), every trace is first read up to its first shmem_barrier_all, so that every time is
     * final from the first PE on. After a RunException the converter's output is to be thrown away.
     */
    public static Result stream(List<Path> inputs, Alignment.Mode align, PeConverter converter, Messages messages,
                                RunReading reading) throws IOException, RunException {
        return new Merge(new Options(inputs, null, null, reading.allowPartial(), reading.maxOpen(), align, true),
                messages.withoutBars(), true).stream(converter);
    }

    /**
     * The run's header, index and tables merged into output, with no records (each task's records are counted,
     * and read again from its trace when asked for: {@link StreamedRun}); what that reading needs goes to tables.
     */
    static Result tables(List<Path> inputs, Path output, StreamedRun.Tables tables, Messages messages,
                         RunReading reading) throws IOException, RunException {
        Merge m = new Merge(new Options(inputs, output, null, reading.allowPartial(), reading.maxOpen(), Alignment.Mode.AUTO,
                true), messages, true);
        m.tablesOnly = tables;
        return m.write(m.scan(), output, null);
    }

    private Result stream(PeConverter converter) throws IOException, RunException {
        TraceRun scan = scan();
        int npes = scan.npes();
        TraceRun.Input[] byPe = scan.byPe();
        Alignment alignment = Alignment.of(byPe, o.align());
        Calls calls = new Calls();
        Collectives collectives = new Collectives(npes, i -> calls.all().get(i).name(), this::say);
        Sites sites = scan.inputs().stream().anyMatch(i -> i.header().callsites()) ? new Sites() : null;
        StreamedMerge sink = new StreamedMerge(converter, calls, alignment.shiftsNs());
        PeRecords task = new PeRecords(sink, calls, collectives, alignment, sites, this::say);
        List<Host> hosts = new ArrayList<>();
        hosts(byPe).forEach((name, pes) -> hosts.add(new Host(Escape.text(name), pes.stream().mapToInt(i -> i).toArray())));
        converter.start(npes, alignment.baseRealNs(),
                Escape.text(new String(storedRunId(scan.runId()), StandardCharsets.US_ASCII)), hosts);
        boolean[] damaged = new boolean[npes];
        boolean[] merged = new boolean[npes];
        long[] events = new long[1];
        mergeTasks(scan, task, sites, damaged, merged, new PeOutput() {
            @Override
            public void next(int pe) { }

            @Override
            public void merged(int pe, TraceFile file, PeRecords t, long n) throws IOException {
                sink.end();
                events[0] += n;
            }
        });
        collectives.finish(merged);
        int missing = 0;
        for (boolean m : merged) missing += m ? 0 : 1;
        sink.finish(task.regionNames.all(), collectives.sets(), sites);
        return new Result(events[0], npes, missing, collectives.mismatches(), task.unpairedLocks(), alignment.method());
    }

    private void say(String message) {
        if (++said <= MAX_MESSAGES) {
            messages.say(message);
        } else if (said == MAX_MESSAGES + 1) {
            messages.say("(more messages left out)");
        }
    }

    /** Why a run with problems is not merged, and how to take what is intact: the option every tool has. */
    private RunException refused(String why) {
        if (!forAnotherTool) return new RunException("nothing written: " + why + " (--allow-partial merges what is intact)");
        return new RunException("cannot merge the run: " + why + " (--allow-partial reads what is intact)");
    }

    private Result run() throws IOException, RunException {
        for (Path target : List.of(o.output(), o.sideFile())) {
            if (!o.force() && Files.exists(target)) throw new RunException(OutputFiles.exists(target));
        }
        TraceRun scan = scan();
        Path tmp = sibling(o.output(), ".tmp");
        Path sideTmp = sibling(o.sideFile(), ".tmp");
        Files.deleteIfExists(tmp);
        Files.deleteIfExists(sideTmp);
        // Removed when done, and if the tool is ended before they are renamed into place.
        try (Temporary merging = Temporary.path(tmp); Temporary siding = Temporary.path(sideTmp)) {
            Result r = write(scan, tmp, sideTmp);
            Files.move(tmp, o.output(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            Files.move(sideTmp, o.sideFile(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return r;
        }
    }

    /** The run's traces, if they can be merged; the problems read around said. */
    private TraceRun scan() throws RunException {
        TraceRun scan;
        try {
            scan = TraceRun.scan(o.inputs(), TraceRun.Options.oneRun(o.maxOpen()), this::say);
        } catch (TraceRun.NoTracesException e) {
            throw new RunException(e.getMessage());
        }
        for (TraceRun.Input in : scan.inputs()) {
            if (in.header().profile()) {
                throw new RunException(in.path() + ": a profile (SHMEMTRACE_MODE=profile) has no timeline to merge; "
                        + "shmembin2txt --summary and --html read it");
            }
        }
        if (scan.problems() > 0 && !o.allowPartial()) {
            throw refused(scan.problems() + " problem" + (scan.problems() == 1 ? "" : "s") + " above");
        }
        return scan;
    }

    /** What the traversal of the PEs tells the output it feeds, PE after PE. */
    private interface PeOutput {
        /** PE pe is next (its records follow, if it has a trace that opens). */
        void next(int pe) throws IOException;

        /** PE pe was merged from file: n events. */
        void merged(int pe, TraceFile file, PeRecords task, long n) throws IOException;
    }

    /**
     * Every PE's trace through the bookkeeping (into its sink), in PE order, for either output; returns null, or
     * a RunException when nothing may be written. damaged and merged are per PE, filled as it goes.
     */
    private void mergeTasks(TraceRun scan, PeRecords task, Sites sites, boolean[] damaged, boolean[] merged,
                              PeOutput output) throws IOException, RunException {
        int npes = scan.npes();
        TraceRun.Input[] byPe = scan.byPe();
        long events = 0;
        Progress progress = messages.progress(forAnotherTool ? "merging" : null, npes, "PEs");
        try {
            for (int pe = 0; pe < npes; pe++) {
                output.next(pe);
                TraceRun.Input input = byPe[pe];
                TraceFile file = input == null ? null : open(input);
                if (file == null && input != null && !o.allowPartial()) {
                    throw refused(input.path() + " cannot be read");
                }
                if (file == null) continue;
                if (sites != null) sites.begin(ModuleMap.of(file, this::say));
                try {
                    task.begin(pe, Calls.cache(file.table()), file.threads());
                    file.read(task);
                    long n = task.end();
                    events += n;
                    merged[pe] = true;
                    output.merged(pe, file, task, n);
                } catch (UncheckedIOException e) {
                    throw e.getCause();
                } finally {
                    input.close();
                }
                for (TraceProblem p : file.problems()) {
                    say(p.toString());
                    damaged[pe] |= p.damage();
                }
                if (damaged[pe] && !o.allowPartial()) {
                    throw refused(file.path() + " is damaged");
                }
                progress.update(pe + 1, events);
            }
        } finally {
            progress.done();
        }
    }

    private Result write(TraceRun scan, Path tmp, Path sideTmp) throws IOException, RunException {
        int npes = scan.npes();
        TraceRun.Input[] byPe = scan.byPe();
        Alignment alignment = Alignment.of(byPe, o.align());
        Calls calls = new Calls();
        Collectives collectives = new Collectives(npes, i -> calls.all().get(i).name(), this::say);
        long[] offsets = new long[npes];
        long[] records = new long[npes];
        byte[] states = new byte[npes];
        boolean[] damaged = new boolean[npes];
        boolean[] merged = new boolean[npes];
        int[] threads = new int[npes];
        byte[] taskFlags = new byte[npes];
        try (MergedOutput out = new MergedOutput(tmp, o.output(), indexOffset(npes + 1));
             CallTotals totals = tablesOnly != null ? null : new CallTotals(sideTmp, o.sideFile())) {
            Sites sites = scan.inputs().stream().anyMatch(i -> i.header().callsites()) ? new Sites() : null;
            RecordEncoder encoder = new RecordEncoder(out, sites != null);
            RegionNames regionNames = new RegionNames();
            PeRecords task = new PeRecords(tablesOnly != null ? new CountedRecords() : encoder, calls, collectives,
                    alignment, sites, this::say, regionNames, null);
            if (tablesOnly != null) tablesOnly.set(byPe, calls, collectives, alignment, sites, regionNames);
            mergeTasks(scan, task, sites, damaged, merged, new PeOutput() {
                @Override
                public void next(int pe) {
                    offsets[pe] = out.position();
                    states[pe] = (byte) STATE_MISSING; // until it is merged
                }

                @Override
                public void merged(int pe, TraceFile file, PeRecords t, long n) throws IOException {
                    records[pe] = 2 * n;
                    states[pe] = (byte) file.header().state().code();
                    threads[pe] = file.threads().length;
                    taskFlags[pe] = (byte) (t.threaded() ? TASK_THREADED : 0);
                    if (totals != null) totals.task(pe, calls.all(), t.callCounts, t.callNs);
                }
            });
            long events = 0;
            int missing = 0;
            for (int pe = 0; pe < npes; pe++) {
                events += records[pe] / 2;
                if (!merged[pe]) missing++;
            }
            collectives.finish(merged);
            long tablesOffset = out.position();
            int tableRecords = writeTables(out, collectives, calls, encoder.farLinks, sites, byPe, task.regionNames.all());
            out.flush();
            long end = out.position();
            // Sealed once written in full: forward links are patched into records until the last task is done.
            int[] crcs = new int[npes];
            for (int pe = 0; pe < npes; pe++) crcs[pe] = out.crc(offsets[pe], pe + 1 < npes ? offsets[pe + 1] : tablesOffset);
            int tablesCrc = out.crc(tablesOffset, end);
            long[] shifts = alignment.shiftsNs();
            ByteBuffer index = ByteBuffer.allocate((npes + 1) * INDEX_ENTRY).order(ByteOrder.LITTLE_ENDIAN);
            for (int pe = 0; pe < npes; pe++) {
                int at = pe * INDEX_ENTRY;
                index.putLong(at + I_OFFSET, offsets[pe]).putLong(at + I_RECORDS, records[pe])
                        .putDouble(at + I_SHIFT_S, shifts[pe] * 1e-9).put(at + I_STATE, states[pe])
                        .put(at + I_DAMAGED, (byte) (damaged[pe] ? 1 : 0))
                        .putShort(at + I_THREADS, (short) threads[pe]).put(at + I_FLAGS, taskFlags[pe])
                        .putInt(at + I_CRC, crcs[pe]);
            }
            index.putLong(npes * INDEX_ENTRY + I_OFFSET, tablesOffset).putLong(npes * INDEX_ENTRY + I_RECORDS, tableRecords);
            int indexCrc = crc(index, index.capacity());
            out.writeAt(index, HEADER_SIZE);
            Result r = new Result(events, npes, missing, collectives.mismatches(), task.unpairedLocks(),
                    alignment.method());
            ByteBuffer header = header(scan, alignment, tablesOffset, r, sites != null);
            header.putInt(H_INDEX_CRC, indexCrc).putInt(H_TABLES_CRC, tablesCrc);
            header.putInt(H_HEADER_CRC, crc(header, H_HEADER_CRC));
            out.writeAt(header, 0);
            return r;
        }
    }

    /** The trace of an input, or null (reported) if it cannot be opened again. */
    private TraceFile open(TraceRun.Input input) {
        try {
            return input.file();
        } catch (TraceFormatException e) {
            say(e.getMessage());
        } catch (IOException e) {
            say(input.path() + ": cannot read: " + e.getMessage());
        }
        return null;
    }

    private static void table(MergedOutput out, ByteBuffer record) throws IOException {
        out.append(record.array(), record.position());
    }

    private static int writeTables(MergedOutput out, Collectives collectives, Calls calls, List<long[]> farLinks,
                                   Sites sites, TraceRun.Input[] byPe, List<String> regionNames) throws IOException {
        for (Collectives.PeSet s : collectives.sets()) {
            table(out, ByteBuffer.allocate(17).order(ByteOrder.LITTLE_ENDIAN).put((byte) TABLE_PE_SET).putInt(s.id)
                    .putInt(s.start).putInt(s.stride).putInt(s.size));
        }
        for (Calls.Call c : calls.all()) {
            byte[] name = c.name().getBytes(StandardCharsets.UTF_8);
            table(out, ByteBuffer.allocate(7 + name.length).order(ByteOrder.LITTLE_ENDIAN).put((byte) TABLE_CALL)
                    .putShort((short) c.index()).put((byte) c.type().id()).put((byte) c.tableFlags())
                    .putShort((short) name.length).put(name));
        }
        for (long[] l : farLinks) {
            table(out, ByteBuffer.allocate(21).order(ByteOrder.LITTLE_ENDIAN).put((byte) TABLE_LINK).putInt((int) l[0])
                    .putLong(l[1]).putLong(l[2]));
        }
        List<SiteKey> siteList = sites == null ? List.of() : sites.all();
        for (int i = 0; i < siteList.size(); i++) {
            SiteKey site = siteList.get(i);
            byte[] path = site.module().getBytes(StandardCharsets.UTF_8);
            byte[] id = sites.buildId(site.module()).getBytes(StandardCharsets.US_ASCII);
            table(out, ByteBuffer.allocate(17 + path.length + id.length).order(ByteOrder.LITTLE_ENDIAN)
                    .put((byte) TABLE_SITE).putInt(i).putLong(site.offset()).putShort((short) path.length).put(path)
                    .putShort((short) id.length).put(id));
        }
        int hosts = writeHosts(out, byPe);
        for (int i = 0; i < regionNames.size(); i++) {
            byte[] name = regionNames.get(i).getBytes(StandardCharsets.UTF_8);
            table(out, ByteBuffer.allocate(7 + name.length).order(ByteOrder.LITTLE_ENDIAN).put((byte) TABLE_NAME).putInt(i)
                    .putShort((short) name.length).put(name));
        }
        return collectives.sets().size() + calls.all().size() + farLinks.size() + siteList.size() + hosts
                + regionNames.size();
    }

    /** The hosts the PEs ran on (as their headers name them) with their PEs, in order of their first PE. */
    static Map<String, List<Integer>> hosts(TraceRun.Input[] byPe) {
        Map<String, List<Integer>> hosts = new LinkedHashMap<>();
        for (int pe = 0; pe < byPe.length; pe++) {
            if (byPe[pe] != null) hosts.computeIfAbsent(byPe[pe].header().host(), h -> new ArrayList<>()).add(pe);
        }
        return hosts;
    }

    /** One record per host the PEs ran on ({@link #hosts}); returns how many. */
    private static int writeHosts(MergedOutput out, TraceRun.Input[] byPe) throws IOException {
        Map<String, List<Integer>> hosts = hosts(byPe);
        int index = 0;
        for (var host : hosts.entrySet()) {
            byte[] name = host.getKey().getBytes(StandardCharsets.UTF_8);
            ByteBuffer b = ByteBuffer.allocate(11 + name.length + 4 * host.getValue().size()).order(ByteOrder.LITTLE_ENDIAN)
                    .put((byte) TABLE_HOST).putInt(index++).putShort((short) name.length).put(name)
                    .putInt(host.getValue().size());
            for (int pe : host.getValue()) b.putInt(pe);
            table(out, b);
        }
        return hosts.size();
    }

    private static ByteBuffer header(TraceRun scan, Alignment alignment, long tablesOffset, Result r, boolean callsites) {
        ByteBuffer h = ByteBuffer.allocate(HEADER_SIZE).order(ByteOrder.LITTLE_ENDIAN);
        int flags = FLAG_EXTENDED | FLAG_VARINT | FLAG_TABLES_AT_END | FLAG_SHMEM | (r.missing() > 0 ? FLAG_PARTIAL : 0)
                | (callsites ? FLAG_CALLSITES : 0);
        h.put(H_FLAGS, (byte) flags).put(H_VERSION, (byte) VERSION)
                .putShort(H_TASKS_U16, (short) Math.min(scan.npes(), 0xFFFF)).put(H_MAGIC, MAGIC)
                .putInt(H_TASKS, scan.npes()).putInt(H_MISSING, r.missing()).putLong(H_BASE_REAL_NS, alignment.baseRealNs())
                .put(H_ALIGNMENT, (byte) alignment.method().code())
                .putLong(H_BARRIER_SPREAD_NS, alignment.barrierSpreadNs()).putLong(H_TABLES_OFFSET, tablesOffset)
                .putLong(H_EVENTS, r.events()).putInt(H_MISMATCHES, r.mismatches())
                .putInt(H_UNPAIRED_LOCKS, r.unpairedLocks());
        h.put(H_RUN_ID, storedRunId(scan.runId()));
        return h;
    }

    /** A run id as the header keeps it: its ASCII bytes, at most RUN_ID_SIZE - 1 of them. */
    static byte[] storedRunId(String runId) {
        byte[] run = runId.getBytes(StandardCharsets.US_ASCII);
        return Arrays.copyOf(run, Math.min(run.length, RUN_ID_SIZE - 1));
    }

    private static Path sibling(Path file, String suffix) {
        return file.resolveSibling(file.getFileName() + suffix);
    }
}
