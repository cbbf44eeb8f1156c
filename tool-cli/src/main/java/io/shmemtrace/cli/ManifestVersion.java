package io.shmemtrace.cli;

import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code --version} of every tool: its name and the version in its jar's manifest (Implementation-Version,
 * written by the build), so no version is written in the code.
 */
public final class ManifestVersion implements CommandLine.IVersionProvider {
    @CommandLine.Spec
    CommandSpec spec;

    @Override
    public String[] getVersion() {
        return new String[] {spec.name() + " " + of(spec.userObject().getClass())};
    }

    /** The Implementation-Version of the jar the class came from, or "(development build)" outside a jar. */
    public static String of(Class<?> type) {
        String v = type.getPackage().getImplementationVersion();
        return v != null ? v : "(development build)";
    }
}
