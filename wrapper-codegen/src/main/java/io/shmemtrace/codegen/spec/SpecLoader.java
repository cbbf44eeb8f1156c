package io.shmemtrace.codegen.spec;

import jakarta.xml.bind.JAXBContext;
import jakarta.xml.bind.JAXBException;
import jakarta.xml.bind.Unmarshaller;
import java.net.URL;
import java.nio.file.Path;
import javax.xml.XMLConstants;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import org.xml.sax.SAXException;

/** Reads event-spec.xml with JAXB, validated against event-spec.xsd. */
public final class SpecLoader {
    private SpecLoader() {}

    public static EventSpecXml load(Path specFile) {
        try {
            Unmarshaller unmarshaller = JAXBContext.newInstance(EventSpecXml.class).createUnmarshaller();
            unmarshaller.setSchema(schema());
            return (EventSpecXml) unmarshaller.unmarshal(specFile.toFile());
        } catch (JAXBException e) {
            Throwable cause = e.getLinkedException() != null ? e.getLinkedException() : e;
            throw new IllegalArgumentException(specFile + ": " + cause.getMessage(), e);
        }
    }

    private static Schema schema() {
        URL xsd = SpecLoader.class.getResource("/event-spec.xsd");
        try {
            return SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI).newSchema(xsd);
        } catch (SAXException e) {
            throw new IllegalStateException("event-spec.xsd is unreadable", e);
        }
    }
}
