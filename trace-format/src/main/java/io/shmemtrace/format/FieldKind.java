package io.shmemtrace.format;

/** Kinds of recorded fields and how each is encoded (FORMAT.md, "Field kinds"). Codes start at 1 (explicit: {@link Codes}). */
public enum FieldKind {
    TARGET_PE(1, Encoding.SVAR),
    NELEMS(2, Encoding.UVAR),
    ADDR(3, Encoding.ADDRESS_DELTA),
    PTR(4, Encoding.ADDRESS_DELTA),
    INT(5, Encoding.SVAR),
    UINT(6, Encoding.UVAR),
    ROOT(7, Encoding.SVAR),
    PE_START(8, Encoding.SVAR),
    LOG_PE_STRIDE(9, Encoding.SVAR),
    PE_SIZE(10, Encoding.SVAR),
    STRIDE(11, Encoding.SVAR),
    CTX(12, Encoding.CTX_DELTA),
    CMP(13, Encoding.SVAR),
    VALUE(14, Encoding.SVAR),
    RESULT(15, Encoding.SVAR),
    /** An OpenSHMEM 1.5 {@code shmem_team_t} handle, as its bit pattern. */
    TEAM(16, Encoding.UVAR);

    /** How a field's value is stored in an event. */
    public enum Encoding {
        UVAR, SVAR,
        /** svar of the difference to the previous ADDR/PTR value in the block. */
        ADDRESS_DELTA,
        /** svar of the difference to the previous CTX value in the block. */
        CTX_DELTA
    }

    private static final FieldKind[] BY_CODE = Codes.index(values(), FieldKind::code, FieldKind[]::new);
    private final int code;
    private final Encoding encoding;

    FieldKind(int code, Encoding encoding) {
        this.code = code;
        this.encoding = encoding;
    }

    public Encoding encoding() {
        return encoding;
    }

    public int code() {
        return code;
    }

    public static FieldKind of(int code) {
        FieldKind k = Codes.of(BY_CODE, code);
        if (k == null) throw new IllegalArgumentException("unknown field kind " + code);
        return k;
    }
}
