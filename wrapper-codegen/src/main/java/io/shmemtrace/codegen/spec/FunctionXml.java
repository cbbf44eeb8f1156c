package io.shmemtrace.codegen.spec;

import jakarta.xml.bind.annotation.XmlAttribute;
import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlValue;
import java.util.ArrayList;
import java.util.List;

/** One C entry point (or, inside a family, a template of one). */
public class FunctionXml {
    @XmlAttribute(required = true)
    public String name;
    @XmlAttribute
    public String ret = "void";
    @XmlAttribute(name = "elem-size")
    public String elemSize;
    @XmlAttribute
    public String ctx;
    /** What the call does: an {@code io.shmemtrace.format.Operation} in lower case. */
    @XmlAttribute(required = true)
    public String op;
    /** When its own operation is complete: an {@code io.shmemtrace.format.Completion} in lower case. */
    @XmlAttribute
    public String completion = "complete";
    @XmlAttribute
    public boolean deprecated;
    /** Programs call it in polling loops: repeats with the same fields and result are collapsed. */
    @XmlAttribute
    public boolean poll;
    @XmlAttribute
    public boolean noreturn;
    /** Its declaration ends in "..." (shmem_pcontrol): forwarded with its named arguments only. */
    @XmlAttribute
    public boolean variadic;

    @XmlElement(name = "arg")
    public List<ArgXml> args = new ArrayList<>();
    @XmlElement(name = "trace")
    public List<TraceXml> traces = new ArrayList<>();
    @XmlElement(name = "java")
    public List<JavaXml> java = new ArrayList<>();

    /** A C parameter. */
    public static class ArgXml {
        @XmlAttribute(required = true)
        public String type;
        @XmlAttribute(required = true)
        public String name;
    }

    /** A recorded field: a C expression and the kind of field it becomes. */
    public static class TraceXml {
        @XmlAttribute(required = true)
        public String dest;
        @XmlAttribute
        public String name;
        @XmlValue
        public String expr;
    }

    /** A Java method of the binding that makes this call, and the Java expression of each recorded field. */
    public static class JavaXml {
        @XmlAttribute(name = "class", required = true)
        public String className;
        @XmlAttribute(required = true)
        public String method;
        @XmlAttribute
        public String params = "";
        @XmlAttribute
        public String returns = "void";
        @XmlAttribute(name = "ctx-twin")
        public boolean ctxTwin;
        @XmlAttribute
        public String only;
        @XmlAttribute
        public String pe;
        @XmlAttribute
        public String npes;
        @XmlElement(name = "field")
        public List<String> fields = new ArrayList<>();
    }
}
