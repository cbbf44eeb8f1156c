package io.shmemtrace.otf2;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * The OTF2 writer program (shmem2otf2-writer) for one archive, started at the stream's first byte: a run that
 * cannot be read starts none. Its messages go to err as they come.
 */
final class WriterProcess {
    private final Path program;
    private final Path dir;
    private final PrintStream err;
    private Process process;
    private Thread errors;

    WriterProcess(Path program, Path dir, PrintStream err) {
        this.program = program;
        this.dir = dir;
        this.err = err;
    }

    /** The writer's input: the process is started on the first write. */
    OutputStream input() {
        return new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                started().write(b);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                started().write(b, off, len);
            }

            @Override
            public void flush() throws IOException {
                if (process != null) process.getOutputStream().flush();
            }
        };
    }

    private OutputStream started() throws IOException {
        if (process == null) {
            process = new ProcessBuilder(program.toString(), dir.toString(), "traces")
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.PIPE).start();
            Process p = process;
            errors = new Thread(() -> {
                try {
                    p.getErrorStream().transferTo(err);
                } catch (IOException ignored) {
                    // the writer's own messages only
                }
            });
            errors.start();
        }
        return process.getOutputStream();
    }

    /** Whether the writer has ended by itself (it stopped reading: its message says why). */
    boolean stoppedReading() {
        try {
            return process != null && process.waitFor(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * Ends the stream: complete, the writer finishes the archive; else it is stopped first, so that it writes no
     * half archive and says nothing of the cut. Returns whether the archive was written.
     */
    boolean finish(boolean complete) {
        if (process == null) return false;
        try {
            if (!complete) process.destroy();
            try {
                process.getOutputStream().close();
            } catch (IOException e) {
                // the writer stopped reading: its exit status says the rest
            }
            int status = process.waitFor();
            errors.join();
            return complete && status == 0;
        } catch (InterruptedException e) {
            process.destroy();
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
