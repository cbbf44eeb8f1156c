package io.shmemtrace.otf2;

/**
 * The event records of the stream to the OTF2 writer, in the order of their numbers in otf2_writer.c's list: a
 * record is one byte, its code (0x80 + its number: no ASCII byte, as a definition line's letter is), its timestamp
 * as a zigzag LEB128 difference from the one before on the same location (from 0 after each L line), then its other
 * values, LEB128 each. Binary where the stream was text: the event lines were 892 MB for 12.8 M events, and reading
 * and parsing them half the writer's time.
 */
enum StreamEvent {
    // the values after the timestamp: otf2_writer.c's list names them (and its values_of counts them)
    ENTER, LEAVE,
    PUT, GET, ATOMIC, COMPLETE_BLOCKING, COMPLETE_REMOTE,
    COLLECTIVE_BEGIN, COLLECTIVE_END,
    ACQUIRE_LOCK, TRY_LOCK, RELEASE_LOCK, WAIT_CHANGE,
    WINDOW_CREATE, WINDOW_DESTROY,
    PROGRAM_BEGIN, PROGRAM_END;

    /** The record's first byte. */
    final byte code = (byte) (0x81 + ordinal());
}
