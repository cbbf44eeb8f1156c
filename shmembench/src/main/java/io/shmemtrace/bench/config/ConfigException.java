package io.shmemtrace.bench.config;

/** A configuration line that cannot be used; the message is "file:line: why". */
public final class ConfigException extends Exception {
    public ConfigException(String message) {
        super(message);
    }
}
