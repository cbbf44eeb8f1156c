package io.shmemtrace.tests.support;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Runs of any size written by `shmemtrace synth` (the Java writer): no oshrun, for the tools' tests. */
public final class SyntheticRuns {
    private SyntheticRuns() {}

    /** A synthetic run of pes PEs and events events each into dir (made empty first); more: synth's options. */
    public static Path make(Path dir, int pes, int events, String... more) {
        Workspace.delete(dir);
        List<String> argv = new ArrayList<>(List.of(Workspace.LAUNCHER.toString(), "synth", "--pes",
                Integer.toString(pes), "--events", Integer.toString(events)));
        argv.addAll(List.of(more));
        argv.add(dir.toString());
        new Command(argv).timeout(300).runOk();
        return dir;
    }

    /** The same into a fresh directory of the scratch area named name. */
    public static Path make(String name, int pes, int events, String... more) {
        return make(Workspace.freshDir(name), pes, events, more);
    }
}
