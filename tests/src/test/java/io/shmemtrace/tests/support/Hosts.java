package io.shmemtrace.tests.support;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Hosts on this machine for the multi-host tests (scripts/hosts.sh: network namespaces with their own host names,
 * monotonic clocks and links to one bridge), as a JUnit extension: a test calls {@link #up}, and the hosts are torn
 * down after it whatever happened (and at the JVM's exit, were it killed by a timeout). Where namespaces cannot be
 * made (not root, no ip or nsenter), up skips the test with one printed line.
 */
public final class Hosts implements AfterEachCallback {
    private static final Path SCRIPT = Workspace.ROOT.resolve("scripts/hosts.sh");
    private static volatile boolean hookAdded;
    private int count;

    /** Makes n hosts (options as scripts/hosts.sh up takes them: --rate R, --monotonic "S0 S1 ..."). */
    public void up(int n, String... options) {
        addShutdownHook();
        List<String> argv = new ArrayList<>(List.of(SCRIPT.toString(), "up", Integer.toString(n)));
        argv.addAll(List.of(options));
        Command.Result r = new Command(argv).timeout(60).run();
        if (r.exitCode() != 0) {
            down();
            String why = r.stderr().lines().filter(l -> !l.isBlank()).findFirst().orElse("exit " + r.exitCode());
            System.out.println("Hosts: cannot make hosts on this machine (" + why + "): skipped");
            Assumptions.abort("no hosts: " + why);
        }
        count = n;
    }

    /** The name of host i. */
    public static String name(int i) {
        return "st-h" + i;
    }

    /** oshrun -np NP across the hosts (PE i on host i mod count) under shmemtrace into traceDir: PROGRAM ARGS. */
    public Command traced(int np, Path traceDir, Path program, String... args) {
        // OMPI_MCA_btl=^uct as on one host (Programs): the orteds the agent starts inherit it
        return Programs.launch(List.of("env", "OMPI_MCA_btl=^uct", SCRIPT.toString(), "oshrun", "-np",
                Integer.toString(np)), traceDir, program, args).timeout(120);
    }

    /**
     * A Slurm cluster of the hosts (scripts/hosts.sh slurm: a slurmd on each); skips the test with one printed line
     * where it cannot be made (slurm-wlm or munge not installed).
     */
    public void slurm() {
        Command.Result r = new Command(List.of(SCRIPT.toString(), "slurm")).timeout(90).run();
        if (r.exitCode() != 0) {
            String why = r.stderr().lines().filter(l -> !l.isBlank()).findFirst().orElse("exit " + r.exitCode());
            System.out.println("Hosts: no Slurm cluster on the hosts (" + why + "): skipped");
            Assumptions.abort("no Slurm: " + why);
        }
    }

    /** srun -n NP on every host of that cluster (tasks in blocks) under shmemtrace, no SHMEMTRACE_DIR: PROGRAM ARGS. */
    public Command srunTraced(int np, Path program, String... args) {
        List<String> argv = new ArrayList<>(List.of("env", "OMPI_MCA_btl=^uct", SCRIPT.toString(), "srun", "-n",
                Integer.toString(np), Workspace.LAUNCHER.toString(), program.toString()));
        argv.addAll(List.of(args));
        return new Command(argv).timeout(120);
    }

    public void down() {
        new Command(List.of(SCRIPT.toString(), "down")).timeout(60).run();
        count = 0;
    }

    @Override
    public void afterEach(ExtensionContext context) {
        if (count > 0) down();
    }

    private static synchronized void addShutdownHook() {
        if (hookAdded) return;
        hookAdded = true;
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                new ProcessBuilder(SCRIPT.toString(), "down").inheritIO().start().waitFor();
            } catch (Exception e) {
                // the JVM is going: nothing more to do
            }
        }));
    }
}
