package io.shmemtrace.format;

/** Kinds of recorded fields and how each is encoded (FORMAT.md, "Field kinds"). Codes start at 1. */
public enum FieldKind {
    TARGET_PE(Encoding.SVAR),
    NELEMS(Encoding.UVAR),
    ADDR(Encoding.ADDRESS_DELTA),
    PTR(Encoding.ADDRESS_DELTA),
    INT(Encoding.SVAR),
    UINT(Encoding.UVAR),
    ROOT(Encoding.SVAR),
    PE_START(Encoding.SVAR),
    LOG_PE_STRIDE(Encoding.SVAR),
    PE_SIZE(Encoding.SVAR),
    STRIDE(Encoding.SVAR),
    CTX(Encoding.CTX_DELTA),
    CMP(Encoding.SVAR),
    VALUE(Encoding.SVAR),
    RESULT(Encoding.SVAR),
    /** An OpenSHMEM 1.5 {@code shmem_team_t} handle, as its bit pattern. */
    TEAM(Encoding.UVAR);

    /** How a field's value is stored in an event. */
    public enum Encoding {
        UVAR, SVAR,
        /** svar of the difference to the previous ADDR/PTR value in the block. */
        ADDRESS_DELTA,
        /** svar of the difference to the previous CTX value in the block. */
        CTX_DELTA
    }

    private static final FieldKind[] BY_CODE = values();
    private final Encoding encoding;

    FieldKind(Encoding encoding) {
        this.encoding = encoding;
    }

    public Encoding encoding() {
        return encoding;
    }

    public int code() {
        return ordinal() + 1;
    }

    public static FieldKind of(int code) {
        if (code < 1 || code > BY_CODE.length) {
            throw new IllegalArgumentException("unknown field kind " + code);
        }
        return BY_CODE[code - 1];
    }
}
