package io.shmemtrace.tests.support;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A number of a JSON document the tools write (shmemsim --json), by its field name. */
public final class Json {
    private Json() {}

    public static double number(String json, String field) {
        Matcher m = Pattern.compile("\"" + field + "\" : ([-0-9.eE]+)").matcher(json);
        assertTrue(m.find(), field + " in " + json);
        return Double.parseDouble(m.group(1));
    }
}
