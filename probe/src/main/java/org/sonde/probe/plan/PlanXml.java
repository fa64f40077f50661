package org.sonde.probe.plan;

import java.io.StringWriter;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * An agent's part of a plan in the XML form of the dissertation's Fig. 3.9, for agents written
 * against NetSonar's format: one {@code Peer} per tuple, {@code test://TARGET:DESTINATION-PORT:SOURCE-PORT},
 * with the target's address and the round as the interval in milliseconds.
 *
 * <pre>{@code
 * <Testlist server="h0" majorVersion="1" minorVersion="0">
 *   <Peer uri="test://h5:80:40001" physicalIP="10.0.0.6" interval="3000" level="global"/>
 * </Testlist>
 * }</pre>
 */
final class PlanXml {
    private PlanXml() {}

    public static String text(Plan.AgentPlan agent, long intervalMillis, String level) {
        StringWriter out = new StringWriter();
        try {
            XMLStreamWriter x = XMLOutputFactory.newFactory().createXMLStreamWriter(out);
            x.writeStartDocument("UTF-8", "1.0");
            x.writeCharacters("\n");
            x.writeStartElement("Testlist");
            x.writeAttribute("server", agent.agent());
            x.writeAttribute("majorVersion", "1");
            x.writeAttribute("minorVersion", "0");
            for (Plan.Target t : agent.targets())
                for (Tuple u : t.tuples()) {
                    x.writeCharacters("\n  ");
                    x.writeEmptyElement("Peer");
                    x.writeAttribute("uri", "test://" + t.agent() + ":" + u.destinationPort() + ":" + u.sourcePort());
                    x.writeAttribute("physicalIP", t.address());
                    x.writeAttribute("interval", Long.toString(intervalMillis));
                    x.writeAttribute("level", level);
                }
            x.writeCharacters("\n");
            x.writeEndElement();
            x.writeEndDocument();
            x.close();
        } catch (XMLStreamException e) {
            throw new IllegalStateException("writing to a string cannot fail", e);
        }
        return out + "\n";
    }
}
