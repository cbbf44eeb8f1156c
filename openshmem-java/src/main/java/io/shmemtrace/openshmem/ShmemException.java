package io.shmemtrace.openshmem;

/** A misuse of OpenSHMEM that the binding caught before it reached native code (or a native call that failed). */
public class ShmemException extends RuntimeException {
    public ShmemException(String message) {
        super(message);
    }
}
