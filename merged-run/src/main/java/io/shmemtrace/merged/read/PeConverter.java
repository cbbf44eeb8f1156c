package io.shmemtrace.merged.read;

import io.shmemtrace.format.sites.SiteKey;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * A converter that takes a merged run one task after another (shmem2otf2): from a merged file
 * ({@link FilePes}), or from a run directory as it is merged, with no file in between
 * (io.shmemtrace.merged.merge.MergedRun#convertTasks). What a record completes comes with the completing record
 * (the file keeps it the other way round, as the deferred call's forward link, which a merge in progress does not
 * know yet): read completions from {@link #record}'s list, never from {@link RunRecord#completion()} of a deferred
 * call, nor a set_lock's {@link RunRecord#partner()}.
 */
public interface PeConverter {
    /** The run, before its tasks: PE count, CLOCK_REALTIME of merged time 0, run id, hosts with their PEs. */
    void start(int tasks, long baseRealNs, String runId, List<Host> hosts) throws IOException;

    /** Task task's records follow (every task of a merged file; every PE with a trace in a merge). */
    void beginTask(int task) throws IOException;

    /**
     * The task's next record (reused: copy what you keep); completes[0, n): the task's deferred calls (their event
     * numbers, ascending) that this record completes. Its call's entry is in the call table from its first record on.
     */
    void record(RunRecord r, long[] completes, int n) throws IOException;

    void endTask(int task) throws IOException;

    /**
     * After the last task, before {@link #finish}, for a run traced with call sites: the site table that
     * {@link RunRecord#site()} indexes, and the build id each of their objects had in the run (for
     * io.shmemtrace.format.sites.Symbolizer#names).
     */
    default void callSites(List<SiteKey> sites, Map<String, String> buildIds) throws IOException { }

    /** After the last task: the tables, whole (calls, region names and PE sets numbered as the records name them). */
    void finish(List<CallEntry> calls, List<String> regionNames, List<PeSet> peSets) throws IOException;
}
