package io.shmemtrace.io;

/** CSV as the tools write it (RFC 4180). */
public final class Csv {
    private Csv() {}

    /** s as one field: quoted, its quotes doubled, when it holds a comma, a quote or a line break. */
    public static String field(String s) {
        if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0) return s;
        return '"' + s.replace("\"", "\"\"") + '"';
    }
}
