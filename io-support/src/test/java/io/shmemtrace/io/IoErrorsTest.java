package io.shmemtrace.io;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IoErrorsTest {
    @Test
    void fileSystemErrorsNameTheirFileAndWhatWentWrong() {
        assertEquals("/x/y: no such file or directory", IoErrors.describe(new NoSuchFileException("/x/y")));
        assertEquals("/x/y: permission denied", IoErrors.describe(new AccessDeniedException("/x/y")));
        assertEquals("/a -> /b: Not a directory", IoErrors.describe(new FileSystemException("/a", "/b", "Not a directory")));
        assertEquals("No space left on device", IoErrors.describe(new IOException("No space left on device")));
        assertEquals("IOException", IoErrors.describe(new IOException()));
        assertEquals("/x: no such file or directory",
                IoErrors.describe(new UncheckedIOException(new NoSuchFileException("/x"))));
    }

    @Test
    void aRealFailureReadsAsOneLine(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("f"), "x");
        try {
            Files.createDirectory(file.resolve("d"));
        } catch (IOException e) {
            assertEquals(file.resolve("d") + ": " + (e instanceof FileSystemException f && f.getReason() != null
                    ? f.getReason() : "no such file or directory"), IoErrors.describe(e));
            return;
        }
        throw new AssertionError("a directory made inside a file");
    }
}
