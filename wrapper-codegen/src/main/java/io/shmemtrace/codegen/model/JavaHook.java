package io.shmemtrace.codegen.model;

import java.util.List;

/**
 * A Java method of the binding that makes one traced call (event-spec.xml, &lt;java&gt;): the agent hooks it
 * and records the event with the given Java expressions as its fields.
 *
 * @param paramTypes Java source types of the parameters, in order
 * @param fields one Java expression per recorded field, over $this, $0..$n and $return
 * @param peExpr on an init call, the expression of this PE (null otherwise); npesExpr, of the PE count
 */
public record JavaHook(String className, String method, List<String> paramTypes, String returnType,
                       List<String> fields, String peExpr, String npesExpr) {

    public JavaHook {
        paramTypes = List.copyOf(paramTypes);
        fields = List.copyOf(fields);
    }

    /** The JVM method descriptor, e.g. (J[JIII)V: matches the method without loading any class. */
    public String descriptor() {
        StringBuilder d = new StringBuilder("(");
        paramTypes.forEach(t -> d.append(descriptorOf(t)));
        return d.append(')').append(descriptorOf(returnType)).toString();
    }

    static String descriptorOf(String type) {
        if (type.endsWith("[]")) return "[" + descriptorOf(type.substring(0, type.length() - 2));
        return switch (type) {
            case "void" -> "V";
            case "boolean" -> "Z";
            case "byte" -> "B";
            case "char" -> "C";
            case "short" -> "S";
            case "int" -> "I";
            case "long" -> "J";
            case "float" -> "F";
            case "double" -> "D";
            default -> "L" + type.replace('.', '/') + ";";
        };
    }
}
