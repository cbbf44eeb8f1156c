package io.shmemtrace.replay.engine;

import io.shmemtrace.merged.read.RunRecord;

/**
 * A change to the program's calls for a what-if: runs of calls merged into one (small transfers aggregated, many
 * reductions of a word made one of many words), blocking transfers made posted. The replay skips each merged call
 * and replays the run's last call carrying the run ({@link RunRecord#carry}): the computation between the run's
 * calls (the loop around them) goes with them, the computation before the run stays. A transfer made posted
 * ({@link RunRecord#madePosted}) costs its post in the call and completes at the next call that completes transfers.
 */
public interface ChangedCalls {
    /** What becomes of a record: replayed as it is, skipped (its burst kept, or not), or replayed changed. */
    enum Fate { KEEP, SKIP_KEEPING_BURST, SKIP, CARRY, POSTED }

    /**
     * The fate of task's next record r, in program order; for CARRY and POSTED, r changed in place (for CARRY its
     * burst is then dropped: the run's first call's burst is the one kept).
     */
    Fate fate(int task, RunRecord r);
}
