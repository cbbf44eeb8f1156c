package io.shmemtrace.tests.support;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Compiles the C test programs with oshcc and runs them under real oshrun, traced or not. */
public final class Programs {
    private Programs() {}

    /** tests/src/test/c/NAME.c compiled with oshcc (with debug lines, for call sites) into the scratch area. */
    public static Path compile(String name) {
        return compile(name, name);
    }

    /** The same into the scratch area's bin/BINARY, with more compiler and linker flags after the source. */
    public static synchronized Path compile(String name, String binaryName, String... flags) {
        Path source = Workspace.C_SOURCES.resolve(name + ".c");
        Path binary = Workspace.WORK.resolve("bin").resolve(binaryName);
        if (!binary.toFile().exists() || binary.toFile().lastModified() < source.toFile().lastModified()) {
            binary.getParent().toFile().mkdirs();
            List<String> cc = new ArrayList<>(List.of("oshcc", "-O2", "-g", "-Wall", "-pthread", "-o", binary.toString(),
                    source.toString()));
            cc.addAll(List.of(flags));
            new Command(cc).runOk();
        }
        return binary;
    }

    /** A bundled example (examples/c/NAME.c) compiled with oshcc (-lm, and flags) into the scratch area. */
    public static Path example(String source, String... flags) {
        Path binary = Workspace.WORK.resolve("bin").resolve(Path.of(source).getFileName().toString().replace(".c", ""));
        binary.getParent().toFile().mkdirs();
        List<String> cc = new ArrayList<>(List.of("oshcc", "-O2", "-g", "-o", binary.toString(),
                Workspace.ROOT.resolve(source).toString(), "-lm"));
        cc.addAll(List.of(flags));
        new Command(cc).runOk();
        return binary;
    }

    /** oshrun -np NP shmemtrace PROGRAM ARGS, tracing into traceDir. */
    public static Command traced(int np, Path traceDir, Path program, String... args) {
        return launch(oshrun(np), traceDir, program, args);
    }

    /** oshrun -np NP PROGRAM ARGS, without the tracer. */
    public static Command plain(int np, Path program, String... args) {
        return launch(oshrun(np), null, program, args);
    }

    /** PROGRAM ARGS started by a launcher (an oshrun and its options), under shmemtrace into traceDir unless null. */
    public static Command launch(List<String> launcher, Path traceDir, Path program, String... args) {
        List<String> argv = new ArrayList<>(launcher);
        if (traceDir != null) argv.add(Workspace.LAUNCHER.toString());
        argv.add(program.toString());
        argv.addAll(List.of(args));
        Command c = new Command(argv);
        return traceDir == null ? c : c.env("SHMEMTRACE_DIR", traceDir.toString());
    }

    private static List<String> oshrun(int np) {
        // OMPI_MCA_btl=^uct: Open MPI 4.1's uct BTL crashes in shmem_finalize on these machines.
        return new ArrayList<>(List.of("env", "OMPI_MCA_btl=^uct", "oshrun", "--allow-run-as-root",
                "--oversubscribe", "-np", Integer.toString(np)));
    }
}
