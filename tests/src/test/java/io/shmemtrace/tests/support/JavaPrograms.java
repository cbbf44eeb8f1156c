package io.shmemtrace.tests.support;

import java.util.ArrayList;
import java.util.List;

/** Runs Java programs of this module's test classes under real oshrun, with the binding from dist/. */
public final class JavaPrograms {
    private JavaPrograms() {}

    /** oshrun -np NP java [jvmArgs] -cp (this JVM's class path) MAIN. */
    public static Command run(int np, Class<?> main, List<String> jvmArgs) {
        return run(np, List.of(), main, jvmArgs);
    }

    /** As {@link #run(int, Class, List)}, with the native tracer preloaded into each PE's JVM (both layers). */
    public static Command runWithShim(int np, Class<?> main, List<String> jvmArgs) {
        return run(np, List.of(Workspace.LAUNCHER.toString()), main, jvmArgs);
    }

    /** The agent of dist/: -javaagent:dist/lib/shmemtrace.jar. */
    public static String agent() {
        return "-javaagent:" + Workspace.DIST.resolve("lib/shmemtrace.jar");
    }

    /** java [jvmArgs] -cp (this JVM's class path) MAIN, without oshrun. */
    public static Command runAlone(Class<?> main, List<String> jvmArgs) {
        List<String> argv = new ArrayList<>(List.of(javaCommand()));
        argv.addAll(jvmArgs);
        argv.addAll(List.of("-cp", System.getProperty("java.class.path"), main.getName()));
        return new Command(argv);
    }

    private static Command run(int np, List<String> launcher, Class<?> main, List<String> jvmArgs) {
        // UCX_ERROR_SIGNALS=: UCX's fatal-signal handler would take the SIGSEGVs a JVM raises on purpose.
        List<String> argv = new ArrayList<>(List.of("env", "OMPI_MCA_btl=^uct", "UCX_ERROR_SIGNALS=", "oshrun",
                "--allow-run-as-root", "--oversubscribe", "-np", Integer.toString(np)));
        argv.addAll(launcher);
        argv.add(javaCommand());
        argv.addAll(jvmArgs);
        argv.add("-Dopenshmem.jni.library=" + Workspace.DIST.resolve("lib/libopenshmem_jni.so"));
        argv.addAll(List.of("-cp", System.getProperty("java.class.path"), main.getName()));
        return new Command(argv);
    }

    public static Command run(int np, Class<?> main) {
        return run(np, main, List.of());
    }

    private static String javaCommand() {
        return java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
