package io.shmemtrace.otf2;

/**
 * The event records of the stream to the OTF2 writer, in the order of their numbers in otf2_writer.c's list: a
 * record is one byte, its code (0x80 + its number: no ASCII byte, as a definition line's letter is), its timestamp
 * as a zigzag LEB128 difference from the one before on the same location (from 0 after each L line), then its other
 * values, LEB128 each. Binary where the stream was text: the event lines were 892 MB for 12.8 M events, and reading
 * and parsing them half the writer's time.
 */
enum StreamEvent {
    ENTER(1), LEAVE(1),
    PUT(3), GET(3), ATOMIC(5), COMPLETE_BLOCKING(1), COMPLETE_REMOTE(1),
    COLLECTIVE_BEGIN(0), COLLECTIVE_END(6),
    ACQUIRE_LOCK(1), TRY_LOCK(1), RELEASE_LOCK(1), WAIT_CHANGE(0),
    WINDOW_CREATE(1), WINDOW_DESTROY(1),
    PROGRAM_BEGIN(0), PROGRAM_END(0);

    /** How many values follow the timestamp. */
    final int values;
    /** The record's first byte. */
    final byte code;

    StreamEvent(int values) {
        this.values = values;
        this.code = (byte) (0x81 + ordinal());
    }
}
