package io.shmemtrace.replay.report;

import io.shmemtrace.merged.format.MergedLayout;
import io.shmemtrace.merged.read.MergedFile;
import io.shmemtrace.merged.read.MergedFormatException;
import io.shmemtrace.merged.read.PeEntry;
import io.shmemtrace.replay.engine.Replay;
import io.shmemtrace.replay.engine.ReplayException;
import io.shmemtrace.replay.machine.Machine;
import io.shmemtrace.replay.machine.MachineException;
import io.shmemtrace.replay.machine.MachineFile;
import io.shmemtrace.replay.model.CommModel;
import io.shmemtrace.replay.model.Target;
import java.io.IOException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

/**
 * A replay of a merged run on a machine, set up one way for every tool that replays (shmemsim, the findings and
 * their what-ifs): the placement of tasks on nodes, the model configured for it, the machine's progress rule.
 */
public final class Simulation {
    private Simulation() {}

    /** A replay of f under model on machine (null: no machine file; the traced hosts as its nodes, no limits). */
    public static Replay replay(MergedFile f, CommModel model, Machine machine)
            throws IOException, MergedFormatException, MachineException {
        int tasks = f.header().tasks();
        Machine m = machine != null ? machine : Machine.unlimited(tasks, tracedHosts(f));
        Target target = new Target(m, m.placement(tasks));
        model.configure(target);
        MachineFile.Progress transfers = MachineFile.progress(m);
        Replay replay = new Replay(f, model, target);
        if (model.usesMachineProgress() && transfers.any()) replay.completionsNeedTarget(transfers.heap(), transfers.staticData());
        if (model.usesMachineProgress() && MachineFile.messagesNeedSender(m)) replay.messagesNeedSender();
        return replay;
    }

    /** Each task's traced host, numbered in the run's host table; null when the table does not place every task. */
    static int[] tracedHosts(MergedFile f) {
        int tasks = f.header().tasks();
        int[] node = new int[tasks];
        java.util.Arrays.fill(node, -1);
        for (int h = 0; h < f.hosts().size(); h++) {
            for (int pe : f.hosts().get(h).pes()) if (pe >= 0 && pe < tasks) node[pe] = h;
        }
        for (int n : node) if (n < 0) return null;
        return node;
    }

    /** The result of a replay run on another thread, its exceptions thrown as the replay throws them. */
    public static <T> T take(Future<T> f) throws IOException, MergedFormatException, MachineException, ReplayException {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted");
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof IOException io) throw io;
            if (c instanceof MergedFormatException pf) throw pf;
            if (c instanceof MachineException me) throw me;
            if (c instanceof ReplayException re) throw re;
            if (c instanceof RuntimeException re) throw re;
            throw new IllegalStateException(c);
        }
    }

    /** Why a merged run cannot be replayed faithfully, or null. */
    public static String unreplayable(MergedFile f) {
        if ((f.header().flags() & MergedLayout.FLAG_PARTIAL) != 0 || f.header().missing() > 0) {
            return "a partial merge (" + f.header().missing() + " PEs missing): the others would wait for them forever";
        }
        for (PeEntry t : f.tasks()) {
            if (t.damaged()) return "PE " + t.task() + "'s trace was damaged when it was merged: its run is incomplete";
        }
        if (f.header().collectiveMismatches() > 0) {
            return "the merge found " + f.header().collectiveMismatches() + " collective calls that do not match across PEs";
        }
        return null;
    }
}
