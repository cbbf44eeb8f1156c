package io.shmemtrace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.tests.support.Command;
import io.shmemtrace.tests.support.Programs;
import io.shmemtrace.tests.support.SlurmCluster;
import io.shmemtrace.tests.support.Traces;
import io.shmemtrace.tests.support.Workspace;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A traced job launched as clusters launch it: srun on a real (one-node) Slurm cluster started by the test. The
 * run is named by Slurm's job and step (one directory for the whole job step, whichever node a PE is on).
 */
class SlurmTest {
    @Test
    void srunJobIsOneRunNamedByItsJobStep() {
        if (!SlurmCluster.available()) {
            System.out.println("SlurmTest: skipped: slurm-wlm and munge are not installed (scripts/setup.sh installs them)");
            return;
        }
        Path program = Programs.compile("calls");
        Path dir = Workspace.freshDir("slurm-run");
        try (SlurmCluster cluster = SlurmCluster.start()) {
            Command.Result r = cluster.env(Command.of("srun", "--mpi=pmix", "-n", "2", Workspace.LAUNCHER.toString(),
                    program.toString())).in(dir).env("OMPI_MCA_btl", "^uct").timeout(120).runOk();
            String[] made = dir.toFile().list();
            assertEquals(1, made.length, List.of(made) + "\n" + r.describe() + "\n" + cluster.logs());
            assertTrue(made[0].matches("shmemtrace-slurm-\\d+\\.\\d+"), made[0]);
            Path run = dir.resolve(made[0]);
            assertEquals(List.of("pe00000.cmdline", "pe00000.shmt", "pe00001.shmt"),
                    List.of(run.toFile().list()).stream().sorted().toList());
            for (int pe = 0; pe < 2; pe++) {
                Traces.Counted t = Traces.count(Traces.peFile(run, pe));
                assertEquals(made[0].substring("shmemtrace-".length()), t.file().header().runId());
                assertEquals(2, t.file().header().npes());
                assertEquals(10 + pe, t.calls().get("shmem_long_p") - 1, "calls.c: 10+me puts, then the flag's");
                assertEquals(5, t.of("shmem_barrier_all"));
            }
            assertEquals(1, r.stderr().lines().filter(l -> l.startsWith("shmemtrace: 2 PEs traced into "
                    + run.toFile().getAbsolutePath() + " (PE 0: ")).count(), r.stderr());
        }
    }
}
