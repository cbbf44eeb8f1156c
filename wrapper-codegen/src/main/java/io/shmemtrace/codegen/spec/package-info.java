/** JAXB binding of event-spec.xml: a plain mirror of the XML, expanded by {@code model.SpecExpander}. */
@XmlSchema(namespace = "urn:shmemtrace:event-spec:1", elementFormDefault = XmlNsForm.QUALIFIED)
@XmlAccessorType(XmlAccessType.FIELD)
package io.shmemtrace.codegen.spec;

import jakarta.xml.bind.annotation.XmlAccessType;
import jakarta.xml.bind.annotation.XmlAccessorType;
import jakarta.xml.bind.annotation.XmlNsForm;
import jakarta.xml.bind.annotation.XmlSchema;
