package io.shmemtrace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.io.Messages;
import io.shmemtrace.merged.format.AlignmentMethod;
import io.shmemtrace.merged.format.RecordType;
import io.shmemtrace.merged.merge.Alignment;
import io.shmemtrace.merged.merge.Merge;
import io.shmemtrace.merged.merge.RunReading;
import io.shmemtrace.merged.read.CallEntry;
import io.shmemtrace.merged.read.FilePes;
import io.shmemtrace.merged.read.Host;
import io.shmemtrace.merged.read.PeSet;
import io.shmemtrace.merged.read.MergedFile;
import io.shmemtrace.merged.read.RunRecord;
import io.shmemtrace.merged.read.PeConverter;
import io.shmemtrace.tests.support.Command;
import io.shmemtrace.tests.support.Programs;
import io.shmemtrace.tests.support.SyntheticRuns;
import io.shmemtrace.tests.support.Workspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A run directory merged straight into a converter (no file: Merge.stream, what shmem2otf2 reads a run directory
 * through) hands it what the run's merged file gives (FilePes): the same tasks, records field by field, the
 * calls each record completes, and the same tables. On real runs (calls: RMA, contexts, locks, collectives, and
 * the barrier step's shifts; threads; steer: the program's regions) and a synthetic one.
 */
class StreamedMergeTest {
    @Test
    void aRealRunStreamedIsItsMergedFile() throws Exception {
        Path calls = Workspace.freshDir("streamed-calls");
        Programs.traced(4, calls, Programs.compile("calls")).runOk();
        assertStreamedIsMerged(calls, Alignment.Mode.AUTO);
        // the barrier step (PEs on several hosts): every PE's first barrier found before the first record
        assertStreamedIsMerged(calls, Alignment.Mode.BARRIER);
    }

    @Test
    void threadsAndProgramRegionsStreamedAreTheirMergedFiles() throws Exception {
        Path threads = Workspace.freshDir("streamed-threads");
        Programs.traced(2, threads, Programs.compile("threads"), "3", "200").runOk();
        assertStreamedIsMerged(threads, Alignment.Mode.AUTO);
        Path steer = Workspace.freshDir("streamed-steer");
        Programs.traced(2, steer, Programs.compile("steer", "steer", "-I" + Workspace.DIST.resolve("include")), "20").runOk();
        assertStreamedIsMerged(steer, Alignment.Mode.AUTO);
    }

    @Test
    void aSyntheticRunStreamedIsItsMergedFile() throws Exception {
        assertStreamedIsMerged(SyntheticRuns.make("streamed-synth", 16, 3000), Alignment.Mode.AUTO);
    }

    private static void assertStreamedIsMerged(Path run, Alignment.Mode align) throws Exception {
        Path merged = Workspace.WORK.resolve(run.getFileName() + ".psins");
        Command.of(Workspace.DIST.resolve("bin/shmem2psins").toString(), "-q", "--force", "--align",
                align.name().toLowerCase(java.util.Locale.ROOT), "-o", merged.toString(), run.toString()).runOk();
        Recording fromFile = new Recording();
        try (MergedFile f = MergedFile.open(merged)) {
            FilePes.convert(f, fromFile);
        }
        Recording streamed = new Recording();
        Merge.Result r = Merge.stream(List.of(run), align, streamed, Messages.SILENT, RunReading.DEFAULT);
        assertEquals(align == Alignment.Mode.BARRIER ? AlignmentMethod.BARRIER : AlignmentMethod.MONOTONIC, r.alignment());
        assertTrue(fromFile.records.size() > 100, run + ": " + fromFile.records.size() + " records");
        assertEquals(fromFile.lines, streamed.lines, run.toString()); // start, tasks, tables
        assertEquals(fromFile.records.size(), streamed.records.size(), run.toString());
        for (int i = 0; i < fromFile.records.size(); i++) {
            assertEquals(fromFile.records.get(i), streamed.records.get(i), run + ": record " + i);
        }
        assertTrue(fromFile.records.stream().anyMatch(s -> s.contains("completes [")), run + ": some call completes others");
    }

    /** What a converter is handed, as text: every field a record has (forward links aside: see PeConverter). */
    private static final class Recording implements PeConverter {
        final List<String> lines = new ArrayList<>();
        final List<String> records = new ArrayList<>();

        @Override
        public void start(int tasks, long baseRealNs, String runId, List<Host> hosts) {
            lines.add("start " + tasks + " " + baseRealNs + " " + runId);
            for (Host h : hosts) lines.add("host " + h.name() + " " + Arrays.toString(h.pes()));
        }

        @Override
        public void beginTask(int task) {
            lines.add("task " + task);
        }

        @Override
        public void record(RunRecord r, long[] completes, int n) {
            boolean forwardLock = r.type() == RecordType.SET_LOCK || r.type() == RecordType.TEST_LOCK;
            records.add(r.task() + "/" + r.event() + " " + r.type() + " " + r.call() + " thread " + r.thread()
                    + " burst " + r.burstBefore() + " start " + r.start() + " duration " + r.duration()
                    + " site " + r.site() + " in " + r.enclosingRegion() + " repeats " + r.repeats()
                    + " address " + r.address() + " signal " + r.signal() + " region " + r.region()
                    + switch (r.type().payload()) {
                        case RMA -> " target " + r.target() + " bytes " + r.bytes() + " nbi " + r.nonblocking()
                                + " deferred " + r.deferred() + " ctx " + r.onContext()
                                + (r.call().deferred() ? "" : " completion " + r.completion());
                        case QUIET -> " completed " + r.completed();
                        case COLLECTIVE -> " set " + r.set() + " root " + r.root() + " bytes " + r.bytes() + " instance " + r.instance();
                        case LOCK -> " lock " + r.lock() + " result " + r.result() + (forwardLock ? "" : " partner " + r.partner());
                        case MEMORY -> " bytes " + r.bytes();
                        case SYNC -> " cmp " + r.cmp() + " value " + r.value() + " bytes " + r.bytes();
                        default -> "";
                    }
                    + (n > 0 ? " completes " + Arrays.toString(Arrays.copyOf(completes, n)) : "")
                    );
        }

        @Override
        public void endTask(int task) {
            lines.add("end " + task);
        }

        @Override
        public void finish(List<CallEntry> calls, List<String> regionNames, List<PeSet> peSets) {
            lines.add("calls " + calls);
            lines.add("regions " + regionNames);
            lines.add("sets " + peSets);
        }
    }
}
