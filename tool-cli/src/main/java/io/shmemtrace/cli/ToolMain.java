package io.shmemtrace.cli;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.function.BiFunction;
import picocli.CommandLine;

/**
 * How every shmemtrace tool starts, prints and exits. A tool is a picocli command made from the two streams
 * it prints to, so tests run it in-process ({@link #run}) exactly as {@code main} does. Exit status: what
 * the command returns; 2 for a usage error, reported in one line (the first thing picocli found wrong) and a
 * pointer to --help, not a page of usage.
 */
public final class ToolMain {
    private ToolMain() {}

    /**
     * The tool's main: stdout buffered (flushed at the end), then System.exit with the status. When the reader
     * of stdout goes away (`| head`), the tool ends at once with status 0, as cat does: nothing more it could
     * print would be read.
     */
    public static void main(BiFunction<PrintStream, PrintStream, Object> tool, String[] args) {
        PrintStream out = new PrintStream(new BufferedOutputStream(new ClosedPipeExit(), 1 << 16), false);
        int status = run(tool.apply(out, System.err), args, out, System.err);
        out.flush();
        System.exit(status);
    }

    /** stdout that exits the JVM quietly (status 0) when a write fails: the pipe's reader has gone. */
    private static final class ClosedPipeExit extends java.io.OutputStream {
        private final FileOutputStream stdout = new FileOutputStream(FileDescriptor.out);

        @Override
        public void write(int b) {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            try {
                stdout.write(b, off, len);
            } catch (java.io.IOException e) {
                System.exit(0); // shutdown hooks still run: temporary files are removed
            }
        }
    }

    /** Runs a tool's command without exiting the JVM; returns its exit status. */
    public static int run(Object command, String[] args, PrintStream out, PrintStream err) {
        CommandLine cl = new CommandLine(command)
                .setCaseInsensitiveEnumValuesAllowed(true)
                .setOut(new PrintWriter(out, true))
                .setErr(new PrintWriter(err, true));
        cl.setParameterExceptionHandler((e, given) -> {
            String name = e.getCommandLine().getCommandName();
            String problem = e instanceof CommandLine.UnmatchedArgumentException u && !u.getUnmatched().isEmpty()
                    ? "unknown option or argument '" + u.getUnmatched().get(0) + "'" : firstLine(e.getMessage());
            err.println(name + ": " + problem + " (" + name + " --help lists the options)");
            return 2;
        });
        return cl.execute(args);
    }

    /** The first line of picocli's message, without its "Error: " prefix. */
    private static String firstLine(String message) {
        int newline = message.indexOf('\n');
        String line = newline < 0 ? message : message.substring(0, newline);
        return line.startsWith("Error: ") ? line.substring("Error: ".length()) : line;
    }
}
