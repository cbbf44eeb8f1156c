package io.shmemtrace.tests.support;

import java.util.ArrayList;
import java.util.List;

/** Runs Java programs of this module's test classes under real oshrun, with the binding from dist/. */
public final class JavaPrograms {
    private JavaPrograms() {}

    /** oshrun -np NP java [jvmArgs] -cp (this JVM's class path) MAIN. */
    public static Command run(int np, Class<?> main, List<String> jvmArgs) {
        List<String> argv = new ArrayList<>(List.of("env", "OMPI_MCA_btl=^uct", "oshrun", "--allow-run-as-root",
                "--oversubscribe", "-np", Integer.toString(np), javaCommand()));
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
