package io.shmemtrace.tests.support;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Sandia OpenSHMEM 1.5.3, built by scripts/build-sos.sh from the vendored sources into target/sos (once: the
 * script keeps a build of the same sources), and programs compiled and run with it. Tests that need it are
 * skipped, with one printed line saying why, where the sources are absent.
 */
public final class Sos {
    public static final Path PREFIX = Workspace.ROOT.resolve("target/sos");
    /** The exit status of build-sos.sh when the vendored sources are absent. */
    private static final int NO_SOURCES = 3;
    private static String skipped;
    private static boolean built;

    private Sos() {}

    /** Builds SOS if needed; skips the calling test (one line on stdout) without its sources. */
    public static synchronized void require() {
        if (!built && skipped == null) {
            Command.Result r = Command.of(Workspace.ROOT.resolve("scripts/build-sos.sh").toString(), PREFIX.toString())
                    .timeout(1800).run();
            if (r.exitCode() == NO_SOURCES) {
                skipped = r.stdout().strip();
                System.out.println("SOS tests skipped: " + skipped);
            } else if (r.exitCode() != 0) {
                throw new AssertionError("scripts/build-sos.sh failed: " + r.describe());
            } else {
                built = true;
            }
        }
        assumeTrue(built, skipped);
    }

    /** tests/src/test/c/NAME.c compiled with SOS's oshcc. */
    public static synchronized Path compile(String name) {
        Path source = Workspace.C_SOURCES.resolve(name + ".c");
        Path binary = Workspace.WORK.resolve("sos-bin").resolve(name);
        if (!Files.exists(binary) || binary.toFile().lastModified() < source.toFile().lastModified()) {
            binary.getParent().toFile().mkdirs();
            Command.of(PREFIX.resolve("bin/oshcc").toString(), "-O2", "-g", "-Wall", "-o", binary.toString(),
                    source.toString()).env("PATH", PREFIX.resolve("bin") + ":" + System.getenv("PATH")).runOk();
        }
        return binary;
    }

    /** One of SOS's unit test programs (target/sos/unit). */
    public static Path unitTest(String name) {
        return PREFIX.resolve("unit").resolve(name);
    }

    /** The unit test programs, by name. */
    public static List<String> unitTests() {
        try (var files = Files.list(PREFIX.resolve("unit"))) {
            return files.map(p -> p.getFileName().toString()).filter(n -> !n.endsWith(".c")).sorted().toList();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** SOS's oshrun -np NP shmemtrace PROGRAM ARGS, tracing into traceDir (quietly: no end line). */
    public static Command traced(int np, Path traceDir, Path program, String... args) {
        return Programs.launch(oshrun(np), traceDir, program, args).env("SHMEMTRACE_QUIET", "1");
    }

    /** SOS's oshrun -np NP PROGRAM ARGS, without the tracer. */
    public static Command plain(int np, Path program, String... args) {
        return Programs.launch(oshrun(np), null, program, args);
    }

    private static List<String> oshrun(int np) {
        // SOS's oshrun starts Open MPI's mpirun (its PMIx server): the same Open MPI settings apply.
        return List.of("env", "OMPI_MCA_btl=^uct", PREFIX.resolve("bin/oshrun").toString(), "--allow-run-as-root",
                "--oversubscribe", "-np", Integer.toString(np));
    }
}
