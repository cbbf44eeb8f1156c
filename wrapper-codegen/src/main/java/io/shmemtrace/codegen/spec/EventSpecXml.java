package io.shmemtrace.codegen.spec;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlElements;
import jakarta.xml.bind.annotation.XmlRootElement;
import java.util.ArrayList;
import java.util.List;

/** The root element: type sets, then families and single functions in document order. */
@XmlRootElement(name = "event-spec")
public class EventSpecXml {
    @XmlElement(name = "typeset")
    public List<TypeSetXml> typesets = new ArrayList<>();

    /** {@link FamilyXml} and {@link FunctionXml} items, in the order they appear. */
    @XmlElements({
        @XmlElement(name = "family", type = FamilyXml.class),
        @XmlElement(name = "function", type = FunctionXml.class)
    })
    public List<Object> items = new ArrayList<>();
}
