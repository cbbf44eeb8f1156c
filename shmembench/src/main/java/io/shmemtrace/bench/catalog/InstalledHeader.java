package io.shmemtrace.bench.catalog;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The functions the OpenSHMEM at hand declares: the identifiers called in the shmem.h that the oshcc on PATH
 * includes (Open MPI 4.1's: OpenSHMEM 1.4; Sandia OpenSHMEM's: 1.5 too). The spec names both libraries' functions;
 * a benchmark can call only those of the library it is built with.
 */
final class InstalledHeader {
    private static final Pattern CALLED = Pattern.compile("\\b([A-Za-z_][A-Za-z0-9_]*)\\s*\\(");

    private InstalledHeader() {}

    /** The declared names, or null when no oshcc runs here (then nothing is left out). */
    static Set<String> declared() {
        Path dir = null;
        try {
            dir = Files.createTempDirectory("shmembench-header");
            Path source = Files.writeString(dir.resolve("header.c"), "#include <shmem.h>\n");
            Process p = new ProcessBuilder("oshcc", "-E", "-P", source.toString()).directory(dir.toFile())
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) return null;
            Set<String> names = new HashSet<>();
            Matcher m = CALLED.matcher(text);
            while (m.find()) names.add(m.group(1));
            return names;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } finally {
            if (dir != null) {
                try (var files = Files.list(dir)) {
                    for (Path f : files.toList()) Files.deleteIfExists(f);
                    Files.deleteIfExists(dir);
                } catch (IOException ignored) {
                    // a temporary directory left behind costs nothing
                }
            }
        }
    }
}
