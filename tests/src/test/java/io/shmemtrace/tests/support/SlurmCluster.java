package io.shmemtrace.tests.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.List;

/**
 * A one-node Slurm cluster of this machine, for the tests: its own munge daemon (key, socket), slurmctld and
 * slurmd on free ports, state and logs in a private directory under /tmp (a Unix socket's path must be short).
 * Started by {@link #start}, stopped by {@link #close}. Needs root, slurm-wlm and munge (scripts/setup.sh).
 */
public final class SlurmCluster implements AutoCloseable {
    private final Path dir;
    private final Path conf;

    private SlurmCluster(Path dir) {
        this.dir = dir;
        this.conf = dir.resolve("slurm.conf");
    }

    /** Whether this machine can run one: the daemons are installed. */
    public static boolean available() {
        return List.of("/usr/sbin/slurmctld", "/usr/sbin/slurmd", "/usr/sbin/munged", "/usr/bin/srun").stream()
                .allMatch(p -> Files.isExecutable(Path.of(p)));
    }

    public static SlurmCluster start() {
        try {
            Path dir = Files.createTempDirectory(Path.of("/tmp"), "shmemtrace-slurm-",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            SlurmCluster c = new SlurmCluster(dir);
            c.boot();
            return c;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void boot() throws IOException {
        for (String sub : List.of("state", "spool", "log")) Files.createDirectories(dir.resolve(sub));
        byte[] key = new byte[1024];
        new SecureRandom().nextBytes(key);
        Path keyFile = dir.resolve("munge.key");
        Files.write(keyFile, key);
        Files.setPosixFilePermissions(keyFile, PosixFilePermissions.fromString("rw-------"));
        Command.of("munged", "--force", "--socket=" + dir.resolve("munge.sock"), "--key-file=" + keyFile,
                "--log-file=" + dir.resolve("log/munged.log"), "--pid-file=" + dir.resolve("munged.pid"),
                "--seed-file=" + dir.resolve("munge.seed")).runOk();
        String host = Command.of("hostname", "-s").runOk().stdout().strip();
        int cpus = Runtime.getRuntime().availableProcessors();
        Files.writeString(conf, String.join("\n",
                "ClusterName=st" + Long.toHexString(System.nanoTime() & 0xFFFFFFL), // one of its own, were two to run
                "SlurmctldHost=" + host,
                "SlurmctldPort=" + freePort(),
                "SlurmdPort=" + freePort(),
                "SlurmUser=root",
                "AuthType=auth/munge",
                "AuthInfo=socket=" + dir.resolve("munge.sock"),
                "StateSaveLocation=" + dir.resolve("state"),
                "SlurmdSpoolDir=" + dir.resolve("spool"),
                "SlurmctldPidFile=" + dir.resolve("slurmctld.pid"),
                "SlurmdPidFile=" + dir.resolve("slurmd.pid"),
                "SlurmctldLogFile=" + dir.resolve("log/slurmctld.log"),
                "SlurmdLogFile=" + dir.resolve("log/slurmd.log"),
                "ProctrackType=proctrack/linuxproc", // no cgroups in a container
                "TaskPlugin=task/none",
                "JobAcctGatherType=jobacct_gather/none",
                "SelectType=select/cons_tres",
                "SelectTypeParameters=CR_Core",
                "MpiDefault=none",
                "ReturnToService=2",
                "NodeName=" + host + " CPUs=" + cpus + " State=UNKNOWN",
                "PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP OverSubscribe=FORCE:4", ""));
        env(Command.of("slurmctld")).runOk();
        env(Command.of("slurmd")).runOk();
        // Ready once the node is idle: asked until then (the daemons start in about a second; 60 s is a dead cluster).
        for (int i = 0; i < 600; i++) {
            Command.Result r = env(Command.of("sinfo", "-h", "-o", "%t")).run();
            if (r.exitCode() == 0 && r.stdout().strip().equals("idle")) return;
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        throw new AssertionError("the test's Slurm cluster did not come up; its logs are in " + dir.resolve("log"));
    }

    /** The cluster's daemons' logs, for a failure's message. */
    public String logs() {
        StringBuilder b = new StringBuilder();
        for (String log : List.of("slurmctld.log", "slurmd.log")) {
            try {
                List<String> lines = Files.readAllLines(dir.resolve("log").resolve(log));
                b.append("--- ").append(log).append('\n');
                lines.subList(Math.max(0, lines.size() - 15), lines.size()).forEach(l -> b.append(l).append('\n'));
            } catch (IOException e) {
                b.append("--- ").append(log).append(": ").append(e.getMessage()).append('\n');
            }
        }
        return b.toString();
    }

    /** A command (srun, sinfo, ...) addressed to this cluster. */
    public Command env(Command c) {
        return c.env("SLURM_CONF", conf.toString());
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    @Override
    public void close() {
        List<Long> pids = new java.util.ArrayList<>();
        for (String pid : List.of("slurmd.pid", "slurmctld.pid", "munged.pid")) {
            try {
                Path p = dir.resolve(pid);
                if (Files.exists(p)) pids.add(Long.parseLong(Files.readString(p).strip()));
            } catch (IOException | NumberFormatException ignored) {
                // not running
            }
        }
        for (long pid : pids) ProcessHandle.of(pid).ifPresent(ProcessHandle::destroy);
        // the daemons remove their own files (sockets, pid files) as they go: delete once they are gone
        for (long pid : pids) {
            ProcessHandle.of(pid).ifPresent(p -> {
                try {
                    p.onExit().get(30, java.util.concurrent.TimeUnit.SECONDS);
                } catch (Exception stillThere) {
                    p.destroyForcibly();
                }
            });
        }
        Workspace.delete(dir);
    }
}
