package io.shmemtrace.bench;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Where the rest of the installation is: shmembench.jar sits in dist/lib, the launchers in dist/bin. */
final class Installation {
    private Installation() {}

    /** bin/shmemtrace next to this jar's lib/, or null when not run from an installation. */
    static Path tracer() {
        try {
            Path jar = Path.of(Installation.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            Path bin = jar.getParent().resolveSibling("bin").resolve("shmemtrace");
            return Files.exists(bin) ? bin : null;
        } catch (URISyntaxException | SecurityException e) {
            return null;
        }
    }
}
