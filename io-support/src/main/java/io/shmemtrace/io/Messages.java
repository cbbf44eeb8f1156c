package io.shmemtrace.io;

import java.io.PrintStream;

/**
 * What a library that reads a run has to tell the user while it works: lines (a problem it read around, a note)
 * and progress bars. Libraries print nothing themselves; the tool that calls them decides where these go and puts
 * its name before each line, as every line of a tool starts (git's and perf's rule).
 */
public interface Messages {
    /** One line for the user, without the tool's name. */
    void say(String line);

    /** A bar over total units (unit: "PEs"), labelled with what is done ("merging"; null: the tool's own work). */
    Progress progress(String what, long total, String unit);

    /** Nothing said and no bar (a second pass over what a first one already reported; tests). */
    Messages SILENT = new Messages() {
        @Override
        public void say(String line) { }

        @Override
        public Progress progress(String what, long total, String unit) {
            return new Progress(System.err, false, "", total, unit);
        }
    };

    /** A tool's: each line on lines after the tool's name; bars on bars (null: none). */
    static Messages of(String tool, PrintStream lines, PrintStream bars) {
        return new Messages() {
            @Override
            public void say(String line) {
                lines.println(tool + ": " + line);
            }

            @Override
            public Progress progress(String what, long total, String unit) {
                return new Progress(bars == null ? lines : bars, bars != null, what == null ? tool : tool + ": " + what,
                        total, unit);
            }
        };
    }

    /** The same lines, no bars. */
    default Messages withoutBars() {
        Messages lines = this;
        return new Messages() {
            @Override
            public void say(String line) {
                lines.say(line);
            }

            @Override
            public Progress progress(String what, long total, String unit) {
                return SILENT.progress(what, total, unit);
            }
        };
    }
}
