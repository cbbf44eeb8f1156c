package io.shmemtrace.replay.machine;

/** A machine file that cannot be used; the message is "file:line: what is wrong". */
public final class MachineException extends Exception {
    public MachineException(String message) {
        super(message);
    }
}
