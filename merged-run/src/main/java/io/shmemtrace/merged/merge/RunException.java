package io.shmemtrace.merged.merge;

/**
 * A run that cannot be merged or read: its message is the one line that says why, naming the file (problems read
 * before it were said already, each on its own line). The tool shows it and ends with its exit status for a bad
 * input; the library never decides that status.
 */
public final class RunException extends Exception {
    public RunException(String message) {
        super(message, null, false, false); // a verdict on the input, not a bug: no stack to fill
    }
}
