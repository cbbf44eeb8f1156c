package io.shmemtrace.codegen.spec;

import jakarta.xml.bind.annotation.XmlAttribute;
import jakarta.xml.bind.annotation.XmlElement;
import java.util.ArrayList;
import java.util.List;

/** A named list of element types that a family is expanded over. */
public class TypeSetXml {
    @XmlAttribute(required = true)
    public String name;

    @XmlElement(name = "type")
    public List<TypeXml> types = new ArrayList<>();

    /** One type: its name in function names ({T}), its C spelling ({C}) and its size ({S}). */
    public static class TypeXml {
        @XmlAttribute(required = true)
        public String name;
        @XmlAttribute(required = true)
        public String c;
        @XmlAttribute(required = true)
        public int size;
        /** The binding's name of the type ({J}: SymmetricLongs' Longs), or null when it has none. */
        @XmlAttribute
        public String java;
        /** The Java element type ({JA}: long). */
        @XmlAttribute(name = "java-element")
        public String javaElement;
    }
}
