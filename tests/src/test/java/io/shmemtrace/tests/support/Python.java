package io.shmemtrace.tests.support;

import java.nio.file.Files;
import java.nio.file.Path;

/** Debian's Python, whose modules (pandas, otf2) run-tests.sh installs: not whichever python3 is first on the PATH. */
public final class Python {
    public static final String PATH = Files.isExecutable(Path.of("/usr/bin/python3")) ? "/usr/bin/python3" : "python3";

    private Python() {}

    /** Whether the module imports; if not, the test says it is skipped in one line. */
    public static boolean has(String module, String test, String debianPackage) {
        if (Command.of(PATH, "-c", "import " + module).run().exitCode() == 0) return true;
        System.out.println(test + ": skipped: " + debianPackage + " is not installed (run-tests.sh installs it)");
        return false;
    }
}
