package org.sonde.probe.plan;

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
        StringBuilder sb = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        sb.append("<Testlist server=\"").append(escape(agent.agent())).append("\" majorVersion=\"1\" minorVersion=\"0\">\n");
        for (Plan.Target t : agent.targets())
            for (Tuple u : t.tuples())
                sb.append("  <Peer uri=\"test://").append(escape(t.agent())).append(':').append(u.destinationPort()).append(':').append(u.sourcePort())
                        .append("\" physicalIP=\"").append(escape(t.address())).append("\" interval=\"").append(intervalMillis)
                        .append("\" level=\"").append(escape(level)).append("\"/>\n");
        return sb.append("</Testlist>\n").toString();
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;").replace("'", "&apos;");
    }
}
