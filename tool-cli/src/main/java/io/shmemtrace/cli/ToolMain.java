package io.shmemtrace.cli;

import io.shmemtrace.io.IoErrors;
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
        ClosedPipeExit stdout = new ClosedPipeExit();
        PrintStream out = new PrintStream(new BufferedOutputStream(stdout, 1 << 16), false);
        Object command = tool.apply(out, System.err);
        CommandLine.Command named = command.getClass().getAnnotation(CommandLine.Command.class); // not a second parse
        if (named != null && !named.name().isEmpty()) stdout.tool = named.name();
        int status = run(command, args, out, System.err);
        out.flush();
        System.exit(status);
    }

    /**
     * stdout that exits the JVM when a write fails: quietly (status 0) when the pipe's reader has gone, with one
     * line and status 1 for any other failure (a full disk under `> file`: the output is cut short, and a status 0
     * would say it is whole).
     */
    private static final class ClosedPipeExit extends java.io.OutputStream {
        private final FileOutputStream stdout = new FileOutputStream(FileDescriptor.out);
        String tool = "shmemtrace";

        @Override
        public void write(int b) {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            try {
                stdout.write(b, off, len);
            } catch (java.io.IOException e) {
                // shutdown hooks still run: temporary files are removed
                if ("Broken pipe".equals(e.getMessage())) System.exit(0); // EPIPE, as the JVM words it
                System.err.println(tool + ": cannot write the output: " + IoErrors.describe(e) + " (what was written is incomplete)");
                System.exit(1);
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
        // An I/O error no part of the tool turned into its own message (a full disk, a device error): one line,
        // status 1, rather than a stack trace; anything else is a bug, and its trace is what a report needs.
        cl.setExecutionExceptionHandler((e, commandLine, parsed) -> {
            String message = e instanceof java.io.IOException io ? IoErrors.describe(io)
                    : e instanceof java.io.UncheckedIOException u ? IoErrors.describe(u) : null;
            if (message == null) throw e;
            err.println(commandLine.getCommandName() + ": " + message);
            return 1;
        });
        try {
            return cl.execute(args);
        } catch (InternalError e) {
            // A mapped file's page that cannot be had (a hole a full file system cannot fill, a file cut shorter while
            // read): the JVM's SIGBUS, thrown wherever the thread next stops, past any narrower catch. One line.
            if (e.getMessage() == null || !e.getMessage().contains("unsafe memory access")) throw e;
            err.println(cl.getCommandName() + ": a file's pages could not be read (a hole the file system could not"
                    + " fill, or a file cut shorter while it was read); what was printed before is incomplete");
            return 1;
        }
    }

    /** The first line of picocli's message, without its "Error: " prefix. */
    private static String firstLine(String message) {
        int newline = message.indexOf('\n');
        String line = newline < 0 ? message : message.substring(0, newline);
        return line.startsWith("Error: ") ? line.substring("Error: ".length()) : line;
    }
}
