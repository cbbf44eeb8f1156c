package io.shmemtrace.codegen.spec;

import jakarta.xml.bind.annotation.XmlAttribute;
import jakarta.xml.bind.annotation.XmlElement;
import java.util.ArrayList;
import java.util.List;

/** Functions written once with {T}/{C}/{S} placeholders, expanded over a type set. */
public class FamilyXml {
    @XmlAttribute(required = true)
    public String types;
    @XmlAttribute
    public String ctx;

    @XmlElement(name = "function")
    public List<FunctionXml> functions = new ArrayList<>();
}
