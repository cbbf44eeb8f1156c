package io.shmemtrace.bench;

import io.shmemtrace.io.OutputFiles;
import java.nio.file.Files;
import java.nio.file.Path;

/** Where the rest of the installation is: shmembench.jar sits in dist/lib, the launchers in dist/bin. */
final class Installation {
    private Installation() {}

    /** bin/shmemtrace next to this jar's lib/, or null when not run from an installation. */
    static Path tracer() {
        Path bin = OutputFiles.besideJar(Installation.class, "../bin/shmemtrace");
        return Files.exists(bin) ? bin : null;
    }
}
